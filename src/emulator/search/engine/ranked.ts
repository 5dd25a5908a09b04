import { MatchSet } from './match-set';
import type { QueryOptions } from './options';
import { compareValues, SORT, type Candidate } from './rank';

/**
 * One ranking criterion's value per candidate, read once: numbers where lower ranks first, or
 * (attributes holding strings) the raw sortable values.
 */
type Column =
  | { readonly numbers: Float64Array }
  | { readonly values: readonly (number | string | undefined)[]; readonly ascending: boolean };

/**
 * An attribute criterion (custom ranking, `asc()`/`desc()`): its values are read by doc id in no
 * memory order, so only for the entries that can still reach the page (see {@link Ranking.pool}).
 */
interface Deferred {
  readonly path: string;
  readonly ascending: boolean;
  /** The values read so far, by entry (unread entries hold anything). */
  column?: Column;
}

/**
 * The ranked matches of a query. Every criterion (the `ranking` list, typo forced first with
 * typoTolerance min/strict, `custom` expanded to the re-rank score then `customRanking` (the
 * re-rank score last without `custom`)) becomes keys computed once per candidate, so comparing
 * two candidates reads arrays instead of records: consecutive small-integer criteria share one
 * packed column (see {@link Packer}), criteria with one value everywhere are dropped, attribute
 * criteria are read only for entries that can still reach the page (see {@link pool}). The doc
 * order (objectID descending) breaks the remaining ties; it is unique, so the order is total
 * and {@link top} (a bounded heap) equals sorting everything and slicing.
 */
export class Ranking {
  private readonly columns: (Column | Deferred)[];
  readonly set: MatchSet;
  /** Entries whose deferred columns are read. */
  private readonly ready: Uint8Array;
  private readonly deferred: Deferred[] = [];

  constructor(options: QueryOptions, matches: MatchSet | readonly Candidate[]) {
    const set = matches instanceof MatchSet ? matches : MatchSet.of(matches);
    this.set = set;
    const n = set.count;
    const ranking = [...options.ranking];
    if (options.typoTolerance === 'min' || options.typoTolerance === 'strict') {
      const at = ranking.indexOf('typo');
      if (at > 0) ranking.splice(at, 1);
      if (at !== 0) ranking.unshift('typo');
    }
    const packer = new Packer(n, (size) => set.numbers(size));
    const columns: (Column | Deferred)[] = [];
    const push = (column: Column | undefined) => {
      if (!column || constant(column)) return;
      columns.push(...packer.flush(), column);
    };
    const defer = (path: string, ascending: boolean) => {
      const deferred: Deferred = { path, ascending };
      this.deferred.push(deferred);
      columns.push(...packer.flush(), deferred);
    };
    const rerank = () => push(set.hasRerank() ? { numbers: set.rerankKeys() } : undefined);
    for (const criterion of ranking) {
      const sort = SORT.exec(criterion);
      if (sort) defer(sort[2], sort[1] === 'asc');
      else if (criterion === 'typo') packer.add(set.typos, 1, set.minima.typos, set.maxima.typos);
      else if (criterion === 'geo') push(set.geo.length > 0 ? numbers(n, (i) => set.geo[i]?.bucket ?? 0) : undefined);
      else if (criterion === 'words') packer.add(set.words, -1, set.minima.words, set.maxima.words);
      else if (criterion === 'filters') push(set.scored ? negated(set.filters, n) : undefined);
      else if (criterion === 'proximity') packer.add(set.proximity, 1, set.minima.proximity, set.maxima.proximity);
      else if (criterion === 'attribute') packer.add(set.firstMatchedWord, 1, set.minima.first, set.maxima.first);
      else if (criterion === 'exact') packer.add(set.exactWords, -1, set.minima.exact, set.maxima.exact);
      else if (criterion === 'custom') {
        // Personalization weighs against business relevance (its score blends in the custom rank).
        rerank();
        for (const entry of options.customRanking) {
          const custom = SORT.exec(entry);
          if (custom) defer(custom[2], custom[1] === 'asc');
        }
      }
    }
    if (!ranking.includes('custom')) rerank();
    columns.push(...packer.flush());
    this.columns = columns;
    this.ready = new Uint8Array(this.deferred.length > 0 ? n : 0);
    this.keys = numericKeys(columns);
  }

  /** The columns when all are numeric and read (the usual case): compared in a tight loop. */
  private keys: readonly Float64Array[] | undefined;

  /** Negative when candidate `i` ranks before candidate `j` (their deferred columns read). */
  compare(i: number, j: number): number {
    const keys = this.keys;
    if (keys) {
      const result = compareKeys(keys, i, j);
      return result !== 0 ? result : this.byOrder(i, j);
    }
    const result = compareColumns(this.columns, this.columns.length, i, j);
    return result !== 0 ? result : this.byOrder(i, j);
  }

  /** The last tie-break, objectID descending (see tie-order.ts): read only for entries every criterion ties (few), not as a column. */
  private byOrder(i: number, j: number): number {
    return this.set.compareOrder(i, j);
  }

  /** The first `k` candidates in ranking order (all of them by default). */
  top(k = Infinity): Candidate[] {
    const n = this.set.count;
    const count = Math.min(k, n);
    if (count <= 0) return [];
    const pool = count * 4 >= n ? entriesUpTo(n) : this.narrow(count);
    this.read(pool);
    const compare = (i: number, j: number) => this.compare(i, j);
    let chosen: number[];
    if (count * 4 >= pool.length) {
      chosen = pool.sort(compare);
      chosen.length = count;
    } else {
      chosen = select(pool, count, compare).sort(compare);
    }
    const out = new Array<Candidate>(count);
    for (let r = 0; r < count; r++) out[r] = this.set.candidate(chosen[r]);
    return out;
  }

  /**
   * The entries that can be among the first `count`, column by column: on a numeric column,
   * the `need`-th smallest value splits the entries still in play into those below it (kept:
   * fewer than `need`, all reach the page), those above (dropped) and those tied with it, which
   * the next column decides between. A deferred column is read only for the tied entries of its
   * turn, so attribute values are read for few entries; string columns leave the rest to the
   * final comparison.
   */
  private narrow(count: number): number[] {
    const kept: number[] = [];
    let tied: Int32Array;
    let need = count;
    let c = 0;
    const lead = this.columns[0];
    if (lead !== undefined && !this.deferred.includes(lead as Deferred) && 'numbers' in lead) {
      // The first column over every entry, without a list of them first.
      const numbers = lead.numbers;
      const n = this.set.count;
      const threshold = smallest(numbers, need, n);
      if (tiedScratch.length < n) tiedScratch = new Int32Array(Math.max(n, tiedScratch.length * 2));
      tied = tiedScratch;
      let next = 0;
      for (let i = 0; i < n; i++) {
        const value = numbers[i];
        if (value < threshold) kept.push(i);
        else if (value === threshold) tied[next++] = i;
      }
      tied = tied.subarray(0, next);
      need = count - kept.length;
      c = 1;
    } else {
      tied = typedEntriesUpTo(this.set.count);
    }
    for (; c < this.columns.length && need < tied.length; c++) {
      if (this.deferred.includes(this.columns[c] as Deferred)) this.read(tied);
      const column = columnOf(this.columns[c])!;
      if (!('numbers' in column)) break;
      const numbers = column.numbers;
      const threshold = smallest(numbers, need, tied);
      let next = 0;
      for (let t = 0; t < tied.length; t++) {
        const entry = tied[t];
        const value = numbers[entry];
        if (value < threshold) kept.push(entry);
        else if (value === threshold) tied[next++] = entry;
      }
      need = count - kept.length;
      tied = tied.subarray(0, next);
    }
    for (let t = 0; t < tied.length; t++) kept.push(tied[t]);
    return kept;
  }

  /** Reads the deferred columns of `entries` not read yet. */
  private read(entries: ArrayLike<number>): void {
    const missing: number[] = [];
    for (let e = 0; e < entries.length; e++) if (this.ready[entries[e]] === 0) missing.push(entries[e]);
    if (missing.length === 0) return;
    const n = this.set.count;
    for (const deferred of this.deferred) {
      const part = attributeColumn(this.set, deferred.path, deferred.ascending, missing);
      const column = deferred.column;
      // A path is numeric or compared as values for the whole index; mixed answers only come from
      // candidates without an index: then every entry is read again, at once.
      if (column && 'numbers' in column !== 'numbers' in part) {
        for (const other of this.deferred) other.column = undefined;
        this.ready.fill(0);
        this.read(entriesUpTo(n));
        return;
      }
      if ('numbers' in part) {
        const numbers = column && 'numbers' in column ? column.numbers : this.set.numbers(n);
        for (let k = 0; k < missing.length; k++) numbers[missing[k]] = part.numbers[k];
        deferred.column = { numbers };
      } else {
        const values: (number | string | undefined)[] =
          column && 'values' in column ? (column.values as (number | string | undefined)[]) : new Array(n);
        for (let k = 0; k < missing.length; k++) values[missing[k]] = part.values[k];
        deferred.column = { values, ascending: deferred.ascending };
      }
    }
    for (const i of missing) this.ready[i] = 1;
    this.keys = numericKeys(this.columns);
  }
}

/** Where {@link Ranking.narrow} partitions the entries tied on the first column (reused: narrowing is synchronous and keeps no list after). */
let tiedScratch = new Int32Array(1024);

/**
 * The `need`-th smallest of `numbers` over `entries` (a list, or a count n for entries 0..n-1;
 * `need` <= their count): a max-heap of the `need` smallest values seen, whose root is the answer.
 */
function smallest(numbers: Float64Array, need: number, entries: Int32Array | number): number {
  const list = typeof entries === 'number' ? undefined : entries;
  const total = list ? list.length : (entries as number);
  // A plain array: a page's few values live on the heap, where a typed array would cost a backing store.
  const heap: number[] = [];
  for (let t = 0; t < need; t++) {
    let at = t;
    const value = numbers[list ? list[t] : t];
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (heap[parent] >= value) break;
      heap[at] = heap[parent];
      at = parent;
    }
    heap[at] = value;
  }
  for (let t = need; t < total; t++) {
    const value = numbers[list ? list[t] : t];
    if (value >= heap[0]) continue;
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= need) break;
      const right = left + 1;
      const child = right < need && heap[right] > heap[left] ? right : left;
      if (heap[child] <= value) break;
      heap[at] = heap[child];
      at = child;
    }
    heap[at] = value;
  }
  return heap[0];
}

/** The `count` best of `entries` under `compare`, unordered: a max-heap whose root is the worst kept. */
function select(entries: readonly number[], count: number, compare: (i: number, j: number) => number): number[] {
  const heap: number[] = [];
  if (count === 0) return heap;
  for (const i of entries) {
    if (heap.length < count) {
      heap.push(i);
      let at = heap.length - 1;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (compare(heap[at], heap[parent]) <= 0) break;
        swap(heap, at, parent);
        at = parent;
      }
    } else if (compare(i, heap[0]) < 0) {
      heap[0] = i;
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        const right = left + 1;
        let worst = at;
        if (left < count && compare(heap[left], heap[worst]) > 0) worst = left;
        if (right < count && compare(heap[right], heap[worst]) > 0) worst = right;
        if (worst === at) break;
        swap(heap, at, worst);
        at = worst;
      }
    }
  }
  return heap;
}

/** Exchanges two entries (a destructuring swap allocated an array each time inside msw's requests). */
function swap(heap: number[], a: number, b: number): void {
  const held = heap[a];
  heap[a] = heap[b];
  heap[b] = held;
}

/** 0, 1, ..., n - 1 (a plain loop: `Array.from` with a mapper showed in profiles). */
function entriesUpTo(n: number): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

function typedEntriesUpTo(n: number): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

/** Compares entries on numeric columns only. */
function compareKeys(keys: readonly Float64Array[], i: number, j: number): number {
  for (let c = 0; c < keys.length; c++) {
    const x = keys[c][i];
    const y = keys[c][j];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** The read columns of a ranking (deferred ones by what they read). */
function columnOf(column: Column | Deferred): Column | undefined {
  return 'path' in column ? column.column : column;
}

/** Every column as numbers, when all are read and numeric. */
function numericKeys(columns: readonly (Column | Deferred)[]): Float64Array[] | undefined {
  const keys: Float64Array[] = [];
  for (const entry of columns) {
    const column = columnOf(entry);
    if (!column || !('numbers' in column)) return undefined;
    keys.push(column.numbers);
  }
  return keys;
}

/** Compares entries `i` and `j` on the first `upTo` columns (deferred ones read for both). */
function compareColumns(columns: readonly (Column | Deferred)[], upTo: number, i: number, j: number): number {
  for (let c = 0; c < upTo; c++) {
    const column = columnOf(columns[c])!;
    if ('numbers' in column) {
      const x = column.numbers[i];
      const y = column.numbers[j];
      if (x !== y) return x < y ? -1 : 1;
    } else {
      const result = compareValues(column.values[i], column.values[j], column.ascending);
      if (result !== 0) return result;
    }
  }
  return 0;
}

/**
 * An attribute's values; numbers only (the usual case) become a numeric column: missing
 * values last either way, as in {@link compareValues}.
 */
function attributeColumn(set: MatchSet, path: string, ascending: boolean, entries: readonly number[]): Column {
  const fast = set.numericSortColumn(path, ascending, entries);
  if (fast) return { numbers: fast };
  const values = set.sortValues(path, entries);
  if (values.some((v) => typeof v === 'string')) return { values, ascending };
  const numbers = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number | undefined;
    numbers[i] = v === undefined ? Infinity : ascending ? v : -v;
  }
  return { numbers };
}

/** A column of `key(i)` for every entry. */
function numbers(n: number, key: (i: number) => number): Column {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = key(i);
  return { numbers: out };
}

/** Higher first: negated; undefined when every entry holds the same value. */
function negated(list: Float64Array, n: number): Column | undefined {
  if (constantList(list, n)) return undefined;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = -list[i];
  return { numbers: out };
}

/** Largest product of packed ranges a double holds exactly. */
const PACK_LIMIT = 2 ** 52;

/**
 * Packs consecutive small-integer criteria (typo, words, proximity, attribute, exact) into as
 * few numeric columns as fit a double: each value (offset by the column's known lower bound, or
 * taken from its known upper bound when higher ranks first) becomes a digit in a mixed radix of
 * the columns' ranges. Comparing the packed numbers equals comparing the criteria one by one. A
 * criterion whose bounds meet (one value everywhere) is left out: it never decides.
 */
class Packer {
  private parts: { list: Int32Array; sign: 1 | -1; min: number; max: number }[] = [];
  private range = 1;
  private done: Column[] = [];

  /** `column(n)` gives a column of n numbers to write every entry of. */
  constructor(
    private readonly n: number,
    private readonly column: (n: number) => Float64Array,
  ) {}

  /** Adds a criterion whose values lie in `[min, max]`. */
  add(list: Int32Array, sign: 1 | -1, min: number, max: number): void {
    if (!(max > min)) return;
    const width = max - min + 1;
    if (this.range * width > PACK_LIMIT) this.close();
    this.parts.push({ list, sign, min, max });
    this.range *= width;
  }

  /** The packed columns of the criteria added since the last flush (none when none varied). */
  flush(): Column[] {
    this.close();
    const done = this.done;
    this.done = [];
    return done;
  }

  private close(): void {
    const parts = this.parts;
    this.parts = [];
    this.range = 1;
    if (parts.length === 0) return;
    const n = this.n;
    const out = this.column(n);
    // Each digit is `offset + scale * value` (the value, or max - value when higher ranks first).
    const digit = (k: number) => ({
      list: parts[k].list,
      offset: parts[k].sign === 1 ? -parts[k].min : parts[k].max,
      scale: parts[k].sign,
      width: parts[k].max - parts[k].min + 1,
    });
    let k = 0;
    if (parts.length >= 3) {
      // The usual run (typo, attribute, exact) in one pass.
      const a = digit(0);
      const b = digit(1);
      const c = digit(2);
      for (let i = 0; i < n; i++)
        out[i] =
          ((a.offset + a.scale * a.list[i]) * b.width + b.offset + b.scale * b.list[i]) * c.width +
          c.offset +
          c.scale * c.list[i];
      k = 3;
    }
    if (k === 0) {
      const { list, offset, scale } = digit(0);
      for (let i = 0; i < n; i++) out[i] = offset + scale * list[i];
      k = 1;
    }
    for (; k < parts.length; k++) {
      const { list, offset, scale, width } = digit(k);
      for (let i = 0; i < n; i++) out[i] = out[i] * width + offset + scale * list[i];
    }
    this.done.push({ numbers: out });
  }
}

function constantList(list: ArrayLike<unknown>, n: number): boolean {
  for (let i = 1; i < n; i++) if (list[i] !== list[0]) return false;
  return true;
}

function constant(column: Column): boolean {
  const list = 'numbers' in column ? column.numbers : column.values;
  for (let i = 1; i < list.length; i++) if (list[i] !== list[0]) return false;
  return true;
}
