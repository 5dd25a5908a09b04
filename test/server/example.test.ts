import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);

it("runs the README's standalone-server recipe (examples/server.ts) against the built package", async () => {
  const example = fileURLToPath(new URL('../../examples/server.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
  const { stdout } = await run(process.execPath, [tsx, example]);
  expect(stdout.trim().split('\n')).toEqual([
    'articles matching "collection": Victoria Beckham - New collection 2021 | Review: Serafini Spring 2021 collection',
    'after saveObject: notPublished',
    'after the clock moved 1s: published',
  ]);
});
