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
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { CHECKS } from './checks';
import { artifacts, pack, prepare, recipeEnv, sh } from './consumer-lib';
import { RECIPES, type Recipe } from './recipes';

async function run(recipe: Recipe, tarball: string): Promise<{ ok: boolean; output: string; seconds: number }> {
  const started = Date.now();
  const project = prepare(recipe, tarball);
  const env = recipeEnv(recipe);
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
// The packaging target (docs/packaging.md): what `npm i` downloads stays under 1.5 MB.
const TARBALL_LIMIT = 1_500_000;
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
            /Tests|passed|failed|✓|PASS|Node|v\d+\.\d+|^# check|^footprint|^npm ls|^npx|^a crawl|search-emulator verify|  compared/.test(
              line,
            ),
          )
          .join('\n')
      : result.output,
  );
  console.log(`${result.ok ? 'ok' : 'FAILED'} ${recipe.name} (${result.seconds.toFixed(0)} s)`);
  if (!result.ok) failed++;
}
console.log(`\nconsumers: ${recipes.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 && tarballOk ? 0 : 1);
