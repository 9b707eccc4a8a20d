/**
 * The keywords the hand-written checker got wrong, now checked by
 * `@cfworker/json-schema`: `oneOf` (a value matching both branches fails),
 * `const` and `enum` with reordered keys (pass), `uniqueItems` and
 * `multipleOf`; the draft from `$schema`; and what the validator cannot
 * use. Through `lintScript` and `assertScriptMatches`, with real tools.
 */
import { Agent, tool } from '@openai/agents';
import { functionCall } from '@scripted/agents';
import {
  assertScriptMatches,
  lintScript,
  ScriptDriftError,
} from '@scripted/agents/assert';
import assert from 'node:assert/strict';
import test from 'node:test';

function agentWith(parameters: Record<string, unknown>) {
  const probe = tool({
    name: 'probe',
    description: 'Probe',
    parameters: parameters as never,
    strict: false,
    execute: () => 'ok',
  });
  return new Agent({ name: 'A', tools: [probe] });
}

function scriptOf(args: unknown) {
  return [[functionCall('probe', JSON.stringify(args), { callId: 'c' })]];
}

function problems(parameters: Record<string, unknown>, args: unknown) {
  return lintScript(agentWith(parameters), scriptOf(args)).problems.map((
    p,
  ) => [
    p.kind,
    p.step,
    p.item,
    p.agent,
    p.name,
    p.path,
    p.expected,
    p.received,
  ]);
}

/** The same problems through `assertScriptMatches` (or none). */
function asserted(parameters: Record<string, unknown>, args: unknown) {
  try {
    assertScriptMatches(agentWith(parameters), scriptOf(args));
    return [];
  } catch (error) {
    assert(error instanceof ScriptDriftError);
    return error.problems.map((p) => [p.path, p.expected, p.received]);
  }
}

const object = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
});

test('oneOf: a value matching both branches fails, one branch passes', () => {
  const schema = object({
    v: { oneOf: [{ type: 'number' }, { type: 'integer' }] },
  });
  assert.deepEqual(problems(schema, { v: 1.5 }), []);
  assert.deepEqual(problems(schema, { v: 2 }), [[
    'invalid_arguments',
    0,
    0,
    'A',
    'probe',
    'v',
    'a value matching exactly one of 2 schemas (it matches 2)',
    '2',
  ]]);
  assert.deepEqual(asserted(schema, { v: 2 }), [[
    'v',
    'a value matching exactly one of 2 schemas (it matches 2)',
    '2',
  ]]);
  assert.deepEqual(asserted(schema, { v: 'x' }), [[
    'v',
    'a value matching exactly one of 2 schemas (it matches 0)',
    '"x"',
  ]]);
});

test('const and enum compare values, not key order', () => {
  const schema = object({
    c: { const: { a: 1, b: 2 } },
    e: { enum: [{ x: 1, y: [1, 2] }, 'z'] },
  });
  assert.deepEqual(
    problems(schema, { c: { b: 2, a: 1 }, e: { y: [1, 2], x: 1 } }),
    [],
  );
  assert.deepEqual(asserted(schema, { c: { b: 2, a: 1 } }), []);
  assert.deepEqual(asserted(schema, { c: { a: 1, b: 3 }, e: { x: 1 } }), [
    ['c', 'an object', 'an object'],
    ['e', 'one of an object, "z"', 'an object'],
  ]);
  // An array's order does count.
  assert.deepEqual(asserted(object({ c: { const: [1, 2] } }), { c: [2, 1] }), [
    ['c', 'an array of 2', 'an array of 2'],
  ]);
});

test('uniqueItems rejects a repeated item, by value', () => {
  const schema = object({ list: { type: 'array', uniqueItems: true } });
  assert.deepEqual(problems(schema, { list: [1, 2, { a: 1 }] }), []);
  assert.deepEqual(
    asserted(schema, { list: [{ a: 1, b: 2 }, { b: 2, a: 1 }] }),
    [
      ['list', 'an array of unique items', 'an array of 2'],
    ],
  );
  assert.deepEqual(asserted(schema, { list: [1, 1] }), [
    ['list', 'an array of unique items', 'an array of 2'],
  ]);
  // `uniqueItems: false` allows repeats.
  assert.deepEqual(
    asserted(object({ list: { type: 'array', uniqueItems: false } }), {
      list: [1, 1],
    }),
    [],
  );
});

test('multipleOf, decimals included', () => {
  const schema = object({
    n: { type: 'number', multipleOf: 0.1 },
    k: { type: 'integer', multipleOf: 5 },
  });
  assert.deepEqual(problems(schema, { n: 0.3, k: 10 }), []);
  assert.deepEqual(asserted(schema, { n: 0.35, k: 12 }), [
    ['n', 'a multiple of 0.1', '0.35'],
    ['k', 'a multiple of 5', '12'],
  ]);
});

test('The draft comes from $schema: draft-04 booleans bound a number', () => {
  const draft4 = {
    $schema: 'http://json-schema.org/draft-04/schema#',
    ...object({
      n: { type: 'number', maximum: 2, exclusiveMaximum: true },
      m: { type: 'number', minimum: 1, exclusiveMinimum: true },
    }),
  };
  assert.deepEqual(asserted(draft4, { n: 1.5, m: 1.5 }), []);
  assert.deepEqual(asserted(draft4, { n: 2, m: 1 }), [
    ['n', 'less than 2', '2'],
    ['m', 'more than 1', '1'],
  ]);
  // Draft 7 ignores the siblings of a $ref; 2020-12 checks them.
  const sibling = (uri: string | undefined) => ({
    ...(uri === undefined ? {} : { $schema: uri }),
    definitions: { n: { type: 'number' } },
    ...object({ v: { $ref: '#/definitions/n', minimum: 5 } }),
  });
  assert.deepEqual(
    asserted(sibling('http://json-schema.org/draft-07/schema#'), { v: 1 }),
    [],
  );
  for (
    const uri of [
      undefined,
      'https://json-schema.org/draft/2020-12/schema',
      'https://json-schema.org/draft/2019-09/schema',
    ]
  ) {
    assert.deepEqual(asserted(sibling(uri), { v: 1 }), [
      ['v', 'at least 5', '1'],
    ], uri);
  }
});

test('Keywords the old checker ignored: patternProperties, if/then, format', () => {
  assert.deepEqual(
    asserted({
      type: 'object',
      patternProperties: { '^n_': { type: 'number' } },
      if: { properties: { kind: { const: 'a' } }, required: ['kind'] },
      then: { required: ['a'] },
    }, { kind: 'a', n_1: 'x' }),
    [
      ['a', 'a required property', 'undefined'],
      ['n_1', 'a value of type number', '"x"'],
    ],
  );
  assert.deepEqual(
    asserted(object({ when: { type: 'string', format: 'date' } }), {
      when: 'soon',
    }),
    [['when', 'a string of format "date"', '"soon"']],
  );
  assert.deepEqual(
    asserted({ ...object({}), minProperties: 2, maxProperties: 0 }, { a: 1 }),
    [
      ['', 'an object of at least 2 properties', 'an object'],
      ['', 'an object of at most 0 properties', 'an object'],
    ],
  );
});

test('A failed combinator is one problem; a false schema after another keyword', () => {
  assert.deepEqual(
    asserted(
      object({
        v: {
          anyOf: [{ type: 'string' }, false, { properties: { a: false } }],
        },
        w: { not: { type: 'number' } },
        x: { type: 'array', contains: { type: 'string' } },
      }),
      { v: { a: 1 }, w: 2, x: [1] },
    ),
    [
      ['v', 'a value matching one of 3 schemas', 'an object'],
      ['w', 'a value not matching the "not" schema', '2'],
      ['x', 'Array does not contain item matching schema.', 'an array of 1'],
    ],
  );
  assert.deepEqual(
    asserted({
      ...object({ a: { type: 'array', items: false } }),
      additionalProperties: false,
    }, { a: [1], b: 2 }),
    [
      ['a[0]', 'nothing (the schema allows no value)', '1'],
      ['b', 'no such property', '2'],
    ],
  );
});

test('What the validator cannot use is not checked, and the schema is not marked', () => {
  const parameters = object({
    broken: { type: 'string', pattern: '(' },
    odd: 7 as never,
    n: { type: 'number' },
  });
  assert.deepEqual(asserted(parameters, { broken: 'x', odd: 1, n: 'x' }), [
    ['n', 'a value of type number', '"x"'],
  ]);
  // The tool's own schema gets none of the validator's marks.
  const agent = agentWith(parameters);
  lintScript(agent, scriptOf({ n: 1 }));
  const tool = agent.tools[0] as unknown as { parameters: object };
  assert.deepEqual(Object.getOwnPropertyNames(tool.parameters).sort(), [
    'properties',
    'type',
  ]);
  // An unresolvable reference: the value is not checked.
  assert.deepEqual(
    asserted(object({ v: { $ref: '#/$defs/missing' } }), { v: 1 }),
    [],
  );
});
