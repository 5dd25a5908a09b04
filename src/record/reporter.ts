/**
 * `search-emulator/record/reporter`: the verify summary, for Vitest and Jest alike
 * (`reporters: ['default', 'search-emulator/record/reporter']`). Test files write their reports
 * to `<dir>/files/` when they end (the recorder, in the test workers); at the end of the run this
 * merges them into `<dir>/report.json` and prints the counts and what differs (Node only).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { addCounts, noCounts, type Counts } from './compare';
import { countsLine, problemLines, type FileReport } from './report';

export interface VerifyReporterOptions {
  /** The recorders' `reportDir`. Default: `SEARCH_EMULATOR_REPORT_DIR`, else `.search-emulator/verify`. */
  readonly dir?: string;
  /** Lines of differences printed at most (report.json has them all). Default 60. */
  readonly maxLines?: number;
}

/** The run's summary, as `<dir>/report.json` holds it. */
export interface VerifySummary {
  readonly format: 'search-emulator/verify-summary@1';
  readonly counts: Counts;
  readonly tests: number;
  readonly files: readonly FileReport[];
}

export default class VerifyReporter {
  private readonly dir: string;
  private readonly maxLines: number;

  /** Vitest passes the options; Jest passes its global configuration, then the options. */
  constructor(first?: unknown, second?: unknown) {
    const options = ((second ?? first ?? {}) as VerifyReporterOptions) ?? {};
    this.dir = resolve(options.dir ?? process.env.SEARCH_EMULATOR_REPORT_DIR ?? '.search-emulator/verify');
    this.maxLines = options.maxLines ?? 60;
  }

  /** Vitest: a run starts (also each rerun in watch mode). */
  onTestRunStart(): void {
    this.clear();
  }

  /** Vitest: the run ended. */
  onTestRunEnd(): void {
    this.summarize();
  }

  /** Jest: a run starts. */
  onRunStart(): void {
    this.clear();
  }

  /** Jest: the run ended. */
  onRunComplete(): void {
    this.summarize();
  }

  /** Reports of an earlier run would be counted again. */
  private clear(): void {
    rmSync(join(this.dir, 'files'), { recursive: true, force: true });
  }

  /** Merges the files' reports, writes report.json and prints the summary; nothing when no recorder reported. */
  summarize(): VerifySummary | undefined {
    let names: string[];
    try {
      names = readdirSync(join(this.dir, 'files')).filter((name) => name.endsWith('.json'));
    } catch {
      return undefined;
    }
    const files = names
      .sort()
      .map((name) => JSON.parse(readFileSync(join(this.dir, 'files', name), 'utf8')) as FileReport);
    const counts = files.reduce((sum, file) => addCounts(sum, file.counts), noCounts());
    const tests = files.reduce((sum, file) => sum + file.tests.length, 0);
    const summary: VerifySummary = { format: 'search-emulator/verify-summary@1', counts, tests, files };
    mkdirSync(this.dir, { recursive: true });
    writeFileSync(join(this.dir, 'report.json'), `${JSON.stringify(summary, null, 2)}\n`);
    const lines = [
      `search-emulator verify: ${files.length} file${files.length === 1 ? '' : 's'}, ${tests} test${tests === 1 ? '' : 's'}, ${counts.exchanges} exchanges`,
      `  ${countsLine(counts)}`,
    ];
    const problems: string[] = [];
    for (const file of files)
      for (const test of file.tests) {
        const found = problemLines(test, '    ');
        if (found.length > 0) problems.push(`  ${file.file} > ${test.name}`, ...found);
      }
    lines.push(...problems.slice(0, this.maxLines));
    if (problems.length > this.maxLines) lines.push(`  ... ${problems.length - this.maxLines} more lines`);
    lines.push(`  report: ${relative(process.cwd(), join(this.dir, 'report.json'))}`);
    process.stdout.write(`\n${lines.join('\n')}\n`);
    return summary;
  }
}
