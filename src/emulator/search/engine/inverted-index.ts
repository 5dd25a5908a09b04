import type { SearchRecord } from '../../state';
import { fieldValues } from './fields';
import { createTokenizer, type Tokenizer, type TokenizerConfig } from './tokenize';
import { Vocabulary } from './vocabulary';

/** One searchable string of a record, as indexed. */
export interface Slot {
  /** Interned path id (see {@link InvertedIndex.paths}). */
  readonly path: number;
  /** Outermost array element, -1 outside arrays. */
  readonly element: number;
  /** Number of tokens. */
  readonly length: number;
}

/** A record as the engine sees it. Replaced (not mutated) when the record changes. */
export interface Doc {
  readonly id: number;
  readonly record: SearchRecord;
  /** Position in the index's insertion order: the last tie-break. */
  order: number;
  readonly slots: readonly Slot[];
  /** Ids of the doc's terms (see {@link InvertedIndex.termId}), in order of first occurrence. */
  readonly termIds: Int32Array;
  /** Per term of `termIds`: packed occurrences `slot * POS_RANGE + position`, ascending. */
  readonly occurrences: readonly (readonly number[])[];
}

/** Extra words a record word is also indexed as, at its position (`decompoundedAttributes`); normalized by the index. */
export type TermExpander = (path: string, term: string) => readonly string[] | undefined;

export const POS_RANGE = 65536;
export const slotOf = (packed: number) => Math.floor(packed / POS_RANGE);
export const posOf = (packed: number) => packed % POS_RANGE;

/**
 * One occurrence in a term's flat postings, as a small integer: path id, word position (capped
 * at 999, all the attribute criterion reads) and whether its string is that one word. Counting and
 * the one-word criteria read these without touching doc objects.
 */
export const occurrenceCode = (path: number, position: number, whole: boolean) => path * 2048 + Math.min(position, 999) * 2 + (whole ? 1 : 0);
export const codePath = (code: number) => code >>> 11;
export const codePosition = (code: number) => (code >>> 1) & 1023;
export const codeWhole = (code: number) => (code & 1) === 1;
/** Path ids must fit the code's 21 high bits. */
const MAX_PATHS = 1 << 20;

/** A term's occurrences in every doc, doc ids ascending (tombstones of removed docs included). */
export interface FlatPostings {
  readonly docs: number[];
  readonly codes: number[];
}

/**
 * The emulator's own inverted index of one records map: normalized term -> ids of the docs
 * holding it, per-doc occurrences (slot, word position), and the sorted vocabulary.
 * It follows the immutable records map by diffing record identities, so a write of k
 * records costs O(n) identity checks plus O(k) tokenization.
 */
export class InvertedIndex {
  readonly tokenizer: Tokenizer;
  readonly vocabulary = new Vocabulary();
  /** Doc ids holding each term, ascending; may hold ids of removed docs (skipped on read). */
  readonly postings = new Map<string, number[]>();
  /** Interned attribute paths. */
  readonly paths: string[] = [];
  /** Dense ids of every term ever indexed (never reused), so a query can mark its terms in a typed array. */
  private readonly termIds = new Map<string, number>();
  /** `postings` by term id: one map lookup per indexed term. */
  private readonly postingsById: number[][] = [];
  /** Occurrences by term id (see {@link occurrenceCode}). */
  private readonly flatById: FlatPostings[] = [];
  /** Insertion order by doc id (ranking's last tie-break, read without the doc). */
  readonly orders: number[] = [];
  private readonly pathIds = new Map<string, number>();
  private readonly docs: (Doc | undefined)[] = [];
  /** Scratch while indexing a doc: term id -> 1 + the term's index in the doc's lists (0: not seen yet); cleared after each doc. */
  private local = new Int32Array(1024);
  private readonly byObjectID = new Map<string, Doc>();
  private dead = 0;
  source: ReadonlyMap<string, SearchRecord> = new Map();

  constructor(
    readonly config: TokenizerConfig,
    private readonly expand?: TermExpander,
  ) {
    this.tokenizer = createTokenizer(config);
  }

  get size(): number {
    return this.byObjectID.size;
  }

  doc(id: number): Doc | undefined {
    return this.docs[id];
  }

  byID(objectID: string): Doc | undefined {
    return this.byObjectID.get(objectID);
  }

  /** Live docs in insertion order. */
  *all(): IterableIterator<Doc> {
    for (const record of this.source.values()) {
      const doc = this.byObjectID.get(record.objectID);
      if (doc) yield doc;
    }
  }

  /**
   * Brings the index in line with `records` (the new immutable map). A doc's order is its
   * position in the map, renumbered on the way, so a `restore()` that brings back a record
   * before others ranks ties as a fresh build would.
   */
  sync(records: ReadonlyMap<string, SearchRecord>): void {
    if (records === this.source) return;
    let position = 0;
    for (const [objectID, record] of records) {
      const old = this.byObjectID.get(objectID);
      const order = position++;
      if (old && old.record === record) {
        if (old.order !== order) {
          old.order = order;
          this.orders[old.id] = order;
        }
        continue;
      }
      if (old) this.remove(old);
      this.add(record, order);
    }
    if (this.byObjectID.size > records.size) {
      for (const doc of [...this.byObjectID.values()]) if (!records.has(doc.record.objectID)) this.remove(doc);
    }
    this.source = records;
    if (this.dead > 1000 && this.dead > this.byObjectID.size) this.compact();
  }

  private add(record: SearchRecord, order: number): void {
    const id = this.docs.length;
    const slots: Slot[] = [];
    const ids: number[] = [];
    const occurrences: number[][] = [];
    for (const field of fieldValues(record)) {
      const slot = slots.length;
      const words = this.tokenizer.terms(field.text);
      const path = this.intern(field.path);
      slots.push({ path, element: field.element, length: words.length });
      for (let pos = 0; pos < words.length; pos++) {
        const packed = slot * POS_RANGE + Math.min(pos, POS_RANGE - 1);
        const code = occurrenceCode(path, pos, words.length === 1);
        this.addOccurrence(id, ids, occurrences, words[pos], packed, code);
        const extra = this.expand?.(field.path, words[pos]);
        if (extra) for (const part of extra) for (const term of this.tokenizer.terms(part)) this.addOccurrence(id, ids, occurrences, term, packed, code);
      }
    }
    for (const termId of ids) this.local[termId] = 0;
    const doc: Doc = { id, record, order, slots, termIds: new Int32Array(ids), occurrences };
    this.docs.push(doc);
    this.orders.push(order);
    this.byObjectID.set(record.objectID, doc);
  }

  /**
   * Files one occurrence of `term` in doc `id`: its list in the doc (grouped by term through
   * {@link local}, no map per doc), the term's doc postings and flat postings.
   */
  private addOccurrence(id: number, ids: number[], occurrences: number[][], term: string, packed: number, code: number): void {
    let termId = this.termIds.get(term);
    if (termId === undefined) {
      termId = this.termIds.size;
      this.termIds.set(term, termId);
      this.postingsById.push([]);
      this.flatById.push({ docs: [], codes: [] });
      if (termId >= this.local.length) {
        const grown = new Int32Array(this.local.length * 2);
        grown.set(this.local);
        this.local = grown;
      }
    }
    const k = this.local[termId] - 1;
    if (k < 0) {
      this.local[termId] = ids.length + 1;
      ids.push(termId);
      occurrences.push([packed]);
      const posting = this.postingsById[termId];
      // A term is new to the vocabulary, or back after compaction dropped it.
      if (posting.length === 0) {
        this.postings.set(term, posting);
        this.vocabulary.add(term);
      }
      posting.push(id);
    } else {
      const list = occurrences[k];
      if (list[list.length - 1] === packed) return;
      list.push(packed);
    }
    const flat = this.flatById[termId];
    flat.docs.push(id);
    flat.codes.push(code);
  }

  /** The id of an indexed term, -1 when it never was. */
  termId(term: string): number {
    return this.termIds.get(term) ?? -1;
  }

  /** The occurrences of a term id. */
  flat(termId: number): FlatPostings {
    return this.flatById[termId];
  }

  /** Whether flat postings can encode every path (see {@link occurrenceCode}). */
  get flatUsable(): boolean {
    return this.paths.length < MAX_PATHS;
  }

  /** Upper bound of term ids. */
  get termCount(): number {
    return this.termIds.size;
  }

  /** Whether postings may still hold ids of removed docs (readers must skip them). */
  get hasTombstones(): boolean {
    return this.dead > 0;
  }

  /** Upper bound of doc ids. */
  get docCount(): number {
    return this.docs.length;
  }

  private remove(doc: Doc): void {
    this.docs[doc.id] = undefined;
    this.byObjectID.delete(doc.record.objectID);
    this.dead++;
  }

  /** Drops ids of removed docs from the postings once they outnumber live ones. */
  private compact(): void {
    for (const [term, ids] of this.postings) {
      let kept = 0;
      for (const id of ids) if (this.docs[id] !== undefined) ids[kept++] = id;
      ids.length = kept;
      if (kept === 0) this.postings.delete(term);
    }
    for (const flat of this.flatById) {
      let kept = 0;
      for (let k = 0; k < flat.docs.length; k++) {
        if (this.docs[flat.docs[k]] === undefined) continue;
        flat.docs[kept] = flat.docs[k];
        flat.codes[kept++] = flat.codes[k];
      }
      flat.docs.length = kept;
      flat.codes.length = kept;
    }
    this.dead = 0;
  }

  private intern(path: string): number {
    let id = this.pathIds.get(path);
    if (id === undefined) {
      id = this.paths.length;
      this.paths.push(path);
      this.pathIds.set(path, id);
    }
    return id;
  }
}

const NONE: readonly number[] = [];

/** A doc's packed occurrences of `term`, empty when it does not hold it. */
export function occurrencesOf(index: InvertedIndex, doc: Doc, term: string): readonly number[] {
  const termId = index.termId(term);
  const k = termId < 0 ? -1 : doc.termIds.indexOf(termId);
  return k < 0 ? NONE : doc.occurrences[k];
}
