import type { Core } from '../../core';
import type { IndexState } from '../../state';
import { decompoundedTerms } from '../dictionaries/decompounded';
import { effectiveSettings } from '../settings/effective';
import { recordsOf } from '../store';
import { placeholderTokens } from '../synonyms/expand';
import { InvertedIndex } from './inverted-index';
import { normalizeConfigOf, normalizeKey } from './normalize';
import type { TokenizerConfig } from './tokenize';

/**
 * Derived inverted indexes, one per (records owner, normalization settings), held beside the
 * core and never in the state tree. They follow the records lazily: the next search after a
 * write (or a `restore()`) syncs them by record identity.
 */
const caches = new WeakMap<Core, Map<string, InvertedIndex>>();

/** The inverted index serving `index` (a replica shares its primary's records). */
export function invertedIndexFor(core: Core, index: IndexState): InvertedIndex {
  const records = recordsOf(core.state, index);
  const config = tokenizerConfigOf(index);
  const owner = index.primary !== undefined && core.state.indices.has(index.primary) ? index.primary : index.name;
  const decompounded = decompoundedTerms(core.state.dictionaries, effectiveSettings(index).decompoundedAttributes);
  const key = [owner, normalizeKey(config), config.separators, config.placeholders?.join(' ') ?? '', decompounded?.key ?? ''].join('\u0000');
  let perCore = caches.get(core);
  if (!perCore) {
    perCore = new Map();
    caches.set(core, perCore);
  }
  let inverted = perCore.get(key);
  if (!inverted) {
    inverted = new InvertedIndex(config, decompounded?.expand);
    perCore.set(key, inverted);
  }
  inverted.sync(records);
  return inverted;
}

export function tokenizerConfigOf(index: Pick<IndexState, 'settings'> & Partial<Pick<IndexState, 'synonyms'>>): TokenizerConfig {
  const settings = effectiveSettings(index);
  const separators = typeof settings.separatorsToIndex === 'string' ? settings.separatorsToIndex : '';
  const placeholders = index.synonyms ? placeholdersOf(index.synonyms) : [];
  return { ...normalizeConfigOf(settings), separators, ...(placeholders.length > 0 ? { placeholders } : {}) };
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
