/** Small helpers for the engine's growing typed arrays and object arrays. */

/** `to` (larger) holding `from`'s elements first. */
export function grown<T extends Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/**
 * An empty array already of the elements kind an array of objects or strings ends in: a new
 * index's arrays then have the hidden class the indexing code was optimized for (an empty
 * literal starts as an array of small integers, and its first push deoptimized that code).
 */
export function objectArray<T>(): T[] {
  const array: unknown[] = [undefined];
  array.pop();
  return array as T[];
}
