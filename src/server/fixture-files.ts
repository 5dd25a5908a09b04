import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { filesFromFixture, fixtureFromFiles } from '../emulator/fixtures/files';
import type { Fixture } from '../emulator/fixtures/types';

/**
 * Reads a fixture from a folder (every `.json`, `.ndjson`, `.jsonl` file in it, named as
 * `fixtureFromFiles` describes) or from one file, for `emulator.load(...)`.
 */
export async function readFixtures(path: string): Promise<Fixture> {
  const names = (await stat(path)).isDirectory()
    ? (await readdir(path)).filter((name) => /\.(?:json|ndjson|jsonl)$/.test(name)).map((name) => join(path, name))
    : [path];
  const files = await Promise.all(
    names.map(async (name) => ({ name: basename(name), text: await readFile(name, 'utf8') })),
  );
  return fixtureFromFiles(files);
}

/** Writes a fixture (`emulator.dump()`) as files of a folder that `readFixtures` reads back. */
export async function writeFixtures(dir: string, fixture: Fixture): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files = filesFromFixture(fixture);
  await Promise.all(files.map((file) => writeFile(join(dir, file.name), file.text)));
  return files.map((file) => join(dir, file.name));
}
