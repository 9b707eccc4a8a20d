import assert from 'node:assert/strict';
import test from 'node:test';
import {
  fastDepth,
  isPlainPrototype,
  setOwn,
  snapshot,
  sparseLength,
} from '../../_internal/snapshot.ts';
import { holdsBytes, withFreshBytes } from '../../_internal/recording.ts';

/** A sparse array longer than `sparseLength`, copied by its present keys. */
function hugeArray(): unknown[] {
  return new Array(sparseLength + 1);
}

test('snapshot rethrows an error other than its depth fallback', () => {
  let reads = 0;
  const source = {
    get value(): number {
      reads++;
      if (reads === 1) throw new RangeError('first read fails');
      return 1;
    },
  };
  assert.throws(() => snapshot(source), {
    name: 'RangeError',
    message: 'first read fails',
  });
  assert.equal(reads, 1);
});

test('snapshot keeps undefined and null items of an array', () => {
  const copy = snapshot([undefined, null, 1, 'a']);
  assert.deepEqual(copy, [undefined, null, 1, 'a']);
  assert.ok(Object.isFrozen(copy));
});

test('snapshot of a huge sparse array copies only its own index keys', () => {
  const source = hugeArray();
  const inherited = Object.create(Array.prototype);
  inherited[9] = 'inherited';
  Object.setPrototypeOf(source, inherited);
  source[0] = 'zero';
  source[5] = { n: 1 };
  source[7] = null;
  source[8] = undefined;
  const keyed = source as unknown as Record<string, unknown>;
  keyed.foo = 'named';
  keyed['-1'] = 'negative';
  keyed['1.5'] = 'fraction';
  keyed['01'] = 'padded';
  const copy = snapshot(source);
  assert.deepEqual(Object.keys(copy), ['0', '5', '7', '8']);
  assert.equal(copy.length, sparseLength + 1);
  assert.equal(copy[0], 'zero');
  assert.deepEqual(copy[5], { n: 1 });
  assert.notEqual(copy[5], source[5]);
  assert.ok(Object.isFrozen(copy[5]));
  assert.equal(copy[7], null);
  assert.equal(copy[8], undefined);
  assert.ok(Object.hasOwn(copy, 8));
  assert.equal(Object.getPrototypeOf(copy), Array.prototype);
});

test('snapshot counts the depth of items of a huge sparse array', () => {
  // Past fastDepth the cycle-safe copy takes over, which keeps shared
  // references shared: a witness that the depth was counted.
  let deep: unknown[] = [1];
  for (let i = 1; i < fastDepth + 1; i++) deep = [deep];
  const shared = { s: 1 };
  const source = hugeArray();
  source[0] = shared;
  source[1] = shared;
  source[2] = deep;
  const copy = snapshot(source);
  assert.deepEqual(copy[0], shared);
  assert.notEqual(copy[0], shared);
  assert.equal(copy[1], copy[0]);
});

test('setOwn defines a writable, enumerable, configurable data property', () => {
  const target: Record<string, unknown> = {};
  setOwn(target, '__proto__', 1);
  assert.deepEqual(Object.getOwnPropertyDescriptor(target, '__proto__'), {
    value: 1,
    writable: true,
    enumerable: true,
    configurable: true,
  });
  assert.equal(Object.getPrototypeOf(target), Object.prototype);
});

test('snapshot of views over a detached buffer gives new empty views', () => {
  const bytes = new Uint8Array([1, 2, 3]);
  const data = new DataView(bytes.buffer);
  structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
  const copy = snapshot({ bytes, data });
  assert.notEqual(copy.bytes, bytes);
  assert.ok(copy.bytes instanceof Uint8Array);
  assert.equal(copy.bytes.length, 0);
  assert.notEqual(copy.data, data);
  assert.ok(copy.data instanceof DataView);
  assert.equal(copy.data.byteLength, 0);
});

test('snapshot of a detached ArrayBuffer gives a new empty buffer', () => {
  const buffer = new Uint8Array([1, 2]).buffer;
  structuredClone(buffer, { transfer: [buffer] });
  const copy = snapshot({ buffer }).buffer;
  assert.notEqual(copy, buffer);
  assert.ok(copy instanceof ArrayBuffer);
  assert.equal(copy.byteLength, 0);
});

test('holdsBytes finds buffers of both kinds and views, and nothing else', () => {
  assert.equal(holdsBytes(new ArrayBuffer(1)), true);
  assert.equal(holdsBytes({ b: new ArrayBuffer(1) }), true);
  assert.equal(holdsBytes([new SharedArrayBuffer(1)]), true);
  assert.equal(holdsBytes(new DataView(new ArrayBuffer(1))), true);
  assert.equal(holdsBytes({ a: [1, 'x', { d: new Date(0) }] }), false);
  assert.equal(holdsBytes(null), false);
  assert.equal(holdsBytes(undefined), false);
  assert.equal(holdsBytes(1), false);
});

test('holdsBytes answers false for an object whose toStringTag throws', () => {
  class Odd {
    get [Symbol.toStringTag](): string {
      throw new Error('no tag');
    }
  }
  assert.equal(holdsBytes(new Odd()), false);
  assert.equal(holdsBytes({ odd: new Odd() }), false);
});

test('holdsBytes looks into objects with a null prototype', () => {
  const record = Object.assign(Object.create(null), {
    b: new Uint8Array([1]),
  });
  assert.equal(holdsBytes(record), true);
  assert.equal(holdsBytes(Object.create(null)), false);
});

test('holdsBytes answers false on a cycle without bytes', () => {
  const a: unknown[] = [1];
  const b = { a };
  a.push(b);
  assert.equal(holdsBytes(a), false);
  assert.equal(holdsBytes(b), false);
});

test('holdsBytes keeps cycle detection across a nested holdsBytes call', () => {
  const target: unknown[] = [];
  const proxy: unknown[] = new Proxy(target, {
    get(t, key, receiver): unknown {
      if (key === 'length') holdsBytes({});
      return Reflect.get(t, key, receiver);
    },
  });
  target.push(proxy);
  assert.equal(holdsBytes(proxy), false);
});

test('holdsBytes scans a frozen container once and remembers the answer', () => {
  for (const inner of [[1, 'x'], [new Uint8Array(1)]]) {
    let reads = 0;
    const frozen = Object.freeze(inner);
    const proxy = new Proxy(frozen, {
      get(t, key, receiver): unknown {
        reads++;
        return Reflect.get(t, key, receiver);
      },
    });
    const first = holdsBytes(proxy);
    assert.ok(reads > 0);
    reads = 0;
    assert.equal(holdsBytes(proxy), first);
    assert.equal(reads, 0);
  }
});

test('holdsBytes scans a container that is not frozen on every call', () => {
  let reads = 0;
  const proxy = new Proxy([1, 'x'] as unknown[], {
    get(t, key, receiver): unknown {
      reads++;
      return Reflect.get(t, key, receiver);
    },
  });
  assert.equal(holdsBytes(proxy), false);
  reads = 0;
  assert.equal(holdsBytes(proxy), false);
  assert.ok(reads > 0);
  const record: Record<string, unknown> = {};
  assert.equal(holdsBytes(record), false);
  record.b = new Uint8Array(1);
  assert.equal(holdsBytes(record), true);
});

test('holdsBytes does not remember a provisional answer inside a cycle', () => {
  const a: unknown[] = [];
  const b = Object.freeze([a]);
  a.push(b, new Uint8Array(1));
  Object.freeze(a);
  assert.equal(holdsBytes(a), true);
  assert.equal(holdsBytes(b), true);
});

test('holdsBytes reads array items by index, running index getters', () => {
  const array: unknown[] = [];
  Object.defineProperty(array, 0, {
    get: () => new Uint8Array(1),
    enumerable: true,
  });
  assert.equal(holdsBytes(array), true);
  const exact = new Array(sparseLength);
  Object.defineProperty(exact, 3, {
    get: () => new Uint8Array(1),
    enumerable: true,
  });
  assert.equal(holdsBytes(exact), true);
});

test('holdsBytes does not run accessors of objects and huge arrays', () => {
  const getter = { get: () => new Uint8Array(1), enumerable: true };
  const record = Object.defineProperty({ length: 1 }, 0, getter);
  assert.equal(holdsBytes(record), false);
  const huge = hugeArray();
  Object.defineProperty(huge, 5, getter);
  assert.equal(holdsBytes(huge), false);
});

test('holdsBytes reads an array up to its length only', () => {
  const array: unknown[] = [1];
  const proto = Object.create(Array.prototype);
  proto[1] = new Uint8Array(1);
  Object.setPrototypeOf(array, proto);
  assert.equal(holdsBytes(array), false);
});

test('isPlainPrototype knows this realm Object.prototype and rejects others', () => {
  assert.equal(isPlainPrototype(Object.prototype), true);
  assert.equal(isPlainPrototype(Array.prototype), false);
  assert.equal(isPlainPrototype(Object.create(null)), false);
});

/** A null-prototype object whose own `constructor` looks like `Object`. */
function lookAlike(
  ctor: object,
  protoOf: object | null = null,
): Record<string, unknown> {
  const proto = Object.create(protoOf) as Record<string, unknown>;
  Object.defineProperty(ctor, 'prototype', { value: proto });
  Object.defineProperty(proto, 'constructor', {
    value: ctor,
    configurable: true,
  });
  return proto;
}

/** A function named `name` (set explicitly: transpilers may rename). */
function named(name: string): () => void {
  const fn = function (): void {};
  Object.defineProperty(fn, 'name', { value: name });
  return fn;
}

test('isPlainPrototype takes a realm-like Object.prototype and caches the answer', () => {
  const proto = lookAlike(named('Object'));
  assert.equal(isPlainPrototype(proto), true);
  Reflect.deleteProperty(proto, 'constructor');
  assert.equal(isPlainPrototype(proto), true);
});

test('isPlainPrototype caches a negative answer', () => {
  const proto = Object.create(null) as Record<string, unknown>;
  assert.equal(isPlainPrototype(proto), false);
  const ctor = named('Object');
  Object.defineProperty(ctor, 'prototype', { value: proto });
  Object.defineProperty(proto, 'constructor', { value: ctor });
  assert.equal(isPlainPrototype(proto), false);
});

test('isPlainPrototype requires a null prototype, a function, and the name Object', () => {
  const withParent = lookAlike(named('Object'), Object.create(null));
  assert.equal(isPlainPrototype(withParent), false);
  const notFunction = lookAlike({ name: 'Object' });
  assert.equal(isPlainPrototype(notFunction), false);
  const otherName = lookAlike(named('Thing'));
  assert.equal(isPlainPrototype(otherName), false);
});

test('isPlainPrototype answers false when reading the prototype throws', () => {
  const proxy = new Proxy(Object.create(null), {
    getPrototypeOf: () => null,
    getOwnPropertyDescriptor(): PropertyDescriptor {
      throw new Error('trap');
    },
  });
  assert.equal(isPlainPrototype(proxy), false);
});

test('withFreshBytes keeps null and object prototypes of the containers it copies', () => {
  const nullProto = Object.freeze(
    Object.assign(Object.create(null), { b: new Uint8Array([1]) }),
  );
  const fresh = withFreshBytes(nullProto);
  assert.notEqual(fresh, nullProto);
  assert.equal(Object.getPrototypeOf(fresh), null);
  assert.ok(Object.isFrozen(fresh));
  const plain = withFreshBytes({ b: new Uint8Array([1]) });
  assert.equal(Object.getPrototypeOf(plain), Object.prototype);
  assert.ok(!Object.isFrozen(plain));
});

test('withFreshBytes copies own keys only, keeps accessors, undefined and null', () => {
  const array: unknown[] = [new Uint8Array([1])];
  const proto = Object.create(Array.prototype, {
    extra: { value: 'inherited', enumerable: true },
  });
  Object.setPrototypeOf(array, proto);
  const freshArray = withFreshBytes(array);
  assert.deepEqual(Object.keys(freshArray), ['0']);
  assert.notEqual(freshArray[0], array[0]);

  const get = (): string => 'got';
  const record = Object.defineProperty(
    { b: new Uint8Array([2]), u: undefined, n: null, s: 's' },
    'computed',
    { get, enumerable: true, configurable: true },
  );
  const fresh = withFreshBytes(record) as Record<string, unknown>;
  assert.equal(Object.getOwnPropertyDescriptor(fresh, 'computed')?.get, get);
  assert.ok(Object.hasOwn(fresh, 'u'));
  assert.equal(fresh.u, undefined);
  assert.equal(fresh.n, null);
  assert.equal(fresh.s, 's');
  assert.deepEqual([...(fresh.b as Uint8Array)], [2]);
  assert.notEqual(fresh.b, record.b);
});

test('withFreshBytes keeps a __proto__ key as an own property', () => {
  const record: Record<string, unknown> = { b: new Uint8Array([1]) };
  const inner = { x: 1 };
  setOwn(record, '__proto__', inner);
  const fresh = withFreshBytes(record);
  assert.equal(Object.getPrototypeOf(fresh), Object.prototype);
  assert.ok(Object.hasOwn(fresh, '__proto__'));
  assert.equal(
    Object.getOwnPropertyDescriptor(fresh, '__proto__')?.value,
    inner,
  );
});
