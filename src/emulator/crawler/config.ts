import { ApiError } from '../errors';
import { parseSettingsBody } from '../search/settings/parse';
import { isObject } from './body';
import { invalidRequest } from './errors';
import type { CrawlerConfig } from './state';

type Check = (value: unknown, path: string) => void;

const fail = (path: string, expected: string, value: unknown): never => {
  const shown = JSON.stringify(value) ?? String(value);
  throw invalidRequest(
    `Invalid configuration: \`${path}\` must be ${expected}, got ${shown.length > 60 ? `${shown.slice(0, 57)}...` : shown}`,
  );
};

const string: (max?: number) => Check = (max) => (value, path) => {
  if (typeof value !== 'string') fail(path, 'a string', value);
  if (max !== undefined && (value as string).length > max) fail(path, `a string of at most ${max} characters`, value);
};
const boolean: Check = (value, path) => {
  if (typeof value !== 'boolean') fail(path, 'a boolean', value);
};
const integer =
  (min: number, max: number): Check =>
  (value, path) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
      fail(path, `an integer from ${min} to ${max}`, value);
  };
const strings =
  (max: number, min = 0): Check =>
  (value, path) => {
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
      return fail(path, 'an array of strings', value);
    if (value.length > max || value.length < min)
      fail(path, `an array of ${min > 0 ? `${min} to ` : 'at most '}${max} strings`, value);
  };
const object: Check = (value, path) => {
  if (!isObject(value)) fail(path, 'an object', value);
};
const either =
  (expected: string, ...checks: Check[]): Check =>
  (value, path) => {
    for (const check of checks) {
      try {
        check(value, path);
        return;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
      }
    }
    fail(path, expected, value);
  };

/** `{ "__type": "function", "source": "..." }`, as the API stores an extractor. */
const functionObject: Check = (value, path) => {
  if (!isObject(value) || value.__type !== 'function' || typeof value.source !== 'string') {
    fail(
      path,
      'an object `{ "__type": "function", "source": "<JavaScript function>" }` (a function in direct calls)',
      value,
    );
  }
};

const FILE_TYPES = ['doc', 'email', 'html', 'odp', 'ods', 'odt', 'pdf', 'ppt', 'xls'];
const fileTypes: Check = (value, path) => {
  strings(100)(value, path);
  for (const type of value as string[])
    if (!FILE_TYPES.includes(type)) fail(path, `an array of ${FILE_TYPES.join(', ')}`, value);
};

const safetyChecks: Check = (value, path) => {
  object(value, path);
  const before = (value as Record<string, unknown>).beforeIndexPublishing;
  if (before === undefined) return;
  object(before, `${path}.beforeIndexPublishing`);
  const { maxLostRecordsPercentage, maxFailedUrls } = before as Record<string, unknown>;
  if (maxLostRecordsPercentage !== undefined)
    integer(0, 100)(maxLostRecordsPercentage, `${path}.beforeIndexPublishing.maxLostRecordsPercentage`);
  if (maxFailedUrls !== undefined && maxFailedUrls !== null)
    integer(0, Number.MAX_SAFE_INTEGER)(maxFailedUrls, `${path}.beforeIndexPublishing.maxFailedUrls`);
};

/** Index name -> settings, each a valid setSettings body. */
const initialIndexSettings: Check = (value, path) => {
  object(value, path);
  for (const [indexName, settings] of Object.entries(value as Record<string, unknown>)) {
    try {
      parseSettingsBody(settings);
    } catch (error) {
      if (error instanceof ApiError)
        throw invalidRequest(`Invalid configuration: \`${path}.${indexName}\`: ${error.message}`);
      throw error;
    }
  }
};

/**
 * An object whose known fields are checked (each optional unless `required`); fields it does
 * not list are kept as sent (the live API's examples spell some of them differently).
 */
const shape =
  (fields: Record<string, Check>, required: readonly string[] = []): Check =>
  (value, path) => {
    object(value, path);
    const item = value as Record<string, unknown>;
    for (const name of required)
      if (item[name] === undefined) throw invalidRequest(`Invalid configuration: \`${path}.${name}\` is required`);
    for (const [name, check] of Object.entries(fields))
      if (item[name] !== undefined) check(item[name], `${path}.${name}`);
  };

const headers: Check = (value, path) => {
  object(value, path);
  for (const [name, item] of Object.entries(value as Record<string, unknown>)) string()(item, `${path}.${name}`);
};

/** `{ min, max }` milliseconds a browser waits for a page (renderJavaScript, browser login). */
const waitTime = shape({ min: integer(0, 600_000), max: integer(0, 600_000) });

/** `cache: { enabled }` (OpenAPI `cache`). */
const cache = shape({ enabled: boolean });

/** `renderJavaScript`: a boolean, URL patterns, or `{ enabled, patterns, adBlock, waitTime }`. */
const renderJavaScript = either(
  'a boolean, an array of URL patterns or an object { enabled, patterns, adBlock, waitTime }',
  boolean,
  strings(9999),
  shape({ enabled: boolean, patterns: strings(9999), adBlock: boolean, waitTime }, ['enabled', 'patterns']),
);

const loginRequestOptions = shape({ method: string(), headers, body: string(), timeout: integer(0, 600_000) });

/**
 * `login`: an HTTP request (`url` and `requestOptions`), a browser login (`url`, `username`,
 * `password`), or an OAuth 2.0 client-credentials request (`accessTokenRequest`).
 */
const login: Check = (value, path) => {
  object(value, path);
  const item = value as Record<string, unknown>;
  if (item.accessTokenRequest !== undefined) {
    shape({ url: string(), scope: string(), extraParameters: object })(
      item.accessTokenRequest,
      `${path}.accessTokenRequest`,
    );
    const token = item.accessTokenRequest as Record<string, unknown>;
    for (const [camel, snake] of [
      ['url', 'url'],
      ['grantType', 'grant_type'],
      ['clientId', 'client_id'],
      ['clientSecret', 'client_secret'],
    ]) {
      const given = token[camel] ?? token[snake];
      if (given === undefined)
        throw invalidRequest(`Invalid configuration: \`${path}.accessTokenRequest.${camel}\` is required`);
      string()(given, `${path}.accessTokenRequest.${camel}`);
    }
    const grant = token.grantType ?? token.grant_type;
    if (grant !== 'client_credentials') fail(`${path}.accessTokenRequest.grantType`, '"client_credentials"', grant);
    return;
  }
  if (item.username !== undefined || item.password !== undefined) {
    shape({ url: string(), username: string(), password: string(), waitTime }, ['url', 'username', 'password'])(
      value,
      path,
    );
    return;
  }
  shape({ url: string(), requestOptions: loginRequestOptions }, ['url'])(value, path);
};

const requestOptions = shape({
  proxy: string(),
  timeout: integer(0, 600_000),
  retries: integer(0, 100),
  headers,
});

/** Fields an action and the configuration share (the docs place them at either level). */
const SHARED: Record<string, Check> = {
  discoveryPatterns: strings(100),
  hostnameAliases: object,
  pathAliases: object,
  cache,
};

const ACTION: Record<string, Check> = {
  ...SHARED,
  indexName: string(256),
  recordExtractor: functionObject,
  pathsToMatch: strings(100, 1),
  selectorsToMatch: strings(100),
  fileTypesToMatch: fileTypes,
  autoGenerateObjectIDs: boolean,
  name: string(),
  schedule: string(),
};

const action: Check = (value, path) => {
  object(value, path);
  checkFields(value as Record<string, unknown>, ACTION, path);
  for (const required of ['indexName', 'recordExtractor']) {
    if ((value as Record<string, unknown>)[required] === undefined)
      throw invalidRequest(`Invalid configuration: \`${path}.${required}\` is required`);
  }
  // The OpenAPI: an action's `name` is required when it has a `schedule` (its crawls are named after it).
  const { schedule, name } = value as Record<string, unknown>;
  if (schedule !== undefined && name === undefined)
    throw invalidRequest(`Invalid configuration: \`${path}.name\` is required when \`${path}.schedule\` is set`);
};

const actions: Check = (value, path) => {
  if (!Array.isArray(value) || value.length < 1 || value.length > 30)
    return fail(path, 'an array of 1 to 30 actions', value);
  value.forEach((item, i) => action(item, `${path}[${i}]`));
  const names = value.map((item: { name?: unknown }) => item.name).filter((name) => name !== undefined);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated !== undefined)
    throw invalidRequest(
      `Invalid configuration: two actions are named ${JSON.stringify(repeated)}: names must be unique`,
    );
};

/** Every top-level configuration property (OpenAPI `Configuration`, plus the older spellings the docs show). */
const CONFIG: Record<string, Check> = {
  ...SHARED,
  actions,
  apiKey: string(),
  appId: string(),
  exclusionPatterns: strings(100),
  externalData: strings(10),
  extraUrls: strings(9999),
  ignoreCanonicalTo: either('a boolean or an array of URL patterns', boolean, strings(9999)),
  ignoreNoFollowTo: boolean,
  ignoreNoIndex: boolean,
  ignorePaginationAttributes: boolean,
  ignoreQueryParams: strings(9999),
  ignoreRobotsTxtRules: boolean,
  indexPrefix: string(64),
  initialIndexSettings,
  linkExtractor: functionObject,
  login,
  maxDepth: integer(1, 100),
  maxUrls: integer(1, 15_000_000),
  rateLimit: integer(1, 100),
  renderJavaScript,
  requestOptions,
  safetyChecks,
  saveBackup: boolean,
  schedule: string(),
  sitemaps: strings(9999),
  startUrls: strings(9999),
  userAgent: string(),
};

function checkFields(value: Record<string, unknown>, fields: Record<string, Check>, path: string): void {
  for (const [key, item] of Object.entries(value)) {
    const check = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!check) throw invalidRequest(`Invalid configuration: unknown property \`${path}.${key}\``);
    if (item !== undefined) check(item, `${path}.${key}`);
  }
}

/** The properties a whole configuration needs (OpenAPI: `appId`, `rateLimit`, `actions`). */
const REQUIRED = ['appId', 'rateLimit', 'actions'] as const;

/**
 * Validates a configuration: a whole one (creation, PATCH of the crawler), or only the
 * top-level properties a PATCH of `/config` replaces (`partial`). 400 naming the property.
 */
export function validateConfig(value: unknown, partial = false): CrawlerConfig {
  if (!isObject(value)) throw invalidRequest('Invalid configuration: it must be a JSON object');
  checkFields(value, CONFIG, 'config');
  if (!partial) {
    for (const name of REQUIRED)
      if (value[name] === undefined) throw invalidRequest(`Invalid configuration: \`config.${name}\` is required`);
  }
  return value;
}

/** The extractor sources of a configuration, with where each sits (to compile them). */
export function extractorSources(config: CrawlerConfig): { path: string; source: string }[] {
  const out: { path: string; source: string }[] = [];
  const actionList = Array.isArray(config.actions) ? (config.actions as Record<string, unknown>[]) : [];
  actionList.forEach((item, i) => {
    const extractor = item.recordExtractor as { source?: unknown } | undefined;
    if (typeof extractor?.source === 'string')
      out.push({ path: `config.actions[${i}].recordExtractor`, source: extractor.source });
  });
  const link = config.linkExtractor as { source?: unknown } | undefined;
  if (typeof link?.source === 'string') out.push({ path: 'config.linkExtractor', source: link.source });
  return out;
}

/**
 * A direct call's configuration as the wire carries it: extractor functions become
 * `{ __type: 'function', source }`, the text the real API stores (so a function that uses
 * variables of the test fails as it would on the real service).
 */
export function withSources(config: unknown): unknown {
  if (!isObject(config)) return config;
  const out: Record<string, unknown> = { ...config };
  if (typeof out.linkExtractor === 'function') out.linkExtractor = sourceOf(out.linkExtractor);
  if (Array.isArray(out.actions)) {
    out.actions = out.actions.map((item: unknown) =>
      isObject(item) && typeof item.recordExtractor === 'function'
        ? { ...item, recordExtractor: sourceOf(item.recordExtractor) }
        : item,
    );
  }
  return out;
}

const sourceOf = (fn: unknown) => ({ __type: 'function', source: String(fn) });
