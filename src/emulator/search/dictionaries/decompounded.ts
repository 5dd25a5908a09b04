import type { TermExpander } from '../engine/inverted-index';
import { decompound } from './lookup';
import { COMPOUND_LANGUAGES } from './standard';
import type { DictionariesState } from './state';

const NONE_DISABLED = {};
const versions = new WeakMap<object, number>();
let nextVersion = 0;
/** A number per compounds dictionary version (its maps are replaced, never mutated). */
function versionOf(value: object): number {
  let version = versions.get(value);
  if (version === undefined) versions.set(value, (version = nextVersion++));
  return version;
}

/**
 * `decompoundedAttributes` as the index's term expander: words of those attributes are also
 * indexed as their parts (the index normalizes them), at the word's position. `key` changes with the setting and the
 * compounds dictionary, so the engine's index is rebuilt when either changes.
 */
export function decompoundedTerms(
  state: DictionariesState,
  setting: unknown,
): { key: string; expand: TermExpander } | undefined {
  if (!setting || typeof setting !== 'object') return undefined;
  const byAttribute = new Map<string, string[]>();
  for (const [language, attributes] of Object.entries(setting as Record<string, unknown>)) {
    if (!COMPOUND_LANGUAGES.includes(language) || !Array.isArray(attributes)) continue;
    for (const attribute of attributes) {
      if (typeof attribute === 'string') byAttribute.set(attribute, [...(byAttribute.get(attribute) ?? []), language]);
    }
  }
  if (byAttribute.size === 0) return undefined;
  const disabled = state.disableStandardEntries.compounds ?? NONE_DISABLED;
  const key = `${JSON.stringify([...byAttribute])}/${versionOf(state.custom.compounds)}/${versionOf(disabled)}`;
  const languagesOf = (path: string) => byAttribute.get(path) ?? byAttribute.get(path.split('.')[0]);
  const memo = new Map<string, readonly string[] | undefined>();
  const expand: TermExpander = (path, term) => {
    const languages = languagesOf(path);
    if (!languages || term.length < 4) return undefined;
    const id = `${languages.join(',')}\u0000${term}`;
    if (!memo.has(id)) memo.set(id, decompound(state, term, languages));
    return memo.get(id);
  };
  return { key, expand };
}
