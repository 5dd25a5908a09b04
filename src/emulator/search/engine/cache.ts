import type { Core } from '../../core';
import type { IndexState, State } from '../../state';
import { decompoundedTerms } from '../dictionaries/decompounded';
import { effectiveSettings } from '../settings/effective';
import { recordsOf, replicaNames } from '../store';
import { placeholderTokens } from '../synonyms/expand';
import { searchableEntries } from './attributes';
import { InvertedIndex, type TermExpander } from './inverted-index';
import { normalizeConfigOf, normalizeKey } from './normalize';
import { cjkLocaleOf } from './segment';
import { languageKey, type TokenizerConfig } from './tokenize';

/**
 * Derived inverted indexes, per records owner (an index, or the primary its replicas read) and
 * tokenizer settings, held beside the core and never in the state tree. They follow the records
 * lazily: the next search after a write (or a `restore()`) syncs them by diff. Only what the
 * state still uses is kept: an owner's entries go once the owner is gone (deleted, `reset()`),
 * and its other settings' entries once a new one is built and no index of the owner uses them.
 */
interface CoreIndexes {
  /** The state's indices when owners were last checked: a write makes a new map. */
  indices: State['indices'] | undefined;
  readonly byOwner: Map<string, Map<string, InvertedIndex>>;
}

const caches = new WeakMap<Core, CoreIndexes>();

/** The inverted index serving `index` (a replica shares its primary's records). */
export function invertedIndexFor(core: Core, index: IndexState): InvertedIndex {
  const records = recordsOf(core.state, index);
  const { config, key, expand, searchable } = configOf(core, index);
  const owner = index.primary !== undefined && core.state.indices.has(index.primary) ? index.primary : index.name;
  const perOwner = ownerIndexes(core, owner);
  let inverted = perOwner.get(key);
  // A diff larger than the records now (after a reset, a replaced index) builds a new index instead.
  if (!inverted || !inverted.sync(records)) {
    inverted = new InvertedIndex(config, expand, searchable);
    perOwner.set(key, inverted);
    inverted.sync(records);
    dropUnusedSettings(core, owner, perOwner, key);
  }
  return inverted;
}

/** The indexes of `owner`, after dropping those of owners the state no longer holds. */
function ownerIndexes(core: Core, owner: string): Map<string, InvertedIndex> {
  let cache = caches.get(core);
  if (!cache) {
    cache = { indices: undefined, byOwner: new Map() };
    caches.set(core, cache);
  }
  const indices = core.state.indices;
  if (cache.indices !== indices) {
    for (const name of cache.byOwner.keys()) if (!indices.has(name)) cache.byOwner.delete(name);
    cache.indices = indices;
  }
  let perOwner = cache.byOwner.get(owner);
  if (!perOwner) {
    perOwner = new Map();
    cache.byOwner.set(owner, perOwner);
  }
  return perOwner;
}

/** Drops the owner's indexes for settings neither it nor its replicas have any more (`built` stays). */
function dropUnusedSettings(core: Core, owner: string, perOwner: Map<string, InvertedIndex>, built: string): void {
  if (perOwner.size === 1) return;
  const used = new Set([built]);
  const primary = core.state.indices.get(owner);
  if (primary) {
    used.add(configOf(core, primary).key);
    for (const name of replicaNames(primary.settings)) {
      const replica = core.state.indices.get(name);
      if (replica?.primary === owner) used.add(configOf(core, replica).key);
    }
  }
  for (const key of perOwner.keys()) if (!used.has(key)) perOwner.delete(key);
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

/** How many inverted indexes the core holds, per owner (tests check that gone indices free theirs). */
export function cachedIndexCounts(core: Core): Record<string, number> {
  const byOwner = caches.get(core)?.byOwner ?? new Map<string, Map<string, InvertedIndex>>();
  return Object.fromEntries([...byOwner].map(([owner, perOwner]) => [owner, perOwner.size]));
}
