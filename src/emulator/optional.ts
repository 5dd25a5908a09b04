import { ApiError } from './errors';

/**
 * A package the emulator uses for one feature only, left out of what every user installs (an
 * optional peer dependency): the HTML parser of the crawler, for one. The feature answers this
 * error, a 501 that names the package to install, when the package is absent.
 */
export class MissingPackage extends ApiError {
  constructor(
    readonly packageName: string,
    feature: string,
  ) {
    super(
      501,
      `search-emulator: ${feature} needs the package ${packageName}, which is not installed: npm i -D ${packageName}`,
    );
  }
}

/** Packages already said missing on the console (once per process). */
const said = new Set<string>();

/**
 * Loads an optional package the first time a feature needs it. `load` imports it under a name
 * bundlers do not follow (a variable, marked `@vite-ignore` and `webpackIgnore`: see
 * `loadCheerio` in crawler/engine.ts), so a browser build of a project that never installs the
 * package still builds. An absent package throws {@link MissingPackage}, said once on the
 * console as well: a client that retries a 5xx hides the answer's message in its own error.
 */
export async function loadOptional<T>(name: string, load: () => Promise<T>, feature: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isMissing(error, name)) throw error;
    const missing = new MissingPackage(name, feature);
    if (!said.has(name)) {
      said.add(name);
      console.error(missing.message);
    }
    throw missing;
  }
}

/**
 * Whether an import failed because `name` itself is not installed, not a file inside it: Node
 * says `Cannot find package 'name' imported from ...` (ES modules) or `Cannot find module 'name'`
 * (CommonJS), Jest `Cannot find module 'name' from ...`.
 */
function isMissing(error: unknown, name: string): boolean {
  const message = String((error as { message?: unknown } | undefined)?.message ?? '');
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`Cannot find (?:module|package) ['"]${escaped}(?:/[^'"]*)?['"]`).test(message);
}
