import { expect } from 'vitest';

/** Same structure, prototypes, key order, property attributes and primitives (Object.is). */
export function expectSame(actual: unknown, expected: unknown, path = '$'): void {
  if (expected === null || typeof expected !== 'object') {
    expect(Object.is(actual, expected), `${path}: ${String(actual)} vs ${String(expected)}`).toBe(true);
    return;
  }
  expect(actual !== null && typeof actual === 'object', path).toBe(true);
  expect(Object.getPrototypeOf(actual), `${path} prototype`).toBe(Object.getPrototypeOf(expected));
  expect(Reflect.ownKeys(actual as object), `${path} keys`).toEqual(Reflect.ownKeys(expected));
  for (const key of Reflect.ownKeys(expected)) {
    const a = Object.getOwnPropertyDescriptor(actual, key)!;
    const b = Object.getOwnPropertyDescriptor(expected, key)!;
    expect([a.writable, a.enumerable, a.configurable], `${path}.${String(key)} attributes`).toEqual([
      b.writable,
      b.enumerable,
      b.configurable,
    ]);
    expectSame(a.value, b.value, `${path}.${String(key)}`);
  }
}
