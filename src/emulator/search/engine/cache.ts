import type { Core } from '../../core';
import type { IndexState } from '../../state';
import { decompoundedTerms } from '../dictionaries/decompounded';
import { effectiveSettings } from '../settings/effective';
import { recordsOf } from '../store';
import { placeholderTokens } from '../synonyms/expand';
import { searchableEntries } from './attributes';
import { InvertedIndex, type TermExpander } from './inverted-index';
import { normalizeConfigOf, normalizeKey } from './normalize';
import { cjkLocaleOf } from './segment';
import { languageKey, type TokenizerConfig } from './tokenize';

/**
 * Derived inverted indexes, per records owner (an index, or the primary its replicas read) and
 * tokenizer settings, held beside the core and never in the state tree. They follow the records
 * lazily: the next search after a write (or a `restore()`) syncs them by diff.
 *
 * Besides the indexes the state uses, the {@link KEPT_UNUSED} last used others stay: a test that
 * deletes an index or changes its settings, then `restore()`s, finds its index again instead of
 * rebuilding it; older ones (indices gone with `reset()`, settings replaced) are dropped.
 */
interface CoreIndexes {
  /** By `owner \0 settings key`, least recently used first. */
  readonly entries: Map<string, InvertedIndex>;
  /** The key last used (moved to the end already). */
  last: string;
}

/** Indexes kept that no index of the state uses. */
const KEPT_UNUSED = 4;

const caches = new WeakMap<Core, CoreIndexes>();

/** The inverted index serving `index` (a replica shares its primary's records). */
export function invertedIndexFor(core: Core, index: IndexState): InvertedIndex {
  const records = recordsOf(core.state, index);
  const { config, expand, searchable } = configOf(core, index);
  const cacheKey = cacheKeyOf(core, index);
  let cache = caches.get(core);
  if (!cache) {
    cache = { entries: new Map(), last: '' };
    caches.set(core, cache);
  }
  let inverted = cache.entries.get(cacheKey);
  if (inverted && cache.last !== cacheKey) {
    cache.entries.delete(cacheKey);
    cache.entries.set(cacheKey, inverted);
  }
  cache.last = cacheKey;
  // A diff larger than the records now (after a reset, a replaced index) builds a new index instead.
  if (!inverted || !inverted.sync(records)) {
    inverted = new InvertedIndex(config, expand, searchable);
    cache.entries.delete(cacheKey);
    cache.entries.set(cacheKey, inverted);
    inverted.sync(records);
    dropUnused(core, cache.entries);
  }
  return inverted;
}

/** Which cached index serves `index`: its records' owner and its tokenizer settings. */
function cacheKeyOf(core: Core, index: IndexState): string {
  const owner = index.primary !== undefined && core.state.indices.has(index.primary) ? index.primary : index.name;
  return `${owner}\u0000${configOf(core, index).key}`;
}

/** Drops the least recently used indexes no index of the state uses, past {@link KEPT_UNUSED}. */
function dropUnused(core: Core, entries: Map<string, InvertedIndex>): void {
  // Each index of the state uses one entry at most: below this, nothing can be over the limit.
  if (entries.size <= core.state.indices.size + KEPT_UNUSED) return;
  const used = new Set<string>();
  for (const index of core.state.indices.values()) used.add(cacheKeyOf(core, index));
  let unused = 0;
  for (const key of entries.keys()) if (!used.has(key)) unused++;
  for (const key of entries.keys()) {
    if (unused <= KEPT_UNUSED) break;
    if (!used.has(key)) {
      entries.delete(key);
      unused--;
    }
  }
}

/** What an index's tokenizer depends on, with its cache key: per settings object, as long as its synonyms and the dictionaries stay the same objects. */
interface IndexConfig {
  readonly synonyms: IndexState['synonyms'];
  readonly dictionaries: Core['state']['dictionaries'];
  readonly config: TokenizerConfig;
  readonly key: string;
  readonly expand: TermExpander | undefined;
  /** The attributes indexed (see `InvertedIndex`); null: every one. */
  readonly searchable: readonly string[] | null;
}

const configs = new WeakMap<IndexState['settings'], IndexConfig>();

/** The tokenizer settings of `index`, computed once per settings, synonyms and dictionaries (states are immutable: a change makes new objects). */
function configOf(core: Core, index: IndexState): IndexConfig {
  const dictionaries = core.state.dictionaries;
  const known = configs.get(index.settings);
  if (known && known.synonyms === index.synonyms && known.dictionaries === dictionaries) return known;
  const config = tokenizerConfigOf(index);
  const settings = effectiveSettings(index);
  const decompounded = decompoundedTerms(dictionaries, settings.decompoundedAttributes);
  const searchable = searchableNames(settings.searchableAttributes);
  const key = [
    normalizeKey(config),
    config.separators,
    config.placeholders?.join(' ') ?? '',
    decompounded?.key ?? '',
    languageKey(config),
    searchable?.join(',') ?? '*',
  ].join('\u0000');
  const entry = { synonyms: index.synonyms, dictionaries, config, key, expand: decompounded?.expand, searchable };
  configs.set(index.settings, entry);
  return entry;
}

/** The attribute names `searchableAttributes` lists (modifiers and commas read), sorted; null when unset or empty (every attribute). */
function searchableNames(list: unknown): readonly string[] | null {
  if (!Array.isArray(list) || list.length === 0) return null;
  const names = searchableEntries(list.filter((entry): entry is string => typeof entry === 'string')).flatMap(
    (entry) => entry.names,
  );
  return names.length === 0 ? null : [...new Set(names)].sort();
}

function tokenizerConfigOf(
  index: Pick<IndexState, 'settings'> & Partial<Pick<IndexState, 'synonyms'>>,
): TokenizerConfig {
  const settings = effectiveSettings(index);
  const separators = typeof settings.separatorsToIndex === 'string' ? settings.separatorsToIndex : '';
  const placeholders = index.synonyms ? placeholdersOf(index.synonyms) : [];
  return {
    ...normalizeConfigOf(settings),
    separators,
    ...(placeholders.length > 0 ? { placeholders } : {}),
    ...languageConfigOf(settings),
  };
}

const stringsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * The language settings the tokenizer applies: CJK segmentation with the first of `zh`, `ja`,
 * `ko` in `indexLanguages` (in `queryLanguages` when `indexLanguages` is empty: records and
 * queries are always split alike); `camelCaseAttributes`; `attributesToTransliterate` (every
 * attribute when unset) when `indexLanguages` holds `ja`. Unset settings add nothing.
 */
function languageConfigOf(settings: {
  indexLanguages?: unknown;
  queryLanguages?: unknown;
  camelCaseAttributes?: unknown;
  attributesToTransliterate?: unknown;
}): Pick<TokenizerConfig, 'segment' | 'camelCase' | 'transliterate'> {
  const indexLanguages = stringsOf(settings.indexLanguages);
  const segment = cjkLocaleOf(indexLanguages.length > 0 ? indexLanguages : stringsOf(settings.queryLanguages));
  const camelCase = stringsOf(settings.camelCaseAttributes);
  const transliterate = indexLanguages.includes('ja')
    ? Array.isArray(settings.attributesToTransliterate)
      ? stringsOf(settings.attributesToTransliterate)
      : ['*']
    : [];
  return {
    ...(segment !== undefined ? { segment } : {}),
    ...(camelCase.length > 0 ? { camelCase } : {}),
    ...(transliterate.length > 0 ? { transliterate } : {}),
  };
}

const placeholderMemo = new WeakMap<IndexState['synonyms'], readonly string[]>();

/** Placeholder tokens per synonyms map (immutable: a write makes a new map). */
function placeholdersOf(synonyms: IndexState['synonyms']): readonly string[] {
  let tokens = placeholderMemo.get(synonyms);
  if (!tokens) {
    tokens = placeholderTokens({ synonyms }).sort();
    placeholderMemo.set(synonyms, tokens);
  }
  return tokens;
}

/** The cached inverted indexes' owners, least recently used first (tests check what is dropped). */
export function cachedIndexOwners(core: Core): string[] {
  return [...(caches.get(core)?.entries.keys() ?? [])].map((key) => key.split('\u0000')[0]);
}
