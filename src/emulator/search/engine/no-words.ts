import { customOrder, type SortKey } from './custom-order';
import { hasBit } from './doc-bits';
import type { FacetedMatches, KeptDocs } from './hooks';
import type { InvertedIndex } from './inverted-index';
import type { MatchInfo } from './match';
import type { QueryOptions } from './options';
import { SORT, type Candidate } from './rank';
import { FoundMatches, type MatchesBase } from './ranked-matches';
import type { Matches } from './search';

/**
 * The order a query without words ranks its matches in: every textual criterion (typo, words,
 * proximity, attribute, exact) has one value for all of them, and so do geo without a geo
 * query and filters whose score is the same for every doc; what decides are the attribute
 * criteria (`asc()`/`desc()` in `ranking`, `customRanking` where `custom` stands in it), then
 * objectID, descending (the service's last tie-break).
 */
export function noWordsOrder(options: QueryOptions): SortKey[] {
  const keys: SortKey[] = [];
  const custom = () => {
    for (const entry of options.customRanking) {
      const sort = SORT.exec(entry);
      if (sort) keys.push({ path: sort[2], ascending: sort[1] === 'asc' });
    }
  };
  for (const criterion of options.ranking) {
    const sort = SORT.exec(criterion);
    if (sort) keys.push({ path: sort[2], ascending: sort[1] === 'asc' });
    else if (criterion === 'custom') custom();
  }
  return keys;
}

/**
 * The matches of a query without words (InstantSearch's first render, a filter-only query):
 * every live doc, or those the filters keep, each with the figures `evaluate` gives a doc when
 * there is no word (all 0) and the filters' one score. Ranked by walking the index's
 * custom-ranking order ({@link customOrder}) and stopping at the page; counted without a walk.
 */
export class OrderedMatches extends FoundMatches implements Matches {
  readonly count: number;
  private full: Candidate[] | undefined = undefined;

  constructor(
    base: MatchesBase,
    private readonly keys: readonly SortKey[],
    /** The docs the filters keep, or null without filters. */
    private readonly kept: KeptDocs | null,
  ) {
    super(base);
    this.count = kept === null ? base.inverted.size : kept.count;
  }

  get sorted(): Candidate[] {
    return (this.full ??= this.top(this.count));
  }

  get faceted(): FacetedMatches {
    const kept = this.kept;
    let ids: Int32Array | 'all' = 'all';
    if (kept !== null) {
      const list = new Int32Array(kept.count);
      let at = 0;
      this.walkKept((doc) => {
        list[at++] = doc;
        return true;
      }, false);
      ids = list;
    }
    return { candidates: () => this.sorted, docs: { index: this.inverted, ids, count: this.count } };
  }

  top(k: number): Candidate[] {
    if (this.full) return this.full.slice(0, k);
    const out: Candidate[] = [];
    if (k <= 0) return out;
    const score = this.kept?.score ?? 0;
    this.walkKept((doc) => {
      out.push({ info: noWordsInfo(this.inverted, doc), filters: score });
      return out.length < k;
    }, true);
    return out;
  }

  /** Visits the kept docs, in ranking order when `ranked`, else in doc id order. */
  private walkKept(visit: (doc: number) => boolean, ranked: boolean): void {
    const bits = this.kept?.bits;
    if (!ranked && bits !== undefined) {
      for (let w = 0; w < bits.length; w++) {
        let x = bits[w];
        while (x !== 0) {
          const low = x & -x;
          if (!visit((w << 5) + 31 - Math.clz32(low))) return;
          x ^= low;
        }
      }
      return;
    }
    customOrder(this.inverted, this.keys).walk(bits === undefined ? visit : (doc) => !hasBit(bits, doc) || visit(doc));
  }
}

/** What `evaluate` answers for a doc when the query has no word. */
function noWordsInfo(index: InvertedIndex, doc: number): MatchInfo {
  return { doc: index.doc(doc)!, words: 0, typos: 0, proximity: 0, firstMatchedWord: 0, exactWords: 0 };
}
