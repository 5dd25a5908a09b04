import { createEmulator } from '../../src';
import { describe, expect, it } from 'vitest';
import { SETTINGS, SETTINGS_BY_NAME } from '../../src/emulator/search/settings/catalogue';
import { INVALID } from '../../src/emulator/search/settings/types';
import { rejects, setupSurfaces, SURFACES, type Api } from '../support/surfaces';
import { SAMPLES, WRONG_VALUES } from './samples';

const open = setupSurfaces();

/** getSettings of a new index, exactly as the service prints it (version 2). */
const NEW_INDEX_SETTINGS = {
  minWordSizefor1Typo: 4,
  minWordSizefor2Typos: 8,
  hitsPerPage: 20,
  maxValuesPerFacet: 100,
  version: 2,
  paginationLimitedTo: 1000,
  exactOnSingleWordQuery: 'attribute',
  ranking: ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'],
  separatorsToIndex: '',
  removeWordsIfNoResults: 'none',
  queryType: 'prefixLast',
  highlightPreTag: '<em>',
  highlightPostTag: '</em>',
  alternativesAsExact: ['ignorePlurals', 'singleWordSynonym'],
};

describe('the catalogue', () => {
  it('holds exactly the settings of the v5 client IndexSettings', () => {
    expect(SETTINGS.map((spec) => spec.name).sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  it('accepts every sample and its own default', () => {
    for (const spec of SETTINGS)
      expect(spec.type.parse((SAMPLES as Record<string, unknown>)[spec.name]), spec.name).not.toBe(INVALID);
    // A default of null means none; every other one is valid.
    const defaults = SETTINGS.filter((spec) => spec.default !== null);
    expect(defaults.length).toBeGreaterThan(40);
    for (const spec of defaults) expect(spec.type.parse(spec.default), spec.name).not.toBe(INVALID);
  });
});

describe('object-shaped settings', () => {
  it('refuse fields named like Object.prototype members with a 400 naming the setting (was a 500)', async () => {
    const emulator = createEmulator();
    for (const renderingContent of [{ constructor: 1 }, { facetOrdering: { toString: 1 } }]) {
      await expect(
        emulator.setSettings({ indexName: 'i', indexSettings: { renderingContent: renderingContent as never } }),
      ).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/^Invalid value for setting `renderingContent`/),
      });
    }
  });
});

describe.each(SURFACES)('setSettings and getSettings through %s calls', (surface) => {
  it('getSettings of a missing index is a 404', async () => {
    const { api } = open(surface);
    await rejects(api.getSettings({ indexName: 'nope' }), 404, 'Index does not exist');
  });

  it('setSettings creates the index and answers updatedAt and taskID', async () => {
    const { api } = open(surface);
    const res = await api.setSettings({ indexName: 'products', indexSettings: { hitsPerPage: 10 } });
    expect(Object.keys(res).sort()).toEqual(['taskID', 'updatedAt']);
    expect(res.updatedAt).toBe('2024-01-01T00:00:00.000Z');
    expect(Number.isInteger(res.taskID)).toBe(true);
    expect((await api.getSettings({ indexName: 'products' })).hitsPerPage).toBe(10);
  });

  it('a new index prints the service defaults, with version 2 under getVersion=2 and 1 without', async () => {
    const { api } = open(surface);
    await api.saveObject({ indexName: 'products', body: { name: 'Phone' } });
    expect(await api.getSettings({ indexName: 'products', getVersion: 2 })).toStrictEqual(NEW_INDEX_SETTINGS);
    expect(await api.getSettings({ indexName: 'products' })).toStrictEqual({ ...NEW_INDEX_SETTINGS, version: 1 });
    // Key order as the service prints it.
    expect(Object.keys(await api.getSettings({ indexName: 'products', getVersion: 2 }))).toEqual(
      Object.keys(NEW_INDEX_SETTINGS),
    );
  });

  it('every setting round-trips under its name; typoTolerance comes back as a string', async () => {
    const { api } = open(surface);
    const { replicas: _replicas, ...samples } = SAMPLES;
    await api.setSettings({ indexName: 'products', indexSettings: samples });
    const settings = await api.getSettings({ indexName: 'products', getVersion: 2 });
    expect(settings).toEqual({ ...samples, typoTolerance: 'min', version: 2 });
  });

  it('unspecified settings stay; null resets to the default (printed again when the service prints it)', async () => {
    const { api } = open(surface);
    await api.setSettings({
      indexName: 'products',
      indexSettings: { hitsPerPage: 5, customRanking: ['desc(x)'], searchableAttributes: ['a'] },
    });
    await api.setSettings({ indexName: 'products', indexSettings: { searchableAttributes: ['b'] } });
    let settings = await api.getSettings({ indexName: 'products', getVersion: 2 });
    expect(settings).toMatchObject({ hitsPerPage: 5, customRanking: ['desc(x)'], searchableAttributes: ['b'] });
    await api.setSettings({ indexName: 'products', indexSettings: { hitsPerPage: null, customRanking: null } });
    settings = await api.getSettings({ indexName: 'products', getVersion: 2 });
    expect(settings.hitsPerPage).toBe(20);
    expect(settings).not.toHaveProperty('customRanking');
    expect(settings.searchableAttributes).toEqual(['b']);
  });

  it.each(
    SETTINGS.filter((spec) => WRONG_VALUES.some((value) => spec.type.parse(value) === INVALID)).map(
      (spec) => spec.name,
    ),
  )('a wrong type for %s is a 400 naming it and what was expected; nothing is written', async (name) => {
    const { api } = open(surface);
    const spec = SETTINGS_BY_NAME.get(name)!;
    const wrong = WRONG_VALUES.find((value) => spec.type.parse(value) === INVALID);
    const message = `Invalid value for setting \`${name}\`: expected ${spec.type.expected}, got ${JSON.stringify(wrong)}`;
    await rejects(
      api.setSettings({ indexName: 'products', indexSettings: { hitsPerPage: 7, [name]: wrong } }),
      400,
      message,
    );
    await rejects(api.getSettings({ indexName: 'products' }), 404, 'Index does not exist');
  });

  it('an unknown setting is refused like the service does, pointing at the key', async () => {
    const { api } = open(surface);
    await rejects(
      api.setSettings({ indexName: 'products', indexSettings: { zadaz: 'zadza' } }),
      400,
      'Invalid object attributes: zadaz near line:1 column:8',
    );
    await rejects(
      api.setSettings({ indexName: 'products', indexSettings: { hitsPerPage: 10, optionalwords: 'the' } }),
      400,
      'Invalid object attributes: optionalwords near line:1 column:33',
    );
  });

  it('values out of range are refused', async () => {
    const { api } = open(surface);
    await rejects(
      api.setSettings({ indexName: 'products', indexSettings: { minProximity: 8 } }),
      400,
      'Invalid value for setting `minProximity`: expected an integer between 1 and 7, got 8',
    );
    await rejects(
      api.setSettings({ indexName: 'products', indexSettings: { ranking: ['typo', 'popularity'] } }),
      400,
      /^Invalid value for setting `ranking`: expected an array of ranking criteria/,
    );
    await rejects(
      api.setSettings({ indexName: 'products', indexSettings: { queryLanguages: ['xx'] } }),
      400,
      'Invalid value for setting `queryLanguages`: expected an array of supported language codes, got ["xx"]',
    );
  });

  it('setSettings needs editSettings and getSettings needs settings', async () => {
    const { emulator } = open(surface);
    const admin = emulator as unknown as Api;
    await admin.setSettings({ indexName: 'products', indexSettings: {} });
    const { key } = await admin.addApiKey({ acl: ['search', 'settings'] });
    const limited = emulator.as({ apiKey: key });
    await rejects(
      limited.setSettings({ indexName: 'products', indexSettings: { hitsPerPage: 1 } }),
      403,
      'Method not allowed with this API key',
    );
    expect((await limited.getSettings({ indexName: 'products' })).hitsPerPage).toBe(20);
  });
});
