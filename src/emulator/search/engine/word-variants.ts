import { kanaForms } from '../dictionaries/transliterate';
import { camelCaseParts } from './camel-case';
import type { Token, TokenizerConfig } from './tokenize';

/** A piece of a token that highlighting may mark on its own: a camel case part, or the whole token read in another script (`whole`). */
export interface TokenPart extends Token {
  /** The part is another spelling of the whole token: a match marks all of it, whatever its length. */
  readonly whole?: boolean;
}

/** Extra terms of one word: its normalized term and its text as written. */
export type VariantsOf = (term: string, original: string) => readonly string[];

/**
 * Other forms of the words of some attributes (`camelCaseAttributes`: the parts; with
 * `indexLanguages: ['ja']`, `attributesToTransliterate`: the other kana script and romaji),
 * indexed at the word's position, and their places in a token for highlighting.
 */
export interface WordVariants {
  /** The extra terms of words under `path`, undefined when no setting applies to it. */
  forPath(path: string): VariantsOf | undefined;
  /** A token's parts highlighting may mark when the token itself matched no query word (in attributes {@link forPath} covers). */
  parts(token: Token, text: string): TokenPart[] | undefined;
}

/** Whether `path` is one of `attributes` or inside one of them (`*`: every attribute). */
function listsPath(attributes: readonly string[], path: string): boolean {
  for (const attribute of attributes) {
    if (attribute === '*' || attribute === path || (path.startsWith(attribute) && path[attribute.length] === '.'))
      return true;
  }
  return false;
}

const MEMO_LIMIT = 50_000;

/**
 * The word variants of a tokenizer config, undefined when neither camel case nor transliteration
 * is set (the index then files each word once, as before). `wordTerms` normalizes a form without
 * CJK segmentation; `tokens` gives a text's unsegmented tokens with offsets.
 */
export function createWordVariants(
  config: TokenizerConfig,
  wordTerms: (text: string) => string[],
  tokens: (text: string) => Token[],
  terms: (text: string) => string[],
): WordVariants | undefined {
  const camelCase = config.camelCase !== undefined && config.camelCase.length > 0 ? config.camelCase : undefined;
  const transliterate =
    config.transliterate !== undefined && config.transliterate.length > 0 ? config.transliterate : undefined;
  if (camelCase === undefined && transliterate === undefined) return undefined;

  const kanaMemo = new Map<string, readonly string[]>();
  /**
   * The normalized kana and romaji forms of a term (none for a term without kana), whole and
   * also split as a query in that script is (CJK segmentation): all of them sit at the word's
   * position, so a query typed in hiragana finds a katakana word whether the segmenter cuts the
   * hiragana (`とう|きょう`) or it is a prefix being typed (`とうき`).
   */
  const transliterated = (term: string): readonly string[] => {
    let forms = kanaMemo.get(term);
    if (forms === undefined) {
      forms = [...new Set(kanaForms(term).flatMap((form) => [...wordTerms(form), ...terms(form)]))].filter(
        (form) => form !== term,
      );
      if (kanaMemo.size >= MEMO_LIMIT) kanaMemo.clear();
      kanaMemo.set(term, forms);
    }
    return forms;
  };
  const camelParts = (term: string, original: string): string[] => {
    const parts = camelCaseParts(original);
    if (parts === undefined) return [];
    return parts.flatMap(([start, end]) => wordTerms(original.slice(start, end))).filter((part) => part !== term);
  };
  const both: VariantsOf = (term, original) => {
    const parts = camelParts(term, original);
    const forms = transliterated(term);
    return parts.length === 0 ? forms : forms.length === 0 ? parts : [...parts, ...forms];
  };
  const onlyCamel: VariantsOf = camelParts;
  const onlyKana: VariantsOf = (term) => transliterated(term);

  const byPath = new Map<string, VariantsOf | null>();
  return {
    forPath(path) {
      let known = byPath.get(path);
      if (known === undefined) {
        const camel = camelCase !== undefined && listsPath(camelCase, path);
        const kana = transliterate !== undefined && listsPath(transliterate, path);
        known = camel && kana ? both : camel ? onlyCamel : kana ? onlyKana : null;
        byPath.set(path, known);
      }
      return known ?? undefined;
    },
    parts(token, text) {
      let out: TokenPart[] | undefined;
      if (camelCase !== undefined) {
        const original = text.slice(token.start, token.end);
        const parts = camelCaseParts(original);
        if (parts !== undefined) {
          out = [];
          for (const [from, to] of parts) {
            const at = token.start + from;
            for (const part of tokens(original.slice(from, to))) {
              out.push({
                term: part.term,
                start: at + part.start,
                end: at + part.end,
                ...(part.ends ? { ends: part.ends.map((end) => end + at) } : {}),
              });
            }
          }
        }
      }
      if (transliterate !== undefined) {
        for (const form of transliterated(token.term))
          (out ??= []).push({ term: form, start: token.start, end: token.end, whole: true });
      }
      return out;
    },
  };
}
