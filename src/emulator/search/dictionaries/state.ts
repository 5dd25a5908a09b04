/** The three dictionaries of an application. */
export type DictionaryName = 'stopwords' | 'plurals' | 'compounds';
export const DICTIONARY_NAMES: readonly DictionaryName[] = ['stopwords', 'plurals', 'compounds'];

/**
 * A custom entry as stored: the fields of its dictionary, `state` filled in for stop words,
 * and any other property it was sent with (the entry schema allows them).
 */
export interface DictionaryEntry {
  readonly objectID: string;
  readonly language: string;
  /** stopwords, compounds */
  readonly word?: string;
  /** plurals */
  readonly words?: readonly string[];
  /** compounds; empty: the word is an atom, never split */
  readonly decomposition?: readonly string[];
  /** stopwords: `disabled` switches the standard word off */
  readonly state?: 'enabled' | 'disabled';
  readonly [additional: string]: unknown;
}

/** Custom dictionary entries and dictionary settings (application-wide). */
export interface DictionariesState {
  /** objectID -> entry, per dictionary, in insertion order. */
  readonly custom: Readonly<Record<DictionaryName, ReadonlyMap<string, DictionaryEntry>>>;
  /** `disableStandardEntries`: language -> true when the standard entries are off. */
  readonly disableStandardEntries: Readonly<Partial<Record<DictionaryName, Readonly<Record<string, boolean>>>>>;
}

export const initialDictionariesState = (): DictionariesState => ({
  custom: { stopwords: new Map(), plurals: new Map(), compounds: new Map() },
  disableStandardEntries: {},
});
