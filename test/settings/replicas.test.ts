import { describe, expect, it } from 'vitest';
import { replicaMessages } from '../../src/emulator/search/settings/replicas';
import { expectConforms } from '../support/schemas/validate';
import { rejects, setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();

describe.each(SURFACES)('replicas through %s calls', (surface) => {
  it('listing replicas creates them with the primary settings; they show primary and serve its records', async () => {
    const { api, emulator } = open(surface);
    await api.setSettings({ indexName: 'products', indexSettings: { customRanking: ['desc(sales)'], hitsPerPage: 7 } });
    await api.addOrUpdateObject({ indexName: 'products', objectID: 'p1', body: { name: 'Phone' } });
    await api.setSettings({
      indexName: 'products',
      indexSettings: { replicas: ['products_price', 'virtual(products_rating)'] },
    });

    const standard = await api.getSettings({ indexName: 'products_price', getVersion: 2 });
    expect(standard).toMatchObject({ primary: 'products', customRanking: ['desc(sales)'], hitsPerPage: 7 });
    expect(standard).not.toHaveProperty('replicas');
    expect((await api.getSettings({ indexName: 'products_rating' })).primary).toBe('products');
    expect(emulator.core.state.indices.get('products_rating')!.virtual).toBe(true);
    expect(emulator.core.state.indices.get('products_price')!.virtual).toBeUndefined();

    await api.addOrUpdateObject({ indexName: 'products', objectID: 'p2', body: { name: 'Tablet' } });
    for (const replica of ['products_price', 'products_rating']) {
      expect(await api.getObject({ indexName: replica, objectID: 'p1' })).toEqual({ objectID: 'p1', name: 'Phone' });
      expect(await api.getObject({ indexName: replica, objectID: 'p2' })).toEqual({ objectID: 'p2', name: 'Tablet' });
    }
    expect((await api.getSettings({ indexName: 'products' })).replicas).toEqual([
      'products_price',
      'virtual(products_rating)',
    ]);
  });

  it('replicas: [""] unlinks every replica (the documented "unlink replica index" snippet)', async () => {
    const { api } = open(surface);
    await api.addOrUpdateObject({ indexName: 'products', objectID: 'p1', body: { name: 'Phone' } });
    await api.setSettings({
      indexName: 'products',
      indexSettings: { replicas: ['products_price', 'virtual(products_rating)'] },
    });
    const answer = await api.setSettings({ indexName: 'products', indexSettings: { replicas: [''], hitsPerPage: 9 } });
    expectConforms('setSettings', 200, answer);
    expect(await api.getSettings({ indexName: 'products' })).toMatchObject({ replicas: [], hitsPerPage: 9 });
    // The former replicas stand alone, holding a copy of the records.
    for (const replica of ['products_price', 'products_rating']) {
      expect(await api.getSettings({ indexName: replica })).not.toHaveProperty('primary');
      expect(await api.getObject({ indexName: replica, objectID: 'p1' })).toEqual({ objectID: 'p1', name: 'Phone' });
    }
    // An empty name beside real ones is dropped too.
    await api.setSettings({ indexName: 'products', indexSettings: { replicas: ['', 'products_price'] } });
    expect((await api.getSettings({ indexName: 'products' })).replicas).toEqual(['products_price']);
  });

  it('an existing index becomes a replica: it keeps its settings and serves the primary records', async () => {
    const { api } = open(surface);
    await api.addOrUpdateObject({ indexName: 'products', objectID: 'p1', body: { name: 'Phone' } });
    await api.addOrUpdateObject({ indexName: 'sorted', objectID: 'old', body: { name: 'Old' } });
    await api.setSettings({ indexName: 'sorted', indexSettings: { customRanking: ['asc(price)'] } });
    await api.setSettings({ indexName: 'products', indexSettings: { replicas: ['sorted'] } });
    expect(await api.getSettings({ indexName: 'sorted' })).toMatchObject({
      customRanking: ['asc(price)'],
      primary: 'products',
    });
    expect(await api.getObject({ indexName: 'sorted', objectID: 'p1' })).toEqual({ objectID: 'p1', name: 'Phone' });
    await rejects(api.getObject({ indexName: 'sorted', objectID: 'old' }), 404, 'ObjectID does not exist');
  });

  it('a replica left out of the list becomes a standalone index holding a copy of the records', async () => {
    const { api } = open(surface);
    await api.addOrUpdateObject({ indexName: 'products', objectID: 'p1', body: { name: 'Phone' } });
    await api.setSettings({ indexName: 'products', indexSettings: { replicas: ['a', 'b'] } });
    await api.setSettings({ indexName: 'products', indexSettings: { replicas: ['b'] } });
    expect(await api.getSettings({ indexName: 'a' })).not.toHaveProperty('primary');
    expect((await api.getSettings({ indexName: 'b' })).primary).toBe('products');
    await api.addOrUpdateObject({ indexName: 'products', objectID: 'p2', body: { name: 'Tablet' } });
    expect(await api.getObject({ indexName: 'a', objectID: 'p1' })).toEqual({ objectID: 'p1', name: 'Phone' });
    await rejects(api.getObject({ indexName: 'a', objectID: 'p2' }), 404, 'ObjectID does not exist');
    await api.setSettings({ indexName: 'products', indexSettings: { replicas: null } });
    expect(await api.getSettings({ indexName: 'b' })).not.toHaveProperty('primary');
    expect(await api.getSettings({ indexName: 'products' })).not.toHaveProperty('replicas');
  });

  it('a name listed twice counts once', async () => {
    const { api } = open(surface);
    await api.setSettings({ indexName: 'products', indexSettings: { replicas: ['a', 'a'] } });
    expect((await api.getSettings({ indexName: 'a' })).primary).toBe('products');
  });

  it('refuses a replica with replicas, an index as its own replica, a replica of two primaries, a primary as replica', async () => {
    const { api } = open(surface);
    await api.setSettings({ indexName: 'products', indexSettings: { replicas: ['products_price'] } });
    await api.setSettings({ indexName: 'articles', indexSettings: { replicas: ['articles_date'] } });
    await rejects(
      api.setSettings({ indexName: 'products_price', indexSettings: { replicas: ['x'] } }),
      400,
      replicaMessages.replicaOfReplica('products_price', 'products'),
    );
    await rejects(
      api.setSettings({ indexName: 'other', indexSettings: { replicas: ['other'] } }),
      400,
      replicaMessages.ownReplica('other'),
    );
    await rejects(
      api.setSettings({
        indexName: 'articles',
        indexSettings: { replicas: ['articles_date', 'virtual(products_price)'] },
      }),
      400,
      'A replica index is already replica of another index',
    );
    await rejects(
      api.setSettings({ indexName: 'other', indexSettings: { replicas: ['articles'] } }),
      400,
      replicaMessages.primaryAsReplica('articles'),
    );
    await rejects(
      api.setSettings({ indexName: 'other', indexSettings: { replicas: ['virtual()'] } }),
      400,
      replicaMessages.invalidName('virtual()'),
    );
    // Nothing was half-applied.
    await rejects(api.getSettings({ indexName: 'other' }), 404, 'Index does not exist');
    await rejects(api.getSettings({ indexName: 'x' }), 404, 'Index does not exist');
    expect((await api.getSettings({ indexName: 'articles' })).replicas).toEqual(['articles_date']);
  });

  it('forwardToReplicas applies the change to every replica, except the replicas setting', async () => {
    const { api } = open(surface);
    await api.setSettings({ indexName: 'products', indexSettings: { replicas: ['a', 'virtual(b)'] } });
    await api.setSettings({
      indexName: 'products',
      indexSettings: { typoTolerance: 'strict', replicas: ['a', 'virtual(b)'] },
      forwardToReplicas: true,
    });
    for (const name of ['a', 'b']) {
      const settings = await api.getSettings({ indexName: name });
      expect(settings.typoTolerance).toBe('strict');
      expect(settings).not.toHaveProperty('replicas');
    }
    await api.setSettings({ indexName: 'products', indexSettings: { hitsPerPage: 3 } });
    expect((await api.getSettings({ indexName: 'a' })).hitsPerPage).toBe(20);
    await api.setSettings({ indexName: 'products', indexSettings: { typoTolerance: null }, forwardToReplicas: true });
    expect(await api.getSettings({ indexName: 'b' })).not.toHaveProperty('typoTolerance');
  });

  it('forwarding is one task: nothing changes until it is published, then everything does', async () => {
    const { api, emulator } = open(surface, { indexingDelay: 1000 });
    await api.setSettings({ indexName: 'products', indexSettings: { replicas: ['a', 'b'] } });
    await emulator.clock.advance(1000);
    const { taskID } = await api.setSettings({
      indexName: 'products',
      indexSettings: { hitsPerPage: 5 },
      forwardToReplicas: true,
    });
    expect((await api.getTask({ indexName: 'products', taskID })).status).toBe('notPublished');
    for (const name of ['products', 'a', 'b'])
      expect((await api.getSettings({ indexName: name })).hitsPerPage).toBe(20);
    await emulator.clock.advance(1000);
    expect((await api.getTask({ indexName: 'products', taskID })).status).toBe('published');
    for (const name of ['products', 'a', 'b']) expect((await api.getSettings({ indexName: name })).hitsPerPage).toBe(5);
  });

  it('deleting a primary detaches its replicas with a copy of the records', async () => {
    const { api } = open(surface);
    await api.addOrUpdateObject({ indexName: 'products', objectID: 'p1', body: { name: 'Phone' } });
    await api.setSettings({ indexName: 'products', indexSettings: { replicas: ['a', 'virtual(b)'] } });
    await api.deleteIndex({ indexName: 'products' });
    for (const name of ['a', 'b']) {
      expect(await api.getSettings({ indexName: name })).not.toHaveProperty('primary');
      expect(await api.getObject({ indexName: name, objectID: 'p1' })).toEqual({ objectID: 'p1', name: 'Phone' });
    }
  });

  it('deleting a replica removes it from the primary list', async () => {
    const { api } = open(surface);
    await api.setSettings({ indexName: 'products', indexSettings: { replicas: ['a', 'virtual(b)', 'c'] } });
    await api.deleteIndex({ indexName: 'b' });
    expect((await api.getSettings({ indexName: 'products' })).replicas).toEqual(['a', 'c']);
    await rejects(api.getSettings({ indexName: 'b' }), 404, 'Index does not exist');
  });
});
