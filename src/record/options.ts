import type { Normalizer } from './normalize';
import type { RecordingStore } from './store';
import type { TestReport } from './compare';

/** `verify` compares with the recording, `record` writes it, `replay` answers from it, `off` steps aside. */
export type Mode = 'verify' | 'record' | 'replay' | 'off';
const MODES: readonly Mode[] = ['verify', 'record', 'replay', 'off'];

/** What the recorder needs of the test runner: Vitest's and Jest's `expect`, `afterEach`, `afterAll`. */
export interface RunnerHooks {
  readonly expect: { getState(): { testPath?: string | undefined; currentTestName?: string | undefined } };
  readonly afterEach: (hook: () => Promise<void>, timeout?: number) => unknown;
  readonly afterAll: (hook: () => Promise<void>, timeout?: number) => unknown;
}

/** The real application a recording is made from. */
export interface Target {
  readonly appId: string;
  /** Its admin key, or a key with every right the suite uses. */
  readonly apiKey: string;
  /** Send every request to this base URL instead of the real hosts (a proxy, the standalone server). */
  readonly url?: string;
  /** The region of the regional APIs (analytics, personalization, ...) for requests from the server. Default `us`. */
  readonly region?: string;
  /** The crawler API's basic-auth pair of the target, for the emulator's. */
  readonly crawlerUserId?: string;
  readonly crawlerApiKey?: string;
}

export interface RecorderOptions {
  /** Default: `SEARCH_EMULATOR_MODE`, else `verify`. */
  readonly mode?: Mode;
  /** Fail a test whose answers differ from the recording. Default: `SEARCH_EMULATOR_STRICT=1`. */
  readonly strict?: boolean;
  /** Which test runs and when it ends: `{ expect, afterEach, afterAll }` of Vitest or Jest. */
  readonly runner?: RunnerHooks;
  /** Normalizers applied after the defaults. */
  readonly normalizers?: readonly Normalizer[];
  /** `false`: only `normalizers`. Default `true`. */
  readonly defaultNormalizers?: boolean;
  /** Record: the real application. Default: `SEARCH_EMULATOR_TARGET_APP_ID`, `_API_KEY`, `_URL`. */
  readonly target?: Target;
  /** Record: the opt-in, the target's application ID repeated. Default: `SEARCH_EMULATOR_ALLOW_WRITES_TO`. */
  readonly allowWritesTo?: string;
  /** Record: poll each write's task until published before answering. Default `true`. */
  readonly awaitTasks?: boolean;
  /** Record: delete the indices each test wrote to and the keys it created. Default `true`. */
  readonly cleanup?: boolean;
  /** Where recordings and reports live. Default: files beside the tests (Node). */
  readonly store?: RecordingStore;
  /** The file store's recording of a test file. Default: `__recordings__/<name>.json` beside it. */
  readonly recordingPath?: (testFile: string) => string;
  /** The file store's report folder. Default: `SEARCH_EMULATOR_REPORT_DIR`, else `.search-emulator/verify`. */
  readonly reportDir?: string;
  /** Record: how the requester, the server and seeding calls reach the target. Default: the surface's own way. */
  readonly fetch?: (
    url: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ) => Promise<Response>;
  /** Called with each test's report (verify, replay). */
  readonly onReport?: (report: TestReport) => void;
  /** Read instead of `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface Resolved {
  readonly mode: Mode;
  readonly strict: boolean;
  readonly target?: Target;
  readonly reportDir: string;
}

/** The options with their variables read, and record mode's opt-in checked: a refusal says what is missing. */
export function resolveOptions(options: RecorderOptions): Resolved {
  const env =
    options.env ?? (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
  const read = (name: string) => (env[name] === '' ? undefined : env[name]);
  const mode = options.mode ?? (read('SEARCH_EMULATOR_MODE') as Mode | undefined) ?? 'verify';
  if (!MODES.includes(mode))
    throw new TypeError(`search-emulator: unknown recorder mode "${mode}" (SEARCH_EMULATOR_MODE): ${MODES.join(', ')}`);
  const strict = options.strict ?? ['1', 'true'].includes(read('SEARCH_EMULATOR_STRICT') ?? '');
  const reportDir = options.reportDir ?? read('SEARCH_EMULATOR_REPORT_DIR') ?? '.search-emulator/verify';
  if (mode !== 'record') return { mode, strict, reportDir };
  const appId = options.target?.appId ?? read('SEARCH_EMULATOR_TARGET_APP_ID');
  const apiKey = options.target?.apiKey ?? read('SEARCH_EMULATOR_TARGET_API_KEY');
  const url = options.target?.url ?? read('SEARCH_EMULATOR_TARGET_URL');
  const allowed = options.allowWritesTo ?? read('SEARCH_EMULATOR_ALLOW_WRITES_TO');
  const refuse = (why: string) =>
    new Error(
      `search-emulator: record mode refused: ${why}. Recording sends the suite's writes to a real application and deletes the indices it writes to: use a dedicated test application (docs/record-verify.md).`,
    );
  if (!appId || !apiKey)
    throw refuse(
      'the target application is missing (SEARCH_EMULATOR_TARGET_APP_ID and SEARCH_EMULATOR_TARGET_API_KEY)',
    );
  if (allowed !== appId)
    throw refuse(
      allowed === undefined
        ? `writing to ${appId} was not allowed (set SEARCH_EMULATOR_ALLOW_WRITES_TO=${appId})`
        : `SEARCH_EMULATOR_ALLOW_WRITES_TO is "${allowed}", the target is "${appId}"`,
    );
  return { mode, strict, reportDir, target: { ...options.target, appId, apiKey, ...(url ? { url } : {}) } };
}
