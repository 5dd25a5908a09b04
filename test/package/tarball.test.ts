import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

/** What `npm pack` would put in the tarball (its `files`, plus what npm always adds). */
let shipped: Set<string>;
beforeAll(() => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], {
    cwd: root,
    encoding: 'utf8',
  });
  shipped = new Set((JSON.parse(out) as { files: { path: string }[] }[])[0].files.map((file) => file.path));
});

describe('the tarball', () => {
  it('ships what users read, not the README source, the benchmark history or contributor notes', () => {
    for (const file of ['README.md', 'LICENSE', 'package.json', 'bin/search-emulator.js', 'docs/server.md'])
      expect(shipped).toContain(file);
    for (const file of [
      'README.src.md',
      'docs/README.src.md',
      'docs/contributing.md',
      'docs/benchmarks-history.md',
      'docs/parity-decisions.md',
    ])
      expect(shipped).not.toContain(file);
    expect([...shipped].filter((file) => /^(?:src|test|examples|scripts|bench)\//.test(file))).toEqual([]);
  });

  it('has no relative link from a shipped page to a file it does not ship', () => {
    const broken: string[] = [];
    for (const page of [...shipped].filter((file) => file.endsWith('.md'))) {
      const text = readFileSync(join(root, page), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target)) continue; // an absolute URL
        const file = normalize(join(dirname(page), target)).replace(/\/$/, '');
        if (!shipped.has(file) && ![...shipped].some((path) => path.startsWith(`${file}/`)))
          broken.push(`${page} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
