import type { IssuedQuery } from '../state';
import { float64Column, int32Column, packQueryID, QueryIdColumn, StringInterner } from './columns';
import { RowList, type RowStore } from './row-list';

/** A query ID being filed or looked up, packed (one at a time: nothing here re-enters). */
const packed = new Uint32Array(4);

/**
 * The query IDs searches returned, as rows of numbers (the query ID packed, the index interned),
 * with a hash table from query ID to its last row: an event's query ID is looked up without a
 * string per search. A query ID met twice in one store (never made so by the engine, whose IDs
 * are 128 random bits, but kept exact) chains to its earlier row.
 */
class IssuedRows implements RowStore<IssuedQuery, IssuedRows> {
  count = 0;
  private readonly queryIDs = new QueryIdColumn();
  private readonly times = float64Column();
  private readonly indices = int32Column();
  private readonly searchIds = int32Column();
  /** Open addressing on a packed query ID's first word: 1 + the last row holding it (0: empty). */
  private table = new Int32Array(16);
  private used = 0;
  /** Query IDs that are not packed -> their last row. */
  private readonly texts = new Map<string, number>();
  /** Row -> the earlier row of the same query ID, for the rare ID met twice. */
  private readonly earlier = new Map<number, number>();

  constructor(private readonly strings = new StringInterner()) {}

  push(issued: IssuedQuery): void {
    const row = this.count;
    this.queryIDs.set(row, issued.queryID, packed);
    this.times.set(row, issued.at);
    this.indices.set(row, this.strings.id(issued.index));
    this.searchIds.set(row, issued.searchId);
    this.count = row + 1;
    if (this.queryIDs.firstWord(row) === undefined) {
      const before = this.texts.get(issued.queryID);
      if (before !== undefined) this.earlier.set(row, before);
      this.texts.set(issued.queryID, row);
      return;
    }
    if (2 * (this.used + 1) > this.table.length) this.grow();
    const slot = this.slotOf(packed);
    const before = this.table[slot] - 1;
    if (before >= 0) this.earlier.set(row, before);
    else this.used++;
    this.table[slot] = row + 1;
  }

  read(row: number): IssuedQuery {
    return Object.freeze({
      queryID: this.queryIDs.get(row)!,
      at: this.times.get(row),
      index: this.strings.value(this.indices.get(row)),
      searchId: this.searchIds.get(row),
    });
  }

  branch(from: number, to: number): IssuedRows {
    const out = new IssuedRows(this.strings);
    for (let row = from; row < to; row++) out.push(this.read(row));
    return out;
  }

  fresh(): IssuedRows {
    return new IssuedRows();
  }

  /** The last row of `queryID` below `end`, or -1. */
  lastRowOf(queryID: string, end: number): number {
    let row = packQueryID(queryID, packed) ? this.table[this.slotOf(packed)] - 1 : (this.texts.get(queryID) ?? -1);
    while (row >= end) row = this.earlier.get(row) ?? -1;
    return row;
  }

  /** The slot of the packed query ID: where it is, or the empty one it would take. */
  private slotOf(packed: Uint32Array): number {
    const mask = this.table.length - 1;
    for (let slot = packed[0] & mask; ; slot = (slot + 1) & mask) {
      const row = this.table[slot] - 1;
      if (row < 0 || this.queryIDs.holds(row, packed)) return slot;
    }
  }

  private grow(): void {
    const old = this.table;
    this.table = new Int32Array(old.length * 2);
    const mask = this.table.length - 1;
    for (const entry of old) {
      if (entry === 0) continue;
      let slot = this.queryIDs.firstWord(entry - 1)! & mask;
      while (this.table[slot] !== 0) slot = (slot + 1) & mask;
      this.table[slot] = entry;
    }
  }
}

/**
 * Every query ID a search returned, oldest first: an append-only list (see {@link RowList})
 * stored as rows of numbers, about 40 bytes an ID. Look one up with {@link find}.
 */
export class IssuedQueries extends RowList<IssuedQuery, IssuedRows> {
  static empty(): IssuedQueries {
    return new IssuedQueries(new IssuedRows(), 0, 0);
  }

  protected over(store: IssuedRows, start: number, end: number): this {
    return new IssuedQueries(store, start, end) as this;
  }

  /** What this list knows of `queryID`: the last search that returned it. */
  find(queryID: string): IssuedQuery | undefined {
    const row = this.store.lastRowOf(queryID, this.end);
    return row >= this.start ? this.store.read(row) : undefined;
  }
}
