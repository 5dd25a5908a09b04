import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const script = `
  const emulator = createEmulator({ seed: 1 });
  const saved = await emulator.addOrUpdateObject({ indexName: 'i', objectID: 'a', body: { n: 1 } });
  const record = await emulator.getObject({ indexName: 'i', objectID: 'a' });
  console.log(JSON.stringify({ record, handlers: emulator.handlers.length > 0, taskID: typeof saved.taskID }));
`;
const expected = { record: { n: 1, objectID: 'a' }, handlers: true, taskID: 'number' };

function run(args: string[]): unknown {
  const out = execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!);
}

// The built package, imported by name through its `exports` map, as users import it.
describe('the published package', () => {
  beforeAll(() => {
    if (!existsSync(new URL('dist/index.js', root))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  });

  it('works from an ES module consumer', () => {
    expect(run(['--input-type=module', '-e', `import { createEmulator } from 'search-emulator';\n${script}`])).toEqual(expected);
  });

  it('works from a CommonJS consumer', () => {
    const cjs = `const { createEmulator } = require('search-emulator');\n(async () => {${script}})();`;
    expect(run(['-e', cjs])).toEqual(expected);
  });

  it('keeps Node built-ins out of the bundles, so browsers and jsdom resolve working code', () => {
    for (const file of ['dist/index.js', 'dist/index.cjs']) {
      const code = readFileSync(new URL(file, root), 'utf8');
      expect(code).not.toMatch(/(?:from\s+|require\()\s*['"](?:node:)?(?:fs|path|crypto|http|https|child_process|buffer|os|url)['"]/);
    }
  });
});
