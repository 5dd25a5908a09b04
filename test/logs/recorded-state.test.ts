import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEmulator, type Snapshot } from '../../src';
import type { State } from '../../src/emulator/state';

type Emulator = ReturnType<typeof createEmulator>;

/** What a test can do between two reads of the log and of analytics. */
type Step =
  | {
      readonly kind: 'search';
      readonly query: string;
      readonly user?: string;
      readonly clickAnalytics: boolean;
      readonly analytics: boolean;
      readonly filters?: string;
    }
  | { readonly kind: 'multi'; readonly queries: readonly string[] }
  | { readonly kind: 'get'; readonly query: string }
  | { readonly kind: 'save'; readonly name: string }
  | { readonly kind: 'missing' }
  | { readonly kind: 'click' }
  | { readonly kind: 'advance'; readonly seconds: number }
  | { readonly kind: 'snapshot' }
  | { readonly kind: 'restore'; readonly slot: number };

const query = fc.constantFrom('', 'phone', 'pho', 'case', 'nomatchxyz', 'é"\\');
const steps = fc.array(
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record(
        {
          kind: fc.constant('search' as const),
          query,
          user: fc.constantFrom('alice', 'bob'),
          clickAnalytics: fc.boolean(),
          analytics: fc.constantFrom(true, true, true, false),
          filters: fc.constantFrom('brand:Apple', 'price > 10 AND brand:"Big Co"'),
        },
        { requiredKeys: ['kind', 'query', 'clickAnalytics', 'analytics'] },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('multi' as const),
        queries: fc.array(query, { minLength: 1, maxLength: 3 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('get' as const), query }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('save' as const), name: fc.string({ maxLength: 30 }) }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'missing' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'click' as const }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('advance' as const),
        seconds: fc.constantFrom(1, 20, 3600, 8 * 86_400),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'snapshot' as const }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('restore' as const), slot: fc.nat() }) },
  ),
  { maxLength: 40 },
);

/** An emulator whose log and analytics lists are stored through an immer commit, as they were before `assign`. */
function throughCommits(): Emulator {
  const emulator = createEmulator({ analyticsRefresh: 'immediate' });
  const core = emulator.core;
  core.assign = (slice, fields) => {
    core.commit((draft) => {
      Object.assign(draft[slice], fields);
    });
  };
  return emulator;
}

/** Runs the steps; returns everything a caller sees: answers (as sent), logs and reports after each step. */
async function run(emulator: Emulator, sequence: readonly Step[]): Promise<unknown[]> {
  const seen: unknown[] = [];
  const snapshots: Snapshot[] = [];
  let queryID: string | undefined;
  await emulator.saveObjects({
    indexName: 'items',
    objects: [
      { objectID: 'a', name: 'phone case', brand: 'Apple', price: 20 },
      { objectID: 'b', name: 'phone', brand: 'Big Co', price: 5 },
    ],
  });
  for (const step of sequence) {
    let answer: unknown;
    switch (step.kind) {
      case 'search': {
        const caller =
          step.user === undefined
            ? emulator
            : emulator.as({ apiKey: emulator.adminApiKey, headers: { 'x-algolia-usertoken': step.user } });
        const body = await caller.searchSingleIndex({
          indexName: 'items',
          searchParams: {
            query: step.query,
            clickAnalytics: step.clickAnalytics,
            analytics: step.analytics,
            filters: step.filters,
          },
        });
        queryID = body.queryID ?? queryID;
        answer = JSON.stringify(body);
        // The caller owns the answer: changing it must not change what the log recorded.
        body.hits.push({ objectID: 'mutated' });
        body.query = 'mutated';
        break;
      }
      case 'multi':
        answer = JSON.stringify(
          await emulator.search({
            requests: step.queries.map((q) => ({ indexName: 'items', query: q, clickAnalytics: true })),
          }),
        );
        break;
      case 'get':
        answer = await emulator.request({ method: 'GET', path: '/1/indexes/items', query: { query: step.query } });
        break;
      case 'save':
        answer = await emulator.saveObject({ indexName: 'items', body: { name: step.name } });
        break;
      case 'missing':
        answer = await emulator
          .getObject({ indexName: 'items', objectID: 'nope' })
          .catch((error: { status: number }) => error.status);
        break;
      case 'click':
        if (queryID === undefined) continue;
        answer = await emulator
          .pushEvents({
            events: [
              {
                eventType: 'click',
                eventName: 'c',
                index: 'items',
                userToken: 'alice',
                queryID,
                objectIDs: ['a'],
                positions: [1],
              },
            ],
          })
          .catch((error: { status: number; message: string }) => [error.status, error.message]);
        break;
      case 'advance':
        emulator.clock.advance(step.seconds * 1000);
        continue;
      case 'snapshot':
        snapshots.push(emulator.snapshot());
        continue;
      case 'restore':
        if (snapshots.length === 0) continue;
        emulator.restore(snapshots[step.slot % snapshots.length]);
        continue;
    }
    seen.push(answer, await reads(emulator));
  }
  seen.push(await reads(emulator), frozenSlices(emulator.core.state));
  return seen;
}

/** The log and the reports the recorded searches feed. */
async function reads(emulator: Emulator): Promise<unknown> {
  const index = { index: 'items' };
  const state = emulator.core.state;
  return {
    logs: await emulator.getLogs({ length: 1000 }),
    searches: state.analytics.searches.toArray(),
    queries: state.analytics.queries.toArray(),
    top: await emulator.getTopSearches({ ...index, clickAnalytics: true }),
    count: await emulator.getSearchesCount(index),
    noResults: await emulator.getSearchesNoResults(index),
    hits: await emulator.getTopHits(index),
    users: await emulator.getUsersCount(index),
    filters: await emulator.getTopFilterAttributes(index),
    ctr: await emulator.getClickThroughRate(index),
  };
}

const frozenSlices = (state: State) => [
  Object.isFrozen(state),
  Object.isFrozen(state.security),
  Object.isFrozen(state.analytics),
];

describe('the API log and analytics stored without a draft', () => {
  it('read as they did through immer commits: same log entries, reports, lists and frozen tree, across snapshots and restores', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (sequence) => {
        expect(await run(createEmulator({ analyticsRefresh: 'immediate' }), sequence)).toEqual(
          await run(throughCommits(), sequence),
        );
      }),
      { numRuns: 40 },
    );
  });

  it('log the answer as it was sent, whatever the caller does with it afterwards', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (sequence) => {
        const emulator = createEmulator({ analyticsRefresh: 'immediate' });
        await run(
          emulator,
          sequence.filter((step) => step.kind === 'search'),
        );
        const { logs } = (await emulator.getLogs({ length: 1000, type: 'query' })) as { logs: { answer: string }[] };
        for (const log of logs) expect(log.answer).not.toContain('mutated');
      }),
      { numRuns: 20 },
    );
  });

  it('log the request as it was sent, whatever the caller does with its headers and query afterwards', async () => {
    const emulator = createEmulator();
    const headers: Record<string, string> = {
      'x-algolia-application-id': emulator.appId,
      'x-algolia-api-key': emulator.adminApiKey,
      'x-trace': 'sent',
    };
    const query: Record<string, string> = { page: '0' };
    await emulator.request({ method: 'GET', path: '/1/indexes', headers, query });
    headers['x-trace'] = 'mutated';
    query.page = '7';
    const { logs } = (await emulator.getLogs({ length: 1 })) as { logs: { url: string; query_headers: string }[] };
    expect(logs[0].url).toBe('/1/indexes?page=0');
    expect(logs[0].query_headers).toContain('sent');
    expect(logs[0].query_headers).not.toContain('mutated');
  });
});
