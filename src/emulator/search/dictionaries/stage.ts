import {
  registerAlternatives,
  registerWordsRewrite,
  type AlternativeSource,
  type WordAlternative,
  type WordsContext,
} from '../engine/hooks';
import type { QueryWord } from '../engine/query';
import { foldText } from '../synonyms/words';
import { decompound, pluralFormsOf, stopWordsFor } from './lookup';
import { COMPOUND_LANGUAGES, SUPPORTED_LANGUAGES } from './standard';
import type { DictionariesState } from './state';

/**
 * The dictionaries applied to queries: `removeStopWords` drops stop words (never a word read
 * as a prefix), `ignorePlurals` adds the other declensions of each word, `decompoundQuery`
 * adds a compound's parts as a phrase. Languages: the parameter's list, else `queryLanguages`,
 * else every supported language.
 */
export function registerDictionaries(): void {
  registerWordsRewrite((ctx, words) => {
    const languages = languagesOf(ctx, 'removeStopWords');
    if (!languages) return [...words];
    const stopWords = foldedStopWords(ctx.core.state.dictionaries, languages);
    const kept = words.filter((w) => w.excluded || w.prefix || w.phrase >= 0 || !stopWords.has(w.term));
    return kept.map((w, index) => ({ ...w, index }));
  });

  registerAlternatives((ctx, words) => {
    const out: WordAlternative[] = [];
    const dictionaries = ctx.core.state.dictionaries;
    const plurals = languagesOf(ctx, 'ignorePlurals');
    if (plurals) {
      const exact = asExact(ctx).includes('ignorePlurals');
      for (const word of searchable(words)) {
        for (const form of pluralFormsOf(dictionaries, word.term, plurals)) {
          const terms = ctx.tokenizer.terms(form);
          if (terms.length === 1 && terms[0] !== word.term)
            out.push({ start: word.index, end: word.index + 1, words: terms, typos: 0, exact, source: PLURAL });
        }
      }
    }
    const compounds = compoundLanguagesOf(ctx);
    if (compounds.length > 0) {
      for (const word of searchable(words)) {
        const parts = decompound(dictionaries, word.term, compounds)?.flatMap((part) => ctx.tokenizer.terms(part));
        if (parts && parts.length > 1)
          out.push({
            start: word.index,
            end: word.index + 1,
            words: parts,
            typos: 0,
            exact: false,
            source: DECOMPOUND,
          });
      }
    }
    return out;
  });
}

const PLURAL: AlternativeSource = { kind: 'plural' };
const DECOMPOUND: AlternativeSource = { kind: 'decompound' };

const searchable = (words: readonly QueryWord[]) => words.filter((w) => !w.excluded && w.phrase < 0);

function paramOrSetting(ctx: WordsContext, name: string): unknown {
  const value = ctx.options.params[name];
  return value !== undefined && value !== null ? value : ctx.settings[name];
}

function stringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' && value !== '' ? value.split(',') : [];
}

/** The languages `removeStopWords` / `ignorePlurals` apply to, or `null` when off. */
function languagesOf(ctx: WordsContext, name: 'removeStopWords' | 'ignorePlurals'): readonly string[] | null {
  const value = paramOrSetting(ctx, name);
  if (value === false || value === 'false' || value === undefined || value === null) return null;
  if (value === true || value === 'true') {
    const query = stringList(paramOrSetting(ctx, 'queryLanguages'));
    return query.length > 0 ? query : SUPPORTED_LANGUAGES;
  }
  const list = stringList(value);
  return list.length > 0 ? list : null;
}

function asExact(ctx: WordsContext): string[] {
  const value = paramOrSetting(ctx, 'alternativesAsExact');
  return value === undefined || value === null ? ['ignorePlurals', 'singleWordSynonym'] : stringList(value);
}

/**
 * `decompoundQuery` (default on) splits query words in the compound languages among
 * `queryLanguages` and the languages of `decompoundedAttributes`.
 */
function compoundLanguagesOf(ctx: WordsContext): string[] {
  const on = paramOrSetting(ctx, 'decompoundQuery');
  if (on === false || on === 'false') return [];
  const attributes = ctx.settings.decompoundedAttributes;
  const languages = [
    ...stringList(paramOrSetting(ctx, 'queryLanguages')),
    ...Object.keys(attributes && typeof attributes === 'object' ? attributes : {}),
  ];
  return [...new Set(languages)].filter((language) => COMPOUND_LANGUAGES.includes(language));
}

const stopWordMemo = new WeakMap<DictionariesState, Map<string, ReadonlySet<string>>>();

/** Stop words in force, folded like query terms; memoized per dictionaries version and languages. */
function foldedStopWords(state: DictionariesState, languages: readonly string[]): ReadonlySet<string> {
  let perState = stopWordMemo.get(state);
  if (!perState) {
    perState = new Map();
    stopWordMemo.set(state, perState);
  }
  const key = languages.join(',');
  let words = perState.get(key);
  if (!words) {
    words = new Set([...stopWordsFor(state, languages)].map(foldText));
    perState.set(key, words);
  }
  return words;
}
