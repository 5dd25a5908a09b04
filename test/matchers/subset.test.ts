import '../../src/vitest';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { failure } from '../support/failure';

const all = { includeDirect: true };

async function saved() {
  const emulator = createEmulator();
  await emulator.saveObjects({
    indexName: 'products',
    objects: [
      { objectID: 'p1', name: 'phone', tags: null },
      { objectID: 'p2', name: 'case', tags: null },
    ],
  });
  await emulator.request({
    method: 'POST',
    path: '/1/indexes/products/query',
    body: { query: 'phone', hitsPerPage: 5 },
  });
  return emulator;
}

describe('what "holding" means: expected values as toMatchObject reads them', () => {
  it('objects hold more keys, arrays hold item by item at the same length, patterns test strings only', async () => {
    const emulator = await saved();
    expect(emulator).toHaveReceived('saveObjects', { objects: [{ objectID: 'p1' }, { name: 'case' }] }, all);
    expect(emulator).not.toHaveReceived('saveObjects', { objects: [{ objectID: 'p1' }, { objectID: 'p3' }] }, all);
    expect(emulator).not.toHaveReceived('saveObjects', { objects: [{ objectID: 'p1' }] }, all);
    expect(emulator).toHaveReceived('searchSingleIndex', { query: /^ph/ }, all);
    // A pattern is no string: a number is not tested against it.
    expect(emulator).not.toHaveReceived('searchSingleIndex', { hitsPerPage: /5/ }, all);
    // An empty object is held by objects only: not by a string, nor by null.
    expect(emulator).not.toHaveReceived('searchSingleIndex', { query: {} }, all);
    expect(emulator).not.toHaveReceived('saveObjects', { objects: [{ tags: {} }, { tags: {} }] }, all);
    expect(emulator).toHaveReceived(
      'saveObjects',
      { objects: [{ tags: null }, { tags: null, missing: undefined }] },
      all,
    );
  });

  it('matchers: asymmetric ones (plain objects with asymmetricMatch too) decide; other class instances compare whole', async () => {
    const emulator = await saved();
    const isP1 = { asymmetricMatch: (value: unknown) => value === 'p1' };
    expect(emulator).toHaveReceived(
      'saveObjects',
      { objects: [{ objectID: isP1 }, { objectID: expect.any(String) }] },
      all,
    );
    expect(emulator).not.toHaveReceived('saveObjects', { objects: [{ objectID: isP1 }, { objectID: isP1 }] }, all);
    // A Date is no plain object: it is compared whole, and no record is one.
    expect(emulator).not.toHaveReceived('saveObjects', { objects: [new Date(0), new Date(0)] }, all);
    // An object without a prototype is a plain one: its keys are held.
    const bare = Object.assign(Object.create(null) as object, { objectID: 'p1' });
    expect(emulator).toHaveReceived('saveObjects', { objects: [bare, expect.anything()] }, all);
  });

  it('a mismatch is reported where the expected value stops being an object or a same-length array', async () => {
    const emulator = await saved();
    const mismatches = (operation: 'saveObjects' | 'searchSingleIndex', expected: Record<string, unknown>) =>
      failure(() => expect(emulator).toHaveReceived(operation, expected, all))
        .split('\n')
        .filter((line) => line.startsWith('      ') && !line.startsWith('      {'));
    const records = '[{"objectID":"p1","name":"phone","tags":null},{"objectID":"p2","name":"case","tags":null}]';
    expect(mismatches('searchSingleIndex', { query: { a: 1 } })).toEqual([
      '      query: expected {"a":1}, received "phone"',
    ]);
    expect(mismatches('saveObjects', { objects: 'x' })).toEqual([`      objects: expected "x", received ${records}`]);
    expect(mismatches('saveObjects', { objects: [{ objectID: 'p1' }] })).toEqual([
      `      objects: expected [{"objectID":"p1"}], received ${records}`,
    ]);
    expect(mismatches('saveObjects', { objects: [{ tags: { a: 1 } }, { tags: { a: 1 } }] })).toEqual([
      '      objects[0].tags: expected {"a":1}, received null',
      '      objects[1].tags: expected {"a":1}, received null',
    ]);
    expect(mismatches('saveObjects', { objects: { asymmetricMatch: () => false } })).toEqual([
      `      objects: expected [object Object], received ${records}`,
    ]);
  });
});
