/**
 * The flat postings: per term, its occurrences in every doc as two parallel typed arrays, doc ids
 * ascending and one small integer code per occurrence. Counting and the one-word criteria read
 * these without touching doc objects.
 *
 * ```
 * term "band":  docs  [ 3,  3, 17, 42, ...]    Int32Array, tombstones of removed docs included
 *               codes [c0, c1, c2, c3, ...]    Uint32Array, see occurrenceCode
 * ```
 */
import { grown, objectArray } from './arrays';

/** Positions at or past this one share a code: their order cannot be told from the codes. */
export const MAX_CODE_POSITION = 999;

/**
 * One occurrence in a term's flat postings, as a small integer: path id (21 high bits), word
 * position (capped at {@link MAX_CODE_POSITION}, all the attribute criterion reads) and whether
 * its string is that one word (the low bit).
 */
export const occurrenceCode = (path: number, position: number, whole: boolean) =>
  path * 2048 + Math.min(position, MAX_CODE_POSITION) * 2 + (whole ? 1 : 0);
export const codePath = (code: number) => code >>> 11;
export const codePosition = (code: number) => (code >>> 1) & 1023;
export const codeWhole = (code: number) => (code & 1) === 1;
/** Path ids must fit the code's 21 high bits. */
export const MAX_PATHS = 1 << 20;

/**
 * A term's occurrences in every doc, doc ids ascending (tombstones of removed docs included), as
 * typed arrays exactly as long as the occurrences: half the bytes a scan reads from arrays of
 * numbers, and no per-term copy when a write files them (see {@link GrowingPostings}).
 */
export interface FlatPostings {
  readonly docs: Int32Array;
  readonly codes: Uint32Array;
}

/** Flat postings of a term that has none yet. */
export const NO_POSTINGS: FlatPostings = Object.freeze({ docs: new Int32Array(0), codes: new Uint32Array(0) });

/**
 * Flat postings that grow: views on storage with room after them. A new term's views share the
 * buffer its write's occurrences were sorted into; its first append moves it to storage of its
 * own, twice as long as needed.
 */
class GrowingPostings implements FlatPostings {
  docs: Int32Array;
  codes: Uint32Array;
  private docStore: Int32Array;
  private codeStore: Uint32Array;
  /** Whether the stores are this term's alone (shared ones have no room to grow into). */
  private owned = false;

  constructor(docs: Int32Array, codes: Uint32Array) {
    this.docs = this.docStore = docs;
    this.codes = this.codeStore = codes;
  }

  /** Appends `docs[from, to)` and their codes. */
  append(docs: Int32Array, codes: Uint32Array, from: number, to: number): void {
    const length = this.docs.length;
    const total = length + to - from;
    if (!this.owned || total > this.docStore.length) {
      const capacity = Math.max(total, length * 2, 16);
      const docStore = new Int32Array(capacity);
      const codeStore = new Uint32Array(capacity);
      docStore.set(this.docs);
      codeStore.set(this.codes);
      this.docStore = docStore;
      this.codeStore = codeStore;
      this.owned = true;
    }
    this.docStore.set(docs.subarray(from, to), length);
    this.codeStore.set(codes.subarray(from, to), length);
    this.docs = this.docStore.subarray(0, total);
    this.codes = this.codeStore.subarray(0, total);
  }

  /** Keeps the occurrences of docs `live` accepts, in order. */
  retain(live: (doc: number) => boolean): void {
    const { docs, codes } = this;
    let kept = 0;
    for (let k = 0; k < docs.length; k++) {
      if (!live(docs[k])) continue;
      docs[kept] = docs[k];
      codes[kept++] = codes[k];
    }
    this.docs = docs.subarray(0, kept);
    this.codes = codes.subarray(0, kept);
  }
}

/**
 * Every term's flat postings by term id. A new term's {@link GrowingPostings} (three objects) are
 * made on first read, from the sorted buffers of the sync that first filed its occurrences and its
 * range there, so a large write allocates nothing per new term (most are never read).
 */
export class PostingsStore {
  /** Occurrences by term id, undefined until the term's first occurrences are appended and read. */
  private readonly made: (GrowingPostings | undefined)[] = objectArray();
  /** Per term id whose occurrences were appended but never read: the buffers and the term's range there. */
  private readonly unreadDocs: (Int32Array | undefined)[] = objectArray();
  private readonly unreadCodes: (Uint32Array | undefined)[] = objectArray();
  private unreadFrom = new Int32Array(1024);
  private unreadTo = new Int32Array(1024);

  /** Room for term `termId` (the newest). */
  termAdded(termId: number): void {
    this.made.push(undefined);
    this.unreadDocs.push(undefined);
    this.unreadCodes.push(undefined);
    if (termId >= this.unreadFrom.length) {
      const size = this.unreadFrom.length * 2;
      this.unreadFrom = grown(this.unreadFrom, new Int32Array(size));
      this.unreadTo = grown(this.unreadTo, new Int32Array(size));
    }
  }

  /** The postings of a term id, made on first read from where its first sync left them; undefined before any occurrence. */
  of(termId: number): GrowingPostings | undefined {
    const made = this.made[termId];
    if (made !== undefined) return made;
    const docs = this.unreadDocs[termId];
    if (docs === undefined) return undefined;
    const from = this.unreadFrom[termId];
    const to = this.unreadTo[termId];
    const postings = (this.made[termId] = new GrowingPostings(
      docs.subarray(from, to),
      this.unreadCodes[termId]!.subarray(from, to),
    ));
    this.unreadDocs[termId] = undefined;
    this.unreadCodes[termId] = undefined;
    return postings;
  }

  /**
   * Appends term `termId`'s occurrences `docs[from, to)` (doc ids above its last ones) and their
   * codes; answers whether the term had none before (new, or every doc of it dropped by compaction).
   */
  append(termId: number, docs: Int32Array, codes: Uint32Array, from: number, to: number): boolean {
    const target = this.of(termId);
    if (target === undefined) {
      // A new term's occurrences stay in the sorted buffer, its postings views on them once read: most terms stay rare.
      this.unreadDocs[termId] = docs;
      this.unreadCodes[termId] = codes;
      this.unreadFrom[termId] = from;
      this.unreadTo[termId] = to;
      return true;
    }
    const revived = target.docs.length === 0;
    target.append(docs, codes, from, to);
    return revived;
  }

  /** Keeps only the occurrences of docs `live` accepts, every term's. */
  compact(terms: number, live: (doc: number) => boolean): void {
    for (let termId = 0; termId < terms; termId++) this.of(termId)?.retain(live);
  }
}

/** Occurrences filed but not yet appended (term, doc, code) in filing order, in typed arrays; grouped by term with a counting sort. */
export class PendingPostings {
  private flatTerms = new Int32Array(1024);
  private flatDocs = new Int32Array(1024);
  private flatCodes = new Uint32Array(1024);
  private flatCount = 0;
  /** Per term id: occurrences pending (while sorting, then after it, the end of the term's range). */
  private perTermFlat = new Int32Array(1024);
  /** Terms with pending entries, in order of first entry. */
  private touched: number[] = [];

  /** An occurrence of term `termId` in doc `id` (docs filed in ascending order). */
  occurrence(termId: number, id: number, code: number): void {
    if (termId >= this.perTermFlat.length)
      this.perTermFlat = grown(this.perTermFlat, new Int32Array(Math.max(termId + 1, this.perTermFlat.length * 2)));
    if (this.perTermFlat[termId]++ === 0) this.touched.push(termId);
    if (this.flatCount === this.flatDocs.length) {
      this.flatTerms = grown(this.flatTerms, new Int32Array(this.flatCount * 2));
      this.flatDocs = grown(this.flatDocs, new Int32Array(this.flatCount * 2));
      this.flatCodes = grown(this.flatCodes, new Uint32Array(this.flatCount * 2));
    }
    this.flatTerms[this.flatCount] = termId;
    this.flatDocs[this.flatCount] = id;
    this.flatCodes[this.flatCount++] = code;
  }

  /**
   * Groups the occurrences by term (a counting sort, filing order kept within a term, so doc ids
   * ascend): the touched terms in order of first entry, and for each its occurrences in
   * `flatDocs` / `flatCodes` from the end of the previous term's range to `flatEnds[term]`.
   * Undefined when nothing is pending; {@link clear} after.
   */
  sort(): SortedPostings | undefined {
    const { touched, perTermFlat } = this;
    if (touched.length === 0) return undefined;
    let flatAt = 0;
    for (let k = 0; k < touched.length; k++) {
      const termId = touched[k];
      const flats = perTermFlat[termId];
      perTermFlat[termId] = flatAt;
      flatAt += flats;
    }
    const flatDocs = new Int32Array(this.flatCount);
    const flatCodes = new Uint32Array(this.flatCount);
    for (let k = 0; k < this.flatCount; k++) {
      const at = perTermFlat[this.flatTerms[k]]++;
      flatDocs[at] = this.flatDocs[k];
      flatCodes[at] = this.flatCodes[k];
    }
    return { touched, flatDocs, flatCodes, flatEnds: perTermFlat };
  }

  /** Empties the scratch once sorted entries are appended. */
  clear(): void {
    for (let k = 0; k < this.touched.length; k++) this.perTermFlat[this.touched[k]] = 0;
    this.touched = [];
    this.flatCount = 0;
    // A large write's scratch is not kept.
    if (this.flatDocs.length > SCRATCH_KEPT) {
      this.flatTerms = new Int32Array(1024);
      this.flatDocs = new Int32Array(1024);
      this.flatCodes = new Uint32Array(1024);
    }
  }
}

export interface SortedPostings {
  readonly touched: readonly number[];
  readonly flatDocs: Int32Array;
  readonly flatCodes: Uint32Array;
  readonly flatEnds: Int32Array;
}

const SCRATCH_KEPT = 1 << 16;
