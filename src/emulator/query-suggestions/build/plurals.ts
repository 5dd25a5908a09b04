import type { Core } from '../../core';
import { pluralFormsOf } from '../../search/dictionaries/lookup';
import { SUPPORTED_LANGUAGES } from '../../search/dictionaries/standard';
import type { SuggestionsConfig } from '../state';
import { quote, type BuildLog } from './log';

/** The plural dictionaries a configuration's `languages` names (`true`: all of them). */
function pluralLanguages(config: SuggestionsConfig, log: BuildLog): string[] {
  if (config.languages === true) return SUPPORTED_LANGUAGES;
  if (config.languages === false) return [];
  const known = config.languages.filter((language) => SUPPORTED_LANGUAGES.includes(language));
  for (const language of config.languages) {
    if (!known.includes(language)) log.info(1, `language ${quote(language)} has no plural dictionary: it is ignored`);
  }
  return known;
}

/**
 * Singular and plural forms of one suggestion, word by word, share a key: each word stands for
 * the first (alphabetically) of its declensions in the application's plural dictionaries
 * (standard and custom entries, as `ignorePlurals` reads them).
 */
function pluralKey(core: Core, query: string, languages: readonly string[]): string {
  return query
    .split(' ')
    .map((word) => [word, ...pluralFormsOf(core.state.dictionaries, word, languages)].sort()[0])
    .join(' ');
}

/**
 * Keeps the most popular form of each group of singular / plural suggestions (ties: the
 * alphabetically first), in the order given; every other form is a SKIP line.
 */
export function dedupePlurals<T extends { readonly query: string; readonly popularity: number }>(
  core: Core,
  config: SuggestionsConfig,
  suggestions: readonly T[],
  log: BuildLog,
): T[] {
  if (config.languages === false || (Array.isArray(config.languages) && config.languages.length === 0))
    return [...suggestions];
  log.info(
    0,
    `de-duplicating singular and plural forms (languages: ${config.languages === true ? 'all' : config.languages.join(', ')})`,
  );
  const languages = pluralLanguages(config, log);
  const kept = new Map<string, T>();
  const ranked = [...suggestions].sort(
    (a, b) => b.popularity - a.popularity || (a.query < b.query ? -1 : a.query > b.query ? 1 : 0),
  );
  for (const suggestion of ranked) {
    const key = pluralKey(core, suggestion.query, languages);
    const winner = kept.get(key);
    if (winner)
      log.skip(
        1,
        `skipping query ${quote(suggestion.query)}: plural form of ${quote(winner.query)}, which is more popular`,
      );
    else kept.set(key, suggestion);
  }
  const winners = new Set(kept.values());
  return suggestions.filter((suggestion) => winners.has(suggestion));
}
