import type { Core } from '../core';
import { figuresOf, type Figures } from './figures';
import { capsOf, EFFECT_METRIC, measure, type Caps } from './metrics';
import { variantUnits, type Population, type VariantUnits } from './results';
import { sampleSizes } from './stats';
import type { StoredTest } from './state';

/** A test's variants read for its results. */
export interface TestReport {
  readonly units: VariantUnits[];
  readonly figures: Figures[];
  readonly caps: Caps;
}

/**
 * Which searches a test's results count. Outliers are left out unless a v3 filter
 * `abtesting/isOutlier` says `includes: true` (the service removes them by default; v2's
 * `outliers.exclude` defaults to true); empty searches are kept.
 */
export function populationOf(test: StoredTest, range: { from?: number; to?: number } = {}): Population {
  const filters = (test.configuration?.filters as { name?: string; includes?: boolean }[] | undefined) ?? [];
  const outlierFilter = filters.find((filter) => filter.name === 'isOutlier');
  return { excludeOutliers: outlierFilter?.includes !== true, excludeEmptySearch: false, ...range };
}

export function reportOf(core: Core, test: StoredTest, range: { from?: number; to?: number } = {}): TestReport {
  const units = variantUnits(core, test, populationOf(test, range));
  const figures = units.map((variant) => figuresOf(variant.units));
  return { units, figures, caps: capsOf(figures) };
}

/**
 * Searches (users for `*UsersRate`) each variant needs to detect the configured effect, from
 * the control's rate so far; undefined without a configured effect or a control rate.
 */
export function estimatedSampleSizes(test: StoredTest, report: TestReport): number[] | undefined {
  const effect = test.configuration?.minimumDetectableEffect as { size: number; metric: string } | undefined;
  if (!effect) return undefined;
  const control = measure(EFFECT_METRIC[effect.metric], report.figures[0], undefined, report.caps).value;
  if (control === null) return undefined;
  return sizesFor(
    control,
    effect.size,
    test.variants.map((variant) => variant.trafficPercentage),
  );
}

/** Per-variant sample sizes (control first) for a baseline rate, a relative effect and the traffic split. */
export function sizesFor(baseline: number, effect: number, traffic: readonly number[]): number[] | undefined {
  const sizes: number[] = [0];
  for (let i = 1; i < traffic.length; i++) {
    const pair = sampleSizes(baseline, effect, traffic[i] / traffic[0]);
    if (!pair) return undefined;
    sizes[0] = Math.max(sizes[0], pair[0]);
    sizes.push(pair[1]);
  }
  return sizes;
}
