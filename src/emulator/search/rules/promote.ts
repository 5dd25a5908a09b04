import type { PostRank } from '../engine/hooks';
import type { Candidate } from '../engine/rank';
import type { RulesOutcome } from './apply';

const idOf = (candidate: Candidate) => candidate.info.doc.record.objectID;

/**
 * The rules' `promote` and `hide` as a post-rank step, or undefined when there are none.
 * Hidden records leave the results (and nbHits). Promoted records move to their position
 * (a group fills consecutive positions from it), matching the query or not; with
 * `filterPromotes` they must pass the query's filters, geo aside. Lower positions are placed
 * first (a tie takes the next position); a position past the end appends. A record both hidden and promoted stays hidden.
 */
export function promoteAndHide(outcome: Pick<RulesOutcome, 'promote' | 'hide'>): PostRank | undefined {
  if (outcome.promote.length === 0 && outcome.hide.length === 0) return undefined;
  const hidden = new Set(outcome.hide);
  return (ctx, ranked) => {
    const pins: { position: number; candidate: Candidate }[] = [];
    const pinned = new Set<string>();
    for (const promotion of outcome.promote) {
      let position = promotion.position;
      for (const objectID of promotion.objectIDs) {
        if (hidden.has(objectID) || pinned.has(objectID)) continue;
        const candidate = ctx.candidate(objectID, promotion.filterPromotes);
        if (!candidate) continue;
        pinned.add(objectID);
        pins.push({ position: position++, candidate: { ...candidate, promoted: true } });
      }
    }
    const out = ranked.filter((candidate) => !hidden.has(idOf(candidate)) && !pinned.has(idOf(candidate)));
    return insertPins(
      out,
      pins.map(({ position, candidate }) => ({ position, item: candidate })),
    );
  };
}

/**
 * Puts pinned entries into a list at their positions, lower positions first; two entries
 * claiming one position keep their order (the later one takes the next), and a position past
 * the end appends. Search rules and Recommend rules promote this way.
 */
export function insertPins<T>(out: T[], pins: readonly { readonly position: number; readonly item: T }[]): T[] {
  let next = 0;
  for (const { position, item } of [...pins].sort((a, b) => a.position - b.position)) {
    const at = Math.max(next, Math.min(position, out.length));
    out.splice(at, 0, item);
    next = at + 1;
  }
  return out;
}
