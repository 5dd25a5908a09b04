import { badRequest, unprocessable } from '../errors';
import { dateOf, readDate } from '../analytics/reports/window';
import type { OperationContext } from '../route';
import { requireTest } from './abtests';
import { DIMENSION_METRICS, METRIC_NAMES } from './metrics';
import { methodsOf, metricResults, metricsOf } from './render-v3';
import { reportOf } from './report';
import { endedAt, type StoredTest, type TestMetric } from './state';
import { readMethods } from './validate';

const DAY_MS = 86_400_000;

/**
 * GET /3/abtests/{id}/timeseries — each variant's metrics day by day (UTC), computed from that
 * day's searches and their events. Days run from `startDate` (default: the test's first day)
 * to `endDate` (default: its last, or today while it runs). `metric` picks metrics by name:
 * the test's own entries, or any other metric of the API (per currency seen, for revenue ones).
 */
export function getTimeseries(ctx: OperationContext) {
  const { core, req } = ctx;
  const test = requireTest(ctx);
  const methods = methodsOf(test, readMethods(req.query.methods));
  const first = Math.floor(test.createdAt / DAY_MS) * DAY_MS;
  const last = Math.floor(Math.min(endedAt(test), core.now()) / DAY_MS) * DAY_MS;
  const from = req.query.startDate !== undefined ? readDate(req.query.startDate, 'startDate') : first;
  const to = req.query.endDate !== undefined ? readDate(req.query.endDate, 'endDate') : last;
  if (from > to) throw unprocessable('startDate must be before or equal to endDate');
  const subject = withMetrics(test, readMetricNames(req.query.metric), reportOf(core, test).figures);
  const days: number[] = [];
  for (let day = from; day <= to && days.length < 366; day += DAY_MS) days.push(day);
  const perDay = days.map((day) =>
    metricResults(core, subject, reportOf(core, test, { from: day, to: day + DAY_MS }), methods),
  );
  return {
    abTestID: test.abTestID,
    variants: test.variants.map((_, i) => ({
      dates: days.map((day, d) => ({ date: dateOf(day), metrics: perDay[d][i] })),
    })),
  };
}

function readMetricNames(raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  const names = raw.split(',').map((name) => name.trim());
  for (const name of names) if (!METRIC_NAMES.has(name)) throw badRequest(`Invalid metric: ${name}`);
  return names;
}

/** The test with the metrics a timeseries asked for (its own when none were named). */
function withMetrics(
  test: StoredTest,
  names: readonly string[] | undefined,
  figures: readonly { revenuePerSearch: ReadonlyMap<string, readonly number[]> }[],
): StoredTest {
  if (!names) return test;
  const currencies = [...new Set(figures.flatMap((f) => [...f.revenuePerSearch.keys()]))].sort();
  const metrics: TestMetric[] = [];
  for (const name of names) {
    const own = metricsOf(test).filter((metric) => metric.name === name);
    if (own.length > 0) metrics.push(...own);
    else if (DIMENSION_METRICS.has(name)) metrics.push(...currencies.map((dimension) => ({ name, dimension })));
    else metrics.push({ name });
  }
  return { ...test, metrics };
}
