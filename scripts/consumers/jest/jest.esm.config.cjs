// Jest's ESM mode (run with node --experimental-vm-modules): the guide's
// examples compiled to ESM JavaScript, untransformed.
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/esm/**/*.test.mjs'],
  transform: {},
};
