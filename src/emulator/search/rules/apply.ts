import type { IndexState } from '../../state';
import type { DictionariesState } from '../dictionaries/state';
import { pluralFormsOf } from '../dictionaries/lookup';
import { expandSynonyms } from '../synonyms/expand';
import { foldText, phraseOf, wordsOf } from '../synonyms/words';
import { damerauLevenshtein } from '../engine/typo';
import type { ReadonlyRecords } from '../record-store';
import { facetValuesOf } from './facet-values';
import { conditionsOf } from './search';
import { FACET_PLACEHOLDER, parseConditionFilters, type Anchoring, type Rule } from './validate';

/** What the engine knows of the query when it asks which rules apply. */
export interface RuleParams {
  /** `enableRules` (search parameter over setting); `false` disables rules. */
  readonly enableRules?: boolean;
  /** The query's `filters` and `facetFilters`, for conditions with `filters`. */
  readonly filters?: string;
  readonly facetFilters?: unknown;
  /** For conditions with `alternatives: true`: typo thresholds, synonyms, plurals. */
  readonly minWordSizefor1Typo?: number;
  readonly minWordSizefor2Typos?: number;
  readonly synonyms?: boolean;
  readonly queryLanguages?: readonly string[];
  readonly dictionaries?: DictionariesState;
}

/** One automatic (optional) facet filter produced by a `{facet:attr}` match. */
export interface AutomaticFilter {
  readonly facet: string;
  /** The value as stored in the records. */
  readonly value: string;
  readonly score: number;
  readonly disjunctive: boolean;
  readonly ruleID: string;
}

export interface Promotion {
  readonly objectIDs: readonly string[];
  readonly position: number;
  /** The rule's `filterPromotes`: promoted records must also match the query's filters. */
  readonly filterPromotes: boolean;
  readonly ruleID: string;
}

export interface RulesOutcome {
  /** The rules applied, highest precedence first, as the `appliedRules` response field. */
  readonly appliedRules: readonly { objectID: string }[];
  /** The query after replacement or edits. */
  readonly query: string;
  /** Whether a consequence changed the query (the engine then reports it in `params`). */
  readonly queryChanged: boolean;
  /** Search parameters set by consequences (higher precedence wins per parameter), without query and automatic filters. */
  readonly params: Readonly<Record<string, unknown>>;
  readonly automaticFacetFilters: readonly AutomaticFilter[];
  readonly automaticOptionalFacetFilters: readonly AutomaticFilter[];
  /** The automatic filters as `facetFilters` / `optionalFilters` entries, to AND with the query's. */
  readonly facetFilters: readonly (string | string[])[];
  readonly optionalFilters: readonly (string | string[])[];
  /** Promotions in order: lower positions first, then smaller objectID (the service's tie rule). */
  readonly promote: readonly Promotion[];
  readonly hide: readonly string[];
  /** Each applied rule's `userData`, in precedence order (the response's `userData` array). */
  readonly userData: readonly unknown[];
  readonly renderingContent?: Readonly<Record<string, unknown>>;
  readonly redirect?: { readonly indexName: string };
}

const EMPTY: RulesOutcome = {
  appliedRules: [],
  query: '',
  queryChanged: false,
  params: {},
  automaticFacetFilters: [],
  automaticOptionalFacetFilters: [],
  facetFilters: [],
  optionalFilters: [],
  promote: [],
  hide: [],
  userData: [],
};

type PatternItem = { literal: string } | { facet: string };

interface ConditionMatch {
  /** Matched query words `[start, end)`; `undefined` for conditions without a pattern. */
  readonly start?: number;
  readonly end?: number;
  readonly filters: readonly string[];
  readonly anchoring?: Anchoring;
  readonly context: boolean;
  readonly placeholders: number;
  /** attribute -> values matched by `{facet:attr}`. */
  readonly facets: ReadonlyMap<string, string[]>;
}

interface Matched {
  readonly rule: Rule;
  readonly match: ConditionMatch;
}

const ANCHOR_RANK: Record<string, number> = { is: 0, startsWith: 1, endsWith: 2, contains: 3 };

/**
 * Which rules of an index apply to a query and their combined consequence, following the
 * service's rule-matching algorithm: matching rules are sorted by precedence (position,
 * match length, anchoring, context, filters, literals over placeholders, temporary over
 * permanent, objectID), then a rule whose matched words or condition filters overlap a
 * higher-precedence rule's is dropped, then the remaining consequences are combined.
 *
 * `index.records` must be the records the index serves (a replica's primary's records).
 * `now` is epoch milliseconds (validity ranges are in seconds).
 */
export function applyRules(
  index: Pick<IndexState, 'rules' | 'synonyms'> & { readonly records: ReadonlyRecords },
  query: string,
  params: RuleParams,
  now: number,
  ruleContexts: readonly string[] = [],
): RulesOutcome {
  if (params.enableRules === false || index.rules.size === 0) return { ...EMPTY, query };
  const queryWords = wordsOf(query);
  const queryFilters = new Set(filterAtoms(params));
  const same = wordMatcher(index, queryWords, params);
  const matched: Matched[] = [];
  for (const rule of index.rules.values() as Iterable<Rule>) {
    if (rule.enabled === false || !isValidAt(rule, now)) continue;
    const match = matchRule(rule, queryWords, queryFilters, ruleContexts, index.records, same);
    if (match) matched.push({ rule, match });
  }
  matched.sort(byPrecedence);
  const kept: Matched[] = [];
  for (const candidate of matched) {
    if (!kept.some((k) => conflicts(k.match, candidate.match))) kept.push(candidate);
  }
  if (kept.length === 0) return { ...EMPTY, query };
  return combine(kept, query, queryWords);
}

function isValidAt(rule: Rule, now: number): boolean {
  const validity = rule.validity as { from?: number; until?: number }[] | undefined;
  if (!Array.isArray(validity) || validity.length === 0) return true;
  const seconds = now / 1000;
  return validity.some(
    (range) =>
      (range.from === undefined || seconds >= range.from) && (range.until === undefined || seconds <= range.until),
  );
}

function matchRule(
  rule: Rule,
  queryWords: readonly string[],
  queryFilters: ReadonlySet<string>,
  ruleContexts: readonly string[],
  records: ReadonlyRecords,
  same: (patternWord: string, queryWord: string, alternatives: boolean) => boolean,
): ConditionMatch | undefined {
  const conditions = conditionsOf(rule);
  if (conditions.length === 0) return { filters: [], context: false, placeholders: 0, facets: new Map() };
  let best: ConditionMatch | undefined;
  for (const condition of conditions) {
    if (typeof condition.context === 'string' && !ruleContexts.includes(condition.context)) continue;
    let filters: string[] = [];
    if (typeof condition.filters === 'string') {
      filters = parseConditionFilters(condition.filters).map(({ facet, value }) => atomKey(facet, value));
      if (!filters.every((atom) => queryFilters.has(atom))) continue;
    }
    const base = { filters, context: typeof condition.context === 'string' };
    let match: ConditionMatch | undefined;
    if (typeof condition.pattern === 'string') {
      // A pattern saved without anchoring matches as `contains` (docs/parity-decisions.md).
      const anchoring = (condition.anchoring as Anchoring | undefined) ?? 'contains';
      const found = matchPattern(condition.pattern, anchoring, queryWords, records, (p, q) =>
        same(p, q, condition.alternatives === true),
      );
      if (found) match = { ...base, ...found, anchoring };
    } else {
      match = { ...base, placeholders: 0, facets: new Map() };
    }
    if (match && (!best || byMatch(match, best) < 0)) best = match;
  }
  return best;
}

function parsePattern(pattern: string): PatternItem[] {
  const items: PatternItem[] = [];
  let last = 0;
  for (const m of pattern.matchAll(FACET_PLACEHOLDER)) {
    for (const word of wordsOf(pattern.slice(last, m.index))) items.push({ literal: word });
    items.push({ facet: m[1] });
    last = m.index! + m[0].length;
  }
  for (const word of wordsOf(pattern.slice(last))) items.push({ literal: word });
  return items;
}

function matchPattern(
  pattern: string,
  anchoring: Anchoring,
  query: readonly string[],
  records: ReadonlyRecords,
  same: (patternWord: string, queryWord: string) => boolean,
): Pick<ConditionMatch, 'start' | 'end' | 'placeholders' | 'facets'> | undefined {
  const items = parsePattern(pattern);
  const placeholders = items.filter((item) => 'facet' in item).length;
  if (items.length === 0)
    return query.length === 0 && anchoring === 'is' ? { start: 0, end: 0, placeholders, facets: new Map() } : undefined;
  const starts = anchoring === 'is' || anchoring === 'startsWith' ? [0] : query.map((_, i) => i);
  for (const start of starts) {
    const facets = new Map<string, string[]>();
    const end = matchFrom(
      items,
      0,
      query,
      start,
      records,
      same,
      facets,
      anchoring === 'is' || anchoring === 'endsWith',
    );
    if (end !== undefined) return { start, end, placeholders, facets };
  }
  return undefined;
}

/** Matches `items[i..]` at query position `at`; returns the end position or undefined. */
function matchFrom(
  items: readonly PatternItem[],
  i: number,
  query: readonly string[],
  at: number,
  records: ReadonlyRecords,
  same: (patternWord: string, queryWord: string) => boolean,
  facets: Map<string, string[]>,
  toEnd: boolean,
): number | undefined {
  if (i === items.length) return !toEnd || at === query.length ? at : undefined;
  if (at >= query.length) return undefined;
  const item = items[i];
  if ('literal' in item) {
    return same(item.literal, query[at])
      ? matchFrom(items, i + 1, query, at + 1, records, same, facets, toEnd)
      : undefined;
  }
  const values = facetValuesOf(records, item.facet);
  // Longest facet value first, so "new york" wins over "new".
  for (let end = query.length; end > at; end--) {
    const stored = values.get(query.slice(at, end).join(' '));
    if (stored === undefined) continue;
    const result = matchFrom(items, i + 1, query, end, records, same, facets, toEnd);
    if (result !== undefined) {
      facets.set(item.facet, [...(facets.get(item.facet) ?? []), stored]);
      return result;
    }
  }
  return undefined;
}

/** Pattern word vs query word: equal, or with `alternatives` a plural, synonym or typo of it. */
function wordMatcher(index: Pick<IndexState, 'synonyms'>, queryWords: readonly string[], params: RuleParams) {
  let synonyms: Map<string, Set<string>> | undefined;
  const one = params.minWordSizefor1Typo ?? 4;
  const two = params.minWordSizefor2Typos ?? 8;
  const languages = params.queryLanguages ?? [];
  return (patternWord: string, queryWord: string, alternatives: boolean): boolean => {
    if (patternWord === queryWord) return true;
    if (!alternatives) return false;
    if (
      params.dictionaries &&
      languages.length > 0 &&
      pluralFormsOf(params.dictionaries, queryWord, languages).includes(patternWord)
    )
      return true;
    if (!synonyms) {
      synonyms = new Map();
      for (const alt of expandSynonyms(index, queryWords, { synonyms: params.synonyms }).alternatives) {
        if (alt.end - alt.start !== 1 || alt.words.length !== 1) continue;
        const word = queryWords[alt.start];
        if (!synonyms.has(word)) synonyms.set(word, new Set());
        synonyms.get(word)!.add(alt.words[0]);
      }
    }
    if (synonyms.get(queryWord)?.has(patternWord)) return true;
    const allowed = queryWord.length >= two ? 2 : queryWord.length >= one ? 1 : 0;
    return (
      allowed > 0 &&
      Math.abs(patternWord.length - queryWord.length) <= allowed &&
      damerauLevenshtein(patternWord, queryWord) <= allowed
    );
  };
}

/** `facet:value` atoms of the query's `filters` and `facetFilters`, normalized. */
function filterAtoms(params: RuleParams): string[] {
  const atoms: string[] = [];
  if (typeof params.filters === 'string') {
    for (const m of params.filters.matchAll(/("(?:[^"\\]|\\.)*"|[^\s():"]+)\s*:\s*("(?:[^"\\]|\\.)*"|[^\s()"]+)/g)) {
      atoms.push(atomKey(unquote(m[1]), unquote(m[2])));
    }
  }
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'string') {
      const colon = value.indexOf(':');
      if (colon > 0 && value[colon + 1] !== '-') atoms.push(atomKey(value.slice(0, colon), value.slice(colon + 1)));
    }
  };
  let facetFilters = params.facetFilters;
  if (typeof facetFilters === 'string' && facetFilters.trim().startsWith('[')) {
    try {
      facetFilters = JSON.parse(facetFilters);
    } catch {
      // Left for the engine to reject.
    }
  }
  walk(facetFilters);
  return atoms;
}

const unquote = (text: string) =>
  text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1).replace(/\\(.)/g, '$1') : text;
const atomKey = (facet: string, value: string) => `${facet.trim()}:${foldText(value.trim())}`;

function byMatch(a: ConditionMatch, b: ConditionMatch): number {
  const position = (m: ConditionMatch) => m.start ?? Number.MAX_SAFE_INTEGER;
  const length = (m: ConditionMatch) => (m.end ?? 0) - (m.start ?? 0) + m.filters.length;
  return (
    position(a) - position(b) ||
    length(b) - length(a) ||
    (ANCHOR_RANK[a.anchoring ?? ''] ?? 4) - (ANCHOR_RANK[b.anchoring ?? ''] ?? 4) ||
    Number(b.context) - Number(a.context) ||
    Number(b.filters.length > 0) - Number(a.filters.length > 0) ||
    a.placeholders - b.placeholders
  );
}

function byPrecedence(a: Matched, b: Matched): number {
  const temporary = (m: Matched) => Number(Array.isArray(m.rule.validity) && (m.rule.validity as unknown[]).length > 0);
  return (
    byMatch(a.match, b.match) ||
    temporary(b) - temporary(a) ||
    (a.rule.objectID < b.rule.objectID ? -1 : a.rule.objectID > b.rule.objectID ? 1 : 0)
  );
}

/** Two rules conflict when their matched query words overlap or their condition filters intersect. */
function conflicts(a: ConditionMatch, b: ConditionMatch): boolean {
  if (a.start !== undefined && b.start !== undefined && a.end! > a.start && b.end! > b.start) {
    if (a.start < b.end! && b.start < a.end!) return true;
  }
  if (a.start === 0 && a.end === 0 && b.start === 0 && b.end === 0) return true;
  return a.filters.some((atom) => b.filters.includes(atom));
}

function combine(kept: readonly Matched[], query: string, queryWords: readonly string[]): RulesOutcome {
  const params: Record<string, unknown> = {};
  // Lowest precedence first, so higher-precedence rules overwrite shared parameters.
  for (const { rule } of [...kept].reverse()) {
    const p = (rule.consequence.params ?? {}) as Record<string, unknown>;
    for (const [key, value] of Object.entries(p)) {
      if (key === 'renderingContent') {
        // Each rule adds its parts (facet ordering, redirect, widgets); the higher one wins per part.
        params[key] = { ...(params[key] as object | undefined), ...(value as object) };
      } else if (key !== 'query' && key !== 'automaticFacetFilters' && key !== 'automaticOptionalFacetFilters') {
        params[key] = value;
      }
    }
  }
  const renderingContent = params.renderingContent as Record<string, unknown> | undefined;
  delete params.renderingContent;

  let text = query;
  const replacement = kept.find(
    ({ rule }) => typeof (rule.consequence.params as Record<string, unknown> | undefined)?.query === 'string',
  );
  if (replacement) {
    text = (replacement.rule.consequence.params as Record<string, unknown>).query as string;
  } else {
    for (const { rule, match } of kept) {
      const edit = (rule.consequence.params as Record<string, unknown> | undefined)?.query as
        { remove?: string[]; edits?: { type?: string; delete: string; insert?: string }[] } | undefined;
      if (!edit || typeof edit !== 'object') continue;
      for (const word of edit.remove ?? []) text = editQuery(text, resolve(word, match), undefined);
      for (const e of edit.edits ?? [])
        text = editQuery(text, resolve(e.delete, match), e.type === 'replace' ? (e.insert ?? '') : undefined);
    }
  }

  const automatic = (name: 'automaticFacetFilters' | 'automaticOptionalFacetFilters'): AutomaticFilter[] =>
    kept.flatMap(({ rule, match }) => {
      const list = (rule.consequence.params as Record<string, unknown> | undefined)?.[name] as
        (string | { facet: string; score?: number; disjunctive?: boolean })[] | undefined;
      return (list ?? []).flatMap((item) => {
        const spec = typeof item === 'string' ? { facet: item } : item;
        return (match.facets.get(spec.facet) ?? []).map((value) => ({
          facet: spec.facet,
          value,
          score: spec.score ?? 1,
          disjunctive: spec.disjunctive ?? false,
          ruleID: rule.objectID,
        }));
      });
    });
  const automaticFacetFilters = automatic('automaticFacetFilters');
  const automaticOptionalFacetFilters = automatic('automaticOptionalFacetFilters');

  const promote: Promotion[] = kept.flatMap(({ rule }) =>
    ((rule.consequence.promote ?? []) as { objectID?: string; objectIDs?: string[]; position: number }[]).map((p) => ({
      objectIDs: p.objectIDs ?? [p.objectID!],
      position: p.position,
      filterPromotes: rule.consequence.filterPromotes === true,
      ruleID: rule.objectID,
    })),
  );
  promote.sort(
    (a, b) =>
      a.position - b.position || (a.objectIDs[0] < b.objectIDs[0] ? -1 : a.objectIDs[0] > b.objectIDs[0] ? 1 : 0),
  );

  const hide = [
    ...new Set(
      kept.flatMap(({ rule }) => ((rule.consequence.hide ?? []) as { objectID: string }[]).map((h) => h.objectID)),
    ),
  ];
  const userData = kept
    .filter(({ rule }) => rule.consequence.userData !== undefined)
    .map(({ rule }) => rule.consequence.userData);
  const redirect = kept.find(({ rule }) => rule.consequence.redirect)?.rule.consequence.redirect as
    { indexName: string } | undefined;

  const outcome: RulesOutcome = {
    appliedRules: kept.map(({ rule }) => ({ objectID: rule.objectID })),
    query: text,
    queryChanged: phraseOf(text) !== queryWords.join(' ') || (replacement !== undefined && text !== query),
    params,
    automaticFacetFilters,
    automaticOptionalFacetFilters,
    facetFilters: asFilters(automaticFacetFilters, false),
    optionalFilters: asFilters(automaticOptionalFacetFilters, true),
    promote,
    hide,
    userData,
    ...(renderingContent ? { renderingContent } : {}),
    ...(redirect ? { redirect } : {}),
  };
  return outcome;
}

/** `{facet:brand}` in an edit stands for the value the condition matched. */
function resolve(target: string, match: ConditionMatch): string[] {
  const placeholder = /^\{facet:([^{}]+)\}$/.exec(target.trim());
  if (!placeholder) return [target];
  return match.facets.get(placeholder[1]) ?? [];
}

/** Removes (or replaces) every occurrence of the phrases in the query, comparing normalized words. */
function editQuery(query: string, phrases: readonly string[], insert: string | undefined): string {
  let words = query.split(/\s+/).filter((w) => w !== '');
  for (const phrase of phrases) {
    const target = wordsOf(phrase);
    if (target.length === 0) continue;
    const out: string[] = [];
    for (let i = 0; i < words.length;) {
      const window = words.slice(i, i + target.length).map(phraseOf);
      if (window.length === target.length && window.every((w, k) => w === target[k])) {
        if (insert !== undefined && insert !== '') out.push(insert);
        i += target.length;
      } else {
        out.push(words[i]);
        i++;
      }
    }
    words = out;
  }
  return words.join(' ');
}

function asFilters(filters: readonly AutomaticFilter[], optional: boolean): (string | string[])[] {
  const render = (f: AutomaticFilter) => `${f.facet}:${f.value}${optional ? `<score=${f.score}>` : ''}`;
  const out: (string | string[])[] = [];
  const groups = new Map<string, string[]>();
  for (const f of filters) {
    if (f.disjunctive) {
      if (!groups.has(f.facet)) {
        const group: string[] = [];
        groups.set(f.facet, group);
        out.push(group);
      }
      groups.get(f.facet)!.push(render(f));
    } else {
      out.push(render(f));
    }
  }
  return out;
}
