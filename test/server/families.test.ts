import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src';
import { destinationOf } from '../../src/server/families';

const router = createEmulator().core.router;

describe('the server finds the platform’s other APIs', () => {
  it.each([
    ['data.eu.algolia.com', '/2/tasks', 'ingestion'],
    ['status.algolia.com', '/1/incidents', 'monitoring'],
    ['ai-personalization.us.algolia.com', '/2/users', 'advanced-personalization'],
  ] as const)('by their real host %s', (host, path, family) => {
    expect(destinationOf(router, 'GET', host, path)).toEqual({ family, path });
  });

  it.each([
    ['/ingestion/2/tasks', 'ingestion', '/2/tasks'],
    ['/monitoring/1/status', 'monitoring', '/1/status'],
    ['/advanced-personalization/2/config', 'advanced-personalization', '/2/config'],
  ] as const)('by the path prefix of %s', (path, family, rest) => {
    expect(destinationOf(router, 'GET', 'localhost:8080', path)).toEqual({ family, path: rest });
  });
});
