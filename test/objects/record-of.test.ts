import fc from 'fast-check';
import { describe, it } from 'vitest';
import { recordOf } from '../../src/emulator/search/store';
import { expectSame } from '../support/same';

const key = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.constantFrom('__proto__', 'constructor', '0', '10', 'objectID', 'é'),
);

describe('recordOf', () => {
  it('equals { ...body, objectID }, keys in the same order', () => {
    fc.assert(
      fc.property(
        fc.dictionary(key, fc.jsonValue(), { maxKeys: 6 }),
        fc.string({ minLength: 1, maxLength: 4 }),
        (body, objectID) => {
          const spread = { ...body, objectID };
          const record = recordOf(body, objectID);
          expectSame(record, spread);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('copies enumerable symbol members as a spread does', () => {
    const symbol = Symbol('tag');
    const body = { title: 'x', [symbol]: 1 };
    Object.defineProperty(body, 'hidden', { value: 1, enumerable: false });
    const record = recordOf(body, 'id');
    expectSame(record, { ...body, objectID: 'id' });
  });
});
