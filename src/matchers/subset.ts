/** Deep equality as the test runner sees it (asymmetric matchers such as `expect.any(String)` included). */
export type Equals = (actual: unknown, expected: unknown) => boolean;

const isAsymmetric = (value: unknown): boolean =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as { asymmetricMatch?: unknown }).asymmetricMatch === 'function';

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * Whether `actual` holds `expected`, as `toMatchObject` reads it: objects may have more keys,
 * arrays match item by item with the same length, a RegExp matches a string it tests true on,
 * anything else (asymmetric matchers included) by the runner's equality.
 */
export function contains(actual: unknown, expected: unknown, equals: Equals): boolean {
  if (isAsymmetric(expected)) return equals(actual, expected);
  if (expected instanceof RegExp && typeof actual === 'string') {
    expected.lastIndex = 0;
    return expected.test(actual);
  }
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, i) => contains(actual[i], item, equals))
    );
  }
  if (isPlainObject(expected)) {
    if (actual === null || typeof actual !== 'object') return false;
    for (const key of Object.keys(expected))
      if (!contains((actual as Record<string, unknown>)[key], expected[key], equals)) return false;
    return true;
  }
  return equals(actual, expected);
}

/** One place `actual` differs from `expected`. */
export interface Mismatch {
  /** `query`, `requests[0].indexName`; empty for the value itself. */
  readonly path: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

/**
 * Where `actual` fails to hold `expected`, down to the leaves, and how many of the expected
 * leaves it holds (the closeness of an entry to what a test asked for).
 */
export function compare(
  actual: unknown,
  expected: unknown,
  equals: Equals,
  path = '',
): { held: number; total: number; mismatches: Mismatch[] } {
  const descend =
    !isAsymmetric(expected) &&
    (isPlainObject(expected) || Array.isArray(expected)) &&
    actual !== null &&
    typeof actual === 'object';
  if (!descend || (Array.isArray(expected) && (!Array.isArray(actual) || actual.length !== expected.length))) {
    const ok = contains(actual, expected, equals);
    return { held: ok ? 1 : 0, total: 1, mismatches: ok ? [] : [{ path, expected, actual }] };
  }
  let held = 0;
  let total = 0;
  const mismatches: Mismatch[] = [];
  const keys = Array.isArray(expected) ? expected.map((_, i) => i) : Object.keys(expected as object);
  for (const key of keys) {
    const child = compare(
      (actual as Record<string | number, unknown>)[key],
      (expected as Record<string | number, unknown>)[key],
      equals,
      Array.isArray(expected) ? `${path}[${key}]` : path === '' ? String(key) : `${path}.${String(key)}`,
    );
    held += child.held;
    total += child.total;
    mismatches.push(...child.mismatches);
  }
  return { held, total, mismatches };
}
