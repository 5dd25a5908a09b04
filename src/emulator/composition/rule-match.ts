import type { Core } from '../core';
import { facetValuesOf } from '../search/facets/values';
import { recordsOf } from '../search/store';
import { rulesOf } from './rules';
import type { StoredRule } from './state';

interface Condition {
  readonly pattern?: string;
  readonly anchoring?: 'is' | 'startsWith' | 'endsWith' | 'contains';
  readonly context?: string;
  readonly filters?: string;
  readonly sortBy?: string;
}

/** What a run brings that conditions read. */
export interface RunContext {
  readonly query: string;
  readonly ruleContexts: readonly string[];
  /** The run's `filters` and each string of its `facetFilters`, as sent. */
  readonly filters: readonly string[];
  readonly sortBy?: string;
  /** The index the composition searches: `{facet:attribute}` patterns read its values. */
  readonly mainIndex: string;
}

const normalize = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

function anchored(query: string, pattern: string, anchoring: Condition['anchoring']): boolean {
  switch (anchoring) {
    case 'is':
      return query === pattern;
    case 'startsWith':
      return query === pattern || query.startsWith(`${pattern} `) || (pattern !== '' && query.startsWith(pattern));
    case 'endsWith':
      return query.endsWith(pattern);
    default:
      return query.includes(pattern);
  }
}

/** `{facet:attribute}`: the query (as anchored) holds a value of that facet in the main index. */
function facetPattern(
  core: Core,
  pattern: string,
  anchoring: Condition['anchoring'],
  run: RunContext,
): boolean | undefined {
  const facet = /^\{facet:([^}]+)\}$/.exec(pattern.trim())?.[1];
  if (facet === undefined) return undefined;
  const index = core.state.indices.get(run.mainIndex);
  if (!index) return false;
  const query = normalize(run.query);
  for (const record of recordsOf(core.state, index).values())
    for (const value of facetValuesOf(record, facet)) if (anchored(query, normalize(value), anchoring)) return true;
  return false;
}

function conditionHolds(core: Core, condition: Condition, run: RunContext): boolean {
  if (condition.pattern !== undefined) {
    const byFacet = facetPattern(core, condition.pattern, condition.anchoring, run);
    const holds = byFacet ?? anchored(normalize(run.query), normalize(condition.pattern), condition.anchoring);
    if (!holds) return false;
  }
  if (condition.context !== undefined && !run.ruleContexts.includes(condition.context)) return false;
  if (
    condition.filters !== undefined &&
    !run.filters.some((filter) => normalize(filter).includes(normalize(condition.filters!)))
  )
    return false;
  if (condition.sortBy !== undefined && condition.sortBy !== run.sortBy) return false;
  return true;
}

/** Whether `now` (ms) is inside one of the rule's validity ranges (seconds); always without any. */
function valid(rule: StoredRule, now: number): boolean {
  const ranges = rule.validity as { from?: number; until?: number }[] | undefined;
  if (!ranges || ranges.length === 0) return true;
  const seconds = now / 1000;
  return ranges.some((range) => (range.from ?? -Infinity) <= seconds && seconds < (range.until ?? Infinity));
}

/**
 * The composition rule a run triggers: the first (in insertion order) enabled, valid rule one of
 * whose conditions holds (a rule without conditions always does).
 */
export function triggeredRule(core: Core, compositionID: string, run: RunContext): StoredRule | undefined {
  const now = core.now();
  return rulesOf(core.state, compositionID).find((rule) => {
    if (rule.enabled === false || !valid(rule, now)) return false;
    const conditions = (rule.conditions as Condition[] | undefined) ?? [];
    return conditions.length === 0 || conditions.some((condition) => conditionHolds(core, condition, run));
  });
}
