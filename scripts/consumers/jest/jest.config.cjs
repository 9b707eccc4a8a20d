// ts-jest's default setup (`npx ts-jest config:init`): TypeScript compiled
// to CommonJS, type-checked, with the tsconfig.json beside it.
module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/ts/**/*.test.ts'],
};
