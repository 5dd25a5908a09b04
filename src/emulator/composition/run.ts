import { badRequest, notImplemented } from '../errors';
import { assertIndexAllowed } from '../gate';
import type { OperationContext } from '../route';
import { encodeParams, parseParams, type RawParams } from '../search/engine/params';
import { runSearch } from '../search/engine/search';
import { requireIndex } from '../search/store';
import { assemble, type Group } from './assemble';
import { requireComposition } from './compositions';
import { disjunctiveFacets, splitFacets } from './facets';
import { triggeredRule } from './rule-match';
import type { StoredComposition } from './state';
import { readFeedsOrder, readObject, readSearchParams, RUN_PARAMS } from './validate';

type Json = Record<string, any>;

/** Run parameters that steer the composition, not a search. */
const COMPOSITION_ONLY = new Set(['injectedItems', 'sortBy', 'enableRules', 'facets', 'page', 'hitsPerPage']);
/** The filters a run passes on to its injected groups, with its query. */
const FILTERS = ['filters', 'facetFilters', 'numericFilters', 'optionalFilters'];
const DEFAULT_HITS_PER_PAGE = 20;

/** The external items a run names per injected group key. */
type External = Record<string, { objectID: string; metadata?: Json }[]>;

/**
 * POST /1/compositions/{compositionID}/run — the composition's behavior (or the one a triggered
 * composition rule puts in its place): an injection runs its main search (the `sortBy`
 * strategy's index in place of the main one) and places each injected group's hits from its
 * position; a multifeed runs each feed so, one result set each, in `feedsOrder`.
 */
export function search(ctx: OperationContext) {
  const { core } = ctx;
  const id = ctx.params.compositionID;
  const composition = requireComposition(core, id);
  const body = readObject(ctx.req.body ?? {}, 'body', ['params', 'feedsOrder']);
  const raw = body.params === undefined ? {} : readSearchParams(body.params, 'params', RUN_PARAMS);
  const external = readExternal(raw.injectedItems);
  // Typed as a search reads them (`"20"` is 20, a comma list an array); `sortBy` is the composition's own.
  const { injectedItems: _, sortBy, ...searchable } = raw;
  if (sortBy !== undefined && typeof sortBy !== 'string')
    throw badRequest('Invalid `params.sortBy`: expected a string');
  const params: Json = { ...parseParams([searchable]), ...(sortBy !== undefined ? { sortBy } : {}) };
  const mainIndexOf = (behavior: Json) => behavior.injection?.main?.source?.search?.index as string | undefined;
  const rule =
    params.enableRules === false
      ? undefined
      : triggeredRule(core, id, {
          query: typeof params.query === 'string' ? params.query : '',
          ruleContexts: Array.isArray(params.ruleContexts) ? (params.ruleContexts as string[]) : [],
          filters: [
            ...(typeof params.filters === 'string' ? [params.filters] : []),
            ...[params.facetFilters].flat(2).filter((f): f is string => typeof f === 'string'),
            ...[params.numericFilters].flat(2).filter((f): f is string => typeof f === 'string'),
          ],
          ...(typeof params.sortBy === 'string' ? { sortBy: params.sortBy } : {}),
          mainIndex: mainIndexOf(composition.behavior as Json) ?? '',
        });
  const behavior = ((rule?.consequence as Json | undefined)?.behavior ?? composition.behavior) as Json;
  const run = { ctx, composition, params, external };
  let results: Json[];
  if (behavior.injection) results = [runInjection(run, behavior.injection)];
  else {
    const feeds = behavior.multifeed.feeds as Record<string, Json>;
    const order =
      body.feedsOrder !== undefined
        ? readFeedsOrder(body.feedsOrder, 'feedsOrder')
        : ((behavior.multifeed.feedsOrder as string[] | undefined) ?? Object.keys(feeds));
    results = order
      .filter((feedID) => feeds[feedID])
      .map((feedID) => ({ feedID, ...runInjection(run, feeds[feedID].injection) }));
  }
  return {
    compositions: { run: [{ objectID: id, ...(rule ? { appliedRules: [{ objectID: rule.objectID }] } : {}) }] },
    results,
  };
}

function readExternal(value: unknown): External {
  if (value === undefined) return {};
  const groups = readObject(value, 'params.injectedItems');
  const out: External = {};
  for (const [key, raw] of Object.entries(groups)) {
    const group = readObject(raw, `params.injectedItems.${key}`, ['items']);
    if (!Array.isArray(group.items))
      throw badRequest(`Invalid \`params.injectedItems.${key}.items\`: expected an array`);
    out[key] = group.items.map((item, i) => {
      const entry = readObject(item, `params.injectedItems.${key}.items[${i}]`, ['objectID', 'metadata']);
      if (typeof entry.objectID !== 'string' || entry.objectID === '')
        throw badRequest(`Invalid \`params.injectedItems.${key}.items[${i}].objectID\`: expected a non-empty string`);
      return entry.metadata === undefined
        ? { objectID: entry.objectID }
        : {
            objectID: entry.objectID,
            metadata: readObject(entry.metadata, `params.injectedItems.${key}.items[${i}].metadata`),
          };
    });
  }
  return out;
}

interface Run {
  readonly ctx: OperationContext;
  readonly composition: StoredComposition;
  readonly params: Json;
  readonly external: External;
}

/** A source that reads from elsewhere than an index: not emulated. */
function recommendSource(): never {
  throw notImplemented(
    'Composition sources of kind `recommend`',
    'search and external sources are (docs/composition.md)',
  );
}

/**
 * The index of a `sortBy` label, when the composition's sorting strategy has it (checked to be the
 * main index's replica).
 */
function sortedIndex(run: Run, main: string): string {
  const label = run.params.sortBy;
  const strategy = run.composition.sortingStrategy as Record<string, string> | undefined;
  const target = typeof label === 'string' ? strategy?.[label] : undefined;
  if (target === undefined) return main;
  const index = requireIndex(run.ctx.core.state, target);
  if (target !== main && index.primary !== main)
    throw badRequest(`The sorting index ${target} is not a replica of the composition's main index ${main}`);
  return target;
}

/** The run's own search parameters (those that are search parameters), typed. */
function runSearchParams(run: Run): RawParams {
  return parseParams([Object.fromEntries(Object.entries(run.params).filter(([name]) => !COMPOSITION_ONLY.has(name)))]);
}

function runInjection(run: Run, injection: Json): Json {
  const { ctx, composition } = run;
  const source = injection.main.source as Json;
  if (source.recommend) recommendSource();
  const mainIndex = sortedIndex(run, source.search.index as string);
  assertIndexAllowed(ctx.auth, mainIndex);
  const configured = parseParams([source.search.params ?? {}]);
  const own = runSearchParams(run);
  const hitsPerPage = (run.params.hitsPerPage ?? configured.hitsPerPage ?? DEFAULT_HITS_PER_PAGE) as number;
  const page = (run.params.page ?? 0) as number;
  const facets = splitFacets(run.params.facets ?? configured.facets);
  const items = (injection.injectedItems as Json[] | undefined) ?? [];
  const injectedCount = items.reduce((sum, item) => sum + (item.length as number), 0);
  const mainParams: RawParams = { ...configured, ...own, facets: facets.plain, page: 0 };
  // Enough main hits to fill the page once the groups and duplicates have taken their share.
  mainParams.hitsPerPage = Math.min(1000, (page + 1) * hitsPerPage + injectedCount);
  // The A/B test of the index applies unless the composition mixes indices (the OpenAPI's rule).
  const oneIndex = items.every((item) => indexOfSource(item.source as Json) === mainIndex);
  const response = runSearch(ctx.core, mainIndex, mainParams, ctx.auth, {
    withIndexName: true,
    ...(oneIndex ? { origin: ctx } : {}),
  });
  const groups: Group[] = items.map((item) => ({
    key: item.key as string,
    position: item.position as number,
    hits: groupHits(run, item, own),
  }));
  const positioning =
    (injection.deduplication?.positioning as 'highest' | 'highestInjected' | undefined) ?? 'highestInjected';
  const assembled = assemble(response.hits as Json[], groups, positioning);
  const nbHits =
    (response.nbHits as number) - assembled.removedFromMain + groups.reduce((sum, g) => sum + g.hits.length, 0);
  const out: Json = { ...response };
  if (facets.disjunctive.length > 0)
    out.facets = {
      ...(response.facets as Json),
      ...disjunctiveFacets(ctx.core, ctx.auth, mainIndex, { ...configured, ...own }, facets.disjunctive),
    };
  out.hits = assembled.hits.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
  // The parameters as asked, not the wider window the main search read.
  out.params = encodeParams({
    ...configured,
    ...own,
    ...(run.params.facets !== undefined ? { facets: run.params.facets } : {}),
    page,
    hitsPerPage,
  });
  out.nbHits = nbHits;
  out.page = page;
  out.hitsPerPage = hitsPerPage;
  out.nbPages = hitsPerPage === 0 ? 0 : Math.ceil(nbHits / hitsPerPage);
  out.compositions = { [composition.objectID]: { injectedItems: items.map((item) => ({ key: item.key })) } };
  return out;
}

const indexOfSource = (source: Json): string | undefined =>
  source.search?.index ?? source.external?.index ?? source.recommend?.indexName;

/**
 * One injected group's hits: a search on its index with the run's query and filters under its
 * own, or the run's external items of its key (those the index has); decorated with the group's
 * metadata (`_extra`) and, with `getRankingInfo`, where each came from (`_rankingInfo.composed`).
 */
function groupHits(run: Run, item: Json, own: RawParams): Json[] {
  const { ctx, composition } = run;
  const source = item.source as Json;
  if (source.recommend) recommendSource();
  const spec = (source.search ?? source.external) as Json;
  const index = spec.index as string;
  assertIndexAllowed(ctx.auth, index);
  const configured = parseParams([spec.params ?? {}]);
  const length = item.length as number;
  let hits: Json[];
  const extras = new Map<string, Json>();
  if (source.search) {
    const params: RawParams = { ...configured, query: own.query ?? '', hitsPerPage: length, page: 0 };
    for (const name of FILTERS) params[name] = combine(name, configured[name], own[name]);
    hits = runSearch(ctx.core, index, params, ctx.auth).hits as Json[];
  } else {
    const records = requireIndex(ctx.core.state, index).records;
    const wanted = run.external[item.key as string] ?? [];
    hits = [];
    for (const entry of wanted) {
      const record = records.get(entry.objectID);
      if (!record) continue;
      hits.push({ ...record });
      if (entry.metadata) extras.set(entry.objectID, entry.metadata);
    }
    hits = hits.slice(0, length);
  }
  const metadata = item.metadata?.hits as { addItemKey?: boolean; extra?: Json } | undefined;
  const withRanking = own.getRankingInfo === true;
  return hits.map((hit) => {
    const out: Json = { ...hit };
    const extra = {
      ...metadata?.extra,
      ...extras.get(String(hit.objectID)),
      ...(metadata?.addItemKey ? { _injectedItemKey: item.key } : {}),
    };
    if (Object.keys(extra).length > 0) out._extra = extra;
    if (withRanking)
      out._rankingInfo = {
        ...(hit._rankingInfo as Json),
        composed: { [composition.objectID]: { index, injectedItemKey: item.key } },
      };
    return out;
  });
}

/** A group's own filter and the run's, both applying. */
function combine(name: string, configured: unknown, own: unknown): unknown {
  if (own === undefined || own === '') return configured;
  if (configured === undefined || configured === '') return own;
  if (name === 'filters') return `(${String(configured)}) AND (${String(own)})`;
  return [...[configured].flat(), ...[own].flat()];
}
