import { describe, expect, it } from 'vitest';
import type { Rule } from '@algolia/client-search';
import { createEmulator } from '../../src';
import { setupEmulatorServer } from '../support/server';
import { emptyRecords } from '../../src/emulator/search/record-store';

const env = setupEmulatorServer();

const zorro: Rule = {
  objectID: 'qr-1',
  conditions: [{ alternatives: true, anchoring: 'contains', pattern: 'zorro' }],
  consequence: {
    params: { ignorePlurals: 'true' },
    filterPromotes: true,
    promote: [{ objectIDs: ['Æon Flux'], position: 0 }],
  },
  description: 'test_rule',
  enabled: true,
} as const;
const brand: Rule = {
  objectID: 'brand',
  conditions: [{ pattern: '{facet:brand}', anchoring: 'contains', context: 'mobile' }],
  consequence: {
    params: { automaticFacetFilters: [{ facet: 'brand', disjunctive: true }] },
    userData: { banner: 'brands' },
  },
  enabled: false,
  tags: ['merch'],
};

describe('rules through the real client', () => {
  it('saves, reads, searches, deletes and clears rules', async () => {
    const { client } = env.fresh();
    const saved = await client.saveRule({ indexName: 'movies', objectID: 'qr-1', rule: zorro as never });
    expect(saved).toEqual({ updatedAt: expect.any(String), taskID: expect.any(Number) });
    const batch = await client.saveRules({ indexName: 'movies', rules: [brand] as never });
    expect(Object.keys(batch).sort()).toEqual(['taskID', 'updatedAt']);
    await client.waitForTask({ indexName: 'movies', taskID: batch.taskID });

    expect(await client.getRule({ indexName: 'movies', objectID: 'qr-1' })).toEqual(zorro);
    const found = await client.searchRules({ indexName: 'movies', searchRulesParams: { query: 'zorro' } });
    expect(found).toMatchObject({ nbHits: 1, page: 0, nbPages: 1 });
    expect(found.hits[0]).toMatchObject(zorro);
    expect((found.hits[0] as Record<string, any>)._highlightResult.conditions[0].pattern).toEqual({
      value: '<em>zorro</em>',
      matchLevel: 'full',
      matchedWords: ['zorro'],
      fullyHighlighted: true,
    });

    expect(
      (await client.searchRules({ indexName: 'movies', searchRulesParams: { context: 'mobile' } })).hits.map(
        (h) => h.objectID,
      ),
    ).toEqual(['brand']);
    expect(
      (await client.searchRules({ indexName: 'movies', searchRulesParams: { enabled: true } })).hits.map(
        (h) => h.objectID,
      ),
    ).toEqual(['qr-1']);
    expect((await client.searchRules({ indexName: 'movies', searchRulesParams: { anchoring: 'is' } })).nbHits).toBe(0);
    expect(
      await client.searchRules({ indexName: 'movies', searchRulesParams: { hitsPerPage: 1, page: 1 } }),
    ).toMatchObject({ nbHits: 2, nbPages: 2, page: 1 });

    const browsed: string[] = [];
    await client.browseRules({
      indexName: 'movies',
      aggregator: (res) => browsed.push(...res.hits.map((h) => h.objectID)),
    });
    expect(browsed.sort()).toEqual(['brand', 'qr-1']);

    const deleted = await client.deleteRule({ indexName: 'movies', objectID: 'qr-1' });
    expect(Object.keys(deleted).sort()).toEqual(['taskID', 'updatedAt']);
    await expect(client.getRule({ indexName: 'movies', objectID: 'qr-1' })).rejects.toMatchObject({
      status: 404,
      message: 'ObjectID does not exist',
    });
    await client.clearRules({ indexName: 'movies' });
    expect((await client.searchRules({ indexName: 'movies' })).nbHits).toBe(0);
  });

  it('clearExistingRules replaces the whole set', async () => {
    const { client } = env.fresh();
    await client.saveRules({ indexName: 'movies', rules: [zorro, brand] as never });
    await client.saveRules({
      indexName: 'movies',
      rules: [{ objectID: 'c', consequence: { userData: { a: 1 } } }],
      clearExistingRules: true,
    });
    expect((await client.searchRules({ indexName: 'movies' })).hits.map((h) => h.objectID)).toEqual(['c']);
  });
});

describe('rule validation (direct calls)', () => {
  const rule = (extra: Record<string, unknown>) => ({ objectID: 'r', consequence: { userData: { a: 1 } }, ...extra });
  const cases: [string, unknown, RegExp][] = [
    ['a missing consequence', { objectID: 'r' }, /consequence is required/],
    ['an unknown rule field', rule({ priority: 1 }), /priority is not a rule attribute/],
    [
      'a bad anchoring',
      rule({ conditions: [{ pattern: 'a', anchoring: 'exact' }] }),
      /conditions\[0\]\.anchoring must be one of/,
    ],
    [
      'an insert that is not a string',
      { objectID: 'r', consequence: { params: { query: { edits: [{ type: 'remove', delete: 'a', insert: 3 }] } } } },
      /edits\[0\]\.insert must be a string/,
    ],
    [
      'an empty pattern not anchored with is',
      rule({ conditions: [{ pattern: '', anchoring: 'contains' }] }),
      /can only be empty with anchoring "is"/,
    ],
    ['a context with spaces', rule({ conditions: [{ context: 'on mobile' }] }), /context must be/],
    [
      'OR in condition filters',
      rule({ conditions: [{ filters: 'a:b OR c:d' }] }),
      /filters cannot combine filters with OR/,
    ],
    ['numeric condition filters', rule({ conditions: [{ filters: 'price > 3' }] }), /only accepts facet filters/],
    ['an empty condition', rule({ conditions: [{}] }), /must have a pattern, a context or filters/],
    [
      'too many conditions',
      rule({ conditions: Array.from({ length: 26 }, () => ({ context: 'x' })) }),
      /at most 25 conditions/,
    ],
    [
      'a bad query edit',
      { objectID: 'r', consequence: { params: { query: { edits: [{ type: 'replace', delete: 'a' }] } } } },
      /edits\[0\]\.insert is required/,
    ],
    [
      'an automatic filter without placeholder',
      {
        objectID: 'r',
        conditions: [{ pattern: 'x', anchoring: 'is' }],
        consequence: { params: { automaticFacetFilters: ['brand'] } },
      },
      /must appear as \{facet:brand\}/,
    ],
    [
      'a promote without position',
      { objectID: 'r', consequence: { promote: [{ objectID: 'a' }] } },
      /promote\[0\]\.position/,
    ],
    [
      'a promote with both forms',
      { objectID: 'r', consequence: { promote: [{ objectID: 'a', objectIDs: ['b'], position: 1 }] } },
      /either objectID or objectIDs/,
    ],
    [
      'a promote group over 100',
      {
        objectID: 'r',
        consequence: { promote: [{ objectIDs: Array.from({ length: 101 }, (_, i) => `o${i}`), position: 0 }] },
      },
      /at most 100 objectIDs/,
    ],
    [
      'two promotes at one position',
      {
        objectID: 'r',
        consequence: {
          promote: [
            { objectID: 'a', position: 1 },
            { objectID: 'b', position: 1 },
          ],
        },
      },
      /used twice/,
    ],
    ['a hide without objectID', { objectID: 'r', consequence: { hide: [{}] } }, /hide\[0\]\.objectID/],
    ['userData over 1 kB', { objectID: 'r', consequence: { userData: { text: 'x'.repeat(1100) } } }, /at most 1 kB/],
    ['a validity range backwards', rule({ validity: [{ from: 10, until: 5 }] }), /from must not be after until/],
    ['enabled as a string', rule({ enabled: 'yes' }), /enabled must be a boolean/],
  ];
  for (const [name, body, message] of cases) {
    it(`rejects ${name} with a 400 naming the field`, async () => {
      const emulator = createEmulator();
      await expect(emulator.saveRule({ indexName: 'i', objectID: 'r', rule: body as never })).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(message),
      });
      await expect(emulator.saveRules({ indexName: 'i', rules: [body as never] })).rejects.toMatchObject({
        status: 400,
      });
      expect(emulator.core.state.indices.has('i')).toBe(false);
    });
  }

  it('accepts every documented consequence', async () => {
    const emulator = createEmulator();
    const full: Rule = {
      objectID: 'full',
      conditions: [
        {
          pattern: 'cheap {facet:brand}',
          anchoring: 'startsWith',
          alternatives: true,
          context: 'web',
          filters: 'genre:comedy AND "type":"DVD"',
        },
      ],
      consequence: {
        params: {
          query: {
            remove: ['cheap'],
            edits: [{ type: 'replace', delete: 'tv', insert: 'television' }, { delete: '{facet:brand}' }],
          },
          automaticFacetFilters: [{ facet: 'brand', score: 2, disjunctive: true }],
          automaticOptionalFacetFilters: ['brand'],
          renderingContent: { facetOrdering: { facets: { order: ['brand'] } } },
          filters: 'price < 100',
          hitsPerPage: 5,
        },
        promote: [
          { objectID: 'a', position: 0 },
          { objectIDs: ['b', 'c'], position: 3 },
        ],
        filterPromotes: true,
        hide: [{ objectID: 'z' }],
        userData: { banner: 'sale' },
      },
      description: 'everything',
      enabled: true,
      validity: [{ from: 1, until: 2 }],
      tags: ['a'],
    };
    await emulator.saveRule({ indexName: 'i', objectID: 'full', rule: full });
    await expect(emulator.getRule({ indexName: 'i', objectID: 'full' })).resolves.toEqual(full);
  });

  it('answers 404 for a missing rule or index', async () => {
    const emulator = createEmulator();
    await expect(emulator.getRule({ indexName: 'nope', objectID: 'a' })).rejects.toMatchObject({
      status: 404,
      message: 'Index does not exist',
    });
    await emulator.saveRule({ indexName: 'i', objectID: 'a', rule: { objectID: 'a', consequence: { userData: {} } } });
    await expect(emulator.deleteRule({ indexName: 'i', objectID: 'b' })).rejects.toMatchObject({ status: 404 });
  });

  it('forwards writes to replicas when asked', async () => {
    const emulator = createEmulator();
    emulator.core.commit((draft) => {
      draft.indices.set('main', {
        name: 'main',
        createdAt: 0,
        updatedAt: 0,
        records: emptyRecords(),
        settings: { replicas: ['main_desc'] },
        synonyms: new Map(),
        rules: new Map(),
      });
    });
    await emulator.saveRules({ indexName: 'main', rules: [zorro], forwardToReplicas: true });
    await emulator.saveRule({ indexName: 'main', objectID: 'brand', rule: brand });
    expect([...emulator.core.state.indices.get('main_desc')!.rules.keys()]).toEqual(['qr-1']);
    await emulator.deleteRule({ indexName: 'main', objectID: 'qr-1', forwardToReplicas: true });
    expect(emulator.core.state.indices.get('main_desc')!.rules.size).toBe(0);
  });
});
