import assert from 'node:assert/strict';
import test from 'node:test';
import vm from 'node:vm';
import {
  closest,
  describe,
  either,
  listNames,
  maxShown,
  plural,
  quote,
} from '../../_internal/format.ts';

test('describe renders primitives as written and strings quoted', () => {
  assert.equal(describe('respnse'), '"respnse"');
  assert.equal(describe('a "b"\n'), '"a \\"b\\"\\n"');
  assert.equal(describe(42), '42');
  assert.equal(describe(-0), '-0');
  assert.equal(describe(Number.NaN), 'NaN');
  assert.equal(describe(10n), '10n');
  assert.equal(describe(true), 'true');
  assert.equal(describe(null), 'null');
  assert.equal(describe(undefined), 'undefined');
  assert.equal(describe(Symbol('s')), 'a symbol');
});

test('describe cuts long strings at one length with an ellipsis', () => {
  const exact = 'x'.repeat(maxShown);
  assert.equal(describe(exact), JSON.stringify(exact));
  assert.equal(describe(`${exact}y`), `"${exact}…"`);
  // A surrogate pair is never split.
  const emoji = `${'x'.repeat(maxShown - 1)}😀tail`;
  assert.equal(describe(emoji), `"${'x'.repeat(maxShown - 1)}…"`);
});

test('describe renders containers and functions by kind', () => {
  assert.equal(describe([1, 2]), 'an array of 2');
  assert.equal(describe({ a: 1 }), 'an object');
  assert.equal(describe(Object.create(null)), 'an object');
  assert.equal(describe(vm.runInNewContext('({})')), 'an object');
  assert.equal(describe(vm.runInNewContext('[1]')), 'an array of 1');
  assert.equal(describe(() => 1), 'a function');
  assert.equal(describe(async () => await 1), 'an async function');
  assert.equal(describe(Promise.resolve(1)), 'a promise');
  assert.equal(describe({ then() {} }), 'a promise');
  assert.equal(describe(new Map()), 'a class instance (Map)');
  assert.equal(describe(new Uint8Array(2)), 'a class instance (Uint8Array)');
  class Custom {}
  assert.equal(describe(new Custom()), 'a class instance (Custom)');
});

test('describe never throws on hostile values', () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  assert.equal(describe(proxy), 'an unreadable value');
  const trapped = new Proxy({}, {
    getPrototypeOf() {
      throw new Error('no prototype');
    },
  });
  assert.equal(describe(trapped), 'an unreadable value');
  const thenGetter = {
    get then(): never {
      throw new Error('no then');
    },
  };
  assert.equal(describe(thenGetter), 'an unreadable value');
  const { proxy: fn, revoke: revokeFn } = Proxy.revocable(() => {}, {});
  revokeFn();
  assert.equal(describe(fn), 'a function');
});

test('quote quotes known names in full', () => {
  assert.equal(quote('execCommand'), '"execCommand"');
  const long = 'n'.repeat(maxShown * 2);
  assert.equal(quote(long), JSON.stringify(long));
});

test('listNames lists quoted names up to a limit, or none', () => {
  assert.equal(listNames([]), 'none');
  assert.equal(listNames(['a']), '"a"');
  assert.equal(listNames(['a', 'b', 'c', 'd', 'e']), '"a", "b", "c", "d", "e"');
  assert.equal(
    listNames(['a', 'b', 'c', 'd', 'e', 'f', 'g']),
    '"a", "b", "c", "d", "e" and 2 more',
  );
  assert.equal(listNames(['a', 'b', 'c'], 1), '"a" and 2 more');
  assert.equal(listNames(['x'.repeat(100)]), `"${'x'.repeat(maxShown)}…"`);
});

test('plural adds an s unless the count is 1', () => {
  assert.equal(plural(0, 'step'), '0 steps');
  assert.equal(plural(1, 'step'), '1 step');
  assert.equal(plural(2, 'unused failure'), '2 unused failures');
});

test('closest suggests a likely typo and nothing else', () => {
  const types = [
    'response',
    'responder',
    'error',
    'stream',
    'stream_responder',
  ];
  assert.equal(closest('respnse', types), 'response');
  assert.equal(closest('Response', types), 'response');
  assert.equal(closest('streamresponder', types), 'stream_responder');
  assert.equal(closest('eror', types), 'error');
  assert.equal(closest('hello', types), undefined);
  assert.equal(closest('response', types), 'response');
  assert.equal(closest(42, types), undefined);
  assert.equal(closest('x'.repeat(100), types), undefined);
  assert.equal(closest('call_id', ['callId', 'name']), 'callId');
  assert.equal(
    closest('execComand', ['execCommand', 'readFile', 'close']),
    'execCommand',
  );
});

test('either joins quoted names with a conjunction before the last', () => {
  assert.equal(either([]), 'none');
  assert.equal(either(['a']), '"a"');
  assert.equal(either(['a', 'b']), '"a" or "b"');
  assert.equal(either(['a', 'b', 'c'], 'and'), '"a", "b" and "c"');
  assert.equal(either(['a"b']), '"a\\"b"');
});
