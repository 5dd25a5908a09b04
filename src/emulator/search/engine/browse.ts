import type { Core } from '../../core';
import { badRequest } from '../../errors';
import type { Auth } from '../../route';
import { requireIndex } from '../store';
import type { EffectiveSettings } from '../settings/effective';
import { attributeRetriever } from '../retrieve';
import { BROWSE_ONLY, encodeParams, parseParams, SEARCH_PARAMETERS, type RawParams } from './params';
import { findMatches, withForcedParameters } from './search';

/** Objects per browse call at most, and by default. */
const BROWSE_LIMIT = 1000;

interface CursorState {
  /** Parameters of the first call. */
  readonly p: RawParams;
  /** Offset of the next object. */
  readonly o: number;
}

/** Cursors are opaque to clients: base64 of the first call's parameters and the offset. */
function encodeCursor(state: CursorState): string {
  const json = JSON.stringify(state);
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function decodeCursor(cursor: string): CursorState {
  try {
    const binary = atob(cursor);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const state = JSON.parse(new TextDecoder().decode(bytes)) as CursorState;
    if (typeof state.o !== 'number' || state.p === null || typeof state.p !== 'object') throw new Error('shape');
    return state;
  } catch {
    throw badRequest('Invalid cursor');
  }
}

/** Settings every browse runs with: no relevance beyond custom ranking, no decoration. */
const BROWSE_SETTINGS: Partial<EffectiveSettings> = {
  ranking: ['attribute', 'custom'],
  attributesToHighlight: [],
  attributesToSnippet: [],
  distinct: 0,
  advancedSyntax: false,
  ignorePlurals: false,
  enableRules: false,
  enablePersonalization: false,
};

/**
 * Browse: the matching records in custom-ranking order, up to 1000 per call, with an
 * opaque `cursor` while more remain; `page`/`hitsPerPage` in the parameters page instead.
 */
export function runBrowse(
  core: Core,
  indexName: string,
  sources: readonly RawParams[],
  auth: Auth,
): Record<string, unknown> {
  const index = requireIndex(core.state, indexName);
  const given = parseParams(sources, { ...SEARCH_PARAMETERS, ...BROWSE_ONLY });
  const cursor = typeof given.cursor === 'string' && given.cursor !== '' ? decodeCursor(given.cursor) : undefined;
  const { cursor: _ignored, ...own } = given;
  void _ignored;
  const params = cursor ? cursor.p : own;
  const forced = withForcedParameters(params, auth);
  const {
    typoTolerance,
    getRankingInfo,
    facets,
    distinct,
    attributesToHighlight,
    attributesToSnippet,
    optionalFilters,
    ...effective
  } = forced;
  void [getRankingInfo, facets, distinct, attributesToHighlight, attributesToSnippet, optionalFilters];
  if (typoTolerance !== undefined) effective.typoTolerance = typoTolerance !== false;
  const matches = findMatches(core, index, effective, auth, { settingsOverride: BROWSE_SETTINGS });
  const { options, ctx, count } = matches;
  const hitsPerPage = Math.min(
    typeof forced.hitsPerPage === 'number' && forced.hitsPerPage > 0 ? forced.hitsPerPage : BROWSE_LIMIT,
    BROWSE_LIMIT,
  );
  const paged = !cursor && typeof own.page === 'number';
  const from = cursor ? cursor.o : paged ? (own.page as number) * hitsPerPage : 0;
  const to = Math.min(count, from + hitsPerPage);
  // Only the entries up to the page's end are ranked (the rest are counted).
  const retrieve = attributeRetriever(options.params.attributesToRetrieve as string[] | undefined, ctx.settings, auth);
  const hits = matches
    .top(to)
    .slice(from, to)
    .map((c) => retrieve(c.info.doc.record));
  matches.dispose();
  const body: Record<string, unknown> = {
    hits,
    nbHits: count,
    page: Math.floor(from / hitsPerPage),
    nbPages: Math.ceil(count / hitsPerPage),
    hitsPerPage,
    exhaustiveNbHits: true,
    exhaustive: { nbHits: true },
    query: options.query,
    params: encodeParams(params),
    processingTimeMS: 1,
    renderingContent: options.renderingContent,
  };
  if (!paged && to < count) body.cursor = encodeCursor({ p: params, o: to });
  return body;
}
