import { badRequest } from '../../errors';
import type { OperationContext } from '../../route';
import type { SearchRecord } from '../../state';
import { enqueue } from '../../tasks';
import type { RecordEditor } from '../record-store';
import { assertIndexName, recordOf, writeRecords } from '../store';
import { assertNotReplica, parseBoolean, requireObject } from '../validate';

/** The built-in operations of a partial update (spec 000, partial update). */
const PARTIAL_OPERATIONS = [
  'Increment',
  'Decrement',
  'Add',
  'Remove',
  'AddUnique',
  'IncrementFrom',
  'IncrementSet',
] as const;
export type PartialOperation = (typeof PARTIAL_OPERATIONS)[number];

/** One attribute change, validated: a plain replacement or a built-in operation. */
export type AttributeChange =
  | { readonly kind: 'set'; readonly attribute: string; readonly value: unknown }
  | { readonly kind: 'op'; readonly attribute: string; readonly operation: PartialOperation; readonly value: unknown };

/** A validated partial update, ready to apply at publication time. */
export interface PartialUpdate {
  readonly objectID: string;
  readonly changes: readonly AttributeChange[];
  readonly createIfNotExists: boolean;
}

const NUMERIC_OPERATIONS = new Set<PartialOperation>(['Increment', 'Decrement', 'IncrementFrom', 'IncrementSet']);
const INTEGER_OPERATIONS = new Set<PartialOperation>(['IncrementFrom', 'IncrementSet']);

/**
 * Validates the body of a partial update before anything is enqueued, so a bad
 * operation is a 400 and never a half-applied write. `where` prefixes messages.
 */
export function parsePartialBody(
  body: Record<string, unknown>,
  objectID: string,
  createIfNotExists: boolean,
  where = '',
): PartialUpdate {
  const changes: AttributeChange[] = [];
  for (const [attribute, raw] of Object.entries(body)) {
    if (attribute === 'objectID') continue; // the path (or batch objectID) names the record
    if (!isOperation(raw)) {
      changes.push({ kind: 'set', attribute, value: raw });
      continue;
    }
    const operation = raw._operation;
    if (typeof operation !== 'string' || !(PARTIAL_OPERATIONS as readonly string[]).includes(operation)) {
      throw badRequest(
        `${where}Invalid _operation ${JSON.stringify(operation)} for attribute "${attribute}": expected one of ${PARTIAL_OPERATIONS.join(', ')}`,
      );
    }
    const op = operation as PartialOperation;
    if (!('value' in raw))
      throw badRequest(`${where}Missing \`value\` for _operation ${op} on attribute "${attribute}"`);
    let value = raw.value;
    if (NUMERIC_OPERATIONS.has(op)) {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) {
        throw badRequest(
          `${where}_operation ${op} on attribute "${attribute}" needs a numeric \`value\`, got ${JSON.stringify(value)}`,
        );
      }
      if (INTEGER_OPERATIONS.has(op) && !Number.isInteger(number)) {
        throw badRequest(
          `${where}_operation ${op} on attribute "${attribute}" needs an integer \`value\`, got ${JSON.stringify(value)}`,
        );
      }
      value = number;
    }
    changes.push({ kind: 'op', attribute, operation: op, value });
  }
  return { objectID, changes, createIfNotExists };
}

function isOperation(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && '_operation' in value;
}

/**
 * Applies a partial update to the current record (or `undefined` when missing).
 * Returns the new record, or `undefined` when the update is ignored as a whole
 * (missing record without createIfNotExists, or a failed IncrementFrom / IncrementSet).
 *
 * Rules (spec 000 and the public docs):
 * - first-level attributes only: a nested value replaces its first-level attribute;
 * - a missing record is built from an empty base; with IncrementFrom it is created only
 *   for value 0, with IncrementSet only for a value > 0;
 * - Increment / Decrement on a missing or non-numeric attribute start from 0;
 * - Add on a missing attribute creates a one-element array, on a scalar wraps it first;
 * - Remove / AddUnique are ignored when the array holds a nested object or array;
 *   Remove on a missing or non-array attribute changes nothing.
 */
export function applyPartial(current: SearchRecord | undefined, update: PartialUpdate): SearchRecord | undefined {
  if (!current && !update.createIfNotExists) return undefined;
  const next = recordOf(current ?? {}, update.objectID);
  for (const change of update.changes) {
    if (change.kind === 'set') {
      setAttribute(next, change.attribute, change.value);
      continue;
    }
    const before = Object.hasOwn(next, change.attribute) ? next[change.attribute] : undefined;
    const numeric = typeof before === 'number' ? before : 0;
    const value = change.value;
    switch (change.operation) {
      case 'Increment':
        setAttribute(next, change.attribute, numeric + (value as number));
        break;
      case 'Decrement':
        setAttribute(next, change.attribute, numeric - (value as number));
        break;
      case 'IncrementFrom':
        if (!current && value !== 0) return undefined;
        if (numeric !== value) return undefined;
        setAttribute(next, change.attribute, numeric + 1);
        break;
      case 'IncrementSet':
        if (!current && (value as number) <= 0) return undefined;
        if ((value as number) <= numeric) return undefined;
        setAttribute(next, change.attribute, value);
        break;
      case 'Add':
        setAttribute(next, change.attribute, [...asArray(before), value]);
        break;
      case 'AddUnique': {
        const list = asArray(before);
        if (list.some(isNested)) break;
        setAttribute(next, change.attribute, list.some((item) => sameValue(item, value)) ? list : [...list, value]);
        break;
      }
      case 'Remove': {
        if (!Array.isArray(before) || before.some(isNested)) break;
        setAttribute(
          next,
          change.attribute,
          before.filter((item) => !sameValue(item, value)),
        );
        break;
      }
    }
  }
  return next;
}

/** Sets an own attribute even when it is named `__proto__` (a plain assignment would not). */
function setAttribute(record: SearchRecord, attribute: string, value: unknown): void {
  Object.defineProperty(record, attribute, { value, enumerable: true, writable: true, configurable: true });
}

function asArray(value: unknown): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function isNested(value: unknown): boolean {
  return value !== null && typeof value === 'object';
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Applies a validated partial update inside a task (creates the index on first write). */
function writePartial(
  draft: Parameters<typeof writeRecords>[0],
  indexName: string,
  now: number,
  update: PartialUpdate,
): void {
  writeRecords(draft, indexName, now, (records) => applyPartialTo(records, update));
}

/** Applies a validated partial update to a records map being written. */
export function applyPartialTo(records: RecordEditor, update: PartialUpdate): void {
  const next = applyPartial(records.get(update.objectID), update);
  if (next) records.set(update.objectID, next);
}

/** POST /1/indexes/{indexName}/{objectID}/partial */
export function partialUpdateObject(ctx: OperationContext) {
  const { core, params, req } = ctx;
  assertIndexName(params.indexName);
  assertNotReplica(core.state, params.indexName, 'cannot apply a partial update object request on a replica index');
  const body = requireObject(req.body, 'The body of a partial update');
  const createIfNotExists = parseBoolean(req.query.createIfNotExists, 'createIfNotExists', true);
  const update = parsePartialBody(body, params.objectID, createIfNotExists);
  const taskID = enqueue(core, params.indexName, (draft) => writePartial(draft, params.indexName, core.now(), update));
  return { taskID, updatedAt: core.isoNow(), objectID: params.objectID };
}
