import { NotLoaded } from '../../lazy';
import { PLURALS, STOPWORDS, type TableLoader } from './data/tables';

type Table = 'plurals' | 'stopwords';

const LOADERS: Record<Table, Readonly<Record<string, TableLoader>>> = { plurals: PLURALS, stopwords: STOPWORDS };

/** The encoded tables loaded so far, shared by every emulator in the process (they never change). */
const loaded: Record<Table, Map<string, string>> = { plurals: new Map(), stopwords: new Map() };

/** Whether `language` has a standard table of this kind (known without loading it). */
export function hasTable(table: Table, language: string): boolean {
  return Object.prototype.hasOwnProperty.call(LOADERS[table], language);
}

/**
 * The encoded table of each of `languages` that has one, in order. Throws {@link NotLoaded}
 * naming every one still missing, so a search over several languages loads them in one go.
 */
export function tablesOf(table: Table, languages: readonly string[]): { language: string; text: string }[] {
  const out: { language: string; text: string }[] = [];
  let missing: string[] | undefined;
  for (const language of languages) {
    if (!hasTable(table, language)) continue;
    const text = loaded[table].get(language);
    if (text === undefined) (missing ??= []).push(language);
    else out.push({ language, text });
  }
  if (missing) {
    const wanted = missing;
    throw new NotLoaded(`The ${table} of ${wanted.join(', ')}`, () => loadTables(table, wanted));
  }
  return out;
}

/** Loads the tables of `languages` (those not loaded yet). */
async function loadTables(table: Table, languages: readonly string[]): Promise<void> {
  await Promise.all(
    languages
      .filter((language) => hasTable(table, language) && !loaded[table].has(language))
      .map(async (language) => {
        const module = await LOADERS[table][language]();
        loaded[table].set(language, module.default);
      }),
  );
}

/** Every language's tables at once, for tools and tests that read them outside a request. */
export async function loadAllTables(): Promise<void> {
  await Promise.all((Object.keys(LOADERS) as Table[]).map((table) => loadTables(table, Object.keys(LOADERS[table]))));
}

/** The languages loaded so far per table, sorted (for tests and diagnostics). */
export function loadedLanguages(): Record<Table, string[]> {
  return { plurals: [...loaded.plurals.keys()].sort(), stopwords: [...loaded.stopwords.keys()].sort() };
}

/**
 * Every language's tables, or a {@link NotLoaded} naming those missing: for work that searches
 * with settings it cannot know in advance and cannot stop half-way (suggestions builds).
 */
export function requireAllTables(): void {
  for (const table of Object.keys(LOADERS) as Table[]) tablesOf(table, Object.keys(LOADERS[table]));
}
