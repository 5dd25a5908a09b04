import { readFileSync } from 'node:fs';
import type { SearchRecord } from '../../src/emulator/state';

const read = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../../shared/datasets/${path}`, import.meta.url), 'utf8'));

/** basketball/nba-players.json with objectIDs assigned in file order. */
export const players: SearchRecord[] = read('basketball/nba-players.json').map((r: object, i: number) => ({
  ...r,
  objectID: String(i + 1),
}));

export const talks: SearchRecord[] = read('tedtalks/talks.json');

/** The talks index settings as exported (legacy names included). */
export const talksSettings: Record<string, unknown> = read('tedtalks/talks_settings.json');
