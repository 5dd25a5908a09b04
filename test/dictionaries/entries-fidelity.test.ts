import { describe, expect, it } from 'vitest';
import { setupSurfaces, SURFACES } from '../support/surfaces';
import { v4Client } from '../support/v4';

const open = setupSurfaces();

const add = (body: Record<string, unknown>) => ({ action: 'addEntry', body });

describe.each(SURFACES)('dictionary entries through %s calls', (surface) => {
  it('accepts the additional properties the entry schema allows, keeps them and returns them', async () => {
    const { api } = open(surface);
    await api.batchDictionaryEntries({
      dictionaryName: 'stopwords',
      batchDictionaryEntriesParams: {
        requests: [add({ objectID: 's1', language: 'en', word: 'zorg', additional: 'try me' })],
      },
    });
    await api.batchDictionaryEntries({
      dictionaryName: 'plurals',
      batchDictionaryEntriesParams: {
        clearExistingDictionaryEntries: true,
        requests: [
          add({
            objectID: 'p1',
            language: 'en',
            word: 'fancy',
            words: ['believe', 'algolia'],
            decomposition: ['trust', 'algolia'],
            state: 'enabled',
          }),
        ],
      },
    });
    const stopwords = await api.searchDictionaryEntries({
      dictionaryName: 'stopwords',
      searchDictionaryEntriesParams: { query: 'zorg' },
    });
    expect(stopwords.hits).toEqual([
      { objectID: 's1', language: 'en', word: 'zorg', additional: 'try me', state: 'enabled', type: 'custom' },
    ]);
    const plurals = await api.searchDictionaryEntries({
      dictionaryName: 'plurals',
      searchDictionaryEntriesParams: { query: 'believe' },
    });
    expect(plurals.hits[0]).toEqual({
      objectID: 'p1',
      language: 'en',
      word: 'fancy',
      words: ['believe', 'algolia'],
      decomposition: ['trust', 'algolia'],
      state: 'enabled',
      type: 'custom',
    });
  });

  it('declared fields keep their types on every dictionary', async () => {
    const { api } = open(surface);
    await expect(
      api.batchDictionaryEntries({
        dictionaryName: 'plurals',
        batchDictionaryEntriesParams: { requests: [add({ objectID: 'p', language: 'en', words: ['a'], word: 3 })] },
      }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('word must be a non-empty string') });
  });

  it('finds an entry by its objectID, custom or standard', async () => {
    const { api } = open(surface);
    const objectID = '0f3a7c2e9b1d4e5f8a6b7c8d9e0f1a2b';
    await api.batchDictionaryEntries({
      dictionaryName: 'stopwords',
      batchDictionaryEntriesParams: { requests: [add({ objectID, language: 'en', word: 'down' })] },
    });
    const byID = await api.searchDictionaryEntries({
      dictionaryName: 'stopwords',
      searchDictionaryEntriesParams: { query: objectID },
    });
    expect(byID.hits).toEqual([{ objectID, language: 'en', word: 'down', state: 'enabled', type: 'custom' }]);
    const standard = await api.searchDictionaryEntries({
      dictionaryName: 'stopwords',
      searchDictionaryEntriesParams: { query: '86ef58032f47d976ca7130a896086783' },
    });
    expect(standard).toMatchObject({
      nbHits: 1,
      hits: [{ objectID: '86ef58032f47d976ca7130a896086783', language: 'en', word: 'about' }],
    });
  });

  it('standard entries carry the service objectIDs (CTS recording: en "about")', async () => {
    const { api } = open(surface);
    const about = await api.searchDictionaryEntries({
      dictionaryName: 'stopwords',
      searchDictionaryEntriesParams: { query: 'about', language: 'en' },
    });
    expect(about).toMatchObject({
      hits: [{ objectID: '86ef58032f47d976ca7130a896086783', language: 'en', word: 'about' }],
      page: 0,
      nbHits: 1,
      nbPages: 1,
    });
  });

  it('disableStandardEntries takes any supported language for every dictionary (compounds for ru)', async () => {
    const { api } = open(surface);
    const params = {
      disableStandardEntries: {
        plurals: { fr: false, en: false, ru: true },
        stopwords: { fr: false },
        compounds: { ru: true },
      },
    };
    await api.setDictionarySettings(params);
    expect(await api.getDictionarySettings()).toEqual(params);
    await expect(
      api.setDictionarySettings({ disableStandardEntries: { compounds: { xx: true } } }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('dictionaries through the v4 client (its integration test)', () => {
  it.each([
    ['stopwords', { language: 'en', word: 'down' }],
    ['plurals', { language: 'fr', words: ['cheval', 'chevaux'] }],
    ['compounds', { language: 'de', word: 'kopfschmerztablette', decomposition: ['kopf', 'schmerz', 'tablette'] }],
  ] as const)('%s: saved, found by objectID, deleted', async (dictionary, fields) => {
    const { emulator } = open('client');
    const client = v4Client(emulator);
    const entry = { objectID: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', ...fields };
    const before = (await client.searchDictionaryEntries(dictionary, entry.objectID)).nbHits;
    await client.saveDictionaryEntries(dictionary, [entry] as never).wait();
    const found = await client.searchDictionaryEntries(dictionary, entry.objectID);
    expect(found.nbHits).toBe(before + 1);
    expect(found.hits).toEqual(expect.arrayContaining([expect.objectContaining(entry)]));
    await client.deleteDictionaryEntries(dictionary, [entry.objectID]).wait();
    expect((await client.searchDictionaryEntries(dictionary, entry.objectID)).nbHits).toBe(0);
  });
});
