import type { QueryOptions } from './options';
import type { Tokenizer } from './tokenize';

/** One word of the query after normalization. */
export interface QueryWord {
  /** Position among the query's words. */
  readonly index: number;
  /** Normalized form. */
  readonly term: string;
  /** Matched as a prefix (queryType). */
  readonly prefix: boolean;
  /** Id of the `"exact phrase"` the word belongs to, -1 outside phrases. */
  readonly phrase: number;
  /** `-word` with advancedSyntax: records holding it are excluded. */
  readonly excluded: boolean;
  /** Listed in optionalWords, or made optional by removeWordsIfNoResults. */
  optional: boolean;
  /**
   * On the first part of a query word that decompounding split (`decompoundQuery`): that word,
   * and how many consecutive query words its parts became.
   */
  readonly compound?: { readonly term: string; readonly parts: number };
}

/** Whether the chunk's words include pieces of one word run cut by CJK segmentation (consecutive tokens that touch). */
function segmentedRun(tokenizer: Tokenizer, chunk: string): boolean {
  if (tokenizer.config.segment === undefined) return false;
  const tokens = tokenizer.tokens(chunk);
  for (let k = 1; k < tokens.length; k++) if (tokens[k].start === tokens[k - 1].end) return true;
  return false;
}

/**
 * Splits the query into words: advanced syntax (`"phrase"`, `-excluded`) first, then the
 * same tokenizer as the records, then prefix flags by `queryType`.
 */
export function parseQuery(options: QueryOptions, tokenizer: Tokenizer): QueryWord[] {
  const phrases = options.advancedSyntax && options.advancedSyntaxFeatures.includes('exactPhrase');
  const exclusions = options.advancedSyntax && options.advancedSyntaxFeatures.includes('excludeWords');
  const optional = new Set(options.optionalWords.flatMap((entry) => tokenizer.terms(entry)));
  const words: { term: string; phrase: number; excluded: boolean }[] = [];
  let phraseCount = 0;
  const chunk = phrases ? /"([^"]*)"?|([^\s"]+)/g : /(?!)|(\S+)/g;
  for (const match of options.query.matchAll(chunk)) {
    if (match[1] !== undefined) {
      const terms = tokenizer.terms(match[1]);
      // Words a CJK run was segmented into are words of their own, not a phrase (outside quotes).
      const phrase =
        terms.length > 1 && !(match[0] === match[1] && segmentedRun(tokenizer, match[1])) ? phraseCount++ : -1;
      for (const term of terms) words.push({ term, phrase, excluded: false });
      continue;
    }
    const raw = match[2];
    const excluded = exclusions && raw.length > 1 && raw.startsWith('-');
    for (const term of tokenizer.terms(excluded ? raw.slice(1) : raw)) words.push({ term, phrase: -1, excluded });
  }
  const searchable = words.filter((w) => !w.excluded);
  const last = searchable[searchable.length - 1];
  return words.map((w, index) => ({
    index,
    term: w.term,
    phrase: w.phrase,
    excluded: w.excluded,
    optional: !w.excluded && optional.has(w.term),
    prefix:
      !w.excluded &&
      w.phrase < 0 &&
      (options.queryType === 'prefixAll' || (options.queryType === 'prefixLast' && w === last)),
  }));
}
