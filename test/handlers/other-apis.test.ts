import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Emulator } from '../../src';
import { setupSurfaces } from '../support/surfaces';

const open = setupSurfaces();

describe('hosts of APIs without a client on npm, over msw', () => {
  const headers = (emulator: Emulator) => ({
    'x-algolia-application-id': emulator.appId,
    'x-algolia-api-key': emulator.adminApiKey,
    'content-type': 'application/json',
  });

  it.each([
    [
      'agent studio',
      (app: string) => `https://${app}.algolia.net/agent-studio/1/agents`,
      'GET',
      /^listAgents \(Agent Studio API, GET \/agent-studio\/1\/agents\)/,
    ],
    [
      'advanced personalization',
      () => 'https://ai-personalization.eu.algolia.com/2/users',
      'GET',
      /^getUsers \(Advanced Personalization API, GET \/2\/users\)/,
    ],
  ] as const)('%s', async (_, url, method, message) => {
    const { emulator } = open('client');
    const res = await fetch(url(emulator.appId), { method, headers: headers(emulator) });
    expect(res.status).toBe(501);
    expect(await res.json()).toEqual({ status: 501, message: expect.stringMatching(message) });
  });

  it('a path no catalogue lists still names its API, on its own host or under its prefix', async () => {
    const { emulator } = open('client');
    const cases = [
      [
        'https://ai-personalization.eu.algolia.com/1/not-yet-released',
        /^The Advanced Personalization API \(GET \/1\/not-yet-released\) is not implemented/,
      ],
      [`https://${emulator.appId}.algolia.net/agent-studio/2/new`, /^The Agent Studio API/],
    ] as const;
    for (const [url, message] of cases) {
      const res = await fetch(url, { headers: headers(emulator) });
      expect([res.status, await res.json()]).toEqual([501, { status: 501, message: expect.stringMatching(message) }]);
    }
    // A served API's host still answers 404 for a path it does not know.
    for (const url of [
      `https://${emulator.appId}.algolia.net/1/not-a-path`,
      'https://status.algolia.com/2/whatever',
      'https://analytics.algolia.com/2/abtests/1/unknown',
    ])
      expect((await fetch(url, { headers: headers(emulator) })).status).toBe(404);
  });
});

describe('the parity report', () => {
  it('has rows for every operation of the other APIs', () => {
    const report = readFileSync(new URL('../../docs/parity.md', import.meta.url), 'utf8');
    for (const [client, operation] of [
      ['agent-studio', 'createAgentCompletion'],
      ['advanced-personalization', 'computeRealtimeUser'],
    ]) {
      expect(report).toMatch(
        new RegExp(`\\| ${client} \\| \`${operation}\` \\| \\w+ \\| \`[^\`]+\` \\| missing \\| answers 501 \\|`),
      );
    }
  });
});
