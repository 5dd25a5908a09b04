import { lazyOperations } from '../../lazy';
import { route, type Route } from '../../route';
import { rateLimited } from '../reports/rate-limit';

/** The operations, loaded on the first call (lazy.ts). */
const lazy = lazyOperations(() => import('./operations'));

/** What the emulator's catalog covers (docs/analytics.md). */
const PATTERNS_PARITY = {
  status: 'partial',
  note: "the field catalog is the emulator's (core domain, over the /2 reports' data); other domains and the TAG_TREE operator answer 501",
} as const;
const QUERY = ['index'];

/** The Beta `/3/patterns` API (`analytics.algolia.com`) over the same data as the `/2` reports. */
// prettier-ignore
export const patternRoutes: Route[] = [
  route({ operation: 'getPatternsFields', method: 'GET', path: '/3/patterns/fields', host: 'analytics', acl: 'none', call: {}, handler: lazy('getPatternsFields'), parity: PATTERNS_PARITY }),
  route({ operation: 'queryPatternsTimeseries', method: 'POST', path: '/3/patterns/timeseries', host: 'analytics', acl: 'analytics', call: { query: QUERY, body: 'timeseriesPayload' }, handler: rateLimited(lazy('queryPatternsTimeseries')), parity: PATTERNS_PARITY }),
  route({ operation: 'queryPatternsScalar', method: 'POST', path: '/3/patterns/scalar', host: 'analytics', acl: 'analytics', call: { query: QUERY, body: 'scalarPayload' }, handler: rateLimited(lazy('queryPatternsScalar')), parity: PATTERNS_PARITY }),
  route({ operation: 'queryPatternsTable', method: 'POST', path: '/3/patterns/table', host: 'analytics', acl: 'analytics', call: { query: QUERY, body: 'tablePayload' }, handler: rateLimited(lazy('queryPatternsTable')), parity: PATTERNS_PARITY }),
  route({ operation: 'queryPatternsDistribution', method: 'POST', path: '/3/patterns/distribution', host: 'analytics', acl: 'analytics', call: { query: QUERY, body: 'distributionPayload' }, handler: rateLimited(lazy('queryPatternsDistribution')), parity: PATTERNS_PARITY }),
];
