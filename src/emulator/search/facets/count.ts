import { eachBit } from '../engine/doc-bits';
import { AS_NUMBER, facetColumn } from '../engine/facet-column';
import type { InvertedIndex } from '../engine/inverted-index';
import { numberColumn, type NumberColumn } from '../engine/number-column';
import type { AttributeCounts, FacetCounter, NumberSummary } from './compute';

/** Matched doc ids of an index: the first `count` entries of a list, or every live doc. */
export interface MatchedDocs {
  readonly ids: Int32Array | 'all';
  readonly count: number;
}

/**
 * Counts facet values from the index's columns (see `FacetColumn`): per value id, the matched
 * docs holding it, summed over the matches' ids, or read as they are when every doc matched;
 * stats from the number column. No record is read. `distinct` gives the best match of each
 * distinct group, for the attributes counted after distinct.
 */
export function columnCounter(index: InvertedIndex, matched: MatchedDocs, distinct: () => MatchedDocs): FacetCounter {
  let heads: MatchedDocs | undefined;
  return (attribute, afterDistinct): AttributeCounts => {
    const docs = afterDistinct ? (heads ??= distinct()) : matched;
    const column = facetColumn(index, attribute.name);
    let counts: Int32Array;
    if (docs.ids === 'all') counts = column.counts;
    else {
      counts = new Int32Array(column.names.length);
      column.countInto(counts, docs.ids, docs.count);
    }
    const named: [string, number][] = [];
    for (let value = 0; value < column.names.length; value++)
      if (counts[value] > 0) named.push([column.names[value], counts[value]]);
    let numeric = false;
    for (let value = 0; value < column.names.length && !numeric; value++)
      numeric = (column.kinds[value] & AS_NUMBER) !== 0;
    return { counts: named, numbers: numeric ? summary(numberColumn(index, attribute.name), index, docs) : NO_NUMBERS };
  };
}

const NO_NUMBERS: NumberSummary = { count: 0, min: Infinity, max: -Infinity, sum: 0 };

/** Count, bounds and sum of the distinct numbers of each matched doc. */
function summary(column: NumberColumn, index: InvertedIndex, docs: MatchedDocs): NumberSummary {
  const out = { count: 0, min: Infinity, max: -Infinity, sum: 0 };
  const add = (doc: number) => {
    // -0 as 0, as the records' count keeps numbers in a Set.
    const value = column.values[doc] + 0;
    if (value === value) {
      out.count++;
      out.sum += value;
      // Math.min and max, not comparisons: they order -0 before 0, as the records' count does.
      out.min = Math.min(out.min, value);
      out.max = Math.max(out.max, value);
      return;
    }
    const several = column.several.get(doc);
    if (several === undefined) return;
    for (let i = 0; i < several.length; i++) {
      const n = several[i] + 0;
      // Each distinct number once (a doc's list is short).
      if (several.indexOf(n) !== i) continue;
      out.count++;
      out.sum += n;
      out.min = Math.min(out.min, n);
      out.max = Math.max(out.max, n);
    }
  };
  if (docs.ids !== 'all') {
    for (let k = 0; k < docs.count; k++) add(docs.ids[k]);
    return out;
  }
  eachBit(index.live, add);
  return out;
}
