/**
 * The schema drift lint's JSON Schema keywords, one by one, through
 * `lintScript` with tools whose parameters are written as JSON schema; and
 * the run snapshot's canonical order of tool results.
 */
import { Agent, tool } from '@openai/agents';
import { functionCall } from '@scripted/agents';
import { lintScript, runSnapshot } from '@scripted/agents/assert';
import assert from 'node:assert/strict';
import test from 'node:test';

function issuesFor(schema: Record<string, unknown>, args: unknown) {
  const probe = tool({
    name: 'probe',
    description: 'Probe',
    parameters: { type: 'object', ...schema } as never,
    strict: false,
    execute: () => 'ok',
  });
  const agent = new Agent({ name: 'A', tools: [probe] });
  const report = lintScript(agent, [[
    functionCall('probe', JSON.stringify(args), { callId: 'c' }),
  ]]);
  return report.problems.map((p) => [p.path, p.expected, p.received]);
}

test('Types: each JSON type, integers as numbers, a list of types', () => {
  const props = {
    properties: {
      s: { type: 'string' },
      n: { type: 'number' },
      i: { type: 'integer' },
      b: { type: 'boolean' },
      z: { type: 'null' },
      a: { type: 'array' },
      o: { type: 'object' },
      either: { type: ['string', 'null'] },
    },
  };
  assert.deepEqual(
    issuesFor(props, {
      s: 'x',
      n: 2.5,
      i: 3,
      b: false,
      z: null,
      a: [],
      o: {},
      either: null,
    }),
    [],
  );
  assert.deepEqual(
    issuesFor(props, {
      s: 1,
      n: 'x',
      i: 1.5,
      b: 0,
      z: false,
      a: {},
      o: [],
      either: 1,
    }),
    [
      ['s', 'a value of type string', '1'],
      ['n', 'a value of type number', '"x"'],
      ['i', 'a value of type integer', '1.5'],
      ['b', 'a value of type boolean', '0'],
      ['z', 'a value of type null', 'false'],
      ['a', 'a value of type array', 'an object'],
      ['o', 'a value of type object', 'an array of 0'],
      ['either', 'a value of type string or null', '1'],
    ],
  );
});

test('enum, const, bounds and patterns name what they want', () => {
  const props = {
    properties: {
      e: { enum: ['C', 'F'] },
      c: { const: { v: 1 } },
      short: { type: 'string', minLength: 2, maxLength: 3 },
      code: { type: 'string', pattern: '^\\p{Lu}+$' },
      broken: { type: 'string', pattern: '(' },
      n: { type: 'number', minimum: 1, maximum: 9 },
      x: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 },
      list: { type: 'array', minItems: 1, maxItems: 2 },
    },
  };
  const fine = {
    e: 'C',
    c: { v: 1 },
    short: 'ab',
    code: 'AB',
    broken: 'x',
    n: 1,
    x: 5,
    list: [1],
  };
  assert.deepEqual(issuesFor(props, fine), []);
  assert.deepEqual(issuesFor(props, { ...fine, short: 'abc', n: 9 }), []);
  assert.deepEqual(
    issuesFor(props, {
      e: 'K',
      c: { v: 2 },
      short: 'a',
      code: 'ab',
      broken: 'x',
      n: 0,
      x: 0,
      list: [],
    }),
    [
      ['e', 'one of "C", "F"', '"K"'],
      ['c', 'an object', 'an object'],
      ['short', 'a string of at least 2 characters', '"a"'],
      ['code', 'a string matching /^\\p{Lu}+$/', '"ab"'],
      ['n', 'at least 1', '0'],
      ['x', 'more than 0', '0'],
      ['list', 'an array of at least 1 items', 'an array of 0'],
    ],
  );
  assert.deepEqual(
    issuesFor(props, { ...fine, short: 'abcd', n: 10, x: 10, list: [1, 2, 3] })
      .map(([path, expected]) => [path, expected]),
    [
      ['short', 'a string of at most 3 characters'],
      ['n', 'at most 9'],
      ['x', 'less than 10'],
      ['list', 'an array of at most 2 items'],
    ],
  );
});

test('Objects: required, extra properties, additionalProperties schemas', () => {
  const closed = {
    properties: { a: { type: 'string' } },
    required: ['a', 'b'],
    additionalProperties: false,
  };
  assert.deepEqual(issuesFor(closed, { c: 1 }), [
    ['a', 'a required property', 'undefined'],
    ['b', 'a required property', 'undefined'],
    ['c', 'no such property', '1'],
  ]);
  const typed = {
    properties: {},
    additionalProperties: { type: 'number' },
  };
  assert.deepEqual(issuesFor(typed, { x: 1, y: 'no' }), [
    ['y', 'a value of type number', '"no"'],
  ]);
  // A property named like an index or with a dot is quoted in the path.
  assert.deepEqual(
    issuesFor({ properties: { 'a.b': { type: 'string' } } }, { 'a.b': 1 })
      .map(([path]) => path),
    ['["a.b"]'],
  );
});

test('Arrays: items, tuple items and prefixItems, with indexes in the path', () => {
  assert.deepEqual(
    issuesFor({
      properties: {
        list: { type: 'array', items: { type: 'number' } },
        pair: {
          type: 'array',
          prefixItems: [{ type: 'string' }],
          items: { type: 'number' },
        },
        tuple: {
          type: 'array',
          items: [{ type: 'string' }, { type: 'boolean' }],
        },
      },
    }, { list: [1, 'x'], pair: ['a', 'b'], tuple: ['a', 1] }),
    [
      ['list[1]', 'a value of type number', '"x"'],
      ['pair[1]', 'a value of type number', '"b"'],
      ['tuple[1]', 'a value of type boolean', '1'],
    ],
  );
});

test('Combinators and references: anyOf, oneOf, allOf, not, $ref, false', () => {
  const schema = {
    $defs: { city: { type: 'string', minLength: 2 } },
    definitions: { count: { type: 'integer' } },
    properties: {
      any: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      one: { oneOf: [{ $ref: '#/$defs/city' }, { type: 'null' }] },
      all: { allOf: [{ type: 'number' }, { minimum: 5 }] },
      not: { not: { type: 'string' } },
      ref: { $ref: '#/definitions/count' },
      never: false,
      always: true,
      external: { $ref: 'https://example.com/schema' },
    },
  };
  assert.deepEqual(
    issuesFor(schema, {
      any: 1,
      one: 'Oslo',
      all: 6,
      not: 1,
      ref: 2,
      always: 'x',
      external: 1,
    }),
    [],
  );
  assert.deepEqual(
    issuesFor(schema, {
      any: true,
      one: 'O',
      all: 4,
      not: 's',
      ref: 2.5,
      never: 1,
    }),
    [
      ['any', 'a value matching one of 2 schemas', 'true'],
      [
        'one',
        'a value matching exactly one of 2 schemas (it matches 0)',
        '"O"',
      ],
      ['all', 'at least 5', '4'],
      ['not', 'a value not matching the "not" schema', '"s"'],
      ['ref', 'a value of type integer', '2.5'],
      ['never', 'nothing (the schema allows no value)', '1'],
    ],
  );
  // A reference with an escaped name.
  assert.deepEqual(
    issuesFor({
      $defs: { 'a/b': { type: 'string' } },
      properties: { v: { $ref: '#/$defs/a~1b' } },
    }, { v: 1 }),
    [['v', 'a value of type string', '1']],
  );
});

test('A reference loop is cut at a depth, never a stack overflow', () => {
  assert.deepEqual(issuesFor({ $ref: '#' }, { a: 1 }), []);
  assert.deepEqual(
    issuesFor({
      properties: { next: { $ref: '#' }, v: { type: 'string' } },
    }, { next: { next: { v: 1 } } }),
    [['next.next.v', 'a value of type string', '1']],
  );
  // A schema that is null or a number constrains nothing.
  assert.deepEqual(
    issuesFor({ properties: { x: null, y: 3 } }, { x: 1, y: 2 }),
    [],
  );
  // A `#` reference resolves against the document, even inside a
  // sub-schema with definitions of its own (as the specification says).
  assert.deepEqual(
    issuesFor({
      $defs: { v: { type: 'string' } },
      properties: {
        x: { anyOf: [{ $defs: { v: { type: 'number' } }, $ref: '#/$defs/v' }] },
      },
    }, { x: 1 }),
    [['x', 'a value matching one of 1 schemas', '1']],
  );
});

test('At most 20 issues per call, and arguments that are not JSON', () => {
  const many = Object.fromEntries(
    Array.from({ length: 30 }, (_, i) => [`p${i}`, { type: 'string' }]),
  );
  assert.equal(
    issuesFor(
      { properties: many },
      Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`p${i}`, i])),
    ).length,
    20,
  );
  const probe = tool({
    name: 'probe',
    description: 'Probe',
    parameters: { type: 'object', properties: {} } as never,
    strict: false,
    execute: () => 'ok',
  });
  const report = lintScript(new Agent({ name: 'A', tools: [probe] }), [[
    { ...functionCall('probe', {}, { callId: 'c' }), arguments: '{oops' },
    functionCall('probe', '', { callId: 'd' }),
  ]]);
  assert.deepEqual(
    report.problems.map((
      p,
    ) => [p.kind, p.item, p.path, p.expected, p.received]),
    [['invalid_arguments', 0, '', 'arguments as JSON text', '"{oops"']],
  );
});

test('The snapshot puts tool results in the order their calls were made', () => {
  const call = (id: string) => ({
    type: 'tool_call_item',
    rawItem: { type: 'function_call', name: 't', callId: id, arguments: '{}' },
  });
  const result = (id: string) => ({
    type: 'tool_call_output_item',
    rawItem: { type: 'function_call_result', callId: id },
    output: id,
  });
  const message = { type: 'message_output_item', rawItem: { type: 'message' } };
  const snapshot = runSnapshot({
    newItems: [
      call('x2'),
      call('x1'),
      result('x1'),
      result('zz'),
      result('x2'),
      message,
      result('c'),
      result('a'),
      result('b'),
    ],
  });
  assert.deepEqual(
    snapshot.items.map((item) => {
      const raw = (item as { rawItem: { callId?: string } }).rawItem;
      return `${(item as { type: string }).type}:${raw.callId ?? ''}`;
    }),
    [
      'tool_call_item:<id 1>',
      'tool_call_item:<id 2>',
      'tool_call_output_item:<id 1>',
      'tool_call_output_item:<id 2>',
      'tool_call_output_item:<id 3>',
      'message_output_item:',
      'tool_call_output_item:<id 4>',
      'tool_call_output_item:<id 5>',
      'tool_call_output_item:<id 6>',
    ],
  );
  // Unknown calls sort by call id: zz after the known ones, a before b.
  assert.deepEqual(
    snapshot.items.slice(2, 5).map((item) =>
      (item as { output: string }).output
    ),
    ['x2', 'x1', 'zz'],
  );
  assert.deepEqual(
    snapshot.items.slice(6).map((item) => (item as { output: string }).output),
    ['a', 'b', 'c'],
  );
  // The model's input is ordered the same way.
  const input = [
    { type: 'function_call', callId: 'k3' },
    { type: 'function_call', callId: 'k2' },
    { type: 'function_call', callId: 'k1' },
    { type: 'function_call_result', callId: 'k1', output: 'one' },
    { type: 'function_call_result', callId: 'k2', output: 'two' },
    { type: 'function_call_result', callId: 'k3', output: 'three' },
  ];
  const withModel = runSnapshot({ newItems: [] }, {
    models: [{
      calls: [{ index: 0, streamed: false, request: { input } as never }],
    }],
  });
  const ordered =
    (withModel.modelCalls[0]![0] as { input: { output?: string }[] })
      .input.map((item) => item.output ?? '-');
  assert.deepEqual(ordered, ['-', '-', '-', 'three', 'two', 'one']);
});
