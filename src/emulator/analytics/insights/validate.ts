import { unprocessable } from '../../errors';
import type { ObjectData, StoredEvent } from '../state';

const MAX_EVENTS = 1000;
export const MAX_AGE_MS = 4 * 24 * 3_600_000;
/**
 * Clicks and conversions count for their search only within this time of it. The event is
 * accepted either way, as the real service accepts it; analytics attribute it or not.
 */
export const QUERY_WINDOW_MS = 3_600_000;
const MAX_ITEMS = 20;
/** The OpenAPI's limit (spec 002 says 10, the older figure). */
const MAX_FILTERS = 20;

const EVENT_TYPES = ['click', 'view', 'conversion', 'instantsearch'] as const;
const SUBTYPES = ['addToCart', 'purchase'] as const;
const USER_TOKEN = /^[a-zA-Z0-9_=/+-]{1,128}$/;
const EVENT_NAME = /^[\x20-\x7E]{1,64}$/;
const QUERY_ID = /^[0-9a-f]{32}$/;
const CURRENCY = /^[A-Z]{3}$/;

export type ValidEvent = Omit<StoredEvent, 'seq' | 'receivedAt'>;

/**
 * Validates a whole `pushEvents` body against the clock. The first problem throws a 422
 * naming the event and the field; nothing is stored unless all pass. A `queryID` only needs
 * its form: the real service accepts one no search returned (analytics then ignore the event).
 */
export function validateEvents(body: unknown, now: number): ValidEvent[] {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw unprocessable('Invalid body: expected an object with an `events` array');
  const events = (body as { events?: unknown }).events;
  if (events === undefined) throw unprocessable('events: required');
  if (!Array.isArray(events)) throw unprocessable('events: must be an array');
  if (events.length === 0) throw unprocessable('events: must contain at least 1 event');
  if (events.length > MAX_EVENTS)
    throw unprocessable(`events: at most ${MAX_EVENTS} events per request (got ${events.length})`);
  return events.map((event, i) => validateEvent(event, `events[${i}]`, now));
}

function validateEvent(raw: unknown, at: string, now: number): ValidEvent {
  const fail = (field: string, problem: string) => unprocessable(`${at}.${field}: ${problem}`);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw unprocessable(`${at}: must be an object`);
  const event = raw as Record<string, unknown>;

  const eventType = event.eventType;
  if (eventType === undefined) throw fail('eventType', 'required');
  if (!EVENT_TYPES.includes(eventType as never))
    throw fail('eventType', `must be one of click, view, conversion (got ${JSON.stringify(eventType)})`);
  const type = eventType as StoredEvent['eventType'];

  if (event.eventName === undefined) throw fail('eventName', 'required');
  if (typeof event.eventName !== 'string' || !EVENT_NAME.test(event.eventName)) {
    throw fail('eventName', 'must be 1 to 64 printable ASCII characters');
  }
  const userToken = token(event.userToken, 'userToken', fail, true)!;
  const authenticatedUserToken = token(event.authenticatedUserToken, 'authenticatedUserToken', fail, false);
  const timestamp = readTimestamp(event.timestamp, now, fail);

  if (type === 'instantsearch') {
    return {
      eventType: type,
      eventName: event.eventName,
      index: typeof event.index === 'string' ? event.index : '',
      userToken,
      timestamp,
      ...(authenticatedUserToken ? { authenticatedUserToken } : {}),
    };
  }

  if (event.index === undefined) throw fail('index', 'required');
  if (typeof event.index !== 'string' || event.index === '') throw fail('index', 'must be a non-empty string');

  let eventSubtype: StoredEvent['eventSubtype'];
  if (event.eventSubtype !== undefined) {
    if (type !== 'conversion') throw fail('eventSubtype', 'only allowed on conversion events');
    if (!SUBTYPES.includes(event.eventSubtype as never)) throw fail('eventSubtype', 'must be addToCart or purchase');
    eventSubtype = event.eventSubtype as StoredEvent['eventSubtype'];
  }

  const hasObjects = event.objectIDs !== undefined;
  const hasFilters = event.filters !== undefined;
  if (hasObjects && hasFilters) throw fail('objectIDs', 'objectIDs and filters cannot both be set in one event');
  if (!hasObjects && !hasFilters) throw fail('objectIDs', 'one of objectIDs or filters is required');
  const objectIDs = hasObjects ? stringList(event.objectIDs, 'objectIDs', MAX_ITEMS, fail) : undefined;
  const filters = hasFilters ? stringList(event.filters, 'filters', MAX_FILTERS, fail).map(readFilter) : undefined;

  const queryID = event.queryID === undefined ? undefined : readQueryID(event.queryID, 'queryID', fail);

  let positions: number[] | undefined;
  if (event.positions !== undefined) {
    if (type !== 'click') throw fail('positions', 'only allowed on click events');
    if (!objectIDs) throw fail('positions', 'requires objectIDs');
    if (!Array.isArray(event.positions) || event.positions.some((p) => !Number.isInteger(p) || (p as number) < 1)) {
      throw fail('positions', 'must be an array of integers, 1 or more');
    }
    if (event.positions.length !== objectIDs.length) throw fail('positions', 'must have one position per objectID');
    positions = event.positions as number[];
  } else if (type === 'click' && queryID !== undefined && objectIDs) {
    throw fail('positions', 'required for a click event with a queryID');
  }

  const revenue = readRevenue(event, type, objectIDs, fail);

  return {
    eventType: type,
    eventName: event.eventName,
    index: event.index,
    userToken,
    timestamp,
    ...(eventSubtype ? { eventSubtype } : {}),
    ...(authenticatedUserToken ? { authenticatedUserToken } : {}),
    ...(queryID ? { queryID } : {}),
    ...(objectIDs ? { objectIDs } : {}),
    ...(positions ? { positions } : {}),
    ...(filters ? { filters } : {}),
    ...revenue,
  };
}

type Fail = (field: string, problem: string) => Error;

function token(value: unknown, field: string, fail: Fail, required: boolean): string | undefined {
  if (value === undefined || value === null) {
    if (required) throw fail(field, 'required');
    return undefined;
  }
  if (typeof value !== 'string' || !USER_TOKEN.test(value)) {
    throw fail(field, 'must be 1 to 128 characters among a-z, A-Z, 0-9, _, -, =, / and +');
  }
  return value;
}

function readTimestamp(value: unknown, now: number, fail: Fail): number {
  if (value === undefined || value === null) return now;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw fail('timestamp', 'must be milliseconds since the Unix epoch');
  if (now - value > MAX_AGE_MS) throw fail('timestamp', 'must not be more than 4 days in the past');
  return value;
}

function stringList(value: unknown, field: string, max: number, fail: Fail): string[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    throw fail(field, 'must be an array of strings');
  if (value.length === 0) throw fail(field, 'must contain at least 1 item');
  if (value.length > max) throw fail(field, `must contain at most ${max} items (got ${value.length})`);
  if (value.some((item) => item === '')) throw fail(field, 'must not contain empty strings');
  return value as string[];
}

/**
 * Filters arrive URL-encoded (`discount:10%25`); they are stored decoded, or as sent when they
 * do not decode. Any form is accepted, as the service does (the OpenAPI types them as strings
 * with no pattern, and InstantSearch's ratingMenu sends `rating>=4`); personalization reads
 * only the `attribute:value` ones.
 */
function readFilter(filter: string): string {
  try {
    return decodeURIComponent(filter);
  } catch {
    return filter;
  }
}

function readQueryID(value: unknown, field: string, fail: Fail): string {
  if (typeof value !== 'string' || !QUERY_ID.test(value)) throw fail(field, 'must be 32 hexadecimal characters');
  return value;
}

function readRevenue(
  event: Record<string, unknown>,
  type: StoredEvent['eventType'],
  objectIDs: readonly string[] | undefined,
  fail: Fail,
): Pick<ValidEvent, 'objectData' | 'currency' | 'value'> {
  const out: { objectData?: ObjectData[]; currency?: string; value?: number } = {};
  for (const field of ['objectData', 'currency', 'value'] as const) {
    if (event[field] !== undefined && type !== 'conversion') throw fail(field, 'only allowed on conversion events');
  }
  if (event.objectData !== undefined) {
    if (!objectIDs) throw fail('objectData', 'requires objectIDs');
    if (!Array.isArray(event.objectData)) throw fail('objectData', 'must be an array of objects');
    if (event.objectData.length !== objectIDs.length) throw fail('objectData', 'must have one entry per objectID');
    out.objectData = event.objectData.map((item, i) => readObjectData(item, `objectData[${i}]`, fail));
  }
  if (event.value !== undefined) out.value = money(event.value, 'value', fail);
  if (event.currency !== undefined) {
    if (typeof event.currency !== 'string' || !CURRENCY.test(event.currency))
      throw fail('currency', 'must be a three-letter ISO 4217 code');
    out.currency = event.currency;
  }
  const priced = out.value !== undefined || out.objectData?.some((item) => item.price !== undefined);
  if (priced && out.currency === undefined) throw fail('currency', 'required when value or a price is set');
  return out;
}

function readObjectData(raw: unknown, field: string, fail: Fail): ObjectData {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw fail(field, 'must be an object');
  const item = raw as Record<string, unknown>;
  for (const key of Object.keys(item)) {
    if (!['queryID', 'price', 'quantity', 'discount'].includes(key)) throw fail(`${field}.${key}`, 'unknown field');
  }
  const out: { queryID?: string; price?: number; quantity?: number; discount?: number } = {};
  if (item.queryID !== undefined) out.queryID = readQueryID(item.queryID, `${field}.queryID`, fail);
  if (item.price !== undefined) out.price = money(item.price, `${field}.price`, fail);
  if (item.discount !== undefined) out.discount = money(item.discount, `${field}.discount`, fail);
  if (item.quantity !== undefined) {
    if (!Number.isInteger(item.quantity) || (item.quantity as number) < 1)
      throw fail(`${field}.quantity`, 'must be a positive integer');
    out.quantity = item.quantity as number;
  }
  return out;
}

/** Prices and values are numbers or numeric strings. */
function money(value: unknown, field: string, fail: Fail): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) throw fail(field, 'must be a number or a numeric string');
  return number;
}
