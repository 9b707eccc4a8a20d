import assert from 'node:assert/strict';
import test from 'node:test';
import { seeded } from '../../auto/_random.ts';
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
  decimals,
  formatted,
  isMultiple,
  round,
  window,
  words,
} from '../../auto/_schema_formats.ts';

/** FNV-1a, 32 bits, from its published definition (offset basis, prime). */
function fnv1a(text: string): number {
  let h = 2166136261;
  for (const byte of text) {
    h = (h ^ byte.charCodeAt(0)) >>> 0;
    h = Number((BigInt(h) * 16777619n) % 4294967296n);
  }
  return h;
}

/** mulberry32 from its published definition, seeded with `a`. */
function mulberry32(a: number): () => number {
  return () => {
    a = (a + 0x6D2B79F5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('fnv1a reference matches the published test vectors', () => {
  assert.equal(fnv1a(''), 0x811c9dc5);
  assert.equal(fnv1a('a'), 0xe40c292c);
  assert.equal(fnv1a('foobar'), 0xbf9cf968);
});

test('seeded draws mulberry32 over the FNV-1a hash of the parts joined by NUL', () => {
  for (
    const parts of [
      [],
      ['a'],
      [0],
      ['seed', 3, 'tool'],
      ['', ''],
      ['x'.repeat(40), 12345],
    ] as (string | number)[][]
  ) {
    const random = seeded(parts);
    const reference = mulberry32(fnv1a(parts.map(String).join('\u0000')));
    for (let i = 0; i < 20; i++) {
      assert.equal(
        random.next(),
        reference(),
        `${JSON.stringify(parts)} #${i}`,
      );
    }
  }
});

test('seeded is deterministic and separates its parts', () => {
  const draw = (parts: (string | number)[]): number[] => {
    const random = seeded(parts);
    return Array.from({ length: 5 }, () => random.next());
  };
  assert.deepEqual(draw(['a', 1]), draw(['a', 1]));
  assert.deepEqual(draw(['a', 1]), draw(['a', '1']));
  assert.notDeepEqual(draw(['a', 'b']), draw(['ab']));
  assert.notDeepEqual(draw(['a', 1]), draw(['a', 2]));
  for (const value of draw(['range'])) assert(value >= 0 && value < 1);
});

test('seeded int covers both inclusive ends and nothing outside', () => {
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

test('seeded chance is never true at 0, always at 1, and sometimes at 0.5', () => {
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

test('seeded pick draws every element and rejects an empty list', () => {
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

test('window keeps a finite range inside the bounds, near [0, 100]', () => {
  assert.deepEqual(window(-Infinity, Infinity), [0, 100]);
  assert.deepEqual(window(-5, 3), [0, 3]);
  assert.deepEqual(window(0, 50), [0, 50]);
  assert.deepEqual(window(0, 500), [0, 100]);
  assert.deepEqual(window(-Infinity, 0), [-100, 0]);
  assert.deepEqual(window(-Infinity, -1), [-101, -1]);
  assert.deepEqual(window(-5, 0), [-5, 0]);
  assert.deepEqual(window(-250, -200), [-250, -200]);
  assert.deepEqual(window(0, 0), [0, 0]);
  assert.deepEqual(window(5, Infinity), [5, 105]);
  assert.deepEqual(window(10, 20), [10, 20]);
  assert.deepEqual(window(0.5, 0.5), [0.5, 0.5]);
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

function ranges(
  format: string,
  pattern: RegExp,
  seeds: number,
): Map<number, Set<number>> {
  const groups = new Map<number, Set<number>>();
  for (let seed = 0; seed < seeds; seed++) {
    const first = formatted(format, seeded(['format', seed]))[0];
    const match = pattern.exec(first ?? '');
    assert(match, `${format} seed ${seed}: ${first}`);
    match.slice(1).forEach((group, i) => {
      if (!groups.has(i)) groups.set(i, new Set());
      groups.get(i)?.add(Number(group));
    });
  }
  return groups;
}

const span = (lo: number, hi: number): number[] =>
  Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
const sorted = (set: Set<number> | undefined): number[] =>
  [...set ?? []].sort((a, b) => a - b);

test('formatted dates and times cover their whole ranges', () => {
  const date = ranges('date', /^(\d{4})-(\d{2})-(\d{2})$/, 400);
  assert.deepEqual(sorted(date.get(0)), span(2000, 2030));
  assert.deepEqual(sorted(date.get(1)), span(1, 12));
  assert.deepEqual(sorted(date.get(2)), span(1, 28));
  const time = ranges('time', /^(\d{2}):(\d{2}):(\d{2})Z$/, 400);
  assert.deepEqual(sorted(time.get(0)), span(0, 23));
  assert.deepEqual(sorted(time.get(1)), span(0, 59));
  assert.deepEqual(sorted(time.get(2)), span(0, 59));
});

test('formatted values have the documented shapes, preferred first', () => {
  for (let seed = 0; seed < 60; seed++) {
    const draw = (format: string): string[] =>
      formatted(format, seeded(['shape', seed]));
    const [at, atMillis, atOffset, ...noMore] = draw('date-time');
    assert.equal(noMore.length, 0);
    assert.match(at ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    assert(!Number.isNaN(Date.parse(at ?? '')));
    assert.equal(atMillis, at?.replace('Z', '.000Z'));
    assert.equal(atOffset, at?.replace('Z', '+00:00'));
    assert.equal(Date.parse(atOffset ?? ''), Date.parse(at ?? ''));
    const [date, ...dateMore] = draw('date');
    assert.equal(dateMore.length, 0);
    assert.equal(at?.slice(0, 10), date);
    const [time, bare, offset, ...timeMore] = draw('time');
    assert.equal(timeMore.length, 0);
    assert.equal(time, `${at?.slice(11, 19)}Z`);
    assert.equal(bare, at?.slice(11, 19));
    assert.equal(offset, `${bare}+00:00`);
    for (const format of ['email', 'idn-email']) {
      const [long, short, ...more] = draw(format);
      assert.equal(more.length, 0);
      const [first, second] = (long ?? '').replace('@example.com', '').split(
        '.',
      );
      assert(words.includes(first ?? ''), long);
      assert(words.includes(second ?? ''), long);
      assert.equal(long, `${first}.${second}@example.com`);
      assert.equal(short, `${first?.[0]}@ex.co`);
    }
    for (const format of ['uri', 'url', 'iri']) {
      const [long, short, ...more] = draw(format);
      assert.equal(more.length, 0);
      const word = long?.replace('https://example.com/', '') ?? '';
      assert(words.includes(word), long);
      assert.equal(short, 'https://a.io');
      assert.equal(new URL(long ?? '').hostname, 'example.com');
    }
    for (const format of ['uri-reference', 'iri-reference', 'json-pointer']) {
      const [pointer, ...more] = draw(format);
      assert.equal(more.length, 0);
      assert(words.includes(pointer?.slice(1) ?? ''), pointer);
      assert.equal(pointer?.[0], '/');
    }
    for (const format of ['hostname', 'idn-hostname']) {
      const [long, short, ...more] = draw(format);
      assert.equal(more.length, 0);
      assert(words.includes(long?.replace('.example.com', '') ?? ''), long);
      assert.match(long ?? '', /^[a-z]+\.example\.com$/);
      assert.equal(short, 'a.io');
    }
    const [uuid, ...uuidMore] = draw('uuid');
    assert.equal(uuidMore.length, 0);
    assert.match(
      uuid ?? '',
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const [ipv4, ...ipv4More] = draw('ipv4');
    assert.equal(ipv4More.length, 0);
    assert.match(ipv4 ?? '', /^192\.0\.2\.[1-9]\d{0,2}$/);
    const last = Number(ipv4?.split('.')[3]);
    assert(last >= 1 && last <= 254, ipv4);
    const [ipv6, ...ipv6More] = draw('ipv6');
    assert.equal(ipv6More.length, 0);
    assert.match(ipv6 ?? '', /^2001:db8::(0|[1-9a-f][0-9a-f]{0,3})$/);
    assert.equal(new URL(`http://[${ipv6}]/`).hostname, `[${ipv6}]`);
    const [duration, ...durationMore] = draw('duration');
    assert.equal(durationMore.length, 0);
    const days = Number(/^P(\d+)D$/.exec(duration ?? '')?.[1]);
    assert(days >= 1 && days <= 30, duration);
    assert.deepEqual(draw('byte'), ['aGVsbG8=']);
    assert.equal(atob('aGVsbG8='), 'hello');
    assert.deepEqual(draw('regex'), ['^[a-z]+$']);
    assert.deepEqual(draw('color'), []);
    assert.deepEqual(draw(''), []);
  }
});

test('formatted draws vary with the seed: uuids, words, addresses and days', () => {
  const uuids = new Set<string>();
  const emails = new Set<string>();
  const hexDigits = new Set<string>();
  const variants = new Set<string>();
  const hosts = new Set<string>();
  const days = new Set<number>();
  const ipv6 = new Set<string>();
  for (let seed = 0; seed < 200; seed++) {
    const draw = (format: string): string =>
      formatted(format, seeded(['vary', seed]))[0] ?? '';
    const uuid = draw('uuid');
    uuids.add(uuid);
    for (const c of uuid.replaceAll('-', '')) hexDigits.add(c);
    variants.add(uuid[19] ?? '');
    emails.add(draw('email'));
    hosts.add(draw('ipv4').split('.')[3] ?? '');
    days.add(Number(draw('duration').slice(1, -1)));
    ipv6.add(draw('ipv6'));
  }
  assert.equal(uuids.size, 200);
  assert.equal(hexDigits.size, 16);
  assert.deepEqual([...variants].sort(), ['8', '9', 'a', 'b']);
  assert(emails.size > 100, String(emails.size));
  assert(hosts.size > 100, String(hosts.size));
  assert.deepEqual(sorted(days), span(1, 30));
  assert(ipv6.size > 150, String(ipv6.size));
  const firstWords = new Set<string>();
  for (let seed = 0; seed < 200; seed++) {
    firstWords.add(
      (formatted('hostname', seeded(['w', seed]))[0] ?? '').split('.')[0] ?? '',
    );
  }
  assert.deepEqual([...firstWords].sort(), [...words].sort());
});

test('words are sixteen distinct lower-case words', () => {
  assert.equal(words.length, 16);
  assert.equal(new Set(words).size, 16);
  for (const word of words) assert.match(word, /^[a-z]{5,7}$/);
});

test('formatted ipv6 addresses drop leading zeros of the last group only', () => {
  const groups = new Set<string>();
  for (let seed = 0; seed < 600; seed++) {
    const [address] = formatted('ipv6', seeded(['ipv6', seed]));
    const group = address?.replace('2001:db8::', '') ?? '';
    assert.match(group, /^(0|[1-9a-f][0-9a-f]{0,3})$/, address);
    groups.add(group);
  }
  // Zeros inside the group stay, leading ones go (down to a lone zero).
  assert([...groups].some((g) => g.length === 4 && /0./.test(g)));
  assert([...groups].some((g) => g.length < 4));
});
