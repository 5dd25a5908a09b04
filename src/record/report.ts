import { addCounts, noCounts, type Counts, type ExchangeLabel, type TestReport } from './compare';
import type { Mode } from './options';

/** The report of one test file, written to `<reportDir>/files/` when the file ends. */
export interface FileReport {
  readonly format: 'search-emulator/verify-report@1';
  /** The test file. */
  readonly file: string;
  /** The recording it was compared with (absent when there is none). */
  readonly recording?: string;
  readonly mode: Mode;
  readonly strict: boolean;
  readonly counts: Counts;
  readonly tests: readonly TestReport[];
}

export function fileReport(input: Omit<FileReport, 'format' | 'counts'>): FileReport {
  const counts = input.tests.reduce((sum, test) => addCounts(sum, test.counts), noCounts());
  return { format: 'search-emulator/verify-report@1', ...input, counts };
}

const name = (exchange: ExchangeLabel, prefix = '#') =>
  `${prefix}${exchange.index} ${exchange.operation ? `${exchange.operation} ` : ''}${exchange.method} ${exchange.path}`;

/** A value in a line of text: JSON, cut short. */
function shown(value: unknown): string {
  const text = value === undefined ? 'absent' : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The counts in words, as the reporter and the strict failures print them. */
export function countsLine(counts: Counts): string {
  return (
    `compared ${counts.compared}: equal ${counts.equal}, normalized equal ${counts.normalizedEqual}, ` +
    `different ${counts.different}; not recorded ${counts.notRecorded}; unmatched ${counts.unmatched}` +
    (counts.polls > 0 ? `; polls ${counts.polls}` : '')
  );
}

/** What a test's report says went wrong, one line per exchange, indented by `indent`. */
export function problemLines(test: TestReport, indent = '  '): string[] {
  const lines: string[] = [];
  for (const exchange of test.exchanges) {
    if (exchange.outcome === 'not-recorded') lines.push(`${indent}${name(exchange)}: not recorded`);
    if (exchange.outcome !== 'different') continue;
    const more = (exchange.differenceCount ?? 0) - (exchange.differences?.length ?? 0);
    lines.push(
      `${indent}${name(exchange)}: different from recorded #${exchange.recordedIndex}` +
        (exchange.normalizedBy?.length ? ` (normalized: ${exchange.normalizedBy.join(', ')})` : ''),
    );
    for (const difference of exchange.differences ?? [])
      lines.push(
        `${indent}  ${difference.path}: recorded ${shown(difference.recorded)}, emulator ${shown(difference.emulator)}`,
      );
    if (more > 0) lines.push(`${indent}  ... and ${more} more`);
  }
  for (const exchange of test.unmatched) lines.push(`${indent}${name(exchange, 'recorded #')}: never requested`);
  return lines;
}

/** The error strict mode fails a test with. */
export function failureMessage(test: TestReport, recording: string | undefined): string {
  return [
    `search-emulator verify: "${test.name}" differs from its recording (${recording ?? 'no recording'})`,
    `  ${countsLine(test.counts)}`,
    ...problemLines(test, '  '),
    'Record again (SEARCH_EMULATOR_MODE=record) if the service changed, or add a normalizer for a difference that is legitimate (docs/record-verify.md).',
  ].join('\n');
}
