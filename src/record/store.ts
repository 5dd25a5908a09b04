import { parseRecording, recordingText, type Recording } from './format';
import type { FileReport } from './report';

/** Where recordings and reports live (Polly.js calls it a persister). */
export interface RecordingStore {
  /** The recording of a test file; `undefined` when it has none. */
  read(testFile: string): Promise<Recording | undefined>;
  write(testFile: string, recording: Recording): Promise<void>;
  writeReport(testFile: string, report: FileReport): Promise<void>;
  /** Where the recording of `testFile` is, for reports. */
  describe(testFile: string): string;
}

/** A store in memory: a browser page, a test of the recorder. `recordings` and `reports` are its contents. */
export interface MemoryStore extends RecordingStore {
  readonly recordings: Record<string, Recording>;
  readonly reports: Record<string, FileReport>;
}

export function memoryStore(recordings: Record<string, Recording> = {}): MemoryStore {
  const reports: Record<string, FileReport> = {};
  return {
    recordings,
    reports,
    async read(testFile) {
      // A copy through the file format: what a file store would give back.
      const recording = recordings[testFile];
      return recording && parseRecording(recordingText(recording), `memory:${testFile}`);
    },
    async write(testFile, recording) {
      recordings[testFile] = JSON.parse(recordingText(recording));
    },
    async writeReport(testFile, report) {
      reports[testFile] = report;
    },
    describe: (testFile) => `memory:${testFile}`,
  };
}

type Fs = typeof import('node:fs/promises');
type Path = typeof import('node:path');

/**
 * Node's modules, loaded when the file store is first used. Through a variable: browser
 * bundlers leave the import alone, and never meet it when the page uses `memoryStore()`.
 */
async function node(): Promise<{ fs: Fs; path: Path }> {
  const names = ['node:fs/promises', 'node:path'];
  const [fs, path] = await Promise.all(names.map((name) => import(/* webpackIgnore: true */ /* @vite-ignore */ name)));
  return { fs: fs as Fs, path: path as Path };
}

const cwd = () => (globalThis as { process?: { cwd(): string } }).process?.cwd() ?? '';

/** A file as reports name it: relative to the working directory when inside it, with `/`. */
export function shortName(file: string): string {
  const path = file.replace(/\\/g, '/');
  const base = cwd().replace(/\\/g, '/');
  return base !== '' && path.startsWith(`${base}/`) ? path.slice(base.length + 1) : path;
}

/** The default store: `__recordings__/<test file name>.json` beside each test file, reports under `reportDir/files/`. */
export function fileStore(options: {
  recordingPath?: (testFile: string) => string;
  reportDir: string;
}): RecordingStore {
  const recordingPath = (path: Path, testFile: string) =>
    options.recordingPath?.(testFile) ??
    path.join(path.dirname(path.resolve(testFile)), '__recordings__', `${path.basename(testFile)}.json`);
  const relative = (path: Path, file: string) =>
    path
      .relative(cwd() || '.', path.resolve(file))
      .split(path.sep)
      .join('/');
  return {
    async read(testFile) {
      const { fs, path } = await node();
      const where = recordingPath(path, testFile);
      let text: string;
      try {
        text = await fs.readFile(where, 'utf8');
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return undefined;
        throw error;
      }
      return parseRecording(text, relative(path, where));
    },
    async write(testFile, recording) {
      const { fs, path } = await node();
      const where = recordingPath(path, testFile);
      await fs.mkdir(path.dirname(where), { recursive: true });
      await fs.writeFile(where, recordingText(recording));
    },
    async writeReport(testFile, report) {
      const { fs, path } = await node();
      const dir = path.resolve(options.reportDir, 'files');
      await fs.mkdir(dir, { recursive: true });
      // The test file's name as reports show it, one flat file name.
      const name = shortName(path.resolve(testFile))
        .replace(/^[./\\]+/, '')
        .replace(/[/\\:]/g, '__');
      await fs.writeFile(path.join(dir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
    },
    describe(testFile) {
      // Synchronous: the path arithmetic without node:path (reports name the file as the user sees it).
      const custom = options.recordingPath?.(testFile);
      if (custom) return shortName(custom);
      const slash = Math.max(testFile.lastIndexOf('/'), testFile.lastIndexOf('\\'));
      return shortName(`${testFile.slice(0, slash + 1)}__recordings__/${testFile.slice(slash + 1)}.json`);
    },
  };
}
