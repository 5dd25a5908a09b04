import type { InvertedIndex } from '../engine/inverted-index';
import { registerFilterStage } from '../engine/hooks';
import { compileFilters, recordFilter } from './compile';
import { filteredDocs } from './doc-filter';

const PARAMETERS = ['filters', 'facetFilters', 'numericFilters', 'tagFilters', 'optionalFilters'] as const;

const given = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/**
 * Plugs the filter parameters into the engine's filter stage: a predicate on records, and the
 * docs it keeps found from the index's columns (see `doc-filter.ts`).
 */
export function registerFilters(): void {
  registerFilterStage((ctx) => {
    const params = ctx.options.params;
    if (!PARAMETERS.some((name) => given(params[name]))) return null;
    const compiled = compileFilters(params, ctx.settings);
    return Object.assign(recordFilter(compiled), { docs: (index: InvertedIndex) => filteredDocs(compiled, index) });
  });
}
