import { lowerBound, prefixEnd, type Vocabulary } from './vocabulary';

/** A vocabulary term close enough to a query word. */
export interface FuzzyMatch {
  readonly term: string;
  /** Damerau–Levenshtein (optimal string alignment) distance (in prefix mode, of the closer reading). */
  readonly distance: number;
  /** The distance of the whole term to the word (above the budget for a term matched only as a prefix; any value above the budget only says so). */
  readonly whole: number;
}

/**
 * {@link fuzzyTerms} over both lists of a vocabulary, in sorted order. Each character of the word
 * that is not a digit costs an edit against an all-digit term, so with more of them than `max`
 * the numbers cannot match and are not walked.
 */
export function fuzzyVocabulary(
  vocabulary: Vocabulary,
  word: string,
  max: number,
  prefix: boolean,
): readonly FuzzyMatch[] {
  const words = remembered(vocabulary.wordTerms(), word, max, prefix);
  if (nonDigits(word) > Math.max(max, 0)) return words;
  const numbers = remembered(vocabulary.numberTerms(), word, max, prefix);
  if (numbers.length === 0) return words;
  if (words.length === 0) return numbers;
  const out: FuzzyMatch[] = [];
  let i = 0;
  let j = 0;
  while (i < words.length || j < numbers.length) {
    out.push(j >= numbers.length || (i < words.length && words[i].term < numbers[j].term) ? words[i++] : numbers[j++]);
  }
  return out;
}

/** Walks remembered per term list: a list is replaced (never changed) when terms are added. */
const walks = new WeakMap<readonly string[], Map<string, readonly FuzzyMatch[]>>();
/** Distinct walks kept per list before the memo starts over. */
const WALK_MEMO_SIZE = 4096;

/**
 * {@link fuzzyTerms}, remembered for the same term list: the same word typed again (keystrokes,
 * repeated queries) skips the walk. Answers are frozen, shared by every caller.
 */
function remembered(terms: readonly string[], word: string, max: number, prefix: boolean): readonly FuzzyMatch[] {
  let memo = walks.get(terms);
  if (!memo) {
    memo = new Map();
    walks.set(terms, memo);
  }
  const key = `${max}${prefix ? '*' : '='}${word}`;
  let found = memo.get(key);
  if (!found) {
    if (memo.size >= WALK_MEMO_SIZE) memo.clear();
    found = Object.freeze(fuzzyTerms(terms, word, max, prefix));
    memo.set(key, found);
  }
  return found;
}

function nonDigits(word: string): number {
  let count = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c < 48 || c > 57) count++;
  }
  return count;
}

/**
 * Terms of a sorted vocabulary within `max` edits of `word` (or, with `prefix`, whose
 * prefix of the word's length is: a prefix with a typo matches the same number of letters). Walks the sorted array like a trie: DP rows are shared between terms with a
 * common prefix, and a whole prefix range is skipped once no extension can stay within `max`.
 * Only the band of cells within `max` of the diagonal is computed (a cell farther away is
 * more than `max` edits), so a `whole` distance above `max` only says it is above `max`.
 */
export function fuzzyTerms(terms: readonly string[], word: string, max: number, prefix: boolean): FuzzyMatch[] {
  if (max <= 0) return exactTerms(terms, word, prefix);
  const m = word.length;
  const far = max + 1;
  const { shared, below } = sharedPrefixes(terms);
  const chars = new Int32Array(m + 1);
  for (let j = 1; j <= m; j++) chars[j] = word.charCodeAt(j - 1);
  const rows: Int32Array[] = [Int32Array.from({ length: m + 2 }, (_, j) => j)];
  // best[d]: distance of the word to the term's first m letters, once d >= m (prefix mode).
  const best: number[] = [m === 0 ? 0 : Infinity];
  const out: FuzzyMatch[] = [];
  // Rows 1..valid hold the DP of the previous term's first letters; `common` letters of it start the current term.
  let valid = 0;
  let common = 0;
  let i = 0;
  while (i < terms.length) {
    const term = terms[i];
    let depth = Math.min(common, valid);
    let pruned = -1;
    while (depth < term.length) {
      depth++;
      const row = (rows[depth] ??= new Int32Array(m + 2));
      const above = rows[depth - 1];
      const twoAbove = depth > 1 ? rows[depth - 2] : above;
      const char = term.charCodeAt(depth - 1);
      const before = depth > 1 ? term.charCodeAt(depth - 2) : -1;
      const lo = depth - max > 1 ? depth - max : 1;
      const hi = depth + max < m ? depth + max : m;
      row[0] = depth;
      // Just outside the band: read by this row and the next ones as "too far".
      if (lo > 1) row[lo - 1] = far;
      row[hi + 1] = far;
      let rowMin = depth;
      for (let j = lo; j <= hi; j++) {
        const q = chars[j];
        let value = above[j - 1] + (q === char ? 0 : 1);
        if (above[j] + 1 < value) value = above[j] + 1;
        if (row[j - 1] + 1 < value) value = row[j - 1] + 1;
        if (j > 1 && q === before && chars[j - 1] === char && twoAbove[j - 2] + 1 < value) value = twoAbove[j - 2] + 1;
        row[j] = value;
        if (value < rowMin) rowMin = value;
      }
      best[depth] = depth === m ? row[m] : best[depth - 1];
      if (rowMin > max && !(prefix && depth >= m && best[depth] <= max)) {
        pruned = depth;
        break;
      }
    }
    if (pruned >= 0) {
      // Every following term sharing the first `pruned` letters is as far: skipped. The first one
      // left shares fewer with this term, exactly its shared prefix with its predecessor.
      valid = pruned - 1;
      i++;
      while (i < terms.length && shared[i] >= pruned) i = below[i];
      common = i < terms.length ? shared[i] : 0;
      continue;
    }
    valid = term.length;
    const whole = term.length - m > max || m - term.length > max ? far : rows[term.length][m];
    const distance = prefix && term.length >= m ? Math.min(best[term.length], whole) : whole;
    if (distance <= max) out.push({ term, distance, whole });
    i++;
    common = i < terms.length ? shared[i] : 0;
  }
  return out;
}

/**
 * Per term of a sorted list: how many leading letters it shares with the term before it (0 for
 * the first; capped, which only makes the walk recompute rows it could have kept), and the next
 * term sharing fewer (`below`; the terms between share at least as many, so a walk skipping the
 * terms that share `k` letters jumps along `below` instead of stepping or comparing strings).
 */
interface SharedPrefixes {
  readonly shared: Uint16Array;
  readonly below: Int32Array;
}

/** Per term list (a list is replaced, never changed, when terms are added). */
const prefixMemo = new WeakMap<readonly string[], SharedPrefixes>();

function sharedPrefixes(terms: readonly string[]): SharedPrefixes {
  let found = prefixMemo.get(terms);
  if (!found) {
    const n = terms.length;
    const shared = new Uint16Array(n);
    for (let i = 1; i < n; i++) shared[i] = Math.min(commonPrefix(terms[i - 1], terms[i]), 0xffff);
    // Next smaller value, right to left with a stack of candidates.
    const below = new Int32Array(n);
    const stack = new Int32Array(n);
    let top = 0;
    for (let i = n - 1; i >= 0; i--) {
      while (top > 0 && shared[stack[top - 1]] >= shared[i]) top--;
      below[i] = top > 0 ? stack[top - 1] : n;
      stack[top++] = i;
    }
    found = { shared, below };
    prefixMemo.set(terms, found);
  }
  return found;
}

function exactTerms(terms: readonly string[], word: string, prefix: boolean): FuzzyMatch[] {
  const from = lowerBound(terms, word);
  if (!prefix) return terms[from] === word ? [{ term: word, distance: 0, whole: 0 }] : [];
  const to = prefixEnd(terms, word, from);
  const out: FuzzyMatch[] = [];
  // A term extending the word is as many edits away as it has extra letters.
  for (let i = from; i < to; i++) out.push({ term: terms[i], distance: 0, whole: terms[i].length - word.length });
  return out;
}

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** The typo count the service reports: a wrong first letter costs one more. */
export function reportedTypos(word: string, term: string, distance: number): number {
  if (distance === 0) return 0;
  return word[0] !== term[0] ? distance + 1 : distance;
}

/** How many typos a query word of this length may carry. */
export function allowedTypos(length: number, minFor1: number, minFor2: number): number {
  if (length >= minFor2) return 2;
  if (length >= minFor1) return 1;
  return 0;
}

/** Plain OSA distance, for tests and for checking a single pair. */
export function damerauLevenshtein(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
