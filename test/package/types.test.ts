import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The type errors of a TypeScript project, as `tsc` prints them (empty when it compiles). */
function typeErrors(project: string): string {
  try {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { cwd: root, encoding: 'utf8' });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout);
  }
}

// The built package's declarations, imported by name as a user's project imports them.
describe('the published types in a strict project', () => {
  it('let the Vitest and the Jest matchers coexist, ESM and CommonJS, typos refused', () => {
    // skipLibCheck off: a conflict between the two augmentations (TS2320) is reported in the runners' own .d.ts.
    expect(typeErrors('test/package/strict-consumer')).toBe('');
    // Type-checks every declaration of both runners: about 16 s of CPU.
  }, 240_000);
});
