/**
 * `npm run readme`: writes README.md from docs/README.src.md, replacing each `@@<path>` line by
 * that file under a marker and a fenced block, so every snippet in the README is a file under
 * examples/ that `npm run test:consumers` runs. test/docs/readme.test.ts fails when they differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { readmeFrom } from './readme-lib';

const root = new URL('../', import.meta.url);
writeFileSync(
  new URL('README.md', root),
  readmeFrom(readFileSync(new URL('docs/README.src.md', root), 'utf8'), (path) =>
    readFileSync(new URL(path, root), 'utf8'),
  ),
);
console.log('README.md written');
