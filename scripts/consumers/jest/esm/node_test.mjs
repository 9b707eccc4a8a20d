// node:test's `test(name, fn)` on Jest, which has no per-test cleanup hook:
// `t.after(hook)` runs the hook after the body, even when the body failed.
import { test as jestTest } from '@jest/globals';

export default function test(name, fn) {
  jestTest(name, async () => {
    const hooks = [];
    let failure;
    try {
      await fn({ after: (hook) => void hooks.push(hook) });
    } catch (error) {
      failure = { error };
    }
    for (const hook of hooks.reverse()) {
      try {
        await hook();
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  });
}
