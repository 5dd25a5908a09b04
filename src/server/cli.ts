import { parseArgs } from 'node:util';
import { ApiError } from '../emulator/errors';
import { checkApp } from './apps';
import type { Duration } from '../clock';
import { startServer, type ServerOptions } from './start';

/** The package's version, written in by the build (tsup.config.ts, vitest.config.ts). */
declare const __SEARCH_EMULATOR_VERSION__: string;

const USAGE = `Usage: search-emulator serve [options]

Serves the search emulator over HTTP: the official clients reach it with custom hosts,
control endpoints under /__emulator drive its clock and state (see docs/server.md).

Options:
  --port <n>          port to listen on; 0 picks a free one (default 9400)
  --host <address>    interface to listen on (default 127.0.0.1)
  --app-id <id>       the default application's ID (default TESTAPP)
  --api-key <key>     admin API key of every application (default admin-api-key)
  --app <id[:key]>    declare another application (repeatable); others are created on first use
  --seed <seed>       seed of generated IDs (default search-emulator)
  --now <instant>     start of the fake clock, ISO 8601 or epoch ms (default 2024-01-01T00:00:00Z)
  --clock <kind>      fake (default: moves only through /__emulator) or system (the host's time)
  --indexing-delay <d> delay before writes are published, e.g. 2s (default 0)
  --advance-on-task-poll  with --indexing-delay: asking for a pending task moves the clock to
                      its publication, so the clients' waitForTask ends (see docs/server.md)
  --data <path>       fixture folder or file loaded into the default application
  --max-body <bytes>  request body limit (default 104857600)
  --verbose           one line per request
  --no-inspector      do not serve the inspector page at /_inspector (docs/inspector.md)
  --version           the package's version
  --help              this text

Stop it with Ctrl-C (SIGINT) or SIGTERM: it stops listening, answers the requests under way,
lets go the answers faults hold, and exits; a second signal exits at once.`;

/** `search-emulator serve ...`: starts the server, prints its URL, stops cleanly on SIGINT/SIGTERM. */
export async function main(argv: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        port: { type: 'string', default: '9400' },
        host: { type: 'string', default: '127.0.0.1' },
        'app-id': { type: 'string' },
        'api-key': { type: 'string' },
        app: { type: 'string', multiple: true },
        seed: { type: 'string' },
        now: { type: 'string' },
        clock: { type: 'string', default: 'fake' },
        'indexing-delay': { type: 'string' },
        'advance-on-task-poll': { type: 'boolean', default: false },
        data: { type: 'string' },
        'max-body': { type: 'string' },
        verbose: { type: 'boolean', default: false },
        'no-inspector': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
        version: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.version) {
    console.log(__SEARCH_EMULATOR_VERSION__);
    return 0;
  }
  if (positionals[0] !== 'serve' || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    return fail(`--port must be a port number, got "${values.port}"`);
  if (values.clock !== 'fake' && values.clock !== 'system')
    return fail(`--clock is fake or system, got "${values.clock}"`);
  if (values.clock === 'system' && values.now !== undefined)
    return fail('--now sets the start of the fake clock: leave it out with --clock system');
  const maxBody = values['max-body'] === undefined ? undefined : Number(values['max-body']);
  if (maxBody !== undefined && !(Number.isInteger(maxBody) && maxBody > 0))
    return fail(`--max-body must be a number of bytes, got "${values['max-body']}"`);
  const apiKey = values['api-key'];
  // Checked as `POST /__emulator/apps` checks them, before anything starts.
  const appIdError = values['app-id'] === undefined ? undefined : appError(values['app-id'], undefined);
  if (appIdError) return fail(`--app-id "${values['app-id']}": ${appIdError}`);
  const apps: { appId: string; adminApiKey?: string }[] = [];
  for (const entry of values.app ?? []) {
    // `id:key`; the key may hold colons. A declared app without a key gets --api-key, as every app.
    const colon = entry.indexOf(':');
    const [appId, key] = colon < 0 ? [entry, undefined] : [entry.slice(0, colon), entry.slice(colon + 1)];
    const error = appError(appId, key);
    if (error) return fail(`--app "${entry}": ${error}`);
    apps.push({
      appId,
      ...(key !== undefined ? { adminApiKey: key } : apiKey !== undefined ? { adminApiKey: apiKey } : {}),
    });
  }
  if (values['advance-on-task-poll'] && values['indexing-delay'] === undefined)
    console.warn(
      'search-emulator: --advance-on-task-poll does nothing without --indexing-delay (writes are published at once)',
    );
  const options: ServerOptions = {
    port,
    host: values.host,
    ...(values['app-id'] === undefined ? {} : { appId: values['app-id'] }),
    ...(apiKey === undefined ? {} : { adminApiKey: apiKey }),
    ...(values.seed === undefined ? {} : { seed: values.seed }),
    ...(values.clock === 'system'
      ? { now: 'system' as const }
      : values.now === undefined
        ? {}
        : { now: numeric(values.now) }),
    ...(values['indexing-delay'] === undefined ? {} : { indexingDelay: numeric(values['indexing-delay']) as Duration }),
    ...(values['advance-on-task-poll'] ? { advanceOnTaskPoll: true } : {}),
    ...(values.data === undefined ? {} : { data: values.data }),
    ...(maxBody === undefined ? {} : { maxBodyBytes: maxBody }),
    inspector: !values['no-inspector'],
    apps,
    ...(values.verbose
      ? {
          onRequest: (line) =>
            console.log(
              `${line.method} ${line.path} ${line.status}${line.appId ? ` ${line.appId}` : ''}${line.family ? ` ${line.family}` : ''}${line.failure ? ` (${line.failure})` : ''}`,
            ),
        }
      : {}),
  };
  let server;
  try {
    server = await startServer(options);
  } catch (error) {
    return fail((error as Error).message);
  }
  const running = server;
  // Listening for the signals before saying where it listens: a script may stop it at once.
  const stopped = new Promise<void>((resolve) => {
    let closing = false;
    const stop = (why: string) => {
      if (closing) return;
      closing = true;
      clearInterval(orphaned);
      console.log(`${why}: closing`);
      // Answers a fault holds would wait forever: they go now (the client sees a network error).
      for (const app of running.apps.list()) app.faults.clear();
      running.close().then(resolve, resolve);
    };
    // Once each: a second signal meets Node's default action and ends the process at once.
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
    // Started by npm (`npx`, `npm run`), this process runs under `sh -c`: a SIGTERM sent to npm
    // alone reaches that shell, which dies without passing it on. The server then stops when its
    // parent goes (a real timer: the process's lifetime, not the emulator's clock). Started any
    // other way (`search-emulator serve &` from a script that then exits), it keeps running.
    const parent = process.ppid;
    const orphaned = setInterval(() => {
      if (process.ppid !== parent) stop('its parent (npm) exited');
    }, ORPHAN_CHECK_MS);
    orphaned.unref();
    if (process.env.npm_command === undefined) clearInterval(orphaned);
  });
  const listed = server.apps.list().map((app) => `${app.appId} (admin key ${app.adminApiKey})`);
  console.log(`search-emulator listening on ${server.url}`);
  if (options.inspector) console.log(`inspector: ${server.url}/_inspector`);
  console.log(`applications: ${listed.join(', ')}; others are created on first use, with the admin key`);
  await stopped;
  return 0;
}

/** How often a server started by npm looks whether npm's shell is still there. */
const ORPHAN_CHECK_MS = 250;

/** Plain digits are milliseconds; anything else is read as a duration or date string. */
const numeric = (value: string): string | number => (/^\d+$/.test(value) ? Number(value) : value);

function fail(message: string): number {
  console.error(`search-emulator: ${message}`);
  return 2;
}

/** Why an application ID and key are refused, in the words of `POST /__emulator/apps`; undefined when fine. */
function appError(appId: string, apiKey: string | undefined): string | undefined {
  try {
    checkApp(appId, apiKey);
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
}
