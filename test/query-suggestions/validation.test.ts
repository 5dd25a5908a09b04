import { querySuggestionsClient } from '@algolia/client-query-suggestions';
import { describe, expect, it } from 'vitest';
import { expectUnchanged, rejects, SURFACES } from '../support/surfaces';
import { setupSuggestions } from './support';

const open = setupSuggestions();

const source = (extra: Record<string, unknown> = {}) => ({ indexName: 'products', ...extra });
const body = (extra: Record<string, unknown> = {}) => ({
  indexName: 'products_qs',
  sourceIndices: [source()],
  ...extra,
});
const invalid = (reason: string) => `Invalid body "${reason}".`;

/** Every configuration the service refuses with 400, and its message. */
const REFUSED: [string, unknown, string][] = [
  ['a body that is not an object', [], invalid('the body must be a JSON object')],
  ['no indexName', { sourceIndices: [source()] }, 'IndexName cannot be empty.'],
  ['an empty indexName', body({ indexName: '' }), 'IndexName cannot be empty.'],
  ['a blank indexName', body({ indexName: '  ' }), 'IndexName cannot be empty.'],
  ['an indexName that is not a string', body({ indexName: 42 }), invalid('`indexName` must be a string')],
  ['no sourceIndices', { indexName: 'products_qs' }, invalid('sourceIndices needs to contain at least one index')],
  ['empty sourceIndices', body({ sourceIndices: [] }), invalid('sourceIndices needs to contain at least one index')],
  [
    'sourceIndices that is not an array',
    body({ sourceIndices: { indexName: 'products' } }),
    invalid('`sourceIndices` must be an array'),
  ],
  [
    'a source index without indexName',
    body({ sourceIndices: [{ minHits: 3 }] }),
    invalid('every source index must have an `indexName`'),
  ],
  [
    'a source index with an empty indexName',
    body({ sourceIndices: [source({ indexName: '' })] }),
    invalid('every source index must have an `indexName`'),
  ],
  [
    'a source index that is not an object',
    body({ sourceIndices: ['products'] }),
    invalid('every source index must have an `indexName`'),
  ],
  [
    'a negative minHits',
    body({ sourceIndices: [source({ minHits: -1 })] }),
    invalid('every source index `minHits` must be positive'),
  ],
  [
    'a fractional minHits',
    body({ sourceIndices: [source({ minHits: 1.5 })] }),
    invalid('every source index `minHits` must be an integer'),
  ],
  [
    'a string minHits',
    body({ sourceIndices: [source({ minHits: '5' })] }),
    invalid('every source index `minHits` must be an integer'),
  ],
  [
    'a negative minLetters',
    body({ sourceIndices: [source({ minLetters: -2 })] }),
    invalid('every source index `minLetters` must be positive'),
  ],
  [
    'a fractional minLetters',
    body({ sourceIndices: [source({ minLetters: 0.5 })] }),
    invalid('every source index `minLetters` must be an integer'),
  ],
  [
    'facets that are not a list',
    body({ sourceIndices: [source({ facets: 'brand' })] }),
    invalid('`facets` must be an array of `{attribute, amount}` objects'),
  ],
  [
    'a facet without attribute',
    body({ sourceIndices: [source({ facets: [{ amount: 2 }] })] }),
    invalid('every facet must have an `attribute`'),
  ],
  [
    'a facet with a negative amount',
    body({ sourceIndices: [source({ facets: [{ attribute: 'brand', amount: -1 }] })] }),
    invalid('every facet `amount` must be a positive integer'),
  ],
  [
    'generate with an empty group',
    body({ sourceIndices: [source({ generate: [[]] })] }),
    invalid('`generate` must be an array of non-empty arrays of facet attributes'),
  ],
  [
    'generate that is a flat list',
    body({ sourceIndices: [source({ generate: ['brand', 'color'] })] }),
    invalid('`generate` must be an array of non-empty arrays of facet attributes'),
  ],
  [
    'external with an empty name',
    body({ sourceIndices: [source({ external: [''] })] }),
    invalid('`external` must be an array of index names'),
  ],
  [
    'analyticsTags that are not strings',
    body({ sourceIndices: [source({ analyticsTags: [1] })] }),
    invalid('`analyticsTags` must be an array of strings'),
  ],
  [
    'replicas that is not a boolean',
    body({ sourceIndices: [source({ replicas: 'yes' })] }),
    invalid('`replicas` must be a boolean'),
  ],
  ['languages as a string', body({ languages: 'en' }), invalid('`languages` must be an array of strings')],
  ['exclude as a string', body({ exclude: 'cheap' }), invalid('`exclude` must be an array of strings')],
  [
    'an exclude pattern that does not compile',
    body({ exclude: ['(cheap'] }),
    invalid('`exclude` holds an invalid regular expression: (cheap'),
  ],
  [
    'allowSpecialCharacters that is not a boolean',
    body({ allowSpecialCharacters: 1 }),
    invalid('`allowSpecialCharacters` must be a boolean'),
  ],
  [
    'enablePersonalization that is not a boolean',
    body({ enablePersonalization: 'true' }),
    invalid('`enablePersonalization` must be a boolean'),
  ],
  [
    'a suggestions index that is its own source',
    body({ indexName: 'products' }),
    invalid('the Query Suggestions index cannot be one of its own source indices'),
  ],
];

/** A refused request leaves the configurations, builds, jobs and indices exactly as they were. */
const UNCHANGED = ['querySuggestions', 'jobs', 'indices'] as const;

describe.each(SURFACES)('configurations refused (%s)', (surface) => {
  it.each(REFUSED)('create with %s: 400', async (_, config, message) => {
    const { emulator, api } = open(surface);
    const before = emulator.core.state;
    await rejects(api.createConfig(config), 400, message);
    expectUnchanged(emulator, before, UNCHANGED);
  });

  // The official client itself refuses an update without `sourceIndices` (see below).
  const sent = REFUSED.filter(([name]) => !/indexName|own source|not an object|no sourceIndices/.test(name));
  it.each(sent)('update with %s: 400, the stored one unchanged', async (_, config, message) => {
    const { emulator, api } = open(surface);
    await api.createConfig(body());
    const before = emulator.core.state;
    const { indexName: _name, ...configuration } = config as Record<string, unknown>;
    await rejects(api.updateConfig({ indexName: 'products_qs', configuration }), 400, message);
    expectUnchanged(emulator, before, UNCHANGED);
  });

  it('update with a body that is not an object, or without sourceIndices: 400 (the official client stops it first)', async () => {
    const { emulator, api } = open(surface);
    await api.createConfig(body());
    const before = emulator.core.state;
    if (surface === 'direct') {
      await rejects(
        api.updateConfig({ indexName: 'products_qs', configuration: [] }),
        400,
        invalid('the body must be a JSON object'),
      );
      await rejects(
        api.updateConfig({ indexName: 'products_qs', configuration: {} }),
        400,
        invalid('sourceIndices needs to contain at least one index'),
      );
    } else {
      expect(() => api.updateConfig({ indexName: 'products_qs', configuration: {} })).toThrow(
        'Parameter `configuration.sourceIndices` is required when calling `updateConfig`.',
      );
    }
    expectUnchanged(emulator, before, UNCHANGED);
  });

  it('a second configuration for the same index: 422', async () => {
    const { emulator, api } = open(surface);
    await api.createConfig(body());
    const before = emulator.core.state;
    await rejects(
      api.createConfig(body({ exclude: ['x'] })),
      422,
      'Configuration already exists for index: products_qs',
    );
    expectUnchanged(emulator, before, UNCHANGED);
  });

  it('the 101st configuration of the application: 403', async () => {
    const { emulator, api } = open(surface);
    for (let i = 0; i < 100; i++) await emulator.createConfig(body({ indexName: `qs_${i}` }));
    const before = emulator.core.state;
    await rejects(
      api.createConfig(body({ indexName: 'qs_100' })),
      403,
      'You have reached the limit of 100 Query Suggestions configurations for this application',
    );
    expectUnchanged(emulator, before, UNCHANGED);
    expect(await api.getAllConfigs()).toHaveLength(100);
    await api.deleteConfig({ indexName: 'qs_0' });
    expect(await api.createConfig(body({ indexName: 'qs_100' }))).toMatchObject({ status: 200 });
  });

  it('reading a configuration, its status or its log that does not exist: 404 Not Found', async () => {
    const { api } = open(surface);
    await rejects(api.getConfig({ indexName: 'missing' }), 404, 'Not Found');
    await rejects(api.getConfigStatus({ indexName: 'missing' }), 404, 'Not Found');
    await rejects(api.getLogFile({ indexName: 'missing' }), 404, 'Not Found');
  });
});

describe('updating or deleting a configuration that does not exist: the service answers 500', () => {
  it('direct calls reject with 500 Internal Server Error, and nothing changes', async () => {
    const { emulator } = open('direct');
    const before = emulator.core.state;
    await rejects(
      emulator.updateConfig({ indexName: 'missing', configuration: { sourceIndices: [source()] } }),
      500,
      'Internal Server Error',
    );
    await rejects(emulator.deleteConfig({ indexName: 'missing' }), 500, 'Internal Server Error');
    expectUnchanged(emulator, before, UNCHANGED);
  });

  it('the official client retries a 5xx then reports its RetryError, the 500 in its stack trace', async () => {
    const { suggestions } = open('client');
    for (const call of [
      () => suggestions.updateConfig({ indexName: 'missing', configuration: { sourceIndices: [source()] } }),
      () => suggestions.deleteConfig({ indexName: 'missing' }),
    ]) {
      const error = (await call().catch((caught: unknown) => caught)) as {
        name: string;
        stackTrace: { response: { status: number; content: string } }[];
      };
      expect(error.name).toBe('RetryError');
      expect(error.stackTrace.map((frame) => [frame.response.status, JSON.parse(frame.response.content)])).toEqual([
        [500, { message: 'Internal Server Error', status: 500 }],
      ]);
    }
  });
});

describe('credentials', () => {
  it('a wrong key or application ID: 401 Invalid credentials (official client)', async () => {
    const { emulator } = open('client');
    for (const client of [
      querySuggestionsClient(emulator.appId, 'wrong-key', 'us'),
      querySuggestionsClient('OTHERAPP', emulator.adminApiKey, 'eu'),
    ]) {
      await rejects(client.getAllConfigs(), 401, 'Invalid credentials');
      await rejects(client.createConfig(body()), 401, 'Invalid credentials');
    }
  });

  it('a key without the right: 401 naming it (settings to read, editSettings to write), for every operation', async () => {
    const { emulator } = open('client');
    await emulator.createConfig(body());
    const readOnly = await emulator.addApiKey({ acl: ['search', 'settings', 'analytics'] });
    const searchOnly = await emulator.addApiKey({ acl: ['search'] });
    const before = emulator.core.state.querySuggestions;
    const missingRead = 'The provided API key is missing the "settings" ACL.';
    const missingWrite = 'The provided API key is missing the "editSettings" ACL.';
    for (const [key, read] of [
      [readOnly.key, undefined],
      [searchOnly.key, missingRead],
    ] as const) {
      const client = querySuggestionsClient(emulator.appId, key, 'us');
      const direct = emulator.as({ apiKey: key });
      for (const api of [client as unknown as typeof direct, direct]) {
        await rejects(api.createConfig(body({ indexName: 'other_qs' })), 401, missingWrite);
        await rejects(
          api.updateConfig({ indexName: 'products_qs', configuration: { sourceIndices: [source()] } }),
          401,
          missingWrite,
        );
        await rejects(api.deleteConfig({ indexName: 'products_qs' }), 401, missingWrite);
        if (read === undefined) {
          expect(await api.getConfig({ indexName: 'products_qs' })).toMatchObject({ indexName: 'products_qs' });
          continue;
        }
        await rejects(api.getConfig({ indexName: 'products_qs' }), 401, read);
        await rejects(api.getAllConfigs(), 401, read);
        await rejects(api.getConfigStatus({ indexName: 'products_qs' }), 401, read);
        await rejects(api.getLogFile({ indexName: 'products_qs' }), 401, read);
      }
    }
    expect(emulator.core.state.querySuggestions).toBe(before);
  });

  it.each(SURFACES)(
    'a key holding settings and editSettings manages configurations, as the admin key does (%s)',
    async (surface) => {
      const { emulator } = open(surface);
      const { key } = await emulator.addApiKey({ acl: ['settings', 'editSettings'] });
      const api =
        surface === 'direct'
          ? (emulator.as({ apiKey: key }) as unknown as typeof emulator)
          : (querySuggestionsClient(emulator.appId, key, 'us') as unknown as typeof emulator);
      await api.createConfig(body());
      expect(await api.getConfig({ indexName: 'products_qs' })).toMatchObject({ indexName: 'products_qs' });
      expect(await api.getAllConfigs()).toHaveLength(1);
      expect(await api.getConfigStatus({ indexName: 'products_qs' })).toMatchObject({ indexName: 'products_qs' });
      await api.updateConfig({
        indexName: 'products_qs',
        configuration: { sourceIndices: [source()], exclude: ['^x'] },
      });
      expect((await api.getConfig({ indexName: 'products_qs' })).exclude).toEqual(['^x']);
      await api.deleteConfig({ indexName: 'products_qs' });
      expect(await emulator.getAllConfigs()).toEqual([]);
    },
  );
});
