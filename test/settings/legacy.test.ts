import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rejects, setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();
const DATASETS = new URL('../../../shared/datasets/', import.meta.url);
const load = (path: string) => JSON.parse(readFileSync(new URL(path, DATASETS), 'utf8')) as Record<string, unknown>;

describe.each(SURFACES)('legacy names and exported settings through %s calls', (surface) => {
  it('legacy names are stored and returned under the current names', async () => {
    const { api } = open(surface);
    await api.setSettings({
      indexName: 'talks',
      indexSettings: { attributesToIndex: ['name'], numericAttributesToIndex: ['year'], slaves: ['talks_by_date'] },
    });
    const settings = await api.getSettings({ indexName: 'talks', getVersion: 2 });
    expect(settings).toMatchObject({
      searchableAttributes: ['name'],
      numericAttributesForFiltering: ['year'],
      replicas: ['talks_by_date'],
    });
    for (const legacy of ['attributesToIndex', 'numericAttributesToIndex', 'slaves'])
      expect(settings).not.toHaveProperty(legacy);
    expect((await api.getSettings({ indexName: 'talks_by_date' })).primary).toBe('talks');
  });

  it('the later of a legacy name and its current name wins', async () => {
    const { api } = open(surface);
    await api.setSettings({
      indexName: 'talks',
      indexSettings: { attributesToIndex: ['old'], searchableAttributes: ['new'] },
    });
    expect((await api.getSettings({ indexName: 'talks' })).searchableAttributes).toEqual(['new']);
    await api.setSettings({
      indexName: 'talks',
      indexSettings: { searchableAttributes: ['new'], attributesToIndex: ['old'] },
    });
    expect((await api.getSettings({ indexName: 'talks' })).searchableAttributes).toEqual(['old']);
  });

  it('string booleans and integer strings from exports are accepted and stored as values', async () => {
    const { api } = open(surface);
    await api.setSettings({
      indexName: 'talks',
      indexSettings: {
        typoTolerance: 'false',
        ignorePlurals: 'true',
        advancedSyntax: 'true',
        hitsPerPage: '12',
        distinct: 'false',
      },
    });
    expect(await api.getSettings({ indexName: 'talks', getVersion: 2 })).toMatchObject({
      typoTolerance: 'false',
      ignorePlurals: true,
      advancedSyntax: true,
      hitsPerPage: 12,
      distinct: false,
    });
  });

  it('typoTolerance is printed as a string whatever form it was set in', async () => {
    const { api } = open(surface);
    for (const [given, printed] of [
      [true, 'true'],
      [false, 'false'],
      ['strict', 'strict'],
      ['true', 'true'],
    ] as const) {
      await api.setSettings({ indexName: 'talks', indexSettings: { typoTolerance: given } });
      expect((await api.getSettings({ indexName: 'talks' })).typoTolerance).toBe(printed);
    }
  });

  it('read-only keys of an export (version, master, primary) are accepted and ignored', async () => {
    const { api } = open(surface);
    await api.setSettings({
      indexName: 'talks',
      indexSettings: { version: 1, master: 'other', primary: 'other', hitsPerPage: 3 },
    });
    const settings = await api.getSettings({ indexName: 'talks', getVersion: 2 });
    expect(settings.version).toBe(2);
    expect(settings).not.toHaveProperty('primary');
    expect(settings).not.toHaveProperty('master');
  });

  it('the tedtalks export loads: legacy names resolved, replicas created', async () => {
    const { api } = open(surface);
    const exported = load('tedtalks/talks_settings.json');
    await api.setSettings({ indexName: 'talks', indexSettings: exported });
    const settings = await api.getSettings({ indexName: 'talks', getVersion: 2 });
    expect(settings.searchableAttributes).toEqual(exported.attributesToIndex);
    expect(settings.replicas).toEqual(exported.slaves);
    expect(settings).toMatchObject({
      minWordSizefor1Typo: 3,
      distinct: true,
      attributeForDistinct: 'speakers',
      typoTolerance: 'true',
      snippetEllipsisText: '',
    });
    expect(settings).not.toHaveProperty('attributesToIndex');
    expect(settings).not.toHaveProperty('numericAttributesToIndex');
    for (const replica of exported.slaves as string[]) {
      expect((await api.getSettings({ indexName: replica })).primary).toBe('talks');
    }
  });

  it.each([
    'tedtalks/speakers_settings.json',
    'tedtalks/talks_date_asc_settings.json',
    'tedtalks/talks_viewed_count_desc_settings.json',
    'movies/settings.json',
  ])('the export %s loads and reads back under current names', async (path) => {
    const { api } = open(surface);
    const exported = load(path);
    await api.setSettings({ indexName: 'imported', indexSettings: exported });
    const settings = await api.getSettings({ indexName: 'imported', getVersion: 2 });
    expect(settings.searchableAttributes).toEqual(exported.attributesToIndex);
    expect(settings.customRanking).toEqual(exported.customRanking);
    expect(settings.ranking).toEqual(exported.ranking);
  });

  it('a modern export (searchableAttributes, renderingContent, language arrays) loads', async () => {
    const { api } = open(surface);
    const { settings: exported } = load('ecommerce-federated/products_configuration.json') as {
      settings: Record<string, unknown>;
    };
    await api.setSettings({ indexName: 'products', indexSettings: exported });
    const settings = await api.getSettings({ indexName: 'products', getVersion: 2 });
    expect(settings).toMatchObject({
      searchableAttributes: exported.searchableAttributes,
      ignorePlurals: ['en'],
      renderingContent: exported.renderingContent,
      typoTolerance: 'strict',
    });
  });

  it('settings-level synonyms are stored as synonyms, printed without getVersion=2 and left out with it', async () => {
    const { api, emulator } = open(surface);
    await api.setSettings({
      indexName: 'movies',
      indexSettings: {
        synonyms: [['&', 'and']],
        placeholders: { '<number>': ['1', '2'] },
        altCorrections: [{ word: 'foot', correction: 'feet', nbTypos: 1 }],
      },
    });
    const stored = [...emulator.core.state.indices.get('movies')!.synonyms.values()];
    expect(stored).toEqual([
      { objectID: 'syn-settings-0', type: 'synonym', synonyms: ['&', 'and'] },
      { objectID: 'placeholder-settings-0', type: 'placeholder', placeholder: '<number>', replacements: ['1', '2'] },
      { objectID: 'altcorrection-settings-0', type: 'altcorrection1', word: 'foot', corrections: ['feet'] },
    ]);
    const v1 = await api.getSettings({ indexName: 'movies' });
    expect(v1).toMatchObject({
      synonyms: [['&', 'and']],
      placeholders: { '<number>': ['1', '2'] },
      altCorrections: [{ word: 'foot', corrections: ['feet'], nbTypos: 1 }],
    });
    const v2 = await api.getSettings({ indexName: 'movies', getVersion: 2 });
    for (const key of ['synonyms', 'placeholders', 'altCorrections']) expect(v2).not.toHaveProperty(key);
  });

  it('synonyms saved through the synonyms map show in version-1 settings', async () => {
    const { api, emulator } = open(surface);
    await api.setSettings({ indexName: 'movies', indexSettings: {} });
    emulator.core.commit((draft) => {
      draft.indices
        .get('movies')!
        .synonyms.set('s1', { objectID: 's1', type: 'synonym', synonyms: ['tv', 'television'] });
      draft.indices
        .get('movies')!
        .synonyms.set('s2', { objectID: 's2', type: 'onewaysynonym', input: 'a', synonyms: ['b'] });
    });
    expect((await api.getSettings({ indexName: 'movies' })).synonyms).toEqual([['tv', 'television']]);
  });

  it('malformed settings-level synonyms are a 400', async () => {
    const { api } = open(surface);
    await rejects(
      api.setSettings({ indexName: 'movies', indexSettings: { synonyms: ['a', 'b'] } }),
      400,
      'Invalid value for setting `synonyms`: expected an array of arrays of strings',
    );
  });

  it('forwardToSlaves is the old name of forwardToReplicas', async () => {
    const { api, emulator } = open(surface);
    await api.setSettings({ indexName: 'talks', indexSettings: { replicas: ['talks_by_date'] } });
    const res = await emulator.request({
      method: 'PUT',
      path: '/1/indexes/talks/settings',
      query: { forwardToSlaves: 'true' },
      body: { hitsPerPage: 3 },
    });
    expect(res.status).toBe(200);
    expect((await api.getSettings({ indexName: 'talks_by_date' })).hitsPerPage).toBe(3);
  });
});
