/**
 * `npm run mutation -- <module>` (or `MUTATION_MODULE=<module> npm run mutation`): StrykerJS
 * mutates one module's source and runs that module's tests against each mutant, to find
 * changes no test notices. Modules: matchers, security, filters, engine (docs/testing.md has
 * their scores). Not part of `npm test` or CI: a module takes minutes (matchers) to hours
 * (engine) on two cores. Reports: reports/mutation/<module>.html and .json.
 *
 *   npm run mutation -- matchers
 *   MUTATION_CONCURRENCY=1 npm run mutation -- security
 *   npm run mutation -- security src/emulator/security/secured.ts   (only these files)
 *   npm run mutation -- engine --sample 0.15      (a seeded 15% of its lines: an estimate)
 */
import { Stryker } from '@stryker-mutator/core';
import { estimate, sampleRanges } from './mutation-sample';

interface Module {
  /** The source files mutated. */
  readonly mutate: readonly string[];
  /** The tests run against each mutant (Vitest include globs). */
  readonly tests: readonly string[];
}

const MODULES: Readonly<Record<string, Module>> = {
  // The matchers read the journal: both are mutated, under the tests of both.
  matchers: {
    mutate: ['src/matchers/**/*.ts', 'src/emulator/journal/**/*.ts'],
    tests: ['test/matchers/**/*.test.ts', 'test/journal/**/*.test.ts'],
  },
  security: { mutate: ['src/emulator/security/**/*.ts'], tests: ['test/security/**/*.test.ts'] },
  // columns.test.ts checks the docs doc-filter.ts finds from the columns against evaluate.ts, record by record.
  filters: {
    mutate: ['src/emulator/search/filters/**/*.ts'],
    tests: ['test/filters/**/*.test.ts', 'test/engine/columns.test.ts'],
  },
  engine: { mutate: ['src/emulator/search/engine/**/*.ts'], tests: ['test/engine/**/*.test.ts'] },
};

const name = process.argv[2] ?? process.env.MUTATION_MODULE;
const module = name === undefined ? undefined : MODULES[name];
if (!module) {
  console.error(`usage: npm run mutation -- <module>, one of: ${Object.keys(MODULES).join(', ')}`);
  process.exit(2);
}

// The Vitest config of the runs reads its tests from here (test runners inherit the environment).
process.env.MUTATION_TESTS = module.tests.join(',');
const rest = process.argv.slice(3);
// `--sample <fraction>` [`--seed <n>`]: blocks of lines drawn at random (mutation-sample.ts).
const option = (flag: string) => {
  const at = rest.indexOf(flag);
  return at === -1 ? undefined : Number(rest.splice(at, 2)[1]);
};
const sample = option('--sample');
const seed = option('--seed') ?? 1;
if (sample !== undefined && !(sample > 0 && sample <= 1)) {
  console.error(`--sample takes a fraction of the lines, above 0 and at most 1: got ${sample}`);
  process.exit(2);
}
// Files (or globs) after the module's name narrow the mutated source to them.
const mutate = sample !== undefined ? sampleRanges(rest.length > 0 ? rest : module.mutate, sample, seed) : rest;
const stryker = new Stryker({
  mutate: mutate.length > 0 ? mutate : [...module.mutate],
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts' },
  // Each mutant runs only the tests that reach it.
  coverageAnalysis: 'perTest',
  // A mutant of a module-level constant would rerun every test: left out, and counted as such.
  ignoreStatic: true,
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  timeoutMS: 20_000,
  // One sandbox folder per module, so two modules can run side by side.
  tempDirName: `.stryker-tmp/${name}`,
  // Nor copy another module's sandbox or the reports into this one (anchored: src/emulator/analytics/reports/ stays).
  ignorePatterns: ['/.stryker-tmp', '/reports'],
  cleanTempDir: 'always',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  thresholds: { high: 85, low: 70, break: null },
});
const results = await stryker.runMutationTest();
const detected = results.filter((r) => r.status === 'Killed' || r.status === 'Timeout').length;
const valid = results.filter((r) => !['CompileError', 'RuntimeError', 'Ignored'].includes(r.status)).length;
console.log(
  sample === undefined
    ? `${name}: ${detected} of ${valid} mutants detected (${((100 * detected) / Math.max(1, valid)).toFixed(1)}%)`
    : `${name}, a ${sample} sample of its lines (seed ${seed}): ${detected} of ${valid} detected, ${estimate(detected, valid)}`,
);
