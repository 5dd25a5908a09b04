import type { Core } from '../core';
import { rate, revenueOf, type Figures } from './figures';
import { measure } from './metrics';
import { reportOf, type TestReport } from './report';
import { endedAt, statusOf, type StoredTest } from './state';
import { mean, proportionsPValue, variance, welchPValue } from './stats';

const iso = (ms: number) => new Date(ms).toISOString();

/** 1 - p of the two variants' comparison (what v2 calls significance), null when it cannot be computed. */
const significance = (pValue: number | undefined) => (pValue === undefined ? null : 1 - pValue);

/** A test as the v2 API shows it (`ABTest`): per-variant counts and rates, and the significances. */
export function renderV2(core: Core, test: StoredTest): Record<string, unknown> {
  const report = reportOf(core, test);
  const [a, b] = report.figures;
  const proportions = (read: (f: Figures) => number) =>
    significance(a && b ? proportionsPValue(read(a), a.tracked, read(b), b.tracked) : undefined);
  const currencies = [...new Set(report.figures.flatMap((f) => [...f.revenuePerSearch.keys()]))];
  const revenueSignificance =
    currencies.length === 0 || !a || !b
      ? null
      : Object.fromEntries(
          currencies.map((currency) => [
            currency,
            significance(welchPValue(revenueOf(a, currency), revenueOf(b, currency))),
          ]),
        );
  return {
    abTestID: test.abTestID,
    clickSignificance: proportions((f) => f.clickedSearches),
    conversionSignificance: proportions((f) => f.convertedSearches),
    addToCartSignificance: proportions((f) => f.addToCartSearches),
    purchaseSignificance: proportions((f) => f.purchaseSearches),
    revenueSignificance,
    updatedAt: iso(test.updatedAt),
    createdAt: iso(test.createdAt),
    endAt: test.endAtText,
    stoppedAt: test.stoppedAt === undefined ? null : iso(endedAt(test)),
    name: test.name,
    status: statusOf(test, core.now()),
    variants: test.variants.map((variant, i) => renderVariant(report, i, currencies, variant)),
  };
}

function renderVariant(
  report: TestReport,
  i: number,
  currencies: readonly string[],
  variant: StoredTest['variants'][number],
): Record<string, unknown> {
  const f = report.figures[i];
  const any = f.searches > 0;
  const position = measure('average_click_position', f, undefined, report.caps).value;
  const out: Record<string, unknown> = {
    addToCartCount: f.addToCarts,
    addToCartRate: rate(f.addToCartSearches, f.tracked),
    averageClickPosition: position,
    clickCount: f.clicks,
    clickThroughRate: rate(f.clickedSearches, f.tracked),
    conversionCount: f.conversions,
    conversionRate: rate(f.convertedSearches, f.tracked),
  };
  if (currencies.length > 0) {
    out.currencies = Object.fromEntries(
      currencies.map((currency) => {
        const values = revenueOf(f, currency);
        const revenue = values.reduce((sum, value) => sum + value, 0);
        const cap = report.caps.perSearch.get(currency);
        const kept = values.reduce((sum, value) => sum + (cap === undefined ? value : Math.min(value, cap)), 0);
        return [
          currency,
          {
            currency,
            revenue,
            mean: mean(values),
            standardDeviation: Math.sqrt(variance(values)),
            winsorizedAmount: revenue - kept,
          },
        ];
      }),
    );
  }
  out.description = variant.description;
  out.filterEffects = { outliers: { ...report.units[i].outliers } };
  out.index = variant.index;
  out.noResultCount = any ? f.noResults : null;
  out.purchaseCount = f.purchases;
  out.purchaseRate = rate(f.purchaseSearches, f.tracked);
  out.searchCount = any ? f.searches : null;
  out.trackedSearchCount = f.tracked;
  out.trafficPercentage = variant.trafficPercentage;
  out.userCount = any ? f.users : null;
  out.trackedUserCount = any ? f.trackedUsers : null;
  return out;
}
