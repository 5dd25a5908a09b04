import { badRequest } from '../../errors';
import { parseFilterArray, type FilterParam } from '../../search/filters/arrays';
import { parseFilters } from '../../search/filters/parse-filters';
import { within } from '../filter-syntax';
import { requireObject } from '../../search/validate';
import type { RecommendRule } from '../state';

/** Spec 001, Limits. */
const MAX_PROMOTED = 30;
const MAX_HIDDEN = 50;
const MAX_USER_DATA_BYTES = 1024;

/** The only parameters a Recommend rule's consequence may set (spec 001, consequence `params`). */
const FILTERING_PARAMETERS = [
  'filters',
  'facetFilters',
  'numericFilters',
  'tagFilters',
  'optionalFilters',
  'optionalFacetFilters',
  'optionalTagFilters',
  'automaticFacetFilters',
  'automaticOptionalFacetFilters',
  'sumOrFiltersScores',
] as const;

const RULE_KEYS = new Set([
  'objectID',
  'condition',
  'consequence',
  'description',
  'enabled',
  'validity',
  '_metadata',
  '_highlightResult',
]);
const CONSEQUENCE_KEYS = new Set(['params', 'promote', 'hide', 'userData']);
const IDENTIFIER = /^[A-Za-z0-9_-]+$/;
/** The array-form filter parameters and the form each is read in. */
const ARRAY_FILTERS: Readonly<Record<string, FilterParam>> = {
  facetFilters: 'facetFilters',
  numericFilters: 'numericFilters',
  tagFilters: 'tagFilters',
  optionalFilters: 'optionalFilters',
  optionalFacetFilters: 'optionalFilters',
  optionalTagFilters: 'tagFilters',
};

/**
 * Checks one Recommend rule of a batch and returns what is stored (search-hit decorations
 * dropped). Every refusal is a 400 whose message starts with the field's path (`body[2].consequence.hide`).
 */
export function validateRecommendRule(value: unknown, where: string): RecommendRule {
  const body = requireObject(value, where);
  for (const key of Object.keys(body))
    if (!RULE_KEYS.has(key)) throw badRequest(`${where}.${key} is not a Recommend rule attribute`);
  const objectID = body.objectID;
  if (typeof objectID !== 'string' || !IDENTIFIER.test(objectID)) {
    throw badRequest(
      `${where}.objectID is required and must be letters, digits, - and _ only, got ${JSON.stringify(objectID)}`,
    );
  }
  if (body.condition !== undefined) validateCondition(body.condition, `${where}.condition`);
  if (body.consequence === undefined) throw badRequest(`${where}.consequence is required`);
  validateConsequence(body.consequence, `${where}.consequence`);
  if (body.description !== undefined && typeof body.description !== 'string')
    throw badRequest(`${where}.description must be a string`);
  if (body.enabled !== undefined && typeof body.enabled !== 'boolean')
    throw badRequest(`${where}.enabled must be a boolean`);
  if (body.validity !== undefined) validateValidity(body.validity, `${where}.validity`);
  const stored: Record<string, unknown> = { ...body };
  delete stored._metadata;
  delete stored._highlightResult;
  return stored as RecommendRule;
}

function validateCondition(value: unknown, where: string): void {
  const condition = requireObject(value, where);
  for (const key of Object.keys(condition)) {
    if (key === 'pattern' || key === 'anchoring' || key === 'alternatives')
      throw badRequest(`${where}.${key} is not available for Recommend rules: conditions apply to the source item`);
    if (key !== 'filters' && key !== 'context')
      throw badRequest(`${where}.${key} is not a condition attribute (filters, context)`);
  }
  if (
    condition.context !== undefined &&
    (typeof condition.context !== 'string' || !IDENTIFIER.test(condition.context))
  ) {
    throw badRequest(
      `${where}.context must be letters, digits, - and _ only, got ${JSON.stringify(condition.context)}`,
    );
  }
  if (condition.filters !== undefined) {
    if (typeof condition.filters !== 'string') throw badRequest(`${where}.filters must be a string`);
    parseFilters(condition.filters, `${where}.filters`);
  }
}

function validateConsequence(value: unknown, where: string): void {
  const consequence = requireObject(value, where);
  const keys = Object.keys(consequence);
  if (keys.length === 0) throw badRequest(`${where} must not be empty: set params, promote, hide or userData`);
  for (const key of keys)
    if (!CONSEQUENCE_KEYS.has(key))
      throw badRequest(`${where}.${key} is not a consequence attribute (params, promote, hide, userData)`);
  if (consequence.params !== undefined) validateParams(consequence.params, `${where}.params`);
  if (consequence.promote !== undefined) validatePromote(consequence.promote, `${where}.promote`);
  if (consequence.hide !== undefined) {
    const hide = consequence.hide;
    if (!Array.isArray(hide) || hide.length === 0) throw badRequest(`${where}.hide must be a non-empty array`);
    if (hide.length > MAX_HIDDEN)
      throw badRequest(`${where}.hide must hold at most ${MAX_HIDDEN} items, got ${hide.length}`);
    hide.forEach((item, i) => {
      const entry = requireObject(item, `${where}.hide[${i}]`);
      for (const key of Object.keys(entry))
        if (key !== 'objectID') throw badRequest(`${where}.hide[${i}].${key} is not a hide attribute (objectID)`);
      requireText(entry.objectID, `${where}.hide[${i}].objectID`);
    });
  }
  if (consequence.userData !== undefined) {
    const userData = requireObject(consequence.userData, `${where}.userData`);
    const bytes = new TextEncoder().encode(JSON.stringify(userData)).length;
    if (bytes > MAX_USER_DATA_BYTES)
      throw badRequest(`${where}.userData must be at most 1 kB of minified JSON, got ${bytes} bytes`);
  }
}

function validatePromote(value: unknown, where: string): void {
  if (!Array.isArray(value) || value.length === 0) throw badRequest(`${where} must be a non-empty array`);
  let total = 0;
  value.forEach((item, i) => {
    const at = `${where}[${i}]`;
    const promote = requireObject(item, at);
    for (const key of Object.keys(promote)) {
      if (key !== 'objectID' && key !== 'objectIDs' && key !== 'position')
        throw badRequest(`${at}.${key} is not a promote attribute (objectID, objectIDs, position)`);
    }
    const position = promote.position;
    if (typeof position !== 'number' || !Number.isInteger(position) || position < 0)
      throw badRequest(`${at}.position is required and must be an integer, 0 or more`);
    if ((promote.objectID === undefined) === (promote.objectIDs === undefined))
      throw badRequest(`${at} needs either objectID or objectIDs`);
    if (promote.objectID !== undefined) {
      requireText(promote.objectID, `${at}.objectID`);
      total += 1;
    } else {
      const ids = promote.objectIDs;
      if (!Array.isArray(ids) || ids.length === 0) throw badRequest(`${at}.objectIDs must be a non-empty array`);
      ids.forEach((id, k) => requireText(id, `${at}.objectIDs[${k}]`));
      total += ids.length;
    }
  });
  if (total > MAX_PROMOTED) throw badRequest(`${where} must promote at most ${MAX_PROMOTED} items, got ${total}`);
}

function validateParams(value: unknown, where: string): void {
  const params = requireObject(value, where);
  for (const [name, param] of Object.entries(params)) {
    const at = `${where}.${name}`;
    if (!(FILTERING_PARAMETERS as readonly string[]).includes(name)) {
      throw badRequest(
        `${at} is not allowed: a Recommend rule's params only take filtering parameters (${FILTERING_PARAMETERS.join(', ')})`,
      );
    }
    if (name === 'filters') {
      if (typeof param !== 'string') throw badRequest(`${at} must be a string`);
      parseFilters(param, at);
    } else if (name === 'sumOrFiltersScores') {
      if (typeof param !== 'boolean') throw badRequest(`${at} must be a boolean`);
    } else if (name === 'automaticFacetFilters' || name === 'automaticOptionalFacetFilters') {
      validateAutomatic(param, at);
    } else {
      within(at, ARRAY_FILTERS[name], () => parseFilterArray(param, ARRAY_FILTERS[name]));
    }
  }
}

function validateAutomatic(value: unknown, where: string): void {
  if (!Array.isArray(value)) throw badRequest(`${where} must be an array`);
  value.forEach((item, i) => {
    const at = `${where}[${i}]`;
    if (typeof item === 'string') {
      if (automaticFacet(item).facet === '') throw badRequest(`${at} must name a facet`);
      return;
    }
    const filter = requireObject(item, at);
    for (const key of Object.keys(filter)) {
      if (!['facet', 'score', 'disjunctive', 'negative'].includes(key))
        throw badRequest(
          `${at}.${key} is not an automatic facet filter attribute (facet, score, disjunctive, negative)`,
        );
    }
    requireText(filter.facet, `${at}.facet`);
    if (filter.score !== undefined && (typeof filter.score !== 'number' || !Number.isInteger(filter.score)))
      throw badRequest(`${at}.score must be an integer`);
    for (const flag of ['disjunctive', 'negative'] as const) {
      if (filter[flag] !== undefined && typeof filter[flag] !== 'boolean')
        throw badRequest(`${at}.${flag} must be a boolean`);
    }
  });
}

/** `brand` or `brand<score=5>`: the facet name and its score. */
export function automaticFacet(text: string): { facet: string; score: number } {
  const match = /^(.*)<score=(-?\d+)>$/.exec(text);
  return match ? { facet: match[1].trim(), score: Number(match[2]) } : { facet: text.trim(), score: 1 };
}

function validateValidity(value: unknown, where: string): void {
  if (!Array.isArray(value) || value.length === 0)
    throw badRequest(`${where} must be a non-empty array of {from, until}`);
  value.forEach((item, i) => {
    const range = requireObject(item, `${where}[${i}]`);
    for (const key of Object.keys(range))
      if (key !== 'from' && key !== 'until')
        throw badRequest(`${where}[${i}].${key} is not a time range attribute (from, until)`);
    for (const key of ['from', 'until'] as const) {
      const at = range[key];
      if (typeof at !== 'number' || !Number.isInteger(at))
        throw badRequest(`${where}[${i}].${key} is required and must be a Unix timestamp in seconds`);
    }
    if ((range.from as number) > (range.until as number))
      throw badRequest(`${where}[${i}].from must not be after until`);
  });
}

function requireText(value: unknown, where: string): string {
  if (typeof value !== 'string' || value === '')
    throw badRequest(`${where} is required and must be a non-empty string`);
  return value;
}
