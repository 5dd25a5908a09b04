import { badRequest } from '../../errors';
import { highlightText, ownerMatches, type HighlightValue } from './highlight';
import { kindOf, type SynonymHit } from './validate';
import { wordsOf } from './words';
import { integerInRange } from '../validate';
import { byObjectIDDescending } from '../tie-order';

/** The fields of a synonym the search endpoint looks into and highlights. */
const TEXT_FIELDS = ['synonyms', 'input', 'word', 'corrections', 'placeholder', 'replacements'] as const;

const DEFAULT_HITS_PER_PAGE = 100;

/**
 * The synonym search: every query word must occur in the synonym's texts (the last as a
 * prefix), optionally restricted to one type. Answers `{hits, nbHits}` like the service.
 */
export function searchSynonymHits(synonyms: ReadonlyMap<string, SynonymHit>, body: Record<string, unknown>) {
  for (const key of Object.keys(body)) {
    if (!['query', 'type', 'page', 'hitsPerPage'].includes(key)) throw badRequest(`Unknown parameter: ${key}`);
  }
  const query = body.query ?? '';
  if (typeof query !== 'string') throw badRequest('`query` must be a string');
  const page = integerInRange(body.page, 'page', 0, 0);
  const hitsPerPage = integerInRange(body.hitsPerPage, 'hitsPerPage', DEFAULT_HITS_PER_PAGE, 1, 1000);
  let typeFilter: string | undefined;
  if (body.type !== undefined && body.type !== null) {
    typeFilter = kindOf(body.type);
    if (!typeFilter) throw badRequest(`\`type\` must be a synonym type, got ${JSON.stringify(body.type)}`);
  }
  const queryWords = wordsOf(query);
  const matches = [...synonyms.values()].filter(
    (synonym) =>
      (typeFilter === undefined || kindOf(synonym.type) === typeFilter) && ownerMatches(synonym, textsOf, queryWords),
  );
  // Equally ranked synonyms come back as records do.
  matches.sort(byObjectIDDescending);
  const hits = matches.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((synonym) => ({
    ...synonym,
    _highlightResult: highlightSynonym(synonym, queryWords),
  }));
  return { hits, nbHits: matches.length };
}

function textsOf(synonym: SynonymHit): string[] {
  return TEXT_FIELDS.flatMap((field) => {
    const value = synonym[field];
    return typeof value === 'string' ? [value] : Array.isArray(value) ? (value as string[]) : [];
  });
}

function highlightSynonym(synonym: SynonymHit, queryWords: readonly string[]) {
  const out: Record<string, HighlightValue | HighlightValue[]> = {};
  for (const field of TEXT_FIELDS) {
    const value = synonym[field];
    if (typeof value === 'string') out[field] = highlightText(value, queryWords);
    else if (Array.isArray(value)) out[field] = (value as string[]).map((item) => highlightText(item, queryWords));
  }
  out.type = highlightText(synonym.type, []);
  return out;
}
