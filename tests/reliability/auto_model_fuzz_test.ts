import assert from 'node:assert/strict';
import test from 'node:test';
import fc from 'fast-check';
import { Agent, Runner, tool } from '@openai/agents';
import { ScriptedModel } from '@scripted/agents';
import { autoModel, autoStep } from '@scripted/agents/auto';
import { z } from 'zod';
import {
  anyValue,
  asyncOutcomeOf,
  fuzzParameters,
  fuzzRuns,
  materialize,
  outcomeOf,
} from '../_support/fuzz.ts';
import { at } from '../_support/at.ts';

const runner = new Runner({ tracingDisabled: true });
// Each case builds a zod tool (the SDK converts its schema): bun's 5 s
// default per test is too short on a loaded machine.
const slow = { timeout: 600_000 };
const words = ['alpha', 'beta', 'gamma', 'delta', 'omega'];
const patterns = [
  /^[a-z]{2,5}$/,
  /^\d{3}-\d{4}$/,
  /^(red|green|blue)$/,
  /^[A-Z][a-z]*$/,
  /^#[0-9a-f]{6}$/,
];

/** A zod leaf: strings (formats, lengths, patterns), numbers, enums, … */
const leaf: fc.Arbitrary<z.ZodType> = fc.oneof(
  fc.record({
    min: fc.nat(6),
    extra: fc.option(fc.nat(10), { nil: undefined }),
  }).map(({ min, extra }) => {
    const text = z.string().min(min);
    return extra === undefined ? text : text.max(min + extra);
  }),
  fc.constantFrom(
    z.string().email(),
    z.string().uuid(),
    z.string().url(),
    z.string().datetime(),
    z.iso.date(),
    z.iso.time(),
    z.ipv4(),
  ),
  fc.constantFrom(...patterns).map((pattern) => z.string().regex(pattern)),
  fc.record({
    integer: fc.boolean(),
    lo: fc.option(fc.integer({ min: -50, max: 50 }), { nil: undefined }),
    // Wide enough to hold a multiple of every step, even with open ends.
    span: fc.integer({ min: 12, max: 100 }),
    exclusive: fc.boolean(),
    step: fc.option(fc.constantFrom(1, 2, 5, 0.5, 0.25), { nil: undefined }),
  }).map(({ integer, lo, span, exclusive, step }) => {
    let n = integer ? z.number().int() : z.number();
    if (lo !== undefined) {
      n = exclusive ? n.gt(lo).lt(lo + span) : n.min(lo).max(lo + span);
    }
    return step === undefined ? n : n.multipleOf(step);
  }),
  fc.constant(z.boolean()),
  fc.uniqueArray(fc.constantFrom(...words), { minLength: 1, maxLength: 4 })
    .map((values) => z.enum(values as [string, ...string[]])),
  fc.oneof(fc.constantFrom(...words), fc.integer(), fc.boolean()).map((
    value,
  ) => z.literal(value)),
);

const key = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,7}$/);

const { node } = fc.letrec<{ node: z.ZodType }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: leaf },
    tie('node').map((inner) => inner.nullable()),
    tie('node').map((inner) => inner.nullish()),
    fc.record({
      inner: tie('node'),
      min: fc.nat(2),
      extra: fc.nat(3),
    }).map(({ inner, min, extra }) => z.array(inner).min(min).max(min + extra)),
    fc.dictionary(key, tie('node'), { minKeys: 1, maxKeys: 4 }).map((shape) =>
      z.object(shape)
    ),
    fc.tuple(leaf, leaf).map(([a, b]) => z.union([a, b])),
    fc.tuple(
      fc.dictionary(key, leaf, { maxKeys: 2 }),
      fc.dictionary(key, leaf, { maxKeys: 2 }),
    ).map(([a, b]) =>
      z.discriminatedUnion('kind', [
        z.object({ ...a, kind: z.literal('first') }),
        z.object({ ...b, kind: z.literal('second') }),
      ])
    ),
  ),
}));

/** Arbitrary zod object schemas, the shape of a tool's parameters. */
const zodObject = fc.dictionary(key, node, { minKeys: 1, maxKeys: 5 }).map((
  shape,
) => z.object(shape));

test(
  'autoModel arguments validate against arbitrary zod tool schemas',
  slow,
  async () => {
    await fc.assert(
      fc.asyncProperty(zodObject, fc.integer(), async (parameters, seed) => {
        const probe = tool({
          name: 'probe',
          description: 'Probes.',
          parameters,
          execute: () => 'ok',
        });
        const model = autoModel({ seed });
        const response = await model.getResponse({
          input: 'Go',
          modelSettings: {},
          tools: [{
            type: 'function',
            name: probe.name,
            description: probe.description,
            parameters: probe.parameters,
            strict: probe.strict,
          }],
          handoffs: [],
          outputType: 'text',
          tracing: false,
        });
        const call = response.output[0] as { arguments: string };
        const args = JSON.parse(call.arguments);
        const parsed = parameters.safeParse(args);
        assert(
          parsed.success,
          `${JSON.stringify(args)} against ${
            JSON.stringify(probe.parameters)
          }: ${parsed.error?.message}`,
        );
      }),
      // Each case converts a zod schema: a quarter of the suite's budget
      // (`npm run fuzz` runs 2,500).
      { ...fuzzParameters(), numRuns: Math.max(1, Math.ceil(fuzzRuns() / 4)) },
    );
  },
);

test(
  'autoModel drives a real Runner run that executes every offered tool',
  slow,
  async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(zodObject, { minLength: 1, maxLength: 3 }),
        fc.integer(),
        fc.boolean(),
        async (schemas, seed, stream) => {
          const executed: string[] = [];
          const tools = schemas.map((parameters, i) =>
            tool({
              name: `tool_${i}`,
              description: `Tool ${i}.`,
              parameters,
              execute: (args) => {
                // The SDK parsed the arguments with the zod schema first.
                assert(parameters.safeParse(args).success);
                executed.push(`tool_${i}`);
                return `result ${i}`;
              },
            })
          );
          const model = autoModel({ seed });
          const agent = new Agent({ name: 'Fuzz', model, tools });
          if (stream) {
            const result = await runner.run(agent, 'Use every tool', {
              stream: true,
            });
            for await (const _ of result) { /* drain */ }
            await result.completed;
          } else {
            await runner.run(agent, 'Use every tool');
          }
          assert.deepEqual(executed.sort(), tools.map((t) => t.name).sort());
          assert.equal(model.calls.length, 2);
          model.assertComplete();
        },
      ),
      { ...fuzzParameters(), numRuns: Math.max(1, Math.ceil(fuzzRuns() / 20)) },
    );
  },
);

const options = ['InvalidAutoModelOptionsError'];

const validOptions = fc.record({
  seed: fc.oneof(
    fc.integer(),
    fc.string(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  ),
  tools: fc.array(fc.string({ minLength: 1 }), { maxLength: 3 }),
  handoff: fc.oneof(
    fc.string({ minLength: 1 }),
    fc.array(fc.string({ minLength: 1 }), { maxLength: 3 }),
    fc.constant(() => undefined),
  ),
  allow: fc.array(fc.string({ minLength: 1 }), { maxLength: 3 }),
  retries: fc.integer({ min: 0, max: 100 }),
  maxHandoffs: fc.integer({ min: 0, max: 100 }),
  onRejected: fc.constantFrom('fail', 'warn'),
  text: fc.string(),
}, { requiredKeys: [] });

test(
  'autoModel and autoStep accept valid options and reject the rest with a structured error',
  slow,
  () => {
    fc.assert(
      fc.property(
        fc.oneof(
          {
            weight: 2,
            arbitrary: validOptions.map((value) => ({ valid: true, value })),
          },
          {
            weight: 3,
            arbitrary: anyValue.map((value) => ({ valid: undefined, value })),
          },
          {
            weight: 2,
            arbitrary: fc.record({
              seed: anyValue,
              tools: anyValue,
              handoff: anyValue,
              allow: anyValue,
              retries: anyValue,
              onRejected: anyValue,
              text: anyValue,
            }, { requiredKeys: [] }).map((value) => ({
              valid: undefined,
              value,
            })),
          },
        ),
        ({ valid, value }) => {
          for (const factory of [autoModel, autoStep]) {
            const result = outcomeOf(
              () => factory(materialize(value) as never),
              options,
            );
            if (valid) assert(result.accepted, 'rejected valid options');
            if (!result.accepted) {
              assert.equal(typeof result.error.path, 'string');
              assert.equal(typeof result.error.issue, 'string');
              assert.equal(typeof result.error.received, 'string');
            }
          }
        },
      ),
      fuzzParameters(),
    );
  },
);

const keywords = [
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'prefixItems',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  '$ref',
  '$defs',
  'not',
  'nullable',
];

/** Schema-shaped JSON: real keywords with values of any JSON kind. */
const { schema } = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    fc.dictionary(
      fc.constantFrom(...keywords),
      fc.oneof(
        fc.jsonValue({ maxDepth: 1 }),
        fc.constantFrom(
          'object',
          'array',
          'string',
          'integer',
          'number',
          'null',
          ['string', 'null'],
          '#',
          '#/$defs/a',
          '^[a-z]+$',
          'email',
          'uuid',
          'date-time',
        ),
        fc.integer({ min: -5, max: 20 }),
        tie('schema'),
        fc.array(tie('schema'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('schema'), {
          maxKeys: 3,
        }),
      ),
      { maxKeys: 6 },
    ),
  ),
}));

test(
  'autoModel answers any schema-shaped tool parameters or fails with AutoModelSchemaError',
  slow,
  async () => {
    await fc.assert(
      fc.asyncProperty(schema, fc.integer(), async (parameters, seed) => {
        const model = new ScriptedModel([autoStep({ seed })]);
        const result = await asyncOutcomeOf(
          () =>
            model.getResponse({
              input: 'Go',
              modelSettings: {},
              tools: [{
                type: 'function',
                name: 'probe',
                description: 'Probes.',
                parameters: parameters as never,
                strict: false,
              }],
              handoffs: [],
              outputType: 'text',
              tracing: false,
            }),
          ['AutoModelSchemaError'],
        );
        if (result.accepted) {
          const output = (result.value as { output: { arguments: string }[] })
            .output;
          assert.doesNotThrow(() => JSON.parse(at(output, 0).arguments));
        } else {
          assert.equal(result.error.toolName, 'probe');
          assert.match(String(result.error.path), /^parameters(\.|$)/);
        }
      }),
      fuzzParameters(),
    );
  },
);
