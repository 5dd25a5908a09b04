import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import type { Doc } from '../../src/emulator/search/engine/inverted-index';
import { resolveOptions } from '../../src/emulator/search/engine/options';
import { comparator, type Candidate } from '../../src/emulator/search/engine/rank';
import { computeFacets } from '../../src/emulator/search/facets/compute';
import { compileFilter } from '../../src/emulator/search/filters/compile';
import { effectiveSettings } from '../../src/emulator/search/settings/effective';
import { byObjectIDDescending } from '../../src/emulator/search/tie-order';
import type { SearchRecord } from '../../src/emulator/state';
import type { SearchBody } from './helpers';

/**
 * Queries without words (the first render, filter-only queries) walk the custom-ranking order the
 * index keeps sorted as records change. Checked against a reference with nothing shared but the
 * record-level pieces: the records kept in a Map written alike, filtered record by record, sorted
 * with the candidate comparator of `rank.ts` (every textual criterion tied; objectID, descending,
 * last), facets counted by walking the records.
 */

type Rec = SearchRecord;

const ID = fc.integer({ min: 0, max: 30 }).map((n) => `r${n}`);
// Ties, missing values, numeric strings and strings (compared as values) in the ranked attributes.
const POP = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, '3', 'x', true) },
);
const BODY = fc.record({
  brand: fc.constantFrom('acme', 'Acme', 'zeta', 'omni'),
  cat: fc.constantFrom('a', 'b', ['a', 'c']),
  pop: POP,
  name: fc.constantFrom('alpha', 'beta', 'Gamma', undefined),
});
const STEP = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('save' as const),
      records: fc.array(fc.tuple(ID, BODY), { minLength: 1, maxLength: 12 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('delete' as const), ids: fc.array(ID, { minLength: 1, maxLength: 4 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('snapshot' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restore' as const) }) },
);
const SETTINGS = [
  { attributesForFaceting: ['brand', 'cat', 'pop'], customRanking: ['desc(pop)'] },
  { attributesForFaceting: ['brand', 'searchable(cat)'], customRanking: ['asc(name)', 'desc(pop)'] },
  { attributesForFaceting: ['brand'], ranking: ['asc(pop)', 'typo', 'words', 'custom'], customRanking: ['desc(name)'] },
  { attributesForFaceting: ['brand', 'pop'] },
];
const QUERY = fc.record(
  {
    facets: fc.constantFrom<string[]>(['*'], ['brand', 'cat'], ['pop']),
    filters: fc.constantFrom(
      'brand:acme',
      'NOT cat:a',
      'pop > 2',
      'brand:zeta OR brand:omni',
      'pop:1 TO 4 AND NOT brand:acme',
    ),
    facetFilters: fc.constantFrom<(string | string[])[]>([['brand:acme', 'brand:omni']], ['cat:c']),
    page: fc.nat({ max: 3 }),
    hitsPerPage: fc.integer({ min: 1, max: 7 }),
  },
  { requiredKeys: [] },
);

/** What the reference expects of a search without words over `records` (insertion order). */
function expected(records: readonly Rec[], settings: Record<string, unknown>, params: Record<string, unknown>) {
  const options = resolveOptions(effectiveSettings({ settings }), { query: '', ...params });
  const filter = compileFilter(params, settings);
  const candidates: Candidate[] = [];
  // The last tie-break: objectID, descending.
  const byObjectID = [...records].sort(byObjectIDDescending);
  records.forEach((record) => {
    const order = byObjectID.indexOf(record);
    const verdict = filter(record);
    if (!verdict.match) return;
    const doc = { id: order, record, order } as unknown as Doc;
    candidates.push({
      info: { doc, words: 0, typos: 0, proximity: 0, firstMatchedWord: 0, exactWords: 0 },
      filters: verdict.score,
    });
  });
  candidates.sort(comparator(options));
  const from = options.page * options.hitsPerPage;
  const facets = params.facets
    ? computeFacets(
        candidates.map((c) => c.info.doc.record),
        params,
        settings,
      )
    : {};
  return {
    ids: candidates.slice(from, from + options.hitsPerPage).map((c) => c.info.doc.record.objectID),
    nbHits: candidates.length,
    facets: facets.facets,
    facets_stats: facets.facets_stats,
  };
}

describe('queries without words', () => {
  it('rank, count and facet every doc the filters keep as the reference, after any writes, deletes and restores', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: SETTINGS.length - 1 }),
        fc.array(STEP, { minLength: 1, maxLength: 8 }),
        fc.array(QUERY, { minLength: 1, maxLength: 3 }),
        async (s, steps, queries) => {
          const emulator = createEmulator();
          const settings = SETTINGS[s];
          await emulator.setSettings({ indexName: 'items', indexSettings: settings });
          let model = new Map<string, Rec>();
          let saved: { snapshot: ReturnType<typeof emulator.snapshot>; model: Map<string, Rec> } | undefined;
          for (const step of steps) {
            if (step.kind === 'save') {
              const bodies = step.records.map(
                ([objectID, body]) => JSON.parse(JSON.stringify({ ...body, objectID })) as Rec,
              );
              await emulator.saveObjects({ indexName: 'items', objects: bodies });
              model = new Map(model);
              for (const body of bodies) model.set(body.objectID, body);
            } else if (step.kind === 'delete') {
              await emulator.deleteObjects({ indexName: 'items', objectIDs: step.ids });
              model = new Map(model);
              for (const id of step.ids) model.delete(id);
            } else if (step.kind === 'snapshot') {
              saved = { snapshot: emulator.snapshot(), model };
            } else if (saved) {
              emulator.restore(saved.snapshot);
              model = saved.model;
            }
            // Searched between steps: the order and the columns follow each change.
            for (const params of queries) {
              const body = (await emulator.searchSingleIndex({
                indexName: 'items',
                searchParams: { query: '', ...params },
              })) as SearchBody;
              const want = expected([...model.values()], settings, params);
              expect({
                ids: body.hits.map((hit) => hit.objectID),
                nbHits: body.nbHits,
                facets: body.facets,
                facets_stats: body.facets_stats,
              }).toEqual(want);
            }
          }
        },
      ),
      { numRuns: 120 },
    );
  });
});
