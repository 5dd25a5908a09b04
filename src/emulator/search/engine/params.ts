import { badRequest } from '../../errors';
import { checkExtensions } from './extensions';

/**
 * Search parameters as the service accepts them: from a JSON body (typed values), from a
 * URL-encoded `params` string or a query string (every value a string; arrays as comma
 * lists or JSON). Each known parameter is coerced to its type; an unknown one is a 400
 * `Unknown parameter: <name>`, as the service answers.
 */
export type RawParams = Record<string, unknown>;

type Coerce = (value: unknown, name: string) => unknown;

const fail = (name: string, expected: string) =>
  badRequest(`Invalid value for parameter \`${name}\`: expected ${expected}`);

const text: Coerce = (value, name) => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw fail(name, 'a string');
};

const integer =
  (min: number, max = Number.MAX_SAFE_INTEGER): Coerce =>
  (value, name) => {
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isInteger(number)) throw fail(name, 'an integer');
    if (number < min || number > max)
      throw badRequest(`Value of parameter \`${name}\` must be between ${min} and ${max}, got ${number}`);
    return number;
  };

const numeric: Coerce = (value, name) => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) throw fail(name, 'a number');
  return number;
};

const boolean: Coerce = (value, name) => {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  throw fail(name, 'a boolean');
};

/** Parses a JSON text if it looks like JSON, else returns it unchanged. */
function maybeJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!/^[[{]/.test(trimmed)) return value;
  try {
    return JSON.parse(trimmed);
  } catch {
    return value;
  }
}

const list: Coerce = (raw, name) => {
  const value = maybeJson(raw);
  if (Array.isArray(value)) {
    if (!value.every((item) => typeof item === 'string')) throw fail(name, 'an array of strings');
    return value;
  }
  if (typeof value === 'string') return value.trim() === '' ? [] : value.split(',').map((part) => part.trim());
  throw fail(name, 'an array of strings');
};

const oneOf =
  (...values: string[]): Coerce =>
  (value, name) => {
    if (typeof value === 'string' && values.includes(value)) return value;
    throw fail(name, `one of ${values.map((v) => `"${v}"`).join(', ')}`);
  };

/** Kept as sent (JSON-decoded when a string holds JSON): interpreted by their own stage. */
const passthrough: Coerce = (value) => maybeJson(value);

const object: Coerce = (raw, name) => {
  const value = maybeJson(raw);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw fail(name, 'an object');
  return value;
};

const extensions: Coerce = (raw, name) => {
  const value = object(raw, name) as Record<string, unknown>;
  checkExtensions(value);
  return value;
};

const typoTolerance: Coerce = (value, name) => {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  if (value === 'min' || value === 'strict') return value;
  throw fail(name, 'true, false, "min" or "strict"');
};

const boolOrList: Coerce = (raw, name) => {
  const value = maybeJson(raw);
  if (typeof value === 'boolean' || value === 'true' || value === 'false') return value === true || value === 'true';
  return list(value, name);
};

const distinct: Coerce = (value, name) => {
  if (value === true || value === 'true') return 1;
  if (value === false || value === 'false') return 0;
  return integer(0, 4)(value, name);
};

const aroundRadius: Coerce = (value, name) => (value === 'all' ? 'all' : integer(1)(value, name));

const aroundPrecision: Coerce = (raw, name) => {
  const value = maybeJson(raw);
  if (Array.isArray(value)) {
    return value.map((range) => {
      if (range === null || typeof range !== 'object') throw fail(name, 'a number or a list of {from, value} ranges');
      const { from, value: upper } = range as Record<string, unknown>;
      return {
        from: from === undefined ? 0 : numeric(from, name),
        value: upper === undefined ? Infinity : numeric(upper, name),
      };
    });
  }
  return integer(0)(value, name);
};

const numberMatrix =
  (arity: number): Coerce =>
  (raw, name) => {
    const value = maybeJson(raw);
    if (value === null) return null;
    const rows = typeof value === 'string' ? [value.split(',').map(Number)] : value;
    if (!Array.isArray(rows)) throw fail(name, 'a list of coordinates');
    const matrix = (rows.length > 0 && !Array.isArray(rows[0]) ? [rows] : rows) as unknown[];
    return matrix.map((row) => {
      if (!Array.isArray(row) || row.some((n) => typeof Number(n) !== 'number' || !Number.isFinite(Number(n))))
        throw fail(name, 'a list of coordinates');
      const numbers = row.map(Number);
      if (arity > 0 ? numbers.length !== arity : numbers.length < 6 || numbers.length % 2 !== 0) {
        throw fail(name, arity > 0 ? `groups of ${arity} numbers` : 'at least 3 points (6 numbers)');
      }
      return numbers;
    });
  };

const optionalWords: Coerce = (raw, name) => {
  const value = maybeJson(raw);
  if (value === null) return null;
  if (typeof value === 'string') return [value];
  return list(value, name);
};

/** Every parameter the search endpoints accept, with its coercion. */
export const SEARCH_PARAMETERS: Readonly<Record<string, Coerce>> = {
  query: text,
  similarQuery: text,
  // Filters, facets and their options: interpreted by the filter and facet stages.
  filters: passthrough,
  facetFilters: passthrough,
  optionalFilters: passthrough,
  numericFilters: passthrough,
  tagFilters: passthrough,
  sumOrFiltersScores: boolean,
  facets: list,
  facetingAfterDistinct: boolean,
  maxValuesPerFacet: integer(0, 1000),
  sortFacetValuesBy: oneOf('count', 'alpha'),
  restrictSearchableAttributes: list,
  // Pagination
  page: integer(0),
  hitsPerPage: integer(0, 1000),
  offset: integer(0),
  length: integer(0, 1000),
  // Geo
  aroundLatLng: text,
  aroundLatLngViaIP: boolean,
  aroundRadius,
  aroundPrecision,
  minimumAroundRadius: integer(1),
  insideBoundingBox: numberMatrix(4),
  insidePolygon: numberMatrix(0),
  // Languages and query processing
  naturalLanguages: list,
  queryLanguages: list,
  ignorePlurals: boolOrList,
  removeStopWords: boolOrList,
  decompoundQuery: boolean,
  queryType: oneOf('prefixLast', 'prefixAll', 'prefixNone'),
  removeWordsIfNoResults: oneOf('none', 'lastWords', 'firstWords', 'allOptional'),
  advancedSyntax: boolean,
  advancedSyntaxFeatures: list,
  optionalWords,
  disableExactOnAttributes: list,
  exactOnSingleWordQuery: oneOf('attribute', 'none', 'word'),
  alternativesAsExact: list,
  // Typos
  typoTolerance,
  minWordSizefor1Typo: integer(0),
  minWordSizefor2Typos: integer(0),
  allowTyposOnNumericTokens: boolean,
  disableTypoToleranceOnAttributes: list,
  // Ranking
  ranking: list,
  relevancyStrictness: integer(0, 100),
  minProximity: integer(1, 7),
  attributeCriteriaComputedByMinProximity: boolean,
  attributeCriteriaComputedBy: oneOf('minProximity', 'best', 'sum'),
  distinct,
  getRankingInfo: boolean,
  explain: list,
  enableRules: boolean,
  ruleContexts: list,
  synonyms: boolean,
  replaceSynonymsInHighlight: boolean,
  enablePersonalization: boolean,
  personalizationImpact: integer(0, 100),
  enableReRanking: boolean,
  reRankingApplyFilter: passthrough,
  mode: oneOf('neuralSearch', 'keywordSearch'),
  semanticSearch: object,
  // Hits
  attributesToRetrieve: list,
  attributesToHighlight: list,
  attributesToSnippet: list,
  highlightPreTag: text,
  highlightPostTag: text,
  snippetEllipsisText: text,
  restrictHighlightAndSnippetArrays: boolean,
  responseFields: list,
  renderingContent: object,
  // Analytics and identity
  userToken: text,
  clickAnalytics: boolean,
  analytics: boolean,
  analyticsTags: list,
  percentileComputation: boolean,
  enableABTest: boolean,
  eventSources: list,
  extensions,
};

/** Parameters only browse accepts. */
export const BROWSE_ONLY: Readonly<Record<string, Coerce>> = { cursor: text };

/** A POST body of search parameters: an object (fields and/or a `params` string), or nothing. */
export function paramsBody(body: unknown): RawParams {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('The body must be a JSON object');
  return body as RawParams;
}

/** Decodes a URL-encoded parameter string (`a=1&b=x%20y`; `+` is a space). */
export function decodeParamString(params: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(params)) out[key] = value;
  return out;
}

/**
 * Collects the parameters of one query: the `params` string first, then typed fields
 * (which win), checking names and types. `extra` names other accepted fields.
 */
export function parseParams(
  sources: readonly RawParams[],
  catalogue: Readonly<Record<string, Coerce>> = SEARCH_PARAMETERS,
  ignored: ReadonlySet<string> = new Set(),
): RawParams {
  const out: RawParams = {};
  for (const source of sources) {
    for (const [name, value] of Object.entries(source)) {
      if (value === undefined || ignored.has(name)) continue;
      if (name === 'params') {
        if (typeof value !== 'string') throw fail('params', 'a URL-encoded string');
        Object.assign(out, parseParams([decodeParamString(value)], catalogue, ignored));
        continue;
      }
      // Own keys only: `valueOf`, `constructor` or `__proto__` are unknown parameters, not methods.
      const coerce = Object.hasOwn(catalogue, name) ? catalogue[name] : undefined;
      if (!coerce) throw badRequest(`Unknown parameter: ${name}`);
      out[name] = value === null ? null : coerce(value, name);
    }
  }
  return out;
}

/**
 * The `params` string echoed in responses: every parameter used, form-encoded as the service
 * writes it (spaces as `+`, quotes as `%27`; CTS "search filters end to end" recorded
 * `filters=editor%3A%27visual+studio%27+OR+editor%3Aneovim`), lists and objects as JSON.
 */
export function encodeParams(params: RawParams): string {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined)
      form.append(wellFormed(name), wellFormed(typeof value === 'string' ? value : JSON.stringify(value)));
  }
  return form.toString();
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` with lone surrogates (half a character, e.g. a prefix cut inside an emoji) as U+FFFD, as URL encoding writes them. */
function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\ufffd');
}
