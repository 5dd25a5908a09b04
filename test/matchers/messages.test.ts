import '../../src/vitest';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { emulatorMatchers, type MatcherState } from '../../src/matchers/matchers';
import { failure } from '../support/failure';

const all = { includeDirect: true };

const view = {
  eventType: 'view' as const,
  eventName: 'Viewed',
  index: 'products',
  userToken: 'u1',
  objectIDs: ['p1'],
};

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

// The edges of the messages: counts at their limits, values a replacer meets (null, undefined,
// matchers without a name), the order of the closest entries, and what the matchers refuse.
describe('matcher messages at their edges', () => {
  it('refuse what is neither an emulator nor a journal', () => {
    const refused = new TypeError(
      'The emulator matchers take an emulator (createEmulator()) or its journal: expect(emulator).toHaveReceived(...)',
    );
    for (const received of [
      null,
      undefined,
      5,
      {},
      { journal: null },
      { entries: 'x', searches: () => [] },
      { entries: [], searches: 'x' },
      { entries: [] },
    ])
      expect(() => expect(received).toHaveReceived('getObject'), JSON.stringify(received)).toThrow(refused);
  });

  it('read a journal-like object without a route table by operation name alone', () => {
    const entry = { seq: 1, operation: 'getObject', served: true, surface: 'msw', params: { objectID: 'p1' } };
    const journal = { entries: [entry], searches: () => [] };
    expect(journal).toHaveReceived('getObject', { objectID: 'p1' });
    expect(journal).not.toHaveReceived('getObjects');
  });

  it('show null and undefined fields, unnamed matchers, and values of exactly 200 characters whole', async () => {
    const emulator = createEmulator();
    await emulator.request({ method: 'GET', path: '/1/nothing' });
    await emulator.request({ method: 'GET', path: '/1/nothing' });
    const exact = 'a'.repeat(192); // {"q":"..."}: 200 characters
    const head = (expected: Record<string, unknown>) =>
      failure(() => expect(emulator).toHaveReceived('getObject', expected, all)).split('\n')[2];
    // A matcher with no name of its own is shown as String() shows it.
    expect(head({ a: null, b: undefined, c: { asymmetricMatch: () => false } })).toBe(
      'Expected a getObject request holding {"a":null,"c":[object Object]}',
    );
    expect(head({ q: exact })).toBe(`Expected a getObject request holding {"q":"${exact}"}`);
    expect(head({ q: `${exact}b` })).toBe(`Expected a getObject request holding {"q":"${exact}b…`);
    // Two requests no route has are counted together.
    expect(
      failure(() => expect(emulator).toHaveReceived('getObject', {}, all))
        .split('\n')
        .slice(3),
    ).toEqual([
      'Received 2 requests ((no route) ×2); the closest:',
      '  #2 (no route) GET /1/nothing -> 404',
      '      {}',
      '  #1 (no route) GET /1/nothing -> 404',
      '      {}',
    ]);
  });

  it('one request, four mismatches, a selected direct call shown as the helper reads it', async () => {
    const emulator = createEmulator();
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: 'p1', name: 'phone' }] });
    const batch = '#1 batch POST /1/indexes/products/batch -> 200';
    expect(
      failure(() =>
        expect(emulator).toHaveReceived('saveObjects', { objects: [{ objectID: 'x', a: 1, b: 2, c: 3 }] }, all),
      ),
    ).toBe(
      [
        'expect(emulator).toHaveReceived(operation, expected)',
        '',
        'Expected a saveObjects request holding {"objects":[{"objectID":"x","a":1,"b":2,"c":3}]}',
        'Received 1 request (batch ×1); the closest:',
        `  ${batch}`,
        '      objects[0].objectID: expected "x", received "p1"',
        '      objects[0].a: expected 1, received undefined',
        '      objects[0].b: expected 2, received undefined',
        '      objects[0].c: expected 3, received undefined',
      ].join('\n'),
    );
    const direct = `1 direct call matched (${batch}): the test's own calls are left out; pass { includeDirect: true } to count them`;
    const closestOne = [
      'Received 1 request (batch ×1); the closest:',
      `  ${batch} (direct call, not counted)`,
      '      {"indexName":"products","objects":[{"objectID":"p1","name":"phone"}]}',
    ];
    expect(failure(() => expect(emulator).toHaveReceived('saveObjects'))).toBe(
      ['expect(emulator).toHaveReceived(operation)', '', 'Expected a saveObjects request', direct, ...closestOne].join(
        '\n',
      ),
    );
    expect(failure(() => expect(emulator).toHaveReceivedTimes('saveObjects', 2))).toBe(
      [
        'expect(emulator).toHaveReceivedTimes(operation, times)',
        '',
        'Expected 2 saveObjects requests',
        'Received 0',
        direct,
        ...closestOne,
      ].join('\n'),
    );
  });

  it('lists three requests under .not, five under toHaveReceivedTimes, three closest; three direct calls without "..."', async () => {
    const emulator = createEmulator();
    for (const objectID of ['p1', 'p2', 'p3'])
      await emulator.saveObjects({ indexName: 'products', objects: [{ objectID }] });
    expect(failure(() => expect(emulator).toHaveReceived('saveObjects')).split('\n')[3]).toBe(
      "3 direct calls matched (#1 batch POST /1/indexes/products/batch -> 200; #2 batch POST /1/indexes/products/batch -> 200; #3 batch POST /1/indexes/products/batch -> 200): the test's own calls are left out; pass { includeDirect: true } to count them",
    );
    for (const objectID of ['p4', 'p5', 'p6'])
      await emulator.saveObjects({ indexName: 'products', objects: [{ objectID }] });
    const batch = (seq: number) => `  #${seq} batch POST /1/indexes/products/batch -> 200`;
    const saved = (seq: number) => [
      `${batch(seq)} (direct call, not counted)`,
      `      {"indexName":"products","batchWriteParams":{"requests":[{"action":"addObject","body":{"objectID":"p${seq}"}}]}}`,
    ];
    expect(
      failure(() => expect(emulator).not.toHaveReceived('saveObjects', {}, all))
        .split('\n')
        .slice(3),
    ).toEqual(['Received 6:', batch(1), batch(2), batch(3)]);
    expect(
      failure(() => expect(emulator).toHaveReceivedTimes('saveObjects', 2, {}, all))
        .split('\n')
        .slice(3),
    ).toEqual(['Received 6:', batch(1), batch(2), batch(3), batch(4), batch(5)]);
    expect(
      failure(() => expect(emulator).toHaveReceived('getObject', { objectID: 'p4' }))
        .split('\n')
        .slice(3),
    ).toEqual(['Received 6 requests (batch ×6); the closest:', ...saved(6), ...saved(5), ...saved(4)]);
  });

  it('a search holds when one of its queries does; unserved searches and events are not read', async () => {
    const emulator = createEmulator();
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: 'p1', name: 'phone' }] });
    await emulator.search({
      requests: [
        { indexName: 'products', query: 'a' },
        { indexName: 'products', query: 'b' },
      ],
    });
    expect(emulator).toHaveReceived('search', { query: 'b' }, all);
    expect(emulator).toHaveSearched({ query: 'b' }, all);
    emulator.faults.error(503, { operation: 'searchSingleIndex', times: 1 });
    await emulator.searchSingleIndex({ indexName: 'products', searchParams: { query: 'c' } }).catch(() => undefined);
    expect(emulator).not.toHaveSearched({ query: 'c' }, all);
    await emulator.searchSingleIndex({ indexName: 'products', searchParams: { query: 'd', hitsPerPage: 1 } });
    await emulator.searchSingleIndex({ indexName: 'products', searchParams: { query: 'e', hitsPerPage: 2, page: 0 } });
    const single = (seq: number) => `#${seq} searchSingleIndex POST /1/indexes/products/query -> 200`;
    expect(failure(() => expect(emulator).toHaveSearched({ query: 'e', hitsPerPage: 1, page: 0 }, all))).toBe(
      [
        'expect(emulator).toHaveSearched(expected)',
        '',
        'Expected a search holding {"query":"e","hitsPerPage":1,"page":0}',
        'Received 4 searches; the closest:',
        `  ${single(5)}: {"indexName":"products","query":"e","hitsPerPage":2,"page":0}`,
        '      hitsPerPage: expected 1, received 2',
        `  ${single(4)}: {"indexName":"products","query":"d","hitsPerPage":1}`,
        '      query: expected "e", received "d"',
        '      page: expected 0, received undefined',
        '  #2 search POST /1/indexes/*/queries -> 200: {"indexName":"products","query":"a"}',
        '      query: expected "e", received "a"',
        '      hitsPerPage: expected 1, received undefined',
        '      page: expected 0, received undefined',
      ].join('\n'),
    );

    await emulator.pushEvents({ events: [view] });
    await emulator.pushEvents({ events: [{ ...view, objectIDs: ['p2'], userToken: '' }] }).catch(() => undefined);
    await emulator.pushEvents({
      events: [
        { ...view, eventName: 'Other' },
        { ...view, index: 'other', eventName: 'X', objectIDs: ['p3'] },
      ],
    });
    emulator.faults.error(503, { operation: 'pushEvents', times: 1 });
    await emulator.pushEvents({ events: [{ ...view, objectIDs: ['p9'] }] }).catch(() => undefined);
    const events = (seq: number, status: number) => `  event in #${seq} pushEvents POST /1/events -> ${status}`;
    expect(failure(() => expect(emulator).toHaveReceivedEvent({ eventName: 'Viewed', objectIDs: ['p2'] }, all))).toBe(
      [
        'expect(emulator).toHaveReceivedEvent(expected)',
        '',
        'Expected an accepted insights event holding {"eventName":"Viewed","objectIDs":["p2"]}',
        'Received 4 events; the closest:',
        `${events(7, 422)} (rejected: 422 events[0].userToken: must be 1 to 128 characters among a-z, A-Z, 0-9, _, -, =, / and +): ${JSON.stringify({ ...view, userToken: '', objectIDs: ['p2'] })}`,
        `${events(6, 200)}: ${JSON.stringify(view)}`,
        '      objectIDs[0]: expected "p2", received "p1"',
        `${events(8, 200)}: ${JSON.stringify({ ...view, eventName: 'Other' })}`,
        '      eventName: expected "Viewed", received "Other"',
        '      objectIDs[0]: expected "p2", received "p1"',
      ].join('\n'),
    );
    expect(emulator).not.toHaveReceivedEvent({ objectIDs: ['p9'] }, all);
  });

  it("colour values with the runner's colours when it has them", async () => {
    const emulator = createEmulator();
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: 'p1' }] });
    // The state a runner (Jest, Vitest) hands a matcher, with colours that show.
    let runner: MatcherState | undefined;
    expect.extend({
      runnerState(this: MatcherState) {
        runner = this;
        return { pass: true, message: () => '' };
      },
    });
    (expect(0) as unknown as { runnerState(): void }).runnerState();
    const state = {
      ...runner!,
      utils: { ...runner!.utils, EXPECTED_COLOR: (s: string) => `<${s}>`, RECEIVED_COLOR: (s: string) => `[${s}]` },
    };
    const result = emulatorMatchers.toHaveReceivedTimes.call(state, emulator, 'saveObjects', 2, undefined, all);
    expect(result.message().split('\n').slice(2, 4)).toEqual(['Expected <2> saveObjects requests', 'Received [1]:']);
  });

  it('rank the closest by the share of expected leaves held, whatever their number', async () => {
    const emulator = createEmulator();
    // Oldest first: the best fit (2 of 3 leaves), then 1 of 2, then 1 of 3.
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: 'a' }, { objectID: 'z' }] });
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: 'a' }] });
    await emulator.saveObjects({ indexName: 'other', objects: [{ objectID: 'a' }, { objectID: 'z' }] });
    const lines = failure(() =>
      expect(emulator).toHaveReceived(
        'saveObjects',
        { indexName: 'products', objects: [{ objectID: 'a' }, { objectID: 'b' }] },
        all,
      ),
    ).split('\n');
    expect(lines.filter((line) => line.startsWith('  #'))).toEqual([
      '  #1 batch POST /1/indexes/products/batch -> 200',
      '  #2 batch POST /1/indexes/products/batch -> 200',
      '  #3 batch POST /1/indexes/other/batch -> 200',
    ]);

    for (const [indexName, facets] of [
      ['products', ['a', 'z']],
      ['products', ['a']],
      ['other', ['a', 'z']],
    ] as const)
      await emulator.searchSingleIndex({ indexName, searchParams: { facets: [...facets] } });
    const searched = failure(() =>
      expect(emulator).toHaveSearched({ indexName: 'products', facets: ['a', 'b'] }, all),
    ).split('\n');
    expect(searched.filter((line) => line.startsWith('  #')).map((line) => line.split(' -> ')[0])).toEqual([
      '  #4 searchSingleIndex POST /1/indexes/products/query',
      '  #5 searchSingleIndex POST /1/indexes/products/query',
      '  #6 searchSingleIndex POST /1/indexes/other/query',
    ]);

    for (const [index, objectIDs] of [
      ['products', ['a', 'z']],
      ['products', ['a']],
      ['other', ['a', 'z']],
    ] as const)
      await emulator.pushEvents({ events: [{ ...view, index, objectIDs: [...objectIDs] }] });
    const events = failure(() =>
      expect(emulator).toHaveReceivedEvent({ index: 'products', objectIDs: ['a', 'b'] }, all),
    ).split('\n');
    expect(events.filter((line) => line.startsWith('  event')).map((line) => line.split(':')[0])).toEqual([
      '  event in #7 pushEvents POST /1/events -> 200',
      '  event in #8 pushEvents POST /1/events -> 200',
      '  event in #9 pushEvents POST /1/events -> 200',
    ]);
  });

  it('without expected fields: the selected requests first, then the newest', async () => {
    const emulator = createEmulator();
    await emulator.saveObjects({ indexName: 'products', objects: [{ objectID: 'p1' }] });
    await emulator.deleteObjects({ indexName: 'products', objectIDs: ['p1'] });
    await emulator.listIndices();
    const lines = failure(() => expect(emulator).toHaveReceived('saveObjects')).split('\n');
    expect(lines.filter((line) => line.startsWith('  #'))).toEqual([
      '  #1 batch POST /1/indexes/products/batch -> 200 (direct call, not counted)',
      '  #2 batch POST /1/indexes/products/batch -> 200 (direct call, not counted) (not a saveObjects request)',
      '  #3 listIndices GET /1/indexes -> 200 (direct call, not counted)',
    ]);
  });
});
