import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corrections } from '../../src/emulator/abtesting/compare';
import {
  normalCdf,
  normalQuantile,
  probabilityBetter,
  proportionsPValue,
  welchPValue,
} from '../../src/emulator/abtesting/stats';

describe('the statistics behind A/B test results', () => {
  it('agree with reference values (SciPy 1.17)', () => {
    expect(normalCdf(1.3)).toBeCloseTo(0.9031995154143897, 6);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 8);
    // Pooled two-proportion z-test, 10/100 against 20/100.
    expect(proportionsPValue(10, 100, 20, 100)).toBeCloseTo(0.04767038065616136, 6);
    // scipy.stats.ttest_ind([1..5], [2, 4, .., 10], equal_var=False).
    expect(welchPValue([1, 2, 3, 4, 5], [2, 4, 6, 8, 10])).toBeCloseTo(0.10753119493062728, 8);
    // ∫ Beta(8, 5).pdf · Beta(4, 9).cdf: P(B > A) for A ~ Beta(4, 9), B ~ Beta(8, 5).
    expect(probabilityBetter(4, 9, 8, 5)).toBeCloseTo(0.9502336403669018, 6);
  });

  it('are consistent for any input', () => {
    fc.assert(
      fc.property(fc.double({ min: -4, max: 4, noNaN: true }), (z) => {
        // erf's approximation is good to 1.5e-7, which the quantile amplifies in the tails.
        expect(normalCdf(z) + normalCdf(-z)).toBeCloseTo(1, 7);
        expect(normalQuantile(normalCdf(z))).toBeCloseTo(z, 2);
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 60 }),
        (a1, b1, a2, b2) => {
          expect(probabilityBetter(a1, b1, a2, b2) + probabilityBetter(a2, b2, a1, b1)).toBeCloseTo(1, 4);
          expect(probabilityBetter(a1, b1, a1, b1)).toBeCloseTo(0.5, 4);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('correct a family of p-values: Bonferroni divides, Benjamini-Hochberg steps up', () => {
    expect(corrections([0.01, 0.04], 'bonferroni')).toEqual([
      { criticalValue: 0.025, significant: true },
      { criticalValue: 0.025, significant: false },
    ]);
    // Sorted 0.01, 0.03, 0.04 against 1/3, 2/3 and 3/3 of 5 %: all three pass the step-up.
    expect(corrections([0.04, 0.01, 0.03], 'benjamini-hochberg').map((c) => c.significant)).toEqual([true, true, true]);
    expect(corrections([0.04, 0.01, 0.2], 'benjamini-hochberg').map((c) => c.significant)).toEqual([
      false,
      true,
      false,
    ]);
  });
});
