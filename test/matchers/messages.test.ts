import '../../src/vitest';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';

/** The whole message of a failing assertion, without its colours. */
function failure(assertion: () => void): string {
  try {
    assertion();
  } catch (error) {
    // eslint-disable-next-line no-control-regex
    return (error as Error).message.replace(/\u001b\[[0-9;]*m/g, '');
  }
  throw new Error('the assertion passed');
}

const all = { includeDirect: true };

/** Two batches (one of saveObjects' shape, one of deleteObjects') and a request no route has. */
async function journalled() {
  const emulator = createEmulator();
  await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: 'p1', name: 'phone' }] });
  await emulator.deleteObjects({ indexName: 'products', objectIDs: ['p9'] });
  await emulator.request({ method: 'GET', path: '/1/nothing' });
  return emulator;
}

const closest = [
  'Received 3 requests (batch ×2, (no route) ×1); the closest:',
  '  #1 batch POST /1/indexes/products/batch -> 200',
];
const others = [
  '  #2 batch POST /1/indexes/products/batch -> 200 (not a saveObjects request)',
  '      {"indexName":"products","batchWriteParams":{"requests":[{"action":"deleteObject","body":{"objectID":"p9"}}]}}',
  '  #3 (no route) GET /1/nothing -> 404',
  '      {}',
];

// Each message is compared whole: what a failing test prints is part of what the matchers do.
describe('matcher messages, whole', () => {
  it('toHaveReceived: the requests found under .not, the closest entries otherwise', async () => {
    const emulator = await journalled();
    expect(failure(() => expect(emulator).not.toHaveReceived('batch', {}, all))).toBe(
      [
        'expect(emulator).not.toHaveReceived(operation, expected)',
        '',
        'Expected no batch request',
        'Received 2:',
        '  #1 batch POST /1/indexes/products/batch -> 200',
        '  #2 batch POST /1/indexes/products/batch -> 200',
      ].join('\n'),
    );
    expect(
      failure(() =>
        expect(emulator).toHaveReceived('saveObjects', { indexName: 'products', objects: [{ objectID: 'p2' }] }, all),
      ),
    ).toBe(
      [
        'expect(emulator).toHaveReceived(operation, expected)',
        '',
        'Expected a saveObjects request holding {"indexName":"products","objects":[{"objectID":"p2"}]}',
        ...closest,
        '      objects[0].objectID: expected "p2", received "p1"',
        ...others,
      ].join('\n'),
    );
    expect(failure(() => expect(emulator).toHaveReceived('deleteIndex'))).toBe(
      [
        'expect(emulator).toHaveReceived(operation)',
        '',
        'Expected a deleteIndex request',
        'Received 3 requests (batch ×2, (no route) ×1); the closest:',
        // Nothing selected: every entry scores alike, newest first, with its parameters.
        '  #3 (no route) GET /1/nothing -> 404 (direct call, not counted)',
        '      {}',
        '  #2 batch POST /1/indexes/products/batch -> 200 (direct call, not counted)',
        '      {"indexName":"products","batchWriteParams":{"requests":[{"action":"deleteObject","body":{"objectID":"p9"}}]}}',
        '  #1 batch POST /1/indexes/products/batch -> 200 (direct call, not counted)',
        '      {"indexName":"products","batchWriteParams":{"requests":[{"action":"addObject","body":{"objectID":"p1","name":"phone"}}]}}',
      ].join('\n'),
    );
  });

  it('toHaveReceivedTimes: singular and plural, .not, and the closest entries when none matched', async () => {
    const emulator = await journalled();
    const received = [
      'Received 2:',
      '  #1 batch POST /1/indexes/products/batch -> 200',
      '  #2 batch POST /1/indexes/products/batch -> 200',
    ];
    expect(failure(() => expect(emulator).toHaveReceivedTimes('batch', 1, {}, all))).toBe(
      [
        'expect(emulator).toHaveReceivedTimes(operation, times, expected)',
        '',
        'Expected 1 batch request',
        ...received,
      ].join('\n'),
    );
    expect(failure(() => expect(emulator).not.toHaveReceivedTimes('batch', 2, undefined, all))).toBe(
      [
        'expect(emulator).not.toHaveReceivedTimes(operation, times)',
        '',
        'Expected not 2 batch requests',
        ...received,
      ].join('\n'),
    );
    expect(failure(() => expect(emulator).toHaveReceivedTimes('saveObjects', 1, { indexName: 'x' }, all))).toBe(
      [
        'expect(emulator).toHaveReceivedTimes(operation, times, expected)',
        '',
        'Expected 1 saveObjects request holding {"indexName":"x"}',
        'Received 0',
        ...closest,
        '      indexName: expected "x", received "products"',
        ...others,
      ].join('\n'),
    );
  });

  it('long values are cut, patterns and asymmetric matchers shown as written, four mismatches at most', async () => {
    const emulator = await journalled();
    const message = failure(() =>
      expect(emulator).toHaveReceived(
        'saveObjects',
        {
          objects: [{ objectID: 'p1', a: 1, b: 2, c: 3, d: 4, e: 5 }],
          name: /ph.ne/g,
          id: expect.any(String),
          long: 'x'.repeat(300),
        },
        all,
      ),
    );
    const lines = message.split('\n');
    const head =
      'Expected a saveObjects request holding {"objects":[{"objectID":"p1","a":1,"b":2,"c":3,"d":4,"e":5}],"name":/ph.ne/g,"id":Any<String>,"long":"';
    expect(lines[2]).toBe(
      `${head}${'x'.repeat(200 - 1 - head.length + 'Expected a saveObjects request holding '.length)}…`,
    );
    expect(lines[2]!.length - 'Expected a saveObjects request holding '.length).toBe(200);
    expect(lines.slice(4, 10)).toEqual([
      '  #1 batch POST /1/indexes/products/batch -> 200',
      '      objects[0].a: expected 1, received undefined',
      '      objects[0].b: expected 2, received undefined',
      '      objects[0].c: expected 3, received undefined',
      '      objects[0].d: expected 4, received undefined',
      '      ... and 4 more',
    ]);
  });

  it('a global pattern matches every time it is asked, not every other time', async () => {
    const emulator = await journalled();
    const name = /ph.ne/g;
    for (let i = 0; i < 3; i++) expect(emulator).toHaveReceived('saveObjects', { objects: [{ name }] }, all);
  });

  it('toHaveSearched: none at all, the closest queries, and .not', async () => {
    const emulator = await journalled();
    expect(failure(() => expect(emulator).toHaveSearched({ query: 'x' }, all))).toBe(
      [
        'expect(emulator).toHaveSearched(expected)',
        '',
        'Expected a search holding {"query":"x"}',
        'Received no searches (batch ×2, (no route) ×1)',
      ].join('\n'),
    );
    await emulator.searchSingleIndex({ indexName: 'products', searchParams: { query: 'phone' } });
    await emulator.search({ requests: [{ indexName: 'products', query: 'case' }] });
    expect(failure(() => expect(emulator).toHaveSearched({ indexName: 'products', query: 'cases' }, all))).toBe(
      [
        'expect(emulator).toHaveSearched(expected)',
        '',
        'Expected a search holding {"indexName":"products","query":"cases"}',
        'Received 2 searches; the closest:',
        '  #5 search POST /1/indexes/*/queries -> 200: {"indexName":"products","query":"case"}',
        '      query: expected "cases", received "case"',
        '  #4 searchSingleIndex POST /1/indexes/products/query -> 200: {"indexName":"products","query":"phone"}',
        '      query: expected "cases", received "phone"',
      ].join('\n'),
    );
    expect(failure(() => expect(emulator).not.toHaveSearched({ query: 'phone' }, all))).toBe(
      ['expect(emulator).not.toHaveSearched(expected)', '', 'Expected no search holding {"query":"phone"}'].join('\n'),
    );
  });

  it('toHaveReceivedEvent: the closest events, the rejected ones with why, and .not', async () => {
    const emulator = createEmulator();
    const view = {
      eventType: 'view' as const,
      eventName: 'Viewed',
      index: 'products',
      userToken: 'u1',
      objectIDs: ['p1'],
    };
    await emulator.pushEvents({ events: [view] });
    expect(failure(() => expect(emulator).toHaveReceivedEvent({ eventType: 'view', objectIDs: ['p2'] }, all))).toBe(
      [
        'expect(emulator).toHaveReceivedEvent(expected)',
        '',
        'Expected an accepted insights event holding {"eventType":"view","objectIDs":["p2"]}',
        'Received 1 event; the closest:',
        `  event in #1 pushEvents POST /1/events -> 200: ${JSON.stringify(view)}`,
        '      objectIDs[0]: expected "p2", received "p1"',
      ].join('\n'),
    );
    await emulator.pushEvents({ events: [{ ...view, objectIDs: ['p2'], userToken: '' }] }).catch(() => undefined);
    const message = failure(() => expect(emulator).toHaveReceivedEvent({ objectIDs: ['p2'] }, all));
    expect(message.split('\n').slice(3, 5)).toEqual([
      'Received 2 events; the closest:',
      expect.stringMatching(/^ {2}event in #2 pushEvents POST \/1\/events -> 4\d\d \(rejected: 4\d\d .+\): /),
    ]);
    expect(failure(() => expect(emulator).not.toHaveReceivedEvent({ objectIDs: ['p1'] }, all))).toBe(
      [
        'expect(emulator).not.toHaveReceivedEvent(expected)',
        '',
        'Expected no accepted insights event holding {"objectIDs":["p1"]}',
      ].join('\n'),
    );
  });

  it('more than three direct calls are listed three, then "..."', async () => {
    const emulator = createEmulator();
    for (const objectID of ['p1', 'p2', 'p3', 'p4'])
      await emulator.saveObjects({ indexName: 'products', objects: [{ objectID }] });
    expect(failure(() => expect(emulator).toHaveReceived('saveObjects')).split('\n')[3]).toBe(
      "4 direct calls matched (#1 batch POST /1/indexes/products/batch -> 200; #2 batch POST /1/indexes/products/batch -> 200; #3 batch POST /1/indexes/products/batch -> 200; ...): the test's own calls are left out; pass { includeDirect: true } to count them",
    );
  });
});
