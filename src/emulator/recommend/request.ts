import { ApiError, badRequest } from '../errors';
import { parseParams, type RawParams } from '../search/engine/params';
import { checkFilterSyntax } from './filter-syntax';
import { MODELS, type Model } from './state';

/** `maxRecommendations` above this is refused, as the live API does (OpenAPI: 1 to 30, default 30; 0 or absent: all). */
export const MAX_RECOMMENDATIONS = 30;

/**
 * Parameters of `queryParameters` the live API sets itself: the recommendations are the hits
 * of a search it makes (OpenAPI 035c03e "remove recommend query params overridden by the API",
 * which took `facetFilters` out of `queryParameters` and kept it in `fallbackParameters`), and
 * they come as one page. Accepted, then ignored; `fallbackParameters` keeps its `facetFilters`.
 */
const OVERRIDDEN = ['facetFilters', 'page', 'hitsPerPage', 'offset', 'length'] as const;

/** Models that take a source item. */
const ITEM_MODELS: readonly Model[] = ['related-products', 'bought-together', 'looking-similar'];

/** One entry of `requests`, checked. */
export interface RecommendRequest {
  /** Where it sits in the body (`requests[1]`), for messages. */
  readonly where: string;
  readonly indexName: string;
  readonly model: Model;
  readonly threshold: number;
  /** 0: every recommendation, and no fallback. */
  readonly maxRecommendations: number;
  readonly objectID?: string;
  readonly facetName?: string;
  readonly facetValue?: string;
  /** Search parameters, coerced; the overridden ones removed. */
  readonly queryParameters: RawParams;
  readonly fallbackParameters?: RawParams;
}

/**
 * The `requests` of a body. The body is an object (OpenAPI); the official client wraps the
 * legacy array signature into `{ requests }` before sending, so an array here is refused.
 */
export function requestsOf(body: unknown): unknown[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('The body must be a JSON object with a `requests` array');
  const requests = (body as Record<string, unknown>).requests;
  if (requests === undefined) throw badRequest('requests is required');
  if (!Array.isArray(requests)) throw badRequest('requests must be an array');
  return requests;
}

/** Checks one request; every message starts with the field's path (`requests[0].threshold`). */
export function parseRequest(raw: unknown, where: string): RecommendRequest {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest(`${where} must be an object`);
  const entry = raw as Record<string, unknown>;
  const indexName = entry.indexName;
  if (typeof indexName !== 'string' || indexName === '')
    throw badRequest(`${where}.indexName is required and must be a non-empty string`);
  const model = entry.model;
  if (model === undefined) throw badRequest(`${where}.model is required`);
  if (!(MODELS as readonly unknown[]).includes(model))
    throw badRequest(`${where}.model must be one of ${MODELS.join(', ')}, got ${JSON.stringify(model)}`);
  const threshold = entry.threshold;
  if (threshold === undefined || threshold === null) throw badRequest(`${where}.threshold is required`);
  if (typeof threshold !== 'number' || !Number.isFinite(threshold) || threshold < 0 || threshold > 100) {
    throw badRequest(`${where}.threshold must be a number between 0 and 100, got ${JSON.stringify(threshold)}`);
  }
  const max = entry.maxRecommendations ?? 0;
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 0 || max > MAX_RECOMMENDATIONS) {
    throw badRequest(
      `${where}.maxRecommendations must be an integer between 1 and ${MAX_RECOMMENDATIONS} (0 or absent: all), got ${JSON.stringify(entry.maxRecommendations)}`,
    );
  }
  const request: { -readonly [K in keyof RecommendRequest]: RecommendRequest[K] } = {
    where,
    indexName,
    model: model as Model,
    threshold,
    maxRecommendations: max,
    queryParameters: searchParameters(entry.queryParameters, `${where}.queryParameters`, OVERRIDDEN),
  };
  if (entry.fallbackParameters !== undefined && entry.fallbackParameters !== null) {
    request.fallbackParameters = searchParameters(entry.fallbackParameters, `${where}.fallbackParameters`, [
      'page',
      'hitsPerPage',
      'offset',
      'length',
    ]);
  }
  if (ITEM_MODELS.includes(request.model)) {
    if (typeof entry.objectID !== 'string' || entry.objectID === '')
      throw badRequest(`${where}.objectID is required for the ${request.model} model and must be a non-empty string`);
    request.objectID = entry.objectID;
  } else if (request.model === 'trending-items') {
    const name = optionalText(entry.facetName, `${where}.facetName`);
    const value = optionalText(entry.facetValue, `${where}.facetValue`);
    if ((name === undefined) !== (value === undefined))
      throw badRequest(`${where}.facetName and ${where}.facetValue must be used together`);
    if (name !== undefined) Object.assign(request, { facetName: name, facetValue: value });
  } else {
    const name = optionalText(entry.facetName, `${where}.facetName`);
    if (name === undefined) throw badRequest(`${where}.facetName is required for the trending-facets model`);
    request.facetName = name;
  }
  return request;
}

function optionalText(value: unknown, where: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value === '') throw badRequest(`${where} must be a non-empty string`);
  return value;
}

/**
 * Search parameters as search reads them (400 on an unknown or mistyped one, or on a filter
 * that does not parse), less the ones the API sets.
 */
function searchParameters(value: unknown, where: string, dropped: readonly string[]): RawParams {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest(`${where} must be an object`);
  let params: RawParams;
  try {
    params = parseParams([value as RawParams]);
  } catch (error) {
    if (error instanceof ApiError) throw badRequest(`${where}: ${error.message}`);
    throw error;
  }
  for (const name of dropped) delete params[name];
  checkFilterSyntax(params, where);
  return params;
}
