import { writeFileSync } from 'node:fs';
import { createEmulator } from '../src';
import { parityReport } from './parity-lib';

/** Writes docs/parity.md from the route table. */
writeFileSync(new URL('../docs/parity.md', import.meta.url), parityReport(createEmulator().routes));
console.log('docs/parity.md written');
