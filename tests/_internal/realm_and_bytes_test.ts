import { Agent, type ModelRequest, Runner } from '@openai/agents';
import {
  assistantMessage,
  ScriptedModel,
  scriptedSandboxSession,
} from '@scripted/agents';
import assert from 'node:assert/strict';
import test from 'node:test';
import vm from 'node:vm';
import { detachedCopy, snapshot } from '../../_internal/snapshot.ts';
import { holdsBytes, withFreshBytes } from '../../_internal/recording.ts';
import { snapshotReusing } from '../../model/_request_snapshot.ts';

// Deno, Bun and Node all ship node:vm; this proves it on each runtime
// rather than skipping silently.
test('node:vm runs code in another realm on this runtime', () => {
  const foreign = vm.runInNewContext('({ a: 1 })') as object;
  assert.notEqual(Object.getPrototypeOf(foreign), Object.prototype);
  assert.equal(foreign instanceof Object, false);
});

/** Evaluates `code` in a fresh realm, with `globals` in scope there. */
function inOtherRealm<T>(code: string, globals: object = {}): T {
  return vm.runInNewContext(code, { ...globals }) as T;
}

test('snapshot freezes and detaches plain objects and arrays from another realm', () => {
  const source = inOtherRealm<{
    list: unknown[];
    nested: { deep: { n: number } };
    none: Record<string, unknown>;
  }>(
    '({ list: [1, { a: "x" }], nested: { deep: { n: 1 } }, none: Object.create(null) })',
  );
  const copy = snapshot(source);
  assert.deepEqual(JSON.stringify(copy), JSON.stringify(source));
  for (const part of [copy, copy.list, copy.list[1], copy.nested.deep]) {
    assert.ok(Object.isFrozen(part));
  }
  // Made in this realm.
  assert.equal(Object.getPrototypeOf(copy), Object.prototype);
  assert.equal(Object.getPrototypeOf(copy.list), Array.prototype);
  assert.equal(Object.getPrototypeOf(copy.none), null);
  source.nested.deep.n = 2;
  (source.list[1] as { a: string }).a = 'changed';
  source.list.push('more');
  assert.equal(copy.nested.deep.n, 1);
  assert.deepEqual({ ...(copy.list[1] as object) }, { a: 'x' });
  assert.equal(copy.list.length, 2);
  const thawed = detachedCopy(source);
  assert.notEqual(thawed.list, source.list);
  assert.equal(Object.isFrozen(thawed), false);
});

test('snapshot recognises plain data made by JSON.parse and structuredClone of another realm', () => {
  const parsed = inOtherRealm<{ items: Array<{ id: number }> }>(
    'JSON.parse(text)',
    { text: '{"items":[{"id":1},{"id":2}]}' },
  );
  const copy = snapshot(parsed);
  assert.ok(Object.isFrozen(copy.items[0]));
  assert.notEqual(copy.items[0], parsed.items[0]);
  const hasClone = inOtherRealm<boolean>(
    'typeof structuredClone === "function"',
  );
  if (hasClone) {
    const cloned = inOtherRealm<{ a: { b: number } }>(
      'structuredClone({ a: { b: 1 } })',
    );
    const clonedCopy = snapshot(cloned);
    assert.ok(Object.isFrozen(clonedCopy.a));
    assert.notEqual(clonedCopy.a, cloned.a);
  }
});

test('snapshot keeps the identity of class instances from another realm', () => {
  const thing = inOtherRealm<object>('new (class Thing {})()');
  const map = inOtherRealm<object>('new Map([[1, 2]])');
  const date = inOtherRealm<object>('new Date(0)');
  const copy = snapshot({ thing, map, date });
  assert.equal(copy.thing, thing);
  assert.equal(copy.map, map);
  assert.equal(copy.date, date);
});

test('snapshot does not take a look-alike prototype for Object.prototype', () => {
  const fake = Object.create(null) as Record<string, unknown>;
  fake.constructor = function Object() {};
  const instance = Object.create(fake);
  instance.x = 1;
  assert.equal(snapshot({ instance }).instance, instance);
  const withProto = Object.create(
    Object.create(null, {
      constructor: { value: { name: 'Object' } },
    }),
  );
  assert.equal(snapshot({ withProto }).withProto, withProto);
});

test('snapshotReusing reuses an earlier snapshot of data from another realm', () => {
  const source = inOtherRealm<object>('({ a: [1, { b: 2 }], c: "d" })');
  const previous = snapshot(source);
  assert.equal(snapshotReusing(source, previous), previous);
  const changed = inOtherRealm<object>('({ a: [1, { b: 3 }], c: "d" })');
  assert.notEqual(snapshotReusing(changed, previous), previous);
});

const runner = new Runner({ tracingDisabled: true });

test('ScriptedModel records a request from another realm frozen and detached', async () => {
  const model = new ScriptedModel([
    [assistantMessage('one')],
    [assistantMessage('two')],
  ]);
  const request = inOtherRealm<
    ModelRequest & { input: Array<{ content: string }> }
  >(
    `({ input: [{ role: 'user', content: 'original' }], modelSettings: { temperature: 1 },
        tools: [], outputType: 'text', handoffs: [], tracing: false })`,
  );
  await model.getResponse(request);
  request.input[0]!.content = 'changed';
  const recorded = model.calls[0]!.request;
  assert.ok(Object.isFrozen(recorded));
  assert.ok(Object.isFrozen(recorded.input));
  assert.ok(Object.isFrozen((recorded.input as object[])[0]));
  assert.ok(Object.isFrozen(recorded.modelSettings));
  assert.equal(
    ((recorded.input as object[])[0] as { content: string }).content,
    'original',
  );

  // And through a Runner, given input items made in another realm.
  const input = inOtherRealm<Array<{ role: 'user'; content: string }>>(
    `[{ role: 'user', content: 'from the other realm' }]`,
  );
  const result = await runner.run(new Agent({ name: 'A', model }), input);
  assert.equal(result.finalOutput, 'two');
  input[0]!.content = 'changed';
  const items = model.calls[1]!.request.input as Array<{ content: string }>;
  assert.ok(Object.isFrozen(items));
  assert.ok(Object.isFrozen(items[0]));
  assert.equal(items[0]!.content, 'from the other realm');
});

test('scriptedSandboxSession records arguments from another realm frozen and detached', async () => {
  const session = scriptedSandboxSession([
    { method: 'execCommand', result: 'ok' },
  ]);
  const args = inOtherRealm<{ cmd: string; env: { A: string } }>(
    `({ cmd: 'ls', env: { A: '1' } })`,
  );
  await session.execCommand(args);
  args.env.A = 'changed';
  const recorded = session.calls[0]!.args[0] as { env: { A: string } };
  assert.ok(Object.isFrozen(recorded));
  assert.ok(Object.isFrozen(recorded.env));
  assert.equal(recorded.env.A, '1');
});

// --- Bytes ---------------------------------------------------------------

test('snapshot keeps a view and the buffer it views sharing memory', () => {
  const view = new Uint8Array([1, 2, 3, 4]);
  const copy = snapshot({
    view,
    buffer: view.buffer,
    middle: view.subarray(1, 3),
    words: new DataView(view.buffer, 2, 2),
  });
  assert.notEqual(copy.buffer, view.buffer);
  assert.equal(copy.view.buffer, copy.buffer);
  assert.equal(copy.middle.buffer, copy.buffer);
  assert.equal(copy.words.buffer, copy.buffer);
  assert.equal(copy.middle.byteOffset, 1);
  assert.deepEqual([...copy.middle], [2, 3]);
  copy.view[1] = 9;
  assert.equal(copy.middle[0], 9);
  assert.equal(copy.words.getUint8(0), 3);
  assert.deepEqual([...view], [1, 2, 3, 4]);
});

test('snapshot copies a view like structuredClone: its offset into its whole buffer', () => {
  const whole = new Uint8Array(64).map((_, i) => i);
  const copy = snapshot({ part: whole.subarray(10, 20) }).part;
  assert.equal(copy.byteOffset, 10);
  assert.equal(copy.length, 10);
  assert.equal(copy.buffer.byteLength, 64);
  assert.deepEqual([...copy], [...whole.subarray(10, 20)]);
});

test('snapshot copies every typed array kind, from any realm, into this realm', () => {
  const kinds = [
    Int8Array,
    Uint8Array,
    Uint8ClampedArray,
    Int16Array,
    Uint16Array,
    Int32Array,
    Uint32Array,
    Float32Array,
    Float64Array,
  ];
  for (const Kind of kinds) {
    const source = new Kind([1, 2, 3]);
    const copy = snapshot({ source }).source;
    assert.ok(copy instanceof Kind, Kind.name);
    assert.notEqual(copy, source);
    assert.deepEqual([...copy], [1, 2, 3]);
  }
  const bigints = snapshot({ b: new BigInt64Array([1n, -2n]) }).b;
  assert.ok(bigints instanceof BigInt64Array);
  assert.deepEqual([...bigints], [1n, -2n]);
  const foreign = inOtherRealm<Uint16Array>('new Uint16Array([7, 8])');
  assert.equal(foreign instanceof Uint16Array, false);
  const copy = snapshot({ foreign }).foreign;
  assert.ok(copy instanceof Uint16Array);
  assert.deepEqual([...copy], [7, 8]);
  const foreignBuffer = snapshot({
    b: inOtherRealm<ArrayBuffer>('new ArrayBuffer(2)'),
  }).b;
  assert.ok(foreignBuffer instanceof ArrayBuffer);
});

test('snapshot of a view over a detached buffer is empty, not a throw', () => {
  const view = new Uint8Array([1, 2, 3]);
  structuredClone(view.buffer, { transfer: [view.buffer] });
  const copy = snapshot({ view }).view;
  assert.ok(copy instanceof Uint8Array);
  assert.equal(copy.length, 0);
});

test('withFreshBytes returns data without bytes as is', () => {
  const record = snapshot({ a: [1, { b: 'c' }], signal: AbortSignal.abort() });
  assert.equal(holdsBytes(record), false);
  assert.equal(withFreshBytes(record), record);
  assert.equal(withFreshBytes(undefined), undefined);
});

test('withFreshBytes hands out fresh bytes per call, sharing everything else', () => {
  const view = new Uint8Array([1, 2, 3, 4]);
  const plain = { untouched: true };
  const record = snapshot({
    plain,
    data: { view, buffer: view.buffer, middle: view.subarray(1, 3) },
  });
  assert.equal(holdsBytes(record), true);
  const first = withFreshBytes(record);
  const second = withFreshBytes(record);
  assert.notEqual(first, record);
  assert.ok(Object.isFrozen(first));
  assert.ok(Object.isFrozen(first.data));
  assert.equal(first.plain, record.plain);
  assert.notEqual(first.data.view, record.data.view);
  assert.equal(first.data.view.buffer, first.data.buffer);
  assert.equal(first.data.middle.buffer, first.data.buffer);
  first.data.view[0] = 99;
  assert.equal(second.data.view[0], 1);
  assert.equal(withFreshBytes(record).data.view[0], 1);
  assert.equal(record.data.view[0], 1);
});

test('withFreshBytes keeps cycles of a record that holds bytes', () => {
  const cyclic: Record<string, unknown> = { bytes: new Uint8Array([5]) };
  cyclic.self = cyclic;
  cyclic.inner = { back: cyclic };
  const record = snapshot(cyclic) as Record<string, unknown>;
  const fresh = withFreshBytes(record);
  assert.notEqual(fresh, record);
  assert.equal(fresh.self, fresh);
  assert.equal((fresh.inner as Record<string, unknown>).back, fresh);
  assert.notEqual(fresh.bytes, record.bytes);
  // An inner container reached first still finds the bytes through the
  // cycle.
  assert.equal(holdsBytes(record.inner), true);
});
