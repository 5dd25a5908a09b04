import { numbersAt } from '../filters/values';
import { grown } from './arrays';
import { derivedFrom } from './derived';
import type { InvertedIndex } from './inverted-index';

/**
 * One attribute's numbers (`numericFilters`, `facets_stats`) as a column over the docs of an
 * inverted index: per doc id its one number, NaN when it holds none, or the numbers of a doc
 * holding several (arrays) apart. A numeric filter is then a pass over a typed array, not a walk
 * over records. It follows its index as {@link FacetColumn} does: new docs are read once, removed
 * ones are simply never asked for (readers go by the index's live docs).
 */
export class NumberColumn {
  /** Per doc id: its number; NaN when it holds none, or several (then in {@link several}). */
  values = new Float64Array(0);
  readonly several = new Map<number, Float64Array>();
  private docsRead = 0;

  constructor(
    private readonly index: InvertedIndex,
    readonly attribute: string,
  ) {}

  /** Whether some number of doc `doc` passes `test` (false for a doc with none). */
  some(doc: number, test: (value: number) => boolean): boolean {
    const value = this.values[doc];
    if (value === value) return test(value);
    const more = this.several.get(doc);
    if (more === undefined) return false;
    for (let i = 0; i < more.length; i++) if (test(more[i])) return true;
    return false;
  }

  /** Reads the docs added since the last call. */
  follow(): this {
    const index = this.index;
    const docCount = index.docCount;
    if (this.docsRead >= docCount) return this;
    if (this.values.length < docCount)
      this.values = grown(this.values, new Float64Array(Math.max(docCount, this.values.length * 2)));
    for (let doc = this.docsRead; doc < docCount; doc++) {
      this.values[doc] = NaN;
      const live = index.recordAt(doc);
      if (live === undefined) continue;
      const numbers = numbersAt(live, this.attribute);
      if (numbers.length === 1) this.values[doc] = numbers[0];
      else if (numbers.length > 1) this.several.set(doc, Float64Array.from(numbers));
    }
    this.docsRead = docCount;
    return this;
  }
}

/** The number column of `attribute` over `index`, made on first use and brought up to date. */
export function numberColumn(index: InvertedIndex, attribute: string): NumberColumn {
  return derivedFrom(index, 'numbers', attribute, () => new NumberColumn(index, attribute)).follow();
}
