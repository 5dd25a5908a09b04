import { badRequest, notImplemented } from '../../errors';
import type { Core } from '../../core';
import type { Auth, OperationContext } from '../../route';
import type { IndexState, SearchRecord } from '../../state';
import { parseParams } from '../engine/params';
import { findMatches, withForcedParameters } from '../engine/search';
import { facetAttributes } from '../filters/attributes';
import { compileFilter } from '../filters/compile';
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
export type TextMatcher = (records: readonly SearchRecord[], params: Readonly<Record<string, unknown>>) => readonly SearchRecord[];

export const facetMessages = {
  notSearchable: (facet: string) => `Cannot search in \`${facet}\` attribute, you need to add \`searchable(${facet})\` to attributesForFaceting.`,
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
    if (!textMatcher) throw notImplemented('searchForFacetValues', 'a `query` inside `params` needs the search engine, not wired yet');
    kept = textMatcher(kept, params);
  }
  const counts = new Map<string, number>();
  for (const record of kept) for (const value of facetValuesOf(record, facetName)) counts.set(value, (counts.get(value) ?? 0) + 1);
  const facetQuery = readString(params.facetQuery, 'facetQuery') ?? '';
  const options = {
    preTag: String(settings.highlightPreTag ?? '<em>'),
    postTag: String(settings.highlightPostTag ?? '</em>'),
    typoTolerance: settings.typoTolerance ?? true,
    minWordSizefor1Typo: Number(settings.minWordSizefor1Typo ?? 4),
    minWordSizefor2Typos: Number(settings.minWordSizefor2Typos ?? 8),
  };
  const max = Math.min(Math.max(readInteger(params.maxFacetHits ?? settings.maxFacetHits, 'maxFacetHits', 10), 0), MAX_FACET_HITS);
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
  const names = ['highlightPreTag', 'highlightPostTag', 'typoTolerance', 'minWordSizefor1Typo', 'minWordSizefor2Typos', 'maxFacetHits', 'sortFacetValuesBy'];
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
    const ids = new Set(findMatches(core, index, query, auth).faceted.candidates().map((c) => c.info.doc.record.objectID));
    return records.filter((record) => ids.has(record.objectID));
  };
}

/** A facet value search on an index: `body` holds `params`, `facetQuery`, `maxFacetHits`. */
export function runFacetValueSearch(core: Core, auth: Auth, indexName: string, facetName: string, body: unknown): FacetValuesResponse {
  const index = requireIndex(core.state, indexName);
  const settings = effectiveSettings(index);
  const keyFilter = auth.queryParameters ? compileFilter(auth.queryParameters, settings) : undefined;
  const restrict = keyFilter ? (record: SearchRecord) => keyFilter(record).match : undefined;
  return searchFacetValues(recordsOf(core.state, index).values(), settings, facetName, readSearchParams(body), engineMatcher(core, auth, index), restrict);
}

/** POST /1/indexes/{indexName}/facets/{facetName}/query */
export function searchForFacetValues(ctx: OperationContext): FacetValuesResponse {
  return runFacetValueSearch(ctx.core, ctx.auth, ctx.params.indexName, ctx.params.facetName, ctx.req.body);
}

/**
 * A `type: "facet"` entry of a multi-index query (`facet`, `facetQuery`, `maxFacetHits`
 * beside the search parameters), as InstantSearch sends it through `search`.
 */
export function searchFacetEntry(core: Core, auth: Auth, entry: Readonly<Record<string, unknown>>, i: number): FacetValuesResponse {
  const { indexName, facet, type, ...body } = entry;
  void type;
  if (typeof facet !== 'string' || facet === '') throw badRequest(`Missing \`facet\` in requests[${i}]`);
  return runFacetValueSearch(core, auth, String(indexName), facet, body);
}
