import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IssuedQueries } from '../../src/emulator/analytics/recording/issued-queries';
import { SearchLog } from '../../src/emulator/analytics/recording/search-log';
import type { IssuedQuery, RecordedFilter, RecordedSearch } from '../../src/emulator/analytics/state';

/** A search as recordSearch stores it, drawn from small pools so users, hit lists and contexts repeat. */
const search = fc.record(
  {
    at: fc.constantFrom(0, 1_700_000_000_000, 1_700_000_000_001.5),
    index: fc.constantFrom('products', 'other', ''),
    query: fc.constantFrom('', 'phone', 'pho', 'é"\\', 'x'.repeat(300)),
    user: fc.constantFrom('alice', 'bob', '127.0.0.1'),
    tags: fc.subarray(['mobile', 'desktop', 'mobile']),
    nbHits: fc.oneof(fc.nat({ max: 5 }), fc.constantFrom(2 ** 31, 2 ** 40, 1.5, -1)),
    hits: fc.oneof(fc.constant([]), fc.subarray(['a', 'b', 'c', 'd']), fc.array(fc.constantFrom('a', 'b', 'é'))),
    filters: fc.array(
      fc
        .record({
          attribute: fc.constantFrom('brand', 'price'),
          operator: fc.constantFrom<RecordedFilter['operator']>(':', '<', '>='),
          value: fc.constantFrom('apple', '10', ''),
        })
        .map((filter) => ({ ...filter })),
      { maxLength: 2 },
    ),
    queryID: fc.oneof(
      fc.stringMatching(/^[0-9a-f]{32}$/),
      fc.constantFrom('0'.repeat(32), 'f'.repeat(32), 'ABCDEF0123456789ABCDEF0123456789', 'not hex', ''),
    ),
    country: fc.constantFrom('FR', 'US', '', '[[],[],null]', '=FR'),
    replaces: fc.nat({ max: 30 }).map((n) => n + 1),
  },
  { requiredKeys: ['at', 'index', 'query', 'user', 'tags', 'nbHits', 'hits', 'filters'] },
);

type Op =
  | { readonly kind: 'append'; readonly search: Omit<RecordedSearch, 'id'> }
  | { readonly kind: 'snapshot' }
  | { readonly kind: 'restore'; readonly slot: number }
  | { readonly kind: 'filter'; readonly user: string };

const ops: fc.Arbitrary<Op[]> = fc.array(
  fc.oneof(
    { weight: 8, arbitrary: fc.record({ kind: fc.constant('append' as const), search }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'snapshot' as const }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('restore' as const), slot: fc.nat() }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('filter' as const), user: fc.constantFrom('alice', 'bob') }),
    },
  ),
  { maxLength: 80 },
);

const frozen = <T extends object>(value: T): T => {
  for (const inner of Object.values(value)) if (inner && typeof inner === 'object') frozen(inner);
  return Object.freeze(value);
};

const issuedOf = (entry: RecordedSearch): IssuedQuery | undefined =>
  entry.queryID === undefined
    ? undefined
    : { queryID: entry.queryID, at: entry.at, index: entry.index, searchId: entry.id };

/** Everything a reader can see of the two lists, against the plain arrays they should equal. */
function expectSame(
  searches: SearchLog,
  queries: IssuedQueries,
  model: readonly RecordedSearch[],
  issued: readonly IssuedQuery[],
) {
  expect(searches.toArray()).toStrictEqual(model);
  expect([...searches]).toStrictEqual(model);
  expect(searches.length).toBe(model.length);
  expect(searches.at(0)).toStrictEqual(model[0]);
  expect(searches.at(-1)).toStrictEqual(model.at(-1));
  expect(searches.at(model.length)).toBeUndefined();
  expect(searches.lastId).toBe(model.at(-1)?.id ?? 0);
  for (const entry of searches) expect(Object.isFrozen(entry) && Object.isFrozen(entry.hits)).toBe(true);
  for (const index of ['products', 'other', 'none'])
    for (const user of ['alice', 'bob', '127.0.0.1', 'carol']) {
      const last = model.filter((s) => s.index === index && s.user === user).at(-1);
      expect(searches.lastOfUser(index, user)).toStrictEqual(last && { id: last.id, at: last.at, query: last.query });
    }
  const replacedBy = new Map<number, number>();
  for (const entry of model) if (entry.replaces !== undefined) replacedBy.set(entry.replaces, entry.id);
  expect(searches.replacements()).toStrictEqual(replacedBy);
  expect(queries.toArray()).toStrictEqual(issued);
  for (const entry of [...issued, { queryID: 'f'.repeat(32) }, { queryID: 'unknown' }])
    expect(queries.find(entry.queryID)).toStrictEqual(issued.filter((i) => i.queryID === entry.queryID).at(-1));
}

describe('the recorded searches stored as rows', () => {
  it('read as the plain arrays of what was appended, across snapshots, restores and filters, old handles unchanged', () => {
    fc.assert(
      fc.property(ops, (sequence) => {
        let searches = SearchLog.empty();
        let queries = IssuedQueries.empty();
        let model: RecordedSearch[] = [];
        let issued: IssuedQuery[] = [];
        const saved: { searches: SearchLog; queries: IssuedQueries; model: RecordedSearch[]; issued: IssuedQuery[] }[] =
          [];
        for (const op of sequence) {
          if (op.kind === 'append') {
            const entry = frozen({ id: (model.at(-1)?.id ?? 0) + 1, ...op.search } as RecordedSearch);
            searches = searches.append(entry);
            model = [...model, entry];
            const query = issuedOf(entry);
            if (query) {
              queries = queries.append(frozen(query));
              issued = [...issued, query];
            }
          } else if (op.kind === 'snapshot') {
            saved.push({ searches, queries, model, issued });
          } else if (op.kind === 'restore') {
            if (saved.length === 0) continue;
            ({ searches, queries, model, issued } = saved[op.slot % saved.length]);
          } else {
            searches = searches.filter((entry) => entry.user !== op.user);
            model = model.filter((entry) => entry.user !== op.user);
            queries = queries.filter((entry) => entry.index !== 'other');
            issued = issued.filter((entry) => entry.index !== 'other');
          }
          expectSame(searches, queries, model, issued);
        }
        for (const snapshot of saved) expectSame(snapshot.searches, snapshot.queries, snapshot.model, snapshot.issued);
      }),
      { numRuns: 200 },
    );
  });

  it('finds each of many query IDs, past the lookup table growing', () => {
    let queries = IssuedQueries.empty();
    const ids = Array.from({ length: 5000 }, (_, i) => (i * 2654435761).toString(16).padStart(32, '0').slice(-32));
    ids.forEach((queryID, i) => (queries = queries.append({ queryID, at: i, index: 'products', searchId: i + 1 })));
    for (const [i, queryID] of ids.entries()) expect(queries.find(queryID)?.searchId).toBe(i + 1);
    expect(queries.find('0'.repeat(31) + 'z')).toBeUndefined();
  });
});
