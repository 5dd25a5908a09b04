import { describe, expect, it } from 'vitest';
import { createEmulator, type Route } from '../../src';
import type { Acl } from '../../src/emulator/route';
import { ALL_ACLS } from '../../src/emulator/security/acl';
import { hostPatterns } from '../../src/handlers/hosts';
import { isDocumentedServerError, suggestionsMessages } from '../../src/emulator/query-suggestions/errors';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer();

/** A base URL for each host family, as the real clients call them. */
const BASE: Record<Route['host'], string> = {
  search: 'https://TESTAPP.algolia.net',
  insights: 'https://insights.algolia.io',
  analytics: 'https://analytics.algolia.com',
  personalization: 'https://personalization.us.algolia.com',
  suggestions: 'https://query-suggestions.us.algolia.com',
  crawler: 'https://crawler.algolia.com',
  ingestion: 'https://data.us.algolia.com',
  monitoring: 'https://status.algolia.com',
  'advanced-personalization': 'https://ai-personalization.eu.algolia.com',
};

const SAMPLE: Record<string, string> = { taskID: '1', model: 'related-products', dictionaryName: 'stopwords' };
const pathOf = (route: Route, key = 'products') =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(name === 'key' ? key : (SAMPLE[name] ?? 'products')),
  );
/** The insights, personalization and Query Suggestions APIs answer a refused right with 401 instead of 403. */
const refusal = (route: Route) =>
  route.host === 'insights' || route.host === 'personalization' || route.host === 'suggestions' ? 401 : 403;

/** Routes the matrix checks: served (not 501 stubs) with a static right, or several (all needed). */
const emulatorRoutes = createEmulator().routes.filter(
  (route) => route.parity?.status !== 'missing' && (typeof route.acl === 'string' || Array.isArray(route.acl)),
);

/** Whether a key holding only `acl` passes the route's right. */
const passes = (route: Route, acl: string) =>
  Array.isArray(route.acl) ? route.acl.length === 1 && route.acl[0] === acl : route.acl === acl;

describe('ACL matrix generated from the route table: every route x every right, over msw', () => {
  it('covers this service and others', () => {
    expect(BASE.search).toMatch(hostPatterns('TESTAPP').search);
    expect(emulatorRoutes.length).toBeGreaterThan(30);
  });

  it.each(ALL_ACLS.map((acl) => [acl]))(
    'a key holding only %s gets 403 exactly where the route needs another right',
    async (acl) => {
      const { emulator } = env.fresh();
      await emulator.addOrUpdateObject({ indexName: 'products', objectID: 'products', body: { name: 'Phone' } });
      const { key } = await emulator.addApiKey({ acl: [acl] });
      const failures: string[] = [];
      for (const route of emulatorRoutes) {
        if (route.acl === 'none') continue;
        const url = `${BASE[route.host]}${pathOf(route, key)}`;
        const res = await fetch(url, {
          method: route.method,
          headers: {
            'x-algolia-application-id': emulator.appId,
            'x-algolia-api-key': key,
            'content-type': 'application/json',
          },
          body: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
        });
        const text = await res.text(); // some operations answer with an empty body
        const body = (text ? JSON.parse(text) : {}) as { message?: string };
        const allowed = passes(route, acl);
        const expectedMessage =
          route.acl === 'admin'
            ? 'Invalid Application-ID or API key'
            : route.host === 'suggestions'
              ? suggestionsMessages.missingAcl(route.acl as Acl)
              : 'Method not allowed with this API key';
        if (allowed && res.status === refusal(route)) failures.push(`${route.operation} refused: ${body.message}`);
        if (!allowed && (res.status !== refusal(route) || body.message !== expectedMessage)) {
          failures.push(`${route.operation} (${String(route.acl)}) answered ${res.status} ${body.message}`);
        }
        if (res.status >= 500 && res.status !== 501 && !isDocumentedServerError(route, body))
          failures.push(`${route.operation} crashed: ${body.message}`);
      }
      expect(failures).toEqual([]);
    },
  );

  it('the admin key passes every route (never 403)', async () => {
    const { emulator } = env.fresh();
    const refused: string[] = [];
    for (const route of emulator.routes) {
      const res = await emulator.request({
        method: route.method,
        path: pathOf(route),
        host: route.host,
        body: route.method === 'GET' ? undefined : {},
      });
      if (res.status === 403) refused.push(`${route.operation}: ${(res.body as { message: string }).message}`);
    }
    expect(refused.filter((line) => !/not enabled/.test(line))).toEqual([]);
  });

  it('a key without rights is refused everywhere a right is needed', async () => {
    const { emulator } = env.fresh();
    const { key } = await emulator.addApiKey({ acl: [] });
    for (const route of emulatorRoutes.filter((r) => r.acl !== 'none')) {
      const res = await emulator.request({
        method: route.method,
        path: pathOf(route, key),
        host: route.host,
        headers: { 'x-algolia-application-id': emulator.appId, 'x-algolia-api-key': key },
        body: route.method === 'GET' ? undefined : {},
      });
      expect(res.status, route.operation).toBe(refusal(route));
    }
  });
});
