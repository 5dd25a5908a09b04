import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../src';
import { directCallsSource, parityReport } from '../scripts/parity-lib';

describe('parity report', () => {
  it('docs/parity.md matches the route table (run `npm run parity` after adding routes)', () => {
    const onDisk = readFileSync(new URL('../docs/parity.md', import.meta.url), 'utf8');
    expect(onDisk).toBe(parityReport(createEmulator().routes));
  });

  it('src/emulator/direct-calls.ts matches the route table (run `npm run parity` after adding routes)', () => {
    const onDisk = readFileSync(new URL('../src/emulator/direct-calls.ts', import.meta.url), 'utf8');
    expect(onDisk).toBe(directCallsSource(createEmulator().routes));
  });

  it('an operation the emulator lacks answers 501 naming it, never a silent 404', async () => {
    const emulator = createEmulator();
    const missing = emulator.routes.find((r) => r.parity?.status === 'missing');
    expect(missing, 'at least one official operation is still missing').toBeDefined();
    const path = missing!.path.replace(/\{\w+\}/g, 'x');
    const res = await emulator.request({ method: missing!.method, path, host: missing!.host });
    expect(res.status).toBe(501);
    expect((res.body as { message: string }).message).toContain(missing!.operation);
  });
});
