/**
 * The checks a recipe asks for (`Recipe.checks` in scripts/recipes.ts), run by
 * scripts/consumers.ts in the installed project, as a user's own project holds the package.
 */
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { footprint } from './footprint';
import type { Check } from './recipes';

/** docs/packaging.md: what the package may add to a Jest project that does not crawl. */
export const FOOTPRINT_LIMIT = { bytes: 10_000_000, packages: 15 };

export interface CheckResult {
  readonly ok: boolean;
  readonly output: string;
}

export const CHECKS: Record<Check, (project: string, env: NodeJS.ProcessEnv) => Promise<CheckResult>> = {
  footprint: async (project, env) => {
    const { packages, bytes } = footprint(project);
    const vitest = spawnSync('npm', ['ls', 'vitest', '--all', '--parseable'], { cwd: project, env, encoding: 'utf8' });
    const runners = vitest.stdout.trim();
    const ok = bytes <= FOOTPRINT_LIMIT.bytes && packages.length <= FOOTPRINT_LIMIT.packages && runners === '';
    return {
      ok,
      output:
        `footprint: ${packages.length} packages (limit ${FOOTPRINT_LIMIT.packages}), ${(bytes / 1e6).toFixed(2)} MB ` +
        `(limit ${FOOTPRINT_LIMIT.bytes / 1e6} MB): ${packages.map((p) => p.replace(/^node_modules\//, '')).join(', ')}\n` +
        `npm ls vitest: ${runners === '' ? 'empty' : runners}`,
    };
  },

  cli: async (project, env) => {
    const lines: string[] = [];
    const version = spawnSync('npx', ['search-emulator', '--version'], { cwd: project, env, encoding: 'utf8' });
    const expected = spawnSync('node', ['-p', "require('search-emulator/package.json').version"], {
      cwd: project,
      env,
      encoding: 'utf8',
    }).stdout.trim();
    lines.push(`npx search-emulator --version: ${version.stdout.trim()} (package ${expected})`);
    let ok = version.status === 0 && version.stdout.trim() === expected;
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const stop = await stopServe(project, env, signal);
      lines.push(stop.output);
      ok &&= stop.ok;
    }
    return { ok, output: lines.join('\n') };
  },

  'crawler-without-cheerio': async (project, env) => {
    // A CommonJS script, as the Jest recipe's own tests are.
    writeFileSync(
      join(project, 'crawl-check.cjs'),
      `const { createEmulator } = require('search-emulator');
(async () => {
  const emulator = createEmulator();
  const { id } = await emulator.createCrawler({
    name: 'site',
    config: { appId: emulator.appId, apiKey: emulator.adminApiKey, rateLimit: 2, startUrls: ['https://site.test/'], actions: [{ indexName: 'pages', recordExtractor: () => [] }] },
  });
  // Nothing changes but the API log, which lists the refused request as the service's does.
  const unchanged = (({ logs, ...rest }) => rest)(emulator.core.state);
  const error = await emulator.startReindex({ id }).then(() => undefined, (e) => e);
  console.log(error ? error.status + ' ' + error.message : 'the crawl started');
  const same = Object.entries(unchanged).every(([key, value]) => emulator.core.state[key] === value);
  process.exit(error && error.status === 501 && /npm i -D cheerio$/.test(error.message) && same ? 0 : 1);
})();
`,
    );
    const run = spawnSync('node', ['crawl-check.cjs'], { cwd: project, env, encoding: 'utf8' });
    return {
      ok: run.status === 0,
      output: `a crawl without cheerio: ${run.stdout.trim()}${run.stderr.trim() ? `\n${run.stderr.trim()}` : ''}`,
    };
  },
};

/**
 * `npx search-emulator serve --port 0`, then a signal as users send it: SIGTERM to npx alone (a
 * process manager), or SIGINT to npx's process group (Ctrl-C in a terminal). The server must exit
 * and free its port. Real timers bound the waits, so a server that does not stop fails the check
 * instead of hanging CI.
 */
function stopServe(project: string, env: NodeJS.ProcessEnv, signal: 'SIGTERM' | 'SIGINT'): Promise<CheckResult> {
  const group = signal === 'SIGINT';
  const child = spawn('npx', ['search-emulator', 'serve', '--port', '0'], { cwd: project, env, detached: group });
  const how = group ? 'SIGINT to the process group (Ctrl-C)' : 'SIGTERM to npx alone';
  let output = '';
  return new Promise((resolve) => {
    const give = (ok: boolean, why: string) => {
      clearTimeout(timer);
      resolve({ ok, output: `npx search-emulator serve, ${how}: ${why}` });
    };
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(group ? -child.pid : child.pid, 'SIGKILL');
      give(false, `npx still running after 60 s\n${output}`);
    }, 60_000);
    let port: number | undefined;
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (found && port === undefined && child.pid !== undefined) {
        port = Number(found[1]);
        process.kill(group ? -child.pid : child.pid, signal);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', async (code, killed) => {
      if (port === undefined) return give(false, `exited with ${code ?? killed} before listening\n${output}`);
      // npx may go first: the server closes right after (it watches for npm's shell going).
      const free = await portFreeWithin(port, 10_000);
      give(free, `npx exited with ${code ?? killed}; port ${port} ${free ? 'free' : 'still taken after 10 s'}`);
    });
  });
}

/** Whether `port` can be listened on again within `ms` (tried every 100 ms). */
async function portFreeWithin(port: number, ms: number): Promise<boolean> {
  for (let waited = 0; waited <= ms; waited += 100) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
