export type { FilterAst, Leaf } from './ast';
export { compileFilter, compileFilters } from './compile';
export { evaluate, leafMatches } from './evaluate';
export { parseFilters } from './parse-filters';
export { printFilters, printLeaf } from './print';
