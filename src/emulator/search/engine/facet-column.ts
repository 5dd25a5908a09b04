import { facetString, valuesAt } from '../filters/values';
import { grown } from './arrays';
import { derivedFrom } from './derived';
import type { InvertedIndex } from './inverted-index';

/** How docs hold a facet value: as a string, a number or a boolean (a value may come several ways). */
export const AS_STRING = 1;
export const AS_NUMBER = 2;
export const AS_BOOLEAN = 4;

/** A doc without a value here. */
const NO_VALUE = -1;
/** A doc with several values here (see {@link FacetColumn.several}). */
const SEVERAL = -2;

/**
 * One attribute's facet values as columns over the docs of an inverted index: each distinct
 * value (as `facets` prints it) gets an id; per doc, the ids of the values it holds; per value,
 * its live docs counted and listed. Facet counts are then sums over the matched docs' ids (or
 * the counts themselves when every doc matched) and facet filters unions of lists, instead of
 * walks over records.
 *
 * ```
 * values:  0 "Acme"   1 "Zeta"   2 "42"          names, kinds (AS_*), number value
 * single:  [0, 1, -1, -2, 0, ...]                 per doc id: its value id, -1 none, -2 several
 * several: { 3 => [1, 2] }
 * lists:   0 => [0, 4, ...]  1 => [1, 3]  2 => [3]    doc ids ascending, removed ones kept (bounded: see InvertedIndex.sync)
 * counts:  [2, 2, 1]                              live docs per value id
 * ```
 *
 * It follows its index lazily: {@link follow} reads the docs added since it last looked and the
 * removals logged since (see `InvertedIndex.removals`), never the whole index again.
 */
export class FacetColumn {
  /** Per value id: the value as `facets` prints it. */
  readonly names: string[] = [];
  /** Per value id: how docs hold it (AS_* bits, over every doc read). */
  kinds = new Uint8Array(16);
  /** Per value id: the number it is when docs hold it as a number (NaN otherwise). */
  numbers = new Float64Array(16);
  /** Per value id: live docs holding it. */
  counts = new Int32Array(16);
  /** Per value id: the docs holding it, ascending, as read (removed ones included). */
  readonly lists: DocList[] = [];
  private readonly ids = new Map<string, number>();
  /** Lower-cased name -> value ids (string filters compare without case). */
  private readonly lowered = new Map<string, number[]>();
  /** Per doc id: its one value id, {@link NO_VALUE} or {@link SEVERAL}. */
  single = new Int32Array(0);
  readonly several = new Map<number, Int32Array>();
  private docsRead = 0;
  private removalsRead = 0;

  constructor(
    private readonly index: InvertedIndex,
    readonly attribute: string,
  ) {}

  /** The id of a value by its printed name, -1 when no doc holds it. */
  idOf(name: string): number {
    return this.ids.get(name) ?? -1;
  }

  /** Value ids whose name lower-cased is `lower`. */
  idsLowered(lower: string): readonly number[] {
    return this.lowered.get(lower) ?? NONE;
  }

  /** Calls `visit` with each value id doc `doc` holds. */
  eachValue(doc: number, visit: (value: number) => void): void {
    const one = this.single[doc];
    if (one >= 0) visit(one);
    else if (one === SEVERAL) for (const value of this.several.get(doc)!) visit(value);
  }

  /** Adds 1 to `counts[v]` for each value v of each doc of `docs[0, count)`. */
  countInto(counts: Int32Array, docs: ArrayLike<number>, count: number): void {
    const single = this.single;
    for (let k = 0; k < count; k++) {
      const one = single[docs[k]];
      if (one >= 0) counts[one]++;
      else if (one === SEVERAL) for (const value of this.several.get(docs[k])!) counts[value]++;
    }
  }

  /** Reads the docs added and removed since the last call. */
  follow(): this {
    const index = this.index;
    const removals = index.removals;
    // Removed docs read before: their values leave the counts. (Docs added and removed since are
    // not read at all: the index no longer holds them.)
    for (; this.removalsRead < removals.length; this.removalsRead++) {
      const doc = removals[this.removalsRead];
      if (doc < this.docsRead) this.eachValue(doc, (value) => this.counts[value]--);
    }
    const docCount = index.docCount;
    if (this.docsRead < docCount) {
      if (this.single.length < docCount)
        this.single = grown(this.single, new Int32Array(Math.max(docCount, this.single.length * 2)));
      for (let doc = this.docsRead; doc < docCount; doc++) {
        const live = index.recordAt(doc);
        this.single[doc] = NO_VALUE;
        if (live !== undefined) this.read(doc, live);
      }
      this.docsRead = docCount;
    }
    return this;
  }

  private read(doc: number, record: Readonly<Record<string, unknown>>): void {
    const values = valuesAt(record, this.attribute);
    if (values.length === 0) return;
    let first = NO_VALUE;
    let more: number[] | undefined;
    for (const value of values) {
      const name = facetString(value);
      if (name === undefined) continue;
      const id = this.valueId(name);
      this.kinds[id] |= typeof value === 'string' ? AS_STRING : typeof value === 'number' ? AS_NUMBER : AS_BOOLEAN;
      if (typeof value === 'number') this.numbers[id] = value;
      // A value held twice counts once.
      if (id === first || (more !== undefined && more.includes(id))) continue;
      if (first === NO_VALUE) first = id;
      else (more ??= [first]).push(id);
      this.counts[id]++;
      this.lists[id].push(doc);
    }
    if (more !== undefined) {
      this.single[doc] = SEVERAL;
      this.several.set(doc, Int32Array.from(more));
    } else {
      this.single[doc] = first;
    }
  }

  private valueId(name: string): number {
    let id = this.ids.get(name);
    if (id !== undefined) return id;
    id = this.names.length;
    this.names.push(name);
    this.ids.set(name, id);
    const lower = name.toLowerCase();
    const same = this.lowered.get(lower);
    if (same) same.push(id);
    else this.lowered.set(lower, [id]);
    if (id >= this.kinds.length) {
      const size = this.kinds.length * 2;
      this.kinds = grown(this.kinds, new Uint8Array(size));
      this.numbers = grown(this.numbers, new Float64Array(size).fill(NaN));
      this.counts = grown(this.counts, new Int32Array(size));
    }
    this.numbers[id] = NaN;
    this.lists.push(new DocList());
    return id;
  }
}

/** Doc ids appended in ascending order, in a typed array that grows. */
export class DocList {
  ids = new Int32Array(4);
  length = 0;

  push(doc: number): void {
    if (this.length === this.ids.length) this.ids = grown(this.ids, new Int32Array(this.ids.length * 2));
    this.ids[this.length++] = doc;
  }
}

const NONE: readonly number[] = [];

/** The facet column of `attribute` over `index`, made on first use and brought up to date. */
export function facetColumn(index: InvertedIndex, attribute: string): FacetColumn {
  return derivedFrom(index, 'facets', attribute, () => new FacetColumn(index, attribute)).follow();
}
