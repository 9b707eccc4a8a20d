import assert from 'node:assert/strict';
import test from 'node:test';
import { closest, describe, maxShown, quote } from '../../_internal/format.ts';
import { stateSlot } from '../../_internal/state.ts';
import { isThenable } from '../../_internal/matcher.ts';

/** An instance of a class whose constructor's `name` is `name`. */
function instanceNamed(name: unknown): object {
  class Named {}
  Object.defineProperty(Named, 'name', { value: name });
  return new Named();
}

test('quote describes a value that is not a string instead of quoting it', () => {
  assert.equal(quote('a"b'), '"a\\"b"');
  assert.equal(quote(undefined as unknown as string), 'undefined');
  assert.equal(quote({} as unknown as string), 'an object');
  assert.equal(quote([1] as unknown as string), 'an array of 1');
});

test('describe cuts before a high surrogate at the limit, never before another character', () => {
  const head = 'x'.repeat(maxShown - 1);
  const cut = (at: string) => describe(`${head}${at}tail`);
  // The high surrogates, from the first to the last: cut before them.
  assert.equal(cut('\ud800\udc00'), `"${head}…"`);
  assert.equal(cut('\udbff\udfff'), `"${head}…"`);
  // A low surrogate or a private-use character stays.
  assert.equal(cut('\udc00'), JSON.stringify(`${head}\udc00…`));
  assert.equal(cut('\ue000'), `"${head}\ue000…"`);
  assert.equal(cut('\ud7ff'), `"${head}\ud7ff…"`);
});

test('describe names a class instance only from a readable constructor name', () => {
  const cases: [object, string][] = [
    [instanceNamed('Point'), 'a class instance (Point)'],
    [
      instanceNamed('N'.repeat(maxShown)),
      `a class instance (${'N'.repeat(maxShown)})`,
    ],
    [
      instanceNamed('N'.repeat(maxShown + 1)),
      `a class instance (${'N'.repeat(maxShown)}…)`,
    ],
    [instanceNamed(''), 'an object'],
    [instanceNamed(5), 'an object'],
    [instanceNamed(undefined), 'an object'],
    // A prototype without its own constructor.
    [Object.create({}), 'an object'],
    // A constructor that is not a function, even with a name.
    [Object.create({ constructor: { name: 'Fake' } }), 'an object'],
    [Object.create({ constructor: 5 }), 'an object'],
    // A constructor getter is never run.
    [
      Object.create({
        get constructor(): never {
          throw new Error('read');
        },
      }),
      'an object',
    ],
  ];
  for (const [value, description] of cases) {
    assert.equal(describe(value), description, description);
  }
  // A constructor without its own name, or whose name is a getter.
  function Nameless(): void {}
  delete (Nameless as { name?: string }).name;
  const nameless = Object.create(Nameless.prototype);
  assert.equal(describe(nameless), 'an object');
  class Getter {
    static get name(): string {
      throw new Error('read');
    }
  }
  assert.equal(describe(new Getter()), 'an object');
});

test('closest compares names up to 64 characters', () => {
  const name = `${'x'.repeat(63)}y`;
  assert.equal(closest(name, ['x'.repeat(64)]), 'x'.repeat(64));
  assert.equal(closest(`${name}y`, ['x'.repeat(65)]), undefined);
  assert.equal(closest('RESPNSE', ['response']), 'response');
  assert.equal(closest('Call-Id', ['call_id']), 'call_id');
});

test('isThenable is true for objects and functions with a callable then', () => {
  const thenFunction = Object.assign(() => {}, { then: () => {} });
  assert.equal(isThenable(thenFunction), true);
  assert.equal(isThenable(Promise.resolve(1)), true);
  assert.equal(isThenable({ then() {} }), true);
  assert.equal(isThenable({ then: 1 }), false);
  assert.equal(isThenable(() => {}), false);
  assert.equal(isThenable(null), false);
  assert.equal(isThenable(undefined), false);
  const hostile = {
    get then(): never {
      throw new Error('read');
    },
  };
  assert.equal(isThenable(hostile), false);
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  assert.equal(isThenable(proxy), false);
});

test('isThenable is false for a primitive whose prototype has then', () => {
  // As promise resolution: a primitive is never a thenable.
  Object.defineProperty(Boolean.prototype, 'then', {
    value: () => {},
    configurable: true,
  });
  try {
    assert.equal(isThenable(true), false);
    assert.equal(isThenable(false), false);
  } finally {
    delete (Boolean.prototype as { then?: unknown }).then;
  }
  assert.equal((true as unknown as { then?: unknown }).then, undefined);
});

test('stateSlot hides the state and names the double for a foreign receiver', () => {
  const slot = stateSlot<{ n: number }>('ScriptedThing');
  const owner = {};
  const state = { n: 1 };
  assert.equal(slot.attach(owner, state), state);
  assert.equal(slot.of(owner), state);
  assert.deepEqual(Object.keys(owner), []);
  const [key, ...more] = Object.getOwnPropertySymbols(owner);
  assert.equal(more.length, 0);
  assert.equal(key!.description, '@scripted/agents ScriptedThing state');
  assert.deepEqual(Object.getOwnPropertyDescriptor(owner, key!), {
    value: state,
    enumerable: false,
    writable: false,
    configurable: false,
  });
  assert.equal(slot.of(new Proxy(owner, {})), state);
  assert.throws(() => slot.of({}), {
    name: 'TypeError',
    message: 'Receiver is not a ScriptedThing',
  });
  // Another slot of the same name does not read this one.
  assert.throws(() => stateSlot('ScriptedThing').of(owner), {
    name: 'TypeError',
    message: 'Receiver is not a ScriptedThing',
  });
});
