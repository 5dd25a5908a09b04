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
    pins.sort((a, b) => a.position - b.position);
    // Two records claiming one position keep their order: the later one takes the next.
    let next = 0;
    for (const { position, candidate } of pins) {
      const at = Math.max(next, Math.min(position, out.length));
      out.splice(at, 0, candidate);
      next = at + 1;
    }
    return out;
  };
}
