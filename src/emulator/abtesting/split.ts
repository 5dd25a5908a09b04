import type { Core } from '../core';
import { readHeader, type EmulatorRequest } from '../request';
import type { Auth } from '../route';
import { parseParams, type RawParams } from '../search/engine/params';
import type { SearchRedirect } from '../search/engine/hooks';
import { statusOf, type StoredTest } from './state';

/**
 * Who a search is split by: its `userToken`, else the `X-Algolia-UserToken` header (or a
 * secured key's), else the client IP, as the service's documentation says ("by default, the
 * user token is the user's IP address").
 */
export function splitUser(req: EmulatorRequest, auth: Auth, userToken: unknown): string {
  // As the engine reads the parameter: a number is its text.
  if ((typeof userToken === 'string' && userToken !== '') || typeof userToken === 'number') return String(userToken);
  const forwarded = req.headers['x-forwarded-for']?.split(',')[0]?.trim();
  return readHeader(req, 'x-algolia-usertoken') ?? auth.userToken ?? (forwarded || auth.ip);
}

/** FNV-1a: a stable 32-bit hash. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The variant (1-based) a user gets: a bucket from 0 to 99 from the test's seeded salt and the
 * user, then the variants' traffic percentages in order. The same user always gets the same
 * variant of a test; two tests (or two seeds) split users independently.
 */
export function variantFor(test: StoredTest, user: string): number {
  const bucket = hash(`${test.salt}:${user}`) % 100;
  let upTo = 0;
  for (let i = 0; i < test.variants.length; i++) {
    upTo += test.variants[i].trafficPercentage;
    if (bucket < upTo) return i + 1;
  }
  return test.variants.length;
}

/** The active test whose control index is `indexName`. */
export function activeTestOn(core: Core, indexName: string): StoredTest | undefined {
  const now = core.now();
  for (const test of core.state.abtesting.tests.values())
    if (test.variants[0].index === indexName && statusOf(test, now) === 'active') return test;
  return undefined;
}

/**
 * The search router the engine calls for searches an application sends: while a test runs on
 * the index, the user's variant decides the index searched and the search parameters under
 * the query's own ("any parameters you send at query time overwrite those within the A/B
 * test"); `enableABTest: false` keeps the search out of it.
 */
export function routeSearch(
  core: Core,
  indexName: string,
  params: RawParams,
  origin: { readonly req: EmulatorRequest; readonly auth: Auth },
): SearchRedirect | undefined {
  if (core.state.abtesting.tests.size === 0 || params.enableABTest === false) return undefined;
  const test = activeTestOn(core, indexName);
  if (!test) return undefined;
  const variantID = variantFor(test, splitUser(origin.req, origin.auth, params.userToken));
  const variant = test.variants[variantID - 1];
  const custom = variant.customSearchParameters ? parseParams([variant.customSearchParameters]) : {};
  return {
    indexName: variant.index,
    params: { ...custom, ...params },
    response: { abTestID: test.abTestID, abTestVariantID: variantID },
  };
}
