// Jest's ESM mode (run with node --experimental-vm-modules): the guide's
// examples compiled to ESM JavaScript, untransformed; the guard's preload
// through an ESM setup file, as docs/guard.md gives it for Jest (ESM).
module.exports = {
  setupFiles: ['<rootDir>/guard.setup.mjs'],
  testEnvironment: 'node',
  testMatch: ['<rootDir>/esm/**/*.test.mjs'],
  transform: {},
};
