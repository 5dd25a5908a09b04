/**
 * The pieces the recorded searches are stored with (see `search-log.ts`): numeric columns in
 * typed arrays, strings interned as numeric IDs, query IDs packed as four 32-bit words. On the
 * default fixed clock no search ever leaves the conversion window, so every raw search stays: a
 * search costs a row of numbers, not an object graph.
 */

/** Rows per chunk of a column past the first; the first grows to this from a few rows. */
const CHUNK_BITS = 12;
const CHUNK = 1 << CHUNK_BITS;
const IN_CHUNK = CHUNK - 1;
const FIRST_CHUNK = 16;

type TypedArray = Int32Array | Uint32Array | Float64Array | Uint8Array;

/**
 * A column of numbers by row in fixed-size chunks: appending never copies what is written (past
 * the first chunk, which starts small so an emulator with a few searches holds a few rows), and
 * the memory held is the rows written, give or take one chunk.
 */
export class Column<A extends TypedArray> {
  private readonly chunks: A[] = [];

  constructor(private readonly make: (length: number) => A) {}

  get(row: number): number {
    return this.chunks[row >>> CHUNK_BITS][row & IN_CHUNK];
  }

  set(row: number, value: number): void {
    const c = row >>> CHUNK_BITS;
    let chunk = this.chunks[c];
    const at = row & IN_CHUNK;
    if (chunk === undefined || at >= chunk.length) {
      const length = c > 0 ? CHUNK : Math.min(CHUNK, Math.max(FIRST_CHUNK, 2 ** Math.ceil(Math.log2(at + 1))));
      const grown = this.make(length);
      if (chunk !== undefined) grown.set(chunk as never);
      this.chunks[c] = chunk = grown;
    }
    chunk[at] = value;
  }
}

export const int32Column = () => new Column((n) => new Int32Array(n));
export const uint32Column = () => new Column((n) => new Uint32Array(n));
export const float64Column = () => new Column((n) => new Float64Array(n));
export const uint8Column = () => new Column((n) => new Uint8Array(n));

/** Values by numeric ID, each key once; IDs never change, so stores sharing an interner agree. */
export class Interner<T> {
  private readonly ids = new Map<string, number>();
  private readonly values: T[] = [];

  /** The ID of `key`, `value` stored under it when new. */
  intern(key: string, value: T): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(key, id);
      this.values.push(value);
    }
    return id;
  }

  /** The ID of `key` if it was interned, else -1 (a lookup never adds). */
  idOf(key: string): number {
    return this.ids.get(key) ?? -1;
  }

  value(id: number): T {
    return this.values[id];
  }
}

/** Interns strings as themselves. */
export class StringInterner extends Interner<string> {
  id(value: string): number {
    return this.intern(value, value);
  }
}

/**
 * Query IDs (32 lowercase hex digits, as the engine makes them) as four words of a
 * `Uint32Array` at `4 × row`; any other text is kept as it is, beside.
 */
export class QueryIdColumn {
  private readonly words = uint32Column();
  /** Row -> a query ID that is not 32 lowercase hex digits (never made by the engine; kept exact). */
  private readonly texts = new Map<number, string>();
  /** Per row: 1 a packed query ID, 2 a text, 0 none. */
  private readonly kinds = uint8Column();

  /** Files `queryID` at `row`; when it packs, its words are left in `packed` (see {@link packQueryID}). */
  set(row: number, queryID: string | undefined, packed: Uint32Array): void {
    if (queryID === undefined) {
      this.kinds.set(row, 0);
    } else if (packQueryID(queryID, packed)) {
      for (let w = 0; w < 4; w++) this.words.set(4 * row + w, packed[w]);
      this.kinds.set(row, 1);
    } else {
      this.texts.set(row, queryID);
      this.kinds.set(row, 2);
    }
  }

  get(row: number): string | undefined {
    const kind = this.kinds.get(row);
    if (kind === 0) return undefined;
    if (kind === 2) return this.texts.get(row);
    for (let w = 0; w < 4; w++) {
      const word = this.words.get(4 * row + w);
      for (let d = 0; d < 8; d++) digits[8 * w + d] = HEX[(word >>> (28 - 4 * d)) & 15];
    }
    // One flat string (a `+=` loop would keep a rope of pieces).
    return String.fromCharCode.apply(null, digits as unknown as number[]);
  }

  /** Whether `row` holds the packed query ID `packed` (compared without building the row's text). */
  holds(row: number, packed: Uint32Array): boolean {
    if (this.kinds.get(row) !== 1) return false;
    for (let w = 0; w < 4; w++) if (this.words.get(4 * row + w) !== packed[w]) return false;
    return true;
  }

  /** The first word of `row`'s packed query ID (a hash), or undefined when it has none packed. */
  firstWord(row: number): number | undefined {
    return this.kinds.get(row) === 1 ? this.words.get(4 * row) : undefined;
  }
}

/** Character codes of the hex digits, and of a query ID being written out. */
const HEX = Uint16Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
const digits = new Uint16Array(32);

/** Writes `queryID` into `words` as four words when it is 32 lowercase hex digits; false when it is not. */
export function packQueryID(queryID: string, words: Uint32Array): boolean {
  if (queryID.length !== 32) return false;
  for (let w = 0; w < 4; w++) {
    let word = 0;
    for (let i = 8 * w; i < 8 * w + 8; i++) {
      const c = queryID.charCodeAt(i);
      const digit = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1;
      if (digit < 0) return false;
      word = (word << 4) | digit;
    }
    words[w] = word;
  }
  return true;
}
