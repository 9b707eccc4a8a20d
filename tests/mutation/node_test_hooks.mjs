// Module hook (registered by `node_test_runner.mjs`): the compiled tests'
// `node:test` is the runner's shim.
const shim = new URL('./node_test_shim.mjs', import.meta.url).href;

export function resolve(specifier, context, next) {
  if (specifier === 'node:test' || specifier === 'test') {
    return { url: shim, shortCircuit: true };
  }
  return next(specifier, context);
}
