import { conjunction, type FacetLeaf, type FilterAst, type OrGroup } from './ast';
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
export function compileFilters(
  params: Readonly<Record<string, unknown>>,
  settings: Readonly<Record<string, unknown>>,
): CompiledFilters {
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
export function compileFilter(
  params: Readonly<Record<string, unknown>>,
  settings: Readonly<Record<string, unknown>>,
): RecordFilter {
  return recordFilter(compileFilters(params, settings));
}

/** The predicate of filters already parsed (see {@link compileFilter}). */
export function recordFilter({ required, optional, context }: CompiledFilters): RecordFilter {
  if (required.and.length === 0 && optional.and.length === 0) return () => ({ match: true, score: 0 });
  const withOptional = (outcome: FilterOutcome, record: Readonly<Record<string, unknown>>): FilterOutcome =>
    !outcome.match || optional.and.length === 0
      ? outcome
      : { match: true, score: outcome.score + evaluate(optional, record, context).score };
  const lookups = required.and.map(objectIDLookup).filter((lookup) => lookup !== undefined);
  if (lookups.length === 0) return (record) => withOptional(evaluate(required, record, context), record);
  const rest: FilterAst = { and: required.and.filter((group) => objectIDLookup(group) === undefined) };
  return (record) => {
    let match = true;
    let score = 0;
    for (const lookup of lookups) {
      const scores = lookup.get(record.objectID as string);
      if (scores === undefined) match = false;
      else score += context.sumOrFiltersScores ? scores.sum : scores.best;
    }
    const outcome = evaluate(rest, record, context);
    return withOptional({ match: match && outcome.match, score: score + outcome.score }, record);
  };
}

/** objectID -> the scores its leaves give an OR group: the best one, and their sum. */
type ObjectIDLookup = ReadonlyMap<string, { readonly best: number; readonly sum: number }>;

/**
 * An OR group of objectIDs only (`objectID:a OR objectID:b ...`, the usual way to fetch a list
 * of records, hundreds long for Recommend's candidates) as one map lookup per record instead of
 * one comparison per ID. Same verdict and score as {@link evaluate}.
 */
function objectIDLookup(group: OrGroup): ObjectIDLookup | undefined {
  if (
    group.length < 2 ||
    !group.every((leaf) => leaf.kind === 'facet' && leaf.attribute === 'objectID' && !leaf.negated)
  )
    return undefined;
  const lookup = new Map<string, { best: number; sum: number }>();
  for (const leaf of group as readonly FacetLeaf[]) {
    const known = lookup.get(leaf.value);
    lookup.set(
      leaf.value,
      known
        ? { best: Math.max(known.best, leaf.score), sum: known.sum + leaf.score }
        : { best: leaf.score, sum: leaf.score },
    );
  }
  return lookup;
}
