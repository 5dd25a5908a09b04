import { readNested, type FilterParam } from '../../search/filters/arrays';
import { compileFilter } from '../../search/filters/compile';
import { facetValuesOf } from '../../search/facets/values';
import type { SearchRecord } from '../../state';
import type { StoredRecommendRule } from '../state';
import { automaticFacet } from './validate';

/** What a request's matching rules do to its recommendations, combined. */
export interface RulesOutcome {
  /** objectIDs of the rules applied, in the order they were combined. */
  readonly applied: readonly string[];
  readonly hide: ReadonlySet<string>;
  /** One entry per promoted record (groups expanded), in the order they claim positions. */
  readonly promote: readonly { readonly objectID: string; readonly position: number }[];
  /** Each rule's `params.filters`, to AND with the request's. */
  readonly filters: readonly string[];
  /** Array-form filters (outer AND, inner OR), automatic facet filters included. */
  readonly facetFilters: readonly string[][];
  readonly numericFilters: readonly string[][];
  readonly tagFilters: readonly string[][];
  readonly optionalFilters: readonly string[][];
  readonly sumOrFiltersScores: boolean;
  readonly userData: readonly unknown[];
}

export interface RuleInput {
  /** The source item as the index holds it now; absent for trending models or an unknown objectID. */
  readonly source?: SearchRecord;
  /** The index's settings: condition filters read facets as search does. */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly now: number;
  readonly ruleContexts: readonly string[];
}

/**
 * The rules that apply to one recommendation request, combined: enabled, valid now, their
 * context among `ruleContexts` and their `filters` matched by the source item (a condition
 * with filters never applies without one). Rules combine in objectID order: hides add up,
 * filters AND, and a promotion claims its position unless an earlier one holds it.
 */
export function applyRecommendRules(rules: Iterable<StoredRecommendRule>, input: RuleInput): RulesOutcome {
  const applied = [...rules]
    .map(({ rule }) => rule)
    .filter((rule) => matches(rule, input))
    .sort((a, b) => (a.objectID < b.objectID ? -1 : a.objectID > b.objectID ? 1 : 0));
  const outcome = {
    applied: applied.map((rule) => rule.objectID),
    hide: new Set<string>(),
    promote: [] as { objectID: string; position: number }[],
    filters: [] as string[],
    facetFilters: [] as string[][],
    numericFilters: [] as string[][],
    tagFilters: [] as string[][],
    optionalFilters: [] as string[][],
    sumOrFiltersScores: false,
    userData: [] as unknown[],
  };
  for (const rule of applied) {
    const consequence = rule.consequence as Record<string, unknown>;
    for (const { objectID } of (consequence.hide ?? []) as { objectID: string }[]) outcome.hide.add(objectID);
    for (const item of (consequence.promote ?? []) as { objectID?: string; objectIDs?: string[]; position: number }[]) {
      (item.objectIDs ?? [item.objectID!]).forEach((objectID, i) =>
        outcome.promote.push({ objectID, position: item.position + i }),
      );
    }
    if (consequence.userData !== undefined) outcome.userData.push(consequence.userData);
    const params = (consequence.params ?? {}) as Record<string, unknown>;
    if (typeof params.filters === 'string' && params.filters.trim() !== '') outcome.filters.push(params.filters);
    outcome.facetFilters.push(
      ...nested(params.facetFilters, 'facetFilters'),
      ...automatic(params.automaticFacetFilters, input.source),
    );
    outcome.numericFilters.push(...nested(params.numericFilters, 'numericFilters'));
    outcome.tagFilters.push(...nested(params.tagFilters, 'tagFilters'));
    outcome.optionalFilters.push(
      ...nested(params.optionalFilters, 'optionalFilters'),
      ...nested(params.optionalFacetFilters, 'optionalFilters'),
      ...nested(params.optionalTagFilters, 'optionalFilters'),
      ...automatic(params.automaticOptionalFacetFilters, input.source),
    );
    if (params.sumOrFiltersScores === true) outcome.sumOrFiltersScores = true;
  }
  return outcome;
}

function matches(rule: StoredRecommendRule['rule'], { source, settings, now, ruleContexts }: RuleInput): boolean {
  if (rule.enabled === false || !validAt(rule.validity, now)) return false;
  const condition = (rule.condition ?? {}) as { context?: string; filters?: string };
  if (condition.context !== undefined && !ruleContexts.includes(condition.context)) return false;
  if (condition.filters !== undefined && condition.filters.trim() !== '') {
    if (!source) return false;
    return compileFilter({ filters: condition.filters }, settings)(source).match;
  }
  return true;
}

/** Validity ranges are Unix seconds, bounds included; none means always. */
function validAt(validity: unknown, now: number): boolean {
  if (!Array.isArray(validity) || validity.length === 0) return true;
  const seconds = now / 1000;
  return (validity as { from: number; until: number }[]).some(
    (range) => seconds >= range.from && seconds <= range.until,
  );
}

const nested = (value: unknown, param: FilterParam): string[][] =>
  value === undefined ? [] : readNested(value, param);

/**
 * Automatic facet filters from the source item: for each facet it holds, recommendations must
 * hold the same value (any of them when `disjunctive`, all of them otherwise), or none of them
 * when `negative`. A facet the source item lacks is skipped.
 */
function automatic(value: unknown, source: SearchRecord | undefined): string[][] {
  if (!Array.isArray(value) || !source) return [];
  const groups: string[][] = [];
  for (const item of value) {
    const filter =
      typeof item === 'string'
        ? { ...automaticFacet(item), negative: false, disjunctive: false }
        : (item as { facet: string; score?: number; negative?: boolean; disjunctive?: boolean });
    const values = sourceValues(source, filter.facet);
    if (values.length === 0) continue;
    const score = filter.score !== undefined && filter.score !== 1 ? `<score=${filter.score}>` : '';
    const entries = values.map(
      (v) =>
        `${quoteAttribute(filter.facet)}:${filter.negative ? '-' : ''}${escapeValue(v, filter.negative === true)}${score}`,
    );
    if (filter.disjunctive && !filter.negative) groups.push(entries);
    else for (const entry of entries) groups.push([entry]);
  }
  return groups;
}

/** The source item's facet values, as search reads them; an empty string is no value. */
const sourceValues = (record: SearchRecord, facet: string): string[] =>
  [...facetValuesOf(record, facet)].filter((value) => value !== '');

const quoteAttribute = (name: string) => (name.includes(':') ? `"${name}"` : name);

/** A value whose first character would read as a negation keeps it literal. */
const escapeValue = (value: string, negated: boolean) => (!negated && value.startsWith('-') ? `\\${value}` : value);
