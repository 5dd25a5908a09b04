import type { Core } from '../../core';
import type { IndexState } from '../../state';
import { decompoundedTerms } from '../dictionaries/decompounded';
import { effectiveSettings } from '../settings/effective';
import type { RecordStore } from '../record-store';
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
 * An owner and settings may hold several versions: when no index it has can follow the records
 * by a diff (a test reset the emulator or emptied the index, then saved records of its own), a
 * new one is built and the others stay, so the `restore()` of a snapshot finds the index of its
 * records again instead of rebuilding it. Besides the index each owner and settings of the state
 * uses last, the {@link KEPT_SPARE} last used others stay (other versions; indices gone with a
 * `reset()` or deleted; settings replaced); older ones are dropped when an index is built.
 */
interface CoreIndexes {
  /** By `owner \0 settings key`: the versions, most recently used first. */
  readonly versions: Map<string, Cached[]>;
  /** The version last used. */
  last: Cached | undefined;
  /** Counts uses, for telling which spare version was used least recently. */
  uses: number;
}

interface Cached {
  readonly key: string;
  readonly inverted: InvertedIndex;
  /** The value of {@link CoreIndexes.uses} when last used. */
  used: number;
}

/** Indexes kept besides the one each owner and settings of the state uses. */
const KEPT_SPARE = 4;

const caches = new WeakMap<Core, CoreIndexes>();

/** The inverted index serving `index` (a replica shares its primary's records). */
export function invertedIndexFor(core: Core, index: IndexState): InvertedIndex {
  const records = recordsOf(core.state, index);
  const key = cacheKeyOf(core, index);
  const cache = cacheOf(core);
  const last = cache.last;
  // A search after a search: the index it used, the records unchanged.
  if (last !== undefined && last.inverted.source === records && last.key === key) return last.inverted;
  let versions = cache.versions.get(key);
  if (!versions) cache.versions.set(key, (versions = []));
  let found = following(versions, records);
  if (!found) {
    const { config, expand, searchable } = configOf(core, index);
    found = { key, inverted: new InvertedIndex(config, expand, searchable), used: 0 };
    found.inverted.sync(records);
    versions.unshift(found);
    dropSpare(core, cache);
  } else if (versions[0] !== found) {
    versions.splice(versions.indexOf(found), 1);
    versions.unshift(found);
  }
  found.used = ++cache.uses;
  cache.last = found;
  return found.inverted;
}

function cacheOf(core: Core): CoreIndexes {
  let cache = caches.get(core);
  if (!cache) caches.set(core, (cache = { versions: new Map(), last: undefined, uses: 0 }));
  return cache;
}

/**
 * The version of `versions` synced to `records`: one that holds them already, else the first of
 * them, closest in size first, whose diff to them is small enough to apply (see
 * `InvertedIndex.sync`); undefined when none can follow them.
 */
function following(versions: readonly Cached[], records: RecordStore): Cached | undefined {
  for (const version of versions) if (version.inverted.source === records) return version;
  const distance = (version: Cached) => Math.abs(version.inverted.source.size - records.size);
  // Sorting is stable: among versions as close, the most recently used first.
  for (const version of [...versions].sort((a, b) => distance(a) - distance(b)))
    if (version.inverted.sync(records)) return version;
  return undefined;
}

/** Which cached index serves `index`: its records' owner and its tokenizer settings. */
function cacheKeyOf(core: Core, index: IndexState): string {
  const owner = index.primary !== undefined && core.state.indices.has(index.primary) ? index.primary : index.name;
  return `${owner}\u0000${configOf(core, index).key}`;
}

/**
 * Drops the least recently used versions past {@link KEPT_SPARE}, among those no index of the
 * state uses (every version of an owner and settings the state does not use; the versions of
 * one it uses but the one used last).
 */
function dropSpare(core: Core, cache: CoreIndexes): void {
  let count = 0;
  for (const versions of cache.versions.values()) count += versions.length;
  // Each index of the state uses one version at most: below this, nothing can be over the limit.
  if (count <= core.state.indices.size + KEPT_SPARE) return;
  const used = new Set<string>();
  for (const index of core.state.indices.values()) used.add(cacheKeyOf(core, index));
  const spare: Cached[] = [];
  for (const [key, versions] of cache.versions)
    for (let i = used.has(key) ? 1 : 0; i < versions.length; i++) spare.push(versions[i]);
  spare.sort((a, b) => a.used - b.used);
  for (const version of spare.slice(0, Math.max(0, spare.length - KEPT_SPARE))) {
    const versions = cache.versions.get(version.key)!;
    versions.splice(versions.indexOf(version), 1);
    if (versions.length === 0) cache.versions.delete(version.key);
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
  const cached = [...(caches.get(core)?.versions.values() ?? [])].flat().sort((a, b) => a.used - b.used);
  return cached.map((version) => version.key.split('\u0000')[0]);
}
