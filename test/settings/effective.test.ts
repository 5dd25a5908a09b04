import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { DEFAULT_SETTINGS, effectiveSettings } from '../../src/emulator/search/settings/effective';
import type { Api } from '../support/surfaces';
import { SAMPLES } from './samples';

/** A new emulator and its direct calls (named like the client's methods). */
function fresh() {
  const emulator = createEmulator();
  return { emulator, api: emulator as unknown as Api };
}

describe('effectiveSettings', () => {
  it('fills every default of a new index', () => {
    const settings = effectiveSettings({ settings: {} });
    expect(settings).toMatchObject({
      hitsPerPage: 20,
      minWordSizefor1Typo: 4,
      minWordSizefor2Typos: 8,
      ranking: ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'],
      typoTolerance: true,
      distinct: 0,
      highlightPreTag: '<em>',
      snippetEllipsisText: '…',
      searchableAttributes: null,
      maxFacetHits: 10,
      paginationLimitedTo: 1000,
      attributeCriteriaComputedBy: 'best',
      responseFields: ['*'],
    });
    expect(settings).toEqual(DEFAULT_SETTINGS);
  });

  it('normalizes what may sit in the tree: legacy names, string booleans, distinct, optionalWords', () => {
    const settings = effectiveSettings({
      settings: {
        attributesToIndex: ['title'],
        slaves: ['r'],
        typoTolerance: 'false',
        ignorePlurals: 'true',
        distinct: true,
        optionalWords: 'blue, red',
        hitsPerPage: '15',
        attributeCriteriaComputedByMinProximity: true,
      },
    });
    expect(settings).toMatchObject({
      searchableAttributes: ['title'],
      replicas: ['r'],
      typoTolerance: false,
      ignorePlurals: true,
      distinct: 1,
      optionalWords: ['blue', 'red'],
      hitsPerPage: 15,
      attributeCriteriaComputedBy: 'minProximity',
    });
    expect(settings).not.toHaveProperty('attributesToIndex');
  });

  it('the current name wins over a legacy one; invalid stored values fall back to the default', () => {
    expect(
      effectiveSettings({ settings: { attributesToIndex: ['old'], searchableAttributes: ['new'] } })
        .searchableAttributes,
    ).toEqual(['new']);
    expect(effectiveSettings({ settings: { hitsPerPage: 'lots' } }).hitsPerPage).toBe(20);
  });

  it('shares one frozen object per settings value: a caller cannot change what the next search reads', () => {
    const index = { settings: { hitsPerPage: 5 } };
    const first = effectiveSettings(index);
    expect(effectiveSettings(index)).toBe(first);
    expect(() => {
      (first as { hitsPerPage: number }).hitsPerPage = 99;
    }).toThrow(TypeError);
    expect(effectiveSettings(index).hitsPerPage).toBe(5);
  });

  it('reads what setSettings stored', async () => {
    const { emulator, api } = fresh();
    await api.setSettings({
      indexName: 'products',
      indexSettings: { typoTolerance: 'true', distinct: 3, attributesToIndex: ['a'] },
    });
    expect(effectiveSettings(emulator.core.state.indices.get('products')!)).toMatchObject({
      typoTolerance: true,
      distinct: 3,
      searchableAttributes: ['a'],
    });
  });
});

describe('getSettings output is a valid setSettings body', () => {
  const names = Object.keys(SAMPLES).filter((name) => name !== 'replicas') as (keyof typeof SAMPLES)[];

  it('export then import gives the same settings, for any subset of settings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.subarray(names), fc.boolean(), async (picked, asStrings) => {
        const { emulator, api } = fresh();
        const body: Record<string, unknown> = {};
        for (const name of picked) body[name] = SAMPLES[name];
        // Exports carry string forms of some values.
        if (asStrings && 'typoTolerance' in body) body.typoTolerance = 'false';
        await api.setSettings({ indexName: 'source', indexSettings: body });
        const exported = await api.getSettings({ indexName: 'source' });
        await api.setSettings({ indexName: 'target', indexSettings: exported });
        expect(await api.getSettings({ indexName: 'target' })).toEqual(exported);
        expect(effectiveSettings(emulator.core.state.indices.get('target')!)).toEqual(
          effectiveSettings(emulator.core.state.indices.get('source')!),
        );
      }),
      { numRuns: 40 },
    );
  });
});
