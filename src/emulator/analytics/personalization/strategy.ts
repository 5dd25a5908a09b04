import { unprocessable } from '../../errors';
import type { Strategy } from '../state';

const EVENT_TYPES = ['click', 'conversion', 'view'] as const;
/** Documented bounds of the dashboard and API: scores 1 to 100, at most 15 events and 15 facets. */
const MAX_SCORE = 100;
const MAX_ENTRIES = 15;

/** Checks a `setPersonalizationStrategy` body; a 422 names the first field at fault. */
export function validateStrategy(body: unknown): Strategy {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw unprocessable('Invalid body: expected a strategy object');
  const input = body as Record<string, unknown>;
  for (const field of ['eventsScoring', 'facetsScoring', 'personalizationImpact']) {
    if (input[field] === undefined) throw unprocessable(`${field}: required`);
  }
  for (const key of Object.keys(input)) {
    if (!['eventsScoring', 'facetsScoring', 'personalizationImpact'].includes(key))
      throw unprocessable(`${key}: unknown field`);
  }
  const impact = input.personalizationImpact;
  if (!Number.isInteger(impact) || (impact as number) < 0 || (impact as number) > 100) {
    throw unprocessable('personalizationImpact: must be an integer between 0 and 100');
  }
  const events = list(input.eventsScoring, 'eventsScoring').map((raw, i) => {
    const at = `eventsScoring[${i}]`;
    const entry = object(raw, at);
    if (typeof entry.eventName !== 'string' || entry.eventName === '')
      throw unprocessable(`${at}.eventName: must be a non-empty string`);
    if (!EVENT_TYPES.includes(entry.eventType as never))
      throw unprocessable(`${at}.eventType: must be one of click, conversion, view`);
    return {
      eventName: entry.eventName,
      eventType: entry.eventType as Strategy['eventsScoring'][number]['eventType'],
      score: score(entry.score, `${at}.score`),
    };
  });
  const seen = new Set<string>();
  events.forEach((e, i) => {
    const key = `${e.eventType}\u0000${e.eventName}`;
    if (seen.has(key)) throw unprocessable(`eventsScoring[${i}]: duplicate event ${e.eventName} (${e.eventType})`);
    seen.add(key);
  });
  const facets = list(input.facetsScoring, 'facetsScoring').map((raw, i) => {
    const at = `facetsScoring[${i}]`;
    const entry = object(raw, at);
    if (typeof entry.facetName !== 'string' || entry.facetName === '')
      throw unprocessable(`${at}.facetName: must be a non-empty string`);
    return { facetName: entry.facetName, score: score(entry.score, `${at}.score`) };
  });
  return { eventsScoring: events, facetsScoring: facets, personalizationImpact: impact as number };
}

function list(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw unprocessable(`${field}: must be an array`);
  if (value.length > MAX_ENTRIES) throw unprocessable(`${field}: at most ${MAX_ENTRIES} entries`);
  return value;
}

function object(value: unknown, at: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw unprocessable(`${at}: must be an object`);
  return value as Record<string, unknown>;
}

function score(value: unknown, at: string): number {
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > MAX_SCORE) {
    throw unprocessable(`${at}: must be an integer between 1 and ${MAX_SCORE}`);
  }
  return value as number;
}
