import assert from 'node:assert/strict';
import test from 'node:test';
import { CallLog, FirstMismatch } from '../../_internal/recording.ts';
import { snapshot } from '../../_internal/snapshot.ts';

interface Call {
  readonly index: number;
  readonly args?: readonly unknown[];
}

test('CallLog assigns the next index, freezes the record and returns it', () => {
  const log = new CallLog<Call>();
  assert.equal(log.count, 0);
  const first = log.record((index) => ({ index }));
  const second = log.record((index) => ({ index, args: snapshot([1]) }));
  assert.equal(first.index, 0);
  assert.equal(second.index, 1);
  assert.ok(Object.isFrozen(first));
  assert.equal(log.count, 2);
  assert.deepEqual(log.view(), [first, second]);
});

test('CallLog records nothing when building the record throws', () => {
  const log = new CallLog<Call>();
  assert.throws(
    () =>
      log.record(() => {
        throw new Error('build failed');
      }),
    /build failed/,
  );
  assert.equal(log.count, 0);
  assert.equal(log.record((index) => ({ index })).index, 0);
});

test('CallLog reuses its view while nothing is recorded and no record holds bytes', () => {
  const log = new CallLog<Call>();
  const empty = log.view();
  assert.equal(empty.length, 0);
  log.record((index) => ({ index }));
  const first = log.view();
  assert.notEqual(first, empty);
  assert.equal(log.view(), first);
  log.record((index) => ({ index, args: snapshot([{ b: [2] }]) }));
  const second = log.view();
  assert.notEqual(second, first);
  assert.equal(second.length, 2);
  assert.equal(log.view(), second);
  assert.ok(Object.isFrozen(second));
  // The view is a copy: a writer cannot reach the log.
  assert.throws(() => (second as Call[]).push({ index: 9 }), TypeError);
  assert.equal(log.count, 2);
});

test('CallLog hands out fresh bytes per read and keeps other records', () => {
  const log = new CallLog<Call>();
  const plain = log.record((index) => ({ index }));
  const withBytes = log.record((index) => ({
    index,
    args: snapshot([new Uint8Array([1, 2])]),
  }));
  const first = log.view();
  const second = log.view();
  assert.notEqual(second, first);
  assert.equal(first[0], plain);
  assert.equal(second[0], plain);
  const bytes = (read: readonly Call[]) => read[1]!.args![0] as Uint8Array;
  assert.notEqual(bytes(first), bytes(second));
  bytes(first)[0] = 99;
  assert.deepEqual([...bytes(second)], [1, 2]);
  assert.deepEqual([...bytes(log.view())], [1, 2]);
  assert.deepEqual([...(withBytes.args![0] as Uint8Array)], [1, 2]);
  assert.ok(Object.isFrozen(first[1]));
  const last = log.last()!;
  assert.notEqual(last, withBytes);
  assert.notEqual(last.args![0], withBytes.args![0]);
  assert.equal(log.first(), plain);
});

test('CallLog does not run accessors: an owner serving bytes by getter keeps its record', () => {
  let reads = 0;
  const log = new CallLog<Call & { readonly audio?: ArrayBuffer }>();
  const record = log.record((index) =>
    Object.defineProperty({ index }, 'audio', {
      enumerable: true,
      get() {
        reads++;
        return new ArrayBuffer(2);
      },
    })
  );
  const view = log.view();
  assert.equal(view[0], record);
  assert.equal(log.view(), view);
  assert.equal(log.first(), record);
  assert.equal(reads, 0);
});

test('CallLog first and last are undefined while nothing is recorded', () => {
  const log = new CallLog<Call>();
  assert.equal(log.first(), undefined);
  assert.equal(log.last(), undefined);
  const only = log.record((index) => ({ index }));
  assert.equal(log.first(), only);
  assert.equal(log.last(), only);
});

test('FirstMismatch keeps only the first error, even undefined', () => {
  const drift = new FirstMismatch();
  assert.equal(drift.error, undefined);
  drift.rethrow();
  drift.remember(undefined);
  drift.remember(new Error('second'));
  assert.deepEqual(drift.error, { error: undefined });
  assert.ok(Object.isFrozen(drift.error));
  let thrown: unknown = 'nothing';
  try {
    drift.rethrow();
  } catch (error) {
    thrown = error;
  }
  assert.equal(thrown, undefined);
});

test('FirstMismatch rethrows the first error itself', () => {
  const drift = new FirstMismatch();
  const first = new RangeError('first');
  drift.remember(first);
  drift.remember(new Error('second'));
  assert.throws(() => drift.rethrow(), (error) => error === first);
});

test('CallLog finds the bytes of a record made after a view was taken', () => {
  const log = new CallLog<Call>();
  log.record((index) => ({ index }));
  log.view();
  log.record((index) => ({ index, args: snapshot([new Uint8Array([1])]) }));
  const bytes = (read: readonly Call[]) => read[1]!.args![0] as Uint8Array;
  const first = log.view();
  assert.notEqual(bytes(first), bytes(log.view()));
  bytes(first)[0] = 9;
  assert.deepEqual([...bytes(log.view())], [1]);
});
