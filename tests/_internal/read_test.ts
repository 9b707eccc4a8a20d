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

// --- the checks and the boundary ------------------------------------------

import {
  array,
  at,
  boolean,
  boundary,
  fields,
  func,
  guard,
  InputIssue,
  type Issue,
  items,
  maxItems,
  number,
  object,
  oneOf,
  string,
  unreadable,
} from '../../_internal/read.ts';

/** The issue `body` throws (fails when it throws none). */
function issueOf(body: () => unknown): Issue {
  try {
    body();
  } catch (error) {
    assert.ok(error instanceof InputIssue, `not an InputIssue: ${error}`);
    return error.issue;
  }
  assert.fail('expected an InputIssue');
}

test('at joins keys and indexes as a user writes a path', () => {
  assert.equal(at('', 'options'), 'options');
  assert.equal(at('options', 'callId'), 'options.callId');
  assert.equal(at('steps', 0), 'steps[0]');
  assert.equal(at('steps[0]', 'respond'), 'steps[0].respond');
  assert.equal(at('', 0), '[0]');
  assert.equal(at('env', 'a-b'), 'env["a-b"]');
  assert.equal(at('', '$x_1'), '$x_1');
  assert.equal(at('', '1a'), '["1a"]');
});

test('boundary turns an InputIssue into the double error and passes others through', () => {
  class MyError extends Error {
    constructor(readonly issue: Issue) {
      super(issue.path);
    }
  }
  const error = (() => {
    try {
      boundary((issue) => new MyError(issue), () => string(1, 'name'));
    } catch (error) {
      return error;
    }
  })();
  assert.ok(error instanceof MyError);
  assert.deepEqual(error.issue, {
    code: 'invalid_type',
    path: 'name',
    expected: 'a string',
    received: '1',
    suggestion: undefined,
    cause: undefined,
    label: undefined,
  });
  const other = new TypeError('mine');
  assert.throws(() =>
    boundary(() => new MyError({} as Issue), () => {
      throw other;
    }), (thrown) => thrown === other);
  assert.equal(boundary(() => new Error('never'), () => 42), 42);
});

test('InputIssue explains itself when it escapes', () => {
  const issue = issueOf(() => string(1, 'name'));
  const escaped = new InputIssue(issue);
  assert.equal(escaped.name, 'InputIssue');
  assert.equal(
    escaped.message,
    'Invalid input: expected "name" to be a string, got 1',
  );
  const root = new InputIssue({ ...issue, path: '' });
  assert.equal(root.message, 'Invalid input: expected a string, got 1');
});

test('string checks kind, emptiness, absence; optional lets undefined through', () => {
  assert.equal(string('a', 'p'), 'a');
  assert.equal(string('', 'p'), '');
  assert.equal(string(undefined, 'p', { optional: true }), undefined);
  assert.deepEqual(
    pick(issueOf(() => string(undefined, 'p'))),
    ['missing', 'p', 'a string', 'undefined'],
  );
  assert.deepEqual(
    pick(issueOf(() => string(5, 'p', { nonEmpty: true }))),
    ['invalid_type', 'p', 'a non-empty string', '5'],
  );
  assert.deepEqual(
    pick(issueOf(() => string('', 'p', { nonEmpty: true }))),
    ['invalid_value', 'p', 'a non-empty string', '""'],
  );
  assert.deepEqual(
    pick(issueOf(() => string(null, 'p', { optional: true }))),
    ['invalid_type', 'p', 'a string', 'null'],
  );
});

/** The code, path, expected and received of an issue. */
function pick(issue: Issue): [string, string, string, string] {
  return [issue.code, issue.path, issue.expected, issue.received];
}

test('number checks finiteness, integers and bounds', () => {
  assert.equal(number(1.5, 'n'), 1.5);
  assert.equal(number(-0, 'n', { min: 0 }), -0);
  assert.equal(number(3, 'n', { integer: true, min: 1, max: 3 }), 3);
  assert.equal(number(undefined, 'n', { optional: true }), undefined);
  assert.deepEqual(
    pick(issueOf(() => number('1', 'n'))),
    ['invalid_type', 'n', 'a finite number', '"1"'],
  );
  for (const bad of [NaN, Infinity, -Infinity]) {
    assert.equal(issueOf(() => number(bad, 'n')).code, 'invalid_value');
  }
  assert.deepEqual(
    pick(issueOf(() => number(1.5, 'n', { integer: true, min: 1 }))),
    ['invalid_value', 'n', 'an integer >= 1', '1.5'],
  );
  assert.deepEqual(
    pick(issueOf(() => number(0, 'n', { min: 1 }))),
    ['invalid_value', 'n', 'a finite number >= 1', '0'],
  );
  assert.deepEqual(
    pick(issueOf(() => number(4, 'n', { max: 3 }))),
    ['invalid_value', 'n', 'a finite number <= 3', '4'],
  );
  assert.equal(issueOf(() => number(undefined, 'n')).code, 'missing');
});

test('boolean checks a boolean', () => {
  assert.equal(boolean(false, 'b'), false);
  assert.equal(boolean(undefined, 'b', { optional: true }), undefined);
  assert.deepEqual(
    pick(issueOf(() => boolean(0, 'b'))),
    ['invalid_type', 'b', 'a boolean', '0'],
  );
  assert.equal(issueOf(() => boolean(undefined, 'b')).code, 'missing');
});

test('func checks a function and, when sync, rejects a native async one', () => {
  const sync = () => true;
  assert.equal(func(sync, 'f'), sync);
  const later = async () => await Promise.resolve(true);
  assert.equal(func(later, 'f'), later);
  assert.equal(func(undefined, 'f', { optional: true }), undefined);
  assert.deepEqual(
    pick(issueOf(() => func(later, 'match', { sync: true }))),
    ['invalid_value', 'match', 'a synchronous function', 'an async function'],
  );
  assert.deepEqual(
    pick(issueOf(() => func('x', 'f'))),
    ['invalid_type', 'f', 'a function', '"x"'],
  );
  assert.equal(issueOf(() => func(undefined, 'f')).code, 'missing');
});

test('oneOf accepts a choice and suggests the closest for a misspelt one', () => {
  const choices = ['left', 'right', 'wheel'] as const;
  assert.equal(oneOf('left', 'b', choices), 'left');
  assert.equal(oneOf(undefined, 'b', choices, { optional: true }), undefined);
  const misspelt = issueOf(() => oneOf('rigt', 'b', choices));
  assert.deepEqual(pick(misspelt), [
    'invalid_value',
    'b',
    'one of "left", "right" or "wheel"',
    '"rigt"',
  ]);
  assert.equal(misspelt.suggestion, 'right');
  const wrongType = issueOf(() => oneOf(1, 'b', choices));
  assert.equal(wrongType.code, 'invalid_type');
  assert.equal(wrongType.suggestion, undefined);
  assert.equal(issueOf(() => oneOf(undefined, 'b', choices)).code, 'missing');
  // Only the strings themselves pass, not a wrapper that equals one.
  assert.equal(
    issueOf(() => oneOf(new String('left'), 'b', choices)).code,
    'invalid_type',
  );
});

test('object accepts a non-array object and reads nothing of it', () => {
  const trap = new Proxy({}, {
    get() {
      throw new Error('read');
    },
  });
  assert.equal(object(trap, 'o'), trap);
  assert.equal(object(undefined, 'o', { optional: true }), undefined);
  for (const bad of [[], null, 'x', () => {}]) {
    assert.equal(issueOf(() => object(bad, 'o')).code, 'invalid_type');
  }
  assert.equal(issueOf(() => object(undefined, 'o')).code, 'missing');
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  const revoked = issueOf(() => object(proxy, 'o'));
  assert.equal(revoked.code, 'unreadable');
  assert.equal(revoked.path, 'o');
  assert.ok(revoked.cause instanceof TypeError);
  assert.match(revoked.received, /^the error "/);
});

test('array copies elements once by index and bounds the length', () => {
  let reads = 0;
  const source = [1, 2];
  Object.defineProperty(source, 0, {
    get() {
      reads++;
      return 'a';
    },
  });
  const copy = array(source, 'list');
  assert.deepEqual(copy, ['a', 2]);
  assert.notEqual(copy, source);
  assert.equal(reads, 1);
  assert.equal(array(undefined, 'l', { optional: true }), undefined);
  assert.deepEqual(
    pick(issueOf(() => array({}, 'l'))),
    ['invalid_type', 'l', 'an array', 'an object'],
  );
  assert.deepEqual(
    pick(issueOf(() => array([1, 2, 3], 'l', { max: 2 }))),
    ['invalid_value', 'l', 'a list of at most 2', 'an array of 3'],
  );
  assert.deepEqual(array([1, 2], 'l', { max: 2 }), [1, 2]);
  assert.deepEqual(
    pick(issueOf(() => array([], 'l', { nonEmpty: true }))),
    ['invalid_value', 'l', 'a non-empty list', 'an array of 0'],
  );
  // A sparse array longer than the cap is refused before any index is read.
  assert.equal(
    issueOf(() => array(new Array(maxItems + 1), 'l')).code,
    'invalid_value',
  );
  assert.deepEqual(array(new Array(2), 'l'), [undefined, undefined]);
});

test('array reports the element or length whose read threw', () => {
  const cause = new Error('element');
  const source = [1, 2];
  Object.defineProperty(source, 1, {
    get() {
      throw cause;
    },
  });
  const element = issueOf(() => array(source, 'list'));
  assert.deepEqual(
    [element.code, element.path, element.cause],
    ['unreadable', 'list[1]', cause],
  );
  assert.equal(element.received, 'the error "element"');
  const length = issueOf(() =>
    array(
      new Proxy([], {
        get(target, key) {
          if (key === 'length') throw 'no length';
          return Reflect.get(target, key);
        },
      }),
      'list',
    )
  );
  assert.deepEqual([length.path, length.cause], ['list', 'no length']);
  assert.equal(length.received, 'the thrown value "no length"');
  const { proxy, revoke } = Proxy.revocable([], {});
  revoke();
  assert.equal(issueOf(() => array(proxy, 'list')).code, 'unreadable');
});

test('items reads an array by index and any other iterable by iterating', () => {
  const seen: unknown[] = [];
  items(['a', 'b'], 'steps', (item, i) => seen.push([i, item]));
  items(new Set(['c']), 'steps', (item, i) => seen.push([i, item]));
  items('de', 'steps', (item, i) => seen.push([i, item]));
  assert.deepEqual(seen, [[0, 'a'], [1, 'b'], [0, 'c'], [0, 'd'], [1, 'e']]);
  for (const bad of [5, null, undefined, {}, { length: 1, 0: 'x' }]) {
    const issue = issueOf(() => items(bad, 'steps', () => {}));
    assert.equal(issue.code, 'invalid_type');
    assert.equal(issue.expected, 'an iterable (an array, a Set, a generator)');
  }
  assert.equal(
    issueOf(() => items([1, 2, 3], 'steps', () => {}, { max: 2 })).code,
    'invalid_value',
  );
  assert.equal(
    issueOf(() => items(new Set([1, 2, 3]), 'steps', () => {}, { max: 2 }))
      .code,
    'invalid_value',
  );
  items(new Set([1, 2]), 'steps', () => {}, { max: 2 });
  assert.equal(
    issueOf(() => items(new Set(), 'steps', () => {}, { nonEmpty: true })).code,
    'invalid_value',
  );
  assert.equal(
    issueOf(() => items([], 'steps', () => {}, { nonEmpty: true })).code,
    'invalid_value',
  );
});

test('items stops an endless generator at max without hanging', () => {
  function* endless() {
    for (;;) yield 1;
  }
  const issue = issueOf(() => items(endless(), 'steps', () => {}, { max: 10 }));
  assert.deepEqual(
    [issue.code, issue.expected],
    ['invalid_value', 'a list of at most 10'],
  );
});

test('items reports a throwing iterator at the position being read', () => {
  const cause = new Error('next');
  function* failing() {
    yield 1;
    throw cause;
  }
  const issue = issueOf(() => items(failing(), 'steps', () => {}));
  assert.deepEqual(
    [issue.code, issue.path, issue.cause],
    ['unreadable', 'steps[1]', cause],
  );
  const opener = issueOf(() =>
    items(
      {
        [Symbol.iterator]() {
          throw cause;
        },
      },
      'steps',
      () => {},
    )
  );
  assert.deepEqual([opener.code, opener.path], ['unreadable', 'steps']);
  const getter = issueOf(() =>
    items(
      {
        get [Symbol.iterator]() {
          throw cause;
        },
      },
      'steps',
      () => {},
    )
  );
  assert.deepEqual([getter.code, getter.path], ['unreadable', 'steps']);
});

test('items closes the iterator when visiting an element throws', () => {
  let closed = false;
  function* steps() {
    try {
      yield 1;
      yield 2;
    } finally {
      closed = true;
    }
  }
  const stop = new Error('bad step');
  assert.throws(
    () =>
      items(steps(), 's', () => {
        throw stop;
      }),
    (error) => error === stop,
  );
  assert.equal(closed, true);
  // A return() that throws does not replace the element's problem.
  const iterable = {
    [Symbol.iterator]: () => ({
      next: () => ({ done: false, value: 1 }),
      return: () => {
        throw new Error('return');
      },
    }),
  };
  assert.throws(
    () =>
      items(iterable, 's', () => {
        throw stop;
      }),
    (error) => error === stop,
  );
});

test('fields reads named fields once and rejects unknown keys with a suggestion', () => {
  let reads = 0;
  const value = {
    get name() {
      reads++;
      return 'n';
    },
  };
  const read = fields(value, 'step', ['name', 'args']);
  assert.equal(read.fields.name, 'n');
  assert.equal('args' in read.fields, false);
  assert.deepEqual(read.keys, ['name']);
  assert.equal(reads, 1);
  const unknown = issueOf(() =>
    fields({ name: 'a', zzz: 1, argz: 2 }, 'step', ['name', 'args'])
  );
  assert.deepEqual(pick(unknown), [
    'unknown_key',
    'step.zzz',
    'only "name" and "args"',
    '"zzz", "argz"',
  ]);
  assert.equal(unknown.suggestion, 'args');
  const none = issueOf(() => fields({ zzz: 1 }, '', ['name']));
  assert.deepEqual([none.path, none.suggestion], ['zzz', undefined]);
  assert.deepEqual(
    fields({ name: 'a', extra: 1 }, 'step', ['name'], { unknownKeys: 'allow' })
      .keys,
    ['name', 'extra'],
  );
});

test('fields of an optional undefined reads as no fields; other kinds are rejected', () => {
  const read = fields(undefined, 'options', ['callId'], { optional: true });
  assert.deepEqual(read.keys, []);
  assert.equal(Object.getPrototypeOf(read.fields), null);
  assert.equal(
    issueOf(() => fields(undefined, 'options', ['callId'])).code,
    'missing',
  );
  assert.equal(
    issueOf(() => fields([], 'options', ['callId'])).code,
    'invalid_type',
  );
});

test('fields reports the key whose read threw, or the object when listing keys threw', () => {
  const cause = new Error('getter');
  const getter = issueOf(() =>
    fields(
      {
        get callId(): never {
          throw cause;
        },
      },
      'options',
      ['callId'],
    )
  );
  assert.deepEqual(
    [getter.code, getter.path, getter.cause],
    ['unreadable', 'options.callId', cause],
  );
  const keys = issueOf(() =>
    fields(
      new Proxy({}, {
        ownKeys() {
          throw cause;
        },
      }),
      'options',
      ['callId'],
    )
  );
  assert.deepEqual([keys.code, keys.path], ['unreadable', 'options']);
});

test('a check expected and label are carried into the issue', () => {
  const labelled = issueOf(() =>
    string(1, 'text', { expected: 'the message text', label: 'invalid_text' })
  );
  assert.deepEqual(
    [labelled.expected, labelled.label],
    ['the message text', 'invalid_text'],
  );
  // The allowed keys and readability are the reader's own words.
  const unknown = issueOf(() =>
    fields({ x: 1 }, 'o', [], { expected: 'ignored', label: 'l' })
  );
  assert.deepEqual([unknown.expected, unknown.label], ['only none', 'l']);
  const read = unreadable('p', 1, { expected: 'ignored', label: 'l' });
  assert.deepEqual(
    [read.issue.expected, read.issue.label, read.issue.received],
    ['readable', 'l', 'the thrown value 1'],
  );
});

test('guard turns a throw into unreadable and keeps an issue as is', () => {
  assert.equal(guard('p', () => 1), 1);
  const cause = new Error('x');
  const issue = issueOf(() =>
    guard('p', () => {
      throw cause;
    })
  );
  assert.deepEqual([issue.code, issue.path, issue.cause], [
    'unreadable',
    'p',
    cause,
  ]);
  const inner = issueOf(() => guard('outer', () => string(1, 'inner')));
  assert.equal(inner.path, 'inner');
});

test('an unreadable issue describes even a hostile thrown error', () => {
  const hostile = new Proxy(new Error('x'), {
    get() {
      throw new Error('trap');
    },
  });
  const issue = unreadable('p', hostile).issue;
  assert.equal(issue.cause, hostile);
  assert.match(issue.received, /^the thrown value /);
});

test('items reports a broken iterator protocol as unreadable at the position', () => {
  const hostile = {
    [Symbol.iterator]: () => ({
      next: () => ({
        done: false,
        get value(): never {
          throw new Error('value');
        },
      }),
    }),
  };
  const issue = issueOf(() => items(hostile, 's', () => {}));
  assert.deepEqual([issue.code, issue.path], ['unreadable', 's[0]']);
  const broken = { [Symbol.iterator]: () => ({ next: () => 5 }) };
  const second = issueOf(() => items(broken, 's', () => {}));
  assert.deepEqual([second.code, second.path], ['unreadable', 's[0]']);
});
