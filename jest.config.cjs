/**
 * Jest runs the matchers' own suite (test/jest) against the built package, as a Jest user
 * loads it: `npm run test:jest` (part of `npm test`, after the build). In Jest's ESM mode:
 * msw 2 loads ES-only dependencies that Jest's CommonJS loader cannot read on Node 20.
 */
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/jest/**/*.test.mjs'],
  transform: {},
  // The verify summary of test/jest/record.test.mjs, read from its reports folder: the reporter loads in Jest.
  reporters: ['default', ['search-emulator/record/reporter', { dir: '.search-emulator/jest' }]],
  moduleNameMapper: {
    '^search-emulator$': '<rootDir>/dist/index.js',
    '^search-emulator/(vitest|jest|record|server)$': '<rootDir>/dist/$1.js',
    '^search-emulator/record/reporter$': '<rootDir>/dist/record-reporter.cjs',
  },
};
