import type { SearchRecord } from '../../state';
import { byObjectIDDescending } from '../tie-order';
import type { GeoMatch } from './geo';
import type { InvertedIndex } from './inverted-index';
import type { MatchInfo } from './match';
import { giveBack, takeBuffer } from './buffers';
import type { FigureValues, PostingMatches } from './postings-match';
import type { Candidate } from './rank';
import { readPath } from './fields';
import { sortable } from './rank';
import { numericSortColumn, sortValues } from './sort-values';

const NO_INTS = new Int32Array(0);
const NO_NUMBERS = new Float64Array(0);

/** Above any figure: the minimum of no entries. */
const NO_MINIMUM = 0x7fffffff;

/**
 * The matches of a query as columns: ranking reads these numbers, and a {@link Candidate}
 * (with its full {@link MatchInfo}) is built only for the entries someone asks for: the page's
 * hits, or every entry when a re-rank hook or the facets need them all.
 */
export class MatchSet {
  private size = 0;
  // Empty until filled (shared: nothing is written to an empty column, filling replaces it): most sets adopt the scan's columns.
  docs: Int32Array = NO_INTS;
  typos: Int32Array = NO_INTS;
  words: Int32Array = NO_INTS;
  proximity: Int32Array = NO_INTS;
  firstMatchedWord: Int32Array = NO_INTS;
  exactWords: Int32Array = NO_INTS;
  filters: Float64Array = NO_NUMBERS;
  /** Bounds of each figure column so far: every value lies within [minima, maxima] (ranking packs them without a pass to find out). */
  readonly maxima: FigureValues = { typos: 0, words: 0, proximity: 0, first: 0, exact: 0 };
  readonly minima: FigureValues = {
    typos: NO_MINIMUM,
    words: NO_MINIMUM,
    proximity: NO_MINIMUM,
    first: NO_MINIMUM,
    exact: NO_MINIMUM,
  };
  /** Whether some entry has a filter score other than 0. */
  scored = false;
  /** Matches that rank after every entry, counted only (the postings listed the docs a page can show). */
  unlisted = 0;
  /** Only filled by queries with a geo criterion. */
  readonly geo: (GeoMatch | undefined)[] = [];
  /** By entry, the few built (maps: a page's entries are scattered, and writes far into an empty array make it a slow dictionary anyway). */
  private readonly built = new Map<number, Candidate>();
  private readonly infos = new Map<number, MatchInfo>();

  constructor(readonly index: InvertedIndex | null) {}

  /** Candidates already built (tests, or matches a hook has seen), in that order. */
  static of(candidates: readonly Candidate[]): MatchSet {
    const set = new MatchSet(null);
    for (const candidate of candidates) {
      set.add(candidate.info.doc.id, candidate.info, candidate.filters, candidate.geo);
      set.built.set(set.count - 1, candidate);
    }
    return set;
  }

  get count(): number {
    return this.size;
  }

  /** A match whose figures `evaluate` computed. */
  add(doc: number, info: MatchInfo, filters: number, geo: GeoMatch | undefined): void {
    this.push(doc, info.typos, info.words, info.proximity, info.firstMatchedWord, info.exactWords, filters, geo);
    this.infos.set(this.size - 1, info);
  }

  /** A match whose figures the flat postings gave (its details are read from the columns when shown). */
  push(
    doc: number,
    typos: number,
    words: number,
    proximity: number,
    first: number,
    exact: number,
    filters: number,
    geo: GeoMatch | undefined,
  ): void {
    const i = this.size++;
    if (i === this.docs.length) this.grow();
    this.docs[i] = doc;
    this.typos[i] = typos;
    this.words[i] = words;
    this.proximity[i] = proximity;
    this.firstMatchedWord[i] = first;
    this.exactWords[i] = exact;
    this.filters[i] = filters;
    if (geo) this.geo[i] = geo;
    const maxima = this.maxima;
    if (typos > maxima.typos) maxima.typos = typos;
    if (words > maxima.words) maxima.words = words;
    if (proximity > maxima.proximity) maxima.proximity = proximity;
    if (first > maxima.first) maxima.first = first;
    if (exact > maxima.exact) maxima.exact = exact;
    const minima = this.minima;
    if (typos < minima.typos) minima.typos = typos;
    if (words < minima.words) minima.words = words;
    if (proximity < minima.proximity) minima.proximity = proximity;
    if (first < minima.first) minima.first = first;
    if (exact < minima.exact) minima.exact = exact;
    if (filters !== 0) this.scored = true;
  }

  /**
   * The postings' matches in bulk (no filter, no geo) into an empty set: the settled entries'
   * columns are taken over as they are, not copied (their buffer goes back to the postings on
   * {@link dispose}). Answers the docs left to evaluate.
   */
  adoptSettled(found: PostingMatches): Int32Array {
    if (this.size !== 0) throw new Error('adoptSettled needs an empty match set');
    const n = found.settled;
    // Copied first: adding evaluated matches writes over the adopted ids after the settled ones.
    const unsettled = found.ids.slice(n);
    // The ids' whole room in the buffer, as long as the other columns (adding past it regrows them all).
    this.docs = new Int32Array(found.ids.buffer, found.ids.byteOffset, found.typos.length);
    this.typos = found.typos;
    this.firstMatchedWord = found.firstMatchedWord;
    this.exactWords = found.exactWords;
    this.words = found.words;
    this.proximity = found.proximity;
    this.filters = found.filters;
    this.adopted = found.buffer;
    Object.assign(this.maxima, found.maxima);
    Object.assign(this.minima, found.minima);
    this.unlisted = found.unlisted;
    this.size = n;
    return unsettled;
  }

  /** The buffer of adopted columns, given back on {@link dispose}. */
  private adopted: ArrayBuffer | undefined = undefined;
  /** Buffers behind the columns {@link numbers} lent, given back on {@link dispose}. */
  private readonly lent: ArrayBuffer[] = [];

  /**
   * A column of `n` numbers (its content unspecified) for whoever ranks this set, in a reused
   * buffer given back on {@link dispose} with the adopted ones.
   */
  numbers(n: number): Float64Array {
    const buffer = takeBuffer(n * 8);
    this.lent.push(buffer);
    return new Float64Array(buffer, 0, n);
  }

  /**
   * Done with this set: the adopted columns' buffer and the lent ones serve the next query. The
   * set is empty after; nothing built from it may read its columns or a ranking's any more
   * (candidates already built copied their figures).
   */
  dispose(): void {
    for (const buffer of this.lent) giveBack(buffer);
    this.lent.length = 0;
    const adopted = this.adopted;
    if (adopted === undefined) return;
    this.adopted = undefined;
    this.size = 0;
    this.docs = this.typos = this.words = this.proximity = this.firstMatchedWord = this.exactWords = NO_INTS;
    this.filters = NO_NUMBERS;
    giveBack(adopted);
  }

  /** Makes room for `capacity` entries at once (the postings say how many docs can match), so filling never regrows. */
  reserve(capacity: number): void {
    if (capacity > this.docs.length) this.resize(capacity);
  }

  private grow(): void {
    this.resize(Math.max(16, this.docs.length * 2));
  }

  private resize(capacity: number): void {
    const copy = <T extends Int32Array | Float64Array>(list: T): T => {
      const next = new (list.constructor as new (n: number) => T)(capacity);
      next.set(list.subarray(0, this.size));
      return next;
    };
    this.docs = copy(this.docs);
    this.typos = copy(this.typos);
    this.words = copy(this.words);
    this.proximity = copy(this.proximity);
    this.firstMatchedWord = copy(this.firstMatchedWord);
    this.exactWords = copy(this.exactWords);
    this.filters = copy(this.filters);
  }

  candidate(i: number): Candidate {
    let candidate = this.built.get(i);
    if (!candidate) {
      const info = this.infos.get(i) ?? this.settledInfo(i);
      candidate = { info, filters: this.filters[i], ...(this.geo[i] ? { geo: this.geo[i] } : {}) };
      this.built.set(i, candidate);
    }
    return candidate;
  }

  /**
   * The match details of an entry the flat postings settled: its figures are the columns'
   * (equal to what `evaluate` computes, a property checks), so showing it reads no doc's terms.
   */
  private settledInfo(i: number): MatchInfo {
    return {
      doc: this.index!.doc(this.docs[i])!,
      words: this.words[i],
      typos: this.typos[i],
      proximity: this.proximity[i],
      firstMatchedWord: this.firstMatchedWord[i],
      exactWords: this.exactWords[i],
    };
  }

  /** Every match as a candidate, in set order. */
  all(): Candidate[] {
    const out = new Array<Candidate>(this.size);
    for (let i = 0; i < this.size; i++) out[i] = this.candidate(i);
    return out;
  }

  /** The re-rank score a hook set on entry `i` (0 when none did). */
  rerank(i: number): number {
    return this.built.get(i)?.rerank ?? 0;
  }

  /** Whether a hook may have set re-rank scores (some candidate was built). */
  hasRerank(): boolean {
    return this.built.size > 0;
  }

  /** Every entry's ranking key for the re-rank score (higher first, so negated); zeros when no candidate was built yet. */
  rerankKeys(): Float64Array {
    const keys = new Float64Array(this.size);
    if (this.built.size > 0) for (let i = 0; i < this.size; i++) keys[i] = -this.rerank(i);
    return keys;
  }

  /** Negative when entry `i` comes before entry `j` on ranking's last tie-break: objectID, descending (see tie-order.ts). */
  compareOrder(i: number, j: number): number {
    return byObjectIDDescending(this.recordOf(i), this.recordOf(j));
  }

  private recordOf(i: number): SearchRecord {
    return this.index ? this.index.recordAt(this.docs[i])! : this.built.get(i)!.info.doc.record;
  }

  /**
   * The value of `path` of each of `entries` as a numeric ranking column, or undefined when it
   * must be compared as values (strings).
   */
  numericSortColumn(path: string, ascending: boolean, entries: readonly number[]): Float64Array | undefined {
    return this.index
      ? numericSortColumn(
          this.index,
          path,
          entries.map((i) => this.docs[i]),
          ascending,
        )
      : undefined;
  }

  /** The sortable value of `path` of each of `entries` (custom ranking, sort criteria). */
  sortValues(path: string, entries: readonly number[]): (number | string | undefined)[] {
    if (this.index)
      return sortValues(
        this.index,
        path,
        entries.map((i) => this.docs[i]),
      );
    return entries.map((i) => sortable(readPath(this.built.get(i)!.info.doc.record, path)));
  }

  /** The entries `keep` accepts, in order. */
  filter(keep: (i: number) => boolean): MatchSet {
    const out = new MatchSet(this.index);
    for (let i = 0; i < this.count; i++) {
      if (!keep(i)) continue;
      out.push(
        this.docs[i],
        this.typos[i],
        this.words[i],
        this.proximity[i],
        this.firstMatchedWord[i],
        this.exactWords[i],
        this.filters[i],
        this.geo[i],
      );
      const info = this.infos.get(i);
      if (info) out.infos.set(out.count - 1, info);
      const built = this.built.get(i);
      if (built) out.built.set(out.count - 1, built);
    }
    return out;
  }
}
