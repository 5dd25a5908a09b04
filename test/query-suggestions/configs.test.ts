import { querySuggestionsClient } from '@algolia/client-query-suggestions';
import { describe, expect, it } from 'vitest';
import { SURFACES } from '../support/surfaces';
import { setupSuggestions } from './support';

const open = setupSuggestions();

describe.each(SURFACES)('configurations (%s)', (surface) => {
  it('are returned with every default filled in, in the fields and order the service records', async () => {
    const { emulator, api } = open(surface);
    // The configuration behind the service's recorded answer in the common test suite (getConfig e2e).
    await api.createConfig({
      indexName: 'cts_e2e_browse_query_suggestions',
      sourceIndices: [
        { indexName: 'cts_e2e_browse', facets: [{ attribute: 'title', amount: 1 }], generate: [['year']] },
      ],
      allowSpecialCharacters: true,
      exclude: ['^cocaines$'],
    });
    const recorded = {
      appID: emulator.appId,
      allowSpecialCharacters: true,
      enablePersonalization: false,
      exclude: ['^cocaines$'],
      indexName: 'cts_e2e_browse_query_suggestions',
      languages: [],
      sourceIndices: [
        {
          facets: [{ amount: 1, attribute: 'title' }],
          generate: [['year']],
          indexName: 'cts_e2e_browse',
          minHits: 5,
          minLetters: 4,
          replicas: false,
        },
      ],
    };
    const config = await api.getConfig({ indexName: 'cts_e2e_browse_query_suggestions' });
    expect(JSON.stringify(config)).toBe(JSON.stringify(recorded));
  });

  it('return languages as sent: a list, true or false ([] when not set)', async () => {
    const { api } = open(surface);
    for (const languages of [['en', 'fr'], true, false]) {
      await api.createConfig({ indexName: `qs_${String(languages)}`, sourceIndices: [{ indexName: 'p' }], languages });
      expect((await api.getConfig({ indexName: `qs_${String(languages)}` })).languages).toEqual(languages);
    }
  });

  it('create, list, update, delete: a lifecycle', async () => {
    const { emulator, api } = open(surface);
    const first = {
      indexName: 'a_qs',
      sourceIndices: [
        { indexName: 'products', analyticsTags: ['web'], external: ['seed'], minHits: 0, replicas: true },
      ],
      languages: true,
    };
    const second = {
      indexName: 'b_qs',
      sourceIndices: [{ indexName: 'products' }, { indexName: 'articles', minLetters: 6 }],
      enablePersonalization: true,
    };
    expect(await api.createConfig(first)).toEqual({
      status: 200,
      message: 'Configuration was created, and a new indexing job has been scheduled.',
    });
    await api.createConfig(second);

    const defaults = {
      exclude: [],
      enablePersonalization: false,
      allowSpecialCharacters: false,
      appID: emulator.appId,
    };
    expect(await api.getAllConfigs()).toEqual([
      {
        ...defaults,
        indexName: 'a_qs',
        languages: true,
        sourceIndices: [
          {
            indexName: 'products',
            analyticsTags: ['web'],
            external: ['seed'],
            minHits: 0,
            minLetters: 4,
            replicas: true,
          },
        ],
      },
      {
        ...defaults,
        indexName: 'b_qs',
        languages: [],
        enablePersonalization: true,
        sourceIndices: [
          { indexName: 'products', minHits: 5, minLetters: 4, replicas: false },
          { indexName: 'articles', minHits: 5, minLetters: 6, replicas: false },
        ],
      },
    ]);

    emulator.clock.advance('1h');
    expect(
      await api.updateConfig({
        indexName: 'a_qs',
        configuration: { sourceIndices: [{ indexName: 'articles' }], exclude: ['spam'] },
      }),
    ).toEqual({
      status: 200,
      message: 'Configuration was updated, and a new indexing job has been scheduled.',
    });
    expect(await api.getConfig({ indexName: 'a_qs' })).toEqual({
      ...defaults,
      indexName: 'a_qs',
      languages: [],
      exclude: ['spam'],
      sourceIndices: [{ indexName: 'articles', minHits: 5, minLetters: 4, replicas: false }],
    });
    // The update started a build at once, and the daily builds now count from it.
    expect(await api.getConfigStatus({ indexName: 'a_qs' })).toMatchObject({ isRunning: true });
    const builds = emulator.core.state.jobs.queue
      .filter((job) => job.kind === 'querySuggestions.daily')
      .map((job) => [job.data.indexName, new Date(job.at).toISOString()]);
    expect(builds).toEqual([
      ['b_qs', '2024-01-02T00:00:00.000Z'],
      ['a_qs', '2024-01-02T01:00:00.000Z'],
    ]);

    expect(await api.deleteConfig({ indexName: 'a_qs' })).toEqual({
      status: 200,
      message: 'Configuration was deleted with success.',
    });
    expect((await api.getAllConfigs()).map((config: { indexName: string }) => config.indexName)).toEqual(['b_qs']);
    expect(emulator.core.state.jobs.queue.map((job) => job.data.indexName)).not.toContain('a_qs');
  });
});

describe('regions', () => {
  it('both regional hosts answer (the official client, us and eu)', async () => {
    const { emulator } = open('client');
    const us = querySuggestionsClient(emulator.appId, emulator.adminApiKey, 'us');
    const eu = querySuggestionsClient(emulator.appId, emulator.adminApiKey, 'eu');
    await us.createConfig({ indexName: 'qs', sourceIndices: [{ indexName: 'products' }] });
    expect(await eu.getConfig({ indexName: 'qs' })).toMatchObject({ indexName: 'qs' });
    expect(await eu.getAllConfigs()).toHaveLength(1);
  });
});
