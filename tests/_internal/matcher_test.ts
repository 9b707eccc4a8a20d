import assert from 'node:assert/strict';
import process from 'node:process';
import test from 'node:test';
import vm from 'node:vm';
import {
  isAsyncFunction,
  isError,
  runMatcher,
} from '../../_internal/matcher.ts';

test('runMatcher passes anything but false and a thenable', () => {
  for (const result of [true, undefined, null, 0, '', 'yes', {}, []]) {
    assert.deepEqual(
      runMatcher(() => result, []),
      { kind: 'pass' },
      String(result),
    );
  }
});

test('runMatcher rejects on false and passes the arguments', () => {
  const seen: unknown[] = [];
  const verdict = runMatcher((a: number, b: string) => {
    seen.push(a, b);
    return false;
  }, [1, 'x']);
  assert.deepEqual(verdict, { kind: 'rejected' });
  assert.deepEqual(seen, [1, 'x']);
});

test('runMatcher reports a thrown value as data, undefined included', () => {
  const error = new Error('assertion failed');
  assert.deepEqual(
    runMatcher(() => {
      throw error;
    }, []),
    { kind: 'threw', error },
  );
  const verdict = runMatcher(() => {
    throw undefined;
  }, []);
  assert.equal(verdict.kind, 'threw');
  assert.ok('error' in verdict);
  assert.equal(verdict.error, undefined);
});

test('runMatcher reports a promise and observes its rejection', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => {
    unhandled.push(reason);
  };
  process.on('unhandledRejection', onUnhandled);
  try {
    assert.deepEqual(
      runMatcher(() => Promise.reject(new Error('late')), []),
      { kind: 'promise' },
    );
    assert.deepEqual(
      runMatcher(async () => await Promise.resolve(true), []),
      { kind: 'promise' },
    );
    // A bare thenable counts too.
    let observed = false;
    const thenable = {
      then(_ok: unknown, _fail: unknown) {
        observed = true;
      },
    };
    assert.deepEqual(runMatcher(() => thenable, []), { kind: 'promise' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(observed, true);
    assert.deepEqual(unhandled, []);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});

test('runMatcher passes a result whose then cannot be read', () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  assert.deepEqual(runMatcher(() => proxy, []), { kind: 'pass' });
  const hostile = {
    get then(): never {
      throw new Error('no then');
    },
  };
  assert.deepEqual(runMatcher(() => hostile, []), { kind: 'pass' });
});

test('isError recognises errors of any realm and nothing else', () => {
  assert.equal(isError(new Error('x')), true);
  assert.equal(isError(new TypeError('x')), true);
  assert.equal(isError(vm.runInNewContext('new Error("x")')), true);
  assert.equal(isError(Object.create(Error.prototype)), true);
  // A function is no error, even one whose built-in tag claims it is.
  const taggedFunction = Object.assign(() => {}, {
    [Symbol.toStringTag]: 'Error',
  });
  for (
    const value of [
      undefined,
      null,
      'x',
      42,
      { message: 'x' },
      [],
      taggedFunction,
    ]
  ) {
    assert.equal(isError(value), false, String(value));
  }
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  assert.equal(isError(proxy), false);
});

test('isAsyncFunction tells native async functions without calling them', () => {
  let called = false;
  const asyncFn = async () => {
    called = await Promise.resolve(true);
  };
  assert.equal(isAsyncFunction(asyncFn), true);
  assert.equal(isAsyncFunction(async function* () {}), true);
  assert.equal(isAsyncFunction(vm.runInNewContext('(async () => 1)')), true);
  assert.equal(called, false);
  for (
    const value of [
      () => Promise.resolve(true),
      function () {},
      function* () {},
      class {},
      undefined,
      'async',
      // Not a function at all, whatever its built-in tag says.
      { [Symbol.toStringTag]: 'AsyncFunction' },
    ]
  ) {
    assert.equal(isAsyncFunction(value), false, String(value));
  }
  const { proxy, revoke } = Proxy.revocable(() => {}, {});
  revoke();
  assert.equal(isAsyncFunction(proxy), false);
});
