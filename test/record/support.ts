import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll } from 'vitest';
import { createEmulator, createRequester, type Emulator } from '../../src';
import { createHandlers } from '../../src/msw';
import { createRecorder, memoryStore, type MemoryStore, type Recorder, type RecorderOptions } from '../../src/record';
import { startServer, type RunningServer } from '../../src/server';
import { setupMsw } from '../support/server';

/** The "real service" of these tests: a second emulator behind the standalone server, on loopback. */
export const REAL = { appId: 'REALAPP', apiKey: 'real-admin-key-4f1c9a0e7b2d4c88' } as const;
/** The emulator under test, as a user's suite names it. */
export const LOCAL = { appId: 'TESTAPP', adminApiKey: 'local-admin-key' } as const;

export const FILE = 'test/suite.test.ts';

/** A loopback server standing in for the service, for the whole test file. */
export function setupTarget() {
  const state: { server?: RunningServer } = {};
  beforeAll(async () => {
    state.server = await startServer({
      appId: REAL.appId,
      adminApiKey: REAL.apiKey,
      seed: 'the service',
      now: '2025-05-05T10:00:00Z',
    });
  });
  afterAll(() => state.server?.close());
  return {
    get url() {
      return state.server!.url;
    },
    /** The target's application, to inject differences into. */
    get app(): Emulator {
      return state.server!.emulator;
    },
  };
}

export type Surface = 'msw' | 'requester' | 'server';
export const SURFACES: readonly Surface[] = ['msw', 'requester', 'server'];

/** One run of a suite on one surface: the emulator, its recorder, a client wired to both, and test boundaries. */
export interface Run {
  readonly emulator: Emulator;
  readonly recorder: Recorder;
  readonly client: ReturnType<typeof algoliasearch>;
  startTest(name: string): Promise<void>;
  endTest(): Promise<unknown>;
  save(): Promise<unknown>;
  close(): Promise<void>;
}

export function recordOptions(target: { url: string }, store: MemoryStore): RecorderOptions {
  return {
    mode: 'record',
    store,
    target: { appId: REAL.appId, apiKey: REAL.apiKey, url: target.url },
    allowWritesTo: REAL.appId,
    env: {},
  };
}

/**
 * Runs on one surface, for the tests of a file. msw (`onUnhandledRequest: 'error'`) listens for
 * the msw surface only: the others reach the loopback target with the global `fetch`.
 */
export function setupRuns(surface: Surface) {
  const msw = surface === 'msw' ? setupMsw() : undefined;
  return async function open(options: RecorderOptions & { seed?: string }): Promise<Run> {
    const { seed = 'search-emulator', ...recorderOptions } = options;
    if (surface === 'server') {
      const server = await startServer({
        ...LOCAL,
        seed,
        recorder: (emulator) => createRecorder(emulator, { env: {}, ...recorderOptions }),
      });
      const control = (path: string, body?: unknown) =>
        fetch(`${server.url}/__emulator/recorder/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body ?? {}),
        }).then(async (res) => {
          const answer = await res.json();
          if (res.status !== 200) throw new Error(answer.message);
          return answer;
        });
      const host = server.url.replace(/^http:\/\//, '');
      return {
        emulator: server.emulator,
        recorder: server.recorder as Recorder,
        client: algoliasearch(LOCAL.appId, LOCAL.adminApiKey, {
          hosts: [{ url: host, protocol: 'http', accept: 'readWrite' }],
        }),
        startTest: (name) => control('test', { file: FILE, name }),
        endTest: () => control('end'),
        save: () => control('save'),
        close: () => server.close(),
      };
    }
    const emulator = createEmulator({ ...LOCAL, seed });
    const recorder = createRecorder(emulator, { env: {}, ...recorderOptions });
    const client =
      surface === 'msw'
        ? (msw!.use(...createHandlers(emulator, { recorder })), algoliasearch(LOCAL.appId, LOCAL.adminApiKey))
        : algoliasearch(LOCAL.appId, LOCAL.adminApiKey, { requester: createRequester(emulator, { recorder }) });
    return {
      emulator,
      recorder,
      client,
      startTest: async (name) => recorder.startTest(FILE, name),
      endTest: () => recorder.endTest(),
      save: () => recorder.save(),
      close: async () => undefined,
    };
  };
}

export { memoryStore };
