import { md5 } from '@noble/hashes/legacy';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { STANDARD_COMPOUNDS } from './data/compounds';
import { hasTable, tablesOf } from './languages';

/**
 * The standard entries of one language, decoded on first use from its table (a compact
 * string, itself loaded on first use: see languages.ts). Throws `NotLoaded` until loaded.
 */
const stopwordSets = new Map<string, ReadonlySet<string>>();
const pluralWords = new Map<string, ReadonlyMap<string, readonly string[]>>();
const pluralSetLists = new Map<string, readonly (readonly string[])[]>();

/** The standard stop words of `language` (empty when it has none). */
export function standardStopwords(language: string): ReadonlySet<string> {
  let words = stopwordSets.get(language);
  if (!words) {
    const [table] = tablesOf('stopwords', [language]);
    stopwordSets.set(language, (words = new Set(table ? table.text.split(' ') : [])));
  }
  return words;
}

/** The standard plural sets of `language` in order (for dictionary search). */
export function standardPluralSets(language: string): readonly (readonly string[])[] {
  let sets = pluralSetLists.get(language);
  if (!sets) {
    const [table] = tablesOf('plurals', [language]);
    sets = !table || table.text === '' ? [] : table.text.split('|').map((set) => set.split(','));
    pluralSetLists.set(language, sets);
  }
  return sets;
}

/** word -> its declension set, for `language`. */
export function standardPlurals(language: string): ReadonlyMap<string, readonly string[]> {
  let byWord = pluralWords.get(language);
  if (!byWord) {
    byWord = new Map();
    for (const set of standardPluralSets(language))
      for (const word of set) if (!byWord.has(word)) (byWord as Map<string, readonly string[]>).set(word, set);
    pluralWords.set(language, byWord);
  }
  return byWord;
}

/** Makes sure the tables of every language in `languages` are loaded, in one `NotLoaded` if not. */
export function requireTables(table: 'plurals' | 'stopwords', languages: readonly string[]): void {
  tablesOf(table, languages);
}

export function standardCompounds(language: string): Readonly<Record<string, readonly string[]>> {
  return STANDARD_COMPOUNDS[language] ?? {};
}

/** Languages with standard entries or custom-entry support, per dictionary. */
export const SUPPORTED_LANGUAGES =
  'af ar az bg bn ca cs cy da de el en eo es et eu fa fi fo fr ga gl he hi hu hy id is it ja ka kk ko ku ky lt lv mi mn mr ms mt nb nl no ns pl ps pt pt-br qu ro ru sk sq sv sw ta te th tl tn tr tt uk ur uz zh'.split(
    ' ',
  );

/** Decompounding exists for these languages only (the service's list). */
export const COMPOUND_LANGUAGES = ['da', 'de', 'fi', 'nb', 'nl', 'no', 'sv'];

export function supports(dictionary: 'stopwords' | 'plurals' | 'compounds', language: string): boolean {
  if (dictionary === 'compounds') return COMPOUND_LANGUAGES.includes(language);
  if (dictionary === 'stopwords') return hasTable('stopwords', language);
  return SUPPORTED_LANGUAGES.includes(language);
}

/**
 * The objectID of a standard entry: the MD5 of `language=word`, as the service's are (en
 * stop word "about" is 86ef58032f47d976ca7130a896086783). Plural sets are named by their
 * first word (the scheme is known for stop words only).
 */
export function standardID(language: string, word: string): string {
  return bytesToHex(md5(utf8ToBytes(`${language}=${word}`)));
}
