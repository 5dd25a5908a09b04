import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wireBody } from '../../src/emulator/facade';
import { TOO_DEEP } from '../../src/emulator/json-depth';
import { expectSame } from '../support/same';

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

/** Values a caller may hand a direct call: plain JSON data and what JSON.stringify treats specially. */
const odd = fc.constantFrom<unknown>(
  undefined,
  NaN,
  Infinity,
  -Infinity,
  -0,
  new Date(0),
  () => 1,
  new Point(1, 2),
  new Map([[1, 2]]),
  { toJSON: () => 'custom' },
  Object.create(null),
  Symbol('s'),
);
const key = fc.oneof(
  fc.string({ maxLength: 4 }),
  fc.constantFrom('__proto__', 'constructor', '0', '10', 'toJSON', 'é'),
);
const value = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 6 }),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    odd,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 3, noNullPrototype: false }),
  ),
}));

describe('direct calls: the body as the wire carries it', () => {
  it('equals JSON.parse(JSON.stringify(body)), and writes the same text', () => {
    const seen = { text: 0, body: 0 };
    fc.assert(
      fc.property(value.value, (raw) => {
        let expectedText: string | undefined;
        try {
          expectedText = JSON.stringify(raw);
        } catch (error) {
          expect(() => wireBody(raw)).toThrow((error as Error).constructor as ErrorConstructor);
          return;
        }
        const { body, text } = wireBody(raw);
        expectSame(body, expectedText === undefined ? undefined : JSON.parse(expectedText));
        // The text comes along when the round trip was taken; the body always writes it again.
        if (text !== undefined) {
          seen.text++;
          expect(text).toBe(expectedText);
        }
        if (body !== undefined) {
          seen.body++;
          expect(JSON.stringify(body)).toBe(expectedText);
        }
      }),
      { numRuns: 2000 },
    );
    // Both checks ran on many of the values.
    expect(seen.text).toBeGreaterThan(100);
    expect(seen.body).toBeGreaterThan(100);
  });

  it('keeps own __proto__ members as data, and reports cycles as JSON.stringify does', () => {
    const raw = JSON.parse('{"a":{"__proto__":{"polluted":1}},"b":[1,-0,null]}');
    const { body } = wireBody(raw);
    expectSame(body, JSON.parse(JSON.stringify(raw)));
    expect(Object.getPrototypeOf((body as { a: object }).a)).toBe(Object.prototype);
    const cyclic: Record<string, unknown> = { name: 'x' };
    cyclic.self = cyclic;
    expect(() => wireBody(cyclic)).toThrow(TypeError);
    // Past the nesting limit the body is not copied: the server refuses it as over HTTP.
    let deep: unknown = 'leaf';
    for (let i = 0; i < 1000; i++) deep = { next: deep };
    expect(wireBody(deep)).toEqual({ body: undefined, error: TOO_DEEP });
  });

  it('is a copy: later changes to the caller’s object do not reach it', () => {
    const raw = { requests: [{ action: 'addObject', body: { tags: ['a'] } }] };
    const { body } = wireBody(raw);
    raw.requests[0].body.tags.push('b');
    expect(body).toStrictEqual({ requests: [{ action: 'addObject', body: { tags: ['a'] } }] });
  });
});

describe('direct calls: request size and log', () => {
  it('report the size of the body as sent and log its first characters', async () => {
    const { createEmulator } = await import('../../src');
    const emulator = createEmulator();
    const requests = Array.from({ length: 50 }, (_, i) => ({
      action: 'addObject' as const,
      body: { objectID: String(i), title: `café ${i}`, skipped: undefined, n: -0 },
    }));
    await emulator.batch({ indexName: 'items', batchWriteParams: { requests } });
    const text = JSON.stringify({ requests });
    const { toRequest } = await import('../../src/emulator/facade');
    const route = emulator.core.router.routes.find((r) => r.operation === 'batch')!;
    const req = toRequest(route, { indexName: 'items', batchWriteParams: { requests } }, { apiKey: 'k', appId: 'a' });
    expect(req.bodySize).toBe(new TextEncoder().encode(text).length);
    expect(JSON.stringify(req.body)).toBe(text);
    const logs = (await emulator.getLogs({ type: 'build' })) as { logs: { query_body: string }[] };
    expect(logs.logs[0].query_body).toBe(text.slice(0, 1000));
  });
});
