import type { Core } from '../core';
import type { OperationContext } from '../route';
import { invalidPayload, missing } from './errors';
import { rfc3339 } from './fields';
import { listFilter, paginate } from './listing';
import type { EventRecord, RunRecord, RunType } from './state';
import { ingestionOf, requireResource, uuid } from './store';

const HOUR = 3_600_000;
const RUN_STATUSES = ['created', 'started', 'finished', 'skipped'] as const;
const RUN_TYPES = ['reindex', 'update', 'discover', 'validate', 'push'] as const;
const EVENT_STATUSES = ['created', 'started', 'retried', 'failed', 'succeeded', 'critical'] as const;
const EVENT_TYPES = ['fetch', 'record', 'log', 'transform'] as const;

/** An event of a run before its IDs are drawn. */
export type EventDraft = Omit<EventRecord, 'eventID' | 'runID' | 'publishedAt'>;

/** How a run ended: its outcome, why, and the events it published. */
export interface RunEnd {
  readonly outcome: 'success' | 'failure';
  readonly reasonCode: string;
  readonly reason: string;
  readonly events: readonly EventDraft[];
}

/**
 * Records a run that happened at the clock's now, with its events in order (IDs drawn from
 * the seeded generator); returns the run and the event IDs. Runs end at once: the emulator
 * works synchronously, on the clock's instant.
 */
export function recordRun(
  core: Core,
  taskID: string,
  type: RunType,
  failureThreshold: number | undefined,
  end: RunEnd,
): { run: RunRecord; eventIDs: string[] } {
  const runID = uuid(core);
  const now = rfc3339(core.now());
  const events: EventRecord[] = end.events.map((event) => ({ ...event, eventID: uuid(core), runID, publishedAt: now }));
  const run: RunRecord = {
    runID,
    appID: core.options.appId,
    taskID,
    status: 'finished',
    progress: { expectedNbOfEvents: events.length, receivedNbOfEvents: events.length },
    outcome: end.outcome,
    ...(failureThreshold === undefined ? {} : { failureThreshold }),
    reason: end.reason,
    reasonCode: end.reasonCode,
    type,
    createdAt: now,
    startedAt: now,
    finishedAt: now,
  };
  core.commit((draft) => {
    const ingestion = ingestionOf(draft);
    ingestion.runs.set(runID, run);
    ingestion.events.set(runID, events);
  });
  return { run, eventIDs: events.map((event) => event.eventID) };
}

/** The `startDate`/`endDate` window of a list (default: `span` back from now), as answers show it. */
function windowOf(core: Core, query: Readonly<Record<string, string>>, span: number) {
  const end = query.endDate === undefined ? core.now() : dateOf(query.endDate, 'endDate');
  const start = query.startDate === undefined ? end - span : dateOf(query.startDate, 'startDate');
  return { start, end, window: { startDate: rfc3339(start), endDate: rfc3339(end) } };
}

function dateOf(raw: string, name: string): number {
  const ms = Date.parse(raw);
  if (!Number.isFinite(ms)) throw invalidDate(name, raw);
  return ms;
}

const invalidDate = (name: string, raw: string) =>
  invalidPayload(`\`${name}\` must be a date and time in RFC 3339 format, got "${raw}"`);

/** GET /1/runs — the runs of the window (default: the last 7 days), filtered by status, type and task. */
export function listRuns(ctx: OperationContext) {
  const { core, req } = ctx;
  const { query } = req;
  const statuses = listFilter(query, 'status', RUN_STATUSES);
  const types = listFilter(query, 'type', RUN_TYPES);
  const { start, end, window } = windowOf(core, query, 7 * 24 * HOUR);
  const all = [...core.state.ingestion.runs.values()].filter((run) => {
    const at = Date.parse(run.createdAt);
    return (
      at >= start &&
      at <= end &&
      (!statuses || statuses.has(run.status)) &&
      (!types || types.has(run.type)) &&
      (query.taskID === undefined || run.taskID === query.taskID)
    );
  });
  const { items, pagination } = paginate(all, query, ['status', 'updatedAt', 'createdAt']);
  return { runs: items, pagination, window };
}

/** GET /1/runs/{runID} */
export function getRun(ctx: OperationContext) {
  return requireResource(ctx.core, 'run', ctx.params.runID);
}

/** GET /1/runs/{runID}/events — the run's events of the window (default: the last 3 hours). */
export function listEvents(ctx: OperationContext) {
  const { core, params, req } = ctx;
  const { query } = req;
  requireResource(core, 'run', params.runID);
  const statuses = listFilter(query, 'status', EVENT_STATUSES);
  const types = listFilter(query, 'type', EVENT_TYPES);
  const { start, end, window } = windowOf(core, query, 3 * HOUR);
  const all = (core.state.ingestion.events.get(params.runID) ?? []).filter((event) => {
    const at = Date.parse(event.publishedAt);
    return (
      at >= start &&
      at <= end &&
      (!statuses || (event.status !== null && statuses.has(event.status))) &&
      (!types || types.has(event.type))
    );
  });
  // Without `sort`, events keep their publication order.
  const { items, pagination } = paginate(all, query, ['status', 'type', 'publishedAt'], null);
  return { events: items, pagination, window };
}

/** GET /1/runs/{runID}/events/{eventID} — 404 until the event is published (the client's push helpers poll it). */
export function getEvent(ctx: OperationContext) {
  const { core, params } = ctx;
  requireResource(core, 'run', params.runID);
  const event = core.state.ingestion.events.get(params.runID)?.find((entry) => entry.eventID === params.eventID);
  if (!event) throw missing('event', params.eventID);
  return event;
}
