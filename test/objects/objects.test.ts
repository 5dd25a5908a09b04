import { describe, expect, it } from 'vitest';
import { retrieveAttributes } from '../../src/emulator/search/retrieve';
import { rejects, seedIndex, setupSurfaces, SURFACES } from '../support/surfaces';

const open = setupSurfaces();

describe.each(SURFACES)('objects through %s calls', (surface) => {
  it('saveObject generates a numeric objectID and answers createdAt, taskID, objectID', async () => {
    const { api } = open(surface);
    const saved = await api.saveObject({ indexName: 'products', body: { name: 'Phone' } });
    expect(Object.keys(saved).sort()).toEqual(['createdAt', 'objectID', 'taskID']);
    expect(saved.objectID).toMatch(/^\d+$/);
    expect(saved.createdAt).toBe('2024-01-01T00:00:00.000Z');
    expect(await api.getObject({ indexName: 'products', objectID: saved.objectID })).toEqual({
      name: 'Phone',
      objectID: saved.objectID,
    });
  });

  it('saveObject keeps an objectID given in the body and replaces that record', async () => {
    const { api } = open(surface);
    await api.saveObject({ indexName: 'products', body: { objectID: 'p1', name: 'Phone', price: 3 } });
    const saved = await api.saveObject({ indexName: 'products', body: { objectID: 'p1', name: 'Tablet' } });
    expect(saved.objectID).toBe('p1');
    expect(await api.getObject({ indexName: 'products', objectID: 'p1' })).toEqual({ objectID: 'p1', name: 'Tablet' });
  });

  it('addOrUpdateObject replaces the whole record and answers updatedAt, taskID, objectID', async () => {
    const { api } = open(surface);
    await api.addOrUpdateObject({ indexName: 'products', objectID: 'a', body: { name: 'A', color: 'red' } });
    const res = await api.addOrUpdateObject({ indexName: 'products', objectID: 'a', body: { name: 'B' } });
    expect(Object.keys(res).sort()).toEqual(['objectID', 'taskID', 'updatedAt']);
    expect(await api.getObject({ indexName: 'products', objectID: 'a' })).toEqual({ name: 'B', objectID: 'a' });
  });

  it('the path objectID wins over one in the body', async () => {
    const { api } = open(surface);
    await api.addOrUpdateObject({ indexName: 'products', objectID: 'a', body: { objectID: 'other', name: 'A' } });
    expect(await api.getObject({ indexName: 'products', objectID: 'a' })).toEqual({ objectID: 'a', name: 'A' });
  });

  it('objectIDs with slashes, spaces and unicode round-trip through the path', async () => {
    const { api } = open(surface);
    const objectID = 'a/b c?d#é';
    await api.addOrUpdateObject({ indexName: 'my index', objectID, body: { x: 1 } });
    expect(await api.getObject({ indexName: 'my index', objectID })).toEqual({ objectID, x: 1 });
  });

  it('deleteObject answers deletedAt and taskID; the record is gone', async () => {
    const { api } = open(surface);
    await api.addOrUpdateObject({ indexName: 'products', objectID: 'a', body: { x: 1 } });
    const res = await api.deleteObject({ indexName: 'products', objectID: 'a' });
    expect(Object.keys(res).sort()).toEqual(['deletedAt', 'taskID']);
    await rejects(api.getObject({ indexName: 'products', objectID: 'a' }), 404, 'ObjectID does not exist');
  });

  it('getObject on a missing index is a 404 naming the index', async () => {
    const { api } = open(surface);
    await rejects(api.getObject({ indexName: 'nope', objectID: 'a' }), 404, 'Index does not exist');
  });

  it('getObject applies attributesToRetrieve and always returns objectID', async () => {
    const { api } = open(surface);
    await api.addOrUpdateObject({
      indexName: 'p',
      objectID: 'a',
      body: { name: 'A', price: 3, nested: { x: 1, y: 2 } },
    });
    expect(await api.getObject({ indexName: 'p', objectID: 'a', attributesToRetrieve: ['name'] })).toEqual({
      objectID: 'a',
      name: 'A',
    });
    expect(await api.getObject({ indexName: 'p', objectID: 'a', attributesToRetrieve: ['nested.y', 'price'] })).toEqual(
      {
        objectID: 'a',
        price: 3,
        nested: { y: 2 },
      },
    );
    expect(await api.getObject({ indexName: 'p', objectID: 'a', attributesToRetrieve: ['*', '-price'] })).toEqual({
      objectID: 'a',
      name: 'A',
      nested: { x: 1, y: 2 },
    });
  });

  it('getObjects returns records in request order and null for missing ones', async () => {
    const { api } = open(surface);
    await api.addOrUpdateObject({ indexName: 'p', objectID: 'a', body: { name: 'A', price: 1 } });
    await api.addOrUpdateObject({ indexName: 'q', objectID: 'b', body: { name: 'B' } });
    const res = await api.getObjects({
      requests: [
        { indexName: 'q', objectID: 'b' },
        { indexName: 'p', objectID: 'missing' },
        { indexName: 'p', objectID: 'a', attributesToRetrieve: ['price'] },
      ],
    });
    expect(res).toEqual({ results: [{ objectID: 'b', name: 'B' }, null, { objectID: 'a', price: 1 }] });
  });

  it('getObjects names the faulty request', async () => {
    const { api } = open(surface);
    await api.addOrUpdateObject({ indexName: 'p', objectID: 'a', body: {} });
    await rejects(
      api.getObjects({ requests: [{ indexName: 'p', objectID: 'a' }, { indexName: 'p' }] }),
      400,
      'requests[1].objectID is required and must be a non-empty string',
    );
  });

  it('refuses record writes on a replica with 400, as the real service', async () => {
    const { api, emulator } = open(surface);
    seedIndex(emulator, 'primary', { settings: { replicas: ['replica'] } });
    seedIndex(emulator, 'replica', { primary: 'primary' });
    const message = 'cannot apply a add object request on a replica index';
    await rejects(api.saveObject({ indexName: 'replica', body: { x: 1 } }), 400, message);
    await rejects(api.addOrUpdateObject({ indexName: 'replica', objectID: 'a', body: { x: 1 } }), 400, message);
    await rejects(
      api.deleteObject({ indexName: 'replica', objectID: 'a' }),
      400,
      'cannot apply a delete object request on a replica index',
    );
    await rejects(
      api.partialUpdateObject({ indexName: 'replica', objectID: 'a', attributesToUpdate: { x: 1 } }),
      400,
      'cannot apply a partial update object request on a replica index',
    );
  });

  it('a replica serves its primary records', async () => {
    const { api, emulator } = open(surface);
    await api.addOrUpdateObject({ indexName: 'primary', objectID: 'a', body: { x: 1 } });
    seedIndex(emulator, 'replica', { primary: 'primary' });
    expect(await api.getObject({ indexName: 'replica', objectID: 'a' })).toEqual({ objectID: 'a', x: 1 });
  });
});

describe('attributes and unretrievableAttributes', () => {
  it('accepts the old name `attributes` on getObject', async () => {
    const { emulator } = open('direct');
    await emulator.addOrUpdateObject({ indexName: 'p', objectID: 'a', body: { name: 'A', price: 3 } });
    const res = await emulator.request({ method: 'GET', path: '/1/indexes/p/a', query: { attributes: 'price' } });
    expect(res).toMatchObject({ status: 200, body: { objectID: 'a', price: 3 } });
    expect(res.body).not.toHaveProperty('name');
  });

  it('withholds unretrievableAttributes unless the caller holds seeUnretrievableAttributes (the admin key does)', () => {
    const record = { objectID: 'a', name: 'A', cost: 2 };
    const settings = { unretrievableAttributes: ['cost'] };
    expect(retrieveAttributes(record, undefined, settings, { admin: true, acl: new Set() })).toEqual(record);
    expect(retrieveAttributes(record, undefined, settings, { admin: false, acl: new Set(['search']) })).toEqual({
      objectID: 'a',
      name: 'A',
    });
    expect(
      retrieveAttributes(record, undefined, settings, {
        admin: false,
        acl: new Set(['search', 'seeUnretrievableAttributes']),
      }),
    ).toEqual(record);
  });

  it('retrieves own attributes only, even named __proto__, and overlapping paths', async () => {
    const { emulator } = open('direct');
    await emulator.addOrUpdateObject({
      indexName: 'p',
      objectID: 'a',
      body: JSON.parse('{"__proto__": {"polluted": 1}, "nested": {"x": 1, "y": 2}}'),
    });
    const get = (attributesToRetrieve: string[]) =>
      emulator.getObject({ indexName: 'p', objectID: 'a', attributesToRetrieve });
    expect(JSON.stringify(await get(['__proto__.polluted', 'toString']))).toBe(
      '{"__proto__":{"polluted":1},"objectID":"a"}',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await get(['nested', 'nested.y'])).toEqual({ objectID: 'a', nested: { x: 1, y: 2 } });
    expect(JSON.stringify(await get(['*', '-__proto__.polluted', '-nested.x']))).toBe(
      '{"__proto__":{},"nested":{"y":2},"objectID":"a"}',
    );
  });

  it('the admin key sees unretrievable attributes on getObject', async () => {
    const { emulator } = open('direct');
    seedIndex(emulator, 'p', { settings: { unretrievableAttributes: ['cost'] } });
    await emulator.addOrUpdateObject({ indexName: 'p', objectID: 'a', body: { cost: 2 } });
    expect(await emulator.getObject({ indexName: 'p', objectID: 'a' })).toEqual({ objectID: 'a', cost: 2 });
  });
});
