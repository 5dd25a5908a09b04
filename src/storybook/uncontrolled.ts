/** The one way a story's requests can skip msw in Storybook, said once per story. */
const warned = new Set<string>();

export interface StoryWithParameters {
  readonly id: string;
  readonly parameters?: { readonly msw?: unknown };
}

/**
 * Warns when a story with msw handlers renders in a page no service worker controls: its
 * requests then go to the network, not to msw. msw's worker unregisters itself when its last
 * page closes, and a page loaded while that is under way stays uncontrolled until reloaded.
 */
export function warnIfUncontrolled(context: StoryWithParameters): void {
  const serviceWorker = (globalThis as { navigator?: { serviceWorker?: { controller: unknown } } }).navigator
    ?.serviceWorker;
  if (context.parameters?.msw === undefined || serviceWorker === undefined || serviceWorker.controller !== null) return;
  if (warned.has(context.id)) return;
  warned.add(context.id);
  console.warn(
    `[search-emulator] The story "${context.id}" has msw handlers, but no service worker controls this page, ` +
      'so its requests bypass msw and the emulator and go to the network. Reload the page; if it persists, ' +
      'check that mockServiceWorker.js is served (npx msw init <static dir>) and that the mswLoader runs.',
  );
}
