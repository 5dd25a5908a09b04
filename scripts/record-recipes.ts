/**
 * `npm run record:recipes`: records the recordings the `vitest-record` recipe verifies against
 * (examples/vitest-record/test/__recordings__/). The recipe's project is made as
 * `test:consumers` makes it (the packed tarball, the vitest recipe's tests under the recorder's
 * setup), then its suite runs once in record mode and the recordings are copied back.
 *
 *   npm run record:recipes            # the service is the emulator itself, on loopback
 *   npm run record:recipes -- --real  # a real test application: SEARCH_EMULATOR_TARGET_APP_ID,
 *                                     # _API_KEY and _ALLOW_WRITES_TO set by the caller
 *
 * The loopback recordings catch a regression in what the emulator answers; recordings made
 * with --real measure the emulator against the service (docs/record-verify.md).
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../src/server';
import { pack, prepare, recipeEnv, root, sh } from './consumer-lib';
import { RECIPES } from './recipes';

const recipe = RECIPES.find((entry) => entry.name === 'vitest-record')!;
const real = process.argv.includes('--real');
const project = prepare(recipe, pack());
const env: NodeJS.ProcessEnv = { ...recipeEnv(recipe), SEARCH_EMULATOR_MODE: 'record' };
delete env.CI;
const service = real
  ? undefined
  : await startServer({ appId: 'RECIPES', adminApiKey: 'recipes-service-admin-key', seed: 'the service' });
if (service) {
  Object.assign(env, {
    SEARCH_EMULATOR_TARGET_APP_ID: 'RECIPES',
    SEARCH_EMULATOR_TARGET_API_KEY: 'recipes-service-admin-key',
    SEARCH_EMULATOR_ALLOW_WRITES_TO: 'RECIPES',
    SEARCH_EMULATOR_TARGET_URL: service.url,
  });
}
/** Runs the suite without blocking this process: the loopback service answers from it. */
function suite(): Promise<void> {
  const child = spawn('npx', ['vitest', 'run', '--no-file-parallelism'], { cwd: project, env, stdio: 'inherit' });
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the suite failed in record mode (exit ${code})`)),
    ),
  );
}

try {
  const install = sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project, env });
  if (!install.ok) throw new Error(`npm install failed:\n${install.output}`);
  await suite();
  const made = join(project, 'test', '__recordings__');
  const kept = join(root, 'examples', 'vitest-record', 'test', '__recordings__');
  rmSync(kept, { recursive: true, force: true });
  mkdirSync(kept, { recursive: true });
  cpSync(made, kept, { recursive: true });
  console.log(`recorded ${readdirSync(kept).join(', ')} into examples/vitest-record/test/__recordings__/`);
} finally {
  await service?.close();
  rmSync(project, { recursive: true, force: true });
}
