import type { SearchRecord } from '../state';

/**
 * An index's records: a persistent hash trie from objectID to record, referenced from the immer
 * state tree (immer stores class instances as they are). Every version is immutable and shares
 * all but the changed paths with the one it came from, so:
 *
 * - a write of k records costs O(k · log n), never a copy of the whole map (immer's map draft
 *   copies every entry on the first write of a commit);
 * - `snapshot()` keeps a version for free, and two versions {@link diff} in time proportional to
 *   what changed: the engine's structures follow the records by applying diffs;
 * - each record carries the sequence number it got when its objectID was first written (a
 *   replaced record keeps it): iterating in that order is the map's insertion order (ranking's
 *   ties go by objectID instead, see tie-order.ts).
 *
 * ```
 * Branch  bitmap 0b1001...  children [ •, • ]         32-way, 5 bits of the objectID's hash per level
 *                                      |   `-- Leaf  [Entry(k1, r1, seq 1), Entry(k7, r7, seq 7)]
 *                                      `------ Branch ...
 * ```
 *
 * A batch writes through one {@link RecordEditor}: nodes it made are changed in place, the
 * others copied once (the transient technique of Clojure's and Immutable.js's maps).
 */
export interface RecordStore extends ReadonlyRecords {
  /** The sequence number of the record under `key` (its place in insertion order), -1 when absent. */
  seqOf(key: string): number;
  /**
   * The store after `change` wrote through an editor: this one when nothing changed. Nodes the
   * editor makes are its own and change in place; nodes it did not make are copied once.
   */
  edit(change: (editor: RecordEditor) => void): RecordStore;
  /**
   * Calls `visit` for every objectID whose record differs between `before` and this store (a
   * record replaced by another object, written, or deleted), walking only the paths the two
   * versions do not share. Stops and answers false once more than `budget` changes were found,
   * or at once when the sizes differ by more (the caller may rather rebuild from this store).
   */
  diff(before: RecordStore, visit: (change: RecordChange) => void, budget?: number): boolean;
  /** Every record with its objectID and sequence number, in no particular order (the trie's). */
  forEachUnordered(visit: (key: string, record: SearchRecord, seq: number) => void): void;
  /** Every record with its objectID and sequence number, in insertion order. */
  forEachInOrder(visit: (key: string, record: SearchRecord, seq: number) => void): void;
}

/** The store of no records. */
export function emptyRecords(): RecordStore {
  return EMPTY;
}

/** A store holding `entries` in their order (tests, copies of plain maps). */
export function recordsFrom(entries: Iterable<readonly [string, SearchRecord]>): RecordStore {
  return EMPTY.edit((editor) => {
    for (const [key, record] of entries) editor.set(key, record);
  });
}

/** Each store's entries in insertion order, built on first ordered read (stores are frozen). */
const insertionOrders = new WeakMap<RecordStore, readonly Entry[]>();

/** The hash trie behind every {@link RecordStore}. */
class TrieRecords implements RecordStore {
  constructor(
    private readonly root: Node | undefined,
    readonly size: number,
    /** The sequence number the next new objectID gets. */
    private readonly nextSeq: number,
  ) {
    // Frozen as the rest of the state tree is (immer leaves class instances alone).
    Object.freeze(this);
  }

  get(key: string): SearchRecord | undefined {
    return entryOf(this.root, key)?.record;
  }

  has(key: string): boolean {
    return entryOf(this.root, key) !== undefined;
  }

  seqOf(key: string): number {
    return entryOf(this.root, key)?.seq ?? -1;
  }

  edit(change: (editor: RecordEditor) => void): RecordStore {
    const editor = new Editor(this.root, this.size, this.nextSeq);
    change(editor);
    if (!editor.changed) return this;
    return editor.size === 0 ? EMPTY : new TrieRecords(editor.root, editor.size, editor.nextSeq);
  }

  diff(before: RecordStore, visit: (change: RecordChange) => void, budget = Infinity): boolean {
    if (before === this) return true;
    // Each record one holds and the other not is a change: no need to walk to know.
    if (Math.abs(before.size - this.size) > budget) return false;
    const walk = { visit, left: budget };
    try {
      diffNodes((before as TrieRecords).root, this.root, walk);
    } catch (error) {
      if (error === OVER_BUDGET) return false;
      throw error;
    }
    return true;
  }

  forEachUnordered(visit: (key: string, record: SearchRecord, seq: number) => void): void {
    eachEntry(this.root, (entry) => visit(entry.key, entry.record, entry.seq));
  }

  forEachInOrder(visit: (key: string, record: SearchRecord, seq: number) => void): void {
    const entries = this.inOrder();
    for (let i = 0; i < entries.length; i++) visit(entries[i].key, entries[i].record, entries[i].seq);
  }

  /** Records in insertion order. */
  *values(): MapIterator<SearchRecord> {
    for (const entry of this.inOrder()) yield entry.record;
  }

  *keys(): MapIterator<string> {
    for (const entry of this.inOrder()) yield entry.key;
  }

  *entries(): MapIterator<[string, SearchRecord]> {
    for (const entry of this.inOrder()) yield [entry.key, entry.record];
  }

  [Symbol.iterator](): MapIterator<[string, SearchRecord]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'RecordStore';
  }

  /** The entries sorted by sequence number, once per store. */
  private inOrder(): readonly Entry[] {
    const known = insertionOrders.get(this);
    if (known) return known;
    let entries: Entry[] = [];
    if (this.nextSeq <= 4 * this.size + 64) {
      // Sequence numbers run from 0 to nextSeq with few gaps: each entry placed at its own, then the gaps closed.
      const bySeq = new Array<Entry | undefined>(this.nextSeq).fill(undefined);
      eachEntry(this.root, (entry) => (bySeq[entry.seq] = entry));
      // No gaps (records written, none deleted): the array is the order.
      if (this.nextSeq === this.size) entries = bySeq as Entry[];
      else for (const entry of bySeq) if (entry !== undefined) entries.push(entry);
    } else {
      eachEntry(this.root, (entry) => void entries.push(entry));
      entries.sort((a, b) => a.seq - b.seq);
    }
    insertionOrders.set(this, entries);
    return entries;
  }
}

/**
 * What readers of records use: a `Map` or a {@link RecordStore}. (The store is not a
 * `ReadonlyMap`: immer's types would then take it for a map it drafts.)
 */
export type ReadonlyRecords = Pick<
  ReadonlyMap<string, SearchRecord>,
  'get' | 'has' | 'size' | 'keys' | 'values' | 'entries'
> &
  Iterable<[string, SearchRecord]>;

const EMPTY: RecordStore = new TrieRecords(undefined, 0, 0);

/** A record that differs between two versions of a store. */
export interface RecordChange {
  readonly key: string;
  /** The record before (undefined: the objectID was absent) and its sequence number. */
  readonly before: SearchRecord | undefined;
  readonly beforeSeq: number;
  /** The record now (undefined: deleted) and its sequence number. */
  readonly after: SearchRecord | undefined;
  readonly afterSeq: number;
}

/** Writes to a store, as a map: {@link RecordStore.edit} hands one to its change. */
export interface RecordEditor {
  readonly size: number;
  get(key: string): SearchRecord | undefined;
  has(key: string): boolean;
  /** Sets the record of `key`: a new key goes last in insertion order, a known one keeps its place. */
  set(key: string, record: SearchRecord): this;
  delete(key: string): boolean;
  /** Deletes every record. */
  clear(): void;
}

/** 32 children per branch: 5 bits of the hash per level. */
const BITS = 5;
const MASK = (1 << BITS) - 1;
/** Past this depth the hash has no bits left: a leaf holds every key of that hash, however many. */
const MAX_DEPTH = 7;
/** Entries a leaf holds before it splits into a branch. */
const LEAF_SIZE = 8;

/** Who may change a node in place: the editor that made it (an edit's editor is never used after it). */
type Owner = object;

class Branch {
  constructor(
    public bitmap: number,
    public children: Node[],
    public owner: Owner | null,
  ) {}
}

/** One record in the trie: versions share it until the record under its key changes. */
class Entry {
  constructor(
    readonly hash: number,
    readonly key: string,
    readonly record: SearchRecord,
    readonly seq: number,
  ) {}
}

class Leaf {
  constructor(
    public entries: Entry[],
    public owner: Owner | null,
  ) {}
}

/** Where `key` (whose hash is `hash`) sits in a leaf, -1 when absent. */
function indexIn(leaf: Leaf, hash: number, key: string): number {
  const entries = leaf.entries;
  for (let i = 0; i < entries.length; i++) if (entries[i].hash === hash && entries[i].key === key) return i;
  return -1;
}

type Node = Branch | Leaf;

/** FNV-1a over the key's code units, as a signed 32-bit integer (a small integer for V8, where an unsigned one above 2^31 is a boxed double). */
function hashOf(key: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash;
}

const slice = (hash: number, depth: number) => (depth * BITS >= 32 ? 0 : (hash >>> (depth * BITS)) & MASK);
const position = (bitmap: number, bit: number) => popCount(bitmap & ((1 << bit) - 1));

function popCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** The entry of `key`, if any. */
function entryOf(root: Node | undefined, key: string): Entry | undefined {
  const hash = hashOf(key);
  let node = root;
  let depth = 0;
  while (node instanceof Branch) {
    const bit = slice(hash, depth++);
    if ((node.bitmap & (1 << bit)) === 0) return undefined;
    node = node.children[position(node.bitmap, bit)];
  }
  if (node === undefined) return undefined;
  const at = indexIn(node, hash, key);
  return at < 0 ? undefined : node.entries[at];
}

class Editor implements RecordEditor {
  changed = false;

  constructor(
    public root: Node | undefined,
    public size: number,
    public nextSeq: number,
  ) {}

  get(key: string): SearchRecord | undefined {
    return entryOf(this.root, key)?.record;
  }

  has(key: string): boolean {
    return entryOf(this.root, key) !== undefined;
  }

  set(key: string, record: SearchRecord): this {
    this.root = this.put(this.root, hashOf(key), key, record, 0);
    return this;
  }

  delete(key: string): boolean {
    const size = this.size;
    this.root = this.remove(this.root, hashOf(key), key, 0);
    return this.size !== size;
  }

  clear(): void {
    if (this.size === 0) return;
    this.root = undefined;
    this.size = 0;
    this.changed = true;
  }

  private put(node: Node | undefined, hash: number, key: string, record: SearchRecord, depth: number): Node {
    if (node === undefined) return new Leaf([this.added(hash, key, record)], this);
    if (node instanceof Leaf) {
      const at = indexIn(node, hash, key);
      if (at >= 0) {
        const entry = node.entries[at];
        if (entry.record === record) return node;
        const leaf = this.own(node);
        leaf.entries[at] = new Entry(hash, key, record, entry.seq);
        this.changed = true;
        return leaf;
      }
      if (node.entries.length < LEAF_SIZE || depth >= MAX_DEPTH) {
        const leaf = this.own(node);
        leaf.entries.push(this.added(hash, key, record));
        return leaf;
      }
      return this.put(this.split(node, depth), hash, key, record, depth);
    }
    const bit = slice(hash, depth);
    const at = position(node.bitmap, bit);
    const present = (node.bitmap & (1 << bit)) !== 0;
    const child = present ? node.children[at] : undefined;
    const next = this.put(child, hash, key, record, depth + 1);
    if (next === child) return node;
    const branch = this.own(node);
    if (present) branch.children[at] = next;
    else {
      branch.children.splice(at, 0, next);
      branch.bitmap |= 1 << bit;
    }
    return branch;
  }

  private remove(node: Node | undefined, hash: number, key: string, depth: number): Node | undefined {
    if (node === undefined) return undefined;
    if (node instanceof Leaf) {
      const at = indexIn(node, hash, key);
      if (at < 0) return node;
      this.size--;
      this.changed = true;
      if (node.entries.length === 1) return undefined;
      const leaf = this.own(node);
      leaf.entries.splice(at, 1);
      return leaf;
    }
    const bit = slice(hash, depth);
    if ((node.bitmap & (1 << bit)) === 0) return node;
    const at = position(node.bitmap, bit);
    const child = node.children[at];
    const next = this.remove(child, hash, key, depth + 1);
    if (next === child) return node;
    if (next === undefined && node.children.length === 1) return undefined;
    const branch = this.own(node);
    if (next !== undefined) branch.children[at] = next;
    else {
      branch.children.splice(at, 1);
      branch.bitmap &= ~(1 << bit);
    }
    return branch;
  }

  /** A full leaf at `depth` as a branch of leaves one level down. */
  private split(leaf: Leaf, depth: number): Branch {
    const branch = new Branch(0, [], this);
    for (const entry of leaf.entries) {
      const bit = slice(entry.hash, depth);
      const at = position(branch.bitmap, bit);
      if ((branch.bitmap & (1 << bit)) === 0) {
        branch.children.splice(at, 0, new Leaf([], this));
        branch.bitmap |= 1 << bit;
      }
      (branch.children[at] as Leaf).entries.push(entry);
    }
    return branch;
  }

  /** The entry of a key new to the store: last in insertion order. */
  private added(hash: number, key: string, record: SearchRecord): Entry {
    this.size++;
    this.changed = true;
    return new Entry(hash, key, record, this.nextSeq++);
  }

  /** `node` itself when this editor made it, else a copy this editor owns. */
  private own<T extends Node>(node: T): T {
    if (node.owner === this) return node;
    if (node instanceof Leaf) return new Leaf(node.entries.slice(), this) as T;
    const branch = node as Branch;
    return new Branch(branch.bitmap, [...branch.children], this) as T;
  }
}

/** Thrown inside a diff walk once its budget is spent (caught by {@link RecordStore.diff}). */
const OVER_BUDGET = new Error('diff over budget');

interface DiffWalk {
  readonly visit: (change: RecordChange) => void;
  left: number;
}

/** The changes between two subtrees at the same place of two versions. */
function diffNodes(before: Node | undefined, after: Node | undefined, walk: DiffWalk): void {
  if (before === after) return;
  if (before instanceof Branch && after instanceof Branch) {
    let bits = before.bitmap | after.bitmap;
    while (bits !== 0) {
      const bit = 31 - Math.clz32(bits & -bits);
      bits &= bits - 1;
      const x = (before.bitmap & (1 << bit)) !== 0 ? before.children[position(before.bitmap, bit)] : undefined;
      const y = (after.bitmap & (1 << bit)) !== 0 ? after.children[position(after.bitmap, bit)] : undefined;
      diffNodes(x, y, walk);
    }
    return;
  }
  // Different shapes (a leaf split, or emptied) or two leaves: compare their entries.
  const old = new Map<string, Entry>();
  eachEntry(before, (entry) => old.set(entry.key, entry));
  eachEntry(after, (entry) => {
    const was = old.get(entry.key);
    if (was === undefined)
      return report(walk, {
        key: entry.key,
        before: undefined,
        beforeSeq: -1,
        after: entry.record,
        afterSeq: entry.seq,
      });
    old.delete(entry.key);
    if (was !== entry)
      report(walk, {
        key: entry.key,
        before: was.record,
        beforeSeq: was.seq,
        after: entry.record,
        afterSeq: entry.seq,
      });
  });
  for (const was of old.values())
    report(walk, { key: was.key, before: was.record, beforeSeq: was.seq, after: undefined, afterSeq: -1 });
}

function report(walk: DiffWalk, change: RecordChange): void {
  if (walk.left-- <= 0) throw OVER_BUDGET;
  walk.visit(change);
}

function eachEntry(node: Node | undefined, visit: (entry: Entry) => void): void {
  if (node === undefined) return;
  if (node instanceof Leaf) {
    for (const entry of node.entries) visit(entry);
    return;
  }
  for (const child of node.children) eachEntry(child, visit);
}
