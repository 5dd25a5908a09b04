import { describe, expect, it } from 'vitest';
import { expectUnchanged, rejects, setupSurfaces, SURFACES } from '../support/surfaces';
import { abtesting, answered, seedIndices, twoIndices } from './support';

const open = setupSurfaces();

describe.each(SURFACES)('A/B tests, v2 (%s)', (surface) => {
  it('creates, reads, lists, stops and deletes a test, each answer a task of the control index', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    const ab = abtesting(surface, emulator, client, 2);
    const created = await ab.addABTests(twoIndices([60, 40]));
    expect(created).toEqual({ abTestID: 1, index: 'products', taskID: expect.any(Number) });
    // The v4 client waits for this task on the index the answer names.
    expect(await client.waitForTask({ indexName: created.index, taskID: created.taskID })).toMatchObject({
      status: 'published',
    });

    const test = await ab.getABTest({ id: 1 });
    expect(test).toMatchObject({
      abTestID: 1,
      name: 'two indices',
      status: 'active',
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-01T00:00:00.000Z',
      endAt: '2024-02-01T00:00:00Z',
      stoppedAt: null,
      clickSignificance: null,
    });
    expect(test.variants).toEqual([
      expect.objectContaining({ index: 'products', trafficPercentage: 60, description: 'control', searchCount: null }),
      expect.objectContaining({ index: 'products_b', trafficPercentage: 40, description: '', clickCount: 0 }),
    ]);

    const listed = await ab.listABTests({ indexPrefix: 'products_', indexSuffix: '_b' });
    expect(listed).toMatchObject({ count: 1, total: 1, abtests: [{ abTestID: 1 }] });
    expect(await ab.listABTests({ indexPrefix: 'nothing' })).toEqual({ abtests: null, count: 0, total: 0 });

    emulator.clock.advance('1h');
    expect(await ab.stopABTest({ id: 1 })).toMatchObject({ abTestID: 1, index: 'products' });
    expect(await ab.getABTest({ id: 1 })).toMatchObject({
      status: 'stopped',
      stoppedAt: '2024-01-01T01:00:00.000Z',
      updatedAt: '2024-01-01T01:00:00.000Z',
    });

    expect(await ab.deleteABTest({ id: 1 })).toMatchObject({ abTestID: 1, index: 'products' });
    await rejects(ab.getABTest({ id: 1 }), 404, 'ABTestID not found');
  });

  it('lists active tests first, then the newest, paginated with offset and limit', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    await emulator.saveObjects({ indexName: 'other', objects: [{ objectID: 'o' }] });
    const ab = abtesting(surface, emulator, client, 2);
    await ab.addABTests(twoIndices());
    emulator.clock.advance('1m');
    await ab.addABTests({
      ...twoIndices(),
      name: 'aa',
      variants: [
        { index: 'other', trafficPercentage: 50 },
        { index: 'other', trafficPercentage: 50 },
      ],
    });
    await ab.stopABTest({ id: 2 });
    const all = await ab.listABTests();
    expect(all.abtests.map((test: { abTestID: number }) => test.abTestID)).toEqual([1, 2]);
    expect(await ab.listABTests({ offset: 1, limit: 1 })).toMatchObject({
      count: 1,
      total: 2,
      abtests: [{ abTestID: 2 }],
    });
  });

  it('expires a test when the clock reaches its end', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    const ab = abtesting(surface, emulator, client, 2);
    await ab.addABTests({ ...twoIndices(), endAt: '2024-01-02T00:00:00Z' });
    emulator.clock.advance('1d');
    expect(await ab.getABTest({ id: 1 })).toMatchObject({ status: 'expired', stoppedAt: null });
  });

  it('refuses what the OpenAPI and the service refuse, and changes nothing', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    const ab = abtesting(surface, emulator, client, 2);
    const before = emulator.core.state;
    const slices = ['indices', 'tasks', 'abtesting'] as const;
    await rejects(
      ab.addABTests({
        ...twoIndices(),
        variants: [
          { index: 'missing', trafficPercentage: 50 },
          { index: 'products', trafficPercentage: 50 },
        ],
      }),
      404,
      'Index does not exist',
    );
    await rejects(
      ab.addABTests(twoIndices([30, 50])),
      400,
      "The variants' trafficPercentage must add up to 100, got 80",
    );
    await rejects(
      ab.addABTests({ ...twoIndices(), variants: [{ index: 'products', trafficPercentage: 100 }] }),
      400,
      'Invalid `variants`: expected exactly 2 variants',
    );
    await rejects(
      ab.addABTests({ ...twoIndices(), endAt: '2023-12-31T00:00:00Z' }),
      400,
      'endAt must be a date in the future',
    );
    await rejects(
      ab.addABTests({ ...twoIndices(), endAt: 'tomorrow' }),
      400,
      'Invalid `endAt`: expected a date and time in RFC 3339 format',
    );
    await rejects(ab.addABTests({ ...twoIndices(), metrics: [] }), 400, 'Unknown field `metrics`');
    await rejects(
      ab.addABTests({
        ...twoIndices(),
        variants: [
          { index: 'products', trafficPercentage: 50, customSearchParameters: { hitsPerPage: 'many' } },
          { index: 'products', trafficPercentage: 50 },
        ],
      }),
      400,
      'Invalid `variants[0].customSearchParameters`: Invalid value for parameter `hitsPerPage`: expected an integer',
    );
    await rejects(ab.getABTest({ id: 7 }), 404, 'ABTestID not found');
    await rejects(ab.stopABTest({ id: 7 }), 404, 'ABTestID not found');
    await rejects(ab.deleteABTest({ id: 7 }), 404, 'ABTestID not found');
    expectUnchanged(emulator, before, [...slices]);
  });

  it('keeps an index in one active test at a time', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    const ab = abtesting(surface, emulator, client, 2);
    await ab.addABTests(twoIndices());
    await rejects(ab.addABTests(twoIndices()), 400, 'Index products is already part of the active A/B test 1');
    await ab.stopABTest({ id: 1 });
    expect(await ab.addABTests(twoIndices())).toMatchObject({ abTestID: 2 });
  });

  it('keeps tests in snapshots, and reset() forgets them', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    const ab = abtesting(surface, emulator, client, 2);
    const empty = emulator.snapshot();
    await ab.addABTests(twoIndices());
    const one = emulator.snapshot();
    emulator.restore(empty);
    expect((await ab.listABTests()).total).toBe(0);
    emulator.restore(one);
    expect((await ab.listABTests()).total).toBe(1);
    emulator.reset();
    expect((await ab.listABTests()).total).toBe(0);
  });

  it('needs analytics to read and editSettings to write', async () => {
    const { emulator } = open(surface);
    await seedIndices(emulator);
    const { key } = await emulator.addApiKey({ acl: ['analytics'] });
    const reader = emulator.as({ apiKey: key }).initAbtesting();
    await rejects(reader.addABTests(twoIndices()), 403, 'Method not allowed with this API key');
    expect(await reader.listABTests({})).toEqual({ abtests: null, count: 0, total: 0 });
  });
});

describe.each(SURFACES)('A/B tests, v3 (%s)', (surface) => {
  it('creates a test with several variants, metrics and a configuration, and both versions list it', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    const ab = abtesting(surface, emulator, client, 3);
    const created = await ab.addABTests({
      name: 'three ways',
      hypothesis: 'the bolt index converts better',
      endAt: '2024-02-01T00:00:00Z',
      metrics: [{ name: 'click_through_rate' }, { name: 'revenue', dimension: 'USD' }],
      configuration: {
        errorCorrection: 'bonferroni',
        minimumDetectableEffect: { size: 0.1, metric: 'clickThroughRate' },
      },
      variants: [
        { index: 'products', trafficPercentage: 40 },
        { index: 'products_b', trafficPercentage: 30, description: 'bolt' },
        { index: 'products', trafficPercentage: 30, customSearchParameters: { hitsPerPage: 1 } },
      ],
    });
    expect(created).toMatchObject({ abTestID: 1, index: 'products' });
    const test = await ab.getABTest({ id: 1 });
    expect(test).toMatchObject({
      name: 'three ways',
      hypothesis: 'the bolt index converts better',
      status: 'active',
      configuration: {
        errorCorrection: 'bonferroni',
        minimumDetectableEffect: { size: 0.1, metric: 'clickThroughRate' },
        method: 'bayesian',
        primaryMetric: 'click_through_rate',
      },
    });
    expect(test.variants.map((variant: { index: string }) => variant.index)).toEqual([
      'products',
      'products_b',
      'products',
    ]);
    expect(test.variants[2].customSearchParameters).toEqual({ hitsPerPage: 1 });
    expect(test.variants[0].metrics.map((metric: { name: string }) => metric.name)).toEqual([
      'click_through_rate',
      'revenue',
    ]);
    const v2 = abtesting(surface, emulator, client, 2);
    expect((await v2.listABTests()).total).toBe(1);
    expect((await v2.getABTest({ id: 1 })).variants).toHaveLength(3);
    expect(await ab.listABTests({ direction: 'asc', methods: ['frequentist'] })).toMatchObject({ count: 1 });
  });

  it('refuses unknown metrics, a primary metric outside the metrics, filters it cannot apply, and percentages outside 1..99', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    const ab = abtesting(surface, emulator, client, 3);
    const base = { ...twoIndices(), metrics: [{ name: 'conversion_rate' }] };
    const before = emulator.core.state;
    await rejects(
      ab.addABTests({ ...base, metrics: [{ name: 'myMetric' }] }),
      400,
      /^Invalid `metrics\[0\].name`: expected one of search_count, /,
    );
    await rejects(
      ab.addABTests({ ...base, metrics: [{ name: 'revenue' }] }),
      400,
      'Missing `metrics[0].dimension`: the metric revenue needs a currency',
    );
    await rejects(
      ab.addABTests({ ...base, configuration: { primaryMetric: 'click_through_rate' } }),
      400,
      "Invalid `configuration.primaryMetric`: click_through_rate is not among the test's metrics",
    );
    expect(
      await answered(
        ab.addABTests({ ...base, configuration: { filters: [{ domain: 'personalization', name: 'isPersonalized' }] } }),
      ),
    ).toEqual({
      status: 501,
      message: expect.stringContaining(
        'The A/B test filter personalization/isPersonalized is not implemented by search-emulator',
      ),
    });
    await rejects(
      ab.addABTests({
        ...base,
        variants: [
          { index: 'products', trafficPercentage: 100 },
          { index: 'products_b', trafficPercentage: 0 },
        ],
      }),
      400,
      'Invalid `variants[0].trafficPercentage`: expected an integer from 1 to 99',
    );
    // The client checks this one itself before sending.
    if (surface === 'direct')
      await rejects(
        ab.addABTests({ name: 'x', endAt: '2024-02-01T00:00:00Z', variants: base.variants }),
        400,
        'Missing `metrics`',
      );
    await rejects(ab.getABTest({ id: 1, methods: ['bayesian', 'bayesian'] }), 404, 'ABTestID not found');
    expectUnchanged(emulator, before, ['indices', 'tasks', 'abtesting']);
  });

  it('runs a frequentist test when no metric supports Bayesian analysis', async () => {
    const { emulator, client } = open(surface);
    await seedIndices(emulator);
    const ab = abtesting(surface, emulator, client, 3);
    await ab.addABTests({ ...twoIndices(), metrics: [{ name: 'search_count' }] });
    expect((await ab.getABTest({ id: 1 })).configuration).toEqual({ method: 'frequentist' });
  });
});
