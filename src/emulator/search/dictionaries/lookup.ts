import { foldText } from '../synonyms/words';
import { requireTables, standardCompounds, standardPlurals, standardStopwords } from './standard';
import type { DictionariesState, DictionaryEntry } from './state';

const lower = (word: string) => word.toLowerCase();
const disabled = (state: DictionariesState, dictionary: 'stopwords' | 'plurals' | 'compounds', language: string) =>
  state.disableStandardEntries[dictionary]?.[language] === true;

/**
 * The stop words in force for `languages` (lower case): each language's own, joined. A
 * language's own are its standard words unless they are disabled, minus its custom `disabled`
 * entries, plus its custom `enabled` entries: a word a custom entry disables in one language
 * stays a stop word of the others. The engine removes them per `removeStopWords`.
 */
export function stopWordsFor(state: DictionariesState, languages: readonly string[]): ReadonlySet<string> {
  const standard = languages.filter((language) => !disabled(state, 'stopwords', language));
  requireTables('stopwords', standard);
  const custom = new Map<string, DictionaryEntry[]>();
  for (const entry of state.custom.stopwords.values()) {
    if (!languages.includes(entry.language) || entry.word === undefined) continue;
    custom.set(entry.language, [...(custom.get(entry.language) ?? []), entry]);
  }
  const out = new Set<string>();
  for (const language of languages) {
    const own = new Set(standard.includes(language) ? standardStopwords(language) : []);
    for (const entry of custom.get(language) ?? []) {
      if (entry.state === 'disabled') own.delete(lower(entry.word!));
      else own.add(lower(entry.word!));
    }
    for (const word of own) out.add(word);
  }
  return out;
}

/** Whether a query word is a stop word in `languages` (compared in lower case and folded). */
export function isStopWord(state: DictionariesState, word: string, languages: readonly string[]): boolean {
  const words = stopWordsFor(state, languages);
  return words.has(lower(word)) || words.has(foldText(word));
}

/**
 * The other declensions of `word` for `ignorePlurals`: from the custom entry containing it
 * if any (a custom entry replaces the standard sets that share a word with it), otherwise
 * from the standard set. Words compare in lower case, else folded (the engine's terms are:
 * `hutte` finds `hütte`, `hütten`). Lower case; the word itself is not included.
 */
export function pluralFormsOf(state: DictionariesState, word: string, languages: readonly string[]): string[] {
  const target = lower(word);
  const folded = foldText(word);
  const sameWord = (w: string) => lower(w) === target || foldText(w) === folded;
  requireTables(
    'plurals',
    languages.filter((language) => !disabled(state, 'plurals', language)),
  );
  const out = new Set<string>();
  for (const language of languages) {
    const custom = [...state.custom.plurals.values()].filter((e) => e.language === language);
    const own = custom.find((e) => (e.words ?? []).some(sameWord));
    if (own) {
      for (const w of own.words ?? []) out.add(lower(w));
      continue;
    }
    if (disabled(state, 'plurals', language)) continue;
    const set = standardPlurals(language).get(target) ?? foldedPlurals(language).get(folded);
    if (!set) continue;
    const overridden = new Set(custom.flatMap((e) => (e.words ?? []).map(lower)));
    if (set.some((w) => overridden.has(w))) continue;
    for (const w of set) out.add(w);
  }
  for (const form of out) if (sameWord(form)) out.delete(form);
  return [...out];
}

const foldedPluralTables = new Map<string, ReadonlyMap<string, readonly string[]>>();

/** The standard plural sets of a language keyed by each word's folded form (first set wins). */
function foldedPlurals(language: string): ReadonlyMap<string, readonly string[]> {
  let table = foldedPluralTables.get(language);
  if (!table) {
    const byFolded = new Map<string, readonly string[]>();
    for (const [word, set] of standardPlurals(language)) {
      const key = foldText(word);
      if (!byFolded.has(key)) byFolded.set(key, set);
    }
    foldedPluralTables.set(language, (table = byFolded));
  }
  return table;
}

/**
 * The parts of a compound word for `decompoundQuery` / `decompoundedAttributes`, or
 * `undefined` when it is not split. A custom entry wins (an empty decomposition makes the
 * word an atom), then the standard list, then a split into two or more known parts.
 * Words compare folded (the engine's terms are: `kuhlschrank` finds `kühlschrank`).
 */
export function decompound(state: DictionariesState, word: string, languages: readonly string[]): string[] | undefined {
  const target = foldText(word);
  for (const language of languages) {
    const custom = [...state.custom.compounds.values()].filter((e) => e.language === language && e.word !== undefined);
    const own = custom.find((e) => foldText(e.word!) === target);
    if (own) return own.decomposition && own.decomposition.length > 0 ? own.decomposition.map(lower) : undefined;
    const list = disabled(state, 'compounds', language) ? NO_COMPOUNDS : foldedCompounds(language);
    const listed = list.get(target);
    if (listed) return [...listed];
    const parts = splitIntoParts(target, partsOf(custom, list));
    if (parts) return parts;
  }
  return undefined;
}

const NO_COMPOUNDS: ReadonlyMap<string, readonly string[]> = new Map();
const foldedLists = new Map<string, ReadonlyMap<string, readonly string[]>>();

/** The standard compounds of a language keyed by their folded form. */
function foldedCompounds(language: string): ReadonlyMap<string, readonly string[]> {
  let list = foldedLists.get(language);
  if (!list) {
    list = new Map(Object.entries(standardCompounds(language)).map(([word, parts]) => [foldText(word), parts]));
    foldedLists.set(language, list);
  }
  return list;
}

function partsOf(
  custom: readonly DictionaryEntry[],
  list: ReadonlyMap<string, readonly string[]>,
): ReadonlySet<string> {
  const parts = new Set<string>();
  for (const decomposition of list.values()) for (const part of decomposition) parts.add(foldText(part));
  for (const entry of custom) {
    if (entry.decomposition && entry.decomposition.length > 0)
      entry.decomposition.forEach((p) => parts.add(foldText(p)));
    else parts.add(foldText(entry.word!));
  }
  return parts;
}

/** Splits `word` into known parts (a linking `s` allowed after a part), fewest parts first. */
function splitIntoParts(word: string, parts: ReadonlySet<string>): string[] | undefined {
  const best: (string[] | undefined)[] = Array(word.length + 1).fill(undefined);
  best[0] = [];
  for (let i = 0; i < word.length; i++) {
    const before = best[i];
    if (!before) continue;
    for (let j = i + 2; j <= word.length; j++) {
      const piece = word.slice(i, j);
      const known = parts.has(piece) ? piece : piece.endsWith('s') && parts.has(piece.slice(0, -1)) ? piece : undefined;
      if (!known) continue;
      const candidate = [...before, piece];
      if (!best[j] || best[j]!.length > candidate.length) best[j] = candidate;
    }
  }
  const split = best[word.length];
  return split && split.length >= 2 ? split : undefined;
}
