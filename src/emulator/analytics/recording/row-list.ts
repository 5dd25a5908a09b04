/**
 * Where a {@link RowList} keeps its entries: rows appended, never changed once written. Rows
 * hold numbers (columns, interned strings) and are read back as the entries they were written
 * from.
 */
export interface RowStore<T, S extends RowStore<T, S>> {
  /** Rows written. */
  readonly count: number;
  push(entry: T): void;
  read(row: number): T;
  /** A new store holding the rows `[from, to)` of this one, sharing its interned values. */
  branch(from: number, to: number): S;
  /** A new empty store with nothing shared (so values only dropped rows held can go). */
  fresh(): S;
}

/**
 * An immutable, append-only list of entries stored as rows (see {@link RowStore}): the same
 * contract as `AppendList`, which keeps objects. A list is a frozen handle over a store: the rows
 * `[start, end)`. Appending to the handle that ends where the store ends writes one row; the
 * older handles keep their `end` and never see it. Appending to any other handle (an older list
 * kept by a snapshot, restored, then written to) branches a store of its rows first.
 *
 * Handles are class instances, which immer never drafts, walks or freezes: assigning one into a
 * draft costs O(1). Subclasses declare no fields (the handle is frozen by this constructor).
 */
export abstract class RowList<T, S extends RowStore<T, S>> implements Iterable<T> {
  protected constructor(
    protected readonly store: S,
    protected readonly start: number,
    protected readonly end: number,
  ) {
    Object.freeze(this);
  }

  /** A handle of the same class over `store`'s rows `[start, end)`. */
  protected abstract over(store: S, start: number, end: number): this;

  /** Whether this handle ends where its store ends (the one appends write through). */
  protected get atTip(): boolean {
    return this.store.count === this.end;
  }

  get length(): number {
    return this.end - this.start;
  }

  /** The entry at `i` (negative: from the end), as `Array.prototype.at`; each read builds it anew. */
  at(i: number): T | undefined {
    const row = i < 0 ? this.end + i : this.start + i;
    return row >= this.start && row < this.end ? this.store.read(row) : undefined;
  }

  /** The list with `entry` last. */
  append(entry: T): this {
    let { store, start, end } = this;
    if (store.count !== end) {
      // Another list already grew from this one: branch, never overwrite what it shows.
      store = store.branch(start, end);
      start = 0;
      end = store.count;
    }
    store.push(entry);
    return this.over(store, start, end + 1);
  }

  /** A new list of the entries that pass (a store of its own). */
  filter(keep: (entry: T) => boolean): this {
    const store = this.store.fresh();
    for (let row = this.start; row < this.end; row++) {
      const entry = this.store.read(row);
      if (keep(entry)) store.push(entry);
    }
    return this.over(store, 0, store.count);
  }

  some(test: (entry: T) => boolean): boolean {
    for (let row = this.start; row < this.end; row++) if (test(this.store.read(row))) return true;
    return false;
  }

  toArray(): T[] {
    return [...this];
  }

  *[Symbol.iterator](): Iterator<T> {
    for (let row = this.start; row < this.end; row++) yield this.store.read(row);
  }
}
