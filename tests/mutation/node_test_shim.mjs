// The `node:test` the mutation runner hands to the compiled tests (see
// `node_test_runner.mjs`): `test(name, fn)` registers the test with the
// runner instead of running it, so each test runs on demand, many times, in
// one process. The suite uses only `test(name, [options,] fn)`, `t.name` and
// `t.after`.
const registry = globalThis[Symbol.for('@scripted/agents/mutation-registry')];

export default function test(name, options, fn) {
  registry.add(name, typeof options === 'function' ? options : fn);
}
export { test };
