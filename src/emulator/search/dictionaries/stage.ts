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
 * as a prefix), `decompoundQuery` splits a compound into its parts, which become query words
 * with the whole compound as their alternative reading, and `ignorePlurals` adds the other
 * declensions of each word (and of a split compound). Languages: the parameter's list, else
 * `queryLanguages`, else every supported language.
 */
export function registerDictionaries(): void {
  registerWordsRewrite((ctx, words) => {
    const languages = languagesOf(ctx, 'removeStopWords');
    if (!languages) return [...words];
    const stopWords = foldedStopWords(ctx.core.state.dictionaries, languages);
    const kept = words.filter((w) => w.excluded || w.prefix || w.phrase >= 0 || !stopWords.has(w.term));
    return kept.map((w, index) => ({ ...w, index }));
  });

  // As the service does (v4 integration test "decompounding at query time": "Hundehütte" is
  // explained as the words "hunde" at 0 and "hutte" at 1, the compound over both).
  registerWordsRewrite((ctx, words) => {
    const compounds = compoundLanguagesOf(ctx);
    if (compounds.length === 0) return [...words];
    const out: QueryWord[] = [];
    for (const word of words) {
      const parts =
        word.excluded || word.phrase >= 0
          ? undefined
          : decompound(ctx.core.state.dictionaries, word.term, compounds)?.flatMap((part) => ctx.tokenizer.terms(part));
      if (!parts || parts.length < 2) {
        out.push({ ...word, index: out.length });
        continue;
      }
      parts.forEach((term, k) =>
        out.push({
          ...word,
          index: out.length,
          term,
          prefix: word.prefix && k === parts.length - 1,
          ...(k === 0 ? { compound: { term: word.term, parts: parts.length } } : {}),
        }),
      );
    }
    return out;
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
    for (const word of words) {
      const compound = word.compound;
      if (!compound) continue;
      const end = word.index + compound.parts;
      // The compound as typed reads the parts it was split into.
      out.push({ start: word.index, end, words: [compound.term], typos: 0, exact: true, source: DECOMPOUND });
      if (!plurals) continue;
      // Its plurals: the last part declined (hundehütte -> hundehütten).
      const last = words[end - 1].term;
      if (!compound.term.endsWith(last)) continue;
      const head = compound.term.slice(0, compound.term.length - last.length);
      const exact = asExact(ctx).includes('ignorePlurals');
      for (const form of pluralFormsOf(dictionaries, last, plurals)) {
        const terms = ctx.tokenizer.terms(head + form);
        if (terms.length === 1 && terms[0] !== compound.term)
          out.push({ start: word.index, end, words: terms, typos: 0, exact, source: PLURAL });
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
