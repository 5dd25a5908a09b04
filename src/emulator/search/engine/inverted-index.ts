import type { SearchRecord } from '../../state';
import { emptyRecords, type RecordChange, type RecordStore } from '../record-store';
import { grown, objectArray } from './arrays';
import { eachFieldValue } from './fields';
import {
  MAX_PATHS,
  NO_POSTINGS,
  occurrenceCode,
  PendingPostings,
  PostingsStore,
  type FlatPostings,
} from './flat-postings';
import { TermDocLists } from './term-doc-lists';
import { TermTable } from './term-table';
import { createTokenizer, type Tokenizer, type TokenizerConfig } from './tokenize';
import { Vocabulary } from './vocabulary';
import { WordSplitter } from './word-splitter';

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

/** What a doc holds per slot and term, built on first read (see {@link InvertedIndex.partsOf}). */
interface DocParts {
  readonly slots: readonly Slot[];
  readonly termIds: Int32Array;
  readonly occurrences: readonly (readonly number[])[];
}

/**
 * A doc whose slots and per-term occurrences are worked out from its record on first read:
 * indexing files only the postings, and most docs are never evaluated one by one (counting
 * and one-word figures read the flat postings), so a large write does not build them.
 */
class IndexedDoc implements Doc {
  private parts: DocParts | undefined = undefined;

  constructor(
    readonly id: number,
    readonly record: SearchRecord,
    private readonly index: InvertedIndex,
  ) {}

  get slots(): readonly Slot[] {
    return (this.parts ??= this.index.partsOf(this.record)).slots;
  }

  get termIds(): Int32Array {
    return (this.parts ??= this.index.partsOf(this.record)).termIds;
  }

  get occurrences(): readonly (readonly number[])[] {
    return (this.parts ??= this.index.partsOf(this.record)).occurrences;
  }
}

/**
 * Attribute paths by a dense id, and what the index knows of each: whether some doc filed
 * several strings there (an array), which code figures need to know.
 */
class PathTable {
  /** Interned paths by id. */
  readonly names: string[] = objectArray();
  private readonly ids = new Map<string, number>();
  /** Per path id: the last doc (id + 1) that filed a string there, and 1 once some doc filed several (see {@link oneStringAt}). */
  private readonly filedBy: number[] = [];
  private readonly severalStrings: number[] = [];

  intern(path: string): number {
    let id = this.ids.get(path);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(path);
      this.ids.set(path, id);
      this.filedBy.push(0);
      this.severalStrings.push(0);
    }
    return id;
  }

  /** Doc `doc` files a string under path `pathId`. */
  filed(pathId: number, doc: number): void {
    if (this.filedBy[pathId] === doc + 1) this.severalStrings[pathId] = 1;
    else this.filedBy[pathId] = doc + 1;
  }

  oneStringAt(pathId: number): boolean {
    return this.severalStrings[pathId] === 0;
  }
}

/**
 * The emulator's own inverted index of one records map: normalized term -> ids of the docs
 * holding it, per-doc occurrences (slot, word position), and the sorted vocabulary. Its parts:
 * the term dictionary ({@link TermTable}), the flat postings ({@link PostingsStore}), the doc
 * store (below), the paths ({@link PathTable}) and the splitting scratch ({@link WordSplitter}).
 * It follows the immutable record store by applying its diffs (see {@link sync}), so a write
 * of k records costs O(k · log n) to find and O(k) tokenization to file.
 */
export class InvertedIndex {
  readonly tokenizer: Tokenizer;
  readonly vocabulary = new Vocabulary();
  /** Doc ids holding each term, ascending; may hold ids of removed docs (skipped on read). */
  readonly postings = new TermDocLists(this);
  private readonly terms = new TermTable((termId) => this.termAdded(termId));
  private readonly store = new PostingsStore();
  private readonly pathTable = new PathTable();
  /** Interned attribute paths. */
  readonly paths: readonly string[] = this.pathTable.names;
  private readonly splitter: WordSplitter;
  /** Per doc id: its record (undefined once removed), and its {@link IndexedDoc} once read. */
  private readonly records: (SearchRecord | undefined)[] = objectArray();
  private readonly docs: (IndexedDoc | undefined)[] = objectArray();
  /** objectID -> doc id of the live docs. */
  private readonly byObjectID = new Map<string, number>();
  private dead = 0;
  /** One bit per live doc id (see `doc-bits.ts`). */
  private liveBits = new Int32Array(32);
  /**
   * Every doc id removed, in order: the structures derived from the docs (facet and numeric
   * columns, custom-ranking orders) read new doc ids from where they stopped and this log from
   * where they stopped, so they follow a write by what it changed.
   */
  readonly removals: number[] = [];
  /** The records the index holds now. */
  source: RecordStore = emptyRecords();
  /**
   * Scratch by term id while filing a doc's postings: `seen` holds 1 + the id of the last doc
   * that held the term (so it needs no clearing), `last` that doc's last packed occurrence of it.
   */
  private seen = new Int32Array(1024);
  private last = new Float64Array(1024);
  /** Scratch while building a doc's parts: term id -> 1 + the term's index in the doc's lists (0: not seen yet); cleared after each doc. */
  private local = new Int32Array(1024);
  /** The doc being filed and its next slot (state of {@link fileField}). */
  private filing = { id: 0, slot: 0 };
  /**
   * Occurrences filed by a sync, appended to the postings term by term when it ends (see
   * {@link flush}): each term's arrays grow in one go instead of a push per occurrence scattered
   * over thousands of arrays.
   */
  private pending = new PendingPostings();
  /** The parts being built (state of {@link collectField}). */
  private collecting = { slots: [] as Slot[], ids: [] as number[], occurrences: [] as number[][] };

  /** Per path met: whether it is indexed (see {@link searchable}). */
  private readonly indexed = new Map<string, boolean>();
  /** Per attribute met: whether a path indexed is it or under it (see {@link holds}). */
  private readonly holding = new Map<string, boolean>();

  /**
   * `searchable`: the attributes whose strings are indexed (those paths and the paths under
   * them), the names `searchableAttributes` lists; null or empty: every path. Only searchable
   * strings can match a query, and most of a record's text (descriptions) often is not: a
   * change of the setting builds a new index (see `cache.ts`).
   */
  constructor(
    readonly config: TokenizerConfig,
    private readonly expand?: TermExpander,
    private readonly searchable: readonly string[] | null = null,
  ) {
    this.tokenizer = createTokenizer(config);
    this.splitter = new WordSplitter(this.tokenizer, this.terms);
  }

  /** Whether every path is indexed (no `searchableAttributes`). */
  get indexesAll(): boolean {
    return this.searchable === null || this.searchable.length === 0;
  }

  /** Whether the strings under `path` are indexed. */
  indexes(path: string): boolean {
    const names = this.searchable;
    if (names === null || names.length === 0) return true;
    let known = this.indexed.get(path);
    if (known === undefined) {
      known = names.some((name) => path === name || path.startsWith(`${name}.`));
      this.indexed.set(path, known);
    }
    return known;
  }

  /**
   * Whether attribute `key` of a record may hold indexed strings: it is indexed, or a path under
   * it is. The others are not walked (a number's text, a nested object's paths are never made).
   */
  holds(key: string): boolean {
    const names = this.searchable;
    if (names === null || names.length === 0) return true;
    let known = this.holding.get(key);
    if (known === undefined) {
      known = this.indexes(key) || names.some((name) => name.startsWith(`${key}.`));
      this.holding.set(key, known);
    }
    return known;
  }

  get size(): number {
    return this.byObjectID.size;
  }

  doc(id: number): Doc | undefined {
    return this.docs[id] ?? this.docOf(id);
  }

  /** The record of live doc `id`, undefined once removed (without making its {@link Doc}). */
  recordAt(id: number): SearchRecord | undefined {
    return this.records[id];
  }

  /** The doc of a live id read for the first time (a build makes none: most are never read). */
  private docOf(id: number): Doc | undefined {
    const record = this.records[id];
    return record === undefined ? undefined : (this.docs[id] = new IndexedDoc(id, record, this));
  }

  byID(objectID: string): Doc | undefined {
    const id = this.byObjectID.get(objectID);
    return id === undefined ? undefined : this.doc(id);
  }

  /** Live docs in insertion order. */
  *all(): IterableIterator<Doc> {
    for (const record of this.source.values()) {
      const doc = this.byID(record.objectID);
      if (doc) yield doc;
    }
  }

  /**
   * Brings the index in line with `records`, a later (or earlier: `restore()`) version of the
   * store it holds, by applying their diff: the docs of changed records are filed anew, those of
   * deleted ones dropped. Answers false, changing nothing, when the versions differ in more
   * records than `records` holds (after `reset()`, or a replaced index), or when records are
   * added while doc ids already outnumber them four to one (rewrites): building an index of
   * `records` afresh then costs less (see `cache.ts`).
   */
  sync(records: RecordStore): boolean {
    if (records === this.source) return true;
    if (this.byObjectID.size === 0) {
      // A first build: every record, in insertion order, so doc ids follow it.
      records.forEachInOrder((_, record) => this.add(record));
    } else {
      const changes: RecordChange[] = [];
      if (!records.diff(this.source, (change) => changes.push(change), Math.max(records.size, MIN_DIFF_BUDGET)))
        return false;
      // Doc ids are never reused: after many rewrites the id space (and every column sized by it)
      // would grow with the writes, not the records. Before it grows again, a fresh build numbers
      // the docs anew.
      if (
        this.records.length > 4 * records.size + MIN_DIFF_BUDGET &&
        changes.some((change) => change.after !== undefined)
      )
        return false;
      this.apply(changes);
    }
    this.flush();
    this.source = records;
    if (this.dead > 1000 && this.dead > this.byObjectID.size) this.compact();
    return true;
  }

  /**
   * Files the changed records: deleted ones leave, replaced and new ones get a new doc, in
   * insertion order (doc ids only grow, so postings stay sorted, and new records' ids follow
   * their order as a first build's do). Its own method (not inlined in {@link sync}): the loop is
   * compiled while it runs, and code after it that had not run yet in that call (the flush) made
   * the compiled loop deoptimize on every large write.
   */
  private apply(changes: RecordChange[]): void {
    for (const change of changes) {
      const old = this.byObjectID.get(change.key);
      if (old !== undefined) this.remove(old);
    }
    changes.sort((a, b) => a.afterSeq - b.afterSeq);
    for (const change of changes) if (change.after !== undefined) this.add(change.after);
  }

  /** Files a record's occurrences in the postings; its doc builds its own lists when first read. */
  private add(record: SearchRecord): void {
    const id = this.records.length;
    this.filing.id = id;
    this.filing.slot = 0;
    eachFieldValue(record, fileField, this, holdsIndexed);
    this.records.push(record);
    this.docs.push(undefined);
    this.byObjectID.set(record.objectID, id);
    if (id >>> 5 >= this.liveBits.length)
      this.liveBits = grown(this.liveBits, new Int32Array(this.liveBits.length * 2));
    this.liveBits[id >>> 5] |= 1 << (id & 31);
  }

  /** Files one string of the doc being filed (see {@link fileField}). */
  fileField(path: string, text: string): void {
    if (!this.indexes(path)) return;
    const { id } = this.filing;
    const slot = this.filing.slot++;
    const pathId = this.pathTable.intern(path);
    this.pathTable.filed(pathId, id);
    const variants = this.tokenizer.variants?.forPath(path);
    const splitter = this.splitter;
    const count = splitter.split(text, variants !== undefined);
    const whole = count === 1;
    for (let pos = 0; pos < count; pos++) {
      const termId = splitter.termIdAt(pos);
      const packed = slot * POS_RANGE + Math.min(pos, POS_RANGE - 1);
      const code = occurrenceCode(pathId, pos, whole);
      this.file(id, termId, packed, code);
      const extra = this.expand?.(path, this.terms.term(termId));
      if (extra)
        for (const part of extra)
          for (const term of this.tokenizer.wordTerms(part)) this.file(id, this.terms.idOf(term), packed, code);
      if (variants)
        for (const term of variants(this.terms.term(termId), splitter.writtenAt(pos)))
          this.file(id, this.terms.idOf(term), packed, code);
    }
  }

  /** Files one occurrence of term `termId` in doc `id`, unless it repeats the doc's last occurrence of it. */
  private file(id: number, termId: number, packed: number, code: number): void {
    if (this.seen[termId] !== id + 1) {
      this.seen[termId] = id + 1;
      this.last[termId] = packed;
    } else {
      if (this.last[termId] === packed) return;
      this.last[termId] = packed;
    }
    this.pending.occurrence(termId, id, code);
  }

  /** Appends the pending occurrences to the postings, term by term in order of first occurrence. */
  private flush(): void {
    const sorted = this.pending.sort();
    if (sorted === undefined) return;
    const { touched, flatDocs, flatCodes, flatEnds } = sorted;
    let from = 0;
    for (let k = 0; k < touched.length; k++) {
      const termId = touched[k];
      const to = flatEnds[termId];
      // A term with no occurrences before (new, or back after compaction dropped every doc of it) joins the vocabulary.
      if (this.store.append(termId, flatDocs, flatCodes, from, to)) this.vocabulary.add(this.terms.term(termId));
      from = to;
    }
    this.pending.clear();
  }

  /** Room for a new term in the per-term scratch and postings. */
  private termAdded(termId: number): void {
    this.store.termAdded(termId);
    if (termId >= this.seen.length) {
      const size = this.seen.length * 2;
      this.seen = grown(this.seen, new Int32Array(size));
      this.last = grown(this.last, new Float64Array(size));
      this.local = grown(this.local, new Int32Array(size));
    }
  }

  /**
   * A record's slots and its terms' occurrences, grouped by term in order of first occurrence
   * (through {@link local}, no map per doc): what {@link add} filed, per doc.
   */
  partsOf(record: SearchRecord): DocParts {
    const parts = { slots: [] as Slot[], ids: [] as number[], occurrences: [] as number[][] };
    this.collecting = parts;
    eachFieldValue(record, collectField, this, holdsIndexed);
    for (let k = 0; k < parts.ids.length; k++) this.local[parts.ids[k]] = 0;
    return { slots: parts.slots, termIds: new Int32Array(parts.ids), occurrences: parts.occurrences };
  }

  /** Adds one string to the parts being built (see {@link collectField}). */
  collectField(path: string, element: number, text: string): void {
    if (!this.indexes(path)) return;
    const { slots } = this.collecting;
    const slot = slots.length;
    const variants = this.tokenizer.variants?.forPath(path);
    const splitter = this.splitter;
    const count = splitter.split(text, variants !== undefined);
    slots.push({ path: this.pathTable.intern(path), element, length: count });
    for (let pos = 0; pos < count; pos++) {
      const termId = splitter.termIdAt(pos);
      const packed = slot * POS_RANGE + Math.min(pos, POS_RANGE - 1);
      this.collect(termId, packed);
      const extra = this.expand?.(path, this.terms.term(termId));
      if (extra)
        for (const part of extra)
          for (const term of this.tokenizer.wordTerms(part)) this.collect(this.terms.idOf(term), packed);
      if (variants)
        for (const term of variants(this.terms.term(termId), splitter.writtenAt(pos)))
          this.collect(this.terms.idOf(term), packed);
    }
  }

  private collect(termId: number, packed: number): void {
    const { ids, occurrences } = this.collecting;
    const k = this.local[termId] - 1;
    if (k < 0) {
      this.local[termId] = ids.length + 1;
      ids.push(termId);
      occurrences.push([packed]);
    } else {
      const list = occurrences[k];
      if (list[list.length - 1] !== packed) list.push(packed);
    }
  }

  /** The id of an indexed term, -1 when it never was. */
  termId(term: string): number {
    return this.terms.find(term);
  }

  /** The occurrences of a term id. */
  flat(termId: number): FlatPostings {
    return this.store.of(termId) ?? NO_POSTINGS;
  }

  /** Whether flat postings can encode every path (see `occurrenceCode`). */
  get flatUsable(): boolean {
    return this.paths.length < MAX_PATHS;
  }

  /** Upper bound of term ids. */
  get termCount(): number {
    return this.terms.size;
  }

  /** Whether postings may still hold ids of removed docs (readers must skip them). */
  get hasTombstones(): boolean {
    return this.dead > 0;
  }

  /** Upper bound of doc ids. */
  get docCount(): number {
    return this.records.length;
  }

  private remove(id: number): void {
    this.byObjectID.delete(this.records[id]!.objectID);
    this.records[id] = undefined;
    this.docs[id] = undefined;
    this.dead++;
    this.liveBits[id >>> 5] &= ~(1 << (id & 31));
    this.removals.push(id);
  }

  /** The live docs, one bit per doc id (read only: the index changes it as records change). */
  get live(): Int32Array {
    return this.liveBits;
  }

  /** Drops ids of removed docs from the postings once they outnumber live ones. */
  private compact(): void {
    this.postings.clear();
    this.store.compact(this.terms.size, (doc) => this.records[doc] !== undefined);
    this.dead = 0;
  }

  /** Whether no record ever filed several strings under path `pathId` (an array): then a path's codes in a doc all come from one string. */
  oneStringAt(pathId: number): boolean {
    return this.pathTable.oneStringAt(pathId);
  }
}

/** Below this many changes a diff is always applied (a rebuild of a small index costs little either way). */
const MIN_DIFF_BUDGET = 64;

/** Visitors of a record's strings (module functions, the same for every index: see {@link eachFieldValue}). */
function fileField(index: InvertedIndex, path: string, _element: number, text: string): void {
  index.fileField(path, text);
}

/** Which attributes of a record the visitors above walk (see {@link InvertedIndex.holds}). */
function holdsIndexed(index: InvertedIndex, key: string): boolean {
  return index.holds(key);
}

function collectField(index: InvertedIndex, path: string, element: number, text: string): void {
  index.collectField(path, element, text);
}

const NONE: readonly number[] = [];

/** A doc's packed occurrences of `term`, empty when it does not hold it. */
export function occurrencesOf(index: InvertedIndex, doc: Doc, term: string): readonly number[] {
  const termId = index.termId(term);
  const k = termId < 0 ? -1 : doc.termIds.indexOf(termId);
  return k < 0 ? NONE : doc.occurrences[k];
}
