import { writeFileSync } from 'node:fs';
import { createEmulator } from '../src';
import { directCallsSource, parityReport } from './parity-lib';

/** Writes docs/parity.md and the direct calls' types (src/emulator/direct-calls.ts) from the route table. */
const { routes } = createEmulator();
writeFileSync(new URL('../docs/parity.md', import.meta.url), parityReport(routes));
writeFileSync(new URL('../src/emulator/direct-calls.ts', import.meta.url), directCallsSource(routes));
console.log('docs/parity.md and src/emulator/direct-calls.ts written');
