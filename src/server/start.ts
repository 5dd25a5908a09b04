import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Emulator, EmulatorOptions } from '../emulator/create';
import { connectRecorder, plainForward, type ExchangeHook, type RecorderControl } from '../handlers/exchange';
import type { Fixture } from '../emulator/fixtures/types';
import { Apps } from './apps';
import { readFixtures } from './fixture-files';
import { createListener, type RequestLine } from './http';

export interface ServerOptions extends EmulatorOptions {
  /** Port to listen on; 0 picks a free one (read it from the result). Default 0. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  /** More applications to declare at start (others are created on first use). */
  apps?: readonly (EmulatorOptions & { appId: string })[];
  /** A fixture, or a folder or file of fixtures, loaded into the default application. */
  data?: string | Fixture;
  /** Request bodies larger than this answer 413. Default 100 MB. */
  maxBodyBytes?: number;
  /** Called once per request, answered or not (`RequestLine.failure` says which never completed). */
  onRequest?: (line: RequestLine) => void;
  /** Serve the inspector's page at `/_inspector` (docs/inspector.md). Default true. */
  inspector?: boolean;
  /**
   * Records, verifies or replays the default application's requests:
   * `(emulator) => createRecorder(emulator, options)` from `search-emulator/record`. Tests mark
   * their boundaries with the control endpoints `/__emulator/recorder/...`; `close()` saves.
   */
  recorder?: (emulator: Emulator) => ExchangeHook & RecorderControl;
}

export interface RunningServer {
  /** `http://host:port`, the base URL to give clients. */
  readonly url: string;
  readonly port: number;
  /** The default application's emulator (the one `appId` names). */
  readonly emulator: Emulator;
  /** Every application of the server, by ID (created on first use). */
  readonly apps: Apps;
  /** The default application's recorder, when `recorder` was given. */
  readonly recorder?: ExchangeHook & RecorderControl;
  /** Stops accepting connections and resolves once the requests under way are answered. */
  close(): Promise<void>;
}

/**
 * Serves the emulator over real HTTP (Node only): the same route table, gate and answers as
 * the msw handlers, for E2E suites, other languages and tools that cannot import the library.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const {
    port = 0,
    host = '127.0.0.1',
    apps: declared = [],
    data,
    maxBodyBytes = 100 * 1024 * 1024,
    onRequest,
    inspector = true,
    recorder: makeRecorder,
    ...emulatorOptions
  } = options;
  const defaultAppId = emulatorOptions.appId ?? 'TESTAPP';
  const apps = new Apps(emulatorOptions, defaultAppId);
  const emulator = apps.create({ ...emulatorOptions, appId: defaultAppId });
  for (const app of declared) apps.create(app);
  if (data !== undefined) emulator.load(typeof data === 'string' ? await readFixtures(data) : data);
  const recorder = makeRecorder?.(emulator);
  connectRecorder(recorder, emulator.core, plainForward, false);
  const listener = createListener({ apps, maxBodyBytes, onRequest, inspector, recorder });
  const server = createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}`,
    port: address.port,
    emulator,
    apps,
    ...(recorder ? { recorder } : {}),
    close: async () => {
      listener.endStreams();
      await closeGracefully(server);
      await recorder?.save();
    },
  };
}

function closeGracefully(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeIdleConnections();
  });
}
