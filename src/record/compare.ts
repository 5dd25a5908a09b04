import type { Router } from '../emulator/router';
import { differences, MAX_DIFFERENCES, type Difference } from './diff';
import type { RecordedExchange } from './format';
import { SideNormalizer, type Normalized, type Normalizer } from './normalize';
import { canonical } from './paths';

/** What became of one exchange of the run. */
export type Outcome = 'equal' | 'normalized-equal' | 'different' | 'not-recorded' | 'replayed';

export interface Counts {
  /** Requests the emulator answered (or the recording, in replay). */
  exchanges: number;
  /** Exchanges matched with a recorded one; a poll counts once. */
  compared: number;
  equal: number;
  normalizedEqual: number;
  different: number;
  notRecorded: number;
  /** Recorded exchanges the run never requested. */
  unmatched: number;
  /** Intermediate answers of polls (and retries), not compared. */
  polls: number;
}

export const noCounts = (): Counts => ({
  exchanges: 0,
  compared: 0,
  equal: 0,
  normalizedEqual: 0,
  different: 0,
  notRecorded: 0,
  unmatched: 0,
  polls: 0,
});

export function addCounts(into: Counts, more: Counts): Counts {
  for (const key of Object.keys(into) as (keyof Counts)[]) into[key] += more[key];
  return into;
}

/** An exchange as a report names it. */
export interface ExchangeLabel {
  /** 1-based position among the test's exchanges (of the run, or of the recording for unmatched ones). */
  readonly index: number;
  readonly operation?: string;
  readonly method: string;
  readonly path: string;
}

export interface ExchangeReport extends ExchangeLabel {
  readonly outcome: Outcome;
  /** The recorded exchange it was compared with (1-based). */
  readonly recordedIndex?: number;
  /** The normalizers that changed either answer. */
  readonly normalizedBy?: readonly string[];
  /** For `different`: the first {@link MAX_DIFFERENCES}, and how many there were. */
  readonly differences?: readonly Difference[];
  readonly differenceCount?: number;
  /** Earlier answers of the same request (a poll, a retry) that were not compared. */
  readonly polls?: number;
}

export interface TestReport {
  readonly file: string;
  readonly name: string;
  readonly counts: Counts;
  readonly exchanges: readonly ExchangeReport[];
  readonly unmatched: readonly ExchangeLabel[];
  /** Strict mode fails such a test: a difference, an exchange not recorded, one never requested. */
  readonly failing: boolean;
  /** What the recorder met on the way (an exchange it could not read). */
  readonly notes?: readonly string[];
}

/** Consecutive exchanges of one request: a poll, a retry. Its last answer is the one compared. */
interface Run {
  readonly key: string;
  /** Positions in the side's list, in order. */
  readonly members: number[];
}

export function runsOf(side: readonly Normalized[]): Run[] {
  const runs: Run[] = [];
  side.forEach((exchange, i) => {
    const last = runs[runs.length - 1];
    if (last?.key === exchange.key) last.members.push(i);
    else runs.push({ key: exchange.key, members: [i] });
  });
  return runs;
}

/**
 * The recorded run a request goes with: the first unused one with its key from `cursor` on (the
 * recording's order), else from the start (concurrent requests arrive in any order); -1: none.
 */
export function findRun(runs: readonly Run[], used: readonly boolean[], key: string, cursor: number): number {
  for (let j = cursor; j < runs.length; j++) if (!used[j] && runs[j].key === key) return j;
  for (let j = 0; j < Math.min(cursor, runs.length); j++) if (!used[j] && runs[j].key === key) return j;
  return -1;
}

/** How a report names an exchange; the operation is the route's (a recording's own `operation` is for its reader). */
export function label(exchange: RecordedExchange, index: number, operation = exchange.operation): ExchangeLabel {
  return {
    index: index + 1,
    ...(operation ? { operation } : {}),
    method: exchange.request.method,
    path: exchange.request.path,
  };
}

/**
 * Compares one test's exchanges with its recording: both sides normalized in their own order,
 * polls collapsed, each run of the emulator's matched with a recorded one by request, the last
 * answers compared (docs/record-verify.md, "Verifying").
 */
export function compareTest(input: {
  readonly file: string;
  readonly name: string;
  readonly recorded: readonly RecordedExchange[];
  readonly live: readonly RecordedExchange[];
  readonly normalizers: readonly Normalizer[];
  readonly router: Router;
}): TestReport {
  const { recorded, live, normalizers, router } = input;
  const recordedSide = new SideNormalizer('recorded', normalizers, router);
  const liveSide = new SideNormalizer('emulator', normalizers, router);
  const R = recorded.map((exchange) => recordedSide.normalize(exchange));
  const L = live.map((exchange) => liveSide.normalize(exchange));
  const recordedRuns = runsOf(R);
  const used = recordedRuns.map(() => false);
  const counts = noCounts();
  counts.exchanges = live.length;
  const reports: ExchangeReport[] = [];
  let cursor = 0;
  for (const run of runsOf(L)) {
    const last = run.members[run.members.length - 1];
    const base = label(live[last], last, L[last].view.operation);
    const polls = run.members.length - 1;
    counts.polls += polls;
    const extra = polls > 0 ? { polls } : {};
    const j = findRun(recordedRuns, used, run.key, cursor);
    if (j < 0) {
      counts.notRecorded++;
      reports.push({ ...base, outcome: 'not-recorded', ...extra });
      continue;
    }
    used[j] = true;
    cursor = j + 1;
    counts.compared++;
    const members = recordedRuns[j].members;
    const r = members[members.length - 1];
    const compared = { ...base, recordedIndex: r + 1, ...extra };
    if (canonical(recorded[r].response) === canonical(live[last].response)) {
      counts.equal++;
      reports.push({ ...compared, outcome: 'equal' });
      continue;
    }
    const normalizedBy = [...new Set([...R[r].changedBy, ...L[last].changedBy])];
    const a = R[r].view.response;
    const b = L[last].view.response;
    if (canonical(a) === canonical(b)) {
      counts.normalizedEqual++;
      reports.push({ ...compared, outcome: 'normalized-equal', normalizedBy });
      continue;
    }
    counts.different++;
    const found = [
      ...(a.status !== b.status ? [{ path: '(status)', recorded: a.status, emulator: b.status }] : []),
      ...(a.text !== b.text ? [{ path: '(text)', recorded: a.text, emulator: b.text }] : []),
      ...differences(a.body, b.body),
    ];
    reports.push({
      ...compared,
      outcome: 'different',
      ...(normalizedBy.length > 0 ? { normalizedBy } : {}),
      differences: found.slice(0, MAX_DIFFERENCES),
      differenceCount: found.length,
    });
  }
  const unmatched = recordedRuns.flatMap((run, j) => {
    if (used[j]) return [];
    const last = run.members[run.members.length - 1];
    return [label(recorded[last], last, R[last].view.operation)];
  });
  counts.unmatched = unmatched.length;
  return {
    file: input.file,
    name: input.name,
    counts,
    exchanges: reports,
    unmatched,
    failing: counts.different + counts.notRecorded + counts.unmatched > 0,
  };
}
