import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import type { SearchBody } from './helpers';

const dataset = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../../shared/datasets/tedtalks/${file}`, import.meta.url), 'utf8'));

describe('tedtalks with its real settings file (legacy names included)', () => {
  const emulator = createEmulator();
  const talks = dataset('talks.json') as Record<string, unknown>[];

  beforeAll(async () => {
    const settings = dataset('talks_settings.json');
    // Replicas are another suite's concern: load the primary's own settings.
    delete settings.slaves;
    await emulator.setSettings({ indexName: 'talks', indexSettings: settings });
    await emulator.batch({
      indexName: 'talks',
      batchWriteParams: { requests: talks.map((body) => ({ action: 'addObject', body })) },
    });
  });

  const search = async (searchParams: Record<string, unknown>) =>
    (await emulator.searchSingleIndex({ indexName: 'talks', searchParams })) as unknown as SearchBody;

  it('finds talks despite typos, with distinct on speakers', async () => {
    const body = await search({ query: 'psycology', getRankingInfo: true });
    expect(body.nbHits).toBeGreaterThan(0);
    const speakers = body.hits.map((hit: any) => JSON.stringify(hit.speakers));
    expect(new Set(speakers).size).toBe(speakers.length);
    expect(body.hits[0]._rankingInfo!.nbTypos).toBe(1);
  });

  it('snippets speakers (speakers:15) and highlights searchable attributes', async () => {
    const body = await search({ query: 'adam grant' });
    const hit = body.hits.find((h) => h.objectID === '2652')!;
    expect(hit).toBeDefined();
    expect(hit._snippetResult.speakers).toEqual([{ value: '<em>Adam</em> <em>Grant</em>', matchLevel: 'full' }]);
    // The talk's name ("Are you a giver or a taker?") holds neither word.
    expect(hit._highlightResult.name).toEqual({
      value: 'Are you a giver or a taker?',
      matchLevel: 'none',
      matchedWords: [],
    });
    expect(hit._highlightResult).not.toHaveProperty('description');
  });

  it('ranks with desc(date) among equally relevant talks', async () => {
    const body = await search({ query: 'ted', hitsPerPage: 50, getRankingInfo: true, distinct: false });
    const hits = body.hits as any[];
    let ties = 0;
    for (let i = 1; i < hits.length; i++) {
      const [a, b] = [hits[i - 1], hits[i]];
      const keys = ['nbTypos', 'words', 'proximityDistance', 'firstMatchedWord', 'nbExactWords'] as const;
      if (keys.every((k) => a._rankingInfo[k] === b._rankingInfo[k])) {
        ties++;
        expect(a.date).toBeGreaterThanOrEqual(b.date);
      }
    }
    expect(ties).toBeGreaterThan(0);
  });
});
