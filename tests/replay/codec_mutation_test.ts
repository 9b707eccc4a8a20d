import assert from 'node:assert/strict';
import test from 'node:test';
import {
  checkBytes,
  decode as decodeJson,
  encode,
  encodeError,
  type Json,
  replayedError,
} from '../../_internal/encode.ts';
import { difference } from '../../replay/_difference.ts';
import { redacted, redaction } from '../../_internal/redact.ts';
import { FixtureShapeError, strictJson } from '../../replay/_strict.ts';

const jsonData =
  'JSON data (null, a boolean, a finite number, a string, an array or a plain object)';

/** Asserts `run` throws the FixtureShapeError with exactly these fields. */
function assertShape(
  run: () => unknown,
  fields: { path: string; expected: string; received: string },
): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof FixtureShapeError);
    assert.equal(error.name, 'FixtureShapeError');
    assert.equal(error.path, fields.path);
    assert.equal(error.expected, fields.expected);
    assert.equal(error.received, fields.received);
    assert.equal(error.message, `${fields.path}: expected ${fields.expected}`);
    return true;
  });
}

/** `n` objects nested under `a` around `1`. */
function nestObjects(n: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < n; i++) value = { a: value };
  return value;
}

/** `n` arrays nested around `1`. */
function nest(n: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < n; i++) value = [value];
  return value;
}

test('encode writes JSON data like JSON.stringify, keys sorted', () => {
  const fn = () => {};
  const cases: [unknown, Json | undefined][] = [
    ['Bearer abcd1234', `Bearer ${redacted}`],
    [1.5, 1.5],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [true, true],
    [false, false],
    [10n, '10'],
    [undefined, undefined],
    [fn, undefined],
    [Symbol('s'), undefined],
    [null, null],
    [[1, undefined, fn, Symbol('s'), null], [1, null, null, null, null]],
    [{ a: undefined, b: fn, c: 1 }, { c: 1 }],
    [{ z: { y: 1, x: [2] } }, { z: { x: [2], y: 1 } }],
    [new Date(0), '1970-01-01T00:00:00.000Z'],
    [{ toJSON: () => ({ b: 1, a: 'Bearer abcd1234' }) }, {
      a: `Bearer ${redacted}`,
      b: 1,
    }],
    [new Uint8Array([5, 6]), { 0: 5, 1: 6 }],
    [new ArrayBuffer(2), {}],
    [new Error('x'), {}],
  ];
  for (const [value, encoded] of cases) {
    assert.deepEqual(encode(value), encoded, String(encoded));
  }
  const sorted = encode({ b: 1, c: { z: 1, a: 2 }, a: 2 }) as Record<
    string,
    Record<string, Json>
  >;
  assert.deepEqual(Object.keys(sorted), ['a', 'b', 'c']);
  assert.deepEqual(Object.keys(sorted.c!), ['a', 'z']);
  const proto = encode(JSON.parse('{"__proto__": {"a": 1}}')) as object;
  assert.equal(Object.getPrototypeOf(proto), Object.prototype);
  assert.deepEqual(Object.getOwnPropertyDescriptor(proto, '__proto__'), {
    value: { a: 1 },
    enumerable: true,
    writable: true,
    configurable: true,
  });
});

test('encode replaces the string values of credential keys, whatever their case', () => {
  const secrets = [
    'authorization',
    'Authorization',
    'proxy-authorization',
    'api-key',
    'api_key',
    'apikey',
    'X-API-KEY',
    'client-secret',
    'client_secret',
    'password',
    'secret',
    'access-token',
    'refresh_token',
    'id_token',
    'sessionToken',
    'x-auth-token',
    'OPENAI_API_KEY',
    'cookie',
    'Set-Cookie',
    'private_key',
    'aws_secret_access_key',
    'OpenAI-Organization',
    'openai-project',
  ];
  for (const key of secrets) {
    assert.deepEqual(encode({ [key]: 'plain' }), { [key]: redacted }, key);
    // Inside an object or array, every non-empty string; the rest stays.
    assert.deepEqual(
      encode({ [key]: { a: 'x', b: ['y', 1, '', null], c: true } }),
      { [key]: { a: redacted, b: [redacted, 1, '', null], c: true } },
      key,
    );
    assert.deepEqual(encode({ [key]: 3 }), { [key]: 3 }, key);
    // A null credential stays null: nothing to hide.
    assert.deepEqual(encode({ [key]: null }), { [key]: null }, key);
    // An absent one stays absent.
    assert.deepEqual(encode({ [key]: undefined }), {}, key);
  }
  for (
    const key of [
      'inputTokens',
      'max_tokens',
      'total_tokens',
      'prompt_cache_key',
      'keyword',
      'monkey',
      'author',
      'passage',
    ]
  ) {
    assert.deepEqual(encode({ [key]: 'plain' }), { [key]: 'plain' }, key);
  }
});

test("encode keeps a JSON schema's property names and a log-probability token", () => {
  const schema = {
    type: 'object',
    properties: {
      api_key: { type: 'string', description: 'The key' },
      nested: {
        type: ['object', 'null'],
        properties: { password: { type: 'string' } },
      },
    },
    patternProperties: { token: { type: 'string' } },
    $defs: { secret: { type: 'string' } },
    required: ['api_key'],
  };
  assert.deepEqual(encode(schema), schema);
  const draft7 = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    definitions: { token: { type: 'string' } },
  };
  assert.deepEqual(encode(draft7), draft7);
  // Not a schema: a `properties` map of values is redacted as values.
  assert.deepEqual(encode({ properties: { api_key: 'k' } }), {
    properties: { api_key: redacted },
  });
  assert.deepEqual(encode({ type: 'string', properties: { api_key: 'k' } }), {
    properties: { api_key: redacted },
    type: 'string',
  });
  // A property's schema is still checked below its name.
  assert.deepEqual(
    encode({
      type: 'object',
      properties: { a: { type: 'string', default: 'x', secret: 's' } },
    }),
    {
      properties: { a: { default: 'x', secret: redacted, type: 'string' } },
      type: 'object',
    },
  );
  assert.deepEqual(encode({ token: 'Hello', logprob: -0.1 }), {
    logprob: -0.1,
    token: 'Hello',
  });
  assert.deepEqual(encode({ token: 'Hello', prob: 1 }), {
    prob: 1,
    token: redacted,
  });
  assert.deepEqual(encode({ id_token: 'Hello', logprob: -0.1 }), {
    id_token: redacted,
    logprob: -0.1,
  });
});

test('encode reads JSON text as JSON, re-written only when something is removed', () => {
  const kept = '{ "city": "Paris",\n  "n": [1, 2] }';
  assert.equal(encode(kept), kept);
  assert.equal(encode('  [1, {"a": "b"}]'), '  [1, {"a": "b"}]');
  assert.equal(
    encode('{"city":"Paris","api_key":"k-1"}'),
    `{"api_key":"${redacted}","city":"Paris"}`,
  );
  assert.equal(
    encode(' [{"note":"Bearer abcd1234"}]'),
    `[{"note":"Bearer ${redacted}"}]`,
  );
  // JSON text inside JSON text.
  assert.equal(
    encode(JSON.stringify({ inner: JSON.stringify({ password: 'pw' }) })),
    JSON.stringify({ inner: JSON.stringify({ password: redacted }) }),
  );
  // Not JSON: read as text.
  assert.equal(encode('{"api_key": "abc"'), `{"api_key": "${redacted}"`);
  assert.equal(encode('"api_key"'), '"api_key"');
  // The marked values, through the option.
  const marked = redaction(['custom-key-value']);
  assert.equal(
    encode('{"note":"custom-key-value"}', { redaction: marked }),
    `{"note":"${redacted}"}`,
  );
  assert.equal(
    encode('x custom-key-value y', { redaction: marked }),
    `x ${redacted} y`,
  );
  // Objects in an array are read key by key too.
  assert.equal(
    encode('[{"password":"p"}, 1]'),
    `[{"password":"${redacted}"},1]`,
  );
  assert.deepEqual(encode([{ password: 'p' }]), [{ password: redacted }]);
  // Text that only holds braces is text, escapes and all.
  assert.equal(
    encode('"\\u0041 {Bearer abcd1234}"'),
    `"\\u0041 {Bearer ${redacted}}"`,
  );
  // An already redacted value is not a change: the text stays as written.
  const done = '{ "api_key": "[redacted]",\n "city": "Paris" }';
  assert.equal(encode(done), done);
  assert.equal(encode(`{ "api_key": "" }`), `{ "api_key": "" }`);
  // JSON text up to a million characters is read as JSON (keys sorted when
  // rewritten), longer text as text (written as it was).
  const sized = (length: number) => {
    const head = '{"b":1,"api_key":"k-1","pad":"';
    return `${head}${'x'.repeat(length - head.length - 2)}"}`;
  };
  const million = encode(sized(1_000_000)) as string;
  assert.ok(million.startsWith(`{"api_key":"${redacted}","b":1,"pad":"x`));
  const longer = encode(sized(1_000_001)) as string;
  assert.ok(longer.startsWith(`{"b":1,"api_key":"${redacted}","pad":"x`));
  // Redacting twice changes nothing more.
  const once = encode({
    a: '{"b":"c","token":"t"}',
    c: 'sk-0123456789abcdefXYZ',
  });
  assert.deepEqual(encode(once), once);
});

test('encode rejects a cycle but not a shared value', () => {
  const cycle: Record<string, unknown> = { a: 1 };
  cycle.self = cycle;
  assert.throws(() => encode(cycle), {
    name: 'TypeError',
    message: 'Cannot record a cyclic value',
  });
  const list: unknown[] = [];
  list.push(list);
  assert.throws(() => encode({ list }), {
    name: 'TypeError',
    message: 'Cannot record a cyclic value',
  });
  const shared = { x: 1 };
  assert.deepEqual(encode({ p: shared, q: [shared, shared] }), {
    p: { x: 1 },
    q: [{ x: 1 }, { x: 1 }],
  });
});

test('encode tagged keeps undefined, bytes and errors as tagged objects', () => {
  const tagged = (value: unknown) => encode(value, { tagged: true });
  assert.deepEqual(tagged(undefined), { $undefined: true });
  assert.deepEqual(tagged([undefined, 1]), [{ $undefined: true }, 1]);
  assert.deepEqual(tagged({ a: undefined }), { a: { $undefined: true } });
  assert.deepEqual(encode({ a: undefined }, { tagged: false }), {});
  assert.deepEqual(encode({ a: undefined }, {}), {});
  assert.deepEqual(tagged(new Uint8Array([1, 2, 3]).buffer), {
    $bytes: 'AQID',
    $type: 'ArrayBuffer',
  });
  assert.deepEqual(tagged(new Uint8Array([0, 1, 2, 3]).subarray(1, 3)), {
    $bytes: 'AQI=',
    $type: 'Uint8Array',
  });
  assert.deepEqual(tagged(new Int16Array([1])), {
    $bytes: 'AQA=',
    $type: 'Int16Array',
  });
  assert.deepEqual(tagged(new DataView(new Uint8Array([9]).buffer)), {
    $bytes: 'CQ==',
    $type: 'DataView',
  });
  const error = Object.assign(
    new TypeError(`bad sk-${'a'.repeat(20)}`),
    { status: 400, password: 'pw' },
  );
  assert.deepEqual(tagged({ error }), {
    error: {
      $error: { message: `bad ${redacted}`, name: 'TypeError', status: 400 },
    },
  });
  // Untagged, an error is an object of its own enumerable keys.
  assert.deepEqual(encode(error), { password: redacted, status: 400 });
  // Bytes under a credential key become the marker.
  assert.deepEqual(
    encode({ secret: new Uint8Array([1]) }, { tagged: true }),
    { secret: redacted },
  );
});

test('encode and decode round-trip bytes longer than one base64 chunk', () => {
  const bytes = new Uint8Array(0x8000 * 2 + 3);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + (i >> 8)) & 0xff;
  const encoded = encode(bytes, { tagged: true }) as { $bytes: string };
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  assert.equal(encoded.$bytes, btoa(binary));
  const decoded = decodeJson(encoded, true) as Uint8Array;
  assert.ok(decoded instanceof Uint8Array);
  assert.deepEqual(decoded, bytes);
});

test('encodeError keeps the provider fields, credentials removed', () => {
  const cases: [unknown, Record<string, Json>][] = [
    ['boom', { message: 'boom', name: 'Error' }],
    [`sk-${'a'.repeat(16)}`, { message: redacted, name: 'Error' }],
    [undefined, { message: 'undefined', name: 'Error' }],
    [null, { message: 'null', name: 'Error' }],
    [42, { message: '42', name: 'Error' }],
    [{}, { message: '', name: 'Error' }],
    [{ name: 5, message: 3 }, { message: '', name: 'Error' }],
    [
      {
        code: 'rate_limit',
        message: 'Bearer abcd1234 expired',
        name: 'RateLimitError',
        param: 'model',
        status: 429,
        type: 'requests',
        other: 'dropped',
      },
      {
        code: 'rate_limit',
        message: `Bearer ${redacted} expired`,
        name: 'RateLimitError',
        param: 'model',
        status: 429,
        type: 'requests',
      },
    ],
    [
      { code: 7, status: Number.NaN, type: Number.POSITIVE_INFINITY },
      { code: 7, message: '', name: 'Error' },
    ],
    [{ status: '500', param: true }, {
      status: '500',
      message: '',
      name: 'Error',
    }],
    [new RangeError('far'), { message: 'far', name: 'RangeError' }],
  ];
  for (const [error, fields] of cases) {
    assert.deepEqual(encodeError(error), fields, JSON.stringify(fields));
  }
  const marked = redaction(['custom-key-value']);
  assert.deepEqual(
    encodeError(new Error('401: key custom-key-value'), marked),
    { message: `401: key ${redacted}`, name: 'Error' },
  );
  assert.deepEqual(
    encodeError('{"error":{"message":"bad","api_key":"k"}}', marked),
    {
      message: `{"error":{"api_key":"${redacted}","message":"bad"}}`,
      name: 'Error',
    },
  );
});

test('decode tagged rebuilds bytes, undefined and errors, and copies the rest', () => {
  const decode = (value: Json) => decodeJson(value, true);
  const buffer = decode({ $bytes: 'AQID', $type: 'ArrayBuffer' });
  assert.ok(buffer instanceof ArrayBuffer);
  assert.deepEqual([...new Uint8Array(buffer)], [1, 2, 3]);
  const unknownView = decode({ $bytes: 'CQ==', $type: 'DataView' });
  assert.ok(unknownView instanceof ArrayBuffer);
  assert.deepEqual([...new Uint8Array(unknownView)], [9]);
  const int16 = decode({ $bytes: 'AQACAA==', $type: 'Int16Array' });
  assert.ok(int16 instanceof Int16Array);
  assert.deepEqual([...int16], [1, 2]);
  const float64 = decode(
    encode(new Float64Array([1.5, -2]), { tagged: true })!,
  );
  assert.ok(float64 instanceof Float64Array);
  assert.deepEqual([...float64], [1.5, -2]);
  const uint8 = decode({ $bytes: 'AQI=', $type: 'Uint8Array' });
  assert.ok(uint8 instanceof Uint8Array);
  assert.deepEqual([...uint8], [1, 2]);
  // Not exactly the two tags: copied as data.
  const cases: Json[] = [
    { $bytes: 'AQ==', $type: 'Uint8Array', x: 1 },
    { $bytes: 'AQ==' },
    { $type: 'Uint8Array' },
    { $bytes: 1, $type: 'Uint8Array' },
    { $bytes: 'AQ==', $type: 1 },
    { $undefined: false },
    { $undefined: 'true' },
    { $undefined: true, a: 1 },
    { $error: 'x' },
    { $error: ['x'] },
    { $error: null },
    { $error: { message: 'm' }, b: 1 },
    { a: [1, 'x', null, true], b: { c: {} } },
  ];
  for (const value of cases) {
    const copy = decode(value);
    assert.deepEqual(copy, value, JSON.stringify(value));
    assert.notEqual(copy, value);
  }
  assert.equal(decode({ $undefined: true }), undefined);
  assert.deepEqual(decode({ a: [{ $undefined: true }, 2] }), {
    a: [undefined, 2],
  });
  assert.deepEqual(decode([null, 1, 'x', false]), [null, 1, 'x', false]);
  assert.equal(decode(null), null);
  assert.equal(decode('x'), 'x');
  const error = decode({
    $error: { name: 'TypeError', message: 'm', status: 1 },
  });
  assert.ok(error instanceof Error);
  assert.equal(error.name, 'TypeError');
  assert.equal(error.message, 'm');
  assert.equal((error as { status?: number }).status, 1);
  const proto = decode(JSON.parse('{"__proto__": {"a": 1}}')) as object;
  assert.equal(Object.getPrototypeOf(proto), Object.prototype);
  assert.deepEqual(Object.getOwnPropertyDescriptor(proto, '__proto__'), {
    value: { a: 1 },
    enumerable: true,
    writable: true,
    configurable: true,
  });
});

test('decode untagged copies tags as data', () => {
  for (
    const value of [
      { $bytes: 'AQID', $type: 'ArrayBuffer' },
      { $undefined: true },
      { $error: { message: 'm' } },
    ] as Json[]
  ) {
    const copy = decodeJson(value);
    assert.deepEqual(copy, value);
    assert.notEqual(copy, value);
    assert.deepEqual(decodeJson(value, false), value);
  }
});

test('checkBytes accepts base64 that fits its type, and names the problem', () => {
  const cases: [Json, string | undefined][] = [
    [{ $bytes: 'AQID', $type: 'ArrayBuffer' }, undefined],
    [{ $bytes: '', $type: 'Uint8Array' }, undefined],
    [{ $bytes: 'AQI=', $type: 'Uint16Array' }, undefined],
    [
      { $bytes: 'AQ==', $type: 'Uint16Array' },
      'a multiple of 2 bytes, for Uint16Array',
    ],
    [{ $bytes: 'AQIDBA==', $type: 'Float32Array' }, undefined],
    [
      { $bytes: 'AQID', $type: 'Float32Array' },
      'a multiple of 4 bytes, for Float32Array',
    ],
    [{ $bytes: 'AQ==', $type: 'DataView' }, undefined],
    [{ $bytes: btoa('x'.repeat(16)), $type: 'Float64Array' }, undefined],
    [
      { $bytes: btoa('x'.repeat(12)), $type: 'Float64Array' },
      'a multiple of 8 bytes, for Float64Array',
    ],
    [{ $bytes: 'AQI', $type: 'Uint8Array' }, 'base64 text'],
    [{ $bytes: 'AQ!D', $type: 'Uint8Array' }, 'base64 text'],
    [{ $bytes: 'A===', $type: 'Uint8Array' }, 'base64 text'],
    [{ $bytes: 'AQID\n', $type: 'Uint8Array' }, 'base64 text'],
  ];
  for (const [value, problem] of cases) {
    assert.equal(
      checkBytes(value as { $bytes: string; $type: string }),
      problem,
      JSON.stringify(value),
    );
  }
});

test('replayedError rebuilds name, message and the provider fields', () => {
  const error = replayedError({
    name: 'RateLimitError',
    message: 'slow down',
    status: 429,
    code: 'rate_limit',
    type: 'requests',
    param: null,
    other: 'ignored',
  });
  assert.ok(error instanceof Error);
  assert.equal(error.name, 'RateLimitError');
  assert.equal(error.message, 'slow down');
  const fields = {
    status: 429,
    code: 'rate_limit',
    type: 'requests',
    param: null,
  };
  for (const [key, value] of Object.entries(fields)) {
    const descriptor = Object.getOwnPropertyDescriptor(error, key);
    assert.equal(descriptor?.value, value, key);
    assert.equal(descriptor?.enumerable, true, key);
  }
  assert.equal(Object.hasOwn(error, 'other'), false);
  const bare = replayedError({ name: 1, message: 2 });
  assert.equal(bare.name, 'Error');
  assert.equal(bare.message, '');
  for (const key of ['status', 'code', 'type', 'param']) {
    assert.equal(Object.hasOwn(bare, key), false, key);
  }
  assert.equal(replayedError({}).name, 'Error');
  assert.equal(replayedError({}).message, '');
});

test('difference names the first differing path under a prefix, with both values', () => {
  const cases: [Json | undefined, Json | undefined, string, unknown][] = [
    [1, 1, '', undefined],
    [[1, { a: 'x' }], [1, { a: 'x' }], 'p', undefined],
    [1, 2, '', { path: '', recorded: 1, actual: 2 }],
    [1, 2, 'input', { path: 'input', recorded: 1, actual: 2 }],
    [null, {}, '', { path: '', recorded: null, actual: {} }],
    [{}, [], 'x', { path: 'x', recorded: {}, actual: [] }],
    [[1, 2], [1, 2, 3], '', { path: '[2]', recorded: undefined, actual: 3 }],
    [[1, 2, 3], [1, 2], 'input', {
      path: 'input[2]',
      recorded: 3,
      actual: undefined,
    }],
    [{ b: 1, a: 1 }, { b: 2, a: 2 }, '', { path: 'b', recorded: 1, actual: 2 }],
    [{ a: 1 }, { a: 1, b: null }, 'r', {
      path: 'r.b',
      recorded: undefined,
      actual: null,
    }],
    [{ 'a-b': 1 }, { 'a-b': 2 }, '', {
      path: '["a-b"]',
      recorded: 1,
      actual: 2,
    }],
    [{ 'a-b': 1 }, { 'a-b': 2 }, 'x', {
      path: 'x["a-b"]',
      recorded: 1,
      actual: 2,
    }],
    [{ x: [{ y: 'a' }] }, { x: [{ y: 'b' }] }, 'input', {
      path: 'input.x[0].y',
      recorded: 'a',
      actual: 'b',
    }],
    // Inherited members are absent, not the prototype's.
    [{}, { toString: 1 }, '', {
      path: 'toString',
      recorded: undefined,
      actual: 1,
    }],
    [{ constructor: 1 }, {}, 't', {
      path: 't.constructor',
      recorded: 1,
      actual: undefined,
    }],
  ];
  for (const [recorded, actual, path, found] of cases) {
    assert.deepEqual(
      difference(recorded, actual, path),
      found,
      JSON.stringify([recorded, actual]),
    );
  }
  assert.deepEqual(
    difference({}, JSON.parse('{"__proto__": 1}'), ''),
    { path: '__proto__', recorded: undefined, actual: 1 },
  );
});

test('strictJson copies plain JSON data', () => {
  const value = { a: [1, 'x', true, null, { b: -0.5 }], c: {} };
  const copy = strictJson(value);
  assert.deepEqual(copy, value);
  assert.notEqual(copy, value);
  const bare = Object.assign(Object.create(null), { a: 1 });
  assert.deepEqual(strictJson(bare), { a: 1 });
  const proto = strictJson(JSON.parse('{"__proto__": [1]}')) as object;
  assert.equal(Object.getPrototypeOf(proto), Object.prototype);
  assert.deepEqual(Object.keys(proto), ['__proto__']);
  assert.deepEqual(strictJson(nest(201)), nest(201));
});

test('strictJson rejects what is not JSON data, naming the path', () => {
  class Point {
    x = 1;
  }
  const cases: [unknown, string][] = [
    [Number.NaN, 'NaN'],
    [Number.NEGATIVE_INFINITY, '-Infinity'],
    [undefined, 'undefined'],
    [() => {}, 'a function'],
    [10n, '10n'],
    [Symbol('s'), 'a symbol'],
    [new Date(0), 'a class instance (Date)'],
    [new Map(), 'a class instance (Map)'],
    [new Point(), 'a class instance (Point)'],
  ];
  for (const [bad, received] of cases) {
    assertShape(() => strictJson({ a: [bad] }), {
      path: 'a[0]',
      expected: jsonData,
      received,
    });
  }
  assertShape(() => strictJson({ 'a b': { c: undefined } }), {
    path: '["a b"].c',
    expected: jsonData,
    received: 'undefined',
  });
  assertShape(() => strictJson(undefined), {
    path: '',
    expected: jsonData,
    received: 'undefined',
  });
  // deno-lint-ignore no-sparse-arrays
  assertShape(() => strictJson({ list: [1, , 3] }), {
    path: 'list[1]',
    expected: 'a value (not a hole)',
    received: 'a hole',
  });
  const getter = {
    get a(): number {
      return 1;
    },
  };
  assertShape(() => strictJson({ x: getter }), {
    path: 'x.a',
    expected: 'a data property',
    received: 'an accessor',
  });
  assert.deepEqual(strictJson(nestObjects(201)), nestObjects(201));
  assertShape(() => strictJson({ deep: nestObjects(201) }), {
    path: `deep${'.a'.repeat(200)}`,
    expected: 'data nested at most 200 deep',
    received: 'deeper data',
  });
  assertShape(() => strictJson(nest(202)), {
    path: '[0]'.repeat(201),
    expected: 'data nested at most 200 deep',
    received: 'deeper data',
  });
});

test('strictJson reports a value that throws when read, at the root', () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  const keys = new Proxy({}, {
    ownKeys() {
      throw new Error('no keys');
    },
  });
  for (const hostile of [proxy, keys]) {
    assertShape(() => strictJson({ a: [hostile] }), {
      path: '',
      expected: 'plain JSON data',
      received: 'a value that threw when read',
    });
  }
  // Listed as a key, then gone when its descriptor is read.
  let reads = 0;
  const vanishing = new Proxy({ a: 1 }, {
    getOwnPropertyDescriptor: (target, key) =>
      ++reads === 1 ? Reflect.getOwnPropertyDescriptor(target, key) : undefined,
  });
  assertShape(() => strictJson(vanishing), {
    path: 'a',
    expected: 'a data property',
    received: 'an accessor',
  });
});

test('strictJson holds an array to the values left of two million', () => {
  const budget = 'at most 2000000 values in a fixture';
  // An array longer than what is left fails before it is walked.
  assertShape(() => strictJson(new Array(2_000_000)), {
    path: '',
    expected: budget,
    received: 'an array of 2000000',
  });
  assertShape(() => strictJson({ a: new Array(1_999_999) }), {
    path: 'a',
    expected: budget,
    received: 'an array of 1999999',
  });
  // Exactly what is left: walked, and its first hole found.
  assertShape(() => strictJson(new Array(1_999_999)), {
    path: '[0]',
    expected: 'a value (not a hole)',
    received: 'a hole',
  });
  // Exactly the budget: two million values, the root included.
  assert.equal(
    (strictJson(new Array(1_999_999).fill(0)) as Json[]).length,
    1_999_999,
  );
  // Past it, counted value by value: objects are not sized first.
  const keys = Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => [`k${i}`, i]),
  );
  assertShape(() => strictJson([new Array(1_999_990).fill(0), keys]), {
    path: '[1].k7',
    expected: budget,
    received: 'more',
  });
  // Values past the budget, one by one.
  const many = Array.from({ length: 1000 }, () => new Array(1999).fill(0));
  assertShape(() => strictJson(many), {
    path: '[999]',
    expected: budget,
    received: 'an array of 1999',
  });
});

test('encode redacts each short string once per redaction, within 4,000 of them', () => {
  const seen: string[] = [];
  const counting = {
    text(text: string): string {
      seen.push(text);
      return text.replace('secret-word', redacted);
    },
  };
  const options = { redaction: counting };
  // Repeated strings, as a replayed history repeats them: redacted once.
  assert.deepEqual(encode(['a secret-word', 'a secret-word'], options), [
    `a ${redacted}`,
    `a ${redacted}`,
  ]);
  assert.deepEqual(encode({ x: 'a secret-word' }, options), {
    x: `a ${redacted}`,
  });
  // Keys are text too, redacted through the same cache.
  assert.deepEqual(seen, ['a secret-word', 'x']);
  // Another redaction has its own.
  encode('a secret-word', { redaction: { text: (text) => text } });
  assert.deepEqual(seen, ['a secret-word', 'x']);
  // Long strings are not kept.
  const long = 'y'.repeat(1_001);
  const short = 'z'.repeat(1_000);
  encode([long, long, short, short], options);
  assert.deepEqual(seen.slice(2), [long, long, short]);
  // At 4,000 strings the cache starts over.
  seen.length = 0;
  // Three are held already: these make 4,000.
  const fill = Array.from({ length: 3_997 }, (_, i) => `s${i}`);
  encode(fill, options);
  assert.equal(seen.length, 3_997);
  encode(['s0', 'a secret-word'], options);
  assert.equal(seen.length, 3_997);
  encode('s-new', options);
  encode('s0', options);
  assert.deepEqual(seen.slice(3_997), ['s-new', 's0']);
});

test('encode redacts a marked secret used as a key, numbering keys it makes equal', () => {
  const marked = redaction(['_proto__key', 'second-key-value']);
  assert.deepEqual(
    encode({
      '_proto__key': false,
      'second-key-value': 1,
      'kept': { 'x _proto__key y': 2 },
      'password': { 'second-key-value': 'v' },
    }, { redaction: marked }),
    {
      [redacted]: false,
      [`${redacted}#2`]: 1,
      kept: { [`x ${redacted} y`]: 2 },
      password: { [redacted]: redacted },
    },
  );
  // Keys sort before `[`, so each redacted one comes first; a key written
  // as `[redacted]` is numbered after them.
  const three = redaction(['Aaaaaaaa-key', 'Bbbbbbbb-key', 'Cccccccc-key']);
  assert.deepEqual(
    Object.entries(
      encode({
        '[redacted]': 0,
        'Cccccccc-key': 3,
        'Aaaaaaaa-key': 1,
        'Bbbbbbbb-key': 2,
      }, { redaction: three }) as Record<string, number>,
    ),
    [
      [redacted, 1],
      [`${redacted}#2`, 2],
      [`${redacted}#3`, 3],
      [`${redacted}#4`, 0],
    ],
  );
  // A key no rule touches is kept as it is, the same object.
  assert.deepEqual(encode({ a: { b: 1 } }, { redaction: marked }), {
    a: { b: 1 },
  });
});
