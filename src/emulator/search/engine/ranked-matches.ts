import type { InvertedIndex } from './inverted-index';
import type { FacetedMatches, StageContext } from './hooks';
import type { WordPlan } from './match';
import type { QueryOptions } from './options';
import type { Candidate } from './rank';
import type { Ranking } from './ranked';
import type { Matches, QueryReading } from './search';

/** What every kind of {@link Matches} holds as found. */
export type MatchesBase = Pick<
  Matches,
  'query' | 'options' | 'plans' | 'inverted' | 'queryAfterRemoval' | 'ctx' | 'response' | 'reading' | 'dispose'
>;

/**
 * The fields every class of matches copies from what the search found. Classes: the object
 * literal with a spread and getters they replace was slow to build and to read (4-11% of a
 * query, bench:ab).
 */
export abstract class FoundMatches {
  readonly query: string;
  readonly options: QueryOptions;
  readonly plans: readonly WordPlan[];
  readonly inverted: InvertedIndex;
  readonly queryAfterRemoval: string | undefined;
  readonly ctx: StageContext;
  readonly response: Record<string, unknown>;
  readonly reading: QueryReading;
  readonly dispose: () => void;
  readonly dropped = 0;

  constructor(base: MatchesBase) {
    this.query = base.query;
    this.options = base.options;
    this.plans = base.plans;
    this.inverted = base.inverted;
    this.queryAfterRemoval = base.queryAfterRemoval;
    this.ctx = base.ctx;
    this.response = base.response;
    this.reading = base.reading;
    this.dispose = base.dispose;
  }
}

/** Matches ranked on demand: a page selects its top entries, the whole list is sorted only when asked for. */
export class RankedMatches extends FoundMatches implements Matches {
  readonly count: number;
  private full: Candidate[] | undefined = undefined;

  constructor(
    base: MatchesBase,
    private readonly ranking: Ranking,
    private readonly distinctOn: boolean,
  ) {
    super(base);
    this.count = ranking.set.count + ranking.set.unlisted;
  }

  get sorted(): Candidate[] {
    this.everyMatch();
    return (this.full ??= this.ranking.top());
  }

  get faceted(): FacetedMatches {
    this.everyMatch();
    const set = this.ranking.set;
    const candidates = () => (this.distinctOn ? this.sorted : set.all());
    // Doc ids of the index (a set of candidates built apart, in tests, has none).
    const docs = set.index !== null ? { index: set.index, ids: set.docs, count: set.count } : undefined;
    return { candidates, docs };
  }

  top(k: number): Candidate[] {
    return this.full ? this.full.slice(0, k) : this.ranking.top(k);
  }

  /** Only a search reading one page gets unlisted matches: anything asking for all of them is a bug. */
  private everyMatch(): void {
    if (this.ranking.set.unlisted > 0)
      throw new Error('every match was asked for, but only the ones a page can show were listed');
  }
}
