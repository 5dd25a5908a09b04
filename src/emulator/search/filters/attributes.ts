/** One entry of `attributesForFaceting`, its modifiers read. */
export interface FacetAttribute {
  readonly name: string;
  /** `filterOnly(x)`: filterable, never counted in `facets`. */
  readonly filterOnly: boolean;
  /** `searchable(x)`: its values can be searched (search for facet values). */
  readonly searchable: boolean;
  /** `afterDistinct(x)`: counted after distinct, whatever `facetingAfterDistinct` says. */
  readonly afterDistinct: boolean;
}

const MODIFIER = /^(filterOnly|searchable|afterDistinct)\((.*)\)$/;

export function parseFacetAttribute(entry: string): FacetAttribute {
  let name = entry.trim();
  const flags = { filterOnly: false, searchable: false, afterDistinct: false };
  for (let match = MODIFIER.exec(name); match; match = MODIFIER.exec(name)) {
    flags[match[1] as keyof typeof flags] = true;
    name = match[2].trim();
  }
  return { name, ...flags };
}

/** `attributesForFaceting` (legacy settings may still be a missing or null list). */
export function facetAttributes(settings: Readonly<Record<string, unknown>>): FacetAttribute[] {
  const list = settings.attributesForFaceting;
  if (!Array.isArray(list)) return [];
  return list.filter((entry): entry is string => typeof entry === 'string').map(parseFacetAttribute);
}

/** Which numeric comparisons an attribute accepts, from `numericAttributesForFiltering`. */
export type NumericAccess = 'all' | 'equalOnly' | 'none';

/**
 * Reads `numericAttributesForFiltering` (formerly `numericAttributesToIndex`): unset or
 * empty means every numeric attribute; otherwise only the listed ones, `equalOnly(x)`
 * limiting `x` to `=` and `!=`.
 */
export function numericAccess(settings: Readonly<Record<string, unknown>>): (attribute: string) => NumericAccess {
  const list = settings.numericAttributesForFiltering ?? settings.numericAttributesToIndex;
  if (!Array.isArray(list) || list.length === 0) return () => 'all';
  const access = new Map<string, NumericAccess>();
  for (const entry of list) {
    if (typeof entry !== 'string') continue;
    const equalOnly = /^equalOnly\((.*)\)$/.exec(entry.trim());
    if (equalOnly) access.set(equalOnly[1].trim(), 'equalOnly');
    else access.set(entry.trim(), 'all');
  }
  return (attribute) => access.get(attribute) ?? 'none';
}
