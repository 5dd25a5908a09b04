import type { Core } from '../core';
import { badRequest, notImplemented } from '../errors';
import { assertIndexAllowed } from '../gate';
import { tallies } from '../analytics/reports/dataset';
import { dateOf, visibleBefore } from '../analytics/reports/window';
import type { OperationContext } from '../route';
import { abtestingMessages } from './errors';
import { sizesFor } from './report';
import { readEffect, readObject, readV2Filters, readV3Filters, readVariants } from './validate';

const DAY_MS = 86_400_000;
/** The days of history an estimate reads (the emulator's choice: two weeks). */
const HISTORY_DAYS = 14;

/**
 * POST /2/abtests/estimate and /3/abtests/estimate — the searches each variant needs to detect
 * the configured effect (two-sided 5 % test, 80 % power), from the control index's rate over
 * the last 14 days of analytics, and the days the test takes at that index's tracked-search
 * rate split by the variants' traffic.
 */
export function estimateABTest(ctx: OperationContext) {
  const { core } = ctx;
  const version = ctx.route.path.startsWith('/3/') ? 3 : 2;
  const body = readObject(ctx.req.body, 'body', ['configuration', 'variants']);
  if (body.configuration === undefined) throw badRequest('Missing `configuration`');
  const config = readObject(
    body.configuration,
    'configuration',
    version === 2
      ? ['featureFilters', 'outliers', 'emptySearch', 'minimumDetectableEffect']
      : ['filters', 'minimumDetectableEffect'],
  );
  if (config.minimumDetectableEffect === undefined) throw badRequest('Missing `configuration.minimumDetectableEffect`');
  const effect = readEffect(config.minimumDetectableEffect, 'configuration.minimumDetectableEffect', version);
  const excludeEmpty = version === 2 ? readV2Filters(config).emptySearch : false;
  if (version === 3 && config.filters !== undefined) readV3Filters(config.filters, 'configuration.filters');
  const variants = readVariants(core, body.variants, { version });
  for (const variant of variants) assertIndexAllowed(ctx.auth, variant.index);
  if (effect.metric.endsWith('UsersRate'))
    throw notImplemented(
      `Estimates on ${effect.metric}`,
      'the analytics history keeps no per-user conversions to read a users rate from',
    );
  const history = historyOf(core, variants[0].index, excludeEmpty);
  const baseline = baselineOf(history, effect.metric);
  if (history.tracked === 0 || baseline === undefined) throw badRequest(abtestingMessages.noHistory(variants[0].index));
  const traffic = variants.map((variant) => variant.trafficPercentage);
  const sampleSizes = sizesFor(baseline, effect.size, traffic);
  if (!sampleSizes) throw badRequest(abtestingMessages.noHistory(variants[0].index));
  const perDay = (effect.metric === 'noResultsRate' ? history.searches : history.tracked) / HISTORY_DAYS;
  const durationDays = Math.max(1, ...sampleSizes.map((size, i) => Math.ceil(size / ((perDay * traffic[i]) / 100))));
  return { durationDays, sampleSizes };
}

interface History {
  searches: number;
  tracked: number;
  noResults: number;
  clicked: number;
  converted: number;
  addedToCart: number;
  purchased: number;
}

/** The control index's analytics of the last 14 days (today included, as far as analytics show it), summed. */
function historyOf(core: Core, index: string, excludeEmpty: boolean): History {
  const to = (Math.floor(core.now() / DAY_MS) + 1) * DAY_MS;
  const from = to - HISTORY_DAYS * DAY_MS;
  const days: string[] = [];
  for (let day = from; day < to; day += DAY_MS) days.push(dateOf(day));
  const window = { index, from, to, days, limit: 0, offset: 0 };
  const sum: History = {
    searches: 0,
    tracked: 0,
    noResults: 0,
    clicked: 0,
    converted: 0,
    addedToCart: 0,
    purchased: 0,
  };
  for (const tally of tallies(core.state.analytics, window, visibleBefore(core))) {
    if (excludeEmpty && tally.query.trim() === '') continue;
    sum.searches += tally.count;
    sum.tracked += tally.tracked;
    sum.noResults += tally.noResultCount;
    sum.clicked += tally.searchesWithClick;
    sum.converted += tally.conversions.all.converting;
    sum.addedToCart += tally.conversions.addToCart.converting;
    sum.purchased += tally.conversions.purchase.converting;
  }
  return sum;
}

function baselineOf(history: History, metric: string): number | undefined {
  const of = (part: number, whole: number) => (whole === 0 ? undefined : part / whole);
  switch (metric) {
    case 'clickThroughRate':
      return of(history.clicked, history.tracked);
    case 'conversionRate':
      return of(history.converted, history.tracked);
    case 'addToCartRate':
      return of(history.addedToCart, history.tracked);
    case 'purchaseRate':
      return of(history.purchased, history.tracked);
    default:
      return of(history.noResults, history.searches);
  }
}
