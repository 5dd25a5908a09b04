import type { HostFamily } from '../emulator/request';

/** The `format` of every recording file; a reader refuses another. */
export const RECORDING_FORMAT = 'search-emulator/recording@1';

/** Exchanges made outside any test (`beforeAll`, `afterAll`) are kept under this name. */
export const OUTSIDE_TESTS = '(outside any test)';

/** A request as recorded: never its headers; the query string without credentials. */
export interface RecordedRequest {
  readonly method: string;
  readonly host: HostFamily;
  /** As sent (URL-encoded), without the query string. */
  readonly path: string;
  /** Decoded query-string parameters, credentials and `x-algolia-agent` left out; absent when none. */
  readonly query?: Readonly<Record<string, string>>;
  /** The JSON body; the text when it is not JSON; absent when there is none. */
  readonly body?: unknown;
}

export interface RecordedResponse {
  /** The HTTP status. */
  readonly status: number;
  /** The JSON answer; absent for an empty or a non-JSON one. */
  readonly body?: unknown;
  /** A non-JSON answer (the query suggestions log is JSON Lines), as text. */
  readonly text?: string;
}

/** One request and its answer. `operation` is the route's name, for the reader: matching reads the path. */
export interface RecordedExchange {
  readonly operation?: string;
  readonly request: RecordedRequest;
  readonly response: RecordedResponse;
}

export interface TestRecording {
  /** When this test was recorded (ISO 8601). */
  readonly recordedAt: string;
  /** `service` (the real hosts) or the base URL recorded from (`target.url`, port left out). */
  readonly target: string;
  readonly exchanges: readonly RecordedExchange[];
  /** What the recorder met while recording (a refused seeding call, a task that never published). */
  readonly notes?: readonly string[];
}

/** One recording file: the exchanges of each test of one test file. */
export interface Recording {
  readonly format: typeof RECORDING_FORMAT;
  /** The emulator's application ID (the target's is written as this one). */
  readonly appId: string;
  /** By the test's full name, in alphabetical order. */
  readonly tests: Readonly<Record<string, TestRecording>>;
}

/** The file's text: pretty JSON, tests in alphabetical order, a final newline (diffs well in review). */
export function recordingText(recording: Recording): string {
  const tests: Record<string, TestRecording> = {};
  for (const name of Object.keys(recording.tests).sort()) tests[name] = recording.tests[name];
  return `${JSON.stringify({ format: recording.format, appId: recording.appId, tests }, null, 2)}\n`;
}

/** A recording read back; an error naming the file when it is not one. */
export function parseRecording(text: string, where: string): Recording {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`search-emulator: ${where} is not JSON (${(error as Error).message})`);
  }
  const recording = value as Partial<Recording> | null;
  if (recording?.format !== RECORDING_FORMAT || typeof recording.tests !== 'object' || recording.tests === null)
    throw new Error(`search-emulator: ${where} is not a recording (its format is not "${RECORDING_FORMAT}")`);
  return recording as Recording;
}
