import { registerFilterStage } from '../engine/hooks';
import { compileFilter } from './compile';

const PARAMETERS = ['filters', 'facetFilters', 'numericFilters', 'tagFilters', 'optionalFilters'] as const;

const given = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** Plugs the filter parameters into the engine's filter stage. */
export function registerFilters(): void {
  registerFilterStage((ctx) => {
    const params = ctx.options.params;
    if (!PARAMETERS.some((name) => given(params[name]))) return null;
    return compileFilter(params, ctx.settings);
  });
}
