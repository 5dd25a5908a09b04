import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmulator } from '../../src';
import { MAX_JSON_DEPTH, TOO_DEEP } from '../../src/emulator/json-depth';
import { expectUnchanged, rejects, setupSurfaces, SURFACES } from '../support/surfaces';
import { createHandlers } from '../../src/msw';

const open = setupSurfaces();

/** An object whose innermost value sits `levels` objects deep (the object itself is level 1). */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: 'bottom' };
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

/** The same nesting as JSON text, built without JSON.stringify (which overflows the stack first). */
const nestedText = (levels: number, inner = '"bottom"') => `${'{"a":'.repeat(levels)}${inner}${'}'.repeat(levels)}`;

describe.each(SURFACES)('the nesting limit (%s)', (surface) => {
  it(`stores a record nested ${MAX_JSON_DEPTH} levels, and every read answers`, async () => {
    const { api } = open(surface);
    await api.saveObject({
      indexName: 'deep',
      body: { objectID: 'd1', name: 'deep', tree: nested(MAX_JSON_DEPTH - 1) },
    });
    expect((await api.searchSingleIndex({ indexName: 'deep', searchParams: { query: 'deep' } })).hits).toHaveLength(1);
    expect((await api.browse({ indexName: 'deep' })).hits).toHaveLength(1);
    expect((await api.listIndices()).items.map((i: { name: string }) => i.name)).toEqual(['deep']);
    expect(await api.getObject({ indexName: 'deep', objectID: 'd1' })).toMatchObject({ objectID: 'd1' });
  });

  it('refuses a deeper record on every write route with the same 400, and stores nothing', async () => {
    const { api, emulator } = open(surface);
    await api.saveObject({ indexName: 'deep', body: { objectID: 'd0', name: 'flat' } });
    const before = emulator.core.state;
    const tree = nested(MAX_JSON_DEPTH + 1);
    const writes = [
      api.saveObject({ indexName: 'deep', body: { objectID: 'd1', tree } }),
      api.addOrUpdateObject({ indexName: 'deep', objectID: 'd1', body: { tree } }),
      api.partialUpdateObject({ indexName: 'deep', objectID: 'd0', attributesToUpdate: { tree } }),
      api.batch({
        indexName: 'deep',
        batchWriteParams: { requests: [{ action: 'addObject', body: { objectID: 'd1', tree } }] },
      }),
      api.multipleBatch({ requests: [{ action: 'addObject', indexName: 'deep', body: { objectID: 'd1', tree } }] }),
      api.setSettings({ indexName: 'deep', indexSettings: { userData: tree } }),
      api.saveRule({ indexName: 'deep', objectID: 'r1', rule: { objectID: 'r1', consequence: { userData: tree } } }),
    ];
    for (const write of writes) await rejects(write, 400, TOO_DEEP);
    expectUnchanged(emulator, before);
    expect(await api.getObject({ indexName: 'deep', objectID: 'd0' })).toEqual({ objectID: 'd0', name: 'flat' });
  });
});

describe('bodies nested 10,000 levels', () => {
  it('direct calls and emulator.request answer the 400 instead of throwing', async () => {
    const emulator = createEmulator();
    const tree = nested(10_000);
    await rejects(emulator.saveObject({ indexName: 'deep', body: { objectID: 'd1', tree } }), 400, TOO_DEEP);
    const res = await emulator.request({
      method: 'POST',
      path: '/1/indexes/deep/batch',
      body: { requests: [{ action: 'addObject', body: { tree } }] },
    });
    expect(res).toMatchObject({ status: 400, body: { status: 400, message: TOO_DEEP } });
    expect(emulator.core.state.indices.size).toBe(0);
  });

  describe('over msw', () => {
    const emulator = createEmulator();
    const server = setupServer(...createHandlers(emulator));
    beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
    afterAll(() => server.close());

    it('the handlers answer 400 {message, status} on every route and never throw', async () => {
      const errors = vi.spyOn(console, 'error');
      const headers = {
        'x-algolia-application-id': emulator.appId,
        'x-algolia-api-key': emulator.adminApiKey,
        'content-type': 'application/json',
      };
      const base = `https://${emulator.appId}.algolia.net`;
      const targets = [
        `${base}/1/indexes/deep`,
        `${base}/1/indexes/deep/batch`,
        `${base}/1/indexes/deep/query`,
        `${base}/1/indexes/*/queries`,
        `${base}/1/keys`,
        'https://insights.algolia.io/1/events',
      ];
      for (const url of targets) {
        for (const body of [
          nestedText(10_000),
          `[${nestedText(10_000, '[]')}]`,
          `{"s":"{{{{[[[[","t":${nestedText(MAX_JSON_DEPTH)}}`,
        ]) {
          const res = await fetch(url, { method: 'POST', headers, body });
          expect(res.status, url).toBe(400);
          expect(await res.json()).toEqual({ status: 400, message: TOO_DEEP });
        }
      }
      expect(errors).not.toHaveBeenCalled();
      errors.mockRestore();
      expect(emulator.core.state.indices.size).toBe(0);
    });
  });
});
