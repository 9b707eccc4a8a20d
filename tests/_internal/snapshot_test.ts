import assert from 'node:assert/strict';
import test from 'node:test';
import { snapshot } from '../../_internal/snapshot.ts';

test('snapshot copies and freezes arrays and plain objects', () => {
  const source = { list: [1, { a: 'x' }], nested: { deep: { n: 1 } } };
  const copy = snapshot(source);
  assert.deepEqual(copy, source);
  assert.notEqual(copy, source);
  assert.notEqual(copy.list, source.list);
  assert.notEqual(copy.list[1], source.list[1]);
  assert(Object.isFrozen(copy));
  assert(Object.isFrozen(copy.list));
  assert(Object.isFrozen(copy.nested.deep));
  source.nested.deep.n = 2;
  (source.list[1] as { a: string }).a = 'changed';
  assert.equal(copy.nested.deep.n, 1);
  assert.deepEqual(copy.list[1], { a: 'x' });
});

test('snapshot keeps the identity of runtime objects', () => {
  class Thing {}
  const thing = new Thing();
  const fn = () => 1;
  const signal = new AbortController().signal;
  const map = new Map();
  const copy = snapshot({ thing, fn, signal, map });
  assert.equal(copy.thing, thing);
  assert.equal(copy.fn, fn);
  assert.equal(copy.signal, signal);
  assert.equal(copy.map, map);
});

test('snapshot copies buffers and views', () => {
  const buffer = new Uint8Array([1, 2, 3]).buffer;
  const view = new Uint16Array([7, 8]);
  const copy = snapshot({ buffer, view });
  assert.notEqual(copy.buffer, buffer);
  assert.deepEqual(new Uint8Array(copy.buffer), new Uint8Array([1, 2, 3]));
  new Uint8Array(buffer)[0] = 9;
  assert.equal(new Uint8Array(copy.buffer)[0], 1);
  assert(copy.view instanceof Uint16Array);
  view[0] = 0;
  assert.equal(copy.view[0], 7);
});

test('snapshot preserves cycles and handles deep data', () => {
  const cyclic: Record<string, unknown> = { name: 'root' };
  cyclic.self = cyclic;
  cyclic.list = [cyclic];
  const copy = snapshot(cyclic) as Record<string, unknown>;
  assert.notEqual(copy, cyclic);
  assert.equal(copy.self, copy);
  assert.equal((copy.list as unknown[])[0], copy);

  let deep: Record<string, unknown> = { leaf: true };
  for (let i = 0; i < 1_000; i++) deep = { next: deep };
  const deepCopy = snapshot(deep);
  assert.deepEqual(deepCopy, deep);
});

test('snapshot returns primitives unchanged', () => {
  for (const value of [1, 'a', true, null, undefined, 10n]) {
    assert.equal(snapshot(value), value);
  }
});
