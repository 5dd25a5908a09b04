import type { Core } from '../core';
import { notFound } from '../errors';
import { assertIndexAllowed } from '../gate';
import type { Auth, OperationContext } from '../route';
import { resolveOptions } from '../search/engine/options';
import { applyResponseFields, newQueryID } from '../search/engine/response';
import { withForcedParameters } from '../search/engine/search';
import { insertPins } from '../search/rules/promote';
import { effectiveSettings } from '../search/settings/effective';
import { recordsOf, requireIndex } from '../search/store';
import type { IndexState, SearchRecord } from '../state';
import { boughtTogether } from './models/bought-together';
import { derived, type Scored } from './models/common';
import { lookingSimilar } from './models/looking-similar';
import { relatedProducts } from './models/related-products';
import { trendingFacets, trendingItems } from './models/trending';
import { MAX_RECOMMENDATIONS, parseRequest, requestsOf, type RecommendRequest } from './request';
import { applyRecommendRules, type RulesOutcome } from './rules/apply';
import { rulesOf } from './rules/operations';
import { decorate, fallbackHits, select } from './search-core';
import { RULE_MODELS, type RuleModel, type Training } from './state';
import { TRAINING_HOUR_UTC } from './training';

interface Plan {
  readonly request: RecommendRequest;
  readonly index: IndexState;
  readonly training: Training;
}

/**
 * POST /1/indexes/*\/recommendations — one result per request, in order. Every request is
 * checked (body, key, index, trained model) before any is answered, and the query IDs of
 * `clickAnalytics` reach insights only once all are: a refused call changes nothing.
 */
export function getRecommendations(ctx: OperationContext) {
  const { core, auth } = ctx;
  const plans: Plan[] = requestsOf(ctx.req.body).map((raw, i) => {
    const request = parseRequest(raw, `requests[${i}]`);
    assertIndexAllowed(auth, request.indexName);
    const index = requireIndex(core.state, request.indexName);
    const training = core.state.recommend.trainings.get(request.indexName);
    if (!training) throw untrained(request);
    return { request, index, training };
  });
  return { results: plans.map((plan) => recommend(core, auth, plan)) };
}

/**
 * The live API answers a model it has not trained with the 404 of a missing index (its models
 * live in indices of their own); the message says what to do in the emulator.
 */
function untrained({ model, indexName }: RecommendRequest) {
  return notFound(
    `Index does not exist: the ${model} model of index "${indexName}" has not been trained yet. The emulator trains every index's models ` +
      `daily at ${String(TRAINING_HOUR_UTC).padStart(2, '0')}:00 UTC once Recommend is in use; emulator.trainRecommendModels() trains them now.`,
  );
}

/**
 * One result: the model's recommendations at or above the threshold (the source item left
 * out), the rules' hides and filters, the search core's filters, optional filters first, then
 * the rules' promotions, `maxRecommendations`, and the fallback search when short.
 */
function recommend(core: Core, auth: Auth, { request, index, training }: Plan): Record<string, unknown> {
  const { indexName, model, maxRecommendations: max } = request;
  const params = withForcedParameters(request.queryParameters, auth);
  const options = resolveOptions(effectiveSettings(index), params);
  if (model === 'trending-facets') {
    const facets = derived(training, `trending-facets\u0000${request.facetName}`, () =>
      trendingFacets(training, request.facetName!),
    ).filter(({ score }) => score >= request.threshold);
    const hits = (max > 0 ? facets.slice(0, max) : facets).map(({ facetValue, score }) => ({
      facetName: request.facetName,
      facetValue,
      _score: score,
    }));
    return result(core, request, options, hits, {});
  }
  const source = request.objectID === undefined ? undefined : recordsOf(core.state, index).get(request.objectID);
  const rules = rulesFor(core, request, index, source, params);
  const candidates = modelOutput(training, request).filter(
    ({ objectID, score }) => score >= request.threshold && objectID !== request.objectID && !rules.hide.has(objectID),
  );
  const promoted = rules.promote.filter(({ objectID }) => !rules.hide.has(objectID) && objectID !== request.objectID);
  const selection = select(
    core,
    auth,
    indexName,
    [...new Set([...promoted.map((p) => p.objectID), ...candidates.map((c) => c.objectID)])],
    params,
    rules,
  );
  const scores = new Map(candidates.map(({ objectID, score }) => [objectID, score]));
  // Optional filters lead (higher filters score first); the model's order within the same score.
  const ordered = candidates
    .filter(({ objectID }) => selection.boosts.has(objectID))
    .map((candidate, rank) => ({ candidate, rank, boost: selection.boosts.get(candidate.objectID)! }))
    .sort((a, b) => b.boost - a.boost || a.rank - b.rank)
    .map(({ candidate }) => candidate.objectID);
  let ids = pin(
    ordered,
    promoted.filter(({ objectID }) => selection.boosts.has(objectID)),
  );
  if (max > 0) ids = ids.slice(0, max);
  const decorated = decorate(core, auth, indexName, ids, params, rules);
  const hits = ids
    .filter((objectID) => decorated.has(objectID))
    .map((objectID) => ({ ...decorated.get(objectID)!, _score: scores.get(objectID) ?? 0 }));
  if (max > 0 && hits.length < max && request.fallbackParameters) {
    const excluded = new Set([...ids, ...rules.hide, ...(request.objectID === undefined ? [] : [request.objectID])]);
    for (const hit of fallbackHits(core, auth, indexName, request.fallbackParameters, excluded, max - hits.length))
      hits.push({ ...hit, _score: 0 });
  }
  return result(core, request, options, hits, selection.response, rules);
}

/** The model's recommendations for a request's source item or facet, computed once per training. */
function modelOutput(training: Training, request: RecommendRequest): readonly Scored[] {
  const key = [request.model, request.objectID, request.facetName, request.facetValue].join('\u0000');
  return derived(training, key, () => compute(training, request));
}

function compute(training: Training, request: RecommendRequest): Scored[] {
  switch (request.model) {
    case 'bought-together':
      return boughtTogether(training, request.objectID!);
    case 'related-products':
      return relatedProducts(training, request.objectID!);
    case 'looking-similar':
      return lookingSimilar(training, request.objectID!);
    default:
      return trendingItems(
        training,
        request.facetName === undefined ? undefined : { name: request.facetName, value: request.facetValue! },
      );
  }
}

const NO_RULES: RulesOutcome = {
  applied: [],
  hide: new Set(),
  promote: [],
  filters: [],
  facetFilters: [],
  numericFilters: [],
  tagFilters: [],
  optionalFilters: [],
  sumOrFiltersScores: false,
  userData: [],
};

/** The Recommend rules of the index and model that apply (none for looking-similar, or with `enableRules: false`). */
function rulesFor(
  core: Core,
  request: RecommendRequest,
  index: IndexState,
  source: SearchRecord | undefined,
  params: Record<string, unknown>,
): RulesOutcome {
  if (params.enableRules === false || !(RULE_MODELS as readonly string[]).includes(request.model)) return NO_RULES;
  const ruleContexts = Array.isArray(params.ruleContexts) ? (params.ruleContexts as unknown[]).map(String) : [];
  return applyRecommendRules(rulesOf(core.state, request.indexName, request.model as RuleModel).values(), {
    source,
    settings: effectiveSettings(index),
    now: core.now(),
    ruleContexts,
  });
}

/** Promoted records move to their positions (see insertPins); a record promoted twice keeps its first. */
function pin(ordered: readonly string[], promoted: readonly { objectID: string; position: number }[]): string[] {
  const pins = new Map<string, number>();
  for (const { objectID, position } of promoted) if (!pins.has(objectID)) pins.set(objectID, position);
  const out = ordered.filter((objectID) => !pins.has(objectID));
  return insertPins(
    out,
    [...pins].map(([item, position]) => ({ position, item })),
  );
}

/**
 * `hitsPerPage` as the live service answers it: 0 for an empty list (algoliasearch-client-ruby
 * #506), otherwise `maxRecommendations`, or 30 (its default) when absent (ruby #507: five
 * hits, `hitsPerPage` 30); never fewer than the hits, which fill one page.
 */
function pageSize(request: RecommendRequest, hits: number): number {
  if (hits === 0) return 0;
  return request.maxRecommendations > 0 ? request.maxRecommendations : Math.max(MAX_RECOMMENDATIONS, hits);
}

/** A result as the live API shapes it: one page holding every hit, the index's rendering content, a query ID when tracked. */
function result(
  core: Core,
  request: RecommendRequest,
  options: ReturnType<typeof resolveOptions>,
  hits: Record<string, unknown>[],
  searched: Record<string, unknown>,
  rules: RulesOutcome = NO_RULES,
): Record<string, unknown> {
  const typo = options.typoTolerance !== false;
  const body: Record<string, unknown> = {
    hits,
    nbHits: hits.length,
    page: 0,
    nbPages: hits.length > 0 ? 1 : 0,
    hitsPerPage: pageSize(request, hits.length),
    exhaustiveNbHits: true,
    ...(typo ? { exhaustiveTypo: true } : {}),
    exhaustive: typo ? { nbHits: true, typo: true } : { nbHits: true },
  };
  for (const name of ['facets', 'facets_stats', 'exhaustiveFacetsCount'] as const)
    if (searched[name] !== undefined) body[name] = searched[name];
  if (searched.facets !== undefined) body.exhaustive = { ...(body.exhaustive as object), facetsCount: true };
  body.index = request.indexName;
  body.renderingContent = options.renderingContent;
  if (rules.userData.length > 0) body.userData = rules.userData;
  if (options.getRankingInfo) body.appliedRules = rules.applied.map((objectID) => ({ objectID }));
  // Every model but trending-facets takes events (Recommend analytics).
  if (options.clickAnalytics && request.model !== 'trending-facets') body.queryID = newQueryID(core);
  body.processingTimeMS = 1;
  return applyResponseFields(body, options.responseFields);
}
