import '../../src/vitest';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';

const all = { includeDirect: true };

type Emulator = ReturnType<typeof createEmulator>;
const post = (emulator: Emulator, path: string, body?: unknown) =>
  emulator.request({
    method: 'POST',
    path,
    ...(path.startsWith('/1/push/') ? { host: 'ingestion' as const } : {}),
    ...(body === undefined ? {} : { body: body as never }),
  });
const move = (emulator: Emulator, from: string, destination: string, operation = 'move', scope?: string[]) =>
  post(emulator, `/1/indexes/${from}/operation`, { operation, destination, ...(scope ? { scope } : {}) });
const seqs = (entries: readonly { seq: number }[]) => entries.map((e) => e.seq);

// The edges of the helper-name readers: requests the helpers never send, which the names must
// read without throwing and select only when they have the helper's shape.
describe('replaceAllObjects by name: the final move and what the journal holds before it', () => {
  it('reads the records served into the temporary index before the move, and its last copy', async () => {
    const emulator = createEmulator();
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: 'old' }] });
    await emulator.setSettings({ indexName: 'products', indexSettings: { searchableAttributes: ['name'] } });
    // Three copies into the temporary index: the last one's scope is the replace's.
    await move(emulator, 'products', 'products_tmp_7', 'copy', ['rules']);
    await move(emulator, 'products', 'products_tmp_7', 'copy', ['synonyms']);
    await move(emulator, 'products', 'products_tmp_7', 'copy', ['settings']);
    // A later copy between other indices is not the temporary index's, nor a record shaped like a copy.
    await post(emulator, '/1/indexes/elsewhere', { destination: 'products_tmp_7', scope: ['rules', 'synonyms'] });
    await move(emulator, 'products', 'elsewhere', 'copy', ['rules', 'synonyms']);
    await post(emulator, '/1/indexes/products_tmp_7/batch', {
      requests: [{ action: 'addObject', body: { objectID: 'a' } }],
    });
    // A batch of mixed actions is no helper's: its records are not read as the replace's.
    await post(emulator, '/1/indexes/products_tmp_7/batch', {
      requests: [
        { action: 'addObject', body: { objectID: 'b' } },
        { action: 'deleteObject', body: { objectID: 'x' } },
      ],
    });
    // A record saved alone whose attribute is named `requests` is no batch.
    await post(emulator, '/1/indexes/products_tmp_7', { requests: [{ action: 'addObject', body: { objectID: 'c' } }] });
    // Refused: not read.
    await post(emulator, '/1/indexes/products_tmp_7/batch', { requests: [{ action: 'addObject', body: 5 }] });
    await move(emulator, 'products_tmp_7', 'products');
    // After the move: not read either.
    await post(emulator, '/1/indexes/products_tmp_7/batch', {
      requests: [{ action: 'addObject', body: { objectID: 'late' } }],
    });
    await move(emulator, 'products_tmp_7', 'products');

    const replaces = emulator.journal.of('replaceAllObjects');
    expect(replaces.map((e) => [e.seq, e.status])).toEqual([
      [12, 200],
      [14, 200],
    ]);
    expect(emulator).toHaveReceivedTimes(
      'replaceAllObjects',
      1,
      { indexName: 'products', objects: [{ objectID: 'a' }], scopes: ['settings'] },
      all,
    );
    expect(emulator).toHaveReceived(
      'replaceAllObjects',
      { indexName: 'products', objects: [{ objectID: 'a' }, { objectID: 'late' }], scopes: ['settings'] },
      all,
    );
    expect(emulator).not.toHaveReceived('replaceAllObjects', { scopes: ['rules', 'synonyms'] }, all);
    expect(emulator).not.toHaveReceived('replaceAllObjects', { scopes: ['synonyms'] }, all);
    expect(emulator.journal.of('replaceAllObjectsWithTransformation')).toEqual([]);
  });

  it('a copy onto the index, or a move elsewhere, is no replace; a push after the move does not make it one with transformation', async () => {
    const emulator = createEmulator();
    await emulator.saveObjects({ indexName: 'products_tmp_3', objects: [{ objectID: 'a' }] });
    await move(emulator, 'products_tmp_3', 'products', 'copy');
    await move(emulator, 'products_tmp_3', 'archive');
    await emulator.saveObjects({ indexName: 'products_tmp_4', objects: [{ objectID: 'a' }] });
    // A push into another index before, one into the temporary index after.
    await post(emulator, '/1/push/other', { action: 'addObject', records: [{ objectID: 'o' }] });
    await move(emulator, 'products_tmp_4', 'products');
    await post(emulator, '/1/push/products_tmp_4', { action: 'addObject', records: [{ objectID: 'p' }] });
    // A move with no body at all.
    await post(emulator, '/1/indexes/products_tmp_5/operation');
    expect(seqs(emulator.journal.of('operationIndex'))).toEqual([2, 3, 6, 8]);
    expect(seqs(emulator.journal.of('replaceAllObjects'))).toEqual([6]);
    expect(emulator.journal.of('replaceAllObjectsWithTransformation')).toEqual([]);
  });

  it('with transformation: the records pushed into the temporary index before the move', async () => {
    const emulator = createEmulator();
    await post(emulator, '/1/push/products_tmp_9', { action: 'addObject', records: [{ objectID: 'a' }] });
    await move(emulator, 'products_tmp_9', 'products');
    expect(seqs(emulator.journal.of('replaceAllObjectsWithTransformation'))).toEqual([2]);
    expect(emulator.journal.of('replaceAllObjects')).toEqual([]);
  });
});

describe('push helpers by name over malformed pushes', () => {
  it('select no push without an action and a list of records, and read none of them', async () => {
    const emulator = createEmulator();
    await post(emulator, '/1/push/people', { action: 'addObject', records: 'x' });
    await post(emulator, '/1/push/people', { action: 5, records: [{ objectID: '1' }] });
    await post(emulator, '/1/push/people');
    await post(emulator, '/1/push/people', null);
    expect(emulator.journal.of('push')).toHaveLength(4);
    for (const name of [
      'chunkedPush',
      'saveObjectsWithTransformation',
      'partialUpdateObjectsWithTransformation',
    ] as const)
      expect(emulator.journal.of(name), name).toEqual([]);
    expect(emulator).not.toHaveReceived('chunkedPush', {}, all);
  });
});

describe('deleteObjects by name over a batch of bodies that are no objects', () => {
  it('reads their objectIDs as undefined', async () => {
    const emulator = createEmulator();
    await post(emulator, '/1/indexes/products/batch', { requests: [{ action: 'deleteObject', body: null }] });
    expect(emulator.journal.of('deleteObjects').map((e) => e.status)).toEqual([400]);
    expect(emulator).toHaveReceived('deleteObjects', { indexName: 'products', objectIDs: [undefined] }, all);
    expect(emulator).not.toHaveReceived('deleteObjects', { objectIDs: ['p1'] }, all);
  });
});

describe('browse helpers by name: the first page of a walk', () => {
  it('browseRules and browseSynonyms: page absent, 0 or "0", or no body at all', async () => {
    const emulator = createEmulator();
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: 'p1' }] });
    for (const [operation, path] of [
      ['browseRules', '/1/indexes/products/rules/search'],
      ['browseSynonyms', '/1/indexes/products/synonyms/search'],
    ] as const) {
      emulator.journal.clear();
      await post(emulator, path, {});
      await post(emulator, path, { page: 0 });
      await post(emulator, path, { page: '0' });
      await post(emulator, path, { page: 1 });
      await post(emulator, path, { page: '1' });
      await post(emulator, path);
      expect(emulator.journal.entries).toHaveLength(6);
      expect(seqs(emulator.journal.of(operation)), operation).toEqual(
        seqs(emulator.journal.entries).filter((_, i) => [0, 1, 2, 5].includes(i)),
      );
    }
  });

  it('browseObjects: a browse without a cursor, in its body or its query, or without a body', async () => {
    const emulator = createEmulator();
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: 'p1' }] });
    await post(emulator, '/1/indexes/products/browse');
    await post(emulator, '/1/indexes/products/browse', { cursor: 'abc' });
    await emulator.request({ method: 'GET', path: '/1/indexes/products/browse', query: { cursor: 'abc' } });
    await post(emulator, '/1/indexes/products/browse', {});
    expect(seqs(emulator.journal.of('browseObjects'))).toEqual([2, 5]);
  });
});

describe('search helpers by name: the types of the queries', () => {
  it('searchForHits: every query a default one; searchForFacets: at least one, every one a facet query', async () => {
    const emulator = createEmulator();
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: 'p1', brand: 'a' }] });
    await emulator.setSettings({ indexName: 'products', indexSettings: { attributesForFaceting: ['brand'] } });
    const facet = { indexName: 'products', type: 'facet', facet: 'brand' };
    const hits = { indexName: 'products' };
    await post(emulator, '/1/indexes/*/queries', { requests: [hits, hits] });
    await post(emulator, '/1/indexes/*/queries', { requests: [facet, facet] });
    await post(emulator, '/1/indexes/*/queries', { requests: [hits, facet] });
    await post(emulator, '/1/indexes/*/queries', { requests: [facet, hits] });
    await post(emulator, '/1/indexes/*/queries', { requests: [null] });
    await post(emulator, '/1/indexes/*/queries');
    expect(seqs(emulator.journal.of('search'))).toEqual([3, 4, 5, 6, 7, 8]);
    expect(seqs(emulator.journal.of('searchForHits'))).toEqual([3, 7, 8]);
    expect(seqs(emulator.journal.of('searchForFacets'))).toEqual([4]);
  });
});

describe('names of helpers elsewhere', () => {
  it('a helper ...WithHTTPInfo selects what the helper does', async () => {
    const emulator = createEmulator();
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: 'p1' }] });
    await emulator.deleteObject({ indexName: 'products', objectID: 'p1' });
    const named = emulator.journal.of('saveObjectsWithHTTPInfo' as never);
    expect(named.map((e) => [e.seq, e.operation])).toEqual([[1, 'batch']]);
  });

  it('a name that is no string is refused with the route check', () => {
    const emulator = createEmulator();
    expect(() => expect(emulator).toHaveReceived(42 as never)).toThrow(
      new TypeError("toHaveReceived: an operation is a route's name (a string), got 42"),
    );
  });

  it('a fault on a typo or on a client method that sends no request of its own says so', () => {
    const emulator = createEmulator();
    // @ts-expect-error: a typo
    expect(() => emulator.faults.error(503, { operation: 'saveObjet' })).toThrow(
      new TypeError('fault.operation: no route is named "saveObjet" (did you mean "saveObject"?)'),
    );
    expect(() => emulator.faults.error(503, { operation: 'waitForApiKey' as never })).toThrow(
      new TypeError(
        'fault.operation: "waitForApiKey" is a client method that polls getApiKey until the key shows the change (added, updated or deleted), and a poll says nothing of which: match "getApiKey" with { key }',
      ),
    );
    expect(emulator.faults.list).toEqual([]);
  });
});
