import type { QueryOptions } from './options';

/** How one indexed path takes part in a query. */
export interface AttributeRule {
  /** Priority (0 = first searchable attribute); -1 when not searchable for this query. */
  readonly index: number;
  readonly unordered: boolean;
  readonly name: string;
  readonly noTypo: boolean;
  readonly noPrefix: boolean;
  readonly noExact: boolean;
}

interface Entry {
  readonly names: string[];
  readonly unordered: boolean;
  readonly index: number;
}

const NOT_SEARCHABLE: AttributeRule = {
  index: -1,
  unordered: true,
  name: '',
  noTypo: false,
  noPrefix: false,
  noExact: false,
};

/** Parses `searchableAttributes`: ordered, `unordered(x)`, and `"a,b"` sharing one priority. */
export function searchableEntries(list: readonly string[]): Entry[] {
  return list.map((raw, index) => {
    let text = raw.trim();
    let unordered = false;
    const wrapped = /^unordered\((.*)\)$/.exec(text);
    if (wrapped) {
      unordered = true;
      text = wrapped[1];
    }
    const names = text.split(',').map((part) => {
      const inner = /^unordered\((.*)\)$/.exec(part.trim());
      if (inner) unordered = true;
      return (inner ? inner[1] : part).trim();
    });
    return { names, unordered, index };
  });
}

/** Whether `path` is the attribute `name` or nested under it. */
export const under = (path: string, name: string) => path === name || path.startsWith(`${name}.`);

/**
 * One rule per indexed path, computed once per query. When `searchableAttributes` is unset
 * every attribute is searchable and the attribute criterion is off (all at priority 0, unordered).
 */
export function attributeRules(paths: readonly string[], options: QueryOptions): readonly AttributeRule[] {
  // Queries mostly repeat their index's settings: the last rules per path list are kept (paths only
  // grow), found by the settings' own arrays, else by their JSON.
  const inputs = [
    options.searchableAttributes,
    options.restrictSearchableAttributes,
    options.disableTypoToleranceOnAttributes,
    options.disablePrefixOnAttributes,
    options.disableExactOnAttributes,
  ];
  const known = lastRules.get(paths);
  if (known && known.rules.length === paths.length) {
    if (inputs.every((input, i) => input === known.inputs[i])) return known.rules;
    const key = JSON.stringify(inputs);
    if (key === known.key) {
      lastRules.set(paths, { inputs, key, rules: known.rules });
      return known.rules;
    }
  }
  const rules = rulesOf(paths, options);
  lastRules.set(paths, { inputs, key: JSON.stringify(inputs), rules });
  return rules;
}

const lastRules = new WeakMap<
  readonly string[],
  { readonly inputs: readonly unknown[]; readonly key: string; readonly rules: readonly AttributeRule[] }
>();

function rulesOf(paths: readonly string[], options: QueryOptions): AttributeRule[] {
  const entries =
    options.searchableAttributes && options.searchableAttributes.length > 0
      ? searchableEntries(options.searchableAttributes)
      : null;
  const restrict = options.restrictSearchableAttributes;
  const flags = (path: string) => ({
    noTypo: options.disableTypoToleranceOnAttributes.some((name) => under(path, name)),
    noPrefix: options.disablePrefixOnAttributes.some((name) => under(path, name)),
    noExact: options.disableExactOnAttributes.some((name) => under(path, name)),
  });
  return paths.map((path) => {
    if (!entries) {
      if (restrict && restrict.length > 0 && !restrict.some((name) => under(path, name))) return NOT_SEARCHABLE;
      return { index: 0, unordered: true, name: path.split('.')[0], ...flags(path) };
    }
    for (const entry of entries) {
      const name = entry.names.find((n) => under(path, n));
      if (name === undefined) continue;
      if (restrict && restrict.length > 0 && !restrict.some((r) => entry.names.includes(r) || under(path, r)))
        return NOT_SEARCHABLE;
      return { index: entry.index, unordered: entry.unordered, name, ...flags(path) };
    }
    return NOT_SEARCHABLE;
  });
}

/** Whether the attribute criterion means anything (searchableAttributes set). */
export const attributeCriterionOn = (options: QueryOptions) =>
  !!options.searchableAttributes && options.searchableAttributes.length > 0;
