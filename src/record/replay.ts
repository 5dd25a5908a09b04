import type { Router } from '../emulator/router';
import { findRun, label, noCounts, runsOf, type ExchangeLabel, type ExchangeReport, type TestReport } from './compare';
import type { RecordedExchange } from './format';
import { SideNormalizer, type Normalizer } from './normalize';

/**
 * Answers one test's requests from its recording, matched as verify matches them (order, then
 * request); the requests of a poll get the recorded answers in turn, then the last again.
 */
export class Replayer {
  private readonly live: SideNormalizer;
  private readonly runs;
  private readonly used: boolean[];
  private cursor = 0;
  private current: { key: string; members: readonly number[]; position: number } | undefined;
  private readonly reports: ExchangeReport[] = [];

  constructor(
    private readonly recorded: readonly RecordedExchange[],
    normalizers: readonly Normalizer[],
    router: Router,
  ) {
    const side = new SideNormalizer('recorded', normalizers, router);
    this.runs = runsOf(recorded.map((exchange) => side.normalize(exchange)));
    this.used = this.runs.map(() => false);
    this.live = new SideNormalizer('emulator', normalizers, router);
  }

  /** The recorded exchange answering `request` (its answer is ignored), or `undefined`. */
  next(request: RecordedExchange): RecordedExchange | undefined {
    const index = this.reports.length;
    const { key, view } = this.live.normalize({ ...request, response: { status: 0 } });
    const named = label(request, index, view.operation);
    const current = this.current;
    if (current?.key === key) {
      current.position = Math.min(current.position + 1, current.members.length - 1);
      return this.answer(request, named, current.members[current.position]);
    }
    const j = findRun(this.runs, this.used, key, this.cursor);
    if (j < 0) {
      this.current = undefined;
      this.reports.push({ ...named, outcome: 'not-recorded' });
      return undefined;
    }
    this.used[j] = true;
    this.cursor = j + 1;
    this.current = { key, members: this.runs[j].members, position: 0 };
    return this.answer(request, named, this.runs[j].members[0]);
  }

  private answer(request: RecordedExchange, named: ExchangeLabel, recorded: number): RecordedExchange {
    const found = this.recorded[recorded];
    // The answer's IDs get their placeholders now, for the requests that send them back.
    this.live.normalize({ ...request, response: found.response });
    this.reports.push({ ...named, outcome: 'replayed', recordedIndex: recorded + 1 });
    return found;
  }

  report(file: string, name: string): TestReport {
    const counts = noCounts();
    counts.exchanges = this.reports.length;
    counts.notRecorded = this.reports.filter((report) => report.outcome === 'not-recorded').length;
    const unmatched = this.runs.flatMap((run, j) =>
      this.used[j] ? [] : [label(this.recorded[run.members[0]], run.members[0])],
    );
    counts.unmatched = unmatched.length;
    return {
      file,
      name,
      counts,
      exchanges: this.reports,
      unmatched,
      failing: counts.notRecorded + counts.unmatched > 0,
    };
  }
}
