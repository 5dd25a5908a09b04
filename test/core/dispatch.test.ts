import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../src/clock';
import { Core, type DispatchEvent } from '../../src/emulator/core';
import { dispatch } from '../../src/emulator/dispatch';
import { messages } from '../../src/emulator/errors';
import { createRandom } from '../../src/emulator/random';
import type { EmulatorRequest, HostFamily, Method } from '../../src/emulator/request';
import { route, type Route } from '../../src/emulator/route';
import { Router } from '../../src/emulator/router';
import { routes } from '../../src/emulator/routes';
import { initialState } from '../../src/emulator/state';

/**
 * One case per exit of the dispatch pipeline (src/emulator/dispatch.ts), in the order a request
 * meets them: faults, firewall, path, method, credentials, body, right, operation. Each exit
 * answers `{ message, status }` (or a network failure, status 0) and reports one event to the
 * observers, which says whether the operation was served.
 */

const ADMIN = { 'x-algolia-application-id': 'A', 'x-algolia-api-key': 'k' };

/** A route whose handler has a bug: what the funnel does with an error that is not an ApiError. */
const broken = route({
  operation: 'broken',
  method: 'GET',
  path: '/1/broken',
  host: 'search',
  acl: 'none',
  handler: () => {
    throw new TypeError('boom');
  },
});

function setup(extra: readonly Route[] = []) {
  const core = new Core(
    { appId: 'A', adminApiKey: 'k', indexingDelay: 0, clientIp: '127.0.0.1' },
    createFakeClock(0),
    createRandom(1),
    new Router([...routes, ...extra]),
    () => initialState(1),
  );
  const events: DispatchEvent[] = [];
  core.observe((event) => events.push(event));
  /** Sends one request; answers the response and the one event the observers got for it. */
  const send = async (method: Method, path: string, request: Partial<EmulatorRequest> & { host?: HostFamily } = {}) => {
    const before = events.length;
    const res = await dispatch(core, {
      method,
      path,
      host: 'search',
      query: {},
      headers: ADMIN,
      body: undefined,
      bodySize: 0,
      ...request,
    });
    expect(events.length - before, 'one event per request').toBe(1);
    return { res, event: events[events.length - 1] };
  };
  return { core, send };
}

describe('dispatch: one exit at a time', () => {
  it('served: the operation answers 200, the event carries the route, its parameters and the caller', async () => {
    const { send } = setup();
    await send('PUT', '/1/indexes/products/1', { body: { name: 'phone' } });
    const { res, event } = await send('GET', '/1/indexes/products/1');
    expect(res).toMatchObject({ status: 200, body: { objectID: '1', name: 'phone' } });
    expect(event).toMatchObject({ served: true, route: { operation: 'getObject' }, auth: { admin: true } });
    expect(event.params).toEqual({ indexName: 'products', objectID: '1' });
  });

  it('faults: an injected error answers in place of the operation, which never runs', async () => {
    const { core, send } = setup();
    core.faults.error(503, { operation: 'saveObject' });
    const { res, event } = await send('POST', '/1/indexes/products', { body: { name: 'phone' } });
    expect(res).toMatchObject({ status: 503, body: { message: 'Service Unavailable', status: 503 } });
    expect(event).toMatchObject({ served: false, fault: { kind: 'status', status: 503 } });
    expect(core.state.indices.size).toBe(0);
  });

  it('faults: a host down is a network failure (status 0), before the firewall or the gate look', async () => {
    const { core, send } = setup();
    core.faults.down({ host: 'search' });
    const { res, event } = await send('GET', '/1/indexes', { headers: {} });
    expect(res).toMatchObject({ status: 0, body: { message: messages.unreachable } });
    expect(event).toMatchObject({ served: false, fault: { kind: 'down' } });
  });

  it('faults: latency holds the answer until the emulator clock passes it; a response timeout sends no body', async () => {
    const { core, send } = setup();
    core.faults.latency('2s', { operation: 'listIndices', times: 1 });
    let answered = false;
    const pending = send('GET', '/1/indexes').then((sent) => ((answered = true), sent));
    await core.faults.whenWaiting(1);
    expect(answered).toBe(false);
    core.clock.advance('2s');
    expect((await pending).res.status).toBe(200);
    core.faults.timeout({ operation: 'listIndices', phase: 'response' });
    const { res, event } = await send('GET', '/1/indexes');
    expect(res).toMatchObject({ status: 200, transport: 'no-body' });
    expect(event).toMatchObject({ served: true, fault: { kind: 'timeout' } });
  });

  it('firewall: a source off the allow-list reaches no server (status 0), whatever it sends', async () => {
    const { send } = setup();
    expect((await send('PUT', '/1/security/sources', { body: [{ source: '10.0.0.0/8' }] })).res.status).toBe(200);
    const { res, event } = await send('GET', '/1/indexes');
    expect(res).toMatchObject({ status: 0, body: { message: messages.unreachable } });
    expect(event.served).toBe(false);
    const inside = await send('GET', '/1/indexes', { headers: { ...ADMIN, 'x-emulator-client-ip': '10.1.2.3' } });
    expect(inside.res.status).toBe(200);
  });

  it('path: no route matches: 404 on a served API, 501 naming the API on an unserved one', async () => {
    const { send } = setup();
    const { res, event } = await send('GET', '/1/nowhere');
    expect(res).toMatchObject({ status: 404, body: { message: 'Path not found: GET /1/nowhere', status: 404 } });
    expect(event).toMatchObject({ served: true, route: undefined });
    const unserved = await send('GET', '/1/nowhere', { host: 'advanced-personalization' });
    expect(unserved.res).toMatchObject({
      status: 501,
      body: {
        message: expect.stringMatching(/^The Advanced Personalization API \(GET \/1\/nowhere\) is not implemented/),
      },
    });
  });

  it('method: the path exists, not with this method: 404 that says so', async () => {
    const { send } = setup();
    const { res } = await send('PATCH', '/1/indexes');
    expect(res).toMatchObject({
      status: 404,
      body: { message: 'Method PATCH is not allowed on /1/indexes', status: 404 },
    });
  });

  it('credentials: a wrong application ID or key is 403, before the body is looked at', async () => {
    const { send } = setup();
    const wrong = { 'x-algolia-application-id': 'A', 'x-algolia-api-key': 'nope' };
    const { res, event } = await send('POST', '/1/indexes/products', {
      headers: wrong,
      bodyError: messages.invalidJson,
    });
    expect(res).toMatchObject({ status: 403, body: { message: messages.invalidCredentials, status: 403 } });
    expect(event).toMatchObject({ served: true, route: { operation: 'saveObject' }, auth: undefined });
  });

  it('body: a body that is not JSON is 400 once the caller is known', async () => {
    const { core, send } = setup();
    const { res, event } = await send('POST', '/1/indexes/products', { bodyError: messages.invalidJson });
    expect(res).toMatchObject({ status: 400, body: { message: messages.invalidJson, status: 400 } });
    expect(event.auth).toMatchObject({ admin: true });
    expect(core.state.indices.size).toBe(0);
  });

  it('right: a key without the ACL, or restricted to other indices, is 403 with the real message', async () => {
    const { send } = setup();
    const { res: created } = await send('POST', '/1/keys', { body: { acl: ['search'], indexes: ['products'] } });
    const key = (created.body as { key: string }).key;
    const asKey = { headers: { 'x-algolia-application-id': 'A', 'x-algolia-api-key': key } };
    const refused = await send('DELETE', '/1/indexes/products', asKey);
    expect(refused.res).toMatchObject({ status: 403, body: { message: messages.methodNotAllowed } });
    expect(refused.event.auth).toMatchObject({ admin: false, apiKey: key });
    const elsewhere = await send('POST', '/1/indexes/orders/query', { ...asKey, body: {} });
    expect(elsewhere.res).toMatchObject({ status: 403, body: { message: messages.indexNotAllowed } });
  });

  it('operation: an ApiError keeps its status and message', async () => {
    const { send } = setup();
    const { res, event } = await send('GET', '/1/indexes/products/1');
    expect(res).toMatchObject({ status: 404, body: { message: messages.indexNotFound, status: 404 } });
    expect(event).toMatchObject({ served: true, route: { operation: 'getObject' } });
  });

  it('operation: any other error is a 500 (a bug), never a crash', async () => {
    const { send } = setup([broken]);
    const { res, event } = await send('GET', '/1/broken');
    expect(res).toMatchObject({ status: 500, body: { message: 'Internal emulator error: boom', status: 500 } });
    expect(event).toMatchObject({ served: true, route: { operation: 'broken' } });
  });
});
