import { conjunction, type FilterAst } from './ast';
import { parseFilterArray } from './arrays';
import { facetAttributes, numericAccess } from './attributes';
import { evaluate, type FilterContext, type FilterOutcome } from './evaluate';
import { readBoolean, readString } from './params';
import { parseFilters } from './parse-filters';

/** Every filter parameter of a query, parsed once. */
export interface CompiledFilters {
  /** `filters`, `facetFilters`, `numericFilters`, `tagFilters` joined by AND. */
  readonly required: FilterAst;
  /** `optionalFilters`: scores only, never excludes. */
  readonly optional: FilterAst;
  readonly context: FilterContext;
}

/** Parses the filter parameters (400 on any syntax error) against the index settings. */
export function compileFilters(params: Readonly<Record<string, unknown>>, settings: Readonly<Record<string, unknown>>): CompiledFilters {
  const declared = new Set(facetAttributes(settings).map((a) => a.name));
  const required = conjunction(
    parseFilters(readString(params.filters, 'filters') ?? ''),
    parseFilterArray(params.facetFilters, 'facetFilters'),
    parseFilterArray(params.numericFilters, 'numericFilters'),
    parseFilterArray(params.tagFilters, 'tagFilters'),
  );
  return {
    required,
    optional: parseFilterArray(params.optionalFilters, 'optionalFilters'),
    context: {
      facetable: (attribute) => declared.has(attribute),
      numeric: numericAccess(settings),
      sumOrFiltersScores: readBoolean(params.sumOrFiltersScores, 'sumOrFiltersScores', false),
    },
  };
}

export type RecordFilter = (record: Readonly<Record<string, unknown>>) => FilterOutcome;

/**
 * The engine's filter stage: one predicate for all filter parameters. `match` says whether
 * the record stays; `score` (required + optional filter scores) feeds the `filters`
 * ranking criterion.
 */
export function compileFilter(params: Readonly<Record<string, unknown>>, settings: Readonly<Record<string, unknown>>): RecordFilter {
  const { required, optional, context } = compileFilters(params, settings);
  if (required.and.length === 0 && optional.and.length === 0) return () => ({ match: true, score: 0 });
  return (record) => {
    const outcome = evaluate(required, record, context);
    if (!outcome.match || optional.and.length === 0) return outcome;
    return { match: true, score: outcome.score + evaluate(optional, record, context).score };
  };
}
