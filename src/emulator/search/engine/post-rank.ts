import type { SearchRecord } from '../../state';
import type { FilterVerdict, PostRank, PostRankContext, StageContext } from './hooks';
import type { Doc, InvertedIndex } from './inverted-index';
import type { MatchInfo } from './match';
import type { Candidate } from './rank';

/** What the engine lends post-rank steps to turn any record into a candidate. */
export interface PostRankSources {
  readonly inverted: InvertedIndex;
  readonly filter: ((record: SearchRecord) => FilterVerdict) | null;
  /** The record's match of the query words, or null when it does not match them. */
  readonly evaluate: (doc: Doc) => MatchInfo | null;
}

/** Runs the post-rank steps in order over the ranked matches. */
export function applyPostRank(
  ctx: StageContext,
  steps: readonly PostRank[],
  ranked: Candidate[],
  sources: PostRankSources,
): Candidate[] {
  let current = ranked;
  for (const step of steps) {
    const byID = new Map(current.map((candidate) => [candidate.info.doc.record.objectID, candidate]));
    const context: PostRankContext = {
      ...ctx,
      candidate: (objectID, filtered) => byID.get(objectID) ?? outsider(objectID, filtered, sources),
    };
    current = step(context, current);
  }
  return current;
}

/** A record that is not among the ranked matches, as a candidate shown anyway. */
function outsider(objectID: string, filtered: boolean, sources: PostRankSources): Candidate | undefined {
  const doc = sources.inverted.byID(objectID);
  if (!doc) return undefined;
  const verdict = sources.filter?.(doc.record);
  if (filtered && verdict && !verdict.match) return undefined;
  const info = sources.evaluate(doc) ?? {
    doc,
    words: 0,
    typos: 0,
    proximity: 0,
    firstMatchedWord: 0,
    exactWords: 0,
  };
  return { info, filters: verdict?.score ?? 0, unmatched: true };
}
