import type { ModelRequest } from '@openai/agents';
import assert from 'node:assert/strict';
import test from 'node:test';
import vm from 'node:vm';
import { fastDepth, snapshot, sparseLength } from '../../_internal/snapshot.ts';
import {
  snapshotRequest,
  snapshotReusing,
} from '../../model/_request_snapshot.ts';

/** Nested arrays `levels` deep: `[[...[1]...]]`. */
function chain(levels: number): unknown[] {
  let value: unknown[] = [1];
  for (let i = 1; i < levels; i++) value = [value];
  return value;
}

test('snapshotReusing tells NaN from a number in either position', () => {
  assert.ok(Number.isNaN(snapshotReusing(NaN, 5)));
  assert.equal(snapshotReusing(5, NaN), 5);
  assert.ok(Number.isNaN(snapshotReusing(NaN, NaN)));
  assert.ok(Object.is(snapshotReusing(-0, 0), -0));
  const previous = snapshot({ x: 5 });
  const next = snapshotReusing({ x: NaN }, previous);
  assert.notEqual(next, previous);
  assert.ok(Number.isNaN(next.x));
});

test('snapshotReusing returns a frozen snapshot passed as both value and previous', () => {
  const huge = new Array(sparseLength + 1);
  huge[3] = 'x';
  const previous = snapshot(huge);
  assert.equal(snapshotReusing(previous, previous), previous);
  const bytes = new Uint8Array([1]);
  assert.equal(snapshotReusing(bytes, bytes), bytes);
});

test('snapshotReusing gives null and undefined for an object previous', () => {
  const previous = snapshot({ a: 1 });
  assert.equal(snapshotReusing(null, previous), null);
  assert.equal(snapshotReusing(undefined, previous), undefined);
  assert.equal(snapshotReusing(7, previous), 7);
});

test('snapshotReusing copies an object whose previous was undefined or null', () => {
  for (const old of [undefined, null, 3]) {
    const previous = snapshot({ a: old });
    const next = snapshotReusing({ a: { b: 1 } }, previous);
    assert.notEqual(next, previous);
    assert.deepEqual(next, { a: { b: 1 } });
    assert.ok(Object.isFrozen(next.a));
  }
});

test('snapshotReusing compares as deep as the fast snapshot path, then copies', () => {
  const reachable = snapshot(chain(fastDepth + 1));
  assert.equal(snapshotReusing(chain(fastDepth + 1), reachable), reachable);
  const tooDeep = snapshot(chain(fastDepth + 3));
  const copied = snapshotReusing(chain(fastDepth + 3), tooDeep);
  assert.notEqual(copied, tooDeep);
  assert.deepEqual(copied, tooDeep);
});

test('snapshotReusing walks an array of exactly sparseLength items', () => {
  const previous = snapshot(new Array(sparseLength).fill(0));
  const next = snapshotReusing(new Array(sparseLength).fill(0), previous);
  assert.equal(next, previous);
});

test('snapshotReusing compares an array up to its length only', () => {
  const value: unknown[] = [1];
  const proto = Object.create(Array.prototype);
  proto[1] = 'inherited';
  Object.setPrototypeOf(value, proto);
  const previous = snapshot([1]);
  assert.equal(snapshotReusing(value, previous), previous);
});

test('snapshotReusing keeps a class instance rather than an equal plain snapshot', () => {
  class Point {
    a = 1;
  }
  const point = new Point();
  const previous = snapshot({ a: 1 });
  assert.equal(snapshotReusing(point, previous), point);
});

test('snapshotReusing ignores inherited keys of another realm plain object', () => {
  const context = vm.createContext({});
  const value = vm.runInContext(
    'Object.prototype.extra = 1; ({ a: 1 })',
    context,
  ) as Record<string, unknown>;
  const previous = snapshot({ a: 1 });
  assert.equal(snapshotReusing(value, previous), previous);
});

test('snapshotReusing does not reuse a snapshot with more keys', () => {
  const previous = snapshot({ a: 1, b: 2 });
  const next = snapshotReusing({ a: 1 }, previous);
  assert.notEqual(next, previous);
  assert.deepEqual(next, { a: 1 });
});

test('snapshotRequest snapshots a request that is not a plain object', () => {
  const previous = snapshotRequest({ input: 'a' } as ModelRequest, undefined);
  assert.equal(snapshotRequest(null as never, previous), null);
  assert.equal(snapshotRequest(undefined as never, previous), undefined);
  class Request {
    input = 'b';
  }
  const instance = new Request();
  assert.equal(snapshotRequest(instance as never, previous), instance);
  const bare = Object.assign(Object.create(null), { input: 'c' });
  const copy = snapshotRequest(bare, previous);
  assert.notEqual(copy, bare);
  assert.equal(Object.getPrototypeOf(copy), null);
  assert.deepEqual({ ...copy }, { input: 'c' });
  assert.ok(Object.isFrozen(copy));
});

test('snapshotRequest copies own keys of the request only', () => {
  const previous = snapshotRequest({ input: 'a' } as ModelRequest, undefined);
  Object.defineProperty(Object.prototype, 'polluted', {
    value: 1,
    enumerable: true,
    configurable: true,
  });
  let copy: ModelRequest;
  try {
    copy = snapshotRequest({ input: 'b' } as ModelRequest, previous);
  } finally {
    delete (Object.prototype as Record<string, unknown>).polluted;
  }
  assert.deepEqual(Object.keys(copy), ['input']);
});

test('snapshotRequest compares only input with the previous input', () => {
  const previous = snapshotRequest(
    { input: [1], list: [2] } as unknown as ModelRequest,
    undefined,
  );
  const next = snapshotRequest(
    { input: [3], list: [1] } as unknown as ModelRequest,
    previous,
  ) as unknown as Record<string, unknown>;
  const old = previous as unknown as Record<string, unknown>;
  assert.deepEqual(next.list, [1]);
  assert.notEqual(next.list, old.input);
  assert.ok(Object.isFrozen(next.list));
  assert.ok(Object.isFrozen(next));
});
