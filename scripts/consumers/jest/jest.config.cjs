// ts-jest's default setup (`npx ts-jest config:init`): TypeScript compiled
// to CommonJS, type-checked, with the tsconfig.json beside it; the guard's
// preload as docs/guard.md gives it for Jest (CommonJS).
module.exports = {
  setupFiles: ['@scripted/agents/guard/preload'],
  preset: 'ts-jest',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/ts/**/*.test.ts'],
};
