import { badRequest } from '../../errors';
import type { FilterAst, Leaf, TagLeaf } from './ast';
import { parseFilters } from './parse-filters';

/**
 * The array forms: `facetFilters`, `numericFilters`, `tagFilters`, `optionalFilters`.
 * Outer list = AND, inner list = OR. Each arrives as an array, as a JSON array string
 * (inside a URL-encoded `params`), or in the legacy string form `a,(b,c)`.
 */
export type FilterParam = 'facetFilters' | 'numericFilters' | 'tagFilters' | 'optionalFilters';

/**
 * Reads the nesting of an array-form parameter: outer AND of inner OR lists of strings.
 * Arrays nested deeper inside an OR group add their strings to that group: filters are a
 * conjunction of disjunctions, and the service answers such lists (three levels deep) with 200.
 */
export function readNested(value: unknown, param: FilterParam): string[][] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw badRequest(`${param}: invalid JSON array ${text}`);
      }
      return readNested(parsed, param);
    }
    return text === '' ? [] : legacyString(text);
  }
  if (!Array.isArray(value)) throw badRequest(`${param} must be a string or an array, got ${JSON.stringify(value)}`);
  return value.map((item) => {
    if (typeof item === 'string') return [item];
    if (Array.isArray(item)) return orGroup(item, param);
    throw badRequest(`${param}: expected strings or arrays of strings, got ${JSON.stringify(item)}`);
  });
}

/** The strings of an OR group and of the arrays nested in it, in order (a loop, not recursion: depth is the sender's). */
function orGroup(group: readonly unknown[], param: FilterParam): string[] {
  const out: string[] = [];
  const stack: { items: readonly unknown[]; next: number }[] = [{ items: group, next: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next === top.items.length) {
      stack.pop();
      continue;
    }
    const inner = top.items[top.next++];
    if (typeof inner === 'string') out.push(inner);
    else if (Array.isArray(inner)) stack.push({ items: inner, next: 0 });
    else throw badRequest(`${param}: an OR group holds strings or arrays of strings, got ${JSON.stringify(inner)}`);
  }
  return out;
}

/** `a,(b,c),d`: commas join with AND, parentheses hold an OR group. */
function legacyString(text: string): string[][] {
  const groups: string[][] = [];
  let current = '';
  let inner: string[] | undefined;
  const flush = () => {
    const item = current.trim();
    current = '';
    if (item === '') return;
    if (inner) inner.push(item);
    else groups.push([item]);
  };
  for (const char of text) {
    if (char === '(' && inner === undefined && current.trim() === '') {
      inner = [];
    } else if (char === ')' && inner !== undefined) {
      flush();
      groups.push(inner);
      inner = undefined;
    } else if (char === ',') {
      flush();
    } else {
      current += char;
    }
  }
  if (inner !== undefined) throw badRequest(`Unbalanced parentheses in filter list: ${text}`);
  flush();
  return groups;
}

const SCORE = /<score=(-?\d+(?:\.\d*)?)>$/;

function splitScore(text: string): { body: string; score: number } {
  const match = SCORE.exec(text);
  return match ? { body: text.slice(0, match.index), score: Number(match[1]) } : { body: text, score: 1 };
}

/** A leading `-` negates; `\-` is a literal dash. Only the first character is special. */
function signed(raw: string): { value: string; negated: boolean } {
  if (raw.startsWith('-')) return { value: raw.slice(1), negated: true };
  if (raw.startsWith('\\-')) return { value: raw.slice(1), negated: false };
  return { value: raw, negated: false };
}

function split(body: string, param: FilterParam, quoted: boolean): { attribute: string; raw: string } {
  if (quoted && body.startsWith('"')) {
    const close = body.indexOf('":', 1);
    if (close > 0) return { attribute: body.slice(1, close), raw: body.slice(close + 2) };
  }
  const colon = body.indexOf(':');
  if (colon < 0) throw badRequest(`${param}: invalid filter "${body}", expected the form attribute:value`);
  return { attribute: body.slice(0, colon), raw: body.slice(colon + 1) };
}

function facetLeaf(attribute: string, value: string, negated: boolean, score: number): Leaf {
  return attribute === '_tags'
    ? { kind: 'tag', value, negated, score }
    : { kind: 'facet', attribute, value, negated, score };
}

/**
 * One `facetFilters` entry: `attr:value`, `attr:-value` (NOT), `attr:\-value` (a value
 * starting with a dash). Quotes around the name or the whole value are removed, and a
 * dash right inside the quotes still negates, as the service reads them.
 */
export function facetFilterLeaf(text: string): Leaf {
  const { body, score } = splitScore(text);
  const { attribute, raw } = split(body, 'facetFilters', true);
  let parts = signed(raw);
  if (!raw.startsWith('-') && !raw.startsWith('\\-') && raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) {
    parts = signed(raw.slice(1, -1));
  }
  return facetLeaf(attribute, parts.value, parts.negated, score);
}

/** One `optionalFilters` entry: like facetFilters, but quotes are kept as part of the text. */
export function optionalFilterLeaf(text: string): Leaf {
  const { body, score } = splitScore(text);
  const colon = body.indexOf(':');
  if (colon < 0) return { kind: 'tag', ...signed(body), score };
  const { value, negated } = signed(body.slice(colon + 1));
  return facetLeaf(body.slice(0, colon), value, negated, score);
}

/** One `tagFilters` entry: `tag`, `-tag` (NOT), `\-tag`; quotes are part of the tag. */
export function tagFilterLeaf(text: string): TagLeaf {
  const { body, score } = splitScore(text);
  return { kind: 'tag', ...signed(body), score };
}

/** One `numericFilters` entry: `attr op number` or `attr:lower TO upper` (`to` in any case). */
export function numericFilterLeaf(text: string): Leaf {
  const ast = parseFilters(text, 'numericFilters', { anyCaseTo: true });
  const leaf = ast.and.length === 1 && ast.and[0].length === 1 ? ast.and[0][0] : undefined;
  if (!leaf || (leaf.kind !== 'numeric' && leaf.kind !== 'range')) {
    throw badRequest(
      `numericFilters: invalid numeric filter "${text}", expected attribute<op>number or attribute:lower TO upper`,
    );
  }
  return leaf;
}

const LEAF_READERS: Record<FilterParam, (text: string) => Leaf> = {
  facetFilters: facetFilterLeaf,
  numericFilters: numericFilterLeaf,
  tagFilters: tagFilterLeaf,
  optionalFilters: optionalFilterLeaf,
};

/** Parses one array-form parameter into the common filter shape. */
export function parseFilterArray(value: unknown, param: FilterParam): FilterAst {
  return {
    and: readNested(value, param)
      .map((group) => group.map(LEAF_READERS[param]))
      .filter((g) => g.length > 0),
  };
}
