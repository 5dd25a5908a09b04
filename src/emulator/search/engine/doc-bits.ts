/**
 * Sets of doc ids as bitmaps, one bit per doc id (32 per word): what filters answer from the
 * columns, and what facets count over. Set operations are word by word.
 */

/** An empty bitmap with room for doc ids below `docCount`. */
export function emptyBits(docCount: number): Int32Array {
  return new Int32Array((docCount >>> 5) + 1);
}

export function hasBit(bits: Int32Array, doc: number): boolean {
  return (bits[doc >>> 5] & (1 << (doc & 31))) !== 0;
}

export function setBit(bits: Int32Array, doc: number): void {
  bits[doc >>> 5] |= 1 << (doc & 31);
}

/** `into &= other`. */
export function intersect(into: Int32Array, other: Int32Array): void {
  for (let w = 0; w < into.length; w++) into[w] &= w < other.length ? other[w] : 0;
}

/** `into |= other`. */
export function unite(into: Int32Array, other: Int32Array): void {
  const n = Math.min(into.length, other.length);
  for (let w = 0; w < n; w++) into[w] |= other[w];
}

/** `into = within & ~into`: the docs of `within` not in `into`. */
export function complementWithin(into: Int32Array, within: Int32Array): void {
  for (let w = 0; w < into.length; w++) into[w] = (w < within.length ? within[w] : 0) & ~into[w];
}

/** How many bits are set. */
export function countBits(bits: Int32Array): number {
  let count = 0;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w];
    if (x === 0) continue;
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    count += Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}

/** Calls `visit` with every doc id set, ascending. */
export function eachBit(bits: Int32Array, visit: (doc: number) => void): void {
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w];
    while (x !== 0) {
      const low = x & -x;
      visit((w << 5) + 31 - Math.clz32(low));
      x ^= low;
    }
  }
}
