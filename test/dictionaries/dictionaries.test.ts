import { beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { decompound, isStopWord, pluralFormsOf, stopWordsFor } from '../../src/emulator/search/dictionaries/lookup';
import { loadAllTables } from '../../src/emulator/search/dictionaries/languages';
import { initialDictionariesState } from '../../src/emulator/search/dictionaries/state';
import { setupEmulatorServer } from '../support/server';

const env = setupEmulatorServer();
// The lookups below are called outside a request, where tables do not load on demand.
beforeAll(() => loadAllTables());

describe('standard entries', () => {
  const state = initialDictionariesState();
  it('ships stop words for en, fr, de and es', () => {
    expect(stopWordsFor(state, ['en']).has('the')).toBe(true);
    expect(stopWordsFor(state, ['fr']).has('le')).toBe(true);
    expect(stopWordsFor(state, ['de']).has('und')).toBe(true);
    expect(stopWordsFor(state, ['es']).has('el')).toBe(true);
    expect(stopWordsFor(state, ['en']).has('le')).toBe(false);
  });
  it('ships plurals for en, fr, de and es', () => {
    expect(pluralFormsOf(state, 'shoe', ['en'])).toEqual(['shoes']);
    expect(pluralFormsOf(state, 'children', ['en'])).toContain('child');
    expect(pluralFormsOf(state, 'cheval', ['fr'])).toEqual(['chevaux']);
    expect(pluralFormsOf(state, 'Hund', ['de'])).toEqual(expect.arrayContaining(['hunde', 'hunden']));
    expect(pluralFormsOf(state, 'casa', ['es'])).toEqual(['casas']);
    expect(pluralFormsOf(state, 'shoe', ['fr'])).toEqual([]);
  });
  it('decompounds German words from the list and from known parts', () => {
    expect(decompound(state, 'Kühlschrank', ['de'])).toEqual(['kühl', 'schrank']);
    expect(decompound(state, 'lederschuh', ['de'])).toEqual(['leder', 'schuh']);
    expect(decompound(state, 'schuh', ['de'])).toBeUndefined();
    expect(decompound(state, 'lederschuh', ['en'])).toBeUndefined();
  });
});

describe('dictionaries through the real client', () => {
  it('adds, searches and deletes custom entries, and custom entries override standard ones', async () => {
    const { client, emulator } = env.fresh();
    const added = await client.batchDictionaryEntries({
      dictionaryName: 'stopwords',
      batchDictionaryEntriesParams: {
        requests: [
          { action: 'addEntry', body: { objectID: 'the-off', language: 'en', word: 'the', state: 'disabled' } },
          { action: 'addEntry', body: { objectID: 'emu', language: 'en', word: 'emulator' } },
        ],
      },
    });
    expect(Object.keys(added).sort()).toEqual(['taskID', 'updatedAt']);
    await expect(client.getAppTask({ taskID: added.taskID })).resolves.toEqual({ status: 'published' });

    const state = emulator.core.state.dictionaries;
    expect(stopWordsFor(state, ['en']).has('the')).toBe(false);
    expect(isStopWord(state, 'Emulator', ['en'])).toBe(true);

    const found = await client.searchDictionaryEntries({
      dictionaryName: 'stopwords',
      searchDictionaryEntriesParams: { query: 'the', language: 'en' },
    });
    expect(found.hits[0]).toEqual({
      objectID: 'the-off',
      language: 'en',
      word: 'the',
      state: 'disabled',
      type: 'custom',
    });
    expect(found.hits.filter((h) => h.word === 'the')).toHaveLength(1);
    expect(found).toMatchObject({ page: 0, nbPages: Math.ceil(found.nbHits / 20) });

    const about = await client.searchDictionaryEntries({
      dictionaryName: 'stopwords',
      searchDictionaryEntriesParams: { query: 'about', language: 'en' },
    });
    expect(about.hits[0]).toMatchObject({
      language: 'en',
      word: 'about',
      type: 'standard',
      objectID: expect.stringMatching(/^[0-9a-f]{32}$/),
    });

    const languages = await client.getDictionaryLanguages();
    expect(languages.en).toEqual({
      stopwords: { nbCustomEntries: 2 },
      plurals: { nbCustomEntries: 0 },
      compounds: null,
    });
    expect(languages.de.compounds).toEqual({ nbCustomEntries: 0 });

    await client.batchDictionaryEntries({
      dictionaryName: 'stopwords',
      batchDictionaryEntriesParams: { requests: [{ action: 'deleteEntry', body: { objectID: 'emu' } }] },
    });
    expect(isStopWord(emulator.core.state.dictionaries, 'emulator', ['en'])).toBe(false);

    await client.batchDictionaryEntries({
      dictionaryName: 'stopwords',
      batchDictionaryEntriesParams: { clearExistingDictionaryEntries: true, requests: [] },
    });
    expect(emulator.core.state.dictionaries.custom.stopwords.size).toBe(0);
  });

  it('custom plurals and compounds change the lookups', async () => {
    const { client, emulator } = env.fresh();
    await client.batchDictionaryEntries({
      dictionaryName: 'plurals',
      batchDictionaryEntriesParams: {
        requests: [{ action: 'addEntry', body: { objectID: 'p', language: 'en', words: ['shoe', 'shoon'] } }],
      },
    });
    await client.batchDictionaryEntries({
      dictionaryName: 'compounds',
      batchDictionaryEntriesParams: {
        requests: [
          { action: 'addEntry', body: { objectID: 'c1', language: 'de', word: 'kühlschrank', decomposition: [] } },
          {
            action: 'addEntry',
            body: { objectID: 'c2', language: 'de', word: 'Fensterrahmen', decomposition: ['Fenster', 'rahmen'] },
          },
        ],
      },
    });
    const state = emulator.core.state.dictionaries;
    expect(pluralFormsOf(state, 'shoe', ['en'])).toEqual(['shoon']);
    expect(pluralFormsOf(state, 'shoes', ['en'])).toEqual([]);
    expect(decompound(state, 'Kühlschrank', ['de'])).toBeUndefined();
    expect(decompound(state, 'fensterrahmen', ['de'])).toEqual(['fenster', 'rahmen']);
    expect(decompound(state, 'holzrahmen', ['de'])).toBeUndefined();
  });

  it('disables and resets standard stop words per language', async () => {
    const { client, emulator } = env.fresh();
    await expect(client.getDictionarySettings()).resolves.toEqual({ disableStandardEntries: { stopwords: {} } });
    await client.setDictionarySettings({ disableStandardEntries: { stopwords: { en: true, fr: false } } });
    await expect(client.getDictionarySettings()).resolves.toEqual({
      disableStandardEntries: { stopwords: { en: true, fr: false } },
    });
    expect(stopWordsFor(emulator.core.state.dictionaries, ['en']).size).toBe(0);
    expect(stopWordsFor(emulator.core.state.dictionaries, ['fr']).has('le')).toBe(true);
    await client.setDictionarySettings({ disableStandardEntries: { stopwords: null } });
    await expect(client.getDictionarySettings()).resolves.toEqual({ disableStandardEntries: { stopwords: {} } });
    expect(stopWordsFor(emulator.core.state.dictionaries, ['en']).has('the')).toBe(true);
  });
});

describe('dictionary errors (direct calls)', () => {
  const batch = (emulator: ReturnType<typeof createEmulator>, dictionaryName: string, requests: unknown[]) =>
    emulator.batchDictionaryEntries({
      dictionaryName: dictionaryName as never,
      batchDictionaryEntriesParams: { requests: requests as never },
    });
  const cases: [string, string, unknown[], RegExp][] = [
    ['an unknown dictionary', 'synonyms', [], /Unknown dictionary "synonyms"/],
    [
      'a missing word',
      'stopwords',
      [{ action: 'addEntry', body: { objectID: 'a', language: 'en' } }],
      /body\.word is required/,
    ],
    [
      'a declared field of the wrong type',
      'stopwords',
      [{ action: 'addEntry', body: { objectID: 'a', language: 'en', word: 'x', words: 'x' } }],
      /words must be/,
    ],
    [
      'a bad state',
      'stopwords',
      [{ action: 'addEntry', body: { objectID: 'a', language: 'en', word: 'x', state: 'off' } }],
      /state must be enabled or disabled/,
    ],
    [
      'plural words as a string',
      'plurals',
      [{ action: 'addEntry', body: { objectID: 'a', language: 'en', words: 'x' } }],
      /words must be a non-empty array/,
    ],
    [
      'compounds in English',
      'compounds',
      [{ action: 'addEntry', body: { objectID: 'a', language: 'en', word: 'x', decomposition: [] } }],
      /not a supported language for compounds/,
    ],
    [
      'a decomposition that does not spell the word',
      'compounds',
      [
        {
          action: 'addEntry',
          body: { objectID: 'a', language: 'de', word: 'hausboot', decomposition: ['haus', 'tür'] },
        },
      ],
      /must spell out/,
    ],
    [
      'an unknown action',
      'stopwords',
      [{ action: 'updateEntry', body: { objectID: 'a' } }],
      /action must be addEntry or deleteEntry/,
    ],
  ];
  for (const [name, dictionary, requests, message] of cases) {
    it(`rejects ${name} with a 400`, async () => {
      const emulator = createEmulator();
      await expect(batch(emulator, dictionary, requests)).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(message),
      });
      expect(emulator.core.state.dictionaries.custom.stopwords.size).toBe(0);
    });
  }

  it('rejects a batch over 10 MB with 413', async () => {
    const emulator = createEmulator();
    const word = 'x'.repeat(1000);
    const requests = Array.from({ length: 11_000 }, (_, i) => ({
      action: 'addEntry',
      body: { objectID: `w${i}`, language: 'en', word },
    }));
    await expect(batch(emulator, 'stopwords', requests)).rejects.toMatchObject({ status: 413 });
  });

  it('rejects a batch past the custom-entry quota with 403 and applies nothing', async () => {
    const emulator = createEmulator();
    const requests = Array.from({ length: 10_001 }, (_, i) => ({
      action: 'addEntry',
      body: { objectID: `w${i}`, language: 'en', word: `w${i}` },
    }));
    await expect(batch(emulator, 'stopwords', requests)).rejects.toMatchObject({ status: 403 });
    expect(emulator.core.state.dictionaries.custom.stopwords.size).toBe(0);
  });

  it('takes the quota from the dictionaryEntriesQuota option, counting every dictionary', async () => {
    const emulator = createEmulator({ dictionaryEntriesQuota: 2 });
    const add = (objectID: string, word: string) => ({ action: 'addEntry', body: { objectID, language: 'en', word } });
    await batch(emulator, 'stopwords', [add('a', 'alpha'), add('b', 'beta')]);
    await expect(
      batch(emulator, 'compounds', [
        { action: 'addEntry', body: { objectID: 'c', language: 'de', word: 'haus', decomposition: [] } },
      ]),
    ).rejects.toMatchObject({
      status: 403,
      message: 'Custom dictionary entries quota exceeded: 3 entries, 2 allowed',
    });
    expect(emulator.core.state.dictionaries.custom.compounds.size).toBe(0);
  });

  it('validates search parameters and answers the GET form too', async () => {
    const emulator = createEmulator();
    await expect(
      emulator.searchDictionaryEntries({
        dictionaryName: 'plurals',
        searchDictionaryEntriesParams: { query: 'x', hitsPerPage: 0 },
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      emulator.searchDictionaryEntries({ dictionaryName: 'plurals', searchDictionaryEntriesParams: {} as never }),
    ).rejects.toMatchObject({ status: 400 });
    const res = await emulator.request({
      method: 'GET',
      path: '/1/dictionaries/plurals/search',
      query: { query: 'cheval', language: 'fr', hitsPerPage: '5' },
    });
    expect(res.status).toBe(200);
    expect((res.body as { hits: { words: string[] }[] }).hits[0].words).toEqual(['cheval', 'chevaux']);
  });

  it('rejects settings for an unknown dictionary or a non-boolean flag', async () => {
    const emulator = createEmulator();
    await expect(
      emulator.setDictionarySettings({ disableStandardEntries: { synonyms: {} } as never }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      emulator.setDictionarySettings({ disableStandardEntries: { stopwords: { en: 'yes' } } as never }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
