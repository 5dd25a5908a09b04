import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';

describe("each API's direct calls apart (init<Api>())", () => {
  it('holds the operations of that API only, sent as the flat calls are', async () => {
    const emulator = createEmulator({ analyticsRefresh: 'immediate' });
    const analytics = emulator.initAnalytics();
    expect(Object.keys(analytics)).toContain('getTopSearches');
    expect(Object.keys(analytics)).not.toContain('searchSingleIndex');
    expect(await analytics.getSearchesCount({ index: 'products' })).toEqual(
      await emulator.getSearchesCount({ index: 'products' }),
    );
  });

  it('speaks with the key the calls were made with', async () => {
    const emulator = createEmulator();
    const { key } = await emulator.addApiKey({ acl: ['search'] });
    await expect(
      emulator.as({ apiKey: key }).initAnalytics().getSearchesCount({ index: 'products' }),
    ).rejects.toMatchObject({
      status: 403,
    });
  });
});
