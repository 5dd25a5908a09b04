import { algoliasearch } from 'algoliasearch';
import * as searchInsights from 'search-insights';
import { describe, expect, it } from 'vitest';
import { emulatorFor } from '../analytics/support';
import { createHandlers } from '../../src/msw';
import { setupMsw } from '../support/server';

const { getRequesterForNode } = searchInsights as unknown as {
  getRequesterForNode: () => (url: string, data: Record<string, unknown>) => Promise<boolean>;
};

const server = setupMsw();

const view = {
  eventType: 'view' as const,
  eventName: 'Viewed',
  index: 'products',
  userToken: 'user-1',
  objectIDs: ['a'],
};

describe('the insights API over HTTP', () => {
  it('serves the v5 insights client on every region host: pushEvents, deleteUserToken (204)', async () => {
    const emulator = emulatorFor();
    server.use(...createHandlers(emulator));
    const client = algoliasearch(emulator.appId, emulator.adminApiKey);
    for (const region of [undefined, 'de', 'us'] as const) {
      await expect(client.initInsights(region ? { region } : {}).pushEvents({ events: [view] })).resolves.toEqual({
        status: 200,
        message: 'OK',
      });
    }
    expect(emulator.core.state.analytics.events).toHaveLength(3);
    await expect(client.initInsights({}).deleteUserToken({ userToken: 'user-1' })).resolves.toBeUndefined();
    expect(emulator.core.state.analytics.events).toHaveLength(0);
  });

  it('answers 401 {status, message} to the v5 client with a wrong key', async () => {
    const emulator = emulatorFor();
    server.use(...createHandlers(emulator));
    const client = algoliasearch(emulator.appId, 'wrong-key').initInsights({});
    await expect(client.pushEvents({ events: [view] })).rejects.toMatchObject({ status: 401 });
  });

  it('takes search-insights credentials from its capitalised query parameters', async () => {
    const emulator = emulatorFor();
    server.use(...createHandlers(emulator));
    const good = new searchInsights.AlgoliaAnalytics({ requestFn: getRequesterForNode() });
    good.init({ appId: emulator.appId, apiKey: emulator.adminApiKey, userToken: 'user-1', region: 'de' });
    expect(await good.viewedObjectIDs({ index: 'products', eventName: 'Viewed', objectIDs: ['a'] })).toBe(true);
    const bad = new searchInsights.AlgoliaAnalytics({ requestFn: getRequesterForNode() });
    bad.init({ appId: emulator.appId, apiKey: 'wrong', userToken: 'user-1' });
    expect(await bad.viewedObjectIDs({ index: 'products', eventName: 'Viewed', objectIDs: ['a'] })).toBe(false);
    expect(emulator.core.state.analytics.events.map((e) => [e.eventType, e.userToken, e.objectIDs])).toEqual([
      ['view', 'user-1', ['a']],
    ]);
  });
});
