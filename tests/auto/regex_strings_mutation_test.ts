import { autoModel, AutoModelSchemaError } from '@scripted/agents/auto';
import assert from 'node:assert/strict';
import test from 'node:test';
import { type Random, seeded } from '../../auto/_random.ts';
import {
  patternRegExp,
  PatternUnsupported,
  stringFromPattern,
} from '../../auto/_regex_strings.ts';
import { request } from '../model/_fixtures.ts';

const anyLength = { minLength: 0, maxLength: Infinity };

let forgotten = 0;
/**
 * The module keeps the last 256 compiled expressions and parse trees; 256
 * patterns it has never seen push every earlier one out, so the test's next
 * calls really compile and parse (the suite, and the mutation runner's
 * worker, share one module instance).
 */
function forgetPatterns(): void {
  const random = seeded(['forget']);
  for (let i = 0; i < 256; i++) {
    const name = `forget${forgotten++}`;
    assert.equal(stringFromPattern(`^${name}$`, random, anyLength), name);
  }
}

function generate(
  pattern: string,
  seed: number,
  bounds = anyLength,
): string {
  return stringFromPattern(pattern, seeded(['regex', seed]), bounds);
}

/**
 * What `pattern` generates for seeds `0..runs-1`, each checked against the
 * pattern and the bounds.
 */
function samples(pattern: string, runs: number, bounds = anyLength): string[] {
  const regex = patternRegExp(pattern);
  const out: string[] = [];
  for (let seed = 0; seed < runs; seed++) {
    const text = generate(pattern, seed, bounds);
    assert.ok(regex.test(text), `${pattern} seed ${seed}: ${text}`);
    const length = Array.from(text).length;
    assert.ok(
      length >= bounds.minLength && length <= bounds.maxLength,
      `${pattern} seed ${seed}: length ${length}`,
    );
    out.push(text);
  }
  return out;
}

function sorted(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}

function charsOf(texts: readonly string[]): string[] {
  return sorted(texts.flatMap((t) => Array.from(t)));
}

function lengthsOf(texts: readonly string[]): number[] {
  return [...new Set(texts.map((t) => Array.from(t).length))].sort((a, b) =>
    a - b
  );
}

const printable: string[] = [];
for (let c = 0x20; c <= 0x7e; c++) printable.push(String.fromCharCode(c));
const between = (from: string, to: string): string[] =>
  printable.filter((c) => c >= from && c <= to);
const digits = between('0', '9');
const word = [...between('a', 'z'), ...between('A', 'Z'), ...digits, '_'];
const without = (chars: readonly string[]): string[] =>
  printable.filter((c) => !chars.includes(c));
const span = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

function rejects(
  pattern: string,
  message: string,
  bounds = anyLength,
): void {
  assert.throws(
    () => stringFromPattern(pattern, seeded(['regex', 0]), bounds),
    (error: unknown) => {
      assert.ok(error instanceof PatternUnsupported, `${pattern}: ${error}`);
      assert.equal(error.name, 'PatternUnsupported');
      assert.equal(error.message, message, pattern);
      return true;
    },
  );
}

test('PatternUnsupported is a named Error carrying the detail as its message', () => {
  const error = new PatternUnsupported('backreferences');
  assert.ok(error instanceof Error);
  assert.equal(error.name, 'PatternUnsupported');
  assert.equal(error.message, 'backreferences');
});

/** Patterns whose whole language a few dozen seeds enumerate. */
const languages: [string, string[]][] = [
  ['^abc$', ['abc']],
  ['abc', ['abc']],
  ['^(yes|no|maybe)$', ['maybe', 'no', 'yes']],
  ['^(?:a|b)(?:c|d)$', ['ac', 'ad', 'bc', 'bd']],
  ['^a|b$', ['a', 'b']],
  ['^(?<pair>ab|cd)-$', ['ab-', 'cd-']],
  ['^(|x)y$', ['xy', 'y']],
  ['^\\s$', [' ']],
  ['^\\t\\n\\r\\f\\v\\0$', ['\t\n\r\f\v\0']],
  ['^[\\b]$', ['\b']],
  ['^\\cJ\\cj[\\cI]$', ['\n\n\t']],
  ['^\\cA\\cZ\\ca\\cz$', ['\x01\x1a\x01\x1a']],
  ['^[\\c1][\\c_][\\cM]$', ['\x11\x1f\r']],
  ['^\\c$', ['\\c']],
  ['a\\c', ['a\\c']],
  ['^(\\c)$', ['\\c']],
  ['^\\c1\\c_$', ['\\c1\\c_']],
  ['^\\c@\\c\\[\\c`\\c{$', ['\\c@\\c[\\c`\\c{']],
  ['^[\\c]$', ['\\', 'c']],
  ['^[\\c-]$', ['-', '\\', 'c']],
  ['^\\c*$', ['\\', '\\c', '\\cc', '\\ccc']],
  ['^[\\0-\\b]$', ['\0']],
  ['^\\x41\\u0042\\u{43}\\u{1F600}\\u{10FFFF}$', ['ABC😀\u{10FFFF}']],
  ['^\\xg\\x4\\xg41$', ['xgx4xg41']],
  ['^\\u-0041\\u12$', ['u-0041u12']],
  ['^\\/\\:\\-\\.\\$$', ['/:-.$']],
  ['^[abc]$', ['a', 'b', 'c']],
  ['^[c-f]$', ['c', 'd', 'e', 'f']],
  ['^[a-a]$', ['a']],
  ['^[a-]$', ['-', 'a']],
  ['^[\\x41-\\x43\\]]$', ['A', 'B', 'C', ']']],
  ['^[\\t-"]$', [' ', '!', '"']],
  ['^[\\u0100-\\u0200]$', ['Ā']],
  ['^[^ -y]$', ['z', '{', '|', '}', '~']],
  ['^[^ -\\]_-~]$', ['^']],
  ['^a{3}$', ['aaa']],
  ['^a{2,2}$', ['aa']],
  ['^a{2,3}$', ['aa', 'aaa']],
  ['^a?$', ['', 'a']],
  ['^a??b{2}?$', ['abb', 'bb']],
  ['^(?:ab){2}$', ['abab']],
  ['^a{,3}$', ['a{,3}']],
  ['^x{y}$', ['x{y}']],
  ['^a{x}b{2}$', ['a{x}bb']],
  ['^{$', ['{']],
  ['^{*}$', ['{{{}', '{{}', '{}', '}']],
];

test('stringFromPattern covers each small language whole and nothing else', () => {
  forgetPatterns();
  for (const [pattern, language] of languages) {
    assert.deepEqual(sorted(samples(pattern, 40)), language, pattern);
  }
});

/** Patterns whose characters come from a set: every member and only them. */
const alphabets: [string, string[]][] = [
  ['^.{20}$', [...between('a', 'z'), ...digits]],
  ['^\\d{20}$', digits],
  ['^\\w{30}$', word],
  ['^\\D{200}$', without(digits)],
  ['^\\W{200}$', without(word)],
  ['^\\S{200}$', without([' '])],
  ['^[^]{50}$', printable],
  ['^[^\\d]{200}$', without(digits)],
  ['^[^a-z]{200}$', without(between('a', 'z'))],
  ['^[\\w\\s]{40}$', [...word, ' ']],
  ['^[\\d-z]{40}$', [...digits, '-', 'z']],
  ['^[\\t-z]{200}$', between(' ', 'z')],
];

test('stringFromPattern draws every member of a class and nothing outside it', () => {
  forgetPatterns();
  for (const [pattern, alphabet] of alphabets) {
    assert.deepEqual(charsOf(samples(pattern, 30)), sorted(alphabet), pattern);
  }
});

test('stringFromPattern repeats as each quantifier allows, lazy or not', () => {
  forgetPatterns();
  const cases: [string, number[]][] = [
    ['^a*$', span(0, 3)],
    ['^a*?$', span(0, 3)],
    ['^a+$', span(1, 4)],
    ['^a+?$', span(1, 4)],
    ['^a{2,}$', span(2, 5)],
    ['^a{2,}?$', span(2, 5)],
    ['^a{2,12}$', span(2, 5)],
    ['^a{12}$', [12]],
    ['^(?:ab)+$', [2, 4, 6, 8]],
    ['^a{1000}$', [1000]],
  ];
  for (const [pattern, lengths] of cases) {
    assert.deepEqual(lengthsOf(samples(pattern, 40)), lengths, pattern);
  }
});

test('stringFromPattern keeps within the length bounds, in code points', () => {
  forgetPatterns();
  assert.deepEqual(
    sorted(samples('^a{0,3}$', 20, { minLength: 3, maxLength: 3 })),
    ['aaa'],
  );
  assert.deepEqual(
    sorted(samples('^a{3}$', 5, { minLength: 3, maxLength: 3 })),
    ['aaa'],
  );
  assert.deepEqual(
    sorted(samples('^\\u{1F600}{2}$', 5, { minLength: 2, maxLength: 2 })),
    ['😀😀'],
  );
  assert.deepEqual(
    sorted(samples('^a{0,3}$', 20, { minLength: 0, maxLength: 1 })),
    ['', 'a'],
  );
});

test('stringFromPattern falls back to minimal repetitions when maxLength needs them', () => {
  forgetPatterns();
  // Free draws (1..4 per "+") almost never give six single letters.
  assert.deepEqual(
    sorted(samples('^(?:a+b+){3}$', 10, { minLength: 0, maxLength: 6 })),
    ['ababab'],
  );
});

test('stringFromPattern falls back to runs of up to 12 more when minLength needs them', () => {
  forgetPatterns();
  const long = samples('^a+$', 60, { minLength: 5, maxLength: Infinity });
  assert.deepEqual(lengthsOf(long), span(5, 13));
  rejects(
    '^a+$',
    'no generated string matched within length 14..Infinity',
    { minLength: 14, maxLength: Infinity },
  );
  rejects(
    '^[a-z]{10}$',
    'no generated string matched within length 0..3',
    { minLength: 0, maxLength: 3 },
  );
});

test('stringFromPattern gives up after 10 attempts in each of its 3 ways', () => {
  forgetPatterns();
  let draws = 0;
  const inner = seeded(['attempts']);
  const counting: Random = {
    next: () => (draws++, inner.next()),
    int: (min, max) => (draws++, inner.int(min, max)),
    chance: (p) => (draws++, inner.chance(p)),
    pick: (items) => (draws++, inner.pick(items)),
  };
  // An anchor inside the pattern can never match: the pattern's one
  // alternative, "a" and "b" are drawn (one pick each) in every one of the
  // 30 attempts, then it gives up.
  assert.throws(
    () => stringFromPattern('a^b', counting, anyLength),
    {
      name: 'PatternUnsupported',
      message: 'no generated string matched within length 0..Infinity',
    },
  );
  assert.equal(draws, 90);
  rejects('a$b', 'no generated string matched within length 0..Infinity');
});

const unsupported: [string, string][] = [
  ['(?=a)a', 'lookaround assertions'],
  ['(?!b)a', 'lookaround assertions'],
  ['(?<=a)b', 'lookaround assertions'],
  ['(?<!a)b', 'lookaround assertions'],
  ['(a)\\1', 'backreferences'],
  ['(a)(b)(c)(d)(e)(f)(g)(h)(i)\\9', 'backreferences'],
  ['(?<n>a)\\k<n>', 'backreferences'],
  ['a\\b', 'word boundaries ("\\b")'],
  ['a\\B', 'word boundaries ("\\B")'],
  ['\\p{L}', 'Unicode property escapes'],
  ['\\P{L}', 'Unicode property escapes'],
  ['[a-\\d]', 'a class range to a set'],
  ['[]', 'a class that matches no printable character'],
  ['[^ -~]', 'a class that matches no printable character'],
  ['a{1001}', 'a repetition above 1000'],
  ['\\u{110000}', 'a code point out of range'],
  ['(', 'an invalid regular expression'],
  ['a**', 'an invalid regular expression'],
  ['[z-a]', 'an invalid regular expression'],
];

test('stringFromPattern reports what it cannot generate, saying what', () => {
  forgetPatterns();
  for (const [pattern, message] of unsupported) rejects(pattern, message);
  assert.throws(() => patternRegExp('('), {
    name: 'PatternUnsupported',
    message: 'an invalid regular expression',
  });
});

test('stringFromPattern allows exactly 200000 generation steps per attempt', () => {
  forgetPatterns();
  // Steps: the root, the outer repeat, then per outer round the group and
  // the inner repeat plus two per "(?:a)" (its group and its letter):
  // 2 + 271 * (2 + 368 * 2) = 200000.
  const exact = '(?:(?:a){368}){271}';
  assert.equal(generate(exact, 0), 'a'.repeat(368 * 271));
  // The anchor is one step more.
  rejects(`^${exact}`, 'more than 200000 generation steps');
});

test('stringFromPattern generates matches up to 100000 characters long', () => {
  forgetPatterns();
  assert.equal(generate('^(?:a{1000}){100}$', 0), 'a'.repeat(100_000));
  rejects('^(?:a{1000}){100}a$', 'a match longer than 100000');
});

test('patternRegExp compiles in Unicode mode when it can, and reuses the last 256', () => {
  forgetPatterns();
  assert.equal(patternRegExp('^\\u{1F600}$').flags, 'u');
  assert.ok(patternRegExp('^\\u{1F600}$').test('😀'));
  assert.equal(patternRegExp('^a{,3}$').flags, '');
  const first = patternRegExp('^cached-0$');
  for (let i = 1; i < 256; i++) patternRegExp(`^cached-${i}$`);
  assert.equal(patternRegExp('^cached-0$'), first, 'still one of the last 256');
  patternRegExp('^cached-256$');
  const again = patternRegExp('^cached-0$');
  assert.notEqual(again, first, 'pushed out by the 257th');
  assert.equal(again.source, first.source);
});

test('autoModel generates pattern strings and names a pattern it cannot generate', async () => {
  forgetPatterns();
  const schema = {
    type: 'object',
    properties: {
      code: { type: 'string', pattern: '^[A-F]{2}-\\d{3}(?:x|y)?$' },
    },
    required: ['code'],
    additionalProperties: false,
  };
  const codes = new Set<string>();
  for (let seed = 0; seed < 10; seed++) {
    const model = autoModel({ seed });
    const response = await model.getResponse(request({
      tools: [{
        type: 'function',
        name: 'probe',
        description: 'Probes.',
        parameters: schema as never,
        strict: true,
      }],
    }));
    const call = response.output[0] as { arguments: string };
    const { code } = JSON.parse(call.arguments) as { code: string };
    assert.match(code, /^[A-F]{2}-\d{3}[xy]?$/);
    codes.add(code);
  }
  assert.equal(codes.size, 10);
  const model = autoModel();
  await assert.rejects(
    model.getResponse(request({
      tools: [{
        type: 'function',
        name: 'probe',
        description: 'Probes.',
        parameters: {
          type: 'object',
          properties: { n: { type: 'string', pattern: '^a{1001}$' } },
          required: ['n'],
          additionalProperties: false,
        } as never,
        strict: true,
      }],
    })),
    (error: unknown) => {
      assert.ok(error instanceof AutoModelSchemaError);
      assert.equal(error.path, 'parameters.properties.n.pattern');
      assert.equal(error.reason, 'unsupported_pattern');
      assert.match(
        error.message,
        /cannot generate a match for "\^a\{1001\}\$": a repetition above 1000/,
      );
      return true;
    },
  );
});
