import { describe, expect, it } from 'vitest';
import { rejects, setupSurfaces, SURFACES } from '../support/surfaces';
import { abtesting, seedIndices } from './support';

const open = setupSurfaces();

/** A v3 test of `typoTolerance: false` on the control index itself, 10 days long. */
const sameIndex = {
  name: 'typos',
  endAt: '2024-01-11T00:00:00Z',
  metrics: [{ name: 'conversion_rate' }],
  variants: [
    { index: 'products', trafficPercentage: 50 },
    { index: 'products', trafficPercentage: 50, customSearchParameters: { typoTolerance: false } },
  ],
};

describe.each(SURFACES)('variant settings (%s)', (surface) => {
  it('captures the winner once the test is 80 % through, applies it to the control, and reverts it', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    await emulator.setSettings({ indexName: 'products', indexSettings: { searchableAttributes: ['name'] } });
    const ab = abtesting(surface, emulator, client, 3);
    await ab.addABTests(sameIndex);
    await rejects(
      ab.saveVariantSettings({ id: 1, variantId: 2, saveSettingsRequest: {} }),
      400,
      'Settings can be captured once the A/B test has reached 80% of its planned duration',
    );
    await rejects(ab.getABTestSettings({ id: 1 }), 404, 'No settings were captured for this A/B test');
    await emulator.advance('8d');
    expect(await ab.saveVariantSettings({ id: 1, variantId: 2, saveSettingsRequest: {} })).toBeUndefined();
    await rejects(
      ab.saveVariantSettings({ id: 1, variantId: 2, saveSettingsRequest: {} }),
      409,
      'Settings were already captured for this A/B test',
    );
    expect(await ab.getABTest({ id: 1 })).toMatchObject({
      status: 'stopped',
      decision: { winnerVariantId: 2, declaredAt: '2024-01-09T00:00:00.000Z' },
    });
    expect(await ab.getABTestSettings({ id: 1 })).toEqual({
      abtestSettings: [
        {
          variantId: 1,
          applied: false,
          indexSettings: { searchableAttributes: ['name'] },
          declaredTimestamp: '2024-01-09T00:00:00.000Z',
        },
        {
          variantId: 2,
          applied: false,
          indexSettings: { searchableAttributes: ['name'], typoTolerance: false },
          declaredTimestamp: '2024-01-09T00:00:00.000Z',
        },
      ],
      controlIndexInUse: false,
    });

    expect(await ab.applyVariantSettings({ id: 1, variantId: 2 })).toBeUndefined();
    // The service answers typoTolerance as a string.
    expect(await emulator.getSettings({ indexName: 'products' })).toMatchObject({ typoTolerance: 'false' });
    await rejects(ab.applyVariantSettings({ id: 1, variantId: 2 }), 400, 'The captured settings were already applied');
    expect((await ab.getABTestSettings({ id: 1 })).abtestSettings[1]).toMatchObject({
      applied: true,
      applyTimestamp: '2024-01-09T00:00:00.000Z',
    });

    emulator.clock.advance('1h');
    await ab.applyVariantSettings({ id: 1, variantId: 1 });
    expect((await emulator.getSettings({ indexName: 'products' })).typoTolerance).toBeUndefined();
    const after = (await ab.getABTestSettings({ id: 1 })).abtestSettings;
    expect(after[0]).toMatchObject({ applied: true, applyTimestamp: '2024-01-09T01:00:00.000Z' });
    expect(after[1]).toMatchObject({ applied: false, revertTimestamp: '2024-01-09T01:00:00.000Z' });
    await rejects(
      ab.applyVariantSettings({ id: 1, variantId: 2 }),
      400,
      'Settings that were reverted cannot be applied again',
    );
  });

  it('answers 422 while another active test uses the control index, and 400 past 14 days', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    const ab = abtesting(surface, emulator, client, 3);
    await ab.addABTests(sameIndex);
    await emulator.advance('8d');
    await ab.saveVariantSettings({ id: 1, variantId: 2, saveSettingsRequest: {} });
    await ab.addABTests({ ...sameIndex, endAt: '2024-02-01T00:00:00Z' });
    expect((await ab.getABTestSettings({ id: 1 })).controlIndexInUse).toBe(true);
    await rejects(
      ab.applyVariantSettings({ id: 1, variantId: 2 }),
      422,
      'The control index products is used by an active A/B test',
    );
    await ab.stopABTest({ id: 2 });
    await emulator.advance('15d');
    await rejects(
      ab.applyVariantSettings({ id: 1, variantId: 2 }),
      400,
      'Settings can be applied up to 14 days after the A/B test ends',
    );
  });

  it('needs saveFeaturesSettings to capture a variant on another index', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    await emulator.setSettings({ indexName: 'products_b', indexSettings: { customRanking: ['desc(brand)'] } });
    const ab = abtesting(surface, emulator, client, 3);
    const twoIndices = {
      ...sameIndex,
      variants: [
        { index: 'products', trafficPercentage: 50 },
        { index: 'products_b', trafficPercentage: 50 },
      ],
    };
    await ab.addABTests(twoIndices);
    await ab
      .addABTests({
        ...twoIndices,
        variants: [
          { index: 'other', trafficPercentage: 50 },
          { index: 'other', trafficPercentage: 50 },
        ],
      })
      .catch(() => undefined);
    await emulator.advance('8d');
    await ab.saveVariantSettings({ id: 1, variantId: 2, saveSettingsRequest: { saveFeaturesSettings: false } });
    expect((await ab.getABTestSettings({ id: 1 })).abtestSettings[1].indexSettings).toBeUndefined();
    await rejects(
      ab.applyVariantSettings({ id: 1, variantId: 2 }),
      400,
      'The variant uses another index and its settings were captured without saveFeaturesSettings',
    );
    await rejects(
      ab.saveVariantSettings({ id: 1, variantId: 1, saveSettingsRequest: {} }),
      400,
      'variantId must name a variant, not the control (1)',
    );
    await rejects(ab.applyVariantSettings({ id: 1, variantId: 3 }), 400, 'variantId must be between 1 and 2, got 3');
  });

  it('captures a variant index with saveFeaturesSettings', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    await emulator.setSettings({ indexName: 'products_b', indexSettings: { customRanking: ['desc(brand)'] } });
    const ab = abtesting(surface, emulator, client, 3);
    await ab.addABTests({
      ...sameIndex,
      variants: [
        { index: 'products', trafficPercentage: 50 },
        { index: 'products_b', trafficPercentage: 50 },
      ],
    });
    await emulator.advance('9d');
    await ab.saveVariantSettings({ id: 1, variantId: 2, saveSettingsRequest: { saveFeaturesSettings: true } });
    await ab.applyVariantSettings({ id: 1, variantId: 2 });
    expect(await emulator.getSettings({ indexName: 'products' })).toMatchObject({ customRanking: ['desc(brand)'] });
  });
});
