import { byObjectIDDescending } from '../tie-order';
import { readPath } from './fields';
import type { GeoMatch } from './geo';
import type { MatchInfo } from './match';
import type { MatchSet } from './match-set';
import type { QueryOptions } from './options';

/** A matching record with everything ranking needs. */
export interface Candidate {
  readonly info: MatchInfo;
  readonly geo?: GeoMatch;
  /** Score from the filter stage (optional filters); 0 without filters. */
  readonly filters: number;
  /**
   * Personalization or other re-rank score (higher first), set by the re-rank hook; compared
   * where the `custom` criterion stands, before the customRanking attributes.
   */
  rerank?: number;
  /** What `_rankingInfo.personalization` shows, from the re-rank hook. */
  rerankInfo?: { readonly filtersScore: number; readonly rankingScore: number; readonly score: number };
  /** Placed by a rule's `promote` (`_rankingInfo.promoted`). */
  promoted?: boolean;
  /** Shown without matching the query or filters (a promoted record): in nbHits, not in facets. */
  readonly unmatched?: boolean;
}

type Compare = (a: Candidate, b: Candidate) => number;

const byRerank: Compare = (a, b) => (b.rerank ?? 0) - (a.rerank ?? 0);

/** `asc(attr)` / `desc(attr)`. */
export const SORT = /^(asc|desc)\((.+)\)$/;

/** One ranking criterion of a query: its name, a candidate's value for it, and how two candidates compare on it. */
export interface RankingCriterion {
  /**
   * `typo`, `geo`, `words`, `filters`, `proximity`, `attribute`, `exact`; `personalization`
   * (the re-rank score, where `custom` stands, or last without it); `asc(x)` / `desc(x)` for a
   * sort or a customRanking attribute.
   */
  readonly name: string;
  /** The candidate's value: what `_rankingInfo` shows for it, or the attribute's sortable value. */
  readonly value: (candidate: Candidate) => number | string | undefined;
  /** Negative when `a` ranks before `b` on this criterion alone. */
  readonly compare: Compare;
}

/**
 * The criteria of a query in the order they decide: the `ranking` list (typo forced first
 * with typoTolerance min/strict), `custom` expanding to the re-rank score then
 * `customRanking`. What every tie leaves is decided by {@link byDocOrder} (objectID, descending).
 */
export function rankingCriteria(options: QueryOptions): RankingCriterion[] {
  const ranking = [...options.ranking];
  if (options.typoTolerance === 'min' || options.typoTolerance === 'strict') {
    const at = ranking.indexOf('typo');
    if (at > 0) ranking.splice(at, 1);
    if (at !== 0) ranking.unshift('typo');
  }
  const criteria: RankingCriterion[] = [];
  const numeric = (name: string, value: (c: Candidate) => number, higherFirst: boolean) =>
    criteria.push({
      name,
      value,
      compare: higherFirst ? (a, b) => value(b) - value(a) : (a, b) => value(a) - value(b),
    });
  const rerank = () => criteria.push({ name: 'personalization', value: (c) => c.rerank ?? 0, compare: byRerank });
  for (const criterion of ranking) {
    const sort = SORT.exec(criterion);
    if (sort) {
      criteria.push(attributeCriterion(criterion, sort[2], sort[1] === 'asc'));
      continue;
    }
    switch (criterion) {
      case 'typo':
        numeric('typo', (c) => c.info.typos, false);
        break;
      case 'geo':
        numeric('geo', (c) => c.geo?.bucket ?? 0, false);
        break;
      case 'words':
        numeric('words', (c) => c.info.words, true);
        break;
      case 'filters':
        numeric('filters', (c) => c.filters, true);
        break;
      case 'proximity':
        numeric('proximity', (c) => c.info.proximity, false);
        break;
      case 'attribute':
        numeric('attribute', (c) => c.info.firstMatchedWord, false);
        break;
      case 'exact':
        numeric('exact', (c) => c.info.exactWords, true);
        break;
      case 'custom':
        // Personalization weighs against business relevance (its score blends in the custom rank).
        rerank();
        for (const entry of options.customRanking) {
          const custom = SORT.exec(entry);
          if (custom) criteria.push(attributeCriterion(entry, custom[2], custom[1] === 'asc'));
        }
        break;
      default:
        break;
    }
  }
  if (!ranking.includes('custom')) rerank();
  return criteria;
}

/** The last tie-break: the greater objectID ranks first, as on the service (objectIDs are unique, so the order is total). */
export const byDocOrder: Compare = (a, b) => byObjectIDDescending(a.info.doc.record, b.info.doc.record);

/** The comparator of a query: its {@link rankingCriteria} in order, then {@link byDocOrder}. */
export function comparator(options: QueryOptions): Compare {
  const steps = [...rankingCriteria(options).map((criterion) => criterion.compare), byDocOrder];
  return (a, b) => {
    for (const step of steps) {
      const result = step(a, b);
      if (result !== 0) return result;
    }
    return 0;
  };
}

function attributeCriterion(name: string, path: string, ascending: boolean): RankingCriterion {
  return { name, value: (c) => sortable(readPath(c.info.doc.record, path)), compare: byAttribute(path, ascending) };
}

/** The `customRanking` criteria alone, without tie-break (virtual replicas sort relevant matches with it). */
export function customRankingComparator(customRanking: readonly string[]): Compare {
  const steps = customRanking.flatMap((entry) => {
    const sort = SORT.exec(entry);
    return sort ? [byAttribute(sort[2], sort[1] === 'asc')] : [];
  });
  return (a, b) => {
    for (const step of steps) {
      const result = step(a, b);
      if (result !== 0) return result;
    }
    return 0;
  };
}

/** Orders by an attribute's value; records without a comparable value come last either way. */
function byAttribute(path: string, ascending: boolean): Compare {
  const memo = new WeakMap<Candidate, number | string | undefined>();
  const valueOf = (c: Candidate) => {
    if (memo.has(c)) return memo.get(c);
    const value = sortable(readPath(c.info.doc.record, path));
    memo.set(c, value);
    return value;
  };
  return (a, b) => compareValues(valueOf(a), valueOf(b), ascending);
}

/**
 * Two sortable values: records without one come last either way, and numbers before
 * strings either way, so an attribute mixing both still orders consistently.
 */
export function compareValues(
  x: number | string | undefined,
  y: number | string | undefined,
  ascending: boolean,
): number {
  if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
  if (x === y) return 0;
  if (typeof x !== typeof y) return typeof x === 'number' ? -1 : 1;
  const order = x < y ? -1 : 1;
  return ascending ? order : -order;
}

/** Numbers and booleans compare as numbers, strings as strings; anything else is missing. */
export function sortable(value: unknown): number | string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const number = Number(value);
    return value.trim() !== '' && Number.isFinite(number) ? number : value;
  }
  return undefined;
}

/** Keeps the records with the lowest (min) or two lowest (strict) typo counts. */
export function applyTypoMode(matches: MatchSet, mode: QueryOptions['typoTolerance']): MatchSet {
  if (mode !== 'min' && mode !== 'strict') return matches;
  const counts = [...new Set(matches.typos.subarray(0, matches.count))].sort((a, b) => a - b);
  const limit = mode === 'min' ? counts[0] : counts[Math.min(1, counts.length - 1)];
  return matches.filter((i) => matches.typos[i] <= limit);
}
