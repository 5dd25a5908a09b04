import { md5 } from '@noble/hashes/legacy';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { STANDARD_COMPOUNDS } from './data/compounds';
import { STANDARD_PLURALS } from './data/plurals';
import { STANDARD_STOPWORDS } from './data/stopwords';

/** The standard entries, decoded on first use (the data modules are compact strings). */
interface Standard {
  readonly stopwords: ReadonlyMap<string, ReadonlySet<string>>;
  /** language -> word -> its declension set */
  readonly plurals: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;
  /** language -> plural sets in order (for search) */
  readonly pluralSets: ReadonlyMap<string, readonly (readonly string[])[]>;
}

let decoded: Standard | undefined;

export function standard(): Standard {
  if (decoded) return decoded;
  const stopwords = new Map<string, ReadonlySet<string>>();
  for (const [language, words] of Object.entries(STANDARD_STOPWORDS)) stopwords.set(language, new Set(words.split(' ')));
  const plurals = new Map<string, Map<string, readonly string[]>>();
  const pluralSets = new Map<string, (readonly string[])[]>();
  for (const [language, encoded] of Object.entries(STANDARD_PLURALS)) {
    const byWord = new Map<string, readonly string[]>();
    const sets = encoded === '' ? [] : encoded.split('|').map((set) => set.split(','));
    for (const set of sets) for (const word of set) if (!byWord.has(word)) byWord.set(word, set);
    plurals.set(language, byWord);
    pluralSets.set(language, sets);
  }
  decoded = { stopwords, plurals, pluralSets };
  return decoded;
}

export function standardCompounds(language: string): Readonly<Record<string, readonly string[]>> {
  return STANDARD_COMPOUNDS[language] ?? {};
}

/** Languages with standard entries or custom-entry support, per dictionary. */
export const SUPPORTED_LANGUAGES =
  'af ar az bg bn ca cs cy da de el en eo es et eu fa fi fo fr ga gl he hi hu hy id is it ja ka kk ko ku ky lt lv mi mn mr ms mt nb nl no ns pl ps pt pt-br qu ro ru sk sq sv sw ta te th tl tn tr tt uk ur uz zh'.split(' ');

/** Decompounding exists for these languages only (the service's list). */
export const COMPOUND_LANGUAGES = ['da', 'de', 'fi', 'nb', 'nl', 'no', 'sv'];

export function supports(dictionary: 'stopwords' | 'plurals' | 'compounds', language: string): boolean {
  if (dictionary === 'compounds') return COMPOUND_LANGUAGES.includes(language);
  if (dictionary === 'stopwords') return standard().stopwords.has(language);
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
