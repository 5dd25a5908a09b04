import type { FilterAst, Leaf } from './ast';

/** Quotes a name or value so the parser reads it back unchanged. */
export function quote(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

function number(value: number): string {
  // Plain decimal notation: the filters language has no exponents.
  if (Number.isInteger(value)) return BigInt(value).toString();
  return String(value).includes('e') ? value.toFixed(20).replace(/0+$/, '') : String(value);
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
