/**
 * The sorted vocabulary of an index: every normalized term, for prefix and typo lookups, in two
 * lists: terms made only of ASCII digits (every record number, e.g. 100k prices, lands here) and
 * the others. A query word with more letters than its typo budget can never reach a number, so
 * the typo walk leaves that list alone.
 */
export class Vocabulary {
  private readonly words = new SortedTerms();
  private readonly numbers = new SortedTerms();

  add(term: string): void {
    (isDigits(term) ? this.numbers : this.words).add(term);
  }

  /** Terms holding a character other than an ASCII digit, sorted by UTF-16 code units. */
  wordTerms(): readonly string[] {
    return this.words.terms();
  }

  /** Terms made only of ASCII digits, sorted by UTF-16 code units. */
  numberTerms(): readonly string[] {
    return this.numbers.terms();
  }
}

/** Whether `term` is made only of ASCII digits (a loop: a regex per new term showed in large writes). */
export function isDigits(term: string): boolean {
  if (term.length === 0) return false;
  for (let i = 0; i < term.length; i++) {
    const code = term.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/**
 * A sorted term list. New terms are buffered and merged on the next read, so a write of a few
 * records does not re-sort the whole list.
 */
class SortedTerms {
  private sorted: string[] = [];
  private pending: string[] = [];

  add(term: string): void {
    this.pending.push(term);
  }

  terms(): readonly string[] {
    if (this.pending.length > 0) {
      const fresh = this.pending.sort();
      this.pending = [];
      this.sorted = merge(this.sorted, fresh);
    }
    return this.sorted;
  }
}

/** First index whose term is >= `key`. */
export function lowerBound(terms: readonly string[], key: string, from = 0, to = terms.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * First index at or after `from` whose term does not start with `prefix`, given that every term
 * from `from` on that does is contiguous (sorted). Gallops from `from`, so a short range costs a
 * few comparisons instead of a binary search over the whole array.
 */
export function prefixEnd(terms: readonly string[], prefix: string, from: number): number {
  const n = terms.length;
  if (from >= n || !terms[from].startsWith(prefix)) return from;
  let step = 1;
  while (from + step < n && terms[from + step].startsWith(prefix)) step *= 2;
  // terms[from + step / 2] starts with the prefix; the end lies in (from + step / 2, from + step].
  let lo = from + (step >> 1) + 1;
  let hi = Math.min(from + step, n);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid].startsWith(prefix)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function merge(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i] <= b[j]) ? a[i++] : b[j++];
    if (out.length === 0 || out[out.length - 1] !== next) out.push(next);
  }
  return out;
}
