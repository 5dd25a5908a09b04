import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));

it("runs the README's standalone-server recipe against the built package", async () => {
  // The recipe's own folder is a project of its own (the consumer leg installs it there); run
  // from the repository root, `search-emulator` resolves to the built package by its name.
  const recipe = readFileSync(new URL('../../examples/server-browser/test/node.js', import.meta.url), 'utf8');
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', recipe], { cwd: root });
  expect(stdout.trim().split('\n')).toEqual([
    'articles matching "collection": New collection 2021',
    'after saveObject: notPublished',
    'after the clock moved 1s: published',
  ]);
});
