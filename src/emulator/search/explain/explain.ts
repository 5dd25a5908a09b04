import type { Core } from '../../core';
import { badRequest, forbidden, messages } from '../../errors';
import { assertIndexAllowed, authenticate } from '../../gate';
import type { EmulatorRequest } from '../../request';
import type { Auth, Route } from '../../route';
import type { IndexState } from '../../state';
import { effectiveSettings } from '../settings/effective';
import { recordsOf, requireIndex } from '../store';
import { distinctGroups } from '../engine/distinct';
import { readPath } from '../engine/fields';
import { parseParams } from '../engine/params';
import type { Candidate } from '../engine/rank';
import { rankingInfo, userScoreOf } from '../engine/ranking-info';
import { findMatches, withForcedParameters, type Matches } from '../engine/search';
import { appliedTo } from './applied';
import { compareWith, criterionValues, orderingCriteria } from './order';
import { whyNot, type WhyNotContext } from './reasons';
import { render } from './text';
import type { Explanation, ExplainRequest, Reason, WordMatch } from './types';
import { recordFields, wordMatches } from './words';

const idOf = (candidate: Candidate) => candidate.info.doc.record.objectID;

/**
 * Why a record ranks where it does for a query, or why search leaves it out. Built from the
 * search pipeline itself (`findMatches`: the same rewrites, plans, filters, ranking and
 * post-rank steps a search runs) and the figures `_rankingInfo` shows, so it cannot disagree
 * with search. Reads state only: it is not a request (no journal entry, no analytics).
 */
export async function explain(core: Core, searchRoute: Route, request: ExplainRequest): Promise<Explanation> {
  if (request === null || typeof request !== 'object')
    throw badRequest('explain() takes { indexName, objectID, query, ...searchParameters }');
  const { indexName, objectID, apiKey, ...searchParameters } = request;
  if (typeof indexName !== 'string' || indexName === '') throw badRequest('explain() needs an `indexName`');
  if (typeof objectID !== 'string' || objectID === '')
    throw badRequest('explain() needs the `objectID` of the record to explain');
  core.settle();
  const auth = await authAs(core, searchRoute, apiKey);
  // The search's own right, checked without authorize(): explaining is no call the key's hourly limit counts.
  if (!auth.admin && !auth.acl.has('search')) throw forbidden(messages.methodNotAllowed);
  assertIndexAllowed(auth, indexName);
  const index = requireIndex(core.state, indexName);
  // getRankingInfo: the rules stage then reports the rules it applied.
  const params = withForcedParameters(parseParams([{ ...searchParameters, getRankingInfo: true }]), auth);
  const matches = findMatches(core, index, params, auth);
  try {
    return explainMatches({ core, index, params, auth, matches }, objectID);
  } finally {
    matches.dispose();
  }
}

/** One search as it ran: what the why-not analysis may run again without one part. */
type Run = Omit<WhyNotContext, 'record' | 'fields' | 'words'>;

function explainMatches(run: Run, objectID: string): Explanation {
  const { core, index, matches } = run;
  const { options } = matches;
  const { groups, hits, nbHits } = resultsOf(matches);
  const base = { indexName: index.name, objectID, query: matches.query, nbHits };
  const position = hits.findIndex((candidate) => idOf(candidate) === objectID);
  const candidate = position >= 0 ? hits[position] : matches.sorted.find((c) => idOf(c) === objectID && !c.unmatched);
  const record = candidate?.info.doc.record ?? recordsOf(core.state, index).get(objectID);
  if (!record) {
    const reasons: Reason[] = [{ kind: 'missing-record', message: `there is no record ${objectID} in ${index.name}` }];
    return finish({
      ...base,
      found: false,
      matched: false,
      criteria: [],
      words: [],
      reasons,
      applied: appliedTo(matches, index, undefined, undefined),
    });
  }
  const fields = recordFields(record, options, matches.inverted.tokenizer);
  const words = unretrievableMarked(wordMatches(matches.plans, matches.reading, fields, options), run);
  const applied = appliedTo(matches, index, fields, candidate);
  if (!candidate)
    return finish({
      ...base,
      found: false,
      matched: false,
      criteria: [],
      words,
      applied,
      reasons: whyNot({ ...run, record, fields, words }),
    });

  const criteria = orderingCriteria(options, index.virtual === true ? relevantSortOf(core, index, matches) : undefined);
  const info = rankingInfo(
    candidate,
    userScoreOf(matches.inverted, options.customRanking, objectID),
    options.enablePersonalization,
  );
  const figures = {
    matched: !candidate.unmatched,
    rankingInfo: info,
    criteria: criterionValues(criteria, candidate),
    words,
    applied,
  };
  if (position < 0)
    return finish({ ...base, found: false, ...figures, reasons: [distinctReason(groups, candidate, options)] });

  const neighbour = (at: number) => compareWith(criteria, candidate, hits[at], at, idOf(hits[at]));
  const neighbours = {
    ...(position > 0 ? { above: neighbour(position - 1) } : {}),
    ...(position + 1 < hits.length ? { below: neighbour(position + 1) } : {}),
  };
  const groupIndex = groups.findIndex((members) => members.includes(candidate));
  if (groupIndex >= options.paginationLimitedTo) {
    const reasons: Reason[] = [
      {
        kind: 'pagination-limit',
        message: `it is result ${groupIndex + 1}, past paginationLimitedTo (${options.paginationLimitedTo}): no page reaches it`,
      },
    ];
    return finish({ ...base, found: false, ...figures, ...neighbours, reasons });
  }
  const page = Math.floor(groupIndex / Math.max(1, options.hitsPerPage));
  return finish({ ...base, found: true, ...figures, position, page, ...neighbours, reasons: [] });
}

/** The results as search pages them: distinct groups (one hit each without distinct), the hits in order, nbHits. */
function resultsOf(matches: Matches): { groups: Candidate[][]; hits: Candidate[]; nbHits: number } {
  const { options, sorted } = matches;
  const distinctOn = options.distinct > 0 && options.attributeForDistinct !== null;
  const groups = distinctOn
    ? distinctGroups(sorted, options.attributeForDistinct, options.distinct)
    : sorted.map((candidate) => [candidate]);
  return { groups, hits: groups.flat(), nbHits: groups.length + matches.dropped };
}

/** A match distinct keeps from the results: the records of its group shown before it. */
function distinctReason(groups: readonly Candidate[][], candidate: Candidate, options: Matches['options']): Reason {
  const attribute = options.attributeForDistinct!;
  const value = JSON.stringify(readPath(candidate.info.doc.record, attribute));
  const group =
    groups.find((members) => JSON.stringify(readPath(members[0].info.doc.record, attribute)) === value) ?? [];
  const shown = group.map(idOf);
  const per = `${options.distinct} record${options.distinct === 1 ? '' : 's'} per ${attribute} value`;
  return {
    kind: 'distinct',
    setting: 'distinct',
    attribute,
    shownInstead: shown,
    message: `distinct keeps ${per}, and ${shown.join(', ')} rank${shown.length === 1 ? 's' : ''} before it`,
  };
}

/**
 * Marks the words a search key matched in an unretrievable attribute: its hits do not show the
 * attribute, so the text says where the match came from (the admin key sees every attribute).
 */
function unretrievableMarked(words: WordMatch[], run: Run): WordMatch[] {
  const hidden = run.matches.ctx.settings.unretrievableAttributes;
  if (run.auth.admin || !Array.isArray(hidden) || hidden.length === 0) return words;
  const names = new Set(hidden.filter((name): name is string => typeof name === 'string'));
  const isHidden = (attribute: string) =>
    [...names].some((name) => attribute === name || attribute.startsWith(`${name}.`));
  return words.map((word) =>
    word.matched && word.attribute !== undefined && isHidden(word.attribute) ? { ...word, unretrievable: true } : word,
  );
}

function finish(explanation: Omit<Explanation, 'text'>): Explanation {
  return { ...explanation, text: render(explanation) };
}

/** The auth a search with `apiKey` (default the admin key) gets: its forced parameters and restrictions. */
async function authAs(core: Core, searchRoute: Route, apiKey: unknown): Promise<Auth> {
  if (apiKey !== undefined && typeof apiKey !== 'string') throw badRequest('explain(): `apiKey` must be a string');
  const req: EmulatorRequest = {
    method: searchRoute.method,
    host: searchRoute.host,
    path: searchRoute.path,
    query: {},
    headers: {
      'x-algolia-application-id': core.options.appId,
      'x-algolia-api-key': apiKey ?? core.options.adminApiKey,
    },
    body: undefined,
    bodySize: 0,
  };
  return authenticate(core, req, searchRoute);
}

/** A virtual replica's relevant sort (as relevant-sort.ts orders it): its own customRanking, then its primary's formula. */
function relevantSortOf(core: Core, replica: IndexState, matches: Matches) {
  const primaryIndex = replica.primary === undefined ? undefined : core.state.indices.get(replica.primary);
  const primary = primaryIndex ? effectiveSettings(primaryIndex) : matches.ctx.settings;
  const customRanking = (matches.ctx.settings.customRanking as readonly string[] | undefined) ?? [];
  return {
    customRanking,
    primary: { ...matches.options, ranking: primary.ranking, customRanking: primary.customRanking ?? [] },
  };
}
