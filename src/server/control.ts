import type { Duration } from '../clock';
import type { Snapshot } from '../emulator/core';
import { readOperation } from '../inspector/model/reads';
import { isViewName, readView, VIEWS } from '../inspector/model/views';
import type { Emulator } from '../emulator/create';
import type { FaultSpec } from '../emulator/faults/spec';
import type { ExplainRequest } from '../emulator/search/explain/types';
import { ApiError, badRequest, notFound } from '../emulator/errors';
import type { RecorderControl } from '../handlers/exchange';
import { checkApp, type Apps } from './apps';

/** Paths under this prefix steer the server; no path of the real APIs starts with it. */
export const CONTROL_PREFIX = '/__emulator';

interface ControlRequest {
  readonly method: string;
  readonly params: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly apps: Apps;
  readonly snapshots: Map<string, StoredSnapshot>;
  readonly recorder?: RecorderControl;
}

/** A snapshot the server keeps for an application, with the time of its clock when taken. */
export interface StoredSnapshot {
  readonly snapshot: Snapshot;
  readonly takenAt: string;
}

type Control = (req: ControlRequest) => unknown;

const app = (req: ControlRequest): Emulator => {
  const found = req.apps.find(req.params.appId);
  if (!found) throw notFound(`Application ${req.params.appId} does not exist on this server`);
  return found;
};

const field = (body: unknown, name: string): unknown =>
  body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;

const recorderOf = (req: ControlRequest): RecorderControl => {
  if (!req.recorder) throw notFound('This server has no recorder: startServer({ recorder }) (docs/record-verify.md)');
  return req.recorder;
};

const describe = (emulator: Emulator) => ({
  appId: emulator.appId,
  adminApiKey: emulator.adminApiKey,
  now: new Date(emulator.clock.now()).toISOString(),
  indices: emulator.core.state.indices.size,
});

const clockOf = (emulator: Emulator) => ({
  now: new Date(emulator.clock.now()).toISOString(),
  epochMs: emulator.clock.now(),
});

/**
 * The control table: tests that cannot import the library (E2E suites, other languages)
 * drive the clock, state and fixtures with these. `{appId}` is any application of the server.
 */
const CONTROLS: readonly [method: string, path: string, control: Control][] = [
  ['GET', '', (req) => ({ apps: req.apps.list().map(describe), defaultAppId: req.apps.defaultAppId })],
  ['GET', '/apps', (req) => ({ apps: req.apps.list().map(describe) })],
  ['POST', '/apps', (req) => describe(req.apps.create(checkApp(field(req.body, 'appId'), field(req.body, 'apiKey'))))],
  [
    'DELETE',
    '/apps/{appId}',
    (req) => {
      if (!req.apps.delete(req.params.appId))
        throw notFound(`Application ${req.params.appId} does not exist on this server`);
      return { deleted: req.params.appId };
    },
  ],
  ['GET', '/apps/{appId}/clock', (req) => clockOf(app(req))],
  [
    'POST',
    '/apps/{appId}/clock/advance',
    (req) => {
      const by = field(req.body, 'by');
      if (typeof by !== 'string' && typeof by !== 'number')
        throw badRequest('`by` is required: milliseconds or a duration such as "2s", "1h30m"');
      const emulator = app(req);
      // A string read from JSON: the clock's parser refuses what is no duration (a 400).
      guarded(() => emulator.clock.advance(by as Duration));
      return clockOf(emulator);
    },
  ],
  [
    'POST',
    '/apps/{appId}/clock/set',
    (req) => {
      const to = field(req.body, 'to');
      if (typeof to !== 'string' && typeof to !== 'number')
        throw badRequest('`to` is required: epoch milliseconds or an ISO 8601 date');
      const emulator = app(req);
      guarded(() => emulator.clock.set(to));
      return clockOf(emulator);
    },
  ],
  [
    'POST',
    '/apps/{appId}/reset',
    (req) => {
      const emulator = app(req);
      emulator.reset({ keepClock: resetOptions(req.body).keepClock });
      return { reset: req.params.appId, now: new Date(emulator.clock.now()).toISOString() };
    },
  ],
  [
    'POST',
    '/apps/{appId}/snapshots',
    (req) => {
      const snapshotId = `${req.params.appId.toUpperCase()}-${req.snapshots.size + 1}`;
      const emulator = app(req);
      req.snapshots.set(snapshotId, { snapshot: emulator.snapshot(), takenAt: clockOf(emulator).now });
      return { snapshotId };
    },
  ],
  [
    'GET',
    '/apps/{appId}/snapshots',
    (req) => {
      app(req);
      const prefix = `${req.params.appId.toUpperCase()}-`;
      return {
        snapshots: [...req.snapshots]
          .filter(([snapshotId]) => snapshotId.startsWith(prefix))
          .map(([snapshotId, { takenAt }]) => ({ snapshotId, takenAt })),
      };
    },
  ],
  [
    'POST',
    '/apps/{appId}/snapshots/{snapshotId}/restore',
    (req) => {
      const snapshot = req.snapshots.get(req.params.snapshotId);
      if (!snapshot || !req.params.snapshotId.startsWith(`${req.params.appId.toUpperCase()}-`))
        throw notFound(`Snapshot ${req.params.snapshotId} does not exist for this application`);
      app(req).restore(snapshot.snapshot);
      return { restored: req.params.snapshotId };
    },
  ],
  ['POST', '/apps/{appId}/load', (req) => app(req).load(req.body as never)],
  ['GET', '/apps/{appId}/dump', (req) => app(req).dump()],
  // The test affordances (docs/testing.md), for suites that cannot reach the emulator object.
  [
    'GET',
    '/apps/{appId}/journal',
    (req) => ({ entries: app(req).journal.entries.map((entry) => entry.toJSON()), dropped: app(req).journal.dropped }),
  ],
  [
    'DELETE',
    '/apps/{appId}/journal',
    (req) => {
      app(req).journal.clear();
      return { cleared: req.params.appId };
    },
  ],
  ['GET', '/apps/{appId}/faults', (req) => ({ faults: app(req).faults.described, waiting: app(req).faults.waiting })],
  [
    'POST',
    '/apps/{appId}/faults',
    (req) => {
      // A fault from JSON: `hostname` is a name (a pattern cannot travel as JSON).
      const handle = guarded(() => app(req).faults.add(req.body as FaultSpec));
      return { id: handle.id };
    },
  ],
  [
    'DELETE',
    '/apps/{appId}/faults',
    (req) => {
      app(req).faults.clear();
      return { cleared: req.params.appId };
    },
  ],
  [
    'DELETE',
    '/apps/{appId}/faults/{id}',
    (req) => {
      const id = Number(req.params.id);
      if (!Number.isInteger(id) || !app(req).faults.remove(id))
        throw notFound(`No active fault ${req.params.id} in application ${req.params.appId}`);
      return { removed: id };
    },
  ],
  ['POST', '/apps/{appId}/explain', (req) => app(req).explain(req.body as ExplainRequest)],
  // The inspector's reads (docs/inspector.md): the read model's slices and internal read operations.
  [
    'POST',
    '/apps/{appId}/inspector/read',
    (req) => readOperation(app(req), field(req.body, 'operation'), field(req.body, 'params') ?? {}),
  ],
  [
    'POST',
    '/apps/{appId}/inspector/unlock',
    (req) => {
      const emulator = app(req);
      if (field(req.body, 'adminApiKey') !== emulator.adminApiKey)
        throw new ApiError(403, `That is not the admin API key of application ${emulator.appId}`);
      return { unlocked: emulator.appId };
    },
  ],
  [
    'GET',
    '/apps/{appId}/inspector/{view}',
    (req) => {
      const { view } = req.params;
      if (!isViewName(view)) throw notFound(`No inspector view ${view}: one of ${Object.keys(VIEWS).join(', ')}`);
      return readView(app(req), view);
    },
  ],
  // The recorder's test boundaries (docs/record-verify.md), for suites that cannot import it.
  [
    'POST',
    '/recorder/test',
    (req) => {
      const file = field(req.body, 'file');
      const name = field(req.body, 'name');
      if (typeof file !== 'string' || file === '' || typeof name !== 'string' || name === '')
        throw badRequest('`file` and `name` are required: the test file and the test that starts');
      recorderOf(req).startTest(file, name);
      return { file, name };
    },
  ],
  [
    'POST',
    '/recorder/end',
    (req) =>
      refused(
        recorderOf(req)
          .endTest()
          .then((report) => report ?? null),
      ),
  ],
  ['POST', '/recorder/save', (req) => refused(recorderOf(req).save())],
];

const compiled = CONTROLS.map(([method, path, control]) => {
  const names: string[] = [];
  const source = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { method, pattern: new RegExp(`^${source}/?$`), names, control };
});

/** Answers a control request; `path` is what follows the prefix. Throws ApiError for bad ones. */
export function control(
  method: string,
  path: string,
  body: unknown,
  apps: Apps,
  snapshots: Map<string, StoredSnapshot>,
  recorder?: RecorderControl,
): unknown {
  let pathMatched = false;
  for (const entry of compiled) {
    const match = entry.pattern.exec(path);
    if (!match) continue;
    pathMatched = true;
    if (entry.method !== method) continue;
    const params = Object.fromEntries(entry.names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
    return entry.control({ method, params, body, apps, snapshots, recorder });
  }
  throw notFound(
    pathMatched
      ? `Method ${method} is not allowed on ${CONTROL_PREFIX}${path}`
      : `No control endpoint ${CONTROL_PREFIX}${path}: see docs/server.md`,
  );
}

/** A reset's body: none, or `{keepClock: true}`. */
function resetOptions(body: unknown): { keepClock: boolean } {
  if (body === undefined) return { keepClock: false };
  const { keepClock, ...rest } = (
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? body
      : {
          body,
        }
  ) as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined)
    throw badRequest(`A reset takes no body or {"keepClock": true}, got ${JSON.stringify(body)}`);
  if (keepClock !== undefined && typeof keepClock !== 'boolean')
    throw badRequest(`\`keepClock\` must be a boolean, got ${JSON.stringify(keepClock)}`);
  return { keepClock: keepClock === true };
}

/** A recorder's failure (strict mode's differences, an unreadable recording) is the suite's to read: a 409. */
function refused<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: Error) => {
    throw new ApiError(409, error.message);
  });
}

/** The clock's and the faults' refusals (an unreadable duration or date, a negative step, a bad fault) are the caller's: a 400. */
function guarded<T>(move: () => T): T {
  try {
    return move();
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) throw badRequest(error.message);
    throw error;
  }
}
