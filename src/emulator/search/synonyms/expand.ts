import type { IndexState } from '../../state';
import { kindOf, type SynonymHit, type SynonymKind } from './validate';
import { foldText, wordsOf } from './words';

/**
 * One way the engine may read part of the query: query words `[start, end)` may be
 * matched by `words` (a phrase, normalized) instead of themselves.
 */
export interface SynonymAlternative {
  readonly start: number;
  readonly end: number;
  /** Normalized words to match, in order; a placeholder is one token such as `<street>`. */
  readonly words: readonly string[];
  readonly kind: SynonymKind;
  /** Typos a match through this alternative counts (altcorrection1: 1, altcorrection2: 2). */
  readonly typos: 0 | 1 | 2;
  /**
   * Whether a match counts as exact for the `exact` criterion: single-word to single-word
   * synonyms with `singleWordSynonym` in `alternativesAsExact`, others with `multiWordsSynonym`.
   * Corrections never count as exact.
   */
  readonly exact: boolean;
  /** The synonym object that produced it. */
  readonly synonymID: string;
}

export interface SynonymExpansion {
  readonly alternatives: readonly SynonymAlternative[];
  /** `replaceSynonymsInHighlight`: highlight the query word instead of the record's synonym. */
  readonly replaceSynonymsInHighlight: boolean;
}

export interface SynonymOptions {
  /** The `synonyms` search parameter; `false` disables synonyms. Default true. */
  readonly synonyms?: boolean;
  /** Default `['ignorePlurals', 'singleWordSynonym']`. */
  readonly alternativesAsExact?: readonly string[];
  readonly replaceSynonymsInHighlight?: boolean;
}

const DEFAULT_AS_EXACT = ['ignorePlurals', 'singleWordSynonym'];

/**
 * The alternatives synonyms offer for a query, given its normalized words. Multi-way
 * synonyms work in every direction, one-way synonyms only from `input`, corrections only
 * from `word`, placeholders from any of their `replacements`. Phrases match consecutive
 * query words. Synonyms are not transitive: only the query's own words are expanded.
 */
export function expandSynonyms(
  index: Pick<IndexState, 'synonyms'>,
  queryWords: readonly string[],
  options: SynonymOptions = {},
): SynonymExpansion {
  const replaceSynonymsInHighlight = options.replaceSynonymsInHighlight ?? false;
  if (options.synonyms === false || queryWords.length === 0) return { alternatives: [], replaceSynonymsInHighlight };
  const asExact = new Set(options.alternativesAsExact ?? DEFAULT_AS_EXACT);
  const query = queryWords.map(foldText);
  const out: SynonymAlternative[] = [];
  const seen = new Set<string>();
  const add = (alt: SynonymAlternative) => {
    const key = `${alt.start}:${alt.end}:${alt.words.join(' ')}`;
    if (seen.has(key) || sameWords(alt.words, query.slice(alt.start, alt.end))) return;
    seen.add(key);
    out.push(alt);
  };
  for (const synonym of index.synonyms.values() as Iterable<SynonymHit>) {
    const kind = kindOf(synonym.type);
    if (!kind) continue;
    const id = synonym.objectID;
    const exactFor = (from: readonly string[], to: readonly string[]) =>
      from.length === 1 && to.length === 1 ? asExact.has('singleWordSynonym') : asExact.has('multiWordsSynonym');
    switch (kind) {
      case 'synonym': {
        const phrases = (synonym.synonyms as string[]).map(wordsOf).filter((p) => p.length > 0);
        for (const from of phrases) {
          for (const start of occurrences(query, from)) {
            for (const to of phrases) {
              if (to !== from)
                add({
                  start,
                  end: start + from.length,
                  words: to,
                  kind,
                  typos: 0,
                  exact: exactFor(from, to),
                  synonymID: id,
                });
            }
          }
        }
        break;
      }
      case 'onewaysynonym': {
        const from = wordsOf(synonym.input as string);
        for (const start of occurrences(query, from)) {
          for (const to of (synonym.synonyms as string[]).map(wordsOf)) {
            if (to.length > 0)
              add({
                start,
                end: start + from.length,
                words: to,
                kind,
                typos: 0,
                exact: exactFor(from, to),
                synonymID: id,
              });
          }
        }
        break;
      }
      case 'altcorrection1':
      case 'altcorrection2': {
        const from = wordsOf(synonym.word as string);
        const typos = kind === 'altcorrection1' ? 1 : 2;
        for (const start of occurrences(query, from)) {
          for (const to of (synonym.corrections as string[]).map(wordsOf)) {
            if (to.length > 0)
              add({ start, end: start + from.length, words: to, kind, typos, exact: false, synonymID: id });
          }
        }
        break;
      }
      case 'placeholder': {
        const token = foldText(synonym.placeholder as string);
        for (const from of (synonym.replacements as string[]).map(wordsOf)) {
          for (const start of occurrences(query, from)) {
            add({
              start,
              end: start + from.length,
              words: [token],
              kind,
              typos: 0,
              exact: exactFor(from, [token]),
              synonymID: id,
            });
          }
        }
        break;
      }
    }
  }
  out.sort((a, b) => a.start - b.start || a.end - b.end || a.synonymID.localeCompare(b.synonymID));
  return { alternatives: out, replaceSynonymsInHighlight };
}

/**
 * The placeholder tokens of an index (`<street>`, folded): the engine's record tokenizer
 * must keep these whole so a placeholder alternative can match them.
 */
export function placeholderTokens(index: Pick<IndexState, 'synonyms'>): string[] {
  const tokens: string[] = [];
  for (const synonym of index.synonyms.values() as Iterable<SynonymHit>) {
    if (kindOf(synonym.type) === 'placeholder') tokens.push(foldText(synonym.placeholder as string));
  }
  return tokens;
}

/** Start positions where `phrase` occurs as consecutive words of `query`. */
function occurrences(query: readonly string[], phrase: readonly string[]): number[] {
  const starts: number[] = [];
  if (phrase.length === 0) return starts;
  for (let i = 0; i + phrase.length <= query.length; i++) {
    if (phrase.every((word, k) => query[i + k] === word)) starts.push(i);
  }
  return starts;
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((word, i) => word === b[i]);
}
