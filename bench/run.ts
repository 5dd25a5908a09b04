/**
 * `npm run bench`: every section in turn, each printing its tables (figures go to
 * docs/benchmarks.md by hand). `BENCH_ONLY=scale,lifecycle` runs those sections only. A new
 * section is a module exporting `async () => void` and one line in {@link SECTIONS}.
 */
import { cpus } from 'node:os';
import { flexsearchSection } from './flexsearch';
import { keywordSection } from './keywords';
import { lifecycleSection } from './lifecycle';
import { memorySection } from './memory';
import { benchPaths } from './paths';
import { scaleSection } from './scale';
import { tedtalksSection } from './tedtalks';

const SECTIONS: Record<string, () => Promise<void>> = {
  keywords: keywordSection,
  scale: scaleSection,
  lifecycle: lifecycleSection,
  memory: memorySection,
  tedtalks: tedtalksSection,
  flexsearch: flexsearchSection,
  paths: benchPaths,
};

async function main() {
  console.log(
    `# search-emulator bench — ${new Date().toISOString().slice(0, 10)} — ${cpus()[0]?.model ?? 'cpu'} x${cpus().length}, node ${process.version}`,
  );
  const only = process.env.BENCH_ONLY?.split(',');
  for (const [name, run] of Object.entries(SECTIONS)) if (!only || only.includes(name)) await run();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
