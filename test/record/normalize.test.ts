// The comparison of one test (src/record/compare.ts) and the normalizers, on exchanges written
// by hand: what matches what, what is collapsed, what each normalizer makes equal.
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { compareTest } from '../../src/record/compare';
import { defaultNormalizers, normalize, type Normalizer, type RecordedExchange } from '../../src/record';
import { compilePath, placesOf } from '../../src/record/paths';

const { router } = createEmulator().core;

type Answer = RecordedExchange['response'];
const x = (
  method: string,
  path: string,
  body: unknown,
  response: Answer,
  query?: Record<string, string>,
): RecordedExchange => ({
  request: {
    method,
    host: path.startsWith('/1/events') ? 'insights' : 'search',
    path,
    ...(query ? { query } : {}),
    ...(body === undefined ? {} : { body }),
  },
  response,
});
const ok = (body: unknown): Answer => ({ status: 200, body });

function compare(
  recorded: RecordedExchange[],
  live: RecordedExchange[],
  normalizers: readonly Normalizer[] = defaultNormalizers,
) {
  return compareTest({ file: 'f', name: 't', recorded, live, normalizers, router });
}
const outcomes = (report: ReturnType<typeof compare>) => report.exchanges.map((e) => [e.operation, e.outcome]);

describe('matching', () => {
  it('follows a task ID from the write to the getTask that polls it, and collapses the polls', () => {
    const write = (taskID: number) => x('POST', '/1/indexes/i/batch', { requests: [] }, ok({ taskID, objectIDs: [] }));
    const poll = (taskID: number, status: string) =>
      x('GET', `/1/indexes/i/task/${taskID}`, undefined, ok({ status, pendingTask: false }));
    const report = compare(
      [write(5001), poll(5001, 'notPublished'), poll(5001, 'notPublished'), poll(5001, 'published')],
      [write(7), poll(7, 'published')],
    );
    expect(outcomes(report)).toEqual([
      ['batch', 'normalized-equal'],
      ['getTask', 'equal'],
    ]);
    expect(report.exchanges[1].recordedIndex).toBe(4);
    expect(report.counts).toMatchObject({ exchanges: 2, compared: 2, unmatched: 0, polls: 0 });
    // The emulator polled twice (indexingDelay), the service answered at once: one poll not compared.
    const slower = compare(
      [write(5001), poll(5001, 'published')],
      [write(7), poll(7, 'notPublished'), poll(7, 'published')],
    );
    expect(slower.counts).toMatchObject({ compared: 2, equal: 1, normalizedEqual: 1, polls: 1 });
  });

  it('matches by request, in the recorded order first, then anywhere (concurrent requests)', () => {
    const search = (query: string, nbHits: number) => x('POST', '/1/indexes/i/query', { query }, ok({ nbHits, query }));
    const report = compare(
      [search('a', 1), search('b', 2), search('c', 3)],
      [search('b', 2), search('a', 1), search('d', 0)],
    );
    expect(report.exchanges.map((e) => [e.index, e.recordedIndex, e.outcome])).toEqual([
      [1, 2, 'equal'],
      [2, 1, 'equal'],
      [3, undefined, 'not-recorded'],
    ]);
    expect(report.unmatched).toEqual([
      { index: 3, operation: 'searchSingleIndex', method: 'POST', path: '/1/indexes/i/query' },
    ]);
    expect(report.failing).toBe(true);
  });

  it('lists each difference with its path, status first', () => {
    const report = compare(
      [x('GET', '/1/indexes/i/p1', undefined, ok({ objectID: 'p1', tags: ['a', 'b'], price: 3 }))],
      [
        x('GET', '/1/indexes/i/p1', undefined, {
          status: 404,
          body: { objectID: 'p1', tags: ['a'], price: 4, extra: true },
        }),
      ],
    );
    expect(report.exchanges[0].differences).toEqual([
      { path: '(status)', recorded: 200, emulator: 404 },
      { path: 'tags[1]', recorded: 'b' },
      { path: 'price', recorded: 3, emulator: 4 },
      { path: 'extra', emulator: true },
    ]);
  });
});

describe('default normalizers', () => {
  it('make dates, timings, query IDs, cursors and ranking internals equal, and say which did', () => {
    const answer = (n: number) =>
      ok({
        hits: [{ objectID: 'p1', _rankingInfo: { nbTypos: 0, userScore: n, firstMatchedWord: n * 1000 } }],
        queryID: `q${n}`,
        cursor: `c${n}`,
        processingTimeMS: n,
        serverTimeMS: n,
        createdAt: `2025-01-0${n}T00:00:00.000Z`,
      });
    const report = compare(
      [x('POST', '/1/indexes/i/browse', {}, answer(1))],
      [x('POST', '/1/indexes/i/browse', {}, answer(2))],
    );
    expect(report.exchanges[0].outcome).toBe('normalized-equal');
    expect(report.exchanges[0].normalizedBy).toEqual(['dates', 'timings', 'queryID', 'cursor', 'rankingInfo']);
    // Without them, each is a difference.
    expect(
      compare([x('POST', '/1/indexes/i/browse', {}, answer(1))], [x('POST', '/1/indexes/i/browse', {}, answer(2))], [])
        .exchanges[0].differenceCount,
    ).toBe(7);
  });

  it('follow a query ID into the events that send it back, and a cursor into the next page', () => {
    const search = (id: string) => x('POST', '/1/indexes/i/query', { clickAnalytics: true }, ok({ queryID: id }));
    const event = (id: string) =>
      x('POST', '/1/events', { events: [{ eventType: 'click', queryID: id }] }, ok({ status: 200 }));
    expect(outcomes(compare([search('aaa'), event('aaa')], [search('bbb'), event('bbb')]))).toEqual([
      ['searchSingleIndex', 'normalized-equal'],
      ['pushEvents', 'equal'],
    ]);
    // An event sending another query ID than the search gave is another request.
    expect(outcomes(compare([search('aaa'), event('aaa')], [search('bbb'), event('zzz')]))[1]).toEqual([
      'pushEvents',
      'not-recorded',
    ]);
    const page = (cursor: string | undefined, next: string) =>
      x('POST', '/1/indexes/i/browse', cursor ? { cursor } : {}, ok({ hits: [], cursor: next }));
    expect(
      outcomes(compare([page(undefined, 'r1'), page('r1', 'r2')], [page(undefined, 'e1'), page('e1', 'e2')])),
    ).toEqual([
      ['browse', 'normalized-equal'],
      ['browse', 'normalized-equal'],
    ]);
  });

  it('follow a generated object ID into later paths, and leave given ones alone', () => {
    const save = (id: string) => x('POST', '/1/indexes/i', { name: 'a' }, ok({ objectID: id, taskID: 1 }));
    const get = (id: string) => x('GET', `/1/indexes/i/${id}`, undefined, ok({ objectID: id, name: 'a' }));
    expect(outcomes(compare([save('8f3a'), get('8f3a')], [save('e1'), get('e1')]))).toEqual([
      ['saveObject', 'normalized-equal'],
      ['getObject', 'normalized-equal'],
    ]);
    const batch = (given: string, generated: string) =>
      x(
        'POST',
        '/1/indexes/i/batch',
        {
          requests: [
            { action: 'addObject', body: { objectID: given } },
            { action: 'addObject', body: {} },
          ],
        },
        ok({ taskID: 1, objectIDs: [given, generated] }),
      );
    expect(outcomes(compare([batch('p1', 'r9')], [batch('p1', 'e9')]))).toEqual([['batch', 'normalized-equal']]);
    expect(outcomes(compare([batch('p1', 'r9')], [batch('p2', 'e9')]))).toEqual([['batch', 'not-recorded']]);
  });
});

describe('your normalizers', () => {
  const answer = (nbHits: number, extra: Record<string, unknown> = {}) =>
    ok({ nbHits, hits: [{ a: { b: nbHits } }, { a: { b: 1 } }], ...extra });
  const one = (r: Answer, l: Answer, normalizers: Normalizer[], path = '/1/indexes/i/query') =>
    compare([x('POST', path, {}, r)], [x('POST', path, {}, l)], normalizers).exchanges[0];

  it('ignore: skip paths with * and **, array items become "<ignored>"', () => {
    expect(one(answer(1), answer(2), [normalize.ignore(['nbHits', 'hits.*.a.b'])]).outcome).toBe('normalized-equal');
    expect(one(answer(1), answer(2), [normalize.ignore('**.b'), normalize.ignore('nbHits')]).outcome).toBe(
      'normalized-equal',
    );
    expect(one(answer(1), answer(2), [normalize.ignore('hits.0'), normalize.ignore('nbHits')]).outcome).toBe(
      'normalized-equal',
    );
    expect(one(answer(1), answer(2), [normalize.ignore('hits.*.a.b')]).differences).toEqual([
      { path: 'nbHits', recorded: 1, emulator: 2 },
    ]);
  });

  it('replace only in the operations named', () => {
    const rule = normalize.replace('nbHits', '<n>', { operations: ['browse'] });
    expect(one(answer(1), answer(2), [rule, normalize.ignore('**.b')]).outcome).toBe('different');
    expect(one(answer(1), answer(2), [rule, normalize.ignore('**.b')], '/1/indexes/i/browse').outcome).toBe(
      'normalized-equal',
    );
  });

  it('pattern, sort, placeholder and custom', () => {
    expect(
      one(ok({ at: 'built 1712 ms' }), ok({ at: 'built 3 ms' }), [normalize.pattern(/\d+ ms/, '<t>')]).outcome,
    ).toBe('normalized-equal');
    const items = (...names: string[]) => ok({ items: names.map((name) => ({ name })) });
    expect(one(items('a', 'b'), items('b', 'a'), [normalize.sort('items', 'name')]).outcome).toBe('normalized-equal');
    expect(one(ok({ tags: ['x', 'y'] }), ok({ tags: ['y', 'x'] }), [normalize.sort('tags')]).outcome).toBe(
      'normalized-equal',
    );
    const token = normalize.placeholder('token', '**.token');
    expect(one(ok({ token: 't1', again: 't1' }), ok({ token: 't2', again: 't2' }), [token]).outcome).toBe('different');
    expect(one(ok({ token: 't1', other: 't9' }), ok({ token: 't2', other: 't9' }), [token]).outcome).toBe(
      'normalized-equal',
    );
    const custom = normalize.custom('drop odd', (exchange, context) => {
      const body = exchange.response.body as Record<string, unknown>;
      if (context.side === 'emulator') delete body.odd;
    });
    expect(one(ok({ n: 1 }), ok({ n: 1, odd: true }), [custom])).toMatchObject({
      outcome: 'normalized-equal',
      normalizedBy: ['drop odd'],
    });
  });
});

describe('paths', () => {
  it('name keys, indices, * and **, with \\. for a dot inside a key', () => {
    const value = { a: [{ b: 1 }, { b: 2 }], 'c.d': { b: 3 } };
    const at = (pattern: string) => placesOf(value, compilePath(pattern)).map(({ key }) => key);
    expect(at('a.*.b')).toEqual(['b', 'b']);
    expect(at('a.1.b')).toEqual(['b']);
    expect(at('**.b')).toHaveLength(3);
    expect(at('c\\.d.b')).toEqual(['b']);
    expect(at('a.7.b')).toEqual([]);
    expect(() => compilePath('')).toThrow(TypeError);
  });
});
