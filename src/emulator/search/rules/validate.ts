import { badRequest } from '../../errors';
import { requireObject, requireObjectID } from '../validate';

/** A stored rule, as it was sent. */
export type Rule = Readonly<Record<string, unknown>> & {
  readonly objectID: string;
  readonly consequence: Readonly<Record<string, unknown>>;
};

export type Anchoring = 'is' | 'startsWith' | 'endsWith' | 'contains';
export const ANCHORINGS: readonly Anchoring[] = ['is', 'startsWith', 'endsWith', 'contains'];

const RULE_KEYS = new Set([
  'objectID',
  'conditions',
  'condition',
  'consequence',
  'description',
  'enabled',
  'validity',
  'tags',
  'scope',
  '_highlightResult',
  '_metadata',
]);
const CONDITION_KEYS = new Set(['pattern', 'anchoring', 'alternatives', 'context', 'filters']);
const CONSEQUENCE_KEYS = new Set(['params', 'promote', 'filterPromotes', 'hide', 'userData', 'redirect']);
const MAX_CONDITIONS = 25;
const MAX_PROMOTED = 300;
const MAX_PROMOTED_GROUP = 100;
const MAX_HIDDEN = 50;
const MAX_USER_DATA_BYTES = 1024;

/** `{facet:brand}` placeholders of a pattern. */
export const FACET_PLACEHOLDER = /\{facet:([^{}]+)\}/g;

/**
 * Checks a rule and returns what is stored (search-hit decorations dropped). Every message
 * names the field at fault, with its path in the batch.
 */
export function validateRule(value: unknown, where: string, pathObjectID?: string): Rule {
  const body = requireObject(value, where);
  const objectID = requireObjectID(body.objectID ?? pathObjectID, `${where}.objectID`);
  if (pathObjectID !== undefined && objectID !== pathObjectID) {
    throw badRequest(`${where}.objectID ("${objectID}") does not match the objectID in the URL ("${pathObjectID}")`);
  }
  for (const key of Object.keys(body)) {
    if (!RULE_KEYS.has(key)) throw badRequest(`${where}.${key} is not a rule attribute`);
  }
  const placeholders = new Set<string>();
  const conditions: Record<string, unknown>[] = [];
  if (body.conditions !== undefined) {
    if (!Array.isArray(body.conditions)) throw badRequest(`${where}.conditions must be an array`);
    if (body.conditions.length > MAX_CONDITIONS)
      throw badRequest(`${where}.conditions must have at most ${MAX_CONDITIONS} conditions`);
    body.conditions.forEach((c, i) => conditions.push(validateCondition(c, `${where}.conditions[${i}]`, placeholders)));
  }
  if (body.condition !== undefined)
    conditions.push(validateCondition(body.condition, `${where}.condition`, placeholders));
  if (body.consequence === undefined) throw badRequest(`${where}.consequence is required`);
  validateConsequence(body.consequence, `${where}.consequence`, placeholders);
  if (body.description !== undefined && typeof body.description !== 'string')
    throw badRequest(`${where}.description must be a string`);
  if (body.enabled !== undefined && typeof body.enabled !== 'boolean')
    throw badRequest(`${where}.enabled must be a boolean`);
  if (body.scope !== undefined && typeof body.scope !== 'string') throw badRequest(`${where}.scope must be a string`);
  if (body.tags !== undefined && (!Array.isArray(body.tags) || !body.tags.every((t) => typeof t === 'string'))) {
    throw badRequest(`${where}.tags must be an array of strings`);
  }
  if (body.validity !== undefined) validateValidity(body.validity, `${where}.validity`);
  const stored: Record<string, unknown> = { ...body, objectID };
  delete stored._highlightResult;
  delete stored._metadata;
  return stored as Rule;
}

function validateCondition(value: unknown, where: string, placeholders: Set<string>): Record<string, unknown> {
  const condition = requireObject(value, where);
  for (const key of Object.keys(condition)) {
    if (!CONDITION_KEYS.has(key)) throw badRequest(`${where}.${key} is not a condition attribute`);
  }
  const { pattern, anchoring, alternatives, context, filters } = condition;
  if (pattern !== undefined && typeof pattern !== 'string') throw badRequest(`${where}.pattern must be a string`);
  if (anchoring !== undefined && !ANCHORINGS.includes(anchoring as Anchoring)) {
    throw badRequest(
      `${where}.anchoring must be one of is, startsWith, endsWith, contains; got ${JSON.stringify(anchoring)}`,
    );
  }
  // A pattern without anchoring is accepted (the OpenAPI requires neither, the CTS saves
  // `{pattern: '{facet:color}'}`) and matches anywhere in the query, as `contains` does.
  if (anchoring !== undefined && pattern === undefined)
    throw badRequest(`${where}.pattern is required when anchoring is set`);
  if (pattern === '' && anchoring !== 'is') throw badRequest(`${where}.pattern can only be empty with anchoring "is"`);
  if (typeof pattern === 'string') for (const m of pattern.matchAll(FACET_PLACEHOLDER)) placeholders.add(m[1]);
  if (alternatives !== undefined && typeof alternatives !== 'boolean')
    throw badRequest(`${where}.alternatives must be a boolean`);
  if (context !== undefined && (typeof context !== 'string' || !/^[A-Za-z0-9_-]+$/.test(context))) {
    throw badRequest(`${where}.context must be a non-empty string of letters, digits, - and _`);
  }
  if (filters !== undefined) {
    if (typeof filters !== 'string') throw badRequest(`${where}.filters must be a string`);
    parseConditionFilters(filters, `${where}.filters`);
  }
  if (pattern === undefined && context === undefined && filters === undefined) {
    throw badRequest(`${where} must have a pattern, a context or filters`);
  }
  return condition;
}

/**
 * The `facet:value` atoms of a condition's `filters` (joined with AND only; no OR, no
 * numeric comparison), lower-cased values.
 */
export function parseConditionFilters(filters: string, where = 'filters'): { facet: string; value: string }[] {
  if (/\bOR\b/.test(filters)) throw badRequest(`${where} cannot combine filters with OR`);
  const atoms: { facet: string; value: string }[] = [];
  for (const part of filters.split(/\bAND\b/)) {
    const text = part
      .trim()
      .replace(/^\(+|\)+$/g, '')
      .trim();
    if (text === '') throw badRequest(`${where} has an empty filter in "${filters}"`);
    const match = /^("(?:[^"\\]|\\.)*"|[^:<>=!\s"]+)\s*:\s*("(?:[^"\\]|\\.)*"|.+)$/.exec(text);
    if (!match || /^[<>=!]/.test(match[2]) || / TO /.test(match[2])) {
      throw badRequest(`${where} only accepts facet filters (facet:value), got "${text}"`);
    }
    atoms.push({ facet: unquote(match[1]), value: unquote(match[2].trim()) });
  }
  return atoms;
}

const unquote = (text: string) =>
  text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1).replace(/\\(.)/g, '$1') : text;

function validateConsequence(value: unknown, where: string, placeholders: ReadonlySet<string>): void {
  const consequence = requireObject(value, where);
  for (const key of Object.keys(consequence)) {
    if (!CONSEQUENCE_KEYS.has(key)) throw badRequest(`${where}.${key} is not a consequence attribute`);
  }
  if (consequence.params !== undefined) validateParams(consequence.params, `${where}.params`, placeholders);
  if (consequence.promote !== undefined) {
    if (!Array.isArray(consequence.promote)) throw badRequest(`${where}.promote must be an array`);
    let total = 0;
    const positions = new Set<number>();
    consequence.promote.forEach((item, i) => {
      const at = `${where}.promote[${i}]`;
      const promote = requireObject(item, at);
      const position = promote.position;
      if (typeof position !== 'number' || !Number.isInteger(position) || position < 0 || position > MAX_PROMOTED) {
        throw badRequest(`${at}.position must be an integer between 0 and ${MAX_PROMOTED}`);
      }
      if (positions.has(position)) throw badRequest(`${at}.position ${position} is used twice in the same rule`);
      positions.add(position);
      const hasOne = promote.objectID !== undefined;
      const hasMany = promote.objectIDs !== undefined;
      if (hasOne === hasMany) throw badRequest(`${at} needs either objectID or objectIDs`);
      for (const key of Object.keys(promote)) {
        if (!['objectID', 'objectIDs', 'position'].includes(key))
          throw badRequest(`${at}.${key} is not a promote attribute`);
      }
      if (hasOne) {
        requireObjectID(promote.objectID, `${at}.objectID`);
        total += 1;
      } else {
        if (!Array.isArray(promote.objectIDs) || promote.objectIDs.length === 0)
          throw badRequest(`${at}.objectIDs must be a non-empty array`);
        if (promote.objectIDs.length > MAX_PROMOTED_GROUP)
          throw badRequest(`${at}.objectIDs must have at most ${MAX_PROMOTED_GROUP} objectIDs`);
        promote.objectIDs.forEach((id, k) => requireObjectID(id, `${at}.objectIDs[${k}]`));
        total += promote.objectIDs.length;
      }
    });
    if (total > MAX_PROMOTED) throw badRequest(`${where}.promote must promote at most ${MAX_PROMOTED} records`);
  }
  if (consequence.filterPromotes !== undefined && typeof consequence.filterPromotes !== 'boolean') {
    throw badRequest(`${where}.filterPromotes must be a boolean`);
  }
  if (consequence.hide !== undefined) {
    if (!Array.isArray(consequence.hide)) throw badRequest(`${where}.hide must be an array`);
    if (consequence.hide.length > MAX_HIDDEN) throw badRequest(`${where}.hide must have at most ${MAX_HIDDEN} records`);
    consequence.hide.forEach((item, i) =>
      requireObjectID(requireObject(item, `${where}.hide[${i}]`).objectID, `${where}.hide[${i}].objectID`),
    );
  }
  if (consequence.userData !== undefined) {
    const userData = requireObject(consequence.userData, `${where}.userData`);
    if (new TextEncoder().encode(JSON.stringify(userData)).length > MAX_USER_DATA_BYTES) {
      throw badRequest(`${where}.userData must be at most 1 kB of minified JSON`);
    }
  }
  if (consequence.redirect !== undefined) {
    const redirect = requireObject(consequence.redirect, `${where}.redirect`);
    if (typeof redirect.indexName !== 'string' || redirect.indexName === '')
      throw badRequest(`${where}.redirect.indexName must be a non-empty string`);
  }
}

function validateParams(value: unknown, where: string, placeholders: ReadonlySet<string>): void {
  const params = requireObject(value, where);
  const query = params.query;
  if (query !== undefined && typeof query !== 'string') {
    const edit = requireObject(query, `${where}.query`);
    for (const key of Object.keys(edit)) {
      if (key !== 'remove' && key !== 'edits')
        throw badRequest(`${where}.query.${key} is not allowed (remove or edits)`);
    }
    if (
      edit.remove !== undefined &&
      (!Array.isArray(edit.remove) || !edit.remove.every((w) => typeof w === 'string'))
    ) {
      throw badRequest(`${where}.query.remove must be an array of strings`);
    }
    if (edit.edits !== undefined) {
      if (!Array.isArray(edit.edits)) throw badRequest(`${where}.query.edits must be an array`);
      edit.edits.forEach((item, i) => {
        const at = `${where}.query.edits[${i}]`;
        const e = requireObject(item, at);
        const type = e.type ?? 'remove';
        if (type !== 'remove' && type !== 'replace') throw badRequest(`${at}.type must be remove or replace`);
        if (typeof e.delete !== 'string' || e.delete === '')
          throw badRequest(`${at}.delete is required and must be a non-empty string`);
        if (type === 'replace' && typeof e.insert !== 'string')
          throw badRequest(`${at}.insert is required for a replace edit`);
        // The OpenAPI allows `insert` on any edit; a remove edit has no use for it and keeps it as sent.
        if (e.insert !== undefined && typeof e.insert !== 'string') throw badRequest(`${at}.insert must be a string`);
      });
    }
  }
  for (const name of ['automaticFacetFilters', 'automaticOptionalFacetFilters'] as const) {
    const filters = params[name];
    if (filters === undefined) continue;
    if (!Array.isArray(filters)) throw badRequest(`${where}.${name} must be an array`);
    filters.forEach((item, i) => {
      const at = `${where}.${name}[${i}]`;
      const facet = typeof item === 'string' ? item : requireObject(item, at).facet;
      if (typeof facet !== 'string' || facet === '') throw badRequest(`${at}.facet is required and must be a string`);
      if (typeof item === 'object') {
        const f = item as Record<string, unknown>;
        if (f.score !== undefined && (typeof f.score !== 'number' || !Number.isInteger(f.score)))
          throw badRequest(`${at}.score must be an integer`);
        if (f.disjunctive !== undefined && typeof f.disjunctive !== 'boolean')
          throw badRequest(`${at}.disjunctive must be a boolean`);
      }
      if (!placeholders.has(facet)) {
        throw badRequest(`${at}: facet "${facet}" must appear as {facet:${facet}} in a condition pattern`);
      }
    });
  }
  if (params.renderingContent !== undefined) requireObject(params.renderingContent, `${where}.renderingContent`);
}

function validateValidity(value: unknown, where: string): void {
  if (!Array.isArray(value)) throw badRequest(`${where} must be an array of {from, until}`);
  value.forEach((item, i) => {
    const range = requireObject(item, `${where}[${i}]`);
    for (const key of ['from', 'until'] as const) {
      const v = range[key];
      if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v)))
        throw badRequest(`${where}[${i}].${key} must be a Unix timestamp in seconds`);
    }
    if (typeof range.from === 'number' && typeof range.until === 'number' && range.from > range.until) {
      throw badRequest(`${where}[${i}].from must not be after until`);
    }
  });
}
