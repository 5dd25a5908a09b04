import type { FilterAst, Leaf } from './ast';

/** Quotes a name or value so the parser reads it back unchanged. */
function quote(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** Plain decimal notation (the filters language has no exponents), exact for every double. */
function number(value: number): string {
  const text = String(value);
  const e = text.indexOf('e');
  if (e < 0) return text;
  const negative = text.startsWith('-');
  const mantissa = text.slice(negative ? 1 : 0, e);
  const dot = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const point = (dot < 0 ? mantissa.length : dot) + Number(text.slice(e + 1));
  let out: string;
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${out}` : out;
}

function score(value: number): string {
  return value === 1 ? '' : `<score=${number(value)}>`;
}

export function printLeaf(leaf: Leaf): string {
  const not = leaf.negated ? 'NOT ' : '';
  switch (leaf.kind) {
    case 'facet':
      return `${not}${quote(leaf.attribute)}:${quote(leaf.value)}${score(leaf.score)}`;
    case 'tag':
      return `${not}_tags:${quote(leaf.value)}${score(leaf.score)}`;
    case 'numeric':
      return `${not}${quote(leaf.attribute)} ${leaf.operator} ${number(leaf.value)}`;
    case 'range':
      return `${not}${quote(leaf.attribute)}:${number(leaf.lower)} TO ${number(leaf.upper)}`;
  }
}

/** Prints a filter back into the `filters` language; `parseFilters(printFilters(ast))` equals `ast`. */
export function printFilters(ast: FilterAst): string {
  return ast.and
    .map((group) => (group.length === 1 ? printLeaf(group[0]) : `(${group.map(printLeaf).join(' OR ')})`))
    .join(' AND ');
}
