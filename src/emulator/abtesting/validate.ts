import type { Core } from '../core';
import { ApiError, badRequest, messages, notFound, notImplemented } from '../errors';
import { parseParams } from '../search/engine/params';
import { abtestingMessages, invalidField } from './errors';
import { BAYESIAN_METRICS, METRIC_NAMES, DIMENSION_METRICS } from './metrics';
import type { StoredVariant, TestMetric } from './state';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The body as an object with only `allowed` fields (the OpenAPI's `additionalProperties: false`). */
export function readObject(value: unknown, path: string, allowed: readonly string[]): Json {
  if (!isObject(value)) {
    if (path === 'body') throw badRequest(abtestingMessages.bodyNotObject);
    throw invalidField(path, 'an object');
  }
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw badRequest(`Unknown field \`${path === 'body' ? key : `${path}.${key}`}\``);
  }
  return value;
}

export function readString(
  value: unknown,
  path: string,
  { required = false, nonEmpty = false } = {},
): string | undefined {
  if (value === undefined) {
    if (required) throw badRequest(`Missing \`${path}\``);
    return undefined;
  }
  if (typeof value !== 'string' || (nonEmpty && value === '')) throw invalidField(path, 'a non-empty string');
  return value;
}

function readBoolean(value: unknown, path: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalidField(path, 'a boolean');
  return value;
}

/** The version's rules on variants: v2 takes exactly two, each 0 to 100 %; v3 two or more, 1 to 99 %. */
export interface VariantRules {
  readonly version: 2 | 3;
}

/** Reads `variants`: indices that exist, percentages adding up to 100, search parameters the engine accepts. */
export function readVariants(core: Core, value: unknown, { version }: VariantRules): StoredVariant[] {
  if (!Array.isArray(value)) throw invalidField('variants', 'an array');
  if (version === 2 && value.length !== 2) throw invalidField('variants', 'exactly 2 variants');
  if (value.length < 2) throw invalidField('variants', 'at least 2 variants');
  const [min, max] = version === 2 ? [0, 100] : [1, 99];
  const variants = value.map((raw, i): StoredVariant => {
    const path = `variants[${i}]`;
    const entry = readObject(raw, path, ['index', 'trafficPercentage', 'description', 'customSearchParameters']);
    const index = readString(entry.index, `${path}.index`, { required: true, nonEmpty: true })!;
    const traffic = entry.trafficPercentage;
    if (typeof traffic !== 'number' || !Number.isInteger(traffic) || traffic < min || traffic > max)
      throw invalidField(`${path}.trafficPercentage`, `an integer from ${min} to ${max}`);
    const description = readString(entry.description, `${path}.description`) ?? '';
    const variant: { -readonly [K in keyof StoredVariant]: StoredVariant[K] } = {
      index,
      trafficPercentage: traffic,
      description,
    };
    if (entry.customSearchParameters !== undefined) {
      variant.customSearchParameters = readSearchParameters(entry.customSearchParameters, path);
    }
    return variant;
  });
  const sum = variants.reduce((total, variant) => total + variant.trafficPercentage, 0);
  if (sum !== 100) throw badRequest(abtestingMessages.trafficSum(sum));
  for (const variant of variants) {
    if (!core.state.indices.has(variant.index)) throw notFound(messages.indexNotFound);
  }
  return variants;
}

/** A variant's search parameters: what a search would accept (the same 400 otherwise). */
function readSearchParameters(value: unknown, path: string): Json {
  if (!isObject(value)) throw invalidField(`${path}.customSearchParameters`, 'an object');
  try {
    parseParams([value]);
  } catch (error) {
    if (error instanceof ApiError) throw badRequest(`Invalid \`${path}.customSearchParameters\`: ${error.message}`);
    throw error;
  }
  return value;
}

/** An RFC 3339 date and time (`2024-06-17T00:00:00Z`, with or without fractions or an offset). */
export function readDateTime(value: unknown, path: string): { text: string; at: number } {
  const text = readString(value, path, { required: true, nonEmpty: true })!;
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(at)) throw invalidField(path, 'a date and time in RFC 3339 format');
  return { text, at };
}

/** v3's `metrics`: names the API lists, a currency dimension where the metric takes one. */
export function readMetrics(value: unknown): TestMetric[] {
  if (!Array.isArray(value)) throw invalidField('metrics', 'an array');
  return value.map((raw, i) => {
    const path = `metrics[${i}]`;
    const entry = readObject(raw, path, ['name', 'dimension']);
    const name = readString(entry.name, `${path}.name`, { required: true, nonEmpty: true })!;
    if (!METRIC_NAMES.has(name)) throw invalidField(`${path}.name`, `one of ${[...METRIC_NAMES].join(', ')}`);
    const dimension = readString(entry.dimension, `${path}.dimension`, { nonEmpty: true });
    if (dimension !== undefined && !DIMENSION_METRICS.has(name))
      throw badRequest(`Invalid \`${path}.dimension\`: the metric ${name} takes no dimension`);
    if (dimension === undefined && DIMENSION_METRICS.has(name))
      throw badRequest(`Missing \`${path}.dimension\`: the metric ${name} needs a currency`);
    return dimension === undefined ? { name } : { name, dimension };
  });
}

const EFFECT_METRICS = new Set([
  'addToCartRate',
  'clickThroughRate',
  'conversionRate',
  'purchaseRate',
  'noResultsRate',
  'addToCartUsersRate',
  'clickedUsersRate',
  'convertedUsersRate',
  'purchaseUsersRate',
]);

/** `minimumDetectableEffect`: a size from 0 to 1 and a metric (v2 knows the first four). */
export function readEffect(value: unknown, path: string, version: 2 | 3): { size: number; metric: string } {
  const entry = readObject(value, path, ['size', 'metric']);
  const size = entry.size;
  if (typeof size !== 'number' || !(size >= 0 && size <= 1)) throw invalidField(`${path}.size`, 'a number from 0 to 1');
  const metric = readString(entry.metric, `${path}.metric`, { required: true })!;
  const known = version === 2 ? [...EFFECT_METRICS].slice(0, 4) : [...EFFECT_METRICS];
  if (!known.includes(metric)) throw invalidField(`${path}.metric`, `one of ${known.join(', ')}`);
  return { size, metric };
}

/** v2's outlier, empty-search and feature filters (`configuration` of an estimate). */
export function readV2Filters(config: Json): { outliers: boolean; emptySearch: boolean } {
  const outliers =
    config.outliers === undefined ? {} : readObject(config.outliers, 'configuration.outliers', ['exclude']);
  const empty =
    config.emptySearch === undefined ? {} : readObject(config.emptySearch, 'configuration.emptySearch', ['exclude']);
  if (config.featureFilters !== undefined) {
    const features = readObject(config.featureFilters, 'configuration.featureFilters', [
      'dynamicReRanking',
      'aiPerso',
      'multiSignalRanking',
    ]);
    for (const [name, flag] of Object.entries(features)) readBoolean(flag, `configuration.featureFilters.${name}`);
  }
  return {
    outliers: readBoolean(outliers.exclude, 'configuration.outliers.exclude') ?? true,
    emptySearch: readBoolean(empty.exclude, 'configuration.emptySearch.exclude') ?? false,
  };
}

/** The v3 population filters the emulator applies: outliers (`abtesting` / `isOutlier`). */
export function readV3Filters(value: unknown, path: string): Json[] {
  if (!Array.isArray(value)) throw invalidField(path, 'an array');
  return value.map((raw, i) => {
    const entry = readObject(raw, `${path}[${i}]`, ['domain', 'name', 'trackEffects', 'includes']);
    const domain = readString(entry.domain, `${path}[${i}].domain`, { required: true, nonEmpty: true });
    const name = readString(entry.name, `${path}[${i}].name`, { required: true, nonEmpty: true });
    readBoolean(entry.trackEffects, `${path}[${i}].trackEffects`);
    readBoolean(entry.includes, `${path}[${i}].includes`);
    if (domain !== 'abtesting' || name !== 'isOutlier')
      throw notImplemented(
        `The A/B test filter ${domain}/${name}`,
        'the emulator applies the abtesting/isOutlier filter only (docs/abtesting.md)',
      );
    return entry;
  });
}

/** v3's `configuration`, with the analysis method and primary metric the service defaults to. */
export function readV3Configuration(value: unknown, metrics: readonly TestMetric[]): Json {
  const config = readObject(value ?? {}, 'configuration', [
    'minimumDetectableEffect',
    'filters',
    'errorCorrection',
    'method',
    'primaryMetric',
  ]);
  const out: Json = {};
  if (config.minimumDetectableEffect !== undefined)
    out.minimumDetectableEffect = readEffect(
      config.minimumDetectableEffect,
      'configuration.minimumDetectableEffect',
      3,
    );
  if (config.filters !== undefined) out.filters = readV3Filters(config.filters, 'configuration.filters');
  if (config.errorCorrection !== undefined) {
    if (config.errorCorrection !== 'bonferroni' && config.errorCorrection !== 'benjamini-hochberg')
      throw invalidField('configuration.errorCorrection', 'one of bonferroni, benjamini-hochberg');
    out.errorCorrection = config.errorCorrection;
  }
  if (config.method !== undefined && config.method !== 'bayesian' && config.method !== 'frequentist')
    throw invalidField('configuration.method', 'one of bayesian, frequentist');
  const names = metrics.map((metric) => metric.name);
  let primary = readString(config.primaryMetric, 'configuration.primaryMetric');
  if (primary !== undefined) {
    if (!BAYESIAN_METRICS.has(primary))
      throw invalidField('configuration.primaryMetric', `one of ${[...BAYESIAN_METRICS].join(', ')}`);
    if (names.length > 0 && !names.includes(primary))
      throw badRequest(`Invalid \`configuration.primaryMetric\`: ${primary} is not among the test's metrics`);
  }
  // Bayesian by default, on conversion rate or the first metric that supports it; frequentist without one.
  primary ??=
    names.length === 0 || names.includes('conversion_rate')
      ? 'conversion_rate'
      : names.find((name) => BAYESIAN_METRICS.has(name));
  const method = (config.method as string | undefined) ?? (primary === undefined ? 'frequentist' : 'bayesian');
  if (method === 'bayesian' && primary === undefined)
    throw badRequest('Invalid `configuration.method`: bayesian analysis needs a metric that supports it');
  out.method = method;
  if (method === 'bayesian') out.primaryMetric = primary;
  return out;
}

/** A path's A/B test ID: a positive integer. */
export function readTestID(raw: string): number {
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id)) throw invalidField('id', 'an integer');
  return id;
}

/** `methods` of a v3 read: `bayesian`, `frequentist`, or both, without repeats. */
export function readMethods(raw: string | undefined): ('bayesian' | 'frequentist')[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  const methods = raw.split(',').map((part) => part.trim());
  for (const method of methods)
    if (method !== 'bayesian' && method !== 'frequentist') throw invalidField('methods', 'bayesian and/or frequentist');
  if (new Set(methods).size !== methods.length) throw badRequest('Invalid `methods`: duplicate values are not allowed');
  return methods as ('bayesian' | 'frequentist')[];
}

/** A non-negative integer query parameter. */
export function readCount(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw invalidField(name, 'a non-negative integer');
  return Number(raw);
}
