/**
 * The pieces behind the auto model's first draws, one by one: the
 * attempt-aware bare numbers, the plain format candidates first, the name
 * rule and the values a request offers, the minimal values of a command,
 * the name-only risk rule and the skipped-tools clause.
 *
 * @module
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { drawing } from '../../auto/_draw.ts';
import { offeredValues } from '../../auto/_offered.ts';
import { formatted, isIdentifierName } from '../../auto/_schema_formats.ts';
import { numberValue } from '../../auto/_schema_numbers.ts';
import { stringValue } from '../../auto/_schema_strings.ts';
import { valueFor } from '../../auto/_schema_values.ts';
import { riskOf } from '../../auto/_select.ts';
import { generate } from '../../auto/_generate.ts';
import {
  AutoModelSchemaError,
  AutoModelToolRejectedError,
  skippedClause,
} from '../../auto/errors.ts';

const seeds = Array.from({ length: 100 }, (_, i) => i);
const distinct = (values: unknown[]) =>
  [...new Set(values)].sort((a, b) => Number(a) - Number(b));

test('a bare number is 1 on the first attempt, up to 3 on the second, up to 10 after', () => {
  for (const type of ['number', 'integer']) {
    const byAttempt = (attempt: number | undefined) =>
      distinct(
        seeds.map((seed) =>
          drawing([seed], (draw) =>
            numberValue({ type }, type === 'integer', ['p'], draw, { attempt }))
        ),
      );
    assert.deepEqual(byAttempt(0), [1]);
    assert.deepEqual(byAttempt(1), [1, 2, 3]);
    assert.deepEqual(byAttempt(2), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.deepEqual(byAttempt(9), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // No attempt known: drawn widely from the start.
    assert.deepEqual(byAttempt(undefined), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  }
  // Any bound keyword keeps the bounded draw, even on the first attempt.
  for (
    const key of [
      'minimum',
      'maximum',
      'exclusiveMinimum',
      'exclusiveMaximum',
      'multipleOf',
    ]
  ) {
    const value = key.startsWith('exclusiveMax') || key === 'maximum' ? 40 : 5;
    const values = distinct(seeds.map((seed) =>
      drawing(
        [seed],
        (draw) =>
          numberValue({ type: 'integer', [key]: value }, true, ['p'], draw, {
            attempt: 0,
          }),
      )
    ));
    assert(values.length > 1, `${key}: ${values}`);
  }
});

test('a first attempt puts the plain candidate of an email, URL, host or base64 first', () => {
  const plain: Record<string, string> = {
    email: 'a@ex.co',
    uri: 'https://a.io',
    url: 'https://a.io',
    hostname: 'a.io',
    byte: 'AA==',
  };
  for (const [format, first] of Object.entries(plain)) {
    const wide = drawing([1], (draw) => formatted(format, draw));
    const early = drawing([1], (draw) => formatted(format, draw, 0));
    assert.equal(early[0], first, format);
    assert.equal(wide.at(-1), first, format);
    assert.deepEqual(early.slice(1), wide.slice(0, -1), format);
    assert.deepEqual(drawing([1], (draw) => formatted(format, draw, 1)), wide);
  }
  // Other formats keep their order on a first attempt.
  for (const format of ['date-time', 'phone', 'uuid']) {
    assert.deepEqual(
      drawing([3], (draw) => formatted(format, draw, 0)),
      drawing([3], (draw) => formatted(format, draw)),
    );
  }
  assert.deepEqual(drawing([1], (draw) => formatted('nope', draw, 0)), []);
});

test('isIdentifierName knows the names of things a request may name', () => {
  for (
    const name of [
      'name',
      'skillName',
      'skill',
      'file',
      'filename',
      'file_path',
      'record',
      'slug',
      'key',
      'doc',
      'document',
      'template',
      'project',
      'repo',
      'branch',
    ]
  ) assert(isIdentifierName(name), name);
  for (const name of ['city', 'email', 'orderId', 'count', 'filenames']) {
    assert(!isIdentifierName(name), name);
  }
});

test('offeredValues reads names from instructions, user text and tool outputs, in order', () => {
  assert.deepEqual(
    offeredValues('Use credit-note-fixer, then report_2024.md.', [
      { role: 'user', content: 'Open src/main.ts or notes/todo.md' },
      { role: 'assistant', content: 'skip-this-one' },
      { role: 'user', content: [{ type: 'input_text', text: 'a-b' }, 7] },
      {
        type: 'function_call_result',
        callId: 'c',
        output: { type: 'text', text: 'found lib/x.js and credit-note-fixer' },
      },
      { type: 'function_call', arguments: 'not-offered' },
      'plain-text',
    ]),
    [
      'credit-note-fixer',
      'report_2024.md',
      'src/main.ts',
      'notes/todo.md',
      'a-b',
      'lib/x.js',
      'plain-text',
    ],
  );
  assert.deepEqual(offeredValues(undefined, 'go to page-one'), ['page-one']);
  assert.deepEqual(offeredValues(7, { role: 'user', content: 3 }), []);
  // A name needs a letter and a separator: no numbers, no single words.
  assert.deepEqual(offeredValues('v1.2 is 3.14 or word', []), ['v1.2']);
  assert.deepEqual(offeredValues('2024-01-02 and 1.5', []), []);
  // At most 64 values.
  const many = Array.from({ length: 80 }, (_, i) => `n-${i}`).join(' ');
  const values = offeredValues(many, []);
  assert.equal(values.length, 64);
  assert.equal(values.at(-1), 'n-63');
});

test('a name-like string takes the offered value of its attempt that fits', () => {
  const draw = (
    schema: Record<string, unknown>,
    hint: string | undefined,
    context: Record<string, unknown>,
  ) =>
    drawing(
      [1],
      (d) =>
        stringValue({ type: 'string', ...schema }, ['p'], d, hint, context),
    );
  const offered = ['alpha-one', 'beta-two', 'gamma-three'];
  assert.equal(draw({}, 'name', { offered }), 'alpha-one');
  assert.equal(draw({}, 'name', { offered, attempt: 0 }), 'alpha-one');
  assert.equal(draw({}, 'name', { offered, attempt: 2 }), 'gamma-three');
  // Past the offered values: a drawn value.
  assert(!offered.includes(draw({}, 'name', { offered, attempt: 3 })));
  // The first that fits the length and the pattern.
  assert.equal(draw({ maxLength: 8 }, 'name', { offered }), 'beta-two');
  assert.equal(draw({ minLength: 10 }, 'name', { offered }), 'gamma-three');
  assert.equal(draw({ pattern: '^g' }, 'skill', { offered }), 'gamma-three');
  // Not for other names, a declared format, or no name at all.
  assert(!offered.includes(draw({}, 'city', { offered })));
  assert(!offered.includes(draw({ format: 'uuid' }, 'name', { offered })));
  assert(!offered.includes(draw({}, undefined, { offered })));
});

test('a minimal value leaves optional fields out and nullable ones null', () => {
  const schema = {
    type: 'object',
    properties: {
      cmd: { type: 'string' },
      workdir: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      shell: { type: ['string', 'null'] },
      note: { type: 'string' },
    },
    required: ['cmd', 'workdir', 'shell'],
  };
  for (const seed of seeds) {
    const value = drawing(
      [seed],
      (draw) => valueFor(schema, draw, 'parameters', { minimal: true }),
    ) as Record<string, unknown>;
    assert.deepEqual(Object.keys(value), ['cmd', 'workdir', 'shell']);
    assert.equal(value.workdir, null);
    assert.equal(value.shell, null);
    assert(['pwd', 'ls', 'echo hello', 'date'].includes(String(value.cmd)));
  }
  // Not minimal: the nullable fields get values.
  const full = drawing(
    [1],
    (draw) => valueFor(schema, draw, 'parameters', { minimal: false }),
  ) as Record<string, unknown>;
  assert.equal(typeof full.workdir, 'string');
  assert.equal(typeof full.shell, 'string');
});

test('riskOf reads the name only', () => {
  const cases: [string, string | undefined][] = [
    ['exec_command', 'runs_commands'],
    ['run_script', 'runs_commands'],
    ['get_shell', 'runs_commands'],
    ['edit_file', 'changes_files'],
    ['replace', 'changes_files'],
    ['updated', 'changes_files'],
    ['appending', 'changes_files'],
    ['saves', 'changes_files'],
    ['insert', 'changes_files'],
    ['erase', 'changes_files'],
    ['purge', 'changes_files'],
    ['wipe', 'changes_files'],
    ['destroy', 'changes_files'],
    ['clean', 'changes_files'],
    ['cleanup', 'changes_files'],
    ['drop_table', 'changes_files'],
    ['truncate', 'changes_files'],
    ['renames', 'changes_files'],
    ['get_updates', undefined],
    ['summarize_findings', undefined],
    ['write_up', 'changes_files'],
    ['', undefined],
    ['editor_theme', undefined],
  ];
  for (const [name, risk] of cases) assert.equal(riskOf(name), risk, name);
});

test('generate checks each draw, each an attempt further, and maps an unsatisfiable schema', () => {
  const where = { root: 'parameters', toolName: 't', callIndex: 2 };
  const schema = {
    type: 'object',
    properties: { n: { type: 'number' } },
    required: ['n'],
  };
  const seen: number[] = [];
  const check = {
    safeParse: (value: unknown) => {
      const n = (value as { n: number }).n;
      seen.push(n);
      return { success: n >= 4 };
    },
  };
  const text = generate(schema, [1], where, { attempt: 0 }, check);
  assert(JSON.parse(text).n >= 4);
  assert.equal(seen[0], 1);
  assert(seen[1]! <= 3);
  assert.equal(seen.at(-1), JSON.parse(text).n);
  // Without a check: one draw, the attempt as given.
  assert.equal(generate(schema, [1], where, { attempt: 0 }), '{"n":1}');
  assert.equal(
    generate(schema, [1], where),
    JSON.stringify(drawing([1], (d) => valueFor(schema, d, 'parameters'))),
  );
  // A check that passes at once keeps the first draw.
  assert.equal(
    generate(schema, [1], where, { attempt: 0 }, {
      safeParse: () => ({ success: true }),
    }),
    '{"n":1}',
  );
  assert.throws(
    () => generate({ not: {} }, [1], where),
    (error: unknown) => {
      assert(error instanceof AutoModelSchemaError);
      assert.equal(error.toolName, 't');
      assert.equal(error.callIndex, 2);
      assert.equal(error.path, 'parameters.not');
      assert.equal(error.reason, 'unsupported_keyword');
      return true;
    },
  );
  const boom = new TypeError('boom');
  assert.throws(
    () =>
      generate(schema, [1], where, {}, {
        safeParse: () => {
          throw boom;
        },
      }),
    (error) => error === boom,
  );
});

test('skippedClause names each skipped tool and its reason, or nothing', () => {
  assert.equal(skippedClause([]), '');
  assert.equal(
    skippedClause([
      { name: 'delete_file', reason: 'changes_files' },
      { name: 'shell', reason: 'not_opted_in' },
    ]),
    '; not called: "delete_file" (changes_files), "shell" (not_opted_in)',
  );
  const error = new AutoModelToolRejectedError({
    toolName: 'x',
    attempts: [{ arguments: '{}', output: 'no' }],
    callIndex: 1,
  });
  assert.deepEqual(error.skipped, []);
  assert(Object.isFrozen(error.skipped));
  assert.equal(
    error.message,
    'Auto model call 1: expected tool "x" to run, it rejected all 1 argument sets tried: {} -> "no"',
  );
});
