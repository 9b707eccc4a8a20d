import assert from 'node:assert/strict';
import test from 'node:test';
import vm from 'node:vm';
import { detachedCopy, snapshot } from '../../_internal/snapshot.ts';
import { snapshotReusing } from '../../model/_request_snapshot.ts';

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

test('detachedCopy copies containers without freezing them', () => {
  const source = { list: [1, { a: 'x' }], fn: () => 1 };
  const copy = detachedCopy(source);
  assert.deepEqual(copy, source);
  assert.notEqual(copy.list, source.list);
  assert(!Object.isFrozen(copy));
  assert(!Object.isFrozen(copy.list));
  assert.equal(copy.fn, source.fn);
  const frozen = snapshot(source);
  const thawed = detachedCopy(frozen);
  (thawed.list[1] as { a: string }).a = 'changed';
  assert.deepEqual(frozen.list[1], { a: 'x' });
});

test('snapshotReusing reuses a snapshot only when it is what snapshot() would make', () => {
  class Thing {}
  const thing = new Thing();
  const value = { n: 0, nan: NaN, list: [1, { thing }], key: 'v' };
  const previous = snapshot(value);
  assert.equal(
    snapshotReusing({ ...value, list: [1, { thing }] }, previous),
    previous,
  );
  const cases: unknown[] = [
    { ...value, n: -0 },
    { ...value, list: [1, { thing: new Thing() }] },
    { ...value, list: [1, { thing }, 2] },
    { nan: NaN, n: 0, list: value.list, key: 'v' },
    { ...value, key: 'w' },
    { ...value, extra: undefined },
    Object.assign(Object.create(null), value),
    [value],
  ];
  for (const changed of cases) {
    const fresh = snapshotReusing(changed, previous);
    assert.notEqual(fresh, previous);
    assert.deepEqual(fresh, snapshot(changed));
    assert(Object.isFrozen(fresh));
  }
  const buffer = { bytes: new Uint8Array([1]) };
  const frozenBuffer = snapshot(buffer);
  assert.notEqual(snapshotReusing(buffer, frozenBuffer), frozenBuffer);
  const cyclic: Record<string, unknown> = { name: 'c' };
  cyclic.self = cyclic;
  const cyclicCopy = snapshotReusing(cyclic, snapshot(cyclic)) as Record<
    string,
    unknown
  >;
  assert.equal(cyclicCopy.self, cyclicCopy);
  assert.equal(snapshotReusing(value, undefined).key, 'v');
});

test('snapshot copies a huge sparse array by its present indexes', () => {
  const huge: unknown[] = new Array(2 ** 32 - 1);
  huge[5] = { a: 1 };
  huge[2 ** 31] = 'far';
  const copy = snapshot({ huge });
  assert.equal(copy.huge.length, 2 ** 32 - 1);
  assert.deepEqual(copy.huge[5], { a: 1 });
  assert.notEqual(copy.huge[5], huge[5]);
  assert.equal(copy.huge[2 ** 31], 'far');
  assert.equal(Object.hasOwn(copy.huge, 0), false);
  assert(Object.isFrozen(copy.huge));
  assert.notEqual(snapshotReusing({ huge }, copy), copy);
});

test('snapshot keeps a __proto__ key as an own property', () => {
  const parsed = JSON.parse('{"__proto__":{"cmd":"rm -rf /"},"workdir":"/w"}');
  const copy = snapshot(parsed) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(copy), Object.prototype);
  assert.deepEqual(Object.keys(copy), ['__proto__', 'workdir']);
  assert.equal((copy as { cmd?: unknown }).cmd, undefined);
  assert.deepEqual(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value, {
    cmd: 'rm -rf /',
  });
  assert.deepStrictEqual(copy, parsed);
});

test('snapshot copies ArrayBuffers from another realm and shared buffers', () => {
  const foreign = vm.runInNewContext(
    'new Uint8Array([1, 2, 3, 4]).buffer',
  ) as ArrayBuffer;
  assert.equal(foreign instanceof ArrayBuffer, false);
  const copy = snapshot({ foreign }).foreign;
  assert.notEqual(copy, foreign);
  new Uint8Array(foreign)[0] = 99;
  assert.deepEqual([...new Uint8Array(copy)], [1, 2, 3, 4]);

  const shared = new SharedArrayBuffer(3);
  new Uint8Array(shared).set([5, 6, 7]);
  const sharedCopy = snapshot({ shared }).shared as unknown as ArrayBuffer;
  assert.notEqual(sharedCopy, shared);
  new Uint8Array(shared)[0] = 0;
  assert.deepEqual([...new Uint8Array(sharedCopy)], [5, 6, 7]);
});
