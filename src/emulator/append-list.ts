/**
 * An immutable, append-only list that shares its storage with the lists it grew from, so
 * appending costs O(1) amortized however long the list is (the recorded searches, the API log).
 *
 * A list is a frozen handle over a backing array: the entries `items[start..end)`. Appending
 * to the handle that ends where the backing array ends pushes onto that array; the older
 * handles keep their `end` and never see the new entry. Appending to any other handle (an
 * older list kept by a snapshot, restored, then written to) copies its entries first, so the
 * entries a handle shows never change. A capacity keeps the newest entries only: the handle
 * moves its `start`, and the backing array is compacted once the entries dropped are as many
 * as the capacity (one copy per `capacity` appends).
 *
 * Handles are class instances, which immer never drafts, walks or freezes: assigning one into
 * a draft costs O(1).
 */
export class AppendList<T> implements Iterable<T> {
  private constructor(
    private readonly items: T[],
    private readonly start: number,
    private readonly end: number,
  ) {
    Object.freeze(this);
  }

  /** A new empty list (its own backing array: lists of separate emulators share nothing). */
  static empty<T>(): AppendList<T> {
    return new AppendList<T>([], 0, 0);
  }

  static from<T>(entries: Iterable<T>): AppendList<T> {
    const items = [...entries];
    return new AppendList(items, 0, items.length);
  }

  get length(): number {
    return this.end - this.start;
  }

  /** The entry at `i` (negative: from the end), as `Array.prototype.at`. */
  at(i: number): T | undefined {
    const position = i < 0 ? this.end + i : this.start + i;
    return position >= this.start && position < this.end ? this.items[position] : undefined;
  }

  /** The list with `entry` last; with a capacity, only the newest `capacity` entries are kept. */
  append(entry: T, capacity = Number.POSITIVE_INFINITY): AppendList<T> {
    let { items, start, end } = this;
    if (items.length !== end) {
      // Another list already grew from this one: copy, never overwrite what it shows.
      items = items.slice(start, end);
      start = 0;
      end = items.length;
    }
    items.push(entry);
    end += 1;
    if (end - start > capacity) start = end - capacity;
    if (start > 0 && start >= capacity) {
      items = items.slice(start, end);
      end -= start;
      start = 0;
    }
    return new AppendList(items, start, end);
  }

  /** A new list of the entries that pass (its own backing array). */
  filter(keep: (entry: T) => boolean): AppendList<T> {
    const items: T[] = [];
    for (let i = this.start; i < this.end; i++) if (keep(this.items[i])) items.push(this.items[i]);
    return new AppendList(items, 0, items.length);
  }

  some(test: (entry: T) => boolean): boolean {
    for (let i = this.start; i < this.end; i++) if (test(this.items[i])) return true;
    return false;
  }

  toArray(): T[] {
    return this.items.slice(this.start, this.end);
  }

  *[Symbol.iterator](): Iterator<T> {
    for (let i = this.start; i < this.end; i++) yield this.items[i];
  }

  /**
   * The last entry whose key (`keyOf`; undefined: no key) is `key`, in O(log n) after an
   * O(1) amortized indexing step. The index belongs to the backing array, which only ever
   * grows, so every list sharing it reads the same index, each up to its own end. `keyOf`
   * names the index: pass the same function (a module constant) on every call.
   */
  lastWithKey(keyOf: (entry: T) => string | undefined, key: string): T | undefined {
    const index = keyIndex(this.items, keyOf as (entry: unknown) => string | undefined);
    for (; index.covered < this.end; index.covered++) {
      const entryKey = keyOf(this.items[index.covered]);
      if (entryKey === undefined) continue;
      const positions = index.positions.get(entryKey);
      if (positions) positions.push(index.covered);
      else index.positions.set(entryKey, [index.covered]);
    }
    const positions = index.positions.get(key);
    if (!positions) return undefined;
    const position = lastBelow(positions, this.end);
    return position >= this.start ? this.items[position] : undefined;
  }
}

interface KeyIndex {
  /** Entries of the backing array indexed so far. */
  covered: number;
  /** Key -> positions in the backing array, ascending. */
  readonly positions: Map<string, number[]>;
}

/** Backing array -> key function -> its index. Weak: an index goes with its array. */
const keyIndexes = new WeakMap<readonly unknown[], Map<(entry: unknown) => string | undefined, KeyIndex>>();

function keyIndex(items: readonly unknown[], keyOf: (entry: unknown) => string | undefined): KeyIndex {
  let byKeyOf = keyIndexes.get(items);
  if (!byKeyOf) keyIndexes.set(items, (byKeyOf = new Map()));
  let index = byKeyOf.get(keyOf);
  if (!index) byKeyOf.set(keyOf, (index = { covered: 0, positions: new Map() }));
  return index;
}

/** The largest of the ascending `positions` below `end`, else -1. */
function lastBelow(positions: readonly number[], end: number): number {
  let low = 0;
  let high = positions.length - 1;
  if (positions[high] < end) return positions[high];
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (positions[mid] < end) {
      found = positions[mid];
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}
