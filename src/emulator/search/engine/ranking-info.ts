import { customOrder, type SortKey } from './custom-order';
import type { InvertedIndex } from './inverted-index';
import { SORT, type Candidate } from './rank';

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
 * The service's internal overall rank of a record: its place in the index ordered by custom
 * ranking (higher is better), read from the custom-ranking order the engine ranks with, so it
 * cannot disagree with the hits' order. Computed per records version and customRanking, lazily.
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
    const keys: SortKey[] = [];
    for (const entry of customRanking) {
      const sort = SORT.exec(entry);
      if (sort) keys.push({ path: sort[2], ascending: sort[1] === 'asc' });
    }
    const ranked: string[] = [];
    customOrder(index, keys).walk((doc) => (ranked.push(index.recordAt(doc)!.objectID), true));
    scores = new Map(ranked.map((id, rank) => [id, ranked.length - 1 - rank]));
    perSource.set(key, scores);
  }
  return scores.get(objectID) ?? 0;
}
