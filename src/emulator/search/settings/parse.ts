import { badRequest } from '../../errors';
import { LEGACY_SYNONYM_KEYS, READ_ONLY, SETTINGS_BY_ANY_NAME } from './catalogue';
import { parseLegacySynonyms, type LegacySynonyms } from './legacy-synonyms';
import { INVALID } from './types';

/** A validated setSettings body. */
export interface SettingsChange {
  /** Current name -> normalized value; `null` resets the setting to its default. */
  readonly values: Readonly<Record<string, unknown>>;
  /** Settings-level synonyms, when the body carries any. */
  readonly synonyms?: LegacySynonyms;
}

/**
 * Validates a whole setSettings body before anything is written: legacy names resolve to
 * current ones (the later key wins when both are sent), values are type-checked and
 * normalized, read-only keys from exports are ignored, and an unknown key is refused with
 * the service's message, whose column points at the key in the compact JSON the client sends.
 */
export function parseSettingsBody(body: unknown): SettingsChange {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('Invalid settings: the body must be a JSON object');
  }
  const values: Record<string, unknown> = {};
  let synonyms: LegacySynonyms | undefined;
  let column = 1; // 0-based offset of the next key in `JSON.stringify(body)`, after the `{`
  for (const [key, value] of Object.entries(body)) {
    const keyEnd = column + JSON.stringify(key).length;
    column = keyEnd + 1 + (JSON.stringify(value)?.length ?? 0) + 1;
    if (READ_ONLY.has(key)) continue;
    if ((LEGACY_SYNONYM_KEYS as readonly string[]).includes(key)) {
      parseLegacySynonyms(key as (typeof LEGACY_SYNONYM_KEYS)[number], value, (synonyms ??= {}));
      continue;
    }
    const spec = SETTINGS_BY_ANY_NAME.get(key);
    if (!spec) throw badRequest(`Invalid object attributes: ${key} near line:1 column:${keyEnd}`);
    if (value === null) {
      values[spec.name] = null;
      continue;
    }
    const parsed = spec.type.parse(value);
    if (parsed === INVALID) {
      throw badRequest(`Invalid value for setting \`${key}\`: expected ${spec.type.expected}, got ${describe(value)}`);
    }
    values[spec.name] = parsed;
  }
  return synonyms ? { values, synonyms } : { values };
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
