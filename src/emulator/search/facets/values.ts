import { facetString, valuesAt } from '../filters/values';

/** The distinct facet values a record holds for an attribute (arrays give one value each). */
export function facetValuesOf(record: Readonly<Record<string, unknown>>, attribute: string): Set<string> {
  const out = new Set<string>();
  for (const value of valuesAt(record, attribute)) {
    const text = facetString(value);
    if (text !== undefined) out.add(text);
  }
  return out;
}

/** The distinct numbers a record holds for an attribute, for `facets_stats`. */
export function facetNumbersOf(record: Readonly<Record<string, unknown>>, attribute: string): Set<number> {
  const out = new Set<number>();
  for (const value of valuesAt(record, attribute))
    if (typeof value === 'number' && Number.isFinite(value)) out.add(value);
  return out;
}

/** Count order: most frequent first, then alphabetical; or alphabetical only. */
export function compareFacetValues(order: 'count' | 'alpha') {
  const alpha = (a: string, b: string) => {
    const la = a.toLowerCase();
    const lb = b.toLowerCase();
    return la < lb ? -1 : la > lb ? 1 : a < b ? -1 : a > b ? 1 : 0;
  };
  return ([a, ca]: readonly [string, number], [b, cb]: readonly [string, number]) =>
    order === 'alpha' ? alpha(a, b) : cb - ca || alpha(a, b);
}
