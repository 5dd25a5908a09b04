import type { Core, DispatchEvent } from '../core';
import { readBoolean, readSearchParams } from '../analytics/recording/params';
import type { Exposure } from './state';
import { activeTestOn, splitUser } from './split';

/** Records, after each answered search request, the searches A/B tests split (`abTestID` in a result). */
export function installAbtesting(core: Core): void {
  core.observe((event) => {
    if (core.state.abtesting.tests.size > 0) recordExposures(core, event);
  });
}

function recordExposures(core: Core, event: DispatchEvent): void {
  const { req, res, route, auth } = event;
  if (!route || !auth || route.host !== 'search' || res.status !== 200 || !res.body || typeof res.body !== 'object')
    return;
  const body = res.body as Record<string, unknown>;
  if (
    route.path === '/1/indexes/{indexName}/query' ||
    (route.path === '/1/indexes/{indexName}' && route.method === 'GET')
  )
    record(
      core,
      event,
      event.params?.indexName ?? '',
      readSearchParams(route.method === 'POST' ? req.body : req.query),
      body,
    );
  else if (route.path === '/1/compositions/{compositionID}/run' && Array.isArray(body.results)) {
    // A composition's run: each result set searched its main index with the run's parameters.
    const params = readSearchParams((req.body as { params?: unknown } | undefined)?.params);
    for (const result of body.results as Record<string, unknown>[])
      record(core, event, typeof result.index === 'string' ? result.index : '', params, result);
  } else if (route.path === '/1/indexes/*/queries' && Array.isArray(body.results)) {
    const requests = (req.body as { requests?: unknown[] } | unknown[] | undefined) ?? [];
    const entries = Array.isArray(requests) ? requests : (requests.requests ?? []);
    body.results.forEach((result, i) => {
      const entry = (entries[i] ?? {}) as { indexName?: unknown };
      const indexName = typeof entry.indexName === 'string' ? entry.indexName : '';
      record(core, event, indexName, readSearchParams(entry), result as Record<string, unknown>);
    });
  }
}

function record(
  core: Core,
  event: DispatchEvent,
  indexName: string,
  params: Record<string, unknown>,
  result: Record<string, unknown>,
): void {
  if (typeof result?.abTestVariantID !== 'number') return;
  // `responseFields` may leave `abTestID` out of the answer; the variant ID always stays.
  const abTestID = typeof result.abTestID === 'number' ? result.abTestID : activeTestOn(core, indexName)?.abTestID;
  if (abTestID === undefined) return;
  const forced = { ...params, ...event.auth!.queryParameters };
  if (!readBoolean(forced.analytics, true)) return;
  const exposure: Exposure = Object.freeze({
    abTestID,
    variant: result.abTestVariantID,
    at: event.at,
    user: splitUser(event.req, event.auth!, params.userToken),
    query: typeof params.query === 'string' ? params.query : params.query === undefined ? '' : String(params.query),
    nbHits: typeof result.nbHits === 'number' ? result.nbHits : 0,
    ...(typeof result.queryID === 'string' ? { queryID: result.queryID } : {}),
  });
  core.assign('abtesting', { exposures: core.state.abtesting.exposures.append(exposure) });
}
