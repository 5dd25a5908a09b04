import type { AttributeRule } from './attributes';
import { readPath } from './fields';
import { codePath, codePosition, MAX_CODE_POSITION } from './flat-postings';
import type { InvertedIndex } from './inverted-index';
import type { WordPlan } from './match';
import type { SearchRecord } from '../../state';

/** The ranking figures of a doc holding several query words (what `evaluate` computes). */
export interface Figures {
  typos: number;
  words: number;
  proximity: number;
  first: number;
  exact: number;
}

/** One alternative of a query word, as a doc's codes are read: its rules per path. */
interface Reader {
  readonly word: number;
  readonly typos: number;
  /** Per path id: -1 when the alternative does not count there, else the attribute criterion's base. */
  readonly base: Int32Array;
  /** Per path id: 1 when the position counts for the attribute criterion (ordered attribute). */
  readonly ordered: Uint8Array;
  /** Per path id: 1 when a match there is exact. */
  readonly exactHere: Uint8Array;
}

const MAX_PROXIMITY = 8;
/** `evaluate` compares the first 64 occurrences of each word; past that, it decides. */
const MAX_OCCURRENCES = 64;

/**
 * A doc's occurrences of the query's alternatives, as the scan met them: chained from a head
 * through `next` (-1 ends), each with its code and its reader (the alternative, numbered as
 * {@link CodeFigures} numbers them: words in query order, excluded ones left out, then each
 * word's alternatives found in the index, in plan order).
 */
export interface ChainedOccurrences {
  readonly codes: Int32Array;
  readonly readers: Int32Array;
  readonly next: Int32Array;
}

/**
 * Computes a multi-word doc's figures from its occurrences' codes, as the scan chained them,
 * without the doc's own term lists. Codes name a path, not an array element, so this answers
 * only when every path involved holds one string in the doc (known for paths no record holds
 * several strings under; otherwise the record is read); otherwise, or past the capped
 * positions, it answers false and the doc goes through `evaluate`. A fast-check property checks
 * the figures against `evaluate`.
 */
export class CodeFigures {
  private readonly readers: Reader[] = [];
  /** Per query word, while a doc is read: its occurrences (path * 1024 + position, {@link MAX_OCCURRENCES} slots per word), how many, best typos, exactness. */
  private readonly occurrences: Int32Array;
  private readonly counts: Int32Array;
  private readonly typos: Int32Array;
  private readonly exact: Uint8Array;
  /** Active words in query order. */
  private readonly active: number[] = [];
  /** Paths of the doc being read known to hold one string. */
  private readonly checked: number[] = [];

  constructor(
    private readonly index: InvertedIndex,
    plans: readonly WordPlan[],
    rules: readonly AttributeRule[],
    attributeOn: boolean,
    private readonly minProximity: number,
  ) {
    plans.forEach((plan, word) => {
      if (plan.word.excluded) return;
      for (const [term, alt] of plan.alts) {
        const termId = index.termId(term);
        if (termId < 0) continue;
        const base = new Int32Array(rules.length);
        const ordered = new Uint8Array(rules.length);
        const exactHere = new Uint8Array(rules.length);
        rules.forEach((rule, p) => {
          const counts = rule.index >= 0 && !(alt.typos > 0 && rule.noTypo) && !(alt.prefixOnly && rule.noPrefix);
          base[p] = !counts ? -1 : attributeOn ? rule.index * 1000 : 0;
          ordered[p] = attributeOn && !rule.unordered ? 1 : 0;
          exactHere[p] = alt.exact && !rule.noExact ? 1 : 0;
        });
        this.readers.push({ word, typos: alt.typos, base, ordered, exactHere });
      }
    });
    this.occurrences = new Int32Array(plans.length * MAX_OCCURRENCES);
    this.counts = new Int32Array(plans.length);
    this.typos = new Int32Array(plans.length);
    this.exact = new Uint8Array(plans.length);
    plans.forEach((plan, i) => {
      if (!plan.word.excluded) this.active.push(i);
    });
  }

  /** Fills `out` with the figures of `doc` (which holds every required word), from its occurrences chained from `head`; false when its codes cannot tell. */
  figures(doc: number, head: number, chain: ChainedOccurrences, out: Figures): boolean {
    const { occurrences, counts, typos, exact, active } = this;
    for (const i of active) {
      counts[i] = 0;
      typos[i] = NO_TYPOS;
      exact[i] = 0;
    }
    let first = Infinity;
    let record: SearchRecord | undefined;
    const checked = this.checked;
    checked.length = 0;
    const { codes, readers, next } = chain;
    for (let at = head; at >= 0; at = next[at]) {
      const reader = this.readers[readers[at]];
      const code = codes[at];
      const path = codePath(code);
      const from = reader.base[path];
      if (from < 0) continue;
      const position = codePosition(code);
      // Capped positions: distances cannot be told.
      if (position >= MAX_CODE_POSITION) return false;
      // One string under the path, so the path stands for the string (read once per path where some record holds several).
      if (!this.index.oneStringAt(path) && !checked.includes(path)) {
        record ??= this.index.recordAt(doc);
        if (!record || !singleString(readPath(record, this.index.paths[path]))) return false;
        checked.push(path);
      }
      const word = reader.word;
      const count = counts[word];
      if (count === MAX_OCCURRENCES) return false;
      occurrences[word * MAX_OCCURRENCES + count] = path * 1024 + position;
      counts[word] = count + 1;
      if (reader.typos < typos[word]) typos[word] = reader.typos;
      if (reader.exactHere[path] === 1) exact[word] = 1;
      const value = reader.ordered[path] === 1 ? from + position : from;
      if (value < first) first = value;
    }
    let words = 0;
    let typoCount = 0;
    let exactWords = 0;
    let proximity = 0;
    let previous = -1;
    for (const i of active) {
      if (counts[i] === 0) continue;
      words++;
      typoCount += typos[i];
      exactWords += exact[i];
      if (previous >= 0)
        proximity += pairDistance(occurrences, previous, counts[previous], i, counts[i], this.minProximity);
      previous = i;
    }
    out.typos = typoCount;
    out.words = words;
    out.proximity = proximity;
    out.first = first === Infinity ? 0 : first;
    out.exact = exactWords;
    return true;
  }
}

/** Above any typo count (a word's best typos start here). */
const NO_TYPOS = 1 << 30;

const singleString = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** As `evaluate` measures two consecutive words (their occurrences in `occurrences` by word): positions apart in one string (one more reversed), capped, floored. */
function pairDistance(
  occurrences: Int32Array,
  left: number,
  leftCount: number,
  right: number,
  rightCount: number,
  minProximity: number,
): number {
  let best = MAX_PROXIMITY;
  const leftFrom = left * MAX_OCCURRENCES;
  const rightFrom = right * MAX_OCCURRENCES;
  for (let a = leftFrom; a < leftFrom + leftCount; a++) {
    const x = occurrences[a];
    for (let b = rightFrom; b < rightFrom + rightCount; b++) {
      const y = occurrences[b];
      if (x >>> 10 !== y >>> 10) continue;
      const px = x & 1023;
      const py = y & 1023;
      const distance = py > px ? py - px : px - py + 1;
      if (distance < best) best = distance;
    }
  }
  return Math.max(Math.min(best, MAX_PROXIMITY), minProximity);
}
