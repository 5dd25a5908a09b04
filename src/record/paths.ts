/**
 * Dotted paths into JSON with wildcards, as normalizers name what they rewrite: `*` is one key
 * or array index, `**` any number of them (`**.taskID`, `hits.*._rankingInfo.userScore`). A dot
 * inside a key is written `\.`.
 */
export type PathPattern = readonly string[];

export function compilePath(pattern: string): PathPattern {
  if (pattern === '') throw new TypeError('search-emulator: an empty path names nothing');
  return pattern.split(/(?<!\\)\./).map((segment) => segment.replace(/\\\./g, '.'));
}

/** A place in a JSON value: the container and the key (or index) of what it holds there. */
export interface Place {
  readonly parent: Record<string, unknown> | unknown[];
  readonly key: string | number;
}

/** Every place in `root` that `pattern` names, outermost first; a place is listed once. */
export function placesOf(root: unknown, pattern: PathPattern): Place[] {
  const found: Place[] = [];
  const seen = new Set<string>();
  const walk = (
    parent: Place['parent'] | undefined,
    key: string | number,
    node: unknown,
    at: number,
    trail: string,
  ) => {
    if (at === pattern.length) {
      if (parent !== undefined && !seen.has(trail)) {
        seen.add(trail);
        found.push({ parent, key });
      }
      return;
    }
    const segment = pattern[at];
    if (segment === '**') {
      walk(parent, key, node, at + 1, trail);
      for (const [childKey, child] of children(node))
        walk(node as Place['parent'], childKey, child, at, `${trail}.${childKey}`);
    } else if (segment === '*') {
      for (const [childKey, child] of children(node))
        walk(node as Place['parent'], childKey, child, at + 1, `${trail}.${childKey}`);
    } else {
      const child = childAt(node, segment);
      if (child !== undefined) walk(node as Place['parent'], child[0], child[1], at + 1, `${trail}.${segment}`);
    }
  };
  walk(undefined, '', root, 0, '');
  return found;
}

function children(node: unknown): [string | number, unknown][] {
  if (Array.isArray(node)) return node.map((value, index) => [index, value]);
  if (node !== null && typeof node === 'object') return Object.entries(node);
  return [];
}

function childAt(node: unknown, segment: string): [string | number, unknown] | undefined {
  if (Array.isArray(node)) {
    const index = /^\d+$/.test(segment) ? Number(segment) : -1;
    return index >= 0 && index < node.length ? [index, node[index]] : undefined;
  }
  if (node !== null && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, segment))
    return [segment, (node as Record<string, unknown>)[segment]];
  return undefined;
}

/** Calls `rewrite` on every string of `value` (keys left alone) and returns the rewritten value. */
export function mapStrings(value: unknown, rewrite: (text: string) => string): unknown {
  if (typeof value === 'string') return rewrite(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, rewrite));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = mapStrings(item, rewrite);
    return out;
  }
  return value;
}

/** JSON with keys sorted at every level: equal values give equal text. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}
