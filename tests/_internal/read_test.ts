import assert from 'node:assert/strict';
import test from 'node:test';
import { readFields } from '../../_internal/read.ts';

test('readFields reads the named fields once and lists own enumerable keys', () => {
  let reads = 0;
  const value = {
    get type() {
      reads++;
      return 'response';
    },
    extra: 1,
  };
  const read = readFields(value, ['type', 'response']);
  assert.ok(read.ok);
  assert.equal(read.fields.type, 'response');
  assert.equal('response' in read.fields, false);
  assert.deepEqual(read.keys, ['type', 'extra']);
  assert.equal(reads, 1);
  assert.equal(Object.getPrototypeOf(read.fields), null);
});

test('readFields tells a field set to undefined from a missing one', () => {
  const read = readFields({ result: undefined }, ['result', 'error']);
  assert.ok(read.ok);
  assert.equal('result' in read.fields, true);
  assert.equal('error' in read.fields, false);
});

test('readFields reads inherited fields but lists only own keys', () => {
  const value = Object.create({ method: 'close' }) as object;
  Object.defineProperty(value, 'hidden', { value: 1, enumerable: false });
  const read = readFields(value, ['method']);
  assert.ok(read.ok);
  assert.equal(read.fields.method, 'close');
  assert.deepEqual(read.keys, []);
});

test('readFields returns the key and cause of a throwing getter', () => {
  const cause = new Error('getter failed');
  const value = {
    type: 'response',
    get response(): never {
      throw cause;
    },
  };
  const read = readFields(value, ['type', 'response']);
  assert.deepEqual(read, { ok: false, key: 'response', cause });
});

test('readFields survives a revoked proxy and a throwing ownKeys trap', () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  const revoked = readFields(proxy, ['type']);
  assert.equal(revoked.ok, false);
  assert.ok(!revoked.ok && revoked.key === undefined);
  assert.ok(!revoked.ok && revoked.cause instanceof TypeError);
  const cause = new Error('no keys');
  const trapped = new Proxy({}, {
    ownKeys() {
      throw cause;
    },
  });
  assert.deepEqual(readFields(trapped, ['type']), {
    ok: false,
    key: undefined,
    cause,
  });
  const hasThrows = new Proxy({}, {
    has() {
      throw cause;
    },
  });
  assert.deepEqual(readFields(hasThrows, ['type']), {
    ok: false,
    key: 'type',
    cause,
  });
});

test('readFields keeps a thrown undefined as the cause', () => {
  const value = {
    get type(): never {
      throw undefined;
    },
  };
  const read = readFields(value, ['type']);
  assert.equal(read.ok, false);
  assert.ok(!read.ok && 'cause' in read && read.cause === undefined);
});

test('readFields reports a throwing get trap even for a field the object lacks', () => {
  const trap = new Error('get trap');
  const proxy = new Proxy({}, {
    get() {
      throw trap;
    },
  });
  assert.deepEqual(readFields(proxy, ['scenario']), {
    ok: false,
    key: 'scenario',
    cause: trap,
  });
});
