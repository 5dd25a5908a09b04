import { grown } from './arrays';
import { derivedFrom } from './derived';
import type { InvertedIndex } from './inverted-index';
import { compareValues } from './rank';
import { pathValues, type PathValues } from './sort-values';

/** One attribute criterion of an order: custom ranking's, or an `asc()`/`desc()` ranking criterion. */
export interface SortKey {
  readonly path: string;
  readonly ascending: boolean;
}

/** Entries a block holds at most before it splits in two. */
const BLOCK = 512;

/**
 * The docs of an index sorted by attribute criteria, then objectID (descending): the order a query
 * without words ranks its matches in (every textual criterion ties), kept sorted as records
 * change. A query walks it from the start and stops at its page; nothing is scored or sorted
 * per query.
 *
 * ```
 * blocks: [ [d7, d2, d9, ...512 at most], [d4, d1, ...], ... ]   each sorted, every doc of a block
 *                                                                before every doc of the next
 * ```
 *
 * It follows the index as the columns do: docs added since it last looked are inserted (a
 * binary search over the blocks, then within one: O(log n + BLOCK) each), or, when they are many,
 * merged by sorting everything once; removed docs stay as tombstones the walk skips, dropped once
 * they outnumber the live ones.
 */
export class CustomOrder {
  private blocks: Int32Array[] = [];
  private lengths: number[] = [];
  /** Entries in the blocks, tombstones included. */
  private total = 0;
  /** Tombstones in the blocks. */
  private dead = 0;
  private docsRead = 0;
  private removalsRead = 0;
  private readonly columns: PathValues[];
  /** Per doc id read: its objectID (the last tie-break; kept for docs removed since, which stay in the blocks as tombstones). */
  private readonly objectIDs: string[] = [];
  /** Per key, its values as numbers (lower first, no value last) when no doc holds a string there. */
  private readonly numeric: (Float64Array | undefined)[];
  private readonly compare: (a: number, b: number) => number;

  constructor(
    private readonly index: InvertedIndex,
    readonly keys: readonly SortKey[],
  ) {
    this.columns = keys.map((key) => pathValues(index, key.path));
    this.numeric = keys.map(() => undefined);
    const objectIDs = this.objectIDs;
    this.compare = (a, b) => {
      for (let k = 0; k < this.keys.length; k++) {
        const numbers = this.numeric[k];
        if (numbers !== undefined) {
          const x = numbers[a];
          const y = numbers[b];
          if (x !== y) return x < y ? -1 : 1;
          continue;
        }
        const { values } = this.columns[k];
        const result = compareValues(values[a] ?? undefined, values[b] ?? undefined, this.keys[k].ascending);
        if (result !== 0) return result;
      }
      // The service's last tie-break: objectID, descending (see tie-order.ts).
      const x = objectIDs[a];
      const y = objectIDs[b];
      return x < y ? 1 : x > y ? -1 : 0;
    };
  }

  /** Calls `visit` with each live doc in order until it answers false. */
  walk(visit: (doc: number) => boolean): void {
    const index = this.index;
    for (let b = 0; b < this.blocks.length; b++) {
      const block = this.blocks[b];
      const length = this.lengths[b];
      for (let k = 0; k < length; k++) {
        const doc = block[k];
        if (index.recordAt(doc) === undefined) continue;
        if (!visit(doc)) return;
      }
    }
  }

  /** Reads the docs added and removed since the last call. */
  follow(): this {
    const index = this.index;
    const removals = index.removals;
    for (; this.removalsRead < removals.length; this.removalsRead++)
      if (removals[this.removalsRead] < this.docsRead) this.dead++;
    const docCount = index.docCount;
    if (this.docsRead < docCount) {
      for (const path of this.keys.map((key) => key.path)) pathValues(index, path);
      this.readKeys(this.docsRead, docCount);
      const added: number[] = [];
      for (let doc = this.docsRead; doc < docCount; doc++) {
        const live = index.recordAt(doc);
        if (live === undefined) continue;
        this.objectIDs[doc] = live.objectID;
        added.push(doc);
      }
      this.docsRead = docCount;
      // Many new docs (a first build, a large write): one sort of everything costs less than inserting each.
      if (added.length * 8 > this.total - this.dead) this.rebuild(added);
      else for (const doc of added) this.insert(doc);
    }
    if (this.dead > 1000 && this.dead > this.total - this.dead) this.rebuild([]);
    return this;
  }

  /** The numeric keys of docs `[from, to)` (a key holding strings compares values instead, for good). */
  private readKeys(from: number, to: number): void {
    this.keys.forEach((key, k) => {
      const column = this.columns[k];
      if (column.strings) {
        this.numeric[k] = undefined;
        return;
      }
      let numbers = this.numeric[k];
      let start = from;
      if (numbers === undefined) {
        numbers = new Float64Array(Math.max(to, 16));
        start = 0;
      } else if (numbers.length < to) numbers = grown(numbers, new Float64Array(Math.max(to, numbers.length * 2)));
      for (let doc = start; doc < to; doc++) {
        const value = column.numbers[doc];
        // No value sorts last either way; a value descending is negated.
        numbers[doc] = value === Infinity || key.ascending ? value : -value;
      }
      this.numeric[k] = numbers;
    });
  }

  /** Every live doc in the blocks and `added`, sorted anew into full blocks. */
  private rebuild(added: readonly number[]): void {
    const index = this.index;
    const all: number[] = [];
    for (let b = 0; b < this.blocks.length; b++) {
      const block = this.blocks[b];
      for (let k = 0; k < this.lengths[b]; k++) if (index.recordAt(block[k]) !== undefined) all.push(block[k]);
    }
    for (const doc of added) all.push(doc);
    all.sort(this.compare);
    this.blocks = [];
    this.lengths = [];
    for (let at = 0; at < all.length; at += BLOCK / 2) {
      const block = new Int32Array(BLOCK);
      const part = all.slice(at, at + BLOCK / 2);
      block.set(part);
      this.blocks.push(block);
      this.lengths.push(part.length);
    }
    this.total = all.length;
    this.dead = 0;
  }

  /** Inserts one doc at its place. */
  private insert(doc: number): void {
    if (this.blocks.length === 0) {
      this.blocks.push(new Int32Array(BLOCK));
      this.lengths.push(0);
    }
    // The first block whose last doc comes after `doc` (else the last block).
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const last = this.blocks[mid][this.lengths[mid] - 1];
      if (this.compare(last, doc) < 0) lo = mid + 1;
      else hi = mid;
    }
    const block = this.blocks[lo];
    const length = this.lengths[lo];
    let from = 0;
    let to = length;
    while (from < to) {
      const mid = (from + to) >>> 1;
      if (this.compare(block[mid], doc) < 0) from = mid + 1;
      else to = mid;
    }
    block.copyWithin(from + 1, from, length);
    block[from] = doc;
    this.lengths[lo] = length + 1;
    this.total++;
    if (length + 1 === BLOCK) {
      const half = BLOCK / 2;
      const next = new Int32Array(BLOCK);
      next.set(block.subarray(half));
      this.blocks.splice(lo + 1, 0, next);
      this.lengths.splice(lo, 1, half, BLOCK - half);
    }
  }
}

/** The order of `index`'s docs by `keys`, made on first use and brought up to date. */
export function customOrder(index: InvertedIndex, keys: readonly SortKey[]): CustomOrder {
  const id = keys.map((key) => `${key.ascending ? 'asc' : 'desc'}(${key.path})`).join(',');
  return derivedFrom(index, 'order', id, () => new CustomOrder(index, keys)).follow();
}
