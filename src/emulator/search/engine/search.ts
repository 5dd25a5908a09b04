import type { Core } from '../../core';
import { notImplemented } from '../../errors';
import type { Auth } from '../../route';
import type { IndexState } from '../../state';
import { attributeRetriever } from '../retrieve';
import { effectiveSettings, type EffectiveSettings } from '../settings/effective';
import { requireIndex } from '../store';
import { attributeCriterionOn, attributeRules } from './attributes';
import { invertedIndexFor } from './cache';
import { distinctGroups } from './distinct';
import { explainQuery } from './explain';
import { geoMatcher, geoQueryOf, type GeoMatch, type LatLng } from './geo';
import { highlightRecord } from './highlight';
import {
  FACET_PARAMETERS,
  FILTER_PARAMETERS,
  searchStages,
  type FacetedMatches,
  type KeptDocs,
  type PostRank,
  type SearchOrigin,
  type SearchRedirect,
  type StageContext,
  type WordAlternative,
} from './hooks';
import { noWordsOrder, OrderedMatches } from './no-words';
import { hasBit } from './doc-bits';
import type { Doc, InvertedIndex } from './inverted-index';
import { Marker } from './mark';
import { MatchSet } from './match-set';
import { candidateIds, evaluate, planWords, termTable, type TermTable, type WordPlan } from './match';
import { resolveOptions, type QueryOptions } from './options';
import { giveBack } from './buffers';
import { matchPostings, postingsApply } from './postings-match';
import { pageWindow, type PageWindow } from './paginate';
import { applyPostRank } from './post-rank';
import { parseParams, SEARCH_PARAMETERS, type RawParams } from './params';
import { parseQuery, type QueryWord } from './query';
import { applyTypoMode, type Candidate } from './rank';
import { Ranking } from './ranked';
import { RankedMatches, type MatchesBase } from './ranked-matches';
import { rankingInfo, userScoreOf } from './ranking-info';
import { relevantSort } from './relevant-sort';
import { buildResponse } from './response';
import { snippetRecord } from './snippet';

/** Where `aroundLatLngViaIP` places a client IP (the emulator cannot geolocate real addresses). */
const ipLocations = new Map<string, LatLng>();
/** Used for IPs not in {@link ipLocations}: Paris, as a documented default. */
const DEFAULT_IP_LOCATION: LatLng = { lat: 48.8566, lng: 2.3522 };

export interface SearchOptions {
  /** Add `index` to the response (multi-index queries). */
  readonly withIndexName?: boolean;
  /** The request of a search an application sent: the search router may send it elsewhere (an A/B test). */
  readonly origin?: SearchOrigin;
}

/** The matches of a query, ranked, before pagination. */
export interface Matches {
  /** The query as sent, before rewrites (the response's `query`). */
  readonly query: string;
  readonly options: QueryOptions;
  /** What the hits are paginated from: ranked, relevant-sorted, promoted and hidden (sorted on first read). */
  readonly sorted: Candidate[];
  /** `sorted.length`, known without sorting. */
  readonly count: number;
  /** The first `k` entries of `sorted`, selected without sorting the rest when possible. */
  top(k: number): Candidate[];
  /** What facets count: the matches, without hidden or merely promoted records (candidates in ranking order only with distinct). */
  readonly faceted: FacetedMatches;
  /** Matches a virtual replica's relevancy threshold left out: counted in nbHits only. */
  readonly dropped: number;
  readonly plans: readonly WordPlan[];
  readonly inverted: InvertedIndex;
  readonly queryAfterRemoval?: string;
  readonly ctx: StageContext;
  readonly response: Record<string, unknown>;
  /** How the query was read: its words as parsed, after the word stages, and the stages' alternatives (the relevance explainer shows them). */
  readonly reading: QueryReading;
  /** Done with the matches: their columns' buffer serves the next query (nothing may read them after). */
  dispose(): void;
}

/** The query's words before and after the word stages (stop words), and the alternatives the stages offered. */
export interface QueryReading {
  readonly parsed: readonly QueryWord[];
  readonly words: readonly QueryWord[];
  readonly alternatives: readonly WordAlternative[];
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
export function runSearch(
  core: Core,
  indexName: string,
  params: RawParams,
  auth: Auth,
  search: SearchOptions = {},
): Record<string, unknown> {
  let index = requireIndex(core.state, indexName);
  const redirect = search.origin && searchStages.router?.(core, indexName, params, search.origin);
  if (redirect) index = requireIndex(core.state, redirect.indexName);
  const matches = findMatches(core, index, withForcedParameters(redirect?.params ?? params, auth), auth, {
    pageOnly: true,
  });
  try {
    const body = respond(core, index.name, matches, auth, search);
    return redirect ? redirected(body, indexName, redirect, matches.options.responseFields) : body;
  } finally {
    matches.dispose();
  }
}

/**
 * A redirected search's answer, under the index asked for: the redirect's fields first
 * (`responseFields` may drop all but `abTestVariantID`).
 */
function redirected(
  body: Record<string, unknown>,
  indexName: string,
  redirect: SearchRedirect,
  responseFields: readonly string[],
): Record<string, unknown> {
  const keep = (name: string) =>
    name === 'abTestVariantID' || responseFields.includes('*') || responseFields.includes(name);
  const out = Object.fromEntries(Object.entries(redirect.response).filter(([name]) => keep(name)));
  Object.assign(out, body);
  if (body.index !== undefined) out.index = indexName;
  return out;
}

/** The response body of a search's matches. */
function respond(
  core: Core,
  indexName: string,
  matches: Matches,
  auth: Auth,
  search: SearchOptions,
): Record<string, unknown> {
  const { options, ctx } = matches;
  const facets = wantsFacets(options) && searchStages.facets ? searchStages.facets(ctx, matches.faceted) : {};
  const { total, window, page } = pageOf(matches, auth);
  const hits = decorate(matches, page, auth);
  return buildResponse({
    core,
    options,
    indexName,
    withIndexName: search.withIndexName ?? false,
    hits,
    nbHits: total + matches.dropped,
    query: matches.query,
    window,
    queryAfterRemoval: matches.queryAfterRemoval,
    parsedQuery: matches.plans
      .filter((p) => !p.word.excluded)
      .map((p) => p.word.term)
      .join(' '),
    extra: { ...matches.response, ...facets },
  });
}

/** The page's groups of hits; without distinct, only the entries up to the page's end are ranked. */
function pageOf(matches: Matches, auth: Auth): { total: number; window: PageWindow; page: Candidate[][] } {
  const { options } = matches;
  if (options.distinct > 0 && options.attributeForDistinct !== null) {
    const groups = distinctGroups(matches.sorted, options.attributeForDistinct, options.distinct);
    const window = pageWindow(groups.length, options, auth.maxHitsPerQuery);
    return { total: groups.length, window, page: groups.slice(window.from, window.to) };
  }
  const window = pageWindow(matches.count, options, auth.maxHitsPerQuery);
  const page = matches
    .top(window.to)
    .slice(window.from)
    .map((candidate) => [candidate]);
  return { total: matches.count, window, page };
}

const wantsFacets = (options: QueryOptions) =>
  Array.isArray(options.params.facets) && (options.params.facets as unknown[]).length > 0;

/** How a caller reads a query's matches. */
export interface FindOptions {
  /** Settings over the index's own (browse). */
  readonly settingsOverride?: Partial<EffectiveSettings>;
  /** Only the count and one page are read (a search response): entries that cannot reach the page need not be listed. */
  readonly pageOnly?: boolean;
}

/** Everything up to ranking: shared by search and (with its own options) browse. */
export function findMatches(
  core: Core,
  index: IndexState,
  params: RawParams,
  auth: Auth,
  { settingsOverride, pageOnly = false }: FindOptions = {},
): Matches {
  const settings = (
    settingsOverride ? { ...effectiveSettings(index), ...settingsOverride } : effectiveSettings(index)
  ) as EffectiveSettings;
  let options = resolveOptions(settings, params);
  const query = options.query;
  const response: Record<string, unknown> = {};
  const postRanks: PostRank[] = [];
  let ctx: StageContext = { core, index, settings, options, auth };
  for (const rewrite of searchStages.rewrites) {
    const result = rewrite(ctx);
    if (result?.options) options = result.options;
    if (result?.response) Object.assign(response, result.response);
    if (result?.postRank) postRanks.push(result.postRank);
    ctx = { core, index, settings, options, auth };
  }
  assertSupported(options);
  const inverted = invertedIndexFor(core, index);
  const filter = searchStages.filter ? searchStages.filter(ctx) : null;
  const ipLocation = ipLocations.get(auth.ip) ?? DEFAULT_IP_LOCATION;
  const geo = geoQueryOf(options, ipLocation);
  const geoOf = geo ? geoMatcher(inverted, geo) : null;
  if (options.aroundLatLngViaIP && !options.aroundLatLng) response.aroundLatLng = `${ipLocation.lat},${ipLocation.lng}`;
  const rules = attributeRules(inverted.paths, options);
  const attributeOn = attributeCriterionOn(options);
  // Written out, not spread: a spread of the rewritten context cost 4% of a query matching nothing.
  const wordsCtx = { core, index, settings, options, auth, tokenizer: inverted.tokenizer };
  const parsed = parseQuery(options, inverted.tokenizer);
  let words = parsed;
  for (const rewrite of searchStages.wordRewrites) words = rewrite(wordsCtx, words);
  const alternatives = searchStages.alternatives.flatMap((stage) => stage(wordsCtx, words));
  const reading: QueryReading = { parsed, words, alternatives };
  const reranks = searchStages.rerank.filter((stage) => stage.applies(ctx));
  // Browse overrides the ranking and lists every record: no relevant sort there.
  const relevantSorted = index.virtual === true && !settingsOverride;
  const distinctOn = options.distinct > 0 && options.attributeForDistinct !== null;
  // Read only for a page, in an order typo leads, and by no stage: the postings need not list what ranks past the page.
  const readsPageOnly =
    pageOnly &&
    !filter &&
    !geo &&
    reranks.length === 0 &&
    postRanks.length === 0 &&
    !relevantSorted &&
    !distinctOn &&
    !wantsFacets(options);
  const listed =
    readsPageOnly && typoLeads(options)
      ? pageWindow(Number.MAX_SAFE_INTEGER, options, auth.maxHitsPerQuery).to
      : Infinity;

  // No word (the first render, a filter-only query): every doc the filters keep ties on every
  // textual criterion, so the matches are ranked by walking the custom-ranking order, not scored.
  if (
    words.length === 0 &&
    alternatives.length === 0 &&
    !geo &&
    reranks.length === 0 &&
    postRanks.length === 0 &&
    !relevantSorted &&
    !distinctOn
  ) {
    const kept = filter === null ? null : filter.docs?.(inverted);
    if (kept === null || (kept !== undefined && kept.score !== undefined)) {
      const explain = explainQuery(options.params.explain, [], alternatives);
      if (explain) response.explain = explain;
      const base: MatchesBase = {
        query,
        options,
        plans: [],
        inverted,
        queryAfterRemoval: undefined,
        ctx,
        response,
        reading,
        dispose: () => {},
      };
      return new OrderedMatches(base, noWordsOrder(options), kept);
    }
  }

  /**
   * The docs the filters keep, from the columns, once a query has more candidates than this;
   * fewer are cheaper to filter record by record than to set up a bitmap of every doc for.
   */
  let kept: KeptDocs | undefined;
  let keptAsked = false;
  const keptAmong = (candidates: number): KeptDocs | undefined => {
    if (!keptAsked && filter?.docs && candidates > FILTER_BY_COLUMNS) {
      keptAsked = true;
      kept = filter.docs(inverted);
    }
    return kept;
  };

  const created: MatchSet[] = [];
  const dispose = () => {
    for (const made of created) made.dispose();
  };
  const run = (current: QueryWord[]) => {
    const plans = planWords(inverted, current, options, alternatives);
    // Built on first use: a query the postings settle entirely evaluates no doc.
    let terms: TermTable | undefined;
    const table = () => (terms ??= termTable(inverted, plans));
    const details = (doc: Doc) => evaluate(doc, plans, table(), rules, options, attributeOn);
    const set = new MatchSet(inverted);
    created.push(set);
    /** Filter score and geo match of a doc, or null when filters or geo leave it out (by id: most candidates are ruled out without reading their doc). */
    const admit = (id: number): { filters: number; geo: GeoMatch | undefined } | null => {
      let filters = 0;
      if (filter && kept !== undefined) {
        if (!hasBit(kept.bits, id)) return null;
        filters = kept.score ?? filter(inverted.recordAt(id)!).score;
      } else if (filter) {
        const verdict = filter(inverted.recordAt(id)!);
        if (!verdict.match) return null;
        filters = verdict.score;
      }
      let geoMatch;
      if (geo) {
        geoMatch = geoOf!(id);
        if (!geoMatch) return null;
      }
      return { filters, geo: geoMatch };
    };
    const consider = (doc: Doc) => {
      const admitted = admit(doc.id);
      if (!admitted) return;
      const info = details(doc);
      if (info) set.add(doc.id, info, admitted.filters, admitted.geo);
    };
    if (postingsApply(inverted, plans)) {
      // The usual query: counted and ranked from the flat postings; `evaluate` only where they cannot say.
      const found = matchPostings(inverted, plans, { rules, options, attributeOn, listed });
      keptAmong(found.ids.length);
      if (!filter && !geo) {
        for (const id of set.adoptSettled(found)) consider(inverted.doc(id)!);
        return { plans, table, set };
      }
      set.reserve(found.ids.length);
      for (let k = 0; k < found.ids.length; k++) {
        const id = found.ids[k];
        if (k >= found.settled) {
          consider(inverted.doc(id)!);
          continue;
        }
        const admitted = admit(id);
        if (admitted)
          set.push(
            id,
            found.typos[k],
            found.words[k],
            found.proximity[k],
            found.firstMatchedWord[k],
            found.exactWords[k],
            admitted.filters,
            admitted.geo,
          );
      }
      giveBack(found.buffer);
    } else if (current.some((w) => !w.excluded)) {
      const ids = [...candidateIds(inverted, plans)];
      keptAmong(ids.length);
      for (const id of ids) {
        const doc = inverted.doc(id);
        if (doc) consider(doc);
      }
    } else {
      keptAmong(inverted.size);
      for (const doc of inverted.all()) consider(doc);
    }
    return { plans, table, set };
  };

  let { plans, table, set } = run(words);
  let queryAfterRemoval: string | undefined;
  if (set.count === 0 && options.removeWordsIfNoResults !== 'none') {
    for (const attempt of removalAttempts(words, options.removeWordsIfNoResults)) {
      const result = run(attempt.words);
      if (result.set.count > 0) {
        ({ plans, table, set } = result);
        queryAfterRemoval = attempt.words
          .filter((w) => !w.excluded)
          .map((w) =>
            attempt.removed.has(w.index) ? `${options.highlightPreTag}${w.term}${options.highlightPostTag}` : w.term,
          )
          .join(' ');
        break;
      }
    }
  }
  set = applyTypoMode(set, options.typoTolerance);
  if (reranks.length > 0) {
    const all = set.all();
    for (const stage of reranks) stage.run(ctx, all);
  }
  const explain = explainQuery(options.params.explain, plans, alternatives);
  if (explain) response.explain = explain;
  const ranking = new Ranking(options, set);
  const base: MatchesBase = { query, options, plans, inverted, queryAfterRemoval, ctx, response, reading, dispose };
  // The usual case: sort nothing up front; a page selects its top entries, facets count in any order.
  if (!relevantSorted && postRanks.length === 0) return new RankedMatches(base, ranking, distinctOn);
  let sorted = ranking.top();
  let dropped = 0;
  if (relevantSorted) {
    const relevant = relevantSort(core, index, settings, options, sorted);
    ({ sorted, dropped } = relevant);
    response.nbSortedHits = sorted.length;
    response.appliedRelevancyStrictness = relevant.strictness;
  }
  if (postRanks.length > 0) {
    const evaluateDoc = (doc: Doc) => evaluate(doc, plans, table(), rules, options, attributeOn);
    sorted = applyPostRank(ctx, postRanks, sorted, { inverted, filter, evaluate: evaluateDoc });
  }
  const matched = sorted.some((c) => c.unmatched) ? sorted.filter((c) => !c.unmatched) : sorted;
  // The doc ids only when facets ask for them.
  const faceted: FacetedMatches = {
    candidates: () => matched,
    get docs() {
      const ids = Int32Array.from(matched, (candidate) => candidate.info.doc.id);
      return { index: inverted, ids, count: ids.length };
    },
  };
  const ranked = sorted;
  return {
    query,
    options,
    plans,
    inverted,
    queryAfterRemoval,
    ctx,
    response,
    reading,
    dispose,
    sorted,
    faceted,
    count: sorted.length,
    top: (k: number) => ranked.slice(0, k),
    dropped,
  };
}

/** Candidates past which a query's filters are read from the columns (see `keptAmong`). */
const FILTER_BY_COLUMNS = 64;

/** Criteria with one value for every match of a one-word query without filters or geo: they never decide before typo. */
const UNDECIDING = new Set(['geo', 'words', 'filters', 'proximity']);

/** Whether typo is the first criterion that can decide, every typo count kept (typoTolerance true). */
function typoLeads(options: QueryOptions): boolean {
  if (options.typoTolerance !== true) return false;
  for (const criterion of options.ranking) {
    if (criterion === 'typo') return true;
    if (!UNDECIDING.has(criterion)) return false;
  }
  return false;
}

/** Filters and facets belong to stages `installSearchStages` registers; an engine without them says so. */
function assertSupported(options: QueryOptions): void {
  if (!searchStages.filter) {
    for (const name of FILTER_PARAMETERS) {
      const value = options.params[name];
      if (value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)) {
        throw notImplemented(
          `The search parameter \`${name}\``,
          'no filter stage is registered (createEmulator installs it)',
        );
      }
    }
  }
  if (!searchStages.facets && wantsFacets(options)) {
    throw notImplemented(
      `The search parameter \`${FACET_PARAMETERS[0]}\``,
      'no facet stage is registered (createEmulator installs it)',
    );
  }
}

/** The word sets `removeWordsIfNoResults` tries, in order: removed words become optional. */
function removalAttempts(
  words: readonly QueryWord[],
  mode: QueryOptions['removeWordsIfNoResults'],
): { words: QueryWord[]; removed: Set<number> }[] {
  const active = words.filter((w) => !w.excluded);
  if (active.length < 2 && mode !== 'allOptional') return [];
  const make = (removed: Set<number>) => ({
    words: words.map((w) => ({ ...w, optional: w.optional || removed.has(w.index) })),
    removed,
  });
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
  const marker = new Marker(plans, inverted.tokenizer, inverted.indexesAll ? undefined : inverted);
  const hidden =
    auth.admin || auth.acl.has('seeUnretrievableAttributes') ? [] : (ctx.settings.unretrievableAttributes ?? []);
  const retrieve = attributeRetriever(options.params.attributesToRetrieve as string[] | undefined, ctx.settings, auth);
  const out: Record<string, unknown>[] = [];
  groups.forEach((group, groupIndex) => {
    for (const candidate of group) {
      const record = candidate.info.doc.record;
      const hit = retrieve(record);
      const highlight =
        options.attributesToHighlight?.length === 0 ? undefined : highlightRecord(marker, record, options);
      if (highlight && hasKeys(highlight)) hit._highlightResult = withoutHidden(highlight, hidden);
      if (options.attributesToSnippet.length > 0)
        hit._snippetResult = withoutHidden(snippetRecord(marker, record, options), hidden);
      if (options.distinct > 1 && options.attributeForDistinct) hit._distinctSeqID = groupIndex;
      if (options.getRankingInfo) {
        hit._rankingInfo = rankingInfo(
          candidate,
          userScoreOf(inverted, options.customRanking, record.objectID),
          options.enablePersonalization,
        );
      }
      out.push(hit);
    }
  });
  return out;
}

/** `Object.keys(object).length > 0` without the array of keys. */
function hasKeys(object: object): boolean {
  for (const _ in object) return true;
  return false;
}

function withoutHidden<T extends Record<string, unknown>>(tree: T, hidden: readonly string[]): T {
  if (hidden.length === 0) return tree;
  const copy = { ...tree };
  for (const name of hidden) delete copy[name];
  return copy;
}
