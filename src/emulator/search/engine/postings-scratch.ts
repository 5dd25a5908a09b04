/**
 * The postings scan's state: one {@link ScanScratch}, reused by every query of the process (a
 * scan runs start to end synchronously, so one is enough), whose arrays only grow. Every scan
 * phase (`scan-one-word.ts`, `scan-words.ts`, `postings-match.ts`) reads and writes it here, so
 * this file is the one place to look for what a scan keeps between its steps.
 */
import type { AttributeRule } from './attributes';
import { takeBuffer } from './buffers';
import type { Alternative } from './match';
import { seekDoc } from './group-docs';

/**
 * A scan's slots (docs in the order they entered, which for the first word is ascending doc id),
 * in one buffer whose first columns become the answer's: the doc, its best typo count, its first
 * matched word and exactness as the scan files them, words, proximity and filter score written
 * when the answer is made; then the mask of query words it holds and the head of its chained
 * occurrences. Answers compact the slots in place, so a one-word query's slots are its answer as
 * they are.
 */
export interface Slots {
  readonly buffer: ArrayBuffer;
  readonly ids: Int32Array;
  readonly typos: Int32Array;
  readonly words: Int32Array;
  readonly proximity: Int32Array;
  readonly first: Int32Array;
  readonly exact: Int32Array;
  readonly filters: Float64Array;
  readonly masks: Int32Array;
  readonly head: Int32Array;
}

/** Room for `capacity` slots (the answer's seven columns, 32 bytes, then masks and heads). */
function slotsFor(capacity: number): Slots {
  const c = Math.max(capacity, 1);
  const buffer = takeBuffer(c * 40);
  return {
    buffer,
    ids: new Int32Array(buffer, 0, c),
    typos: new Int32Array(buffer, c * 4, c),
    words: new Int32Array(buffer, c * 8, c),
    proximity: new Int32Array(buffer, c * 12, c),
    first: new Int32Array(buffer, c * 16, c),
    exact: new Int32Array(buffer, c * 20, c),
    filters: new Float64Array(buffer, c * 24, c),
    masks: new Int32Array(buffer, c * 32, c),
    head: new Int32Array(buffer, c * 36, c),
  };
}

/** Bitmasks hold one bit per query word. */
export const MAX_WORDS = 30;
/** A slot's mask bit: entered by a join, split or phrase alternative (always evaluated). */
export const GROUP = 1 << MAX_WORDS;
/** Above any figure: a slot's typos and first matched word before an occurrence sets them. */
export const NONE = 0x7fffffff;
/** A scanned doc not entered yet, which enters on its first occurrence that counts. */
export const PENDING = -2;

/** How a doc's exactness counts (see `exactOnSingleWordQuery`). */
export const EXACT_ANY = 0;
export const EXACT_NEVER = 1;
export const EXACT_WHOLE = 2;

/**
 * Up to this many admitting alternatives, a doc's slot is found in the runs of slots they filled
 * (see {@link ScanScratch.slotInRuns}) instead of {@link ScanScratch.slotOfDoc}: one write to
 * slotOfDoc per doc entered, at addresses scattered over a table of every doc, cost more than
 * finding the few docs looked up again.
 */
export const RUNS_SEARCHED = 6;

/** Queries of several words: each slot's occurrences, chained (newest first) from its head. */
export interface Chain {
  codes: Int32Array;
  readers: Int32Array;
  next: Int32Array;
}

export class ScanScratch {
  /**
   * Per doc id, a bit saying whether the doc entered this round (the bitmap stays in cache where
   * an array per doc would not: docs come in no memory order), and its slot, written when it
   * enters and read back only when another term meets it again (unless slots are found by runs).
   */
  seen = new Int32Array(0);
  slotOfDoc = new Int32Array(0);
  /** Per doc id, a bit: counted unlisted this round (`countUnlisted`); all clear between rounds. */
  counted = new Int32Array(0);
  /** Whether bits may be left in {@link seen} (a query that threw before clearing them). */
  private dirty = false;
  slots: Slots = slotsFor(0);
  /** Slots given this round. */
  entered = 0;
  /** Each slot's occurrences as the scan files them (queries of several words), so code figures read a doc's occurrences without searching the postings. */
  readonly chain: Chain = { codes: new Int32Array(4096), readers: new Int32Array(4096), next: new Int32Array(4096) };
  chained = 0;
  /** Docs the postings cannot settle, gathered while the settled ones are compacted. */
  unsettled = new Int32Array(256);
  /**
   * When slots are found by runs: alternative r's slots are `runStarts[r]` to `runStarts[r + 1]`
   * (doc ids ascending: its postings' order), for the `runCount` runs filled so far; each run's
   * cursor is where the last search in it stopped. -1 runs: slots are found by slotOfDoc.
   */
  readonly runStarts = new Int32Array(RUNS_SEARCHED + 1);
  readonly runCursors = new Int32Array(RUNS_SEARCHED);
  runCount = -1;
  /**
   * The attribute rules as the alternative being read meets them, per path id, so the scan reads
   * numbers only: the attribute criterion's base (-1: no match counts there), whether the
   * position counts (ordered attribute), and 0 when a match there is not exact (or exactness
   * never counts), 1 when it is, 2 when it is if the whole string is the word.
   */
  base = new Int32Array(16);
  ordered = new Uint8Array(16);
  exactHere = new Uint8Array(16);

  /** Ready for a scan over `docCount` doc ids of at most `capacity` slots. */
  start(docCount: number, capacity: number): void {
    if (this.slotOfDoc.length < docCount) {
      const size = Math.max(docCount, this.slotOfDoc.length * 2);
      this.seen = new Int32Array((size >>> 5) + 1);
      this.counted = new Int32Array((size >>> 5) + 1);
      this.slotOfDoc = new Int32Array(size);
      this.dirty = false;
    } else if (this.dirty) {
      this.seen.fill(0);
      this.counted.fill(0);
    }
    this.chained = 0;
    this.slots = slotsFor(Math.min(capacity, docCount));
    this.entered = 0;
    this.dirty = true;
  }

  /** Gives doc `doc` the next slot of this round; answers the slot. */
  enter(doc: number): number {
    const slot = this.entered++;
    const { ids, masks, typos, first, exact, head } = this.slots;
    this.seen[doc >>> 5] |= 1 << (doc & 31);
    if (this.runCount < 0) this.slotOfDoc[doc] = slot;
    ids[slot] = doc;
    masks[slot] = 0;
    typos[slot] = NONE;
    first[slot] = NONE;
    exact[slot] = 0;
    head[slot] = -1;
    return slot;
  }

  /** Whether doc `doc` entered this round. */
  holds(doc: number): boolean {
    return (this.seen[doc >>> 5] & (1 << (doc & 31))) !== 0;
  }

  /** Clears this round's bits once the scan is done: a few thousand words, or the docs it entered when fewer. */
  finish(unlisted: boolean): void {
    if (unlisted) this.counted.fill(0);
    const { ids } = this.slots;
    const seen = this.seen;
    if (this.entered * 4 < seen.length) for (let slot = 0; slot < this.entered; slot++) seen[ids[slot] >>> 5] = 0;
    else seen.fill(0);
    this.dirty = false;
  }

  /** Chains an occurrence (its code, the alternative that met it) to slot `slot`'s. */
  chainOccurrence(slot: number, code: number, reader: number): void {
    const chain = this.chain;
    if (this.chained === chain.codes.length) {
      chain.codes = doubled(chain.codes);
      chain.readers = doubled(chain.readers);
      chain.next = doubled(chain.next);
    }
    const at = this.chained++;
    chain.codes[at] = code;
    chain.readers[at] = reader;
    chain.next[at] = this.slots.head[slot];
    this.slots.head[slot] = at;
  }

  /**
   * Before an alternative's occurrences are read (doc ids ascending): its lookups start at each
   * run's beginning; an admitting one's new slots start a run after the others.
   */
  startLookups(admits: boolean): void {
    if (admits) this.runStarts[this.runCount] = this.entered;
    for (let r = 0; r < this.runCount; r++) this.runCursors[r] = this.runStarts[r];
  }

  /** An admitting alternative's occurrences are read: its slots are a run. */
  endRun(): void {
    this.runCount++;
    this.runStarts[this.runCount] = this.entered;
  }

  /**
   * The slot of `doc`, whose bit says a finished run holds it: each run is searched forward from
   * its cursor (an alternative asks for its docs in ascending order), by galloping.
   */
  slotInRuns(doc: number): number {
    const ids = this.slots.ids;
    const { runStarts, runCursors } = this;
    for (let r = 0; r < this.runCount; r++) {
      const end = runStarts[r + 1];
      const at = seekDoc(ids, doc, runCursors[r], end);
      runCursors[r] = at;
      if (at < end && ids[at] === doc) return at;
    }
    throw new Error(`doc ${doc} is marked as entered but no run of slots holds it`);
  }

  /** The slot of an entered doc, by runs or by table. */
  slotOf(doc: number): number {
    return this.runCount >= 0 ? this.slotInRuns(doc) : this.slotOfDoc[doc];
  }

  /** Sets the per-path rules of alternative `alt` (see {@link base}). */
  rulesFor(alt: Alternative, rules: readonly AttributeRule[], attributeOn: boolean, exactValue: number): void {
    if (this.base.length < rules.length) {
      this.base = new Int32Array(rules.length * 2);
      this.ordered = new Uint8Array(rules.length * 2);
      this.exactHere = new Uint8Array(rules.length * 2);
    }
    const { base, ordered, exactHere } = this;
    for (let p = 0; p < rules.length; p++) {
      const rule = rules[p];
      const counts = rule.index >= 0 && !(alt.typos > 0 && rule.noTypo) && !(alt.prefixOnly && rule.noPrefix);
      base[p] = !counts ? -1 : attributeOn ? rule.index * 1000 : 0;
      ordered[p] = attributeOn && !rule.unordered ? 1 : 0;
      exactHere[p] = alt.exact && !rule.noExact ? exactValue : 0;
    }
  }
}

/** The one scratch every scan uses. */
export const scratch = new ScanScratch();

function doubled(list: Int32Array): Int32Array {
  const out = new Int32Array(list.length * 2);
  out.set(list);
  return out;
}
