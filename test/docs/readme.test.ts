import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

describe('README.md recipes are self-contained', () => {
  const readme = read('README.md');
  const shown = new Set([...readme.matchAll(/<!-- (examples\/[^ ]+) -->/g)].map((m) => m[1]));
  const recipes = [...new Set([...shown].map((path) => path.split('/')[1]))];

  it('points to no file the published package lacks (the Contributing section is for the repository)', () => {
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], {
        cwd: fileURLToPath(root),
        encoding: 'utf8',
      }),
    )[0].files.map((file: { path: string }) => file.path) as string[];
    const forUsers = readme.slice(0, readme.indexOf('\n## Contributing'));
    const links = [...forUsers.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]);
    const local = links.filter((link) => !/^[a-z]+:/.test(link));
    expect(local.length).toBeGreaterThan(0);
    const missing = local.filter((link) => {
      const path = link.replace(/\/$/, '');
      return !packed.some((file) => file === path || file.startsWith(`${path}/`));
    });
    expect(missing).toEqual([]);
  });

  it('shows every file of a recipe a reader needs: its tests, setup and runner config', () => {
    const needed = (recipe: string) =>
      readdirSync(new URL(`examples/${recipe}/`, root), { recursive: true, encoding: 'utf8' })
        .filter((path) =>
          /^(test\/[^/]+\.(t|j)s|jest\.config\.js|vitest\.config\.ts|\.storybook\/.+|stories\/.+)$/.test(path),
        )
        // The CI legs' Chromium drivers (the inspector's screenshots and axe checks), not part of the recipe.
        .filter((path) => !/^test\/(browser|storybook|inspector)\.js$/.test(path))
        .map((path) => `examples/${recipe}/${path}`)
        // CI's proofs of the safety net: they import the repository's test/support/, which the
        // consumer runner copies in (scripts/recipes.ts); a reader has no such folder.
        .filter((path) => !/from '\.\.\/support\//.test(read(path)));
    // A file the same as one shown (msw 3's recipe shares Vitest's config and test) is shown.
    const texts = new Set([...shown].map(read));
    const unshown = recipes.flatMap(needed).filter((path) => !shown.has(path) && !texts.has(read(path)));
    expect(unshown).toEqual([]);
  });

  it('reads no file beside the recipe that the README does not show or create', () => {
    // The fixtures recipe writes its folder itself; nothing else under a recipe is read by path.
    for (const path of shown) expect(read(path), path).not.toMatch(/new URL\(['"]\.\.?\/(?!.*\.(t|j)s['"])/);
    expect(existsSync(new URL('examples/vitest/fixtures', root))).toBe(false);
  });

  it('says "type": "module" for every recipe but the CommonJS one, and gives the v4 alias install line', () => {
    const commonjs = recipes.filter((recipe) => JSON.parse(read(`examples/${recipe}/package.json`)).type !== 'module');
    expect(commonjs).toEqual(['jest-cjs']);
    expect(readme).toContain('set `"type": "module"`');
    expect(readme).toContain('except for the [Jest CommonJS](#jest) example');
    const v4 = JSON.parse(read('examples/vitest/package.json')).devDependencies['algoliasearch-v4'] as string;
    expect(v4).toMatch(/^npm:algoliasearch@/);
    expect(readme).toContain('algoliasearch-v4@npm:algoliasearch@4');
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
