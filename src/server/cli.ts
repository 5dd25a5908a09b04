import { parseArgs } from 'node:util';
import { startServer, type ServerOptions } from './start';

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
  --data <path>       fixture folder or file loaded into the default application
  --max-body <bytes>  request body limit (default 104857600)
  --verbose           one line per request
  --no-inspector      do not serve the inspector page at /_inspector (docs/inspector.md)
  --help              this text`;

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
        data: { type: 'string' },
        'max-body': { type: 'string' },
        verbose: { type: 'boolean', default: false },
        'no-inspector': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
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
    ...(values['indexing-delay'] === undefined ? {} : { indexingDelay: numeric(values['indexing-delay']) }),
    ...(values.data === undefined ? {} : { data: values.data }),
    ...(maxBody === undefined ? {} : { maxBodyBytes: maxBody }),
    inspector: !values['no-inspector'],
    apps: (values.app ?? []).map((entry) => {
      const [appId, key] = entry.split(':');
      return { appId, ...(key ? { adminApiKey: key } : apiKey ? { adminApiKey: apiKey } : {}) };
    }),
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
  const apps = server.apps.list().map((app) => `${app.appId} (admin key ${app.adminApiKey})`);
  console.log(`search-emulator listening on ${server.url}`);
  if (options.inspector) console.log(`inspector: ${server.url}/_inspector`);
  console.log(`applications: ${apps.join(', ')}; others are created on first use`);
  const running = server;
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      console.log(`${signal}: closing`);
      running.close().then(resolve, resolve);
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  return 0;
}

/** Plain digits are milliseconds; anything else is read as a duration or date string. */
const numeric = (value: string): string | number => (/^\d+$/.test(value) ? Number(value) : value);

function fail(message: string): number {
  console.error(`search-emulator: ${message}`);
  return 2;
}
