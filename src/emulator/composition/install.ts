import type { Core, DispatchEvent } from '../core';
import { recordSearch } from '../analytics';
import { splitUser } from '../abtesting/split';
import { readHeader } from '../request';

const RUN = '/1/compositions/{compositionID}/run';

/**
 * Records each result set of an answered composition run as a search of its main index, through
 * the analytics recording API: `/2` and `/3` analytics count it, and insights events reach it
 * through its query ID.
 */
export function installComposition(core: Core): void {
  core.observe((event) => recordRun(core, event));
}

function recordRun(core: Core, event: DispatchEvent): void {
  const { route, res, req, auth } = event;
  if (route?.path !== RUN || route.method !== 'POST' || res.status !== 200 || !auth) return;
  const params = ((req.body as { params?: Record<string, unknown> } | undefined)?.params ?? {}) as Record<
    string,
    unknown
  >;
  const results = (res.body as { results?: Record<string, unknown>[] }).results ?? [];
  const { injectedItems: _, sortBy: __, ...searchParams } = params;
  for (const result of results) {
    if (typeof result.index !== 'string') continue;
    const hits = Array.isArray(result.hits) ? (result.hits as { objectID?: unknown }[]) : [];
    recordSearch(core, {
      indexName: result.index,
      params: searchParams,
      nbHits: typeof result.nbHits === 'number' ? result.nbHits : hits.length,
      hits: hits.map((hit) => String(hit.objectID ?? '')).filter(Boolean),
      ...(typeof result.queryID === 'string' ? { queryID: result.queryID } : {}),
      user: splitUser(req, auth, undefined),
      ...((readHeader(req, 'x-emulator-country') ?? core.options.country) !== undefined
        ? { country: readHeader(req, 'x-emulator-country') ?? core.options.country }
        : {}),
      at: event.at,
    });
  }
}
