/**
 * What `npm run test:consumers` and `npm run record:recipes` share: the packed tarball, a recipe
 * copied into a fresh project that installs it, another Node when a recipe asks for one.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import type { Recipe } from './recipes';

export const root = resolve(import.meta.dirname, '..');
const cache = join(root, '.ci', 'cache');
export const artifacts = resolve(process.env.ARTIFACTS_DIR ?? join(root, '.ci', 'artifacts'));

export function sh(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): { ok: boolean; output: string } {
  const result = spawnSync(command, args, { ...options, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** The bin folder of Node `major` from the registry's binary package (no download script). */
export function nodeBin(major: number): string {
  const dir = join(cache, `node${major}`);
  const bin = join(dir, 'node_modules', `node-linux-${process.arch}`, 'bin');
  if (!existsSync(join(bin, 'node'))) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
    execFileSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--loglevel=error', `node-linux-${process.arch}@${major}`],
      { cwd: dir, stdio: 'inherit' },
    );
  }
  return bin;
}

export function pack(): string {
  const out = mkdtempSync(join(tmpdir(), 'search-emulator-pack-'));
  const name = execFileSync('npm', ['pack', '--pack-destination', out, '--loglevel=error'], {
    cwd: root,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .pop()!;
  return join(out, name);
}

/**
 * A fresh project for `recipe`: its files (over those of the recipe it starts from) and the
 * repository files it names as support in a temporary folder, `search-emulator` pointing at the
 * tarball.
 */
export function prepare(recipe: Recipe, tarball: string): string {
  const project = mkdtempSync(join(tmpdir(), `recipe-${recipe.name}-`));
  const copy = (folder: string) =>
    cpSync(join(root, 'examples', folder), project, {
      recursive: true,
      filter: (path) => !/node_modules|dist|storybook-static/.test(path),
    });
  if (recipe.from) copy(recipe.from);
  copy(recipe.folder ?? recipe.name);
  for (const file of recipe.support ?? []) {
    mkdirSync(join(project, 'support'), { recursive: true });
    cpSync(join(root, file), join(project, 'support', basename(file)));
  }
  const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
  manifest.devDependencies['search-emulator'] = `file:${tarball}`;
  writeFileSync(join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return project;
}

/** The environment a recipe's project runs in: the artifacts folder, CI, its Node. */
export function recipeEnv(recipe: Recipe): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ARTIFACTS_DIR: artifacts, CI: 'true' };
  if (recipe.node) env.PATH = `${nodeBin(recipe.node)}:${env.PATH}`;
  return env;
}
