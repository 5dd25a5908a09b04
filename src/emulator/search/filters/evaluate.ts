import type { FilterAst, Leaf, NumericOperator } from './ast';
import type { NumericAccess } from './attributes';
import { numbersAt, valuesAt } from './values';

/** What evaluation needs from the index settings and query. */
export interface FilterContext {
  /** Whether facet filters may read the attribute (declared in `attributesForFaceting`). */
  readonly facetable: (attribute: string) => boolean;
  /** Which numeric comparisons the attribute accepts (`numericAttributesForFiltering`). */
  readonly numeric: (attribute: string) => NumericAccess;
  /** `sumOrFiltersScores`: an OR group scores the sum of its matches instead of the best one. */
  readonly sumOrFiltersScores: boolean;
}

export interface FilterOutcome {
  readonly match: boolean;
  /** Feeds the `filters` ranking criterion (`_rankingInfo.filters`). */
  readonly score: number;
}

const COMPARE: Record<NumericOperator, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '=': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '>=': (a, b) => a >= b,
  '>': (a, b) => a > b,
};

/** Facet values match case-insensitively, except `objectID`, which is exact. */
function facetMatches(
  record: Readonly<Record<string, unknown>>,
  attribute: string,
  wanted: string,
  ctx: FilterContext,
): boolean {
  if (attribute === 'objectID') return record.objectID === wanted;
  const declared = ctx.facetable(attribute);
  const lower = wanted.toLowerCase();
  const asNumber = wanted.trim() === '' ? NaN : Number(wanted);
  return valuesAt(record, attribute).some((value) => {
    if (typeof value === 'number') return value === asNumber;
    if (!declared) return false;
    if (typeof value === 'string') return value.toLowerCase() === lower;
    if (typeof value === 'boolean') return String(value) === lower;
    return false;
  });
}

function tagMatches(record: Readonly<Record<string, unknown>>, tag: string): boolean {
  return valuesAt(record, '_tags').some((value) => value === tag);
}

/** Whether a record satisfies a filter, before negation. */
function positive(leaf: Leaf, record: Readonly<Record<string, unknown>>, ctx: FilterContext): boolean {
  switch (leaf.kind) {
    case 'facet':
      return facetMatches(record, leaf.attribute, leaf.value, ctx);
    case 'tag':
      return tagMatches(record, leaf.value);
    case 'numeric': {
      const access = ctx.numeric(leaf.attribute);
      if (access === 'none' || (access === 'equalOnly' && leaf.operator !== '=' && leaf.operator !== '!='))
        return false;
      const values = numbersAt(record, leaf.attribute);
      // `!=` is NOT `=`: a record holding the value anywhere is excluded.
      if (leaf.operator === '!=') return !values.some((v) => v === leaf.value);
      return values.some((v) => COMPARE[leaf.operator](v, leaf.value));
    }
    case 'range': {
      if (ctx.numeric(leaf.attribute) !== 'all') return false;
      return numbersAt(record, leaf.attribute).some((v) => v >= leaf.lower && v <= leaf.upper);
    }
  }
}

export function leafMatches(leaf: Leaf, record: Readonly<Record<string, unknown>>, ctx: FilterContext): boolean {
  return positive(leaf, record, ctx) !== leaf.negated;
}

/** Facet and tag filters carry a score; numeric filters count for nothing. */
function leafScore(leaf: Leaf): number {
  return leaf.kind === 'facet' || leaf.kind === 'tag' ? leaf.score : 0;
}

/**
 * Evaluates a filter: every group must match; a group scores its best match (or the sum
 * of its matches with `sumOrFiltersScores`); the record's score is the sum over groups.
 */
export function evaluate(ast: FilterAst, record: Readonly<Record<string, unknown>>, ctx: FilterContext): FilterOutcome {
  let score = 0;
  let match = true;
  for (const group of ast.and) {
    let matched = false;
    let groupScore = 0;
    for (const leaf of group) {
      if (!leafMatches(leaf, record, ctx)) continue;
      const value = leafScore(leaf);
      groupScore = !matched ? value : ctx.sumOrFiltersScores ? groupScore + value : Math.max(groupScore, value);
      matched = true;
    }
    if (matched) score += groupScore;
    else match = false;
  }
  return { match, score };
}
