/**
 * The recipes under examples/ that `npm run test:consumers` runs from the packed tarball, one
 * CI leg each; docs/compatibility.md lists the same rows (a test keeps them in step).
 */
export interface Recipe {
  /** The leg's name; also its folder under examples/ unless `folder` says otherwise. */
  readonly name: string;
  readonly folder?: string;
  /** What the leg proves, as the compatibility table says it. */
  readonly leg: string;
  /** A Node major other than the machine's, from the registry's node-linux-<arch> package. */
  readonly node?: number;
  /** Files of this repository the recipe's tests import, copied into its `support/` folder (one source). */
  readonly support?: readonly string[];
  /** Checks scripts/consumers.ts runs in the installed project before its `npm test`. */
  readonly checks?: readonly Check[];
  /** A recipe whose files this one starts from; its own files are laid over them. */
  readonly from?: string;
}

/**
 * - `footprint`: what the package adds to node_modules stays within docs/packaging.md's limits,
 *   and no test runner comes with it (`npm ls vitest` is empty);
 * - `cli`: `npx search-emulator --version`, and `npx search-emulator serve` stopped by SIGTERM and
 *   by SIGINT sent to npx exits, its port free;
 * - `crawler-without-cheerio`: a crawl without the optional HTML parser answers a 501 naming it.
 */
export type Check = 'footprint' | 'cli' | 'crawler-without-cheerio';

/** The network tripwire of test/handlers/sealed.test.ts, for the recipes that prove the safety net. */
const NO_NETWORK = 'test/support/no-network.ts';

export const RECIPES: readonly Recipe[] = [
  {
    name: 'vitest',
    leg: 'Node 20, msw 2, Vitest: msw handlers, direct calls, per-test options, requester (v5 and v4)',
  },
  {
    name: 'vitest-msw3',
    leg: 'Node 22, msw 3, Vitest: msw handlers with onUnhandledFrame, nothing leaves the process',
    node: 22,
    support: [NO_NETWORK],
  },
  {
    name: 'vitest-node24',
    folder: 'vitest-msw3',
    leg: 'Node 24, msw 3, Vitest: the same recipe on the next Node',
    node: 24,
    support: [NO_NETWORK],
  },
  {
    name: 'jest-cjs',
    leg: 'Node 20, Jest 30 CommonJS, jest-fixed-jsdom: direct calls and requester untransformed, msw handlers; install footprint, CLI',
    checks: ['footprint', 'cli', 'crawler-without-cheerio'],
  },
  { name: 'jest-esm', leg: 'Node 20, Jest 30 ES modules, jest-fixed-jsdom: msw handlers' },
  {
    name: 'vitest-record',
    from: 'vitest',
    leg: "Node 20, msw 2, Vitest: the vitest recipe's tests in strict verify against the recordings shipped beside them, the reporter",
  },
  { name: 'browser', leg: 'Chromium, msw setupWorker, InstantSearch.js: a search page answered by the emulator' },
  {
    name: 'browser-record',
    leg: "Chromium, msw setupWorker: a page's requests recorded from a loopback service, then verified, in memory",
  },
  {
    name: 'server-browser',
    leg: 'Chromium, the standalone server on another origin: writes (one preflighted) and InstantSearch searches',
  },
  {
    name: 'inspector',
    leg: 'Chromium, the inspector served by the server: every view, live journal, clock, search equal to the API, axe-core',
  },
  {
    name: 'storybook',
    leg: "Chromium, Storybook 10, msw-storybook-addon mswLoader: a story answered by the emulator; the addon's panel",
  },
];
