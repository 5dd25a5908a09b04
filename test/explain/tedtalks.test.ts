import { beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Explanation } from '../../src';
import { loadTalks, tedtalks } from '../support/tedtalks';

type Hit = { objectID: string; date: number; _rankingInfo: Record<string, number> };

/** A criterion's value as search's own answer shows it, and whether a higher value ranks first. */
const FROM_HIT: Record<string, { read: (hit: Hit) => number; higherFirst: boolean }> = {
  typo: { read: (h) => h._rankingInfo.nbTypos, higherFirst: false },
  geo: { read: () => 0, higherFirst: false },
  words: { read: (h) => h._rankingInfo.words, higherFirst: true },
  filters: { read: (h) => h._rankingInfo.filters, higherFirst: true },
  proximity: { read: (h) => h._rankingInfo.proximityDistance, higherFirst: false },
  attribute: { read: (h) => h._rankingInfo.firstMatchedWord, higherFirst: false },
  exact: { read: (h) => h._rankingInfo.nbExactWords, higherFirst: true },
  'desc(date)': { read: (h) => h.date, higherFirst: true },
};

describe('the relevance explainer against getRankingInfo on tedtalks', () => {
  const emulator = createEmulator();
  const talks = tedtalks('talks.json') as Record<string, unknown>[];

  beforeAll(async () => {
    await loadTalks(emulator);
  });

  const search = async (searchParams: Record<string, unknown>) =>
    (await emulator.searchSingleIndex({
      indexName: 'talks',
      searchParams: { getRankingInfo: true, ...searchParams },
    })) as { nbHits: number; hits: Hit[] };

  it.each(['love', 'life', 'psycology', 'climate chan', 'the future of work', 'music brain'])(
    'explains every hit of "%s" as search ranked it: position, _rankingInfo, criteria and the neighbour each criterion decided against',
    async (query) => {
      const { hits, nbHits } = await search({ query, hitsPerPage: 20 });
      expect(hits.length).toBeGreaterThan(1);
      for (const [i, hit] of hits.entries()) {
        const e = await emulator.explain({ indexName: 'talks', objectID: hit.objectID, query, hitsPerPage: 20 });
        expect(e).toMatchObject({ found: true, matched: true, position: i, page: 0, nbHits, reasons: [] });
        expect(e.rankingInfo).toEqual(hit._rankingInfo);
        expect(Object.fromEntries(e.criteria.map((c) => [c.criterion, c.value]))).toEqual(
          Object.fromEntries(Object.entries(FROM_HIT).map(([name, { read }]) => [name, read(hit)])),
        );
        if (i > 0) checkNeighbour(e, 'above', hits[i - 1], hit);
        if (i + 1 < hits.length) checkNeighbour(e, 'below', hit, hits[i + 1]);
      }
    },
  );

  /** The neighbour comparison agrees with search's own figures: tied where it says, the deciding criterion favours the one ranked first. */
  function checkNeighbour(e: Explanation, side: 'above' | 'below', first: Hit, second: Hit): void {
    const comparison = e[side]!;
    expect(comparison.objectID).toBe(side === 'above' ? first.objectID : second.objectID);
    for (const name of comparison.tiedOn) expect(FROM_HIT[name].read(first), name).toBe(FROM_HIT[name].read(second));
    if (comparison.decidedBy === 'objectID') {
      for (const { read } of Object.values(FROM_HIT)) expect(read(first)).toBe(read(second));
      expect(
        first.objectID > second.objectID,
        `${first.objectID} before ${second.objectID}: objectID, descending`,
      ).toBe(true);
      return;
    }
    const { read, higherFirst } = FROM_HIT[comparison.decidedBy];
    expect(
      higherFirst ? read(first) > read(second) : read(first) < read(second),
      `${comparison.decidedBy} orders ${first.objectID} before ${second.objectID}`,
    ).toBe(true);
    const [self, other] = side === 'above' ? [second, first] : [first, second];
    expect([comparison.value, comparison.other]).toEqual([read(self), read(other)]);
  }

  const matched = new Map<string, Set<string>>();
  /** Every record a query matches, read with browse (no pagination limit, no distinct); each query read once. */
  async function matching(query: string, searchParams: Record<string, unknown> = {}): Promise<Set<string>> {
    const key = JSON.stringify([query, searchParams]);
    const known = matched.get(key);
    if (known) return known;
    const ids = new Set<string>();
    matched.set(key, ids);
    let cursor: string | undefined;
    do {
      const page = await emulator.browse({
        indexName: 'talks',
        browseParams: { query, hitsPerPage: 1000, ...searchParams, ...(cursor ? { cursor } : {}) },
      });
      for (const hit of page.hits as unknown as Hit[]) ids.add(hit.objectID);
      cursor = page.cursor;
    } while (cursor);
    return ids;
  }

  it.each(['climate change', 'brain music', 'psycology', 'love story'])(
    'tells the truth about records search leaves out of "%s"',
    async (query) => {
      const { hits } = await search({ query, hitsPerPage: 1000 });
      // Which branch each sampled record took: each must be met, or its checks never ran.
      const seen = { found: 0, keptOut: 0, leftOut: 0 };
      // Every 157th talk, and the first hits, so that found records are explained too.
      const sample = new Set(hits.slice(0, 3).map((hit) => hit.objectID));
      for (let n = 0; n < talks.length; n += 157) sample.add(`t${n}`);
      for (const objectID of sample) {
        const e = await emulator.explain({ indexName: 'talks', objectID, query, hitsPerPage: 1000 });
        expect(
          hits.some((hit) => hit.objectID === objectID),
          `${objectID} found`,
        ).toBe(e.found);
        expect((await matching(query)).has(objectID), `${objectID} matched`).toBe(e.matched);
        if (e.found) {
          seen.found++;
          expect(hits[e.position!].objectID).toBe(objectID);
          continue;
        }
        expect(e.reasons.length).toBeGreaterThan(0);
        expect(e.reasons.map((r) => r.kind)).not.toContain('unexplained');
        if (e.matched) {
          // Matched but kept from every page (distinct, pagination): the test below checks distinct's reason.
          seen.keptOut++;
          expect(e.reasons.map((r) => r.kind)).toEqual([expect.stringMatching(/^(distinct|pagination-limit)$/)]);
          const shownInstead = e.reasons[0].shownInstead ?? [];
          expect(hits.map((hit) => hit.objectID)).toEqual(expect.arrayContaining([...shownInstead]));
          continue;
        }
        seen.leftOut++;
        // The words it blames are what keeps the record out: each alone misses it, the query without them finds it.
        expect(
          e.reasons.every((r) =>
            ['word-not-found', 'typo-over-limit', 'prefix-only', 'not-searchable'].includes(r.kind),
          ),
          e.text,
        ).toBe(true);
        const blamed = e.reasons.map((r) => r.word!);
        const words = e.words.map((w) => w.word);
        for (const word of blamed) {
          const last = word === words[words.length - 1];
          const alone = await matching(word, { queryType: last ? 'prefixLast' : 'prefixNone' });
          expect(alone.has(objectID), `${objectID} does not hold "${word}"`).toBe(false);
        }
        const rest = words.filter((w) => !blamed.includes(w)).join(' ');
        expect((await matching(rest)).has(objectID), `${objectID} matches "${rest}"`).toBe(true);
        for (const word of e.words) expect(word.matched).toBe(!blamed.includes(word.word));
      }
      expect(seen.found, 'records found').toBeGreaterThan(0);
      expect(seen.leftOut, 'records left out by their words').toBeGreaterThan(0);
    },
  );

  it('names the filter group a record fails, and the record it keeps its place to under distinct', async () => {
    const { hits } = await search({ query: 'love', hitsPerPage: 1 });
    const top = talks[Number(hits[0].objectID.slice(1))] as { duration_range: number; speakers: string[] };
    const other = top.duration_range === 1 ? 2 : 1;
    const filtered = await emulator.explain({
      indexName: 'talks',
      objectID: hits[0].objectID,
      query: 'love',
      filters: `duration_range:${other} OR duration_range:9`,
    });
    expect(filtered.found).toBe(false);
    expect(filtered.reasons).toEqual([
      expect.objectContaining({ kind: 'filter', filters: [`"duration_range":"${other}" OR "duration_range":"9"`] }),
    ]);
    const unfiltered = await search({
      query: 'love',
      hitsPerPage: 1000,
      filters: `duration_range:${other} OR duration_range:9`,
    });
    expect(unfiltered.hits.map((h) => h.objectID)).not.toContain(hits[0].objectID);

    // A talk by the same speakers as a better-ranked one is kept out by distinct.
    const all = await search({ query: 'surveillance', hitsPerPage: 1000, distinct: false });
    const shown = new Set((await search({ query: 'surveillance', hitsPerPage: 1000 })).hits.map((h) => h.objectID));
    const speakersOf = (objectID: string) => JSON.stringify(talks[Number(objectID.slice(1))].speakers);
    const kept = all.hits.find((hit) => !shown.has(hit.objectID));
    expect(kept, 'a talk distinct keeps out').toBeDefined();
    const first = all.hits.find((hit) => speakersOf(hit.objectID) === speakersOf(kept!.objectID))!;
    const e = await emulator.explain({ indexName: 'talks', objectID: kept!.objectID, query: 'surveillance' });
    expect(e).toMatchObject({
      found: false,
      matched: true,
      reasons: [{ kind: 'distinct', attribute: 'speakers', shownInstead: [first.objectID] }],
    });
  });
});
