import { MatchSet } from './match-set';
import type { QueryOptions } from './options';
import { compareValues, SORT, type Candidate } from './rank';

/**
 * One ranking criterion's value per candidate, read once: numbers where lower ranks first, or
 * (attributes holding strings) the raw sortable values.
 */
type Column = { readonly numbers: Float64Array } | { readonly values: readonly (number | string | undefined)[]; readonly ascending: boolean };

/**
 * The ranked matches of a query. Every criterion (the `ranking` list, typo forced first with
 * typoTolerance min/strict, `custom` expanded to the re-rank score then `customRanking` (the
 * re-rank score last without `custom`)) becomes keys computed once per candidate, so comparing
 * two candidates reads arrays instead of records: consecutive small-integer criteria share one
 * packed column (see {@link Packer}), criteria with one value everywhere are dropped. Insertion
 * order breaks the remaining ties; it is unique, so the order is total and {@link top} (a
 * bounded heap) equals sorting everything and slicing.
 */
export class Ranking {
  private readonly columns: Column[];
  readonly set: MatchSet;

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
    const packer = new Packer(n);
    const columns: Column[] = [];
    const push = (column: Column | undefined) => {
      if (!column || constant(column)) return;
      columns.push(...packer.flush(), column);
    };
    const rerank = () => push(set.hasRerank() ? { numbers: set.rerankKeys() } : undefined);
    for (const criterion of ranking) {
      const sort = SORT.exec(criterion);
      if (sort) push(attributeColumn(set, sort[2], sort[1] === 'asc'));
      else if (criterion === 'typo') packer.add(set.typos, 1);
      else if (criterion === 'geo') push(set.geo.length > 0 ? numbers(n, (i) => set.geo[i]?.bucket ?? 0) : undefined);
      else if (criterion === 'words') packer.add(set.words, -1);
      else if (criterion === 'filters') push(negated(set.filters, n));
      else if (criterion === 'proximity') packer.add(set.proximity, 1);
      else if (criterion === 'attribute') packer.add(set.firstMatchedWord, 1);
      else if (criterion === 'exact') packer.add(set.exactWords, -1);
      else if (criterion === 'custom') {
        // Personalization weighs against business relevance (its score blends in the custom rank).
        rerank();
        for (const entry of options.customRanking) {
          const custom = SORT.exec(entry);
          if (custom) push(attributeColumn(set, custom[2], custom[1] === 'asc'));
        }
      }
    }
    if (!ranking.includes('custom')) rerank();
    columns.push(...packer.flush());
    this.columns = columns;
    const keys = columns.map((column) => ('numbers' in column ? column.numbers : undefined));
    this.keys = keys.every((key) => key !== undefined) ? (keys as Float64Array[]) : undefined;
  }

  /** The columns when all are numeric (the usual case): compared in a tight loop. */
  private readonly keys: readonly Float64Array[] | undefined;

  /** Negative when candidate `i` ranks before candidate `j`. */
  compare(i: number, j: number): number {
    const keys = this.keys;
    if (keys) {
      for (let c = 0; c < keys.length; c++) {
        const x = keys[c][i];
        const y = keys[c][j];
        if (x !== y) return x < y ? -1 : 1;
      }
      return this.byOrder(i, j);
    }
    for (const column of this.columns) {
      if ('numbers' in column) {
        const x = column.numbers[i];
        const y = column.numbers[j];
        if (x !== y) return x < y ? -1 : 1;
      } else {
        const result = compareValues(column.values[i], column.values[j], column.ascending);
        if (result !== 0) return result;
      }
    }
    return this.byOrder(i, j);
  }

  /** The last tie-break, insertion order: read only for entries every criterion ties (few), not as a column. */
  private byOrder(i: number, j: number): number {
    return this.set.order(i) - this.set.order(j);
  }

  /** The first `k` candidates in ranking order (all of them by default). */
  top(k = Infinity): Candidate[] {
    const n = this.set.count;
    const count = Math.min(k, n);
    const compare = (i: number, j: number) => this.compare(i, j);
    let chosen: number[];
    if (count * 4 >= n) {
      chosen = Array.from({ length: n }, (_, i) => i).sort(compare);
      chosen.length = count;
    } else {
      chosen = this.select(count).sort(compare);
    }
    return chosen.map((i) => this.set.candidate(i));
  }

  /** The `count` best candidate indexes, unordered: a max-heap whose root is the worst kept. */
  private select(count: number): number[] {
    const heap: number[] = [];
    if (count === 0) return heap;
    const n = this.set.count;
    for (let i = 0; i < n; i++) {
      if (heap.length < count) {
        heap.push(i);
        let at = heap.length - 1;
        while (at > 0) {
          const parent = (at - 1) >> 1;
          if (this.compare(heap[at], heap[parent]) <= 0) break;
          [heap[at], heap[parent]] = [heap[parent], heap[at]];
          at = parent;
        }
      } else if (this.compare(i, heap[0]) < 0) {
        heap[0] = i;
        let at = 0;
        for (;;) {
          const left = 2 * at + 1;
          const right = left + 1;
          let worst = at;
          if (left < count && this.compare(heap[left], heap[worst]) > 0) worst = left;
          if (right < count && this.compare(heap[right], heap[worst]) > 0) worst = right;
          if (worst === at) break;
          [heap[at], heap[worst]] = [heap[worst], heap[at]];
          at = worst;
        }
      }
    }
    return heap;
  }
}

/**
 * An attribute's values; numbers only (the usual case) become a numeric column: missing
 * values last either way, as in {@link compareValues}.
 */
function attributeColumn(set: MatchSet, path: string, ascending: boolean): Column {
  const fast = set.numericSortColumn(path, ascending);
  if (fast) return { numbers: fast };
  const values = set.sortValues(path);
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
 * few numeric columns as fit a double: each value, offset by its column's minimum (or taken
 * from the maximum when higher ranks first), becomes a digit in a mixed radix of the columns'
 * ranges. Comparing the packed numbers equals comparing the criteria one by one. A criterion
 * with one value everywhere is left out: it never decides.
 */
class Packer {
  private parts: { list: Int32Array; sign: 1 | -1; min: number; max: number }[] = [];
  private range = 1;
  private done: Column[] = [];

  constructor(private readonly n: number) {}

  add(list: Int32Array, sign: 1 | -1): void {
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < this.n; i++) {
      const value = list[i];
      if (value < min) min = value;
      if (value > max) max = value;
    }
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
    const out = new Float64Array(this.n);
    for (const { list, sign, min, max } of parts) {
      const width = max - min + 1;
      if (sign === 1) for (let i = 0; i < this.n; i++) out[i] = out[i] * width + (list[i] - min);
      else for (let i = 0; i < this.n; i++) out[i] = out[i] * width + (max - list[i]);
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
