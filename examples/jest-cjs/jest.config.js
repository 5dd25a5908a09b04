// jest.config.js (CommonJS, Jest 30)
module.exports = {
  projects: [
    {
      // search-emulator itself needs no transform: direct calls and the requester.
      displayName: 'emulator',
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: ['<rootDir>/test/direct.test.js'],
      transform: {},
    },
    {
      // msw 2 depends on three ES-only packages: compile those to CommonJS (Node 24.9+ needs no transform).
      displayName: 'msw',
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: ['<rootDir>/test/msw.test.js'],
      transform: { '\\.m?js$': ['babel-jest', { plugins: ['@babel/plugin-transform-modules-commonjs'] }] },
      transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise)/)'],
    },
  ],
};
