import type { Core } from '../../core';
import type { QueryOptions } from './options';
import type { PageWindow } from './paginate';
import { responseExtensions } from './extensions';
import { encodeParams } from './params';

export interface ResponseInput {
  readonly core: Core;
  readonly options: QueryOptions;
  readonly indexName: string;
  readonly withIndexName: boolean;
  readonly hits: Record<string, unknown>[];
  readonly nbHits: number;
  /** The query as sent: rules may have rewritten the one that ran (see `parsedQuery`). */
  readonly query: string;
  readonly window: PageWindow;
  readonly queryAfterRemoval?: string;
  readonly parsedQuery: string;
  /** Fields from stages (facets, rules, ...). */
  readonly extra: Record<string, unknown>;
}

/** Fields `responseFields` can never remove. */
const ALWAYS = new Set(['message', 'warning', 'cursor', 'abTestVariantID']);

/** A query ID for click analytics: 32 hex characters from the seeded generator. */
export function newQueryID(core: Core): string {
  return core.random.chars(32, '0123456789abcdef');
}

/** The search response body, field for field as the service returns it. */
export function buildResponse(input: ResponseInput): Record<string, unknown> {
  const { options, window } = input;
  const body: Record<string, unknown> = {
    hits: input.hits,
    nbHits: input.nbHits,
    page: window.page,
    nbPages: window.nbPages,
    hitsPerPage: window.hitsPerPage,
  };
  if (window.offset !== undefined) {
    body.offset = window.offset;
    body.length = window.length;
  }
  body.exhaustiveNbHits = true;
  if (options.typoTolerance !== false) body.exhaustiveTypo = true;
  body.exhaustive = options.typoTolerance !== false ? { nbHits: true, typo: true } : { nbHits: true };
  Object.assign(body, input.extra);
  if (input.extra.facets !== undefined) {
    body.exhaustiveFacetsCount = true;
    body.exhaustive = { ...(body.exhaustive as object), facetsCount: true };
  }
  body.query = input.query;
  body.params = encodeParams(options.params);
  const extensions = responseExtensions(options.params.extensions);
  if (extensions) body.extensions = extensions;
  if (input.queryAfterRemoval !== undefined) body.queryAfterRemoval = input.queryAfterRemoval;
  body.parsedQuery = input.parsedQuery;
  if (input.withIndexName) body.index = input.indexName;
  body.renderingContent = body.renderingContent ?? options.renderingContent;
  if (options.clickAnalytics) body.queryID = newQueryID(input.core);
  body.processingTimeMS = 1;
  if (options.getRankingInfo) {
    body.serverUsed = 'search-emulator';
    body.indexUsed = input.indexName;
    body.timeoutCounts = false;
    body.timeoutHits = false;
    body.processingTimingsMS = { request: { roundTrip: 0 }, total: 1 };
  }
  return applyResponseFields(body, options.responseFields);
}

/** Keeps only the listed top-level fields (`*` keeps all). */
export function applyResponseFields(body: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  if (fields.includes('*')) return body;
  const keep = new Set(fields);
  return Object.fromEntries(
    Object.entries(body).filter(
      ([name]) =>
        keep.has(name) ||
        ALWAYS.has(name) ||
        name === 'serverUsed' ||
        name === 'indexUsed' ||
        name === 'timeoutCounts' ||
        name === 'timeoutHits',
    ),
  );
}
