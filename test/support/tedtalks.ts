import { readFileSync } from 'node:fs';
import type { Emulator } from '../../src';

/** A file of the tedtalks dataset (/work/shared/datasets/tedtalks), parsed. */
export const tedtalks = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../../shared/datasets/tedtalks/${file}`, import.meta.url), 'utf8'));

/**
 * Loads the talks with their real settings file into `indexName` (replicas left out: they are
 * another suite's concern), each talk's objectID `t<its index in talks.json>`.
 */
export async function loadTalks(emulator: Emulator, indexName = 'talks') {
  const talks = tedtalks('talks.json') as Record<string, unknown>[];
  const settings = tedtalks('talks_settings.json');
  delete settings.slaves;
  await emulator.setSettings({ indexName, indexSettings: settings });
  await emulator.batch({
    indexName,
    batchWriteParams: {
      requests: talks.map((body, i) => ({ action: 'addObject', body: { ...body, objectID: `t${i}` } })),
    },
  });
  return talks;
}
