// jest.config.js (ES modules, Jest 30: run with node --experimental-vm-modules)
export default {
  testEnvironment: 'jest-fixed-jsdom',
  transform: {},
};
