import type { Interaction, Training } from '../state';

export const DAY = 86_400_000;
/** Collaborative models read the last 30 days of events, 90 when those 30 hold none of the kind they use. */
const RECENT_WINDOW = 30 * DAY;
export const EXTENDED_WINDOW = 90 * DAY;

/** One recommended record and its score, 0 to 100 with two decimals. */
export interface Scored {
  readonly objectID: string;
  readonly score: number;
}

const roundScore = (score: number): number => Math.round(score * 100) / 100;

/**
 * Strengths as recommendations: strongest first (ties by objectID, in code unit order), each
 * scored `score(strength)` (0 to 100, rounded). Ordering uses the unrounded strengths.
 */
export function ranked(strengths: ReadonlyMap<string, number>, score: (strength: number) => number): Scored[] {
  return [...strengths]
    .filter(([, strength]) => strength > 0)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .map(([objectID, strength]) => ({ objectID, score: roundScore(score(strength)) }));
}

/** The interactions of the kinds given from the last 30 days, or the last 90 when 30 hold none. */
export function recentInteractions(training: Training, kinds: readonly Interaction['kind'][]): Interaction[] {
  const wanted = training.interactions.filter((interaction) => kinds.includes(interaction.kind));
  const recent = wanted.filter((interaction) => interaction.at >= training.trainedAt - RECENT_WINDOW);
  return recent.length > 0 ? recent : wanted;
}

const caches = new WeakMap<Training, Map<string, unknown>>();

/**
 * What a model derives from a training, built on first use and kept beside it. A training is
 * immutable, so this is the same whenever it is built; snapshots share it.
 */
export function derived<T>(training: Training, key: string, build: () => T): T {
  let cache = caches.get(training);
  if (!cache) caches.set(training, (cache = new Map()));
  if (!cache.has(key)) cache.set(key, build());
  return cache.get(key) as T;
}
