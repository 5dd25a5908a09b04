import { describe, expect, it } from 'vitest';
import type { SynonymHit } from '@algolia/client-search';
import { createEmulator } from '../../src';
import { setupEmulatorServer } from '../support/server';
import { emptyRecords } from '../../src/emulator/search/record-store';

const env = setupEmulatorServer();

const gba: SynonymHit = { objectID: 'gba', type: 'synonym', synonyms: ['gba', 'gameboy advance', 'game boy advance'] };
const wii: SynonymHit = { objectID: 'wii', type: 'onewaysynonym', input: 'wii', synonyms: ['wii U'] };
const ps: SynonymHit = {
  objectID: 'ps',
  type: 'placeholder',
  placeholder: '<PLAYSTATIONVERSION>',
  replacements: ['1', 'One', '4 Pro'],
};
const ps4: SynonymHit = { objectID: 'ps4', type: 'altcorrection2', word: 'ps4', corrections: ['playstation4'] };
const psone: SynonymHit = { objectID: 'psone', type: 'altcorrection1', word: 'psone', corrections: ['playstationone'] };

describe('synonyms through the real client', () => {
  it('saves, reads, searches, deletes and clears synonyms', async () => {
    const { client } = env.fresh();
    const saved = await client.saveSynonym({ indexName: 'games', objectID: 'gba', synonymHit: gba });
    expect(saved).toEqual({ taskID: expect.any(Number), updatedAt: expect.any(String), id: 'gba' });
    const batch = await client.saveSynonyms({ indexName: 'games', synonymHit: [wii, ps, ps4, psone] });
    expect(Object.keys(batch).sort()).toEqual(['taskID', 'updatedAt']);
    await client.waitForTask({ indexName: 'games', taskID: batch.taskID });

    for (const synonym of [gba, wii, ps, ps4, psone]) {
      expect(await client.getSynonym({ indexName: 'games', objectID: synonym.objectID })).toEqual(synonym);
    }
    expect((await client.searchSynonyms({ indexName: 'games' })).nbHits).toBe(5);

    const found = await client.searchSynonyms({ indexName: 'games', searchSynonymsParams: { query: 'game' } });
    expect(found.nbHits).toBe(1);
    expect(found.hits[0].objectID).toBe('gba');
    expect((found.hits[0] as Record<string, any>)._highlightResult.synonyms[1]).toEqual({
      value: '<em>game</em>boy advance',
      matchLevel: 'full',
      matchedWords: ['game'],
      fullyHighlighted: false,
    });

    const byType = await client.searchSynonyms({
      indexName: 'games',
      searchSynonymsParams: { type: 'altcorrection2' },
    });
    expect(byType.hits.map((h) => h.objectID)).toEqual(['ps4']);

    const page = await client.searchSynonyms({ indexName: 'games', searchSynonymsParams: { hitsPerPage: 2, page: 2 } });
    expect(page).toMatchObject({ nbHits: 5 });
    // By objectID, descending: wii, psone | ps4, ps | gba.
    expect(page.hits.map((h) => h.objectID)).toEqual(['gba']);

    const browsed: string[] = [];
    await client.browseSynonyms({
      indexName: 'games',
      aggregator: (res) => browsed.push(...res.hits.map((h) => h.objectID)),
    });
    expect(browsed.sort()).toEqual(['gba', 'ps', 'ps4', 'psone', 'wii']);

    const deleted = await client.deleteSynonym({ indexName: 'games', objectID: 'gba' });
    expect(Object.keys(deleted).sort()).toEqual(['deletedAt', 'taskID']);
    await expect(client.getSynonym({ indexName: 'games', objectID: 'gba' })).rejects.toMatchObject({
      status: 404,
      message: 'Synonym set does not exist',
    });

    await client.clearSynonyms({ indexName: 'games' });
    expect((await client.searchSynonyms({ indexName: 'games', searchSynonymsParams: { query: '' } })).nbHits).toBe(0);
  });

  it('replaceExistingSynonyms replaces the whole set', async () => {
    const { client } = env.fresh();
    await client.saveSynonyms({ indexName: 'games', synonymHit: [gba, wii] });
    await client.saveSynonyms({ indexName: 'games', synonymHit: [ps] as never, replaceExistingSynonyms: true });
    const { hits } = await client.searchSynonyms({ indexName: 'games' });
    expect(hits.map((h) => h.objectID)).toEqual(['ps']);
  });
});

describe('synonym validation (direct calls)', () => {
  const cases: [string, unknown, RegExp][] = [
    ['missing type', { objectID: 'a', synonyms: ['a', 'b'] }, /type is required/],
    ['unknown type', { objectID: 'a', type: 'twoway', synonyms: ['a', 'b'] }, /type must be one of/],
    [
      'synonyms not an array',
      { objectID: 'a', type: 'synonym', synonyms: 'a,b' },
      /synonyms is required and must be an array/,
    ],
    ['single synonym', { objectID: 'a', type: 'synonym', synonyms: ['a'] }, /synonyms must contain at least 2/],
    ['one-way without input', { objectID: 'a', type: 'onewaysynonym', synonyms: ['a'] }, /input is required/],
    [
      'input on a multi-way synonym',
      { objectID: 'a', type: 'synonym', synonyms: ['a', 'b'], input: 'x' },
      /input is not allowed/,
    ],
    ['correction without word', { objectID: 'a', type: 'altcorrection1', corrections: ['b'] }, /word is required/],
    ['correction without corrections', { objectID: 'a', type: 'altCorrection2', word: 'b' }, /corrections is required/],
    [
      'placeholder without brackets',
      { objectID: 'a', type: 'placeholder', placeholder: 'street', replacements: ['st'] },
      /placeholder must be a single token/,
    ],
    [
      'placeholder without replacements',
      { objectID: 'a', type: 'placeholder', placeholder: '<street>' },
      /replacements is required/,
    ],
  ];
  for (const [name, body, message] of cases) {
    it(`rejects ${name} with a 400 naming the field`, async () => {
      const emulator = createEmulator();
      await expect(
        emulator.saveSynonym({ indexName: 'i', objectID: 'a', synonymHit: body as never }),
      ).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(message),
      });
      await expect(emulator.saveSynonyms({ indexName: 'i', synonymHit: [body as never] })).rejects.toMatchObject({
        status: 400,
      });
      expect(emulator.core.state.indices.has('i')).toBe(false);
    });
  }

  it('rejects a type named like an Object.prototype member with a 400, in saves and searches', async () => {
    const emulator = createEmulator();
    await emulator.saveSynonym({
      indexName: 'j',
      objectID: 'ok',
      synonymHit: { objectID: 'ok', type: 'synonym', synonyms: ['x', 'y'] },
    });
    for (const type of ['constructor', '__proto__', 'toString']) {
      const body = { objectID: 'a', type, synonyms: ['x', 'y'] };
      await expect(
        emulator.saveSynonym({ indexName: 'i', objectID: 'a', synonymHit: body as never }),
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('.type must be one of') });
      await expect(emulator.saveSynonyms({ indexName: 'i', synonymHit: [body as never] })).rejects.toMatchObject({
        status: 400,
      });
      await expect(
        emulator.searchSynonyms({ indexName: 'j', searchSynonymsParams: { type: type as never } }),
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('`type`') });
    }
    expect(emulator.core.state.indices.has('i')).toBe(false);
  });

  it('rejects a body objectID that differs from the URL', async () => {
    const emulator = createEmulator();
    await expect(
      emulator.saveSynonym({
        indexName: 'i',
        objectID: 'a',
        synonymHit: { objectID: 'b', type: 'synonym', synonyms: ['x', 'y'] },
      }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('does not match') });
  });

  it('never applies half a batch', async () => {
    const emulator = createEmulator();
    await expect(
      emulator.saveSynonyms({ indexName: 'i', synonymHit: [gba, { objectID: 'bad', type: 'synonym' } as never] }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('body[1].synonyms'),
    });
    expect(emulator.core.state.indices.has('i')).toBe(false);
  });

  it('answers 404 for a missing index', async () => {
    const emulator = createEmulator();
    await expect(emulator.getSynonym({ indexName: 'nope', objectID: 'a' })).rejects.toMatchObject({ status: 404 });
    await expect(emulator.searchSynonyms({ indexName: 'nope' })).rejects.toMatchObject({ status: 404 });
  });

  it('forwards writes to replicas when asked', async () => {
    const emulator = createEmulator();
    emulator.core.commit((draft) => {
      draft.indices.set('main', {
        name: 'main',
        createdAt: 0,
        updatedAt: 0,
        records: emptyRecords(),
        settings: { replicas: ['main_desc', 'virtual(main_v)'] },
        synonyms: new Map(),
        rules: new Map(),
      });
    });
    await emulator.saveSynonym({ indexName: 'main', objectID: 'gba', synonymHit: gba, forwardToReplicas: true });
    await emulator.saveSynonym({ indexName: 'main', objectID: 'wii', synonymHit: wii });
    expect([...emulator.core.state.indices.get('main_desc')!.synonyms.keys()]).toEqual(['gba']);
    expect([...emulator.core.state.indices.get('main_v')!.synonyms.keys()]).toEqual(['gba']);
    await emulator.clearSynonyms({ indexName: 'main', forwardToReplicas: true });
    expect(emulator.core.state.indices.get('main_desc')!.synonyms.size).toBe(0);
  });

  it('publishes on the clock with an indexing delay', async () => {
    const emulator = createEmulator({ indexingDelay: 1000 });
    const { taskID } = await emulator.saveSynonym({ indexName: 'i', objectID: 'gba', synonymHit: gba });
    await expect(emulator.getTask({ indexName: 'i', taskID })).resolves.toMatchObject({ status: 'notPublished' });
    emulator.clock.advance(1000);
    await expect(emulator.getSynonym({ indexName: 'i', objectID: 'gba' })).resolves.toEqual(gba);
  });
});
