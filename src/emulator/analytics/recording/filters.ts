import type { RecordedFilter } from '../state';

const OPERATORS = ['<=', '>=', '!=', '<', '>', '='] as const;

/**
 * The filters of a search as analytics lists them: every `attribute<op>value` leaf of
 * `facetFilters`, `numericFilters`, `tagFilters` and the `filters` expression.
 */
export function recordedFilters(params: Record<string, unknown>): RecordedFilter[] {
  const out: RecordedFilter[] = [];
  // Most searches filter nothing.
  if (
    params.facetFilters === undefined &&
    params.numericFilters === undefined &&
    params.tagFilters === undefined &&
    typeof params.filters !== 'string'
  )
    return out;
  for (const leaf of leaves(params.facetFilters)) push(out, leaf);
  for (const leaf of leaves(params.numericFilters)) push(out, leaf);
  for (const leaf of leaves(params.tagFilters)) push(out, leaf.includes(':') ? leaf : `_tags:${leaf}`);
  if (typeof params.filters === 'string') for (const leaf of expressionLeaves(params.filters)) push(out, leaf);
  const seen = new Set<string>();
  return out.filter((f) => {
    const key = `${f.attribute}\u0000${f.operator}\u0000${f.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Parses one leaf (`brand:apple`, `"brand":"big apple"`, `price>=10`); undefined when it is none of these. */
function parseFilter(leaf: string): RecordedFilter | undefined {
  const text = leaf.trim().replace(/^-/, '');
  for (const operator of OPERATORS) {
    const at = text.indexOf(operator);
    if (at > 0 && !text.slice(0, at).includes(':')) {
      return { attribute: unquote(text.slice(0, at)), operator, value: unquote(text.slice(at + operator.length)) };
    }
  }
  const colon = findColon(text);
  if (colon <= 0) return undefined;
  return { attribute: unquote(text.slice(0, colon)), operator: ':', value: unquote(text.slice(colon + 1)) };
}

function push(out: RecordedFilter[], leaf: string): void {
  const filter = parseFilter(leaf);
  if (filter && filter.attribute !== '') out.push(filter);
}

/** Leaves of a facet/numeric filter parameter: a string, a comma list, or nested arrays. */
function leaves(value: unknown): string[] {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return leaves(JSON.parse(text));
      } catch {
        return [text];
      }
    }
    return text === '' ? [] : text.split(',');
  }
  if (Array.isArray(value))
    return value.flatMap((item) => (Array.isArray(item) ? leaves(item) : typeof item === 'string' ? [item] : []));
  return [];
}

/** Leaves of a `filters` expression: split on AND / OR / NOT and parentheses, outside quotes. */
function expressionLeaves(expression: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of expression) {
    if (char === '"') quoted = !quoted;
    if (!quoted && (char === '(' || char === ')')) {
      tokens.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  tokens.push(current);
  return tokens
    .flatMap((token) => token.split(/\s+(?:AND|OR)\s+(?=(?:[^"]*"[^"]*")*[^"]*$)/))
    .map((token) => token.trim().replace(/^NOT\s+/, ''))
    .map((token) => token.replace(/^(\S+?):\s*(\S+)\s+TO\s+(\S+)$/, '$1:$2 TO $3'))
    .filter((token) => token !== '' && token !== 'AND' && token !== 'OR');
}

function findColon(text: string): number {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (text[i] === ':' && !quoted) return i;
  }
  return -1;
}

function unquote(text: string): string {
  const trimmed = text.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
}
