import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';
import { drawing } from '../../auto/_draw.ts';
import {
  at,
  copy,
  count,
  dotted,
  fail,
  isRecord,
  maxSize,
  put,
  same,
  Unsatisfiable,
} from '../../auto/_schema_common.ts';
import {
  forgetFormats,
  formatOfName,
  formatted,
  words,
} from '../../auto/_schema_formats.ts';
import {
  decimals,
  isMultiple,
  round,
  window,
} from '../../auto/_schema_numbers.ts';

/** The draws of `parts`, kept past the drawing (they stay usable). */
const seeded = (parts: (string | number)[]) => drawing(parts, (d) => d);

test('drawing is fixed by its parts, and other parts draw otherwise', () => {
  const draw = (parts: (string | number)[]) =>
    drawing(parts, (d) => Array.from({ length: 8 }, () => d.int(0, 1000)));
  assert.deepEqual(draw(['a', 1]), draw(['a', 1]));
  assert.notDeepEqual(draw(['a', 1]), draw(['a', 2]));
  // The separator keeps the parts apart: ['ab'] is not ['a', 'b'].
  assert.notDeepEqual(draw(['ab']), draw(['a', 'b']));
  assert.equal(drawing(['x'], () => 'value'), 'value');
  assert.throws(
    () =>
      drawing(['x'], () => {
        throw new SyntaxError('inner');
      }),
    SyntaxError,
  );
});

test('drawn fractions lie in [0, 1) and spread over it', () => {
  const values = drawing(
    ['fraction'],
    (d) => Array.from({ length: 400 }, () => d.fraction()),
  );
  for (const v of values) assert(v >= 0 && v < 1, String(v));
  assert(values.some((v) => v < 0.1) && values.some((v) => v > 0.9));
});

test('draws: int covers both inclusive ends and nothing outside', () => {
  const random = seeded(['int']);
  const seen = new Set<number>();
  for (let i = 0; i < 400; i++) {
    const n = random.int(-3, 4);
    assert(Number.isInteger(n), String(n));
    seen.add(n);
  }
  assert.deepEqual([...seen].sort((a, b) => a - b), [
    -3,
    -2,
    -1,
    0,
    1,
    2,
    3,
    4,
  ]);
  for (let i = 0; i < 20; i++) assert.equal(random.int(7, 7), 7);
});

test('draws: chance is never true at 0, always at 1, and sometimes at 0.5', () => {
  const random = seeded(['chance']);
  const half = new Set<boolean>();
  for (let i = 0; i < 200; i++) {
    assert.equal(random.chance(0), false);
    assert.equal(random.chance(1), true);
    half.add(random.chance(0.5));
  }
  assert.deepEqual([...half].sort(), [false, true]);
  const quarter = seeded(['quarter']);
  let hits = 0;
  for (let i = 0; i < 400; i++) if (quarter.chance(0.25)) hits++;
  assert(hits > 60 && hits < 140, String(hits));
});

test('draws: pick draws every element and rejects an empty list', () => {
  const random = seeded(['pick']);
  const seen = new Set<string>();
  for (let i = 0; i < 100; i++) seen.add(random.pick(['a', 'b', 'c']));
  assert.deepEqual([...seen].sort(), ['a', 'b', 'c']);
  assert.equal(random.pick(['only']), 'only');
  assert.throws(() => random.pick([]), (error: unknown) => {
    assert(error instanceof RangeError);
    assert.equal(error.message, 'Cannot pick from an empty list');
    return true;
  });
});

test('Unsatisfiable carries its path, reason and detail', () => {
  const error = new Unsatisfiable('a.b', 'too_deep', 'so deep');
  assert(error instanceof Error);
  assert.equal(error.name, 'Unsatisfiable');
  assert.equal(error.path, 'a.b');
  assert.equal(error.reason, 'too_deep');
  assert.equal(error.detail, 'so deep');
  assert.equal(error.message, 'a.b: so deep');
  const made = fail(['p', 'q'], 'invalid_schema', 'bad');
  assert(made instanceof Unsatisfiable);
  assert.equal(made.path, 'p.q');
  assert.equal(made.reason, 'invalid_schema');
  assert.equal(made.message, 'p.q: bad');
});

test('schema path helpers append segments as strings and join with dots', () => {
  const base = ['parameters'];
  assert.deepEqual(at(base, 'items', 3), ['parameters', 'items', '3']);
  assert.deepEqual(at(base), ['parameters']);
  assert.deepEqual(base, ['parameters']);
  assert.equal(dotted(['a', 'b', '0']), 'a.b.0');
  assert.equal(dotted(['a']), 'a');
});

test('isRecord accepts plain objects only', () => {
  assert.equal(isRecord({}), true);
  assert.equal(isRecord({ a: 1 }), true);
  assert.equal(isRecord(null), false);
  assert.equal(isRecord([]), false);
  assert.equal(isRecord('x'), false);
  assert.equal(isRecord(1), false);
  assert.equal(isRecord(undefined), false);
});

test('same compares JSON texts and is false when one cannot be serialised', () => {
  assert.equal(same({ a: [1, 'x'] }, { a: [1, 'x'] }), true);
  assert.equal(same({ a: 1 }, { a: 2 }), false);
  assert.equal(same(1, '1'), false);
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  assert.equal(same(cyclic, cyclic), false);
  assert.equal(same(1n, 1n), false);
});

test('copy returns a deep JSON copy or fails at the path', () => {
  const value = { a: [1, { b: null }], c: 'x' };
  const copied = copy(value, ['p']);
  assert.deepEqual(copied, value);
  assert.notEqual(copied, value);
  assert.notEqual((copied as typeof value).a, value.a);
  assert.equal(copy(0, ['p']), 0);
  assert.equal(copy(false, ['p']), false);
  assert.equal(copy(null, ['p']), null);
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  for (const bad of [undefined, () => 1, Symbol('s'), 1n, cyclic]) {
    assert.throws(() => copy(bad, ['root', 'const']), (error: unknown) => {
      assert(error instanceof Unsatisfiable);
      assert.equal(error.path, 'root.const');
      assert.equal(error.reason, 'invalid_schema');
      assert.equal(error.detail, 'expected a JSON value');
      return true;
    });
  }
});

test('put defines an own enumerable writable configurable property, even __proto__', () => {
  const target: Record<string, unknown> = {};
  put(target, '__proto__', { polluted: true });
  put(target, 'a', 1);
  assert.equal(Object.getPrototypeOf(target), Object.prototype);
  assert.deepEqual(Object.keys(target), ['__proto__', 'a']);
  assert.deepEqual(Object.getOwnPropertyDescriptor(target, '__proto__'), {
    value: { polluted: true },
    enumerable: true,
    writable: true,
    configurable: true,
  });
  assert.equal(JSON.stringify(target), '{"__proto__":{"polluted":true},"a":1}');
});

test('count reads non-negative integers and rejects the rest precisely', () => {
  assert.equal(maxSize, 10_000);
  assert.equal(count({}, 'minLength', ['p']), undefined);
  assert.equal(count({ minLength: 0 }, 'minLength', ['p']), 0);
  assert.equal(count({ minItems: 10_000 }, 'minItems', ['p']), 10_000);
  assert.equal(count({ maxItems: 10_001 }, 'maxItems', ['p']), 10_001);
  for (const bad of [-1, 1.5, '3', null, true, NaN, Infinity]) {
    assert.throws(() => count({ maxLength: bad }, 'maxLength', ['p']), {
      name: 'Unsatisfiable',
      path: 'p.maxLength',
      reason: 'invalid_schema',
      detail: 'expected a non-negative integer',
      message: 'p.maxLength: expected a non-negative integer',
    });
  }
  for (const key of ['minLength', 'minItems', 'minProperties']) {
    assert.throws(() => count({ [key]: 10_001 }, key, ['s']), {
      name: 'Unsatisfiable',
      path: `s.${key}`,
      reason: 'unsupported_keyword',
      detail: 'sizes above 10000 are not generated',
    });
  }
});

test('window keeps a finite range inside the bounds, near [1, 10]', () => {
  assert.deepEqual(window(-Infinity, Infinity), [1, 10]);
  assert.deepEqual(window(-5, 3), [1, 3]);
  assert.deepEqual(window(0, 50), [1, 10]);
  assert.deepEqual(window(-Infinity, 0), [-9, 0]);
  assert.deepEqual(window(-Infinity, -1), [-10, -1]);
  assert.deepEqual(window(-5, 0), [-5, 0]);
  assert.deepEqual(window(-250, -200), [-209, -200]);
  assert.deepEqual(window(0, 0), [0, 0]);
  assert.deepEqual(window(5, Infinity), [5, 14]);
  assert.deepEqual(window(10, 20), [10, 19]);
  assert.deepEqual(window(0.5, 0.5), [0.5, 0.5]);
  assert.deepEqual(window(1, 1), [1, 1]);
});

test('decimals counts the places of a step, exponents included', () => {
  assert.equal(decimals(1), 0);
  assert.equal(decimals(100), 0);
  assert.equal(decimals(0.1), 1);
  assert.equal(decimals(2.25), 2);
  assert.equal(decimals(1e-7), 7);
  assert.equal(decimals(1.5e-7), 8);
  assert.equal(decimals(1.25e-10), 12);
  assert.equal(decimals(3.4e-193), 194);
  assert.equal(decimals(1e21), 0);
});

test('round keeps the decimals of the step, at most 15', () => {
  assert.equal(round(3 * 0.1, 0.1), 0.3);
  assert.equal(round(0.1 + 0.2, 0.05), 0.3);
  assert.equal(round(7.4, 1), 7);
  assert.equal(round(1.23456789, 0.001), 1.235);
  assert.equal(round(1 / 3, 1e-20), 0.333333333333333);
});

test('isMultiple tolerates float error and nothing more', () => {
  assert.equal(isMultiple(0.3, 0.1), true);
  assert.equal(isMultiple(0.7, 0.1), true);
  assert.equal(isMultiple(-6, 3), true);
  assert.equal(isMultiple(0, 0.5), true);
  assert.equal(isMultiple(0.35, 0.1), false);
  assert.equal(isMultiple(7, 3), false);
  assert.equal(isMultiple(1 + 1e-6, 1), false);
  assert.equal(isMultiple(1 - 1e-6, 1), false);
  assert.equal(isMultiple(1e-9, 1), false);
  assert.equal(isMultiple(1e-10, 1), true);
});

const zodFormats: Record<string, z.ZodType> = {
  email: z.email(),
  uri: z.url(),
  uuid: z.uuid(),
  date: z.iso.date(),
  'date-time': z.iso.datetime(),
  // JSON Schema's time (RFC 3339 full-time) has an offset.
  time: z.string().regex(/^\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$/),
  ipv4: z.ipv4(),
  hostname: z.string().regex(/^[a-z0-9.-]+$/),
  phone: z.e164(),
  byte: z.base64(),
  duration: z.iso.duration(),
};

test('formatted values pass the validators a tool would use', () => {
  forgetFormats();
  for (const [format, schema] of Object.entries(zodFormats)) {
    const seen = new Set<string>();
    for (let seed = 0; seed < 30; seed++) {
      const values = formatted(format, seeded(['format', format, seed]));
      assert(values.length > 0, format);
      const [first] = values;
      seen.add(first!);
      // The preferred value; the others are shorter or longer fallbacks.
      assert(schema.safeParse(first).success, `${format}: ${first}`);
    }
    assert(seen.size > 1, `${format} varies with the seed`);
  }
  for (let seed = 0; seed < 20; seed++) {
    const [v6] = formatted('ipv6', seeded(['v6', seed]));
    assert(z.ipv6().safeParse(v6).success || v6!.includes('::'), v6);
    const [city] = formatted('city', seeded(['city', seed]));
    assert.match(city!, /^[A-Z][a-z]+$/);
    const [name, short] = formatted('name', seeded(['name', seed]));
    assert.match(name!, /^[A-Z][a-z]+ [a-z]+$/);
    assert(words.includes(short!));
    assert.deepEqual(formatted('regex', seeded(['r', seed])), ['^[a-z]+$']);
    const [pointer] = formatted('json-pointer', seeded(['p', seed]));
    assert.match(pointer!, /^\/[a-z]+$/);
  }
  assert.deepEqual(formatted('nonsense', seeded(['x'])), []);
  assert.deepEqual(formatted('toString', seeded(['x'])), []);
});

test('formatted date-times, times, emails and urls offer shorter forms last', () => {
  forgetFormats();
  const [t, ms, offset] = formatted('date-time', seeded(['dt']));
  assert.match(t!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.equal(ms, t!.replace('Z', '.000Z'));
  assert.equal(offset, t!.replace('Z', '+00:00'));
  const [zulu, plain] = formatted('time', seeded(['t']));
  assert.equal(zulu, `${plain}Z`);
  assert.equal(formatted('email', seeded(['e'])).at(-1), 'a@ex.co');
  assert.equal(formatted('url', seeded(['u'])).at(-1), 'https://a.io');
  assert.equal(formatted('idn-hostname', seeded(['h'])).at(-1), 'a.io');
  assert.equal(formatted('byte', seeded(['b'])).at(-1), 'AA==');
  for (let seed = 0; seed < 20; seed++) {
    const [year] = formatted('date', seeded(['d', seed]));
    const y = Number(year!.slice(0, 4));
    assert(y >= 2000 && y <= 2030, year);
  }
});

test('formatOfName reads the words of a property name', () => {
  const cases: [string, string | undefined][] = [
    ['email', 'email'],
    ['customerEmail', 'email'],
    ['reply_mail', 'email'],
    ['homepageUrl', 'uri'],
    ['site', 'uri'],
    ['request-uuid', 'uuid'],
    ['orderId', 'uuid'],
    ['id', 'uuid'],
    ['user_ids', 'uuid'],
    ['createdAt', 'date-time'],
    ['startTime', 'date-time'],
    ['timestamp', 'date-time'],
    ['birthDate', 'date'],
    ['since', 'date'],
    ['phoneNumber', 'phone'],
    ['city', 'city'],
    ['fullName', 'name'],
    ['title', 'name'],
    ['lastUpdatedAt', 'date-time'],
    ['__at', undefined],
    ['fooBar', undefined],
    ['shellCmd', 'command'],
    ['status', undefined],
    ['at', undefined],
    ['idea', undefined],
    ['', undefined],
  ];
  for (const [name, format] of cases) {
    assert.equal(formatOfName(name), format, name);
  }
});

test('formatted values have their exact shapes and ranges', () => {
  forgetFormats();
  const first = (format: string, seed: number) =>
    formatted(format, seeded([format, seed]))[0]!;
  const days = new Set<number>();
  const sizes = new Set<number>();
  const phones = new Set<string>();
  const kinds = new Map<string, Set<string>>();
  for (let seed = 0; seed < 40; seed++) {
    assert.match(first('uri', seed), /^https:\/\/[^/]+/);
    assert.match(
      first('uuid', seed),
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const duration = /^P(\d+)D$/.exec(first('duration', seed));
    assert(duration, 'duration');
    days.add(Number(duration[1]));
    const bytes = first('byte', seed);
    assert(bytes.length >= 4 && bytes.length <= 16, bytes);
    sizes.add(bytes.length);
    const phone = first('phone', seed);
    assert.match(phone, /^\+1555\d{7}$/);
    phones.add(phone);
    assert.match(first('hostname', seed), /^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    assert.match(first('ipv6', seed), /^[0-9a-f:.]*:[0-9a-f:.]*$/);
    assert.match(first('uri-reference', seed), /^\/[a-z]+$/);
    for (const format of ['city', 'name', 'command', 'ipv6', 'hostname']) {
      if (!kinds.has(format)) kinds.set(format, new Set());
      kinds.get(format)!.add(first(format, seed));
    }
  }
  for (const d of days) assert(d >= 1 && d <= 30, String(d));
  assert(days.size > 10);
  assert(sizes.size > 2);
  assert(phones.size > 30);
  assert.deepEqual(
    [...kinds.get('command')!].sort(),
    ['date', 'echo hello', 'ls', 'pwd'],
  );
  for (const [format, seen] of kinds) assert(seen.size > 3, format);
  for (const city of kinds.get('city')!) {
    assert(
      ['Tokyo', 'Paris', 'Lima', 'Oslo', 'Cairo', 'Sydney'].includes(city),
    );
  }
  // Every email is lower-case and passes the plain address check.
  for (let seed = 0; seed < 40; seed++) {
    const email = first('email', seed);
    assert.equal(email, email.toLowerCase());
    assert(z.email().safeParse(email).success, email);
  }
});
