import type { SearchRecord } from '../../state';
import { byObjectIDDescending } from '../tie-order';
import { eachFieldValue } from './fields';
import { createTokenizer, termHash, type Token, type Tokenizer, type TokenizerConfig } from './tokenize';
import { Vocabulary } from './vocabulary';
import type { VariantsOf } from './word-variants';

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
  /** Place among the live docs by objectID, descending: ranking's last tie-break (see {@link byObjectIDDescending}). */
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
/** Positions at or past this one share a code: their order cannot be told from the codes. */
export const MAX_CODE_POSITION = 999;
export const occurrenceCode = (path: number, position: number, whole: boolean) => path * 2048 + Math.min(position, MAX_CODE_POSITION) * 2 + (whole ? 1 : 0);
export const codePath = (code: number) => code >>> 11;
export const codePosition = (code: number) => (code >>> 1) & 1023;
export const codeWhole = (code: number) => (code & 1) === 1;
/** Path ids must fit the code's 21 high bits. */
const MAX_PATHS = 1 << 20;

/**
 * A term's occurrences in every doc, doc ids ascending (tombstones of removed docs included), as
 * typed arrays exactly as long as the occurrences: half the bytes a scan reads from arrays of
 * numbers, and no per-term copy when a write files them (see {@link GrowingPostings}).
 */
export interface FlatPostings {
  readonly docs: Int32Array;
  readonly codes: Uint32Array;
}

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
    public order: number,
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
 * The emulator's own inverted index of one records map: normalized term -> ids of the docs
 * holding it, per-doc occurrences (slot, word position), and the sorted vocabulary.
 * It follows the immutable records map by diffing record identities, so a write of k
 * records costs O(n) identity checks plus O(k) tokenization.
 */
export class InvertedIndex {
  readonly tokenizer: Tokenizer;
  readonly vocabulary = new Vocabulary();
  /** Doc ids holding each term, ascending; may hold ids of removed docs (skipped on read). */
  readonly postings = new TermDocLists(this);
  /** Interned attribute paths. */
  readonly paths: string[] = objectArray();
  /** Every term ever indexed by its dense id (never reused), so a query can mark its terms in a typed array. */
  private readonly terms: string[] = objectArray();
  /**
   * Term ids by {@link termHash}, open addressing, 1 + the id per entry (0: empty): indexing
   * looks a word up from its offsets in the text, without slicing a string per word.
   */
  private table = new Int32Array(4096);
  /** Per term id, its hash. */
  private hashes = new Int32Array(1024);
  /**
   * Every term's UTF-16 code units back to back, term `id`'s from `charStarts[id]` to
   * `charStarts[id + 1]`: a word is compared with a term in typed arrays, without reading either
   * string (two string reads per character were most of a lookup).
   */
  private chars = new Uint16Array(8192);
  private charStarts = new Int32Array(1025);
  /**
   * The words of the string being indexed (see {@link wordsOf}): offsets and hashes in `bounds`
   * (see {@link Tokenizer.asciiWords}) when it is plain ASCII, else its terms in `words`.
   */
  private bounds = new Int32Array(384);
  /** The ASCII string split last, lower-cased: its words' characters at their offsets. */
  private lowered = new Uint8Array(256);
  private words: string[] | undefined = undefined;
  private wordsText = '';
  /** With word variants under the path being split, its tokens (for each word's text as written) when it is not plain ASCII. */
  private wordTokens: Token[] | undefined = undefined;
  /** Occurrences by term id (see {@link occurrenceCode}), undefined until the term's first occurrences are appended and read (see {@link unreadDocs}). */
  private readonly flatById: (GrowingPostings | undefined)[] = objectArray();
  /**
   * Per term id whose occurrences were appended but never read: the sorted buffers of the sync
   * that first filed them and the term's range there. Its {@link GrowingPostings} (three objects)
   * are made on first read, so a large write allocates nothing per new term (most are never read).
   */
  private readonly unreadDocs: (Int32Array | undefined)[] = objectArray();
  private readonly unreadCodes: (Uint32Array | undefined)[] = objectArray();
  private unreadFrom = new Int32Array(1024);
  private unreadTo = new Int32Array(1024);
  /** {@link Doc.order} by doc id (ranking's last tie-break, read without the doc). */
  readonly orders: number[] = [];
  /** The live docs by objectID, descending (see {@link Doc.order}). */
  private ranked: Doc[] = [];
  /** Docs the running sync filed, merged into {@link ranked} when it ends. */
  private filed: Doc[] = [];
  private readonly pathIds = new Map<string, number>();
  /** Per path id: the last doc (id + 1) that filed a string there, and 1 once some doc filed several (see {@link oneStringAt}). */
  private readonly filedBy: number[] = [];
  private readonly severalStrings: number[] = [];
  private readonly docs: (Doc | undefined)[] = objectArray();
  /**
   * Scratch by term id while filing a doc's postings: `seen` holds 1 + the id of the last doc
   * that held the term (so it needs no clearing), `last` that doc's last packed occurrence of it.
   */
  private seen = new Int32Array(1024);
  private last = new Float64Array(1024);
  /** Scratch while building a doc's parts: term id -> 1 + the term's index in the doc's lists (0: not seen yet); cleared after each doc. */
  private local = new Int32Array(1024);
  private readonly byObjectID = new Map<string, Doc>();
  private dead = 0;
  source: ReadonlyMap<string, SearchRecord> = new Map();
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
   * Brings the index in line with `records` (the new immutable map). A doc's order follows
   * from the objectIDs alone, so a `restore()` ranks ties as a fresh build would.
   */
  sync(records: ReadonlyMap<string, SearchRecord>): void {
    if (records === this.source) return;
    this.fileChanged(records);
    this.flush();
    if (this.byObjectID.size > records.size) {
      for (const doc of [...this.byObjectID.values()]) if (!records.has(doc.record.objectID)) this.remove(doc);
    }
    this.rank();
    this.source = records;
    if (this.dead > 1000 && this.dead > this.byObjectID.size) this.compact();
  }

  /**
   * Files the records of `records` that are new or replaced. Its own method (not inlined in
   * {@link sync}): the loop is compiled while it runs, and code after it that had not run yet in
   * that call (the flush) made the compiled loop deoptimize on every large write.
   */
  private fileChanged(records: ReadonlyMap<string, SearchRecord>): void {
    // A first build has no docs to compare with.
    const first = this.byObjectID.size === 0;
    // By value (a record's objectID is its key): no entry pair per record.
    for (const record of records.values()) {
      const old = first ? undefined : this.byObjectID.get(record.objectID);
      if (old && old.record === record) continue;
      if (old) this.remove(old);
      this.add(record);
    }
  }

  /**
   * Merges the docs this sync filed into the objectID ranking (sorting only them) and drops the
   * removed ones, then numbers every doc's order: O(n + k log k) for k new docs.
   */
  private rank(): void {
    const fresh = this.filed;
    const size = this.byObjectID.size;
    if (fresh.length === 0 && this.ranked.length === size) return;
    this.filed = [];
    fresh.sort(byRecordObjectID);
    const kept = this.ranked.length + fresh.length === size ? this.ranked : this.ranked.filter((doc) => this.docs[doc.id] === doc);
    const out = new Array<Doc>(size);
    let i = 0;
    let j = 0;
    for (let k = 0; k < size; k++) {
      const doc = j === fresh.length || (i < kept.length && byRecordObjectID(kept[i], fresh[j]) < 0) ? kept[i++] : fresh[j++];
      out[k] = doc;
      doc.order = k;
      this.orders[doc.id] = k;
    }
    this.ranked = out;
  }

  /** Files a record's occurrences in the postings; its doc builds its own lists when first read. */
  private add(record: SearchRecord): void {
    const id = this.docs.length;
    const doc = new IndexedDoc(id, record, 0, this);
    this.filed.push(doc);
    this.filing.id = id;
    this.filing.slot = 0;
    eachFieldValue(record, fileField, this);
    this.docs.push(doc);
    this.orders.push(0);
    this.byObjectID.set(record.objectID, doc);
  }

  /** Files one string of the doc being filed (see {@link fileField}). */
  fileField(path: string, text: string): void {
    const { id } = this.filing;
    const slot = this.filing.slot++;
    const pathId = this.intern(path);
    if (this.filedBy[pathId] === id + 1) this.severalStrings[pathId] = 1;
    else this.filedBy[pathId] = id + 1;
    const variants = this.tokenizer.variants?.forPath(path);
    const count = this.wordsOf(text, variants !== undefined);
    const whole = count === 1;
    for (let pos = 0; pos < count; pos++) {
      const termId = this.wordAt(pos);
      const packed = slot * POS_RANGE + Math.min(pos, POS_RANGE - 1);
      const code = occurrenceCode(pathId, pos, whole);
      this.file(id, termId, packed, code);
      const extra = this.expand?.(path, this.terms[termId]);
      if (extra) for (const part of extra) for (const term of this.tokenizer.wordTerms(part)) this.file(id, this.idOf(term), packed, code);
      if (variants) for (const term of variants(this.terms[termId], this.writtenAt(pos))) this.file(id, this.idOf(term), packed, code);
    }
  }

  /**
   * Splits `text` into words (read them with {@link wordAt}); returns how many. `written`: each
   * word's text as written will be read too (see {@link writtenAt}).
   */
  private wordsOf(text: string, written = false): number {
    const needed = Math.ceil(1.5 * text.length) + 3;
    if (this.bounds.length < needed) this.bounds = new Int32Array(Math.max(needed, this.bounds.length * 2));
    if (this.lowered.length < text.length) this.lowered = new Uint8Array(Math.max(text.length, this.lowered.length * 2));
    this.wordsText = text;
    const count = this.tokenizer.asciiWords(text, this.bounds, this.lowered);
    if (count >= 0) {
      this.words = undefined;
      return count;
    }
    if (written) {
      const tokens = (this.wordTokens = this.tokenizer.tokens(text));
      this.words = tokens.map((token) => token.term);
    } else {
      this.words = this.tokenizer.terms(text);
    }
    return this.words.length;
  }

  /** Word `k` as written in the string split last by {@link wordsOf} (called with `written`). */
  private writtenAt(k: number): string {
    if (this.words === undefined) return this.wordsText.slice(this.bounds[3 * k], this.bounds[3 * k + 1]);
    const token = this.wordTokens![k];
    return this.wordsText.slice(token.start, token.end);
  }

  /** The term id of word `k` of the string split last by {@link wordsOf}. */
  private wordAt(k: number): number {
    if (this.words !== undefined) return this.idOf(this.words[k]);
    return this.rangeId(this.wordsText, this.bounds[3 * k], this.bounds[3 * k + 1], this.bounds[3 * k + 2]);
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
      const target = this.postingsOf(termId);
      if (target === undefined) {
        // A new term's occurrences stay in the sorted buffer, its postings views on them once read: most terms stay rare.
        this.unreadDocs[termId] = flatDocs;
        this.unreadCodes[termId] = flatCodes;
        this.unreadFrom[termId] = from;
        this.unreadTo[termId] = to;
        this.vocabulary.add(this.terms[termId]);
      } else {
        // Back in the vocabulary after compaction dropped every doc of it.
        if (target.docs.length === 0) this.vocabulary.add(this.terms[termId]);
        target.append(flatDocs, flatCodes, from, to);
      }
      from = to;
    }
    this.pending.clear();
  }

  /** The id of `term`, given one when it is new (its postings come with its first occurrences, see {@link flush}). */
  private idOf(term: string): number {
    const hash = termHash(term);
    const termId = this.find(term, hash);
    return termId >= 0 ? termId : this.newTerm(term, hash);
  }

  /** The id of `term` (whose hash is `hash`), -1 when it never was indexed. */
  private find(term: string, hash: number): number {
    const { table, hashes, terms } = this;
    const mask = table.length - 1;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const entry = table[at];
      if (entry === 0) return -1;
      if (hashes[entry - 1] === hash && terms[entry - 1] === term) return entry - 1;
    }
  }

  /**
   * The id of the term of ASCII word `text[start, end)` (lower-cased in {@link lowered}; `hash`
   * its {@link termHash}), given one when it is new.
   */
  private rangeId(text: string, start: number, end: number, hash: number): number {
    const { table, hashes, chars, charStarts, lowered } = this;
    const mask = table.length - 1;
    const length = end - start;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const entry = table[at];
      if (entry === 0) break;
      const termId = entry - 1;
      if (hashes[termId] !== hash) continue;
      const from = charStarts[termId];
      if (charStarts[termId + 1] - from === length && sameChars(chars, from, lowered, start, length)) return termId;
    }
    let term = text.slice(start, end);
    for (let i = 0; i < length; i++) {
      const code = term.charCodeAt(i);
      if (code >= 65 && code <= 90) {
        term = term.toLowerCase();
        break;
      }
    }
    return this.newTerm(term, hash);
  }

  private newTerm(term: string, hash: number): number {
    const termId = this.terms.length;
    this.terms.push(term);
    this.flatById.push(undefined);
    this.unreadDocs.push(undefined);
    this.unreadCodes.push(undefined);
    if (termId >= this.seen.length) {
      const size = this.seen.length * 2;
      this.seen = grown(this.seen, new Int32Array(size));
      this.last = grown(this.last, new Float64Array(size));
      this.local = grown(this.local, new Int32Array(size));
      this.unreadFrom = grown(this.unreadFrom, new Int32Array(size));
      this.unreadTo = grown(this.unreadTo, new Int32Array(size));
      this.hashes = grown(this.hashes, new Int32Array(size));
    }
    this.hashes[termId] = hash;
    this.appendChars(termId, term);
    if (2 * (termId + 1) > this.table.length) this.rehash(this.table.length * 2);
    else this.place(termId);
    return termId;
  }

  /** Appends the code units of term `termId` (the newest) to {@link chars}. */
  private appendChars(termId: number, term: string): void {
    if (termId + 2 > this.charStarts.length) this.charStarts = grown(this.charStarts, new Int32Array(this.charStarts.length * 2));
    const from = this.charStarts[termId];
    const to = from + term.length;
    if (to > this.chars.length) this.chars = grown(this.chars, new Uint16Array(Math.max(to, this.chars.length * 2)));
    for (let i = 0; i < term.length; i++) this.chars[from + i] = term.charCodeAt(i);
    this.charStarts[termId + 1] = to;
  }

  private place(termId: number): void {
    const mask = this.table.length - 1;
    let at = this.hashes[termId] & mask;
    while (this.table[at] !== 0) at = (at + 1) & mask;
    this.table[at] = termId + 1;
  }

  private rehash(size: number): void {
    this.table = new Int32Array(size);
    for (let termId = 0; termId < this.terms.length; termId++) this.place(termId);
  }

  /**
   * A record's slots and its terms' occurrences, grouped by term in order of first occurrence
   * (through {@link local}, no map per doc): what {@link add} filed, per doc.
   */
  partsOf(record: SearchRecord): DocParts {
    const parts = { slots: [] as Slot[], ids: [] as number[], occurrences: [] as number[][] };
    this.collecting = parts;
    eachFieldValue(record, collectField, this);
    for (let k = 0; k < parts.ids.length; k++) this.local[parts.ids[k]] = 0;
    return { slots: parts.slots, termIds: new Int32Array(parts.ids), occurrences: parts.occurrences };
  }

  /** Adds one string to the parts being built (see {@link collectField}). */
  collectField(path: string, element: number, text: string): void {
    const { slots } = this.collecting;
    const slot = slots.length;
    const variants = this.tokenizer.variants?.forPath(path);
    const count = this.wordsOf(text, variants !== undefined);
    slots.push({ path: this.intern(path), element, length: count });
    for (let pos = 0; pos < count; pos++) {
      const termId = this.wordAt(pos);
      const packed = slot * POS_RANGE + Math.min(pos, POS_RANGE - 1);
      this.collect(termId, packed);
      const extra = this.expand?.(path, this.terms[termId]);
      if (extra) for (const part of extra) for (const term of this.tokenizer.wordTerms(part)) this.collect(this.idOf(term), packed);
      if (variants) for (const term of variants(this.terms[termId], this.writtenAt(pos))) this.collect(this.idOf(term), packed);
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
    return this.find(term, termHash(term));
  }

  /** The occurrences of a term id. */
  flat(termId: number): FlatPostings {
    return this.postingsOf(termId) ?? NO_POSTINGS;
  }

  /** The postings of a term id, made on first read from where its first sync left them; undefined before any occurrence. */
  private postingsOf(termId: number): GrowingPostings | undefined {
    const made = this.flatById[termId];
    if (made !== undefined) return made;
    const docs = this.unreadDocs[termId];
    if (docs === undefined) return undefined;
    const from = this.unreadFrom[termId];
    const to = this.unreadTo[termId];
    const postings = (this.flatById[termId] = new GrowingPostings(docs.subarray(from, to), this.unreadCodes[termId]!.subarray(from, to)));
    this.unreadDocs[termId] = undefined;
    this.unreadCodes[termId] = undefined;
    return postings;
  }

  /** Whether flat postings can encode every path (see {@link occurrenceCode}). */
  get flatUsable(): boolean {
    return this.paths.length < MAX_PATHS;
  }

  /** Upper bound of term ids. */
  get termCount(): number {
    return this.terms.length;
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
    this.postings.clear();
    const live = (doc: number) => this.docs[doc] !== undefined;
    for (let termId = 0; termId < this.terms.length; termId++) this.postingsOf(termId)?.retain(live);
    this.dead = 0;
  }

  private intern(path: string): number {
    let id = this.pathIds.get(path);
    if (id === undefined) {
      id = this.paths.length;
      this.paths.push(path);
      this.pathIds.set(path, id);
      this.filedBy.push(0);
      this.severalStrings.push(0);
    }
    return id;
  }

  /** Whether no record ever filed several strings under path `pathId` (an array): then a path's codes in a doc all come from one string. */
  oneStringAt(pathId: number): boolean {
    return this.severalStrings[pathId] === 0;
  }
}

const byRecordObjectID = (a: Doc, b: Doc) => byObjectIDDescending(a.record, b.record);

/** Visitors of a record's strings (module functions, the same for every index: see {@link eachFieldValue}). */
function fileField(index: InvertedIndex, path: string, _element: number, text: string): void {
  index.fileField(path, text);
}

function collectField(index: InvertedIndex, path: string, element: number, text: string): void {
  index.collectField(path, element, text);
}

/** Occurrences filed but not yet appended (term, doc, code) in filing order, in typed arrays; grouped by term with a counting sort. */
class PendingPostings {
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
    if (termId >= this.perTermFlat.length) this.perTermFlat = grown(this.perTermFlat, new Int32Array(Math.max(termId + 1, this.perTermFlat.length * 2)));
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

interface SortedPostings {
  readonly touched: readonly number[];
  readonly flatDocs: Int32Array;
  readonly flatCodes: Uint32Array;
  readonly flatEnds: Int32Array;
}

const SCRATCH_KEPT = 1 << 16;

/** Flat postings of a term that has none yet. */
const NO_POSTINGS: FlatPostings = Object.freeze({ docs: new Int32Array(0), codes: new Uint32Array(0) });

/**
 * Per term, the ids of the docs holding it, each once, ascending (ids of removed docs included
 * until compaction), as `Map.has` / `Map.get` read them: built from the flat postings on first
 * read and extended as they grow, so a write builds no doc list per term (only candidate lookups
 * of some queries read them). No list for a term without occurrences.
 */
class TermDocLists {
  /** Per term id read so far: its list, and how many of the term's flat occurrences it covers. */
  private readonly lists = new Map<number, { readonly ids: number[]; covered: number }>();

  constructor(private readonly index: InvertedIndex) {}

  has(term: string): boolean {
    const termId = this.index.termId(term);
    return termId >= 0 && this.index.flat(termId).docs.length > 0;
  }

  get(term: string): number[] | undefined {
    const termId = this.index.termId(term);
    if (termId < 0) return undefined;
    const { docs } = this.index.flat(termId);
    if (docs.length === 0) return undefined;
    let list = this.lists.get(termId);
    if (list === undefined) this.lists.set(termId, (list = { ids: [], covered: 0 }));
    for (let k = list.covered; k < docs.length; k++) if (k === 0 || docs[k] !== docs[k - 1]) list.ids.push(docs[k]);
    list.covered = docs.length;
    return list.ids;
  }

  /** Forgets the lists built (compaction rewrote the flat postings). */
  clear(): void {
    this.lists.clear();
  }
}

/** Whether the `length` code units of `chars` from `from` are those of `lowered` from `start`. */
function sameChars(chars: Uint16Array, from: number, lowered: Uint8Array, start: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (chars[from + i] !== lowered[start + i]) return false;
  return true;
}

function grown<T extends Int32Array | Uint32Array | Uint16Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/**
 * An empty array already of the elements kind an array of objects or strings ends in: a new
 * index's arrays then have the hidden class the indexing code was optimized for (an empty
 * literal starts as an array of small integers, and its first push deoptimized that code).
 */
function objectArray<T>(): T[] {
  const array: unknown[] = [undefined];
  array.pop();
  return array as T[];
}

const NONE: readonly number[] = [];

/** A doc's packed occurrences of `term`, empty when it does not hold it. */
export function occurrencesOf(index: InvertedIndex, doc: Doc, term: string): readonly number[] {
  const termId = index.termId(term);
  const k = termId < 0 ? -1 : doc.termIds.indexOf(termId);
  return k < 0 ? NONE : doc.occurrences[k];
}
