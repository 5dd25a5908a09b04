import { ApiError } from '../errors';
import { invalidBody, suggestionsMessages } from './errors';
import type { FacetSpec, SourceIndexConfig, SuggestionsConfig } from './state';

/** The defaults the service documents for a source index. */
const DEFAULT_MIN_HITS = 5;
const DEFAULT_MIN_LETTERS = 4;

type Body = Record<string, unknown>;

const isObject = (value: unknown): value is Body =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const given = (value: unknown) => value !== undefined && value !== null;

/**
 * Validates a configuration body (create: `indexName` comes from the body; update: from the
 * path). The service's own checks keep its messages (empty index name, no source index, a
 * source without `indexName`, negative `minHits` / `minLetters`); type errors and invalid
 * `exclude` patterns are refused in the same `Invalid body "..."` form. Unknown fields are
 * ignored, as a JSON decoder into a fixed structure does.
 */
export function parseConfiguration(body: unknown, indexName: string | undefined): SuggestionsConfig {
  if (!isObject(body)) throw invalidBody('the body must be a JSON object');
  const name = indexName ?? body.indexName;
  if (given(name) && typeof name !== 'string') throw invalidBody('`indexName` must be a string');
  if (typeof name !== 'string' || name.trim() === '') throw new ApiError(400, suggestionsMessages.indexNameRequired);
  const sources = body.sourceIndices;
  if (given(sources) && !Array.isArray(sources)) throw invalidBody('`sourceIndices` must be an array');
  if (!Array.isArray(sources) || sources.length === 0) throw invalidBody(suggestionsMessages.sourceIndicesRequired);
  const sourceIndices = sources.map(parseSourceIndex);
  if (sourceIndices.some((source) => source.indexName === name)) {
    throw invalidBody('the Query Suggestions index cannot be one of its own source indices');
  }
  return {
    indexName: name,
    sourceIndices,
    languages: parseLanguages(body.languages),
    exclude: parseExclude(body.exclude),
    enablePersonalization: parseFlag(body.enablePersonalization, 'enablePersonalization'),
    allowSpecialCharacters: parseFlag(body.allowSpecialCharacters, 'allowSpecialCharacters'),
  };
}

function parseSourceIndex(raw: unknown): SourceIndexConfig {
  if (!isObject(raw)) throw invalidBody(suggestionsMessages.sourceIndexNameRequired);
  const indexName = raw.indexName;
  if (typeof indexName !== 'string' || indexName === '') throw invalidBody(suggestionsMessages.sourceIndexNameRequired);
  return {
    indexName,
    replicas: parseFlag(raw.replicas, 'replicas'),
    analyticsTags: parseStrings(raw.analyticsTags, 'analyticsTags'),
    facets: parseFacets(raw.facets),
    minHits: parseCount(raw.minHits, DEFAULT_MIN_HITS, suggestionsMessages.minHitsPositive, 'minHits'),
    minLetters: parseCount(raw.minLetters, DEFAULT_MIN_LETTERS, suggestionsMessages.minLettersPositive, 'minLetters'),
    generate: parseGenerate(raw.generate),
    external: parseStrings(raw.external, 'external', true),
  };
}

function parseCount(value: unknown, fallback: number, negative: string, name: string): number {
  if (!given(value)) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw invalidBody(`every source index \`${name}\` must be an integer`);
  if (value < 0) throw invalidBody(negative);
  return value;
}

function parseFlag(value: unknown, name: string): boolean {
  if (!given(value)) return false;
  if (typeof value !== 'boolean') throw invalidBody(`\`${name}\` must be a boolean`);
  return value;
}

/** A list of strings (`null` and absent are empty); `nonEmpty` refuses empty strings in it. */
function parseStrings(value: unknown, name: string, nonEmpty = false): string[] {
  if (!given(value)) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || (nonEmpty && item === ''))) {
    throw invalidBody(`\`${name}\` must be an array of ${nonEmpty ? 'index names' : 'strings'}`);
  }
  return value as string[];
}

function parseFacets(value: unknown): FacetSpec[] {
  if (!given(value)) return [];
  if (!Array.isArray(value)) throw invalidBody('`facets` must be an array of `{attribute, amount}` objects');
  return value.map((facet) => {
    if (!isObject(facet) || typeof facet.attribute !== 'string' || facet.attribute === '')
      throw invalidBody('every facet must have an `attribute`');
    if (!given(facet.amount)) return { attribute: facet.attribute };
    const amount = facet.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0)
      throw invalidBody('every facet `amount` must be a positive integer');
    return { attribute: facet.attribute, amount };
  });
}

function parseGenerate(value: unknown): string[][] {
  if (!given(value)) return [];
  const valid =
    Array.isArray(value) &&
    value.every(
      (group) =>
        Array.isArray(group) &&
        group.length > 0 &&
        group.every((attribute) => typeof attribute === 'string' && attribute !== ''),
    );
  if (!valid) throw invalidBody('`generate` must be an array of non-empty arrays of facet attributes');
  return value as string[][];
}

function parseLanguages(value: unknown): string[] | boolean {
  if (!given(value)) return [];
  if (typeof value === 'boolean') return value;
  return parseStrings(value, 'languages');
}

/** Every entry is a regular expression (a plain word is one too); one that does not compile is refused. */
function parseExclude(value: unknown): string[] {
  const patterns = parseStrings(value, 'exclude');
  for (const pattern of patterns) {
    try {
      new RegExp(pattern, 'u');
    } catch {
      throw invalidBody(`\`exclude\` holds an invalid regular expression: ${pattern}`);
    }
  }
  return patterns;
}
