import type { AlternativeSource, WordAlternative } from './hooks';
import type { WordPlan } from './match';

/** One reading of query words, as `explain.match.alternatives` lists it. */
export interface ExplainedAlternative {
  readonly types: AlternativeKind[];
  readonly words: string[];
  readonly typos: number;
  /** The first query word it reads, and how many it covers. */
  readonly offset: number;
  readonly length: number;
}

/** The kinds of reading `explain` names: the query's own words, words joined or split, synonyms, plurals. */
export type AlternativeKind = 'original' | 'compound' | 'split' | 'synonym' | 'plural';

const ORDER: readonly AlternativeKind[] = ['original', 'compound', 'split', 'synonym', 'plural'];

/** A stage's reading under explain's name for it (a decompounded word is listed twice, see below). */
const KIND_OF: Readonly<Record<AlternativeSource['kind'], AlternativeKind>> = {
  synonym: 'synonym',
  plural: 'plural',
  decompound: 'compound',
};

/**
 * The `explain` part of a search response for the parts asked (`explain: ['match.alternatives']`),
 * or undefined: every reading the query ran with. The query's own words (`original`), two
 * words joined (`compound`) and a word split in two or decompounded (`split`), as the engine
 * planned them against the index, then the stages' readings (synonyms, plurals, a compound
 * the query was split into), listed by kind, then words.
 */
export function explainQuery(
  asked: unknown,
  plans: readonly WordPlan[],
  alternatives: readonly WordAlternative[],
): Record<string, unknown> | undefined {
  if (!Array.isArray(asked) || !asked.includes('match.alternatives')) return undefined;
  const out = new Map<string, ExplainedAlternative>();
  const add = (entry: ExplainedAlternative) => {
    const key = `${entry.types[0]}\u0000${entry.offset}\u0000${entry.length}\u0000${entry.words.join('\u0000')}`;
    if (!out.has(key)) out.set(key, entry);
  };
  for (const { word, concat, splits } of plans) {
    if (word.excluded) continue;
    add({ types: ['original'], words: [word.term], typos: 0, offset: word.index, length: 1 });
    for (const joined of concat) add({ types: ['compound'], words: [joined], typos: 0, offset: word.index, length: 2 });
    for (const parts of splits) add({ types: ['split'], words: [...parts], typos: 0, offset: word.index, length: 1 });
  }
  for (const alt of alternatives) {
    if (alt.end <= alt.start || alt.end > plans.length) continue;
    const span = { typos: alt.typos, offset: alt.start, length: alt.end - alt.start };
    add({ types: [alt.source ? KIND_OF[alt.source.kind] : 'synonym'], words: [...alt.words], ...span });
    // A compound the query was split into: the whole word, and its split into the query's words.
    if (alt.source?.kind === 'decompound')
      add({ types: ['split'], words: plans.slice(alt.start, alt.end).map((plan) => plan.word.term), ...span });
  }
  const alternativesList = [...out.values()].sort(
    (a, b) =>
      ORDER.indexOf(a.types[0]) - ORDER.indexOf(b.types[0]) ||
      compare(a.words.join(' '), b.words.join(' ')) ||
      a.offset - b.offset,
  );
  return { match: { alternatives: alternativesList } };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
