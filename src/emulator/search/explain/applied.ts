import type { IndexState } from '../../state';
import type { Candidate } from '../engine/rank';
import type { Matches } from '../engine/search';
import type { Applied } from './types';
import { holdsPhrase, type RecordField } from './words';

/**
 * What changed the query: the rules that applied (the rules stage's `appliedRules`), the word
 * stages' removals (stop words) and alternatives (synonyms, plurals, compounds, each marked used
 * when the record holds it), `removeWordsIfNoResults`, and the record's personalization scores.
 */
export function appliedTo(
  matches: Matches,
  index: IndexState,
  fields: readonly RecordField[] | undefined,
  candidate: Candidate | undefined,
): Applied {
  const { reading, options } = matches;
  const used = (words: readonly string[]) => fields !== undefined && holdsPhrase(fields, words);
  const queryWords = (start: number, end: number) => reading.words.slice(start, end).map((w) => w.term);
  const synonyms: Applied['synonyms'][number][] = [];
  const plurals: Applied['plurals'][number][] = [];
  const decompounded: Applied['decompounded'][number][] = [];
  for (const alt of reading.alternatives) {
    const source = alt.source;
    if (source?.kind === 'synonym')
      synonyms.push({
        objectID: source.objectID,
        words: queryWords(alt.start, alt.end),
        alternative: alt.words,
        usedByRecord: used(alt.words),
      });
    else if (source?.kind === 'plural')
      plurals.push({
        word: queryWords(alt.start, alt.end).join(' '),
        form: alt.words.join(' '),
        usedByRecord: used(alt.words),
      });
    else if (source?.kind === 'decompound')
      decompounded.push({
        word: alt.words.join(' '),
        parts: queryWords(alt.start, alt.end),
        usedByRecord: used(alt.words),
      });
  }
  const kept = new Set(reading.words.map((w) => w.term));
  const stopWords = reading.parsed.filter((w) => !kept.has(w.term)).map((w) => w.term);
  const rules = ((matches.response.appliedRules as { objectID: string }[] | undefined) ?? []).map(({ objectID }) => ({
    objectID,
    effects: ruleEffects(index.rules.get(objectID)),
  }));
  const personalization =
    options.enablePersonalization && candidate
      ? (candidate.rerankInfo ?? { filtersScore: 0, rankingScore: 0, score: candidate.rerank ?? 0 })
      : undefined;
  const userToken = typeof options.params.userToken === 'string' ? options.params.userToken : undefined;
  return {
    rules,
    ...(options.query !== matches.query ? { queryAfterRules: options.query } : {}),
    stopWords,
    ...(matches.queryAfterRemoval !== undefined ? { queryAfterRemoval: matches.queryAfterRemoval } : {}),
    synonyms,
    plurals,
    decompounded,
    ...(personalization
      ? { personalization: { ...(userToken !== undefined ? { userToken } : {}), ...personalization } }
      : {}),
  };
}

/** What a rule's consequence does, in short phrases. */
function ruleEffects(rule: Readonly<Record<string, unknown>> | undefined): string[] {
  const consequence = (rule?.consequence ?? {}) as {
    params?: Record<string, unknown>;
    promote?: { objectID?: string; objectIDs?: string[]; position: number }[];
    hide?: { objectID: string }[];
    userData?: unknown;
    filterPromotes?: boolean;
  };
  const effects: string[] = [];
  for (const promotion of consequence.promote ?? [])
    effects.push(
      `promotes ${(promotion.objectIDs ?? [promotion.objectID]).join(', ')} to position ${promotion.position}`,
    );
  if (consequence.hide?.length) effects.push(`hides ${consequence.hide.map((h) => h.objectID).join(', ')}`);
  const params = consequence.params ?? {};
  if (typeof params.query === 'string') effects.push(`replaces the query with "${params.query}"`);
  else if (params.query !== undefined) effects.push('edits the query');
  for (const name of [
    'filters',
    'facetFilters',
    'numericFilters',
    'optionalFilters',
    'automaticFacetFilters',
    'automaticOptionalFacetFilters',
  ]) {
    if (params[name] !== undefined) effects.push(`sets ${name}`);
  }
  const others = Object.keys(params).filter(
    (name) => name !== 'query' && !/[fF]ilters$/.test(name) && name !== 'renderingContent',
  );
  if (others.length > 0) effects.push(`sets ${others.join(', ')}`);
  if (consequence.userData !== undefined) effects.push('returns userData');
  if (params.renderingContent !== undefined) effects.push('sets renderingContent');
  return effects;
}
