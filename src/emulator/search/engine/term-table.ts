import { grown, objectArray } from './arrays';
import { termHash } from './tokenize';

/**
 * The index's term dictionary: every term ever indexed by a dense id (never reused, so a query
 * can mark its terms in a typed array), found by its {@link termHash} in an open-addressing
 * table. Indexing looks a word up from its offsets in the text: its characters are compared
 * with the term's, kept back to back in typed arrays, so no string is sliced or read per known
 * word (two string reads per character were most of a lookup).
 *
 * ```
 * table:      [0, 3, 0, 1, 0, 0, 2, ...]     1 + term id per entry, 0 empty (hash & mask, then linear)
 * hashes:     [h0, h1, h2]                    per term id
 * chars:      a p p l e b a n d c a f e       every term's code units back to back
 * charStarts: [0, 5, 9, 13]                   term id's from charStarts[id] to charStarts[id + 1]
 * ```
 */
export class TermTable {
  private readonly terms: string[] = objectArray();
  private table = new Int32Array(4096);
  private hashes = new Int32Array(1024);
  private chars = new Uint16Array(8192);
  private charStarts = new Int32Array(1025);

  /** `added(termId)` runs once per new term, before its id is answered (owners grow their per-term arrays). */
  constructor(private readonly added: (termId: number) => void) {}

  /** Upper bound of term ids. */
  get size(): number {
    return this.terms.length;
  }

  /** The term of an id. */
  term(termId: number): string {
    return this.terms[termId];
  }

  /** The id of `term`, -1 when it never was indexed. */
  find(term: string, hash = termHash(term)): number {
    const { table, hashes, terms } = this;
    const mask = table.length - 1;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const entry = table[at];
      if (entry === 0) return -1;
      if (hashes[entry - 1] === hash && terms[entry - 1] === term) return entry - 1;
    }
  }

  /** The id of `term`, given one when it is new. */
  idOf(term: string): number {
    const hash = termHash(term);
    const termId = this.find(term, hash);
    return termId >= 0 ? termId : this.add(term, hash);
  }

  /**
   * The id of the term of ASCII word `text[start, end)`, whose characters lower-cased sit at the
   * same offsets of `lowered` (`hash`: its {@link termHash}), given one when it is new.
   */
  rangeId(text: string, start: number, end: number, hash: number, lowered: Uint8Array): number {
    const { table, hashes, chars, charStarts } = this;
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
    return this.add(term, hash);
  }

  private add(term: string, hash: number): number {
    const termId = this.terms.length;
    this.terms.push(term);
    if (termId >= this.hashes.length) this.hashes = grown(this.hashes, new Int32Array(this.hashes.length * 2));
    this.hashes[termId] = hash;
    this.appendChars(termId, term);
    if (2 * (termId + 1) > this.table.length) this.rehash(this.table.length * 2);
    else this.place(termId);
    this.added(termId);
    return termId;
  }

  /** Appends the code units of term `termId` (the newest) to {@link chars}. */
  private appendChars(termId: number, term: string): void {
    if (termId + 2 > this.charStarts.length)
      this.charStarts = grown(this.charStarts, new Int32Array(this.charStarts.length * 2));
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
}

/** Whether the `length` code units of `chars` from `from` are those of `lowered` from `start`. */
function sameChars(chars: Uint16Array, from: number, lowered: Uint8Array, start: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (chars[from + i] !== lowered[start + i]) return false;
  return true;
}
