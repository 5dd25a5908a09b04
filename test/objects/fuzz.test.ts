import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import type { Method } from '../../src/emulator/request';

/** Any JSON, biased towards the shapes these routes read, so validation paths are reached. */
const action = fc.constantFrom(
  'addObject',
  'updateObject',
  'partialUpdateObject',
  'partialUpdateObjectNoCreate',
  'deleteObject',
  'delete',
  'clear',
  'x',
);
const value = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      _operation: fc.oneof(
        fc.constantFrom('Increment', 'Add', 'Remove', 'AddUnique', 'IncrementFrom', 'IncrementSet'),
        fc.jsonValue(),
      ),
      value: fc.jsonValue(),
    },
    { requiredKeys: [] },
  ),
);
const body = fc.dictionary(fc.oneof(fc.constantFrom('objectID', '__proto__', 'n', 'tags'), fc.string()), value);
const request = fc.record(
  {
    action: fc.oneof(action, fc.jsonValue()),
    body: fc.oneof(body, fc.jsonValue()),
    indexName: fc.oneof(fc.constantFrom('a', 'b', '*', ''), fc.jsonValue()),
    objectID: fc.jsonValue(),
  },
  { requiredKeys: [] },
);
const payload = fc.oneof(
  fc.jsonValue(),
  body,
  fc.record({ requests: fc.oneof(fc.array(request, { maxLength: 4 }), fc.jsonValue()) }, { requiredKeys: [] }),
  fc.record(
    {
      operation: fc.oneof(fc.constantFrom('copy', 'move'), fc.jsonValue()),
      destination: fc.oneof(fc.constantFrom('a', 'b'), fc.jsonValue()),
      scope: fc.oneof(fc.constant(['settings']), fc.jsonValue()),
    },
    { requiredKeys: [] },
  ),
);

const targets: [Method, string][] = [
  ['POST', '/1/indexes/a'],
  ['PUT', '/1/indexes/a/o'],
  ['POST', '/1/indexes/a/o/partial'],
  ['POST', '/1/indexes/a/batch'],
  ['POST', '/1/indexes/*/batch'],
  ['POST', '/1/indexes/*/objects'],
  ['POST', '/1/indexes/a/operation'],
  ['POST', '/1/indexes/a/clear'],
];

describe('malformed bodies', () => {
  it('are answered with a 4xx and a message, never a 500, and the state keeps serving', async () => {
    const emulator = createEmulator();
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        payload,
        fc.dictionary(fc.constantFrom('createIfNotExists', 'page', 'hitsPerPage'), fc.string()),
        async ([method, path], json, query) => {
          const res = await emulator.request({ method, path, body: json, query });
          expect(
            res.status === 200 || res.status === 201 || (res.status >= 400 && res.status < 500),
            JSON.stringify(res.body),
          ).toBe(true);
          if (res.status >= 400) {
            refused++;
            expect(typeof (res.body as { message?: unknown }).message).toBe('string');
          }
          const list = await emulator.request({ method: 'GET', path: '/1/indexes' });
          expect(list.status).toBe(200);
        },
      ),
      { numRuns: 400 },
    );
    // The check above ran: malformed bodies were refused, not all accepted.
    expect(refused).toBeGreaterThan(100);
  });
});
