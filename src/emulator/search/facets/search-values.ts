import { badRequest, notImplemented } from '../../errors';
import type { Core } from '../../core';
import type { Auth, OperationContext } from '../../route';
import type { IndexState, SearchRecord } from '../../state';
import { parseParams } from '../engine/params';
import { invertedIndexFor } from '../engine/cache';
import { countBits, eachBit, emptyBits, intersect, setBit, unite } from '../engine/doc-bits';
import { facetColumn } from '../engine/facet-column';
import { findMatches, withForcedParameters } from '../engine/search';
import { facetAttributes } from '../filters/attributes';
import { compileFilter, compileFilters } from '../filters/compile';
import { filteredDocs } from '../filters/doc-filter';
import { readInteger, readSearchParams, readString } from '../filters/params';
import { effectiveSettings } from '../settings/effective';
import { recordsOf, requireIndex } from '../store';
import { matchFacetQuery } from './facet-query';
import { compareFacetValues, facetValuesOf } from './values';

export interface FacetHit {
  value: string;
  highlighted: string;
  count: number;
}

export interface FacetValuesResponse {
  facetHits: FacetHit[];
  exhaustiveFacetsCount: boolean;
  processingTimeMS: number;
}

export const MAX_FACET_HITS = 100;

/** Narrows records to those a full-text `query` matches; supplied by the search engine. */
export type TextMatcher = (
  records: readonly SearchRecord[],
  params: Readonly<Record<string, unknown>>,
) => readonly SearchRecord[];

export const facetMessages = {
  notSearchable: (facet: string) =>
    `Cannot search in \`${facet}\` attribute, you need to add \`searchable(${facet})\` to attributesForFaceting.`,
} as const;

/**
 * Searches the values of one facet among the records the search parameters keep:
 * prefix and typo matching on the facet query, highlighted, most frequent first.
 */
export function searchFacetValues(
  records: Iterable<SearchRecord>,
  indexSettings: Readonly<Record<string, unknown>>,
  facetName: string,
  params: Readonly<Record<string, unknown>>,
  textMatcher?: TextMatcher,
  /** Extra restriction (a secured key's filters), ANDed with the parameters. */
  restrict: (record: SearchRecord) => boolean = () => true,
): FacetValuesResponse {
  const settings = { ...indexSettings, ...pickOverrides(params) };
  const attribute = facetAttributes(settings).find((a) => a.name === facetName);
  if (!attribute?.searchable) throw badRequest(facetMessages.notSearchable(facetName));
  const filter = compileFilter(params, settings);
  let kept: readonly SearchRecord[] = [...records].filter((record) => filter(record).match && restrict(record));
  const query = readString(params.query, 'query') ?? '';
  if (query.trim() !== '') {
    if (!textMatcher)
      throw notImplemented(
        'searchForFacetValues',
        "a `query` inside `params` needs a text matcher (the route passes the engine's)",
      );
    kept = textMatcher(kept, params);
  }
  const counts = new Map<string, number>();
  for (const record of kept)
    for (const value of facetValuesOf(record, facetName)) counts.set(value, (counts.get(value) ?? 0) + 1);
  return facetHitsOf(counts, settings, params);
}

/** The answer of a facet value search from its values' counts among the matches: matched by `facetQuery`, highlighted, sorted, cut. */
function facetHitsOf(
  counts: Iterable<readonly [string, number]>,
  settings: Readonly<Record<string, unknown>>,
  params: Readonly<Record<string, unknown>>,
): FacetValuesResponse {
  const facetQuery = readString(params.facetQuery, 'facetQuery') ?? '';
  const options = {
    preTag: String(settings.highlightPreTag ?? '<em>'),
    postTag: String(settings.highlightPostTag ?? '</em>'),
    typoTolerance: settings.typoTolerance ?? true,
    minWordSizefor1Typo: Number(settings.minWordSizefor1Typo ?? 4),
    minWordSizefor2Typos: Number(settings.minWordSizefor2Typos ?? 8),
  };
  const max = Math.min(
    Math.max(readInteger(params.maxFacetHits ?? settings.maxFacetHits, 'maxFacetHits', 10), 0),
    MAX_FACET_HITS,
  );
  const order = settings.sortFacetValuesBy === 'alpha' ? 'alpha' : 'count';
  const facetHits = [...counts]
    .sort(compareFacetValues(order))
    .flatMap(([value, count]) => {
      const highlighted = matchFacetQuery(value, facetQuery, options);
      return highlighted === undefined ? [] : [{ value, highlighted, count }];
    })
    .slice(0, max);
  return { facetHits, exhaustiveFacetsCount: true, processingTimeMS: 1 };
}

/** Query-time values of the settings facet search reads. */
function pickOverrides(params: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const names = [
    'highlightPreTag',
    'highlightPostTag',
    'typoTolerance',
    'minWordSizefor1Typo',
    'minWordSizefor2Typos',
    'maxFacetHits',
    'sortFacetValuesBy',
  ];
  return Object.fromEntries(names.filter((n) => params[n] !== undefined).map((n) => [n, params[n]]));
}

/** Fields of a facet value search body that are not search parameters. */
const OWN_FIELDS = new Set(['facetQuery', 'maxFacetHits', 'page', 'hitsPerPage']);

/**
 * The engine's full-text restriction: records the query of `params` matches (the engine
 * also applies filters, geo and the key's forced parameters).
 */
function engineMatcher(core: Core, auth: Auth, index: IndexState): TextMatcher {
  return (records, params) => {
    const own = Object.fromEntries(Object.entries(params).filter(([name]) => !OWN_FIELDS.has(name)));
    const query = withForcedParameters(parseParams([own]), auth);
    const ids = new Set(
      findMatches(core, index, query, auth)
        .faceted.candidates()
        .map((c) => c.info.doc.record.objectID),
    );
    return records.filter((record) => ids.has(record.objectID));
  };
}

/**
 * A facet value search on an index: `body` holds `params`, `facetQuery`, `maxFacetHits`. It answers
 * as {@link searchFacetValues} over the index's records, from the index's columns: the docs the
 * filters (and the key's) keep, those the query matches when there is one, and the facet's
 * counts over them; only the distinct values are matched against `facetQuery`.
 */
export function runFacetValueSearch(
  core: Core,
  auth: Auth,
  indexName: string,
  facetName: string,
  body: unknown,
): FacetValuesResponse {
  const index = requireIndex(core.state, indexName);
  const indexSettings = effectiveSettings(index);
  const params = readSearchParams(body);
  const settings = { ...indexSettings, ...pickOverrides(params) };
  const attribute = facetAttributes(settings).find((a) => a.name === facetName);
  if (!attribute?.searchable) throw badRequest(facetMessages.notSearchable(facetName));
  const inverted = invertedIndexFor(core, index);
  const kept = filteredDocs(compileFilters(params, settings), inverted);
  const keyKept = auth.queryParameters
    ? filteredDocs(compileFilters(auth.queryParameters, indexSettings), inverted)
    : undefined;
  if (kept === undefined || (auth.queryParameters && keyKept === undefined)) {
    // A filter the columns cannot answer: the records decide.
    const keyFilter = auth.queryParameters ? compileFilter(auth.queryParameters, indexSettings) : undefined;
    const restrict = keyFilter ? (record: SearchRecord) => keyFilter(record).match : undefined;
    return searchFacetValues(
      recordsOf(core.state, index).values(),
      indexSettings,
      facetName,
      params,
      engineMatcher(core, auth, index),
      restrict,
    );
  }
  const bits = kept.bits;
  if (keyKept) intersect(bits, keyKept.bits);
  const query = readString(params.query, 'query') ?? '';
  if (query.trim() !== '') {
    const own = Object.fromEntries(Object.entries(params).filter(([name]) => !OWN_FIELDS.has(name)));
    const matches = findMatches(core, index, withForcedParameters(parseParams([own]), auth), auth);
    const matched = emptyBits(inverted.docCount);
    const { docs } = matches.faceted;
    if (docs !== undefined && docs.ids !== 'all') for (let k = 0; k < docs.count; k++) setBit(matched, docs.ids[k]);
    else if (docs !== undefined) unite(matched, inverted.live);
    else for (const candidate of matches.faceted.candidates()) setBit(matched, candidate.info.doc.id);
    matches.dispose();
    intersect(bits, matched);
  }
  const column = facetColumn(inverted, facetName);
  let counts = column.counts;
  // Every doc kept (no filter, no query): the column's counts as they are.
  if (countBits(bits) !== inverted.size) {
    const ids: number[] = [];
    eachBit(bits, (doc) => ids.push(doc));
    counts = new Int32Array(column.names.length);
    column.countInto(counts, ids, ids.length);
  }
  const named: [string, number][] = [];
  for (let value = 0; value < column.names.length; value++)
    if (counts[value] > 0) named.push([column.names[value], counts[value]]);
  return facetHitsOf(named, settings, params);
}

/** POST /1/indexes/{indexName}/facets/{facetName}/query */
export function searchForFacetValues(ctx: OperationContext): FacetValuesResponse {
  return runFacetValueSearch(ctx.core, ctx.auth, ctx.params.indexName, ctx.params.facetName, ctx.req.body);
}

/**
 * A `type: "facet"` entry of a multi-index query (`facet`, `facetQuery`, `maxFacetHits`
 * beside the search parameters), as InstantSearch sends it through `search`.
 */
export function searchFacetEntry(
  core: Core,
  auth: Auth,
  entry: Readonly<Record<string, unknown>>,
  i: number,
): FacetValuesResponse {
  const { indexName, facet, type, ...body } = entry;
  void type;
  if (typeof facet !== 'string' || facet === '') throw badRequest(`Missing \`facet\` in requests[${i}]`);
  return runFacetValueSearch(core, auth, String(indexName), facet, body);
}
