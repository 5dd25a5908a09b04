import type { Draft } from 'immer';
import { badRequest } from '../../errors';
import type { IndexState } from '../../state';

/**
 * Synonyms set through the settings, as before the synonyms API existed:
 * `synonyms` (groups of equivalent words), `placeholders` and `altCorrections`.
 * The service still accepts them and, without `getVersion=2`, prints the index's
 * synonyms back in that form. They are stored as ordinary synonym objects.
 */
export interface LegacySynonyms {
  synonyms?: string[][] | null;
  placeholders?: Record<string, string[]> | null;
  altCorrections?: { word: string; corrections: string[]; nbTypos: 1 | 2 }[] | null;
}

type SynonymObject = Record<string, unknown> & { objectID: string; type: string };

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

/** Validates one legacy key; the result goes into {@link LegacySynonyms}. */
export function parseLegacySynonyms(
  key: 'synonyms' | 'placeholders' | 'altCorrections',
  value: unknown,
  into: LegacySynonyms,
): void {
  if (value === null) {
    into[key] = null;
    return;
  }
  if (key === 'synonyms') {
    if (!Array.isArray(value) || !value.every(isStringArray)) {
      throw badRequest('Invalid value for setting `synonyms`: expected an array of arrays of strings');
    }
    into.synonyms = value;
  } else if (key === 'placeholders') {
    if (
      value === null ||
      typeof value !== 'object' ||
      Array.isArray(value) ||
      !Object.values(value).every(isStringArray)
    ) {
      throw badRequest(
        'Invalid value for setting `placeholders`: expected an object mapping placeholders to arrays of strings',
      );
    }
    into.placeholders = value as Record<string, string[]>;
  } else {
    const expected =
      'Invalid value for setting `altCorrections`: expected an array of {word, corrections, nbTypos} objects';
    if (!Array.isArray(value)) throw badRequest(expected);
    into.altCorrections = value.map((entry) => {
      const e = entry as Record<string, unknown>;
      const corrections =
        e && typeof e === 'object'
          ? isStringArray(e.corrections)
            ? e.corrections
            : typeof e.correction === 'string'
              ? [e.correction]
              : undefined
          : undefined;
      const nbTypos = e?.nbTypos ?? 1;
      if (!corrections || typeof e.word !== 'string' || (nbTypos !== 1 && nbTypos !== 2)) throw badRequest(expected);
      return { word: e.word, corrections, nbTypos };
    });
  }
}

/** Replaces the index's synonyms of the kinds given (a kind left out is untouched). */
export function applyLegacySynonyms(index: Draft<IndexState>, legacy: LegacySynonyms): void {
  const synonyms = index.synonyms as Map<string, Record<string, unknown>>;
  const replace = (types: readonly string[], entries: SynonymObject[]) => {
    for (const [id, synonym] of [...synonyms]) if (types.includes(String(synonym.type))) synonyms.delete(id);
    for (const entry of entries) synonyms.set(entry.objectID, entry);
  };
  if (legacy.synonyms !== undefined) {
    replace(
      ['synonym'],
      (legacy.synonyms ?? []).map((group, i) => ({ objectID: `syn-settings-${i}`, type: 'synonym', synonyms: group })),
    );
  }
  if (legacy.placeholders !== undefined) {
    replace(
      ['placeholder'],
      Object.entries(legacy.placeholders ?? {}).map(([placeholder, replacements], i) => ({
        objectID: `placeholder-settings-${i}`,
        type: 'placeholder',
        placeholder,
        replacements,
      })),
    );
  }
  if (legacy.altCorrections !== undefined) {
    replace(
      ['altcorrection1', 'altcorrection2'],
      (legacy.altCorrections ?? []).map((entry, i) => ({
        objectID: `altcorrection-settings-${i}`,
        type: `altcorrection${entry.nbTypos}`,
        word: entry.word,
        corrections: entry.corrections,
      })),
    );
  }
}

/** The index's synonyms in the settings form, for getSettings without `getVersion=2`; only kinds present. */
export function renderLegacySynonyms(
  synonyms: ReadonlyMap<string, Readonly<Record<string, unknown>>>,
): Record<string, unknown> {
  const groups: unknown[] = [];
  const placeholders: Record<string, unknown> = {};
  const altCorrections: unknown[] = [];
  for (const synonym of synonyms.values()) {
    if (synonym.type === 'synonym' && Array.isArray(synonym.synonyms)) groups.push([...synonym.synonyms]);
    else if (synonym.type === 'placeholder' && typeof synonym.placeholder === 'string')
      placeholders[synonym.placeholder] = synonym.replacements;
    else if (
      (synonym.type === 'altcorrection1' || synonym.type === 'altcorrection2') &&
      typeof synonym.word === 'string'
    ) {
      altCorrections.push({
        word: synonym.word,
        corrections: synonym.corrections,
        nbTypos: synonym.type === 'altcorrection1' ? 1 : 2,
      });
    }
  }
  const out: Record<string, unknown> = {};
  if (groups.length > 0) out.synonyms = groups;
  if (Object.keys(placeholders).length > 0) out.placeholders = placeholders;
  if (altCorrections.length > 0) out.altCorrections = altCorrections;
  return out;
}
