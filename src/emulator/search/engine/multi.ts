import type { Core } from '../../core';
import { badRequest } from '../../errors';
import { assertIndexAllowed } from '../../gate';
import type { Auth } from '../../route';
import { requireIndex } from '../store';
import { resolveOptions } from './options';
import { encodeParams, parseParams, type RawParams } from './params';
import type { SearchOrigin } from './hooks';
import { runSearch, withForcedParameters } from './search';
import { effectiveSettings } from '../settings/effective';
import { searchFacetEntry } from '../facets/search-values';

/** Fields of a multi-query entry that are not search parameters. */
const ENTRY_FIELDS = new Set(['indexName', 'type', 'facet', 'facetQuery', 'maxFacetHits']);

interface Entry {
  readonly indexName: string;
  readonly params: RawParams;
  /** A `type: "facet"` entry, answered by the facet value search. */
  readonly facet?: { readonly entry: Record<string, unknown>; readonly position: number };
}

/** The v5 client's legacy array form becomes `{ requests }`. */
function requestsOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (body === null || typeof body !== 'object') throw badRequest('The body must be a JSON object');
  const requests = (body as Record<string, unknown>).requests;
  if (!Array.isArray(requests)) throw badRequest('Missing `requests` in the body');
  return requests;
}

function parseEntry(raw: unknown, i: number, auth: Auth): Entry {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw badRequest(`requests[${i}] must be an object`);
  const entry = raw as Record<string, unknown>;
  const indexName = entry.indexName;
  if (typeof indexName !== 'string' || indexName === '') throw badRequest(`Missing \`indexName\` in requests[${i}]`);
  if (entry.type !== undefined && entry.type !== 'default' && entry.type !== 'facet')
    throw badRequest(`Invalid value for \`type\` in requests[${i}]: expected "default" or "facet"`);
  assertIndexAllowed(auth, indexName);
  if (entry.type === 'facet') return { indexName, params: {}, facet: { entry, position: i } };
  const fields = Object.fromEntries(Object.entries(entry).filter(([name]) => !ENTRY_FIELDS.has(name)));
  return { indexName, params: parseParams([fields]) };
}

/**
 * Several queries in one call. `stopIfEnoughMatches` runs them in order and skips the rest
 * once a query returned at least as many hits as it asked per page.
 */
export function runMultiSearch(
  core: Core,
  body: unknown,
  auth: Auth,
  origin?: SearchOrigin,
): { results: Record<string, unknown>[] } {
  const strategy =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? ((body as Record<string, unknown>).strategy ?? 'none')
      : 'none';
  if (strategy !== 'none' && strategy !== 'stopIfEnoughMatches')
    throw badRequest(`Invalid value for \`strategy\`: expected "none" or "stopIfEnoughMatches"`);
  const entries = requestsOf(body).map((raw, i) => parseEntry(raw, i, auth));
  for (const entry of entries) requireIndex(core.state, entry.indexName);
  const results: Record<string, unknown>[] = [];
  let enough = false;
  for (const entry of entries) {
    if (entry.facet) {
      results.push({ ...searchFacetEntry(core, auth, entry.facet.entry, entry.facet.position) });
      continue;
    }
    if (enough) {
      results.push(skipped(core, entry, auth));
      continue;
    }
    const result = runSearch(core, entry.indexName, entry.params, auth, { withIndexName: true, origin });
    results.push({ ...result, processed: true });
    if (strategy === 'stopIfEnoughMatches' && (result.nbHits as number) >= (result.hitsPerPage as number))
      enough = true;
  }
  return { results };
}

/** The answer for a query `stopIfEnoughMatches` did not run. */
function skipped(core: Core, entry: Entry, auth: Auth): Record<string, unknown> {
  const index = requireIndex(core.state, entry.indexName);
  const options = resolveOptions(effectiveSettings(index), withForcedParameters(entry.params, auth));
  return {
    hits: [],
    nbHits: 0,
    page: options.page,
    nbPages: 0,
    hitsPerPage: options.hitsPerPage,
    processingTimeMS: 1,
    query: options.query,
    params: encodeParams(entry.params),
    index: entry.indexName,
    processed: false,
  };
}
