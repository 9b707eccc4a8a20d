import {
  autoModel,
  AutoModelSchemaError,
  type AutoModelSchemaReason,
} from '@scripted/agents/auto';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';
import { at } from '../_support/at.ts';
import { request } from '../model/_fixtures.ts';

/** The arguments autoModel generates for one raw tool schema. */
async function argsFor(parameters: unknown, seed = 0): Promise<unknown> {
  const model = autoModel({ seed });
  const response = await model.getResponse(request({
    tools: [{
      type: 'function',
      name: 'probe',
      description: 'Probes.',
      parameters: parameters as never,
      strict: false,
    }],
  }));
  const call = response.output[0] as { type: string; arguments: string };
  assert.equal(call.type, 'function_call');
  return JSON.parse(call.arguments);
}

function object(properties: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

const valid: [string, Record<string, unknown>][] = [
  [
    'formats',
    object({
      at: { type: 'string', format: 'date-time' },
      day: { type: 'string', format: 'date' },
      time: { type: 'string', format: 'time' },
      email: { type: 'string', format: 'email' },
      uri: { type: 'string', format: 'uri' },
      uuid: { type: 'string', format: 'uuid' },
      host: { type: 'string', format: 'hostname' },
      ipv4: { type: 'string', format: 'ipv4' },
      ipv6: { type: 'string', format: 'ipv6' },
      duration: { type: 'string', format: 'duration' },
    }),
  ],
  [
    'lengths and patterns',
    object({
      short: { type: 'string', minLength: 2, maxLength: 2 },
      long: { type: 'string', minLength: 30 },
      empty: { type: 'string', maxLength: 0 },
      code: { type: 'string', pattern: '^[A-F0-9]{2}(:[A-F0-9]{2}){5}$' },
      slug: { type: 'string', pattern: '^[a-z]+(?:-[a-z]+)*$', maxLength: 12 },
      either: { type: 'string', pattern: '^(yes|no|maybe)$' },
      unanchored: { type: 'string', pattern: 'id_\\d+' },
      escaped: { type: 'string', pattern: '^\\$\\d+\\.\\d{2}$' },
      negated: { type: 'string', pattern: '^[^a-z]{3}$' },
    }),
  ],
  [
    'numbers',
    object({
      int: { type: 'integer', minimum: -5, maximum: -3 },
      open: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 0.001 },
      step: { type: 'number', minimum: 0.3, maximum: 0.7, multipleOf: 0.1 },
      intStep: { type: 'integer', multipleOf: 0.5, minimum: 3 },
      big: { type: 'integer', minimum: 1e12 },
      negative: { type: 'number', maximum: -1000 },
      exact: { type: 'integer', minimum: 7, maximum: 7 },
      tiny: { type: 'number', multipleOf: 3.4e-193 },
    }),
  ],
  [
    'arrays',
    object({
      tuple: {
        type: 'array',
        prefixItems: [{ type: 'string' }, { type: 'integer' }],
        items: false,
      },
      oldTuple: {
        type: 'array',
        items: [{ type: 'boolean' }, { const: 'x' }],
        minItems: 2,
        additionalItems: false,
      },
      unique: {
        type: 'array',
        items: { enum: ['a', 'b', 'c'] },
        minItems: 3,
        uniqueItems: true,
      },
      exact: {
        type: 'array',
        items: { type: 'null' },
        minItems: 4,
        maxItems: 4,
      },
      anything: { type: 'array' },
    }),
  ],
  ['objects', {
    type: 'object',
    properties: {
      nested: object({ deeper: object({ leaf: { type: 'boolean' } }) }),
      map: {
        type: 'object',
        additionalProperties: { type: 'integer' },
        minProperties: 2,
      },
      open: { type: 'object', required: ['free'] },
    },
    required: ['nested', 'map', 'open'],
  }],
  [
    'combinators',
    object({
      any: { anyOf: [{ type: 'string', minLength: 3 }, { type: 'integer' }] },
      one: {
        oneOf: [
          object({ kind: { const: 'a' } }),
          object({ kind: { const: 'b' }, n: { type: 'number' } }),
        ],
      },
      all: {
        allOf: [
          {
            type: 'object',
            properties: { a: { type: 'string' } },
            required: ['a'],
          },
          { properties: { b: { type: 'integer' } }, required: ['b'] },
        ],
      },
      nullable: { type: 'string', nullable: true },
      typeArray: { type: ['integer', 'null'], minimum: 2 },
      anyType: {},
      trueSchema: true,
    }),
  ],
  ['recursive refs', {
    $defs: {
      node: {
        type: 'object',
        properties: {
          value: { type: 'integer' },
          children: { type: 'array', items: { $ref: '#/$defs/node' } },
        },
        required: ['value', 'children'],
        additionalProperties: false,
      },
    },
    ...object({ root: { $ref: '#/$defs/node' } }),
  }],
];

for (const [label, schema] of valid) {
  test(`autoModel generates values its JSON schema accepts: ${label}`, async () => {
    const validator = z.fromJSONSchema(schema as never);
    for (let seed = 0; seed < 25; seed++) {
      const args = await argsFor(schema, seed);
      const parsed = validator.safeParse(args);
      assert(
        parsed.success,
        `seed ${seed}: ${JSON.stringify(args)}: ${parsed.error?.message}`,
      );
    }
  });
}

test('autoModel resolves definitions and escaped JSON pointers', async () => {
  const schema = {
    definitions: {
      'a/b': { type: 'string', enum: ['x'] },
      'c~d': { const: 1 },
    },
    ...object({
      slash: { $ref: '#/definitions/a~1b' },
      tilde: { $ref: '#/definitions/c~0d' },
      root: { type: 'array', maxItems: 0, items: { $ref: '#' } },
    }),
  };
  assert.deepEqual(await argsFor(schema), { slash: 'x', tilde: 1, root: [] });
});

test('autoModel stays bounded on extreme numbers and nested empty repetitions', async () => {
  const args = await argsFor(object({
    huge: { type: 'integer', minimum: 1e300 },
    hugeStep: { type: 'number', minimum: 1e300, multipleOf: 1e299 },
    empty: {
      type: 'string',
      pattern: '^' + '(?:'.repeat(12) + ')*'.repeat(12) + 'x$',
    },
  })) as { huge: number; hugeStep: number; empty: string };
  assert(Number.isInteger(args.huge) && args.huge >= 1e300);
  assert(args.hugeStep >= 1e300);
  assert.equal(args.empty, 'x');
});

test('autoModel generates strings matching formats precisely', async () => {
  const args = await argsFor(at(valid, 0)[1], 3) as {
    at: string;
    day: string;
    uuid: string;
    uri: string;
    email: string;
  };
  assert.match(args.at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  assert.match(args.day, /^\d{4}-\d{2}-\d{2}$/);
  assert(!Number.isNaN(Date.parse(args.at)));
  assert.match(
    args.uuid,
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
  assert.doesNotThrow(() => new URL(args.uri));
  assert(z.email().safeParse(args.email).success, args.email);
});

test('autoModel includes optional properties for some seeds and not others', async () => {
  const schema = {
    type: 'object',
    properties: { must: { type: 'string' }, may: { type: 'string' } },
    required: ['must'],
  };
  const present = new Set<boolean>();
  for (let seed = 0; seed < 20; seed++) {
    present.add('may' in (await argsFor(schema, seed) as object));
  }
  assert.deepEqual([...present].sort(), [false, true]);
});

const invalid: [string, unknown, string, AutoModelSchemaReason][] = [
  [
    'number bounds',
    object({ n: { type: 'number', minimum: 5, maximum: 1 } }),
    'parameters.properties.n.minimum',
    'contradictory_bounds',
  ],
  [
    'exclusive bounds',
    object({ n: { type: 'number', exclusiveMinimum: 1, exclusiveMaximum: 1 } }),
    'parameters.properties.n.exclusiveMinimum',
    'contradictory_bounds',
  ],
  [
    'no multiple in range',
    object({ n: { type: 'integer', minimum: 1, maximum: 4, multipleOf: 5 } }),
    'parameters.properties.n.multipleOf',
    'contradictory_bounds',
  ],
  [
    'lengths',
    object({ s: { type: 'string', minLength: 4, maxLength: 2 } }),
    'parameters.properties.s.minLength',
    'contradictory_bounds',
  ],
  [
    'items',
    object({ items: { type: 'array', minItems: 3, maxItems: 2 } }),
    'parameters.properties.items.minItems',
    'contradictory_bounds',
  ],
  [
    'too few distinct items',
    object({
      a: {
        type: 'array',
        items: { type: 'boolean' },
        minItems: 3,
        uniqueItems: true,
      },
    }),
    'parameters.properties.a.uniqueItems',
    'contradictory_bounds',
  ],
  [
    'empty enum',
    object({ e: { enum: [] } }),
    'parameters.properties.e.enum',
    'contradictory_bounds',
  ],
  [
    'a false schema',
    object({ never: false }),
    'parameters.properties.never',
    'contradictory_bounds',
  ],
  [
    'required but not allowed',
    {
      type: 'object',
      properties: {},
      required: ['x'],
      additionalProperties: false,
    },
    'parameters.required',
    'contradictory_bounds',
  ],
  [
    'not',
    object({ n: { not: { type: 'string' } } }),
    'parameters.properties.n.not',
    'unsupported_keyword',
  ],
  [
    'if',
    object({ n: { if: { type: 'string' }, then: { minLength: 2 } } }),
    'parameters.properties.n.if',
    'unsupported_keyword',
  ],
  [
    'a remote ref',
    object({ r: { $ref: 'https://example.com/schema.json' } }),
    'parameters.properties.r.$ref',
    'unresolved_ref',
  ],
  [
    'a missing local ref',
    object({ r: { $ref: '#/$defs/missing' } }),
    'parameters.properties.r.$ref',
    'unresolved_ref',
  ],
  [
    'a lookahead',
    object({ p: { type: 'string', pattern: '^(?!admin).+$' } }),
    'parameters.properties.p.pattern',
    'unsupported_pattern',
  ],
  [
    'a backreference',
    object({ p: { type: 'string', pattern: '^(a)\\1$' } }),
    'parameters.properties.p.pattern',
    'unsupported_pattern',
  ],
  [
    'a pattern too long for maxLength',
    object({ p: { type: 'string', pattern: '^[a-z]{10}$', maxLength: 3 } }),
    'parameters.properties.p.pattern',
    'unsupported_pattern',
  ],
  [
    'an email too short',
    object({ e: { type: 'string', format: 'email', maxLength: 4 } }),
    'parameters.properties.e.format',
    'contradictory_bounds',
  ],
  [
    'a size too large to generate',
    object({ s: { type: 'string', minLength: 1_000_000 } }),
    'parameters.properties.s.minLength',
    'unsupported_keyword',
  ],
  [
    'an unknown type',
    object({ t: { type: 'date' } }),
    'parameters.properties.t.type',
    'invalid_schema',
  ],
  [
    'not a schema',
    object({ t: 'string' }),
    'parameters.properties.t',
    'invalid_schema',
  ],
  [
    'recursion without a way out',
    {
      $defs: { loop: object({ next: { $ref: '#/$defs/loop' } }) },
      ...object({ start: { $ref: '#/$defs/loop' } }),
    },
    'parameters.properties.start.properties.next',
    'too_deep',
  ],
  [
    'contradictory allOf',
    object({ a: { allOf: [{ type: 'string' }, { type: 'integer' }] } }),
    'parameters.properties.a.allOf.1.type',
    'contradictory_bounds',
  ],
];

for (const [label, schema, path, reason] of invalid) {
  test(`autoModel reports a schema it cannot satisfy: ${label}`, async () => {
    await assert.rejects(argsFor(schema), (error: AutoModelSchemaError) => {
      assert(error instanceof AutoModelSchemaError);
      assert.equal(error.name, 'AutoModelSchemaError');
      assert.equal(error.toolName, 'probe');
      assert.equal(error.reason, reason);
      assert(
        error.path.startsWith(path),
        `path ${error.path} does not start with ${path}`,
      );
      assert.equal(error.callIndex, 0);
      assert(error.message.includes(JSON.stringify(error.path)));
      return true;
    });
  });
}
