// node:test's `test(name, fn)` on Jest, which has no per-test cleanup hook:
// `t.after(hook)` runs the hook after the body, even when the body failed.
import { test as jestTest } from '@jest/globals';

type Hook = () => unknown;

export default function test(
  name: string,
  fn: (t: { after(hook: Hook): void }) => unknown,
): void {
  jestTest(name, async () => {
    const hooks: Hook[] = [];
    let failure: { error: unknown } | undefined;
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
