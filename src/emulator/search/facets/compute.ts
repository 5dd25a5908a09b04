import { badRequest } from '../../errors';
import type { SearchRecord } from '../../state';
import { facetAttributes, type FacetAttribute } from '../filters/attributes';
import { readBoolean, readInteger } from '../filters/params';
import { compareFacetValues, facetNumbersOf, facetValuesOf } from './values';

export interface FacetStats {
  min: number;
  max: number;
  avg: number;
  sum: number;
}

/** The faceting part of a search response; the engine merges it into its answer. */
export interface FacetsResult {
  /** Present when `facets` asked for at least one attribute: the attributes with values among the hits. */
  facets?: Record<string, Record<string, number>>;
  /** Numeric facets only. */
  facets_stats?: Record<string, FacetStats>;
  exhaustiveFacetsCount?: boolean;
  /** Merge into the response's `exhaustive` object. */
  exhaustive?: { facetsCount: boolean };
  /** The index's `renderingContent` (with `facetOrdering`), returned as set. */
  renderingContent?: Record<string, unknown>;
}

export const MAX_VALUES_PER_FACET = 1000;

/** `facets`: a list, `*`, a comma-separated string or a JSON array string. */
export function readFacetList(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) {
    if (!value.every((v) => typeof v === 'string')) throw badRequest('`facets` must be an array of strings');
    return value;
  }
  if (typeof value !== 'string') throw badRequest('`facets` must be an array of strings');
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      return readFacetList(JSON.parse(text));
    } catch {
      throw badRequest(`\`facets\` is not a valid JSON array: ${text}`);
    }
  }
  return text === ''
    ? []
    : text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
}

/** The declared attributes a `facets` list asks for (`*` = every non-filterOnly one). */
export function requestedFacets(
  params: Readonly<Record<string, unknown>>,
  settings: Readonly<Record<string, unknown>>,
): FacetAttribute[] {
  const wanted = readFacetList(params.facets);
  if (wanted.length === 0) return [];
  const countable = facetAttributes(settings).filter((a) => !a.filterOnly);
  if (wanted.includes('*')) return countable;
  // Undeclared attributes are left out silently, as the service does.
  return wanted.flatMap((name) => countable.filter((a) => a.name === name).slice(0, 1));
}

/** One attribute's counts and numbers among the matches, however they were counted. */
export interface AttributeCounts {
  /** Facet value -> matches holding it (values no match holds may be left out). */
  readonly counts: Iterable<readonly [string, number]>;
  /** The distinct numbers of each match, summed up. */
  readonly numbers: NumberSummary;
}

export interface NumberSummary {
  count: number;
  min: number;
  max: number;
  sum: number;
}

/**
 * Counts an attribute's values among the matches: among every match, or only the best of each
 * distinct group (`afterDistinct()` attributes, `facetingAfterDistinct`).
 */
export type FacetCounter = (attribute: FacetAttribute, afterDistinct: boolean) => AttributeCounts;

/**
 * Facet counts and stats over every record that matched (not only the returned page).
 * `distinctHits` are the records left after distinct; attributes declared
 * `afterDistinct()` and queries with `facetingAfterDistinct` count those instead.
 */
export function computeFacets(
  hits: readonly SearchRecord[],
  params: Readonly<Record<string, unknown>>,
  settings: Readonly<Record<string, unknown>>,
  distinctHits: readonly SearchRecord[] = hits,
): FacetsResult {
  return facetsOf(params, settings, (attribute, afterDistinct) =>
    countRecords(afterDistinct ? distinctHits : hits, attribute.name),
  );
}

/**
 * The faceting part of a response, with `count` counting each requested attribute's values:
 * sorted (`sortFacetValuesBy`), cut at `maxValuesPerFacet`, stats for numeric values.
 */
export function facetsOf(
  params: Readonly<Record<string, unknown>>,
  settings: Readonly<Record<string, unknown>>,
  count: FacetCounter,
): FacetsResult {
  const result: FacetsResult = {};
  const rendering = settings.renderingContent;
  if (rendering && typeof rendering === 'object' && Object.keys(rendering).length > 0)
    result.renderingContent = rendering as Record<string, unknown>;
  if (params.facets === undefined || params.facets === null) return result;
  const attributes = requestedFacets(params, settings);
  const max = Math.min(
    Math.max(readInteger(params.maxValuesPerFacet ?? settings.maxValuesPerFacet, 'maxValuesPerFacet', 100), 0),
    MAX_VALUES_PER_FACET,
  );
  const order = (params.sortFacetValuesBy ?? settings.sortFacetValuesBy) === 'alpha' ? 'alpha' : 'count';
  const afterDistinct = readBoolean(params.facetingAfterDistinct, 'facetingAfterDistinct', false);
  const facets: Record<string, Record<string, number>> = {};
  const stats: Record<string, FacetStats> = {};
  for (const attribute of attributes) {
    const { counts, numbers } = count(attribute, afterDistinct || attribute.afterDistinct);
    // A facet with no value to show is left out, as the service leaves it out.
    const values = [...counts].sort(compareFacetValues(order)).slice(0, max);
    if (values.length > 0) facets[attribute.name] = Object.fromEntries(values);
    if (numbers.count > 0) {
      stats[attribute.name] = {
        min: numbers.min,
        max: numbers.max,
        avg: numbers.sum / numbers.count,
        sum: numbers.sum,
      };
    }
  }
  result.facets = facets;
  if (Object.keys(stats).length > 0) result.facets_stats = stats;
  result.exhaustiveFacetsCount = true;
  result.exhaustive = { facetsCount: true };
  return result;
}

/** An attribute's counts walking the records (the reference the columns are checked against). */
function countRecords(records: readonly SearchRecord[], attribute: string): AttributeCounts {
  const counts = new Map<string, number>();
  const numbers = { count: 0, min: Infinity, max: -Infinity, sum: 0 };
  for (const record of records) {
    for (const value of facetValuesOf(record, attribute)) counts.set(value, (counts.get(value) ?? 0) + 1);
    for (const n of facetNumbersOf(record, attribute)) {
      numbers.count++;
      numbers.sum += n;
      numbers.min = Math.min(numbers.min, n);
      numbers.max = Math.max(numbers.max, n);
    }
  }
  return { counts, numbers };
}
