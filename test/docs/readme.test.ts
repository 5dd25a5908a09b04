import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readmeFrom } from '../../scripts/readme-lib';
import { RECIPES } from '../../scripts/recipes';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

describe('README.md', () => {
  it('is docs/README.src.md with the example files inlined (run `npm run readme` after editing either)', () => {
    expect(read('README.md')).toBe(readmeFrom(read('docs/README.src.md'), read));
  });

  it('shows no code that is not a file under examples/ (shell commands and the layout aside)', () => {
    const blocks = [...read('README.md').matchAll(/(?:<!-- (\S+) -->\n)?```(\w*)\n/g)].filter((_, i) => i % 2 === 0);
    for (const [, marker, language] of blocks) {
      if (language === 'sh' || language === '') continue;
      expect(marker, `a \`\`\`${language} block without an example file`).toMatch(/^examples\/[\w-]+\//);
    }
  });

  it('uses only recipes that test:consumers runs', () => {
    const used = new Set([...read('README.md').matchAll(/<!-- examples\/([\w-]+)\//g)].map((m) => m[1]));
    expect([...used].filter((name) => !RECIPES.some((recipe) => recipe.name === name))).toEqual([]);
  });
});

describe('docs/compatibility.md', () => {
  it('has one row per CI leg (scripts/recipes.ts)', () => {
    const rows = read('docs/compatibility.md')
      .split('\n')
      .filter((line) => /^\| `[\w-]+` \|/.test(line));
    expect(rows.map((row) => /^\| `([\w-]+)`/.exec(row)![1])).toEqual(RECIPES.map((recipe) => recipe.name));
  });
});
