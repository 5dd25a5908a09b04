/**
 * The statistics A/B test results use, written out so they run offline and replay exactly:
 * the normal and Student t distributions, the two-proportion z-test, Welch's t-test, the
 * sample size of a two-proportion test, and Beta posteriors for Bayesian results.
 */

/** Φ(z): the standard normal CDF (Abramowitz and Stegun 7.1.26 for erf, |error| < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The z with Φ(z) = p (Acklam's rational approximation, relative error < 1.2e-9). */
export function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    );
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  );
}

/** ln Γ(x) (Lanczos, g = 7). */
function logGamma(x: number): number {
  const g = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let sum = g[0];
  for (let i = 1; i < 9; i++) sum += g[i] / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The regularized incomplete beta I_x(a, b) (continued fraction, Numerical Recipes' betacf). */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x > (a + 1) / (a + b + 2)) return 1 - incompleteBeta(1 - x, b, a);
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < 1e-30 ? 1e-30 : d);
  let f = d;
  for (let m = 1; m <= 300; m++) {
    for (const even of [true, false]) {
      const numerator = even
        ? (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m))
        : (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
      d = 1 + numerator * d;
      d = 1 / (Math.abs(d) < 1e-30 ? 1e-30 : d);
      c = 1 + numerator / c;
      if (Math.abs(c) < 1e-30) c = 1e-30;
      f *= c * d;
      if (!even && Math.abs(c * d - 1) < 1e-12) return (front * f) / a;
    }
  }
  return (front * f) / a;
}

/** Two-sided p-value of a Student t statistic with `df` degrees of freedom. */
function studentTwoSided(t: number, df: number): number {
  return incompleteBeta(df / (df + t * t), df / 2, 0.5);
}

export const mean = (values: readonly number[]): number =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

/** The sample variance (n - 1), 0 for fewer than two values. */
export function variance(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  return values.reduce((sum, value) => sum + (value - m) ** 2, 0) / (values.length - 1);
}

/** Two-sided p-value of the pooled two-proportion z-test; undefined without a sample on either side. */
export function proportionsPValue(s1: number, n1: number, s2: number, n2: number): number | undefined {
  if (n1 === 0 || n2 === 0) return undefined;
  const pooled = (s1 + s2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return 1;
  return 2 * (1 - normalCdf(Math.abs(s2 / n2 - s1 / n1) / se));
}

/** Two-sided p-value of Welch's t-test; undefined with fewer than two values on a side. */
export function welchPValue(a: readonly number[], b: readonly number[]): number | undefined {
  if (a.length < 2 || b.length < 2) return undefined;
  const va = variance(a) / a.length;
  const vb = variance(b) / b.length;
  if (va + vb === 0) return mean(a) === mean(b) ? 1 : 0;
  const t = (mean(b) - mean(a)) / Math.sqrt(va + vb);
  const df = (va + vb) ** 2 / ((va * va) / (a.length - 1) + (vb * vb) / (b.length - 1));
  return studentTwoSided(t, df);
}

/**
 * Searches (or users) the control and a variant need for a two-sided test at 5 % with 80 %
 * power to detect a relative change `effect` of the rate `baseline`, the variant getting
 * `ratio` times the control's traffic.
 */
export function sampleSizes(baseline: number, effect: number, ratio: number): [number, number] | undefined {
  const p1 = baseline;
  const p2 = Math.min(baseline * (1 + effect), 1);
  if (p1 <= 0 || p1 >= 1 || p2 === p1 || ratio <= 0) return undefined;
  const za = normalQuantile(0.975);
  const zb = normalQuantile(0.8);
  const pBar = (p1 + ratio * p2) / (1 + ratio);
  const root =
    za * Math.sqrt(pBar * (1 - pBar) * (1 + 1 / ratio)) + zb * Math.sqrt(p1 * (1 - p1) + (p2 * (1 - p2)) / ratio);
  const control = Math.ceil((root * root) / (p2 - p1) ** 2);
  return [control, Math.ceil(control * ratio)];
}

/** P(B > A) for posteriors Beta(a1, b1) of A and Beta(a2, b2) of B, by Simpson's rule. */
export function probabilityBetter(a1: number, b1: number, a2: number, b2: number): number {
  const steps = 2000;
  const h = 1 / steps;
  const logNorm = logGamma(a2 + b2) - logGamma(a2) - logGamma(b2);
  let sum = 0;
  for (let i = 0; i <= steps; i++) {
    const x = i * h;
    // (a - 1) · ln x is 0 at x = 0 when a = 1 (the density is finite there), -∞ above.
    const left = a2 === 1 ? 0 : (a2 - 1) * Math.log(x);
    const right = b2 === 1 ? 0 : (b2 - 1) * Math.log(1 - x);
    const density = Math.exp(logNorm + left + right);
    const weight = i === 0 || i === steps ? 1 : i % 2 === 1 ? 4 : 2;
    sum += weight * density * incompleteBeta(x, a1, b1);
  }
  return Math.min(1, Math.max(0, (sum * h) / 3));
}
