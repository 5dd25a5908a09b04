import { ApiError, badRequest } from '../errors';
import { parseFilterArray, type FilterParam } from '../search/filters/arrays';
import { readString } from '../search/filters/params';
import { parseFilters } from '../search/filters/parse-filters';

const ARRAY_FILTERS: readonly FilterParam[] = ['facetFilters', 'numericFilters', 'tagFilters', 'optionalFilters'];

/**
 * Reads the filter parameters of a request's search parameters up front: the search that
 * would read them runs only when there are candidates, and a bad filter must be refused
 * whatever the data. Messages quote the user's own text under its path.
 */
export function checkFilterSyntax(params: Readonly<Record<string, unknown>>, where: string): void {
  const filters = readString(params.filters, `${where}.filters`);
  if (filters !== undefined) parseFilters(filters, `${where}.filters`);
  for (const name of ARRAY_FILTERS) {
    if (params[name] !== undefined) within(`${where}.${name}`, name, () => parseFilterArray(params[name], name));
  }
}

/**
 * Runs a parser whose 400 names the parameter only (`numericFilters: ...`), and puts the
 * full path in its place (or in front, when the message does not start with it).
 */
export function within<T>(where: string, param: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    const rest = error.message.startsWith(param) ? error.message.slice(param.length) : `: ${error.message}`;
    throw badRequest(`${where}${rest}`);
  }
}
