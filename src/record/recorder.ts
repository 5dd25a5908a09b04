import { createSystemClock } from '../clock';
import type { DispatchEvent } from '../emulator/core';
import { crawlerOptions } from '../emulator/crawler/options';
import type { Emulator } from '../emulator/create';
import { JSON_TYPE, type EmulatorResponse, type Method } from '../emulator/request';
import {
  plainForward,
  type Exchange,
  type ExchangeHook,
  type Forward,
  type RecorderControl,
} from '../handlers/exchange';
import { captureExchange, emulatorResponse, rawPath, recordedResponse } from './capture';
import { compareTest, type TestReport } from './compare';
import { OUTSIDE_TESTS, RECORDING_FORMAT, type RecordedExchange, type Recording, type TestRecording } from './format';
import { defaultNormalizers, type Normalizer } from './normalize';
import { resolveOptions, type Mode, type RecorderOptions } from './options';
import { Secrets, Redactor } from './redact';
import { Replayer } from './replay';
import { failureMessage, fileReport, type FileReport } from './report';
import { fileStore, shortName, type RecordingStore } from './store';
import { noteWrites, nothingWritten, safeJson, TargetLink } from './target';

/** The test file of requests made outside any runner-known file (a server driven by hand). */
const DEFAULT_FILE = 'search-emulator';
/** Rights of reading calls: seeding forwards writes only. */
const READ_RIGHTS = new Set([
  'search',
  'browse',
  'settings',
  'listIndexes',
  'logs',
  'analytics',
  'recommendation',
  'usage',
]);
/** Record mode's hooks clean the target up and wait for its tasks: more than a runner's default hook time. */
const RECORD_HOOK_TIMEOUT = 300_000;

/** A recorder: give it to `createHandlers`, `createRequester` or `startServer` (docs/record-verify.md). */
export interface Recorder extends ExchangeHook, RecorderControl {
  readonly mode: Mode;
  readonly strict: boolean;
  /** Adds normalizers for the current test only (call it inside the test). */
  normalize(...normalizers: Normalizer[]): void;
  /** Starts a test by hand (without `runner`): the requests that follow belong to it. */
  startTest(file: string, name: string): void;
  /** Ends the current test: compares it (verify; strict mode throws), cleans the target up (record). */
  endTest(): Promise<TestReport | undefined>;
  /** Writes the recordings (record) or the reports (verify, replay) of the files seen since the last save. */
  save(): Promise<FileReport[]>;
}

/** One test's exchanges and what goes with them. */
class TestSession {
  readonly exchanges: RecordedExchange[] = [];
  readonly extra: Normalizer[] = [];
  readonly notes: string[] = [];
  readonly written = nothingWritten();
  readonly redactor: Redactor;
  replayer: Replayer | undefined;
  closed = false;

  constructor(secrets: Secrets) {
    this.redactor = new Redactor(secrets);
  }
}

/** One test file's tests since the last save. */
class FileSession {
  recording: Promise<Recording | undefined> | undefined;
  readonly tests = new Map<string, TestSession>();
  /** Tests that ended: a new recording replaces theirs. */
  readonly ended = new Set<string>();
  readonly reports = new Map<string, TestReport>();
}

interface Where {
  readonly file: string;
  readonly name: string;
}

/**
 * A recorder for `emulator`. In `verify` (the default) the emulator answers and each answer is
 * compared with the recording; `record` sends the emulator's requests to a real application
 * (explicit opt-in) and writes what it answers; `replay` answers from the recording.
 *
 * @example
 * import { afterAll, afterEach, expect } from 'vitest';
 * const recorder = createRecorder(emulator, { runner: { expect, afterEach, afterAll } });
 * const server = setupServer(...createHandlers(emulator, { recorder }));
 */
export function createRecorder(emulator: Pick<Emulator, 'core'>, options: RecorderOptions = {}): Recorder {
  return new RecorderImpl(emulator.core, options);
}

class RecorderImpl implements Recorder {
  readonly mode: Mode;
  readonly strict: boolean;
  private readonly secrets = new Secrets();
  private readonly files = new Map<string, FileSession>();
  private readonly store: RecordingStore;
  private readonly link: TargetLink | undefined;
  private readonly normalizers: readonly Normalizer[];
  private manual: Where | undefined;
  private connected: { forward: Forward; passes: boolean } | undefined;
  /** Seeding calls on their way to the target: the next request waits for them. */
  private pending: Promise<void> = Promise.resolve();

  constructor(
    readonly core: Emulator['core'],
    private readonly options: RecorderOptions,
  ) {
    const resolved = resolveOptions(options);
    this.mode = resolved.mode;
    this.strict = resolved.strict;
    this.store = options.store ?? fileStore({ recordingPath: options.recordingPath, reportDir: resolved.reportDir });
    this.normalizers = [
      ...(options.defaultNormalizers === false ? [] : defaultNormalizers),
      ...(options.normalizers ?? []),
    ];
    const { appId, adminApiKey } = core.options;
    const crawler = crawlerOptions(core);
    this.secrets.add(adminApiKey);
    if (resolved.target) {
      this.secrets.add(resolved.target.apiKey);
      this.link = new TargetLink(resolved.target, { appId, adminApiKey, crawler });
      core.observe((event) => this.seed(event));
    }
    const runner = options.runner;
    if (runner && this.mode !== 'off') {
      const timeout = this.mode === 'record' ? [RECORD_HOOK_TIMEOUT] : [];
      runner.afterEach(async () => void (await this.endTest()), ...timeout);
      runner.afterAll(async () => void (await this.save()), ...timeout);
    }
  }

  connect(forward: Forward, passesInterception: boolean): void {
    // msw's way passes msw and works without it too: it wins over a plain fetch.
    if (!this.connected || (passesInterception && !this.connected.passes))
      this.connected = { forward, passes: passesInterception };
  }

  private forward(fallback?: Forward): Forward {
    return (this.options.fetch as Forward | undefined) ?? fallback ?? this.connected?.forward ?? plainForward;
  }

  async exchange(exchange: Exchange): Promise<EmulatorResponse> {
    if (this.mode === 'off') return exchange.emulate();
    const where = this.where();
    const test = this.test(where);
    if (this.mode === 'record') return this.record(exchange, test);
    if (this.mode === 'replay') return this.replay(exchange, where, test);
    const res = await exchange.emulate();
    // An answer a fault kept from completing is not one the service could have given.
    if (res.transport !== undefined || res.status === 0) return res;
    try {
      test.exchanges.push(
        captureExchange(exchange.request, exchange.family, emulatorResponse(res), this.core.router, test.redactor),
      );
    } catch (error) {
      test.notes.push(`an exchange could not be read: ${(error as Error).message}`);
    }
    return res;
  }

  normalize(...normalizers: Normalizer[]): void {
    this.test(this.where()).extra.push(...normalizers);
  }

  startTest(file: string, name: string): void {
    this.manual = { file, name };
  }

  async endTest(): Promise<TestReport | undefined> {
    if (this.mode === 'off') return undefined;
    const where = this.where();
    this.manual = undefined;
    const report = await this.close(where);
    if (report?.failing && this.strict) throw new Error(failureMessage(report, this.recordingName(where.file)));
    return report;
  }

  async save(): Promise<FileReport[]> {
    if (this.mode === 'off') return [];
    const saved: FileReport[] = [];
    const failures: string[] = [];
    for (const [file, session] of [...this.files]) {
      // What happened outside any test (beforeAll, afterAll) ends with the file.
      if (session.tests.has(OUTSIDE_TESTS) && !session.ended.has(OUTSIDE_TESTS)) {
        const report = await this.close({ file, name: OUTSIDE_TESTS });
        if (report?.failing && this.strict) failures.push(failureMessage(report, this.recordingName(file)));
      }
      if (this.mode === 'record') await this.writeRecording(file, session);
      else if (session.reports.size > 0 || (await this.recordingOf(file)) !== undefined) {
        // A file with no exchange and no recording has nothing to report.
        const exists = (await session.recording) !== undefined;
        const report = fileReport({
          file: shortName(file),
          ...(exists ? { recording: this.recordingName(file) } : {}),
          mode: this.mode,
          strict: this.strict,
          tests: [...session.reports.values()],
        });
        await this.store.writeReport(file, report);
        saved.push(report);
      }
      this.files.delete(file);
    }
    if (failures.length > 0) throw new Error(failures.join('\n\n'));
    return saved;
  }

  /** The test a request belongs to: the one started by hand, else the runner's current one. */
  private where(): Where {
    if (this.manual) return this.manual;
    const state = this.options.runner?.expect.getState();
    return { file: state?.testPath ?? DEFAULT_FILE, name: state?.currentTestName ?? OUTSIDE_TESTS };
  }

  private file(file: string): FileSession {
    let session = this.files.get(file);
    if (!session) this.files.set(file, (session = new FileSession()));
    return session;
  }

  /** The test's session; a test that runs again (a retry) starts afresh. */
  private test(where: Where): TestSession {
    const file = this.file(where.file);
    let test = file.tests.get(where.name);
    if (!test || test.closed) {
      file.tests.set(where.name, (test = new TestSession(this.secrets)));
      file.ended.delete(where.name);
    }
    return test;
  }

  private recordingOf(file: string): Promise<Recording | undefined> {
    const session = this.file(file);
    return (session.recording ??= this.store.read(file));
  }

  private recordingName(file: string): string {
    return this.store.describe(file);
  }

  private normalizersOf(test: TestSession): Normalizer[] {
    return [...this.normalizers, ...test.extra];
  }

  /** Ends a test: compares it (verify), reports it (replay), cleans the target up (record). */
  private async close(where: Where): Promise<TestReport | undefined> {
    await this.pending;
    const session = this.file(where.file);
    const test = this.test(where);
    test.closed = true;
    session.ended.add(where.name);
    if (this.mode === 'record') {
      if (this.options.cleanup !== false) test.notes.push(...(await this.link!.cleanup(test.written, this.forward())));
      return undefined;
    }
    const recorded = (await this.recordingOf(where.file))?.tests[where.name]?.exchanges ?? [];
    if (recorded.length === 0 && test.exchanges.length === 0) return undefined;
    const file = shortName(where.file);
    const report =
      this.mode === 'replay'
        ? (test.replayer ?? this.replayerOf(test, recorded)).report(file, where.name)
        : compareTest({
            file,
            name: where.name,
            recorded,
            live: test.exchanges,
            normalizers: this.normalizersOf(test),
            router: this.core.router,
          });
    const noted = test.notes.length > 0 ? { ...report, notes: [...test.notes] } : report;
    // The report is all that is kept: a long file does not hold every answer until it ends.
    test.exchanges.length = 0;
    session.reports.set(where.name, noted);
    this.options.onReport?.(noted);
    return noted;
  }

  private replayerOf(test: TestSession, recorded: readonly RecordedExchange[]): Replayer {
    return (test.replayer ??= new Replayer(recorded, this.normalizersOf(test), this.core.router));
  }

  /** Record: the target answers (the emulator shadows the request); the exchange is kept. */
  private async record(exchange: Exchange, test: TestSession): Promise<EmulatorResponse> {
    await this.pending;
    const link = this.link!;
    const forward = this.forward(exchange.forward);
    const answer = await link.send(exchange.request, exchange.family, forward);
    // The emulator answers too, its answer dropped: the journal and the matchers hold in record mode.
    await exchange.emulate();
    if (answer.status === 0) {
      test.notes.push(
        `${exchange.request.method} ${rawPath(exchange.request.url)}: the target could not be reached (${answer.text})`,
      );
      return { status: 0, headers: {}, body: { message: answer.text } };
    }
    const response = recordedResponse(answer.status, answer.text, answer.contentType);
    if (exchange.family === 'search' && answer.status >= 200 && answer.status < 300) {
      const method = exchange.request.method.toUpperCase();
      const match = this.core.router.match('search', method as Method, rawPath(exchange.request.url));
      if (typeof match === 'object' && method !== 'GET') {
        const write = {
          operation: match.route.operation,
          method,
          params: match.params,
          body: safeJson(exchange.request.text),
          answer: response.body,
        };
        noteWrites(test.written, write);
        if (this.options.awaitTasks !== false) {
          const note = await link.published(match.params.indexName, response.body, forward);
          if (note) test.notes.push(note);
        }
      }
    }
    test.exchanges.push(captureExchange(exchange.request, exchange.family, response, this.core.router, test.redactor));
    return {
      status: answer.status,
      headers: { 'content-type': answer.contentType ?? JSON_TYPE },
      body: response.body ?? answer.text,
      text: answer.text,
    };
  }

  /** Replay: the recording answers; the emulator is not consulted. */
  private async replay(exchange: Exchange, where: Where, test: TestSession): Promise<EmulatorResponse> {
    const recorded = (await this.recordingOf(where.file))?.tests[where.name]?.exchanges ?? [];
    const replayer = this.replayerOf(test, recorded);
    const request = captureExchange(exchange.request, exchange.family, { status: 0 }, this.core.router, test.redactor);
    const found = replayer.next(request);
    if (!found) {
      const message = `search-emulator replay: no recorded answer for ${request.request.method} ${request.request.path} in "${where.name}" (${this.recordingName(where.file)})`;
      test.exchanges.push({ ...request, response: { status: 400, body: { message, status: 400 } } });
      return { status: 400, headers: { 'content-type': JSON_TYPE }, body: { message, status: 400 } };
    }
    test.exchanges.push({ ...request, response: found.response });
    const { status, body, text } = found.response;
    return text !== undefined
      ? { status, headers: { 'content-type': 'text/plain; charset=UTF-8' }, body: text, text }
      : { status, headers: { 'content-type': JSON_TYPE }, body, ...(body === undefined ? { text: '' } : {}) };
  }

  /** Record: a direct call that seeds data goes to the target too, before the test's next request. */
  private seed(event: DispatchEvent): void {
    const { req, res, route } = event;
    // Requests from a surface carry their URL: those go through `exchange`.
    if (this.mode !== 'record' || req.url !== undefined || req.method === 'GET') return;
    if ((req.host !== 'search' && req.host !== 'insights') || !event.served || res.status < 200 || res.status >= 300)
      return;
    if (typeof route?.acl === 'string' && READ_RIGHTS.has(route.acl)) return;
    const test = this.test(this.where());
    const query = new URLSearchParams(req.query).toString();
    const host = req.host === 'search' ? `${this.core.options.appId}.algolia.net` : 'insights.algolia.io';
    const wire = {
      method: req.method,
      url: `https://${host}${req.path}${query === '' ? '' : `?${query}`}`,
      headers: req.headers,
      text: req.bodyText ?? (req.body === undefined ? '' : JSON.stringify(req.body)),
    };
    const operation = route?.operation ?? `${req.method} ${req.path}`;
    this.pending = this.pending.then(async () => {
      const forward = this.forward();
      const answer = await this.link!.send(wire, req.host, forward);
      if (answer.status < 200 || answer.status >= 300) {
        test.notes.push(`seeding call ${operation}: the target answered ${answer.status} ${answer.text.slice(0, 200)}`);
        return;
      }
      if (req.host !== 'search') return;
      const body = safeJson(answer.text);
      noteWrites(test.written, {
        operation,
        method: req.method,
        params: { ...(event.params ?? {}) },
        body: req.body,
        answer: body,
      });
      if (this.options.awaitTasks === false) return;
      const note = await this.link!.published(event.params?.indexName, body, forward);
      if (note) test.notes.push(note);
    });
  }

  private async writeRecording(file: string, session: FileSession): Promise<void> {
    const existing = await this.store.read(file);
    const tests: Record<string, TestRecording> = { ...(existing?.tests ?? {}) };
    const recordedAt = new Date(createSystemClock().now()).toISOString();
    let changed = false;
    for (const name of session.ended) {
      const test = session.tests.get(name);
      changed = true;
      if (!test || test.exchanges.length === 0) {
        delete tests[name];
        continue;
      }
      tests[name] = {
        recordedAt,
        target: this.link!.label,
        exchanges: test.exchanges,
        ...(test.notes.length > 0 ? { notes: test.notes } : {}),
      };
    }
    if (!changed || (existing === undefined && Object.keys(tests).length === 0)) return;
    await this.store.write(file, { format: RECORDING_FORMAT, appId: this.core.options.appId, tests });
  }
}
