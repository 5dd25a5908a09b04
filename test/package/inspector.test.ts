import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(root, 'dist');
/** The inspector's budget (docs/inspector.md): 120 KB gzipped. */
const BUDGET = 120 * 1024;

/** Every file an ES module of dist/ imports, itself included, following relative imports. */
function graph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const text = readFileSync(entry, 'utf8');
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*["'](\.[^"']+)["']/g))
    graph(join(dirname(entry), match[1]), seen);
  return seen;
}

const gzipped = (files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);

describe('the inspector bundle', () => {
  beforeAll(() => {
    if (!['inspector/ui.cjs', 'inspector.js', 'storybook/manager.js'].every((file) => existsSync(join(dist, file))))
      execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  });

  it('stays within its budget, gzipped', () => {
    // The UI bundle: the served page's whole script, imported by the inspector entry and the panel.
    const page = gzipped([join(dist, 'inspector', 'ui.cjs')]);
    // The entry's own code: the files only the inspector entry reaches (the emulator's chunks are shared with `search-emulator`).
    const emulator = graph(join(dist, 'index.js'));
    const own = [...graph(join(dist, 'inspector.js'))].filter((file) => !emulator.has(file));
    const entry = gzipped(own);
    // The Storybook panel: everything its manager entry reaches (Storybook bundles it again).
    const panel = gzipped(graph(join(dist, 'storybook', 'manager.js')));
    console.log(
      `inspector: UI bundle (the served page) ${(page / 1024).toFixed(1)} KB gzipped, search-emulator/inspector ${(entry / 1024).toFixed(1)} KB gzipped, Storybook panel ${(panel / 1024).toFixed(1)} KB gzipped (budget ${BUDGET / 1024} KB)`,
    );
    expect(page).toBeLessThanOrEqual(BUDGET);
    expect(entry).toBeLessThanOrEqual(BUDGET);
    expect(panel).toBeLessThanOrEqual(BUDGET);
  });

  it('is never loaded by search-emulator, its server, its msw entry or the Storybook preview', () => {
    // The decorator stories import and the preview annotation run beside the story: no UI there.
    for (const entry of ['index.js', 'msw.js', 'server.js', 'vitest.js', 'storybook.js', 'storybook/preview.js']) {
      const files = [...graph(join(dist, entry))];
      const loaded = files.filter((file) => /uPlot|__PREACT_DEVTOOLS__|preact/.test(readFileSync(file, 'utf8')));
      expect({ entry, loaded }).toEqual({ entry, loaded: [] });
    }
  });

  it('fetches nothing: no URL of another host in the UI bundle', () => {
    const text = readFileSync(join(dist, 'inspector', 'ui.cjs'), 'utf8');
    const hosts = [...text.matchAll(/https?:\/\/([\w.-]+)/g)].map((m) => m[1]);
    // Namespaces (SVG, XHTML) are names, not requests.
    expect([...new Set(hosts)].filter((host) => host !== 'www.w3.org')).toEqual([]);
  });

  it("leaves Storybook's and React's modules to Storybook: the panel imports them, bundles neither", () => {
    const files = [...graph(join(dist, 'storybook', 'manager.js'))];
    const bare = new Set(
      files.flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*["']([^."'][^"']*)["']/g)].map((m) => m[1]),
      ),
    );
    expect([...bare].sort()).toEqual(['react', 'storybook/internal/core-events', 'storybook/manager-api']);
    expect(files.some((file) => /react-dom|__SECRET_INTERNALS/.test(readFileSync(file, 'utf8')))).toBe(false);
  });
});
