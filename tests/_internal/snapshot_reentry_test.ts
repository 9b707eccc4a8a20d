/**
 * Snapshots taken while another is being made (a getter of the value
 * snapshots something else), and plain objects whose prototype has
 * enumerable keys: what the copy keeps.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import vm from 'node:vm';
import { snapshot } from '../../_internal/snapshot.ts';

test('snapshot keeps views of one buffer on one copy when a getter snapshots other bytes midway', () => {
  const shared = new ArrayBuffer(4);
  let inner: Uint8Array | undefined;
  const value = {
    first: new Uint8Array(shared, 0, 2),
    get middle(): number {
      inner = snapshot(new Uint8Array([7, 8]));
      return 1;
    },
    last: new Uint8Array(shared, 2, 2),
  };
  const copy = snapshot(value);
  assert.equal(copy.middle, 1);
  assert.deepEqual(inner, new Uint8Array([7, 8]));
  assert.notEqual(copy.first.buffer, shared);
  // The outer snapshot's buffer copies survive the inner one: both views
  // still share one copied buffer, as they shared the source.
  assert.equal(copy.first.buffer, copy.last.buffer);
  assert.notEqual(copy.first.buffer, inner!.buffer);
});

test('snapshot copies own keys only of a plain object whose prototype has enumerable keys', () => {
  // Another realm's Object.prototype, given an enumerable key there only.
  const foreign = vm.runInNewContext(
    'Object.prototype.inherited = 1; ({ own: 2 })',
  ) as Record<string, unknown>;
  assert.equal(foreign.inherited, 1);
  const copy = snapshot(foreign);
  assert.deepEqual(Object.keys(copy), ['own']);
  assert.equal(Object.hasOwn(copy, 'inherited'), false);
  assert.equal(copy.own, 2);
});
