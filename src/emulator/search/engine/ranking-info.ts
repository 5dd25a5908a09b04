import { byObjectIDDescending } from '../tie-order';
import { readPath } from './fields';
import type { InvertedIndex } from './inverted-index';
import type { Candidate } from './rank';

/** `_rankingInfo` of a hit, with the fields the service returns. */
export function rankingInfo(
  candidate: Candidate,
  userScore: number,
  personalization: boolean,
): Record<string, unknown> {
  const { info, geo } = candidate;
  const out: Record<string, unknown> = {
    nbTypos: info.typos,
    firstMatchedWord: info.firstMatchedWord,
    proximityDistance: info.proximity,
    userScore,
    geoDistance: geo?.distance ?? 0,
    geoPrecision: geo?.precision ?? 1,
    nbExactWords: info.exactWords,
    words: info.words,
    filters: candidate.filters,
  };
  // Only on promoted hits, as the service omits it elsewhere.
  if (candidate.promoted) out.promoted = true;
  if (geo?.location)
    out.matchedGeoLocation = { lat: geo.location.lat, lng: geo.location.lng, distance: geo.location.distance };
  if (personalization)
    out.personalization = candidate.rerankInfo ?? { filtersScore: 0, rankingScore: 0, score: candidate.rerank ?? 0 };
  return out;
}

const userScores = new WeakMap<object, Map<string, Map<string, number>>>();

/**
 * The service's internal overall rank of a record: its place in the index ordered by
 * custom ranking (higher is better). Computed per records version and customRanking, lazily.
 */
export function userScoreOf(index: InvertedIndex, customRanking: readonly string[], objectID: string): number {
  let perSource = userScores.get(index.source);
  if (!perSource) {
    perSource = new Map();
    userScores.set(index.source, perSource);
  }
  const key = customRanking.join('\u0000');
  let scores = perSource.get(key);
  if (!scores) {
    const docs = [...index.all()];
    const specs = customRanking
      .map((entry) => /^(asc|desc)\((.+)\)$/.exec(entry))
      .filter((m): m is RegExpExecArray => m !== null);
    docs.sort((a, b) => {
      for (const [, direction, path] of specs) {
        const x = readPath(a.record, path);
        const y = readPath(b.record, path);
        const xs = typeof x === 'number' || typeof x === 'string' ? x : undefined;
        const ys = typeof y === 'number' || typeof y === 'string' ? y : undefined;
        if (xs === ys) continue;
        if (xs === undefined) return 1;
        if (ys === undefined) return -1;
        return (xs < ys ? -1 : 1) * (direction === 'asc' ? 1 : -1);
      }
      return byObjectIDDescending(a.record, b.record);
    });
    scores = new Map(docs.map((doc, rank) => [doc.record.objectID, docs.length - 1 - rank]));
    perSource.set(key, scores);
  }
  return scores.get(objectID) ?? 0;
}
