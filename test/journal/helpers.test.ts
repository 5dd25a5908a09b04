import '../../src/vitest';
import { algoliasearch } from 'algoliasearch';
import { describe, expect, it } from 'vitest';
import { createEmulator, createRequester } from '../../src';
import { setupSurfaces } from '../support/surfaces';

const open = setupSurfaces();

const PRODUCTS = [
  { objectID: 'p1', name: 'phone' },
  { objectID: 'p2', name: 'phone case' },
  { objectID: 'p3', name: 'charger' },
];

describe("the client's helpers by name, in matchers and journal filters (over msw)", () => {
  it('saveObjects, deleteObjects, partialUpdateObjects, chunkedBatch: the batch requests they send', async () => {
    const { emulator, client } = open('client');
    await client.saveObjects({ indexName: 'products', objects: PRODUCTS, batchSize: 2 });
    await client.partialUpdateObjects({
      indexName: 'products',
      objects: [{ objectID: 'p1', price: 5 }],
      createIfNotExists: true,
    });
    await client.deleteObjects({ indexName: 'products', objectIDs: ['p3'] });
    await client.chunkedBatch({
      indexName: 'products',
      objects: [{ objectID: 'p2', name: 'case' }],
      action: 'updateObject',
    });
    // A batch of mixed actions is no helper's.
    await client.batch({
      indexName: 'products',
      batchWriteParams: {
        requests: [
          { action: 'addObject', body: { objectID: 'p4' } },
          { action: 'deleteObject', body: { objectID: 'p1' } },
        ],
      },
    });

    // One batch request per chunk of `batchSize`: 3 objects in chunks of 2 are two requests.
    expect(emulator).toHaveReceivedTimes('saveObjects', 2);
    expect(emulator).toHaveReceivedTimes('saveObjects', 2, { indexName: 'products' });
    expect(emulator).toHaveReceived('saveObjects', { objects: [{ objectID: 'p3', name: 'charger' }] });
    expect(emulator).toHaveReceived('saveObjects', { objects: [{ objectID: 'p1' }, { objectID: 'p2' }] });
    expect(emulator).not.toHaveReceived('saveObjects', { objects: [{ objectID: 'p4' }] });
    expect(emulator).toHaveReceived('partialUpdateObjects', {
      indexName: 'products',
      objects: [{ objectID: 'p1', price: 5 }],
      createIfNotExists: true,
    });
    expect(emulator).not.toHaveReceived('partialUpdateObjects', { createIfNotExists: false });
    expect(emulator).toHaveReceivedTimes('deleteObjects', 1, { objectIDs: ['p3'] });
    // chunkedBatch is any one-action batch: the five above, not the mixed one.
    expect(emulator).toHaveReceivedTimes('chunkedBatch', 5);
    expect(emulator).toHaveReceived('chunkedBatch', { action: 'updateObject', objects: [{ objectID: 'p2' }] });
    expect(emulator).toHaveReceivedTimes('batch', 6);

    expect(emulator.journal.of('saveObjects').map((e) => e.operation)).toEqual(['batch', 'batch']);
    expect(emulator.journal.filter({ operation: ['deleteObjects', 'partialUpdateObjects'] }).map((e) => e.seq)).toEqual(
      [3, 4],
    );
  });

  it('replaceAllObjects: one per call, with the records it batched into its temporary index', async () => {
    const { emulator, client } = open('client');
    await emulator.setSettings({ indexName: 'products', indexSettings: { searchableAttributes: ['name'] } });
    await client.replaceAllObjects({ indexName: 'products', objects: PRODUCTS, batchSize: 2, scopes: ['settings'] });
    expect(emulator).toHaveReceivedTimes('replaceAllObjects', 1);
    expect(emulator).toHaveReceived('replaceAllObjects', {
      indexName: 'products',
      objects: PRODUCTS,
      scopes: ['settings'],
    });
    expect(emulator).not.toHaveReceived('replaceAllObjects', { objects: PRODUCTS.slice(0, 2) });
    // Its batches are saveObjects' requests too: chunks of 2 into the temporary index.
    expect(emulator).toHaveReceivedTimes('saveObjects', 2, { indexName: expect.stringMatching(/^products_tmp_\d+$/) });
    // A plain move between two indices is no replaceAllObjects.
    await client.operationIndex({
      indexName: 'products',
      operationIndexParams: { operation: 'move', destination: 'archive' },
    });
    expect(emulator).toHaveReceivedTimes('replaceAllObjects', 1);
    expect(emulator).toHaveReceivedTimes('operationIndex', 4);
  });

  it('browseObjects, browseRules, browseSynonyms: one per walk, however many pages', async () => {
    const { emulator, client } = open('client');
    await emulator.saveObjects({ indexName: 'products', objects: PRODUCTS });
    await emulator.saveRule({
      indexName: 'products',
      objectID: 'r1',
      rule: { objectID: 'r1', conditions: [{ pattern: 'phone', anchoring: 'contains' }], consequence: { params: {} } },
    });
    await emulator.saveSynonym({
      indexName: 'products',
      objectID: 's1',
      synonymHit: { objectID: 's1', type: 'synonym', synonyms: ['phone', 'mobile'] },
    });
    const pages: number[] = [];
    await client.browseObjects({
      indexName: 'products',
      browseParams: { hitsPerPage: 1 },
      aggregator: (page) => void pages.push(page.hits.length),
    });
    expect(pages).toEqual([1, 1, 1]);
    expect(emulator).toHaveReceivedTimes('browse', 3);
    expect(emulator).toHaveReceivedTimes('browseObjects', 1);
    expect(emulator).toHaveReceived('browseObjects', { indexName: 'products', browseParams: { hitsPerPage: 1 } });
    await client.browseRules({ indexName: 'products', aggregator: () => undefined });
    await client.browseSynonyms({ indexName: 'products', aggregator: () => undefined });
    expect(emulator).toHaveReceivedTimes('browseRules', 1, { indexName: 'products' });
    expect(emulator).toHaveReceivedTimes('browseSynonyms', 1);
    // A search of rules on page 1 is no walk's start.
    await client.searchRules({ indexName: 'products', searchRulesParams: { page: 1 } });
    expect(emulator).toHaveReceivedTimes('browseRules', 1);
    expect(emulator).toHaveReceivedTimes('searchRules', 2);
  });

  it('waitForTask: one per wait, the poll that answered published', async () => {
    const { emulator, client } = open('client', { indexingDelay: '2s' });
    const { taskID } = await client.saveObject({ indexName: 'products', body: { objectID: 'p1' } });
    // The client's own waitForTask polls on real timers: poll by hand, as it does.
    expect((await client.getTask({ indexName: 'products', taskID })).status).toBe('notPublished');
    expect(emulator).not.toHaveReceived('waitForTask');
    emulator.clock.advance('2s');
    expect((await client.getTask({ indexName: 'products', taskID })).status).toBe('published');
    expect(emulator).toHaveReceivedTimes('getTask', 2);
    expect(emulator).toHaveReceivedTimes('waitForTask', 1, { indexName: 'products', taskID });
    await client.waitForTask({ indexName: 'products', taskID });
    expect(emulator).toHaveReceivedTimes('waitForTask', 2);
    // Application-level tasks (dictionaries): waitForAppTask polls getAppTask.
    const { taskID: appTask } = await client.batchDictionaryEntries({
      dictionaryName: 'stopwords',
      batchDictionaryEntriesParams: {
        requests: [{ action: 'addEntry', body: { objectID: 'w1', language: 'en', word: 'foo' } }],
      },
    });
    expect((await client.getAppTask({ taskID: appTask })).status).toBe('notPublished');
    emulator.clock.advance('2s');
    await client.waitForAppTask({ taskID: appTask });
    expect(emulator).toHaveReceivedTimes('getAppTask', 2);
    expect(emulator).toHaveReceivedTimes('waitForAppTask', 1, { taskID: appTask });
  });

  it('indexExists, searchForHits, searchForFacets and the ...WithHTTPInfo methods', async () => {
    const { emulator, client } = open('client');
    await emulator.setSettings({
      indexName: 'products',
      indexSettings: { attributesForFaceting: ['searchable(brand)'] },
    });
    expect(await client.indexExists({ indexName: 'products' })).toBe(true);
    expect(await client.indexExists({ indexName: 'missing' })).toBe(false);
    expect(emulator).toHaveReceivedTimes('indexExists', 2);
    expect(emulator).toHaveReceived('indexExists', { indexName: 'missing' });
    await client.searchForHits({ requests: [{ indexName: 'products', query: 'phone' }] });
    await client.searchForFacets({ requests: [{ indexName: 'products', type: 'facet', facet: 'brand' }] });
    expect(emulator).toHaveReceivedTimes('search', 2);
    expect(emulator).toHaveReceivedTimes('searchForHits', 1, { query: 'phone' });
    expect(emulator).toHaveReceivedTimes('searchForFacets', 1, { facet: 'brand' });
    await client.searchSingleIndexWithHTTPInfo({ indexName: 'products', searchParams: { query: 'case' } });
    expect(emulator).toHaveReceived('searchSingleIndexWithHTTPInfo', { query: 'case' });
    expect(emulator).toHaveReceived('searchSingleIndex', { query: 'case' });
  });

  it('show a helper request as the helper takes its parameters when it fails', async () => {
    const { emulator, client } = open('client');
    await client.saveObjects({ indexName: 'products', objects: [PRODUCTS[0]] });
    let message = '';
    try {
      expect(emulator).toHaveReceived('saveObjects', { objects: [{ objectID: 'p9' }] });
    } catch (error) {
      // eslint-disable-next-line no-control-regex
      message = (error as Error).message.replace(/\u001b\[[0-9;]*m/g, '');
    }
    expect(message).toContain('#1 batch POST /1/indexes/products/batch -> 200');
    expect(message).toContain('objects[0].objectID: expected "p9", received "p1"');
  });
});

describe('names that select no request', () => {
  it('are refused with what the method sends instead, or a close name', async () => {
    const emulator = createEmulator();
    expect(() => expect(emulator).toHaveReceived('waitForApiKey' as never)).toThrow(
      /^toHaveReceived: "waitForApiKey" is a client method that polls getApiKey .* match "getApiKey" with \{ key \}$/,
    );
    expect(() => expect(emulator).not.toHaveReceived('generateSecuredApiKey' as never)).toThrow(
      'toHaveReceived: "generateSecuredApiKey" is a client method that runs in the client and sends no request',
    );
    expect(() => emulator.journal.of('accountCopyIndex' as never)).toThrow(
      /"accountCopyIndex" is a client method that sends getSettings, searchRules, searchSynonyms and browse to one application/,
    );
    // @ts-expect-error: a typo fails to compile, and is refused at run time
    expect(() => emulator.journal.filter({ operation: 'saveObjets' })).toThrow(/did you mean "saveObjects"\?/);
    // @ts-expect-error: no such method either
    expect(() => emulator.journal.of('searchSingleIndexWithHTTPInf')).toThrow(/no route is named/);
    // @ts-expect-error: a typo in the base name of a ...WithHTTPInfo method
    expect(() => emulator.journal.of('serchSingleIndexWithHTTPInfo')).toThrow(
      /no route is named "serchSingleIndex" \(did you mean "searchSingleIndex"\?\)/,
    );
  });

  it('a fault on a helper names the operation to scope it to', () => {
    const emulator = createEmulator();
    // @ts-expect-error: faults act on requests, a helper is several
    expect(() => emulator.faults.error(503, { operation: 'saveObjects' })).toThrow(
      new TypeError(
        'fault.operation: "saveObjects" is a client helper: it sends batch requests; scope the fault to "batch"',
      ),
    );
  });
});

describe('where requests came from', () => {
  it("marks each entry's surface; matchers count the application's traffic unless told otherwise", async () => {
    const { emulator, client } = open('client');
    await emulator.saveObjects({ indexName: 'products', objects: PRODUCTS });
    await emulator.request({ method: 'GET', path: '/1/indexes' });
    await client.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } });
    const inProcess = algoliasearch(emulator.appId, emulator.adminApiKey, { requester: createRequester(emulator) });
    await inProcess.getObject({ indexName: 'products', objectID: 'p1' });
    expect(emulator.journal.entries.map((e) => [e.operation, e.surface])).toEqual([
      ['batch', 'direct'],
      ['listIndices', 'direct'],
      ['searchSingleIndex', 'msw'],
      ['getObject', 'requester'],
    ]);
    expect(emulator.journal.filter({ surface: ['msw', 'requester'] }).map((e) => e.seq)).toEqual([3, 4]);
    expect(emulator.journal.last?.toJSON()).toMatchObject({ surface: 'requester' });
    // The seeding is the test's own: `.not` holds, and the options count it when asked.
    expect(emulator).not.toHaveReceived('saveObjects');
    expect(emulator).not.toHaveReceived('listIndices');
    expect(emulator).toHaveReceived('saveObjects', { objects: PRODUCTS }, { includeDirect: true });
    expect(emulator).toHaveReceived('getObject', { objectID: 'p1' });
    expect(emulator).toHaveSearched({ query: 'phone' });
    // @ts-expect-error: no such surface
    expect(() => emulator.journal.filter({ surface: 'http' })).toThrow(
      new TypeError('surface must be one of direct, msw, requester, server; got "http"'),
    );
  });

  it('journal.events({ indexName }) picks events by their own index', async () => {
    const { emulator, client } = open('client');
    const insights = client.initInsights({ region: 'us' });
    const view = (index: string, objectID: string) => ({
      eventType: 'view' as const,
      eventName: 'Viewed',
      index,
      userToken: 'u1',
      objectIDs: [objectID],
    });
    await insights.pushEvents({ events: [view('products', 'p1'), view('articles', 'a1')] });
    await insights.pushEvents({ events: [view('articles', 'a2')] });
    expect(emulator.journal.events({ indexName: 'articles' }).map((e) => e.event.objectIDs)).toEqual([['a1'], ['a2']]);
    expect(emulator.journal.events({ indexName: 'products' }).map((e) => e.event.objectIDs)).toEqual([['p1']]);
    expect(emulator.journal.events({ indexName: 'nothing' })).toEqual([]);
    expect(emulator.journal.events({ indexName: 'articles', surface: 'direct' })).toEqual([]);
  });
});
