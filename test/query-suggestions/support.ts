import type { Algoliasearch } from 'algoliasearch';
import { createEmulator, type EmulatorOptions } from '../../src';
import { setupEmulatorServer } from '../support/server';
import type { Api, Surface } from '../support/surfaces';

export type SuggestionsEmulator = ReturnType<typeof createEmulator> & Api;

/**
 * One msw server per test file. `open(surface)` gives a fresh emulator, the search client
 * over msw (to search as an application does), and the Query Suggestions API to drive: the
 * emulator's direct calls or the official client (`initQuerySuggestions`) over msw.
 */
export function setupSuggestions(options: EmulatorOptions = {}) {
  const env = setupEmulatorServer(options);
  return (surface: Surface, overrides: EmulatorOptions = {}) => {
    const { emulator, client } = env.fresh(overrides);
    const suggestions = client.initQuerySuggestions({ region: 'us' });
    const api = (surface === 'direct' ? emulator : suggestions) as unknown as Api;
    return { emulator: emulator as SuggestionsEmulator, client, suggestions, api };
  };
}

/** The shop every build test searches: `ignorePlurals` on, brand and category faceted. */
export const PRODUCTS = [
  { objectID: 'p1', name: 'running shoes', brand: 'Nike', category: 'Shoes' },
  { objectID: 'p2', name: 'trail running shoes', brand: 'Salomon', category: 'Shoes' },
  { objectID: 'p3', name: 'leather bag', brand: 'Gucci', category: 'Bags' },
  { objectID: 'p4', name: 'canvas bag', brand: 'Nike', category: 'Bags' },
  { objectID: 'p5', name: 'red shoe laces', brand: 'Nike', category: 'Accessories' },
  { objectID: 'p6', name: 'running socks', brand: 'Nike', category: 'Accessories' },
];

export async function stock(client: Algoliasearch, indexName = 'products'): Promise<void> {
  await client.setSettings({
    indexName,
    indexSettings: { attributesForFaceting: ['brand', 'category'], ignorePlurals: true },
  });
  await client.saveObjects({ indexName, objects: PRODUCTS });
}

let user = 0;

/**
 * Searches `query` `times` times through the real client, as different users a minute apart
 * (so no keystroke aggregation joins them), with extra search parameters if given.
 */
export async function searchTimes(
  emulator: ReturnType<typeof createEmulator>,
  client: Algoliasearch,
  query: string,
  times: number,
  extra: Record<string, unknown> = {},
  indexName = 'products',
): Promise<void> {
  for (let i = 0; i < times; i++) {
    emulator.clock.advance('1m');
    await client.searchSingleIndex({ indexName, searchParams: { query, userToken: `user-${++user}`, ...extra } });
  }
}

/** The JSON Lines of a log, parsed. */
export const parseLog = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as LogEntry);

export interface LogEntry {
  timestamp: string;
  level: string;
  message: string;
  contextLevel: number;
}

/**
 * Reads a build log through either surface. The endpoint answers JSON Lines: a direct call
 * returns the text; the official client parses a one-line log and throws its
 * `DeserializationError` (which carries the text) for a longer one, as against the service.
 */
export async function logOf(api: Api, indexName: string): Promise<LogEntry[]> {
  try {
    const result = await api.getLogFile({ indexName });
    return typeof result === 'string' ? parseLog(result) : [result as LogEntry];
  } catch (error) {
    const { name, response } = error as { name?: string; response?: { content: string } };
    if (name === 'DeserializationError' && response) return parseLog(response.content);
    throw error;
  }
}
