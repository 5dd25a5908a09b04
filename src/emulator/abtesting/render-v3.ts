import type { Core } from '../core';
import { lastRefresh } from '../analytics/reports/window';
import { bayesian, corrections, frequentist } from './compare';
import { BAYESIAN_METRICS, LOWER_IS_BETTER, measure } from './metrics';
import { estimatedSampleSizes, reportOf, type TestReport } from './report';
import { endedAt, statusOf, type StoredTest, type TestMetric } from './state';

export type Method = 'bayesian' | 'frequentist';

const iso = (ms: number) => new Date(ms).toISOString();

/** The analysis methods a read shows: the ones asked for, else the test's own (frequentist for tests without one). */
export function methodsOf(test: StoredTest, asked: readonly Method[] | undefined): readonly Method[] {
  if (asked) return asked;
  return [((test.configuration?.method as Method | undefined) ?? 'frequentist') as Method];
}

/** A test as the v3 API shows it (`ABTest`): each variant with the test's metrics. */
export function renderV3(core: Core, test: StoredTest, methods: readonly Method[]): Record<string, unknown> {
  const report = reportOf(core, test);
  const metrics = metricResults(core, test, report, methods);
  const sizes = estimatedSampleSizes(test, report);
  const out: Record<string, unknown> = {
    abTestID: test.abTestID,
    updatedAt: iso(test.updatedAt),
    createdAt: iso(test.createdAt),
    endAt: test.endAtText,
    stoppedAt: test.stoppedAt === undefined ? null : iso(endedAt(test)),
    name: test.name,
    hypothesis: test.hypothesis,
    status: statusOf(test, core.now()),
    variants: test.variants.map((variant, i) => {
      const rendered: Record<string, unknown> = { description: variant.description };
      if (sizes) rendered.estimatedSampleSize = sizes[i];
      rendered.index = variant.index;
      rendered.trafficPercentage = variant.trafficPercentage;
      rendered.metrics = metrics[i];
      rendered.metadata = { filterEffects: { outliers: { ...report.units[i].outliers } } };
      if (variant.customSearchParameters) rendered.customSearchParameters = variant.customSearchParameters;
      return rendered;
    }),
  };
  if (test.configuration) out.configuration = test.configuration;
  if (test.decision)
    out.decision = { winnerVariantId: test.decision.winnerVariantId, declaredAt: iso(test.decision.declaredAt) };
  return out;
}

/** What a test created through v2 reports through v3: the figures v2 shows. */
const V2_METRICS: readonly TestMetric[] = [
  'search_count',
  'tracked_search_count',
  'user_count',
  'tracked_user_count',
  'no_result_count',
  'click_through_rate',
  'conversion_rate',
  'add_to_cart_rate',
  'purchase_rate',
  'average_click_position',
  'add_to_cart_count',
  'purchase_count',
].map((name) => ({ name }));

/** The metrics a test reports through v3: its own, or a v2 test's figures. */
export const metricsOf = (test: StoredTest): readonly TestMetric[] =>
  test.createdWith === 2 && test.metrics.length === 0 ? V2_METRICS : test.metrics;

/**
 * Each variant's results for the test's metrics (a v2 test's: the v2 figures). The control's p-value is 0, as the API
 * documents; a variant's compares it with the control. With `errorCorrection`, every variant
 * p-value of the test is one family for the correction.
 */
export function metricResults(
  core: Core,
  test: StoredTest,
  report: TestReport,
  methods: readonly Method[],
): Record<string, unknown>[][] {
  const updatedAt = iso(lastRefresh(core));
  const metrics = metricsOf(test);
  const withFrequentist = methods.includes('frequentist');
  const withBayesian = methods.includes('bayesian');
  const results = report.figures.map((figures, i) =>
    metrics.map((metric: TestMetric) => {
      const current = measure(metric.name, figures, metric.dimension, report.caps);
      const result: Record<string, unknown> = { name: metric.name, updatedAt, value: current.value ?? 0 };
      if (metric.dimension !== undefined) result.dimension = metric.dimension;
      if (current.metadata) result.metadata = current.metadata;
      const control = measure(metric.name, report.figures[0], metric.dimension, report.caps);
      if (withFrequentist) {
        if (i === 0) result.pValue = 0;
        else if (control.comparison && current.comparison)
          Object.assign(result, frequentist(control.comparison, current.comparison));
      }
      if (withBayesian && i > 0 && BAYESIAN_METRICS.has(metric.name) && control.comparison && current.comparison) {
        const inference = bayesian(control.comparison, current.comparison, LOWER_IS_BETTER.has(metric.name));
        if (Object.keys(inference).length > 0) result.bayesian = inference;
      }
      return result;
    }),
  );
  const correction = test.configuration?.errorCorrection as 'bonferroni' | 'benjamini-hochberg' | undefined;
  if (withFrequentist && correction) {
    const family = results.slice(1).flatMap((row) => row.filter((result) => typeof result.pValue === 'number'));
    const critical = corrections(
      family.map((result) => result.pValue as number),
      correction,
    );
    family.forEach((result, k) => Object.assign(result, critical[k]));
  }
  return results;
}
