import type { Core } from '../../core';
import { notImplemented } from '../../errors';
import type { Auth } from '../../route';
import type { IndexState } from '../../state';
import { retrieveAttributes } from '../retrieve';
import { effectiveSettings, type EffectiveSettings } from '../settings/effective';
import { requireIndex } from '../store';
import { attributeCriterionOn, attributeRules } from './attributes';
import { invertedIndexFor } from './cache';
import { distinctGroups } from './distinct';
import { geoQueryOf, matchGeo, type LatLng } from './geo';
import { highlightRecord } from './highlight';
import { FACET_PARAMETERS, FILTER_PARAMETERS, searchStages, type StageContext } from './hooks';
import type { InvertedIndex } from './inverted-index';
import { Marker } from './mark';
import { candidateIds, evaluate, planWords, type WordPlan } from './match';
import { resolveOptions, type QueryOptions } from './options';
import { pageWindow } from './paginate';
import { parseParams, SEARCH_PARAMETERS, type RawParams } from './params';
import { parseQuery, type QueryWord } from './query';
import { applyTypoMode, comparator, type Candidate } from './rank';
import { rankingInfo, userScoreOf } from './ranking-info';
import { buildResponse } from './response';
import { snippetRecord } from './snippet';

/** Where `aroundLatLngViaIP` places a client IP (the emulator cannot geolocate real addresses). */
export const ipLocations = new Map<string, LatLng>();
/** Used for IPs not in {@link ipLocations}: Paris, as a documented default. */
export const DEFAULT_IP_LOCATION: LatLng = { lat: 48.8566, lng: 2.3522 };

export interface SearchOptions {
  /** Add `index` to the response (multi-index queries). */
  readonly withIndexName?: boolean;
}

/** The matches of a query, ranked, before pagination. */
export interface Matches {
  readonly options: QueryOptions;
  readonly sorted: Candidate[];
  readonly plans: readonly WordPlan[];
  readonly inverted: InvertedIndex;
  readonly queryAfterRemoval?: string;
  readonly ctx: StageContext;
  readonly response: Record<string, unknown>;
}

/** Merges the key's forced parameters over the query's own (the key wins). */
export function withForcedParameters(params: RawParams, auth: Auth): RawParams {
  if (!auth.queryParameters) return params;
  const known = Object.fromEntries(Object.entries(auth.queryParameters).filter(([name]) => name in SEARCH_PARAMETERS));
  return { ...params, ...parseParams([known]) };
}

/**
 * Runs one search on one index and answers the response body. The pipeline:
 * rewrite -> retrieve -> filter -> match -> rank -> rerank -> facets -> distinct -> paginate -> decorate.
 */
export function runSearch(core: Core, indexName: string, params: RawParams, auth: Auth, search: SearchOptions = {}): Record<string, unknown> {
  const index = requireIndex(core.state, indexName);
  const matches = findMatches(core, index, withForcedParameters(params, auth), auth);
  const { options, sorted, ctx } = matches;
  const facets = wantsFacets(options) && searchStages.facets ? searchStages.facets(ctx, sorted) : {};
  const groups = distinctGroups(sorted, options.attributeForDistinct, options.distinct);
  const window = pageWindow(groups.length, options, auth.maxHitsPerQuery);
  const page = groups.slice(window.from, window.to);
  const hits = decorate(matches, page, auth);
  return buildResponse({
    core,
    options,
    indexName,
    withIndexName: search.withIndexName ?? false,
    hits,
    nbHits: groups.length,
    window,
    queryAfterRemoval: matches.queryAfterRemoval,
    parsedQuery: matches.plans.filter((p) => !p.word.excluded).map((p) => p.word.term).join(' '),
    extra: { ...matches.response, ...facets },
  });
}

const wantsFacets = (options: QueryOptions) => Array.isArray(options.params.facets) && (options.params.facets as unknown[]).length > 0;

/** Everything up to ranking: shared by search and (with its own options) browse. */
export function findMatches(core: Core, index: IndexState, params: RawParams, auth: Auth, settingsOverride?: Partial<EffectiveSettings>): Matches {
  const settings = { ...effectiveSettings(index), ...settingsOverride } as EffectiveSettings;
  let options = resolveOptions(settings, params);
  const response: Record<string, unknown> = {};
  let ctx: StageContext = { core, index, settings, options, auth };
  for (const rewrite of searchStages.rewrites) {
    const result = rewrite(ctx);
    if (result?.options) options = result.options;
    if (result?.response) Object.assign(response, result.response);
    ctx = { ...ctx, options };
  }
  assertSupported(options);
  const inverted = invertedIndexFor(core, index);
  const filter = searchStages.filter ? searchStages.filter(ctx) : null;
  const ipLocation = ipLocations.get(auth.ip) ?? DEFAULT_IP_LOCATION;
  const geo = geoQueryOf(options, ipLocation);
  if (options.aroundLatLngViaIP && !options.aroundLatLng) response.aroundLatLng = `${ipLocation.lat},${ipLocation.lng}`;
  const rules = attributeRules(inverted.paths, options);
  const attributeOn = attributeCriterionOn(options);
  const words = parseQuery(options, inverted.tokenizer);

  const run = (current: QueryWord[]) => {
    const plans = planWords(inverted, current, options);
    const ids = current.some((w) => !w.excluded) ? candidateIds(inverted, plans) : null;
    const out: Candidate[] = [];
    const consider = (id: number) => {
      const doc = inverted.doc(id);
      if (!doc) return;
      let filters = 0;
      if (filter) {
        const verdict = filter(doc.record);
        if (!verdict.match) return;
        filters = verdict.score;
      }
      let geoMatch;
      if (geo) {
        geoMatch = matchGeo(doc.record, geo);
        if (!geoMatch) return;
      }
      const info = evaluate(doc, plans, rules, options, attributeOn);
      if (info) out.push({ info, geo: geoMatch, filters });
    };
    if (ids) for (const id of ids) consider(id);
    else for (const doc of inverted.all()) consider(doc.id);
    return { plans, candidates: out };
  };

  let { plans, candidates } = run(words);
  let queryAfterRemoval: string | undefined;
  if (candidates.length === 0 && options.removeWordsIfNoResults !== 'none') {
    for (const attempt of removalAttempts(words, options.removeWordsIfNoResults)) {
      const result = run(attempt.words);
      if (result.candidates.length > 0) {
        ({ plans, candidates } = result);
        queryAfterRemoval = attempt.words
          .filter((w) => !w.excluded)
          .map((w) => (attempt.removed.has(w.index) ? `${options.highlightPreTag}${w.term}${options.highlightPostTag}` : w.term))
          .join(' ');
        break;
      }
    }
  }
  candidates = applyTypoMode(candidates, options.typoTolerance);
  let sorted = candidates.sort(comparator(options));
  for (const rerank of searchStages.rerank) {
    rerank(ctx, sorted);
    sorted = sorted.sort(comparator(options));
  }
  return { options, sorted, plans, inverted, queryAfterRemoval, ctx, response };
}

/** Filters and facets belong to stages other modules register; until then, say so. */
function assertSupported(options: QueryOptions): void {
  if (!searchStages.filter) {
    for (const name of FILTER_PARAMETERS) {
      const value = options.params[name];
      if (value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)) {
        throw notImplemented(`The search parameter \`${name}\``, 'filtering is not available yet');
      }
    }
  }
  if (!searchStages.facets && wantsFacets(options)) {
    throw notImplemented(`The search parameter \`${FACET_PARAMETERS[0]}\``, 'faceting is not available yet');
  }
}

/** The word sets `removeWordsIfNoResults` tries, in order: removed words become optional. */
function removalAttempts(words: readonly QueryWord[], mode: QueryOptions['removeWordsIfNoResults']): { words: QueryWord[]; removed: Set<number> }[] {
  const active = words.filter((w) => !w.excluded);
  if (active.length < 2 && mode !== 'allOptional') return [];
  const make = (removed: Set<number>) => ({ words: words.map((w) => ({ ...w, optional: w.optional || removed.has(w.index) })), removed });
  if (mode === 'allOptional') return [make(new Set(active.map((w) => w.index)))];
  const attempts = [];
  for (let k = 1; k < active.length; k++) {
    const chosen = mode === 'lastWords' ? active.slice(active.length - k) : active.slice(0, k);
    attempts.push(make(new Set(chosen.map((w) => w.index))));
  }
  return attempts;
}

/** Builds the hits of a page: retrieved attributes, highlight, snippet, ranking info. */
function decorate(matches: Matches, groups: readonly Candidate[][], auth: Auth): Record<string, unknown>[] {
  const { options, plans, inverted, ctx } = matches;
  const marker = new Marker(plans, inverted.tokenizer);
  const hidden = auth.admin || auth.acl.has('seeUnretrievableAttributes') ? [] : (ctx.settings.unretrievableAttributes ?? []);
  const wanted = options.params.attributesToRetrieve as string[] | undefined;
  const out: Record<string, unknown>[] = [];
  groups.forEach((group, groupIndex) => {
    for (const candidate of group) {
      const record = candidate.info.doc.record;
      const hit = retrieveAttributes(record, wanted, ctx.settings, auth);
      const highlight = options.attributesToHighlight?.length === 0 ? undefined : highlightRecord(marker, record, options);
      if (highlight && Object.keys(highlight).length > 0) hit._highlightResult = withoutHidden(highlight, hidden);
      if (options.attributesToSnippet.length > 0) hit._snippetResult = withoutHidden(snippetRecord(marker, record, options), hidden);
      if (options.distinct > 1 && options.attributeForDistinct) hit._distinctSeqID = groupIndex;
      if (options.getRankingInfo) {
        hit._rankingInfo = rankingInfo(candidate, userScoreOf(inverted, options.customRanking, record.objectID), options.enablePersonalization);
      }
      out.push(hit);
    }
  });
  return out;
}

function withoutHidden<T extends Record<string, unknown>>(tree: T, hidden: readonly string[]): T {
  if (hidden.length === 0) return tree;
  const copy = { ...tree };
  for (const name of hidden) delete copy[name];
  return copy;
}
