import type { Comparison } from './metrics';
import { mean, normalCdf, probabilityBetter, proportionsPValue, variance, welchPValue } from './stats';

const Z95 = 1.959963984540054;

/** A variant against the control: two-sided p-value and the 95 % interval of the change. */
export interface Frequentist {
  readonly pValue?: number;
  readonly valueCILow?: number;
  readonly valueCIHigh?: number;
}

/**
 * Proportions: the pooled z-test, and the interval of the ratio variant/control (Katz's log
 * method). Samples: Welch's t-test, and the interval of the relative difference
 * (variant - control) / control.
 */
export function frequentist(control: Comparison, variant: Comparison): Frequentist {
  if (control.kind === 'proportion' && variant.kind === 'proportion') {
    const pValue = proportionsPValue(control.successes, control.trials, variant.successes, variant.trials);
    if (pValue === undefined) return {};
    const { successes: sc, trials: nc } = control;
    const { successes: sv, trials: nv } = variant;
    if (sc === 0 || sv === 0) return { pValue };
    const ratio = sv / nv / (sc / nc);
    const se = Math.sqrt(1 / sv - 1 / nv + 1 / sc - 1 / nc);
    return { pValue, valueCILow: ratio * Math.exp(-Z95 * se), valueCIHigh: ratio * Math.exp(Z95 * se) };
  }
  if (control.kind === 'samples' && variant.kind === 'samples') {
    const pValue = welchPValue(control.values, variant.values);
    if (pValue === undefined) return {};
    const mc = mean(control.values);
    if (mc === 0) return { pValue };
    const change = (mean(variant.values) - mc) / mc;
    const se =
      Math.sqrt(variance(control.values) / control.values.length + variance(variant.values) / variant.values.length) /
      Math.abs(mc);
    return { pValue, valueCILow: change - Z95 * se, valueCIHigh: change + Z95 * se };
  }
  return {};
}

/** Bayesian results of a variant against the control. */
export interface Bayesian {
  readonly probabilityToBeBetter?: number;
  readonly relativeEffectCILow?: number;
  readonly relativeEffectCIHigh?: number;
}

/**
 * Proportions: Beta(1 + successes, 1 + failures) posteriors (a uniform prior); the probability
 * that the variant's rate is the better one, integrated exactly, and the 95 % interval of the
 * relative effect from the posteriors' means and variances (normal approximation of the log
 * ratio). Samples: normal approximation of the means.
 */
export function bayesian(control: Comparison, variant: Comparison, lowerIsBetter: boolean): Bayesian {
  if (control.kind === 'proportion' && variant.kind === 'proportion') {
    if (control.trials === 0 || variant.trials === 0) return {};
    const [a1, b1] = [1 + control.successes, 1 + control.trials - control.successes];
    const [a2, b2] = [1 + variant.successes, 1 + variant.trials - variant.successes];
    const better = probabilityBetter(a1, b1, a2, b2);
    const m1 = a1 / (a1 + b1);
    const m2 = a2 / (a2 + b2);
    const v1 = (a1 * b1) / ((a1 + b1) ** 2 * (a1 + b1 + 1));
    const v2 = (a2 * b2) / ((a2 + b2) ** 2 * (a2 + b2 + 1));
    const logRatio = Math.log(m2 / m1);
    const se = Math.sqrt(v1 / (m1 * m1) + v2 / (m2 * m2));
    return {
      probabilityToBeBetter: lowerIsBetter ? 1 - better : better,
      relativeEffectCILow: Math.exp(logRatio - Z95 * se) - 1,
      relativeEffectCIHigh: Math.exp(logRatio + Z95 * se) - 1,
    };
  }
  if (control.kind === 'samples' && variant.kind === 'samples') {
    const { values: c } = control;
    const { values: v } = variant;
    if (c.length < 2 || v.length < 2) return {};
    const mc = mean(c);
    const diff = mean(v) - mc;
    const se = Math.sqrt(variance(c) / c.length + variance(v) / v.length);
    const better = se === 0 ? (diff > 0 ? 1 : diff < 0 ? 0 : 0.5) : normalCdf(diff / se);
    const out: Bayesian = { probabilityToBeBetter: lowerIsBetter ? 1 - better : better };
    if (mc === 0) return out;
    return { ...out, relativeEffectCILow: (diff - Z95 * se) / mc, relativeEffectCIHigh: (diff + Z95 * se) / mc };
  }
  return {};
}

/**
 * Critical values of a family of p-values at 5 %: Bonferroni divides 5 % by their number;
 * Benjamini-Hochberg gives the k-th smallest (k / m) · 5 %, and a p-value is significant when
 * it is at most the largest one that passes.
 */
export function corrections(
  pValues: readonly number[],
  method: 'bonferroni' | 'benjamini-hochberg',
): { criticalValue: number; significant: boolean }[] {
  const m = pValues.length;
  if (method === 'bonferroni') return pValues.map((p) => ({ criticalValue: 0.05 / m, significant: p < 0.05 / m }));
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  let cutoff = -1;
  order.forEach(({ p }, k) => {
    if (p <= ((k + 1) / m) * 0.05) cutoff = k;
  });
  const out = new Array<{ criticalValue: number; significant: boolean }>(m);
  order.forEach(({ p, i }, k) => {
    out[i] = { criticalValue: ((k + 1) / m) * 0.05, significant: k <= cutoff && p <= 0.05 };
  });
  return out;
}
