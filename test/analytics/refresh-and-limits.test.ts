import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { emulatorFor, qid, seedSearch } from './support';

const START = Date.UTC(2024, 0, 1, 10, 0, 0);

describe('analytics refresh (every 5 minutes of clock time)', () => {
  it('keeps figures and status unchanged until 5 minutes pass', async () => {
    const emulator = createEmulator({ now: START });
    expect(await emulator.getStatus({ index: 'products' })).toEqual({ updatedAt: null });
    seedSearch(emulator, {
      query: 'phone',
      queryID: qid(1),
      params: { query: 'phone', clickAnalytics: true },
      nbHits: 1,
      hits: ['a'],
    });
    await emulator.pushEvents({
      events: [
        {
          eventType: 'click',
          eventName: 'C',
          index: 'products',
          userToken: 'u',
          queryID: qid(1),
          objectIDs: ['a'],
          positions: [1],
        },
      ],
    });

    emulator.clock.advance({ minutes: 4, seconds: 59 });
    expect(await emulator.getSearchesCount({ index: 'products' })).toMatchObject({ count: 0 });
    expect(await emulator.getClickThroughRate({ index: 'products' })).toMatchObject({ rate: null, clickCount: 0 });
    expect(await emulator.getStatus({ index: 'products' })).toEqual({ updatedAt: null });

    emulator.clock.advance('1s');
    expect(await emulator.getSearchesCount({ index: 'products' })).toMatchObject({ count: 1 });
    expect(await emulator.getClickThroughRate({ index: 'products' })).toMatchObject({ rate: 1, clickCount: 1 });
    expect(await emulator.getStatus({ index: 'products' })).toEqual({ updatedAt: '2024-01-01T10:05:00.000Z' });
    expect(await emulator.getStatus({ index: 'other' })).toEqual({ updatedAt: null });
  });

  it("shows everything at once with analyticsRefresh: 'immediate'", async () => {
    const emulator = createEmulator({ now: START, analyticsRefresh: 'immediate' });
    seedSearch(emulator, { query: 'phone' });
    expect(await emulator.getSearchesCount({ index: 'products' })).toMatchObject({ count: 1 });
    expect(await emulator.getStatus({ index: 'products' })).toEqual({ updatedAt: '2024-01-01T10:00:00.000Z' });
  });
});

describe('analytics rate limit (100 calls per minute per application)', () => {
  it('answers the 101st call in a minute with 429 and X-RateLimit-* headers, then resets', async () => {
    const emulator = emulatorFor({ now: START });
    const call = () =>
      emulator.request({ host: 'analytics', method: 'GET', path: '/2/searches/count', query: { index: 'products' } });
    let last = await call();
    expect(last.headers).toMatchObject({
      'x-ratelimit-limit': '100',
      'x-ratelimit-remaining': '99',
      'x-ratelimit-reset': String((START + 60_000) / 1000),
    });
    for (let i = 2; i <= 100; i++) last = await call();
    expect(last.status).toBe(200);
    expect(last.headers['x-ratelimit-remaining']).toBe('0');
    emulator.clock.advance('59s');
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ status: 429, message: expect.stringContaining('100 calls per minute') });
    expect(refused.headers).toMatchObject({
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String((START + 60_000) / 1000),
    });
    await expect(emulator.getTopSearches({ index: 'products' })).rejects.toMatchObject({ status: 429 });

    emulator.clock.advance('1s');
    const fresh = await call();
    expect(fresh.status).toBe(200);
    expect(fresh.headers).toMatchObject({
      'x-ratelimit-remaining': '99',
      'x-ratelimit-reset': String((START + 120_000) / 1000),
    });
  });

  it('counts errors and carries the headers on them; other APIs are not limited', async () => {
    const emulator = emulatorFor({ now: START });
    const missingIndex = await emulator.request({ host: 'analytics', method: 'GET', path: '/2/searches', query: {} });
    expect(missingIndex.status).toBe(400);
    expect(missingIndex.body).toEqual({ status: 400, message: 'Parameter `index` is required' });
    expect(missingIndex.headers['x-ratelimit-remaining']).toBe('99');
    for (let i = 0; i < 120; i++)
      await emulator.pushEvents({
        events: [{ eventType: 'view', eventName: 'V', index: 'products', userToken: 'u', objectIDs: ['a'] }],
      });
    const next = await emulator.request({
      host: 'analytics',
      method: 'GET',
      path: '/2/status',
      query: { index: 'products' },
    });
    expect(next.headers['x-ratelimit-remaining']).toBe('98');
  });
});

describe('analytics access', () => {
  it('needs the analytics right and honours index restrictions', async () => {
    const emulator = emulatorFor({ now: START });
    const { key: searchOnly } = await emulator.addApiKey({ acl: ['search'] });
    await expect(emulator.as({ apiKey: searchOnly }).getSearchesCount({ index: 'products' })).rejects.toMatchObject({
      status: 403,
    });
    const { key: restricted } = await emulator.addApiKey({ acl: ['analytics'], indexes: ['products'] });
    await expect(emulator.as({ apiKey: restricted }).getSearchesCount({ index: 'products' })).resolves.toMatchObject({
      count: 0,
    });
    await expect(emulator.as({ apiKey: restricted }).getSearchesCount({ index: 'secret' })).rejects.toMatchObject({
      status: 403,
    });
  });
});
