import { route, type OperationContext, type Route } from '../../route';
import { runBrowse } from './browse';
import { runMultiSearch } from './multi';
import { paramsBody, parseParams } from './params';
import { runSearch } from './search';

const INDEX = '/1/indexes/{indexName}';

/** What search does not reproduce yet (details in docs/engine.md), shown in the parity report. */
const SEARCH_GAPS = {
  status: 'partial',
  note: 'attributesToTransliterate: kana to kana and romaji only (kanji readings need a dictionary); a rule redirect to another index is not followed',
} as const;

const bodyParams = (ctx: OperationContext) => paramsBody(ctx.req.body);

/** Query-string parameters other than credentials. */
function queryParams(ctx: OperationContext): Record<string, unknown> {
  return Object.fromEntries(Object.entries(ctx.req.query).filter(([name]) => !/^x-(algolia|service)-/i.test(name)));
}

/** POST /1/indexes/{indexName}/query */
function searchSingleIndex(ctx: OperationContext) {
  return runSearch(ctx.core, ctx.params.indexName, parseParams([bodyParams(ctx)]), ctx.auth, { origin: ctx });
}

/** GET /1/indexes/{indexName}: the same search with parameters in the query string. */
function searchSingleIndexGet(ctx: OperationContext) {
  return runSearch(ctx.core, ctx.params.indexName, parseParams([queryParams(ctx)]), ctx.auth, { origin: ctx });
}

/** Search, browse and multi-index query routes (facet value search is registered elsewhere). */
export const queryRoutes: Route[] = [
  route({
    operation: 'searchSingleIndex',
    method: 'POST',
    path: `${INDEX}/query`,
    host: 'search',
    acl: 'search',
    call: { body: 'searchParams' },
    handler: searchSingleIndex,
    parity: SEARCH_GAPS,
  }),
  route({
    operation: 'searchSingleIndex',
    method: 'GET',
    path: INDEX,
    host: 'search',
    acl: 'search',
    handler: searchSingleIndexGet,
    parity: SEARCH_GAPS,
  }),
  route({
    operation: 'browse',
    method: 'POST',
    path: `${INDEX}/browse`,
    host: 'search',
    acl: 'browse',
    call: { body: 'browseParams' },
    handler: (ctx) => runBrowse(ctx.core, ctx.params.indexName, [bodyParams(ctx)], ctx.auth),
  }),
  route({
    operation: 'browse',
    method: 'GET',
    path: `${INDEX}/browse`,
    host: 'search',
    acl: 'browse',
    handler: (ctx) => runBrowse(ctx.core, ctx.params.indexName, [queryParams(ctx)], ctx.auth),
  }),
  route({
    operation: 'search',
    method: 'POST',
    path: '/1/indexes/*/queries',
    host: 'search',
    acl: 'search',
    call: { body: '$params' },
    handler: (ctx) => runMultiSearch(ctx.core, ctx.req.body, ctx.auth, ctx),
    parity: SEARCH_GAPS,
  }),
];
