/**
 * `npm run test:consumers`: every recipe under examples/ (the README's snippets are files
 * there) run as a user would: the package packed with `npm pack`, then for each recipe a fresh
 * project in a temporary folder that installs that tarball and runs its own `npm test`.
 *
 *   npm run test:consumers                # every recipe
 *   npm run test:consumers -- jest-cjs    # some of them
 *
 * Recipes that need another Node (msw 3 needs Node 22.12+) get it from the npm registry's
 * `node-linux-<arch>` package, kept in .ci/cache/. The browser recipes drive Debian's
 * Chromium (CHROMIUM_PATH, default /usr/bin/chromium) and leave screenshots in
 * ARTIFACTS_DIR (default .ci/artifacts/).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { CHECKS } from './checks';
import { RECIPES, type Recipe } from './recipes';

const root = resolve(import.meta.dirname, '..');
const cache = join(root, '.ci', 'cache');
const artifacts = resolve(process.env.ARTIFACTS_DIR ?? join(root, '.ci', 'artifacts'));

function sh(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): { ok: boolean; output: string } {
  const result = spawnSync(command, args, { ...options, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** The bin folder of Node `major` from the registry's binary package (no download script). */
function nodeBin(major: number): string {
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

function pack(): string {
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

async function run(recipe: Recipe, tarball: string): Promise<{ ok: boolean; output: string; seconds: number }> {
  const started = Date.now();
  const project = mkdtempSync(join(tmpdir(), `recipe-${recipe.name}-`));
  cpSync(join(root, 'examples', recipe.folder ?? recipe.name), project, {
    recursive: true,
    filter: (path) => !/node_modules|dist|storybook-static/.test(path),
  });
  for (const file of recipe.support ?? []) {
    mkdirSync(join(project, 'support'), { recursive: true });
    cpSync(join(root, file), join(project, 'support', basename(file)));
  }
  const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
  manifest.devDependencies['search-emulator'] = `file:${tarball}`;
  writeFileSync(join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const env: NodeJS.ProcessEnv = { ...process.env, ARTIFACTS_DIR: artifacts, CI: 'true' };
  if (recipe.node) env.PATH = `${nodeBin(recipe.node)}:${env.PATH}`;
  const log: string[] = [];
  const steps: [string, string[]][] = [
    ['node', ['--version']],
    ['npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']],
    ['npm', ['test']],
  ];
  const failed = () => ({ ok: false, output: log.join('\n'), seconds: (Date.now() - started) / 1000 });
  for (const [command, args] of steps) {
    // The recipe's checks run once it is installed, before its own tests.
    if (command === 'npm' && args[0] === 'test') {
      for (const check of recipe.checks ?? []) {
        const result = await CHECKS[check](project, env);
        log.push(`# check ${check}\n${result.output}`);
        if (!result.ok) return failed();
      }
    }
    const step = sh(command, args, { cwd: project, env });
    log.push(`$ ${command} ${args.join(' ')}\n${step.output}`);
    if (!step.ok) return failed();
  }
  rmSync(project, { recursive: true, force: true });
  return { ok: true, output: log.join('\n'), seconds: (Date.now() - started) / 1000 };
}

const wanted = process.argv.slice(2);
const recipes = wanted.length === 0 ? RECIPES : RECIPES.filter((recipe) => wanted.includes(recipe.name));
if (recipes.length === 0)
  throw new Error(`No recipe named ${wanted.join(', ')}: ${RECIPES.map((r) => r.name).join(', ')}`);
mkdirSync(artifacts, { recursive: true });
const tarball = pack();
let failed = 0;
// The packaging target (docs/packaging.md): what `npm i` downloads stays under 1.2 MB.
const TARBALL_LIMIT = 1_200_000;
const tarballSize = statSync(tarball).size;
console.log(`tarball: ${(tarballSize / 1000).toFixed(1)} kB (limit ${TARBALL_LIMIT / 1000} kB)`);
const tarballOk = tarballSize <= TARBALL_LIMIT;
if (!tarballOk) console.log('FAIL the tarball is over its limit: see docs/packaging.md');
for (const recipe of recipes) {
  console.log(`\n== ${recipe.name}: ${recipe.leg}`);
  const result = await run(recipe, tarball);
  console.log(
    result.ok
      ? result.output
          .split('\n')
          .filter((line) =>
            /Tests|passed|failed|✓|PASS|Node|v\d+\.\d+|^# check|^footprint|^npm ls|^npx|^a crawl/.test(line),
          )
          .join('\n')
      : result.output,
  );
  console.log(`${result.ok ? 'ok' : 'FAILED'} ${recipe.name} (${result.seconds.toFixed(0)} s)`);
  if (!result.ok) failed++;
}
console.log(`\nconsumers: ${recipes.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 && tarballOk ? 0 : 1);
