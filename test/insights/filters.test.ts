import { describe, expect, it } from 'vitest';
import { expectConforms } from '../support/schemas/validate';
import { refusal, setupSurfaces, SURFACES, type Api } from '../support/surfaces';

const open = setupSurfaces({ analyticsRefresh: 'immediate' });

/** What InstantSearch's ratingMenu sends with Insights on: `${attribute}>=${value}`. */
const ratingClick = (filters: string[], userToken = 'u1') => ({
  eventType: 'click',
  eventName: 'Filter Applied',
  index: 'shop',
  userToken,
  filters,
});

describe.each(SURFACES)('insights filters (%s)', (surface) => {
  const insightsOf = ({ emulator, client }: ReturnType<typeof open>) =>
    (surface === 'direct' ? emulator : client.initInsights({})) as unknown as Api;

  it('accepts a filter of any form, as the service does (the OpenAPI gives them no pattern)', async () => {
    const opened = open(surface);
    const answer = await insightsOf(opened).pushEvents({
      events: [ratingClick(['rating>=4', 'price<100', 'brand:Nike'])],
    });
    expectConforms('pushEvents', 200, answer);
    expect(answer).toEqual({ message: 'OK', status: 200 });
    expect(opened.emulator.core.state.analytics.events.at(-1)?.filters).toEqual([
      'rating>=4',
      'price<100',
      'brand:Nike',
    ]);
  });

  it('takes up to 20 filters an event (the OpenAPI limit), refuses 21 with 422', async () => {
    const opened = open(surface);
    const insights = insightsOf(opened);
    const filters = Array.from({ length: 21 }, (_, i) => `brand:b${i}`);
    expect(await insights.pushEvents({ events: [ratingClick(filters.slice(0, 20))] })).toEqual({
      message: 'OK',
      status: 200,
    });
    expect(await refusal(insights.pushEvents({ events: [ratingClick(filters)] }))).toEqual({
      status: 422,
      message: 'events[0].filters: must contain at most 20 items (got 21)',
    });
  });

  it('personalization counts the attribute:value filters only', async () => {
    const opened = open(surface);
    const { emulator } = opened;
    await emulator.setPersonalizationStrategy({
      eventsScoring: [{ eventName: 'Filter Applied', eventType: 'click', score: 20 }],
      facetsScoring: [
        { facetName: 'brand', score: 50 },
        { facetName: 'rating', score: 50 },
      ],
      personalizationImpact: 100,
    });
    await insightsOf(opened).pushEvents({ events: [ratingClick(['rating>=4', 'brand:Nike'])] });
    emulator.clock.advance('1m');
    expect((await emulator.getUserTokenProfile({ userToken: 'u1' })).scores).toEqual({ brand: { Nike: 2 } });
  });
});
