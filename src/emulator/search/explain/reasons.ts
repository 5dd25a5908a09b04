import type { Core } from '../../core';
import type { Auth } from '../../route';
import type { IndexState, SearchRecord } from '../../state';
import { compileFilters, leafMatches, printLeaf } from '../filters';
import type { Leaf, OrGroup } from '../filters/ast';
import type { FilterContext } from '../filters/evaluate';
import { valuesAt } from '../filters/values';
import { searchStages } from '../engine/hooks';
import type { RawParams } from '../engine/params';
import { findMatches, type Matches } from '../engine/search';
import { isStopWord } from '../dictionaries/lookup';
import { requireTables, SUPPORTED_LANGUAGES } from '../dictionaries/standard';
import type { QueryOptions } from '../engine/options';
import { isDigits } from '../engine/vocabulary';
import type { Reason, WordMatch } from './types';
import { closestWord, holdsPhrase, type RecordField } from './words';

/** What the why-not analysis reads: the query as search ran it and the record as the query reads it. */
export interface WhyNotContext {
  readonly core: Core;
  readonly index: IndexState;
  readonly params: RawParams;
  readonly auth: Auth;
  readonly matches: Matches;
  readonly record: SearchRecord;
  readonly fields: readonly RecordField[];
  readonly words: readonly WordMatch[];
}

/** Parameters of a geo search: without them, geo leaves no record out. */
const GEO_PARAMETERS = [
  'aroundLatLng',
  'aroundLatLngViaIP',
  'aroundRadius',
  'insideBoundingBox',
  'insidePolygon',
  'minimumAroundRadius',
];

/**
 * Why a record that exists is not among a query's matches. Each cause is read where search
 * decides it: the words from the query's plans against the record's words, filters by the
 * filter evaluator on the record, the rest (geo, rules, typo mode, a virtual replica's
 * relevancy threshold) by running the search again without that one part.
 */
export function whyNot(ctx: WhyNotContext): Reason[] {
  const reasons: Reason[] = [...wordReasons(ctx), ...filterReasons(ctx)];
  const { options } = ctx.matches;
  if (
    GEO_PARAMETERS.some((name) => options.params[name] !== undefined) &&
    matchesWithout(ctx, (params) => GEO_PARAMETERS.forEach((name) => delete params[name]))
  ) {
    reasons.push({
      kind: 'geo',
      message: 'it lies outside the geo search area (aroundLatLng / aroundRadius / insideBoundingBox / insidePolygon)',
    });
  }
  reasons.push(...ruleReasons(ctx));
  if (reasons.length > 0) return reasons;
  if (
    (options.typoTolerance === 'min' || options.typoTolerance === 'strict') &&
    matchesWithout(ctx, (params) => (params.typoTolerance = true))
  ) {
    const figures = `typoTolerance: '${String(options.typoTolerance)}' keeps only the matches with the ${options.typoTolerance === 'min' ? 'fewest typos' : 'two lowest typo counts'}`;
    return [{ kind: 'typo-tolerance', message: `it matches with more typos than the best matches, and ${figures}` }];
  }
  if (ctx.index.virtual === true && matchesWithout(ctx, (params) => (params.relevancyStrictness = 0))) {
    return [
      {
        kind: 'relevancy-strictness',
        message: `it is less relevant than the virtual replica's relevancyStrictness (${String(options.params.relevancyStrictness ?? ctx.matches.ctx.settings.relevancyStrictness ?? 100)}) keeps`,
      },
    ];
  }
  return [
    {
      kind: 'unexplained',
      message:
        'search leaves it out, but no single cause could be isolated (please report it: the explainer should name one)',
    },
  ];
}

function wordReasons(ctx: WhyNotContext): Reason[] {
  const { matches, fields, words } = ctx;
  const reasons: Reason[] = [];
  for (const word of words) {
    if (word.excluded && word.matched) {
      reasons.push({
        kind: 'excluded-word',
        word: word.word,
        message: `it holds "${word.word}", which the query excludes (-${word.word})`,
      });
    }
  }
  const active = words.filter((w) => !w.excluded);
  const missing = active.filter((w) => !w.optional && !w.matched);
  for (const word of missing) reasons.push(withStopWordNote(ctx, word, missingWord(word, matches, fields)));
  if (active.length > 0 && active.every((w) => w.optional) && !active.some((w) => w.matched)) {
    reasons.push({ kind: 'no-word-matched', message: 'every query word is optional, and it holds none of them' });
  }
  // Quoted phrases: each word may be there, but not one after the other.
  const phrases = new Map<number, string[]>();
  for (const plan of matches.plans)
    if (plan.word.phrase >= 0 && !plan.word.excluded)
      phrases.set(plan.word.phrase, [...(phrases.get(plan.word.phrase) ?? []), plan.word.term]);
  for (const phrase of phrases.values()) {
    const allThere = phrase.every((term) => words.some((w) => w.word === term && w.matched));
    if (allThere && !holdsPhrase(fields, phrase))
      reasons.push({
        kind: 'word-not-found',
        word: phrase.join(' '),
        message: `it holds the words of "${phrase.join(' ')}", but not one after the other in one attribute`,
      });
  }
  return reasons;
}

function missingWord(word: WordMatch, matches: Matches, fields: readonly RecordField[]): Reason {
  const plan = matches.plans.find((p) => p.word.term === word.word && !p.word.excluded);
  const prefix = plan?.word.prefix ?? false;
  const hidden = fields.find(
    (field) =>
      !field.searchable && field.terms.some((term) => term === word.word || (prefix && term.startsWith(word.word))),
  );
  if (hidden) {
    return {
      kind: 'not-searchable',
      word: word.word,
      setting:
        matches.options.params.restrictSearchableAttributes === undefined
          ? 'searchableAttributes'
          : 'restrictSearchableAttributes',
      attribute: hidden.attribute,
      message: `"${word.word}" is only in ${hidden.attribute}, which this query does not search (searchableAttributes / restrictSearchableAttributes)`,
    };
  }
  const start = !prefix
    ? fields.find(
        (field) => field.searchable && field.terms.some((term) => term.startsWith(word.word) && term !== word.word),
      )
    : undefined;
  if (start) {
    const term = start.terms.find((t) => t.startsWith(word.word))!;
    return {
      kind: 'prefix-only',
      word: word.word,
      setting: 'queryType',
      closest: { word: term, attribute: start.attribute, typos: 0 },
      message: `"${word.word}" is only the start of "${term}" (${start.attribute}), and only the last query word is read as a prefix (queryType prefixLast)`,
    };
  }
  const closest = closestWord(fields, word.word, prefix);
  if (closest && closest.typos > 0 && closest.typos <= word.allowedTypos + 2) {
    const noTypo = fields.some(
      (field) =>
        field.searchable &&
        field.attribute === closest.attribute &&
        field.rule.noTypo &&
        field.terms.includes(closest.word),
    );
    const why =
      closest.typos <= word.allowedTypos && noTypo
        ? {
            setting: 'disableTypoToleranceOnAttributes',
            text: `typos are not allowed in ${closest.attribute} (disableTypoToleranceOnAttributes)`,
          }
        : typoBudgetWhy(word, plan?.word.phrase ?? -1, matches.options);
    return {
      kind: 'typo-over-limit',
      word: word.word,
      closest,
      allowedTypos: word.allowedTypos,
      setting: why.setting,
      message: `"${word.word}" is not in it; the nearest word, "${closest.word}" (${closest.attribute}), is ${closest.typos} typo${closest.typos === 1 ? '' : 's'} away, and ${why.text}`,
    };
  }
  return {
    kind: 'word-not-found',
    word: word.word,
    allowedTypos: word.allowedTypos,
    message: `"${word.word}" is not in any searchable attribute, even within ${word.allowedTypos} typo${word.allowedTypos === 1 ? '' : 's'}`,
  };
}

/** What sets a word's typo budget, the setting named first: a budget of 0 is most often a setting, not the word's length. */
function typoBudgetWhy(word: WordMatch, phrase: number, options: QueryOptions): { setting: string; text: string } {
  if (options.typoTolerance === false)
    return { setting: 'typoTolerance', text: 'typoTolerance is false: no word may have a typo' };
  if (phrase >= 0)
    return {
      setting: 'advancedSyntax',
      text: 'it is inside a quoted phrase, whose words match exactly (advancedSyntax)',
    };
  if (options.disableTypoToleranceOnWords.includes(word.word))
    return {
      setting: 'disableTypoToleranceOnWords',
      text: `disableTypoToleranceOnWords lists "${word.word}": it matches only as written`,
    };
  if (!options.allowTyposOnNumericTokens && isDigits(word.word))
    return {
      setting: 'allowTyposOnNumericTokens',
      text: 'allowTyposOnNumericTokens is false: a number matches only as written',
    };
  const n = word.allowedTypos;
  return {
    setting: n === 0 ? 'minWordSizefor1Typo' : 'minWordSizefor2Typos',
    text: `a ${word.word.length}-letter word may have ${n} typo${n === 1 ? '' : 's'} (minWordSizefor1Typo ${options.minWordSizefor1Typo}, minWordSizefor2Typos ${options.minWordSizefor2Typos})`,
  };
}

/**
 * A query word the record lacks that is a stop word: `removeStopWords` would have dropped it
 * from the query, but it is off, set for other languages, or the word is read as a prefix.
 */
function withStopWordNote(ctx: WhyNotContext, word: WordMatch, reason: Reason): Reason {
  const plan = ctx.matches.plans.find((p) => p.word.term === word.word && !p.word.excluded);
  if (!plan || plan.word.phrase >= 0) return reason;
  const settings = ctx.matches.ctx.settings;
  const read = (name: string) => ctx.params[name] ?? settings[name];
  const queryLanguages = listOf(read('queryLanguages'));
  const candidates = queryLanguages.length > 0 ? queryLanguages : SUPPORTED_LANGUAGES;
  const dictionaries = ctx.core.state.dictionaries;
  // Every table at once: one load, not one per language (explain() runs under withLoads).
  requireTables('stopwords', candidates);
  const languages = candidates.filter((language) => isStopWord(dictionaries, word.word, [language]));
  if (languages.length === 0) return reason;
  const removal = read('removeStopWords');
  const off = removal === undefined || removal === null || removal === false || removal === 'false';
  const listed = removal === true || removal === 'true' ? candidates : listOf(removal);
  const stop = `"${word.word}" is a stop word (${languages.join(', ')})`;
  const why = off
    ? `${stop}, and removeStopWords is off: the query keeps it, so a record must hold it`
    : plan.word.prefix
      ? `${stop}, but the last query word is read as a prefix, and removeStopWords never removes a prefix`
      : !languages.some((language) => listed.includes(language))
        ? `${stop}, but removeStopWords applies to ${listed.join(', ') || 'no language'} only`
        : undefined;
  return why === undefined ? reason : { ...reason, setting: 'removeStopWords', message: `${reason.message}; ${why}` };
}

const listOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string' && value !== '' && value !== 'true' && value !== 'false'
      ? value.split(',')
      : [];

/**
 * The filter groups the record fails, as the filter evaluator decides them. A group it would
 * pass if every attribute could be filtered on fails for a setting, not for the record's
 * values: that reason names the setting to change.
 */
function filterReasons({ matches, record }: WhyNotContext): Reason[] {
  const { ctx } = matches;
  const filter = searchStages.filter?.(ctx);
  if (!filter || filter(record).match) return [];
  const { required, context } = compileFilters(ctx.options.params, ctx.settings);
  const open: FilterContext = { ...context, facetable: () => true, numeric: () => 'all' };
  const reasons: Reason[] = [];
  const failed: string[] = [];
  for (const group of required.and) {
    if (group.some((leaf) => leafMatches(leaf, record, context))) continue;
    const blocked = group.filter((leaf) => leafMatches(leaf, record, open));
    if (blocked.length > 0) reasons.push(undeclared(blocked[0], group, record, context));
    else failed.push(group.map(printLeaf).join(' OR '));
  }
  if (failed.length > 0)
    reasons.unshift({
      kind: 'filter',
      filters: failed,
      message: `the filters leave it out: it fails ${failed.map((f) => `\`${f}\``).join(' and ')}`,
    });
  return reasons;
}

/** A filter the record's values pass, refused because a setting does not let it read the attribute. */
function undeclared(leaf: Leaf, group: OrGroup, record: SearchRecord, context: FilterContext): Reason {
  const filters = [group.map(printLeaf).join(' OR ')];
  const attribute = leaf.kind === 'tag' ? '_tags' : leaf.attribute;
  const value = JSON.stringify(valuesAt(record, attribute).find((v) => typeof v !== 'object') ?? null);
  const holds = `this record's ${attribute} is ${value}`;
  if (leaf.kind === 'facet') {
    return {
      kind: 'filter-not-declared',
      filters,
      setting: 'attributesForFaceting',
      attribute,
      message: `\`${printLeaf(leaf)}\` matches no record: ${attribute} is not in attributesForFaceting, and filters read only the attributes declared there (${holds}; add "filterOnly(${attribute})" or "${attribute}")`,
    };
  }
  const equalOnly = context.numeric(attribute) === 'equalOnly';
  return {
    kind: 'filter-not-declared',
    filters,
    setting: 'numericAttributesForFiltering',
    attribute,
    message: equalOnly
      ? `\`${printLeaf(leaf)}\` matches no record: numericAttributesForFiltering lists equalOnly(${attribute}), which takes = and != only (${holds})`
      : `\`${printLeaf(leaf)}\` matches no record: numericAttributesForFiltering does not list ${attribute}, and numeric filters read only the attributes it lists (${holds})`,
  };
}

/** A rule's hide, or a rule's change to the query (it matches with rules off). */
function ruleReasons(ctx: WhyNotContext): Reason[] {
  const applied = (ctx.matches.response.appliedRules as { objectID: string }[] | undefined) ?? [];
  if (applied.length === 0) return [];
  const objectID = ctx.record.objectID;
  for (const { objectID: ruleID } of applied) {
    const rule = ctx.index.rules.get(ruleID) as { consequence?: { hide?: { objectID: string }[] } } | undefined;
    if (rule?.consequence?.hide?.some((hidden) => hidden.objectID === objectID)) {
      return [{ kind: 'rule-hide', ruleID, message: `rule "${ruleID}" hides it` }];
    }
  }
  if (!matchesWithout(ctx, (params) => (params.enableRules = false))) return [];
  const ruleID = applied[0].objectID;
  return [
    {
      kind: 'rule',
      ruleID,
      message: `rule${applied.length > 1 ? 's' : ''} ${applied.map((r) => `"${r.objectID}"`).join(', ')} changed the query or its filters; without rules it matches`,
    },
  ];
}

/** Whether the record matches the same search with `change` made to its parameters. */
function matchesWithout(ctx: WhyNotContext, change: (params: RawParams) => void): boolean {
  const params = { ...ctx.params };
  change(params);
  const matches = findMatches(ctx.core, ctx.index, params, ctx.auth);
  try {
    return matches.sorted.some(
      (candidate) => candidate.info.doc.record.objectID === ctx.record.objectID && !candidate.unmatched,
    );
  } finally {
    matches.dispose();
  }
}
