import type { IndexState } from '../../state';
import { SETTINGS } from './catalogue';
import { renderLegacySynonyms } from './legacy-synonyms';

/**
 * The getSettings body: the settings the service prints for any index (with their defaults),
 * then every setting set explicitly, in the service's order; `version`; `primary` for a
 * replica. Version 1 (no `getVersion=2`) also prints the index's synonyms in the old
 * settings form. Unset settings without a printed default are left out, as the service
 * leaves out nulls.
 */
export function renderSettings(index: IndexState, version: 1 | 2): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of SETTINGS) {
    const stored = index.settings[spec.name];
    const value = stored === undefined || stored === null ? (spec.shown ? spec.default : undefined) : stored;
    if (value !== undefined && value !== null) out[spec.name] = spec.render ? spec.render(value) : value;
    if (spec.name === 'maxValuesPerFacet') out.version = version;
  }
  if (version === 1) Object.assign(out, renderLegacySynonyms(index.synonyms));
  if (index.primary !== undefined) out.primary = index.primary;
  // A copy: callers of direct calls must not hold pieces of the immutable state tree.
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown>;
}
