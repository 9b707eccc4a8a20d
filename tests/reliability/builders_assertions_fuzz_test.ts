import fc from 'fast-check';
import test from 'node:test';
import assert from 'node:assert/strict';
import { Agent, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import {
  applyPatchCall,
  codeInterpreterCall,
  computerCall,
  fileSearchCall,
  handoffCall,
  imageGenerationCall,
  mcpApprovalRequest,
  mcpCall,
  reasoning,
  shellCall,
  webSearchCall,
} from '@scripted/agents/items';
import {
  assertFinalOutput,
  assertHandoffs,
  assertToolCalls,
  handoffsTaken,
  modelRequest,
  toolCalls,
} from '@scripted/agents/assert';
import {
  anyValue,
  fuzzParameters,
  materialize,
  mutatedRecord,
  outcomeOf,
} from '../_support/fuzz.ts';
import { modelOutcome } from '../_support/model_outcome.ts';
import { checkListOutcome, tag } from '../_support/verdicts.ts';

const stepError = ['InvalidScriptedModelStepError'];
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null &&
  Object.getPrototypeOf(value) === Object.prototype;
const made = (value: unknown): unknown => materialize(value);
const text = fc.string({ maxLength: 12 });
const nonEmpty = fc.string({ minLength: 1, maxLength: 10 });
const point = fc.record({ x: fc.integer(), y: fc.integer() });
const callOptions = fc.record({
  callId: nonEmpty,
  id: fc.option(nonEmpty, { nil: undefined }),
}, { requiredKeys: ['callId'] });

const action = fc.oneof(
  fc.constant({ type: 'screenshot' }),
  fc.constant({ type: 'wait' }),
  fc.record({
    type: fc.constant('click'),
    x: fc.integer(),
    y: fc.integer(),
    button: fc.constantFrom('left', 'right', 'wheel', 'back', 'forward'),
  }),
  fc.record({
    type: fc.constant('double_click'),
    x: fc.integer(),
    y: fc.integer(),
  }),
  fc.record({ type: fc.constant('move'), x: fc.integer(), y: fc.integer() }),
  fc.record({
    type: fc.constant('scroll'),
    x: fc.integer(),
    y: fc.integer(),
    scroll_x: fc.integer(),
    scroll_y: fc.integer(),
  }),
  fc.record({ type: fc.constant('type'), text }),
  fc.record({
    type: fc.constant('keypress'),
    keys: fc.array(text, { maxLength: 3 }),
  }),
  fc.record({
    type: fc.constant('drag'),
    path: fc.array(point, { maxLength: 3 }),
  }),
);

const operation = fc.oneof(
  fc.record({ type: fc.constant('create_file'), path: nonEmpty, diff: text }),
  fc.record({ type: fc.constant('update_file'), path: nonEmpty, diff: text }),
  fc.record({ type: fc.constant('delete_file'), path: nonEmpty }),
);

/** One builder: its valid arguments, and how to call it. */
interface Builder {
  readonly name: string;
  readonly valid: fc.Arbitrary<unknown[]>;
  readonly build: (args: unknown[]) => unknown;
}

const builders: Builder[] = [
  {
    name: 'reasoning',
    valid: fc.tuple(
      fc.oneof(text, fc.array(text, { maxLength: 3 })),
      fc.option(
        fc.record({ id: nonEmpty, rawContent: text }, { requiredKeys: [] }),
        {
          nil: undefined,
        },
      ),
    ),
    build: ([a, b]) => reasoning(a as never, b as never),
  },
  {
    name: 'handoffCall',
    valid: fc.tuple(
      nonEmpty.map((name) => new Agent({ name: `Agent ${name}` })),
      callOptions,
    ),
    build: ([a, b]) => handoffCall(a as never, b as never),
  },
  {
    name: 'computerCall',
    valid: fc.tuple(
      fc.oneof(action, fc.array(action, { minLength: 1, maxLength: 3 })),
      callOptions,
    ),
    build: ([a, b]) => computerCall(a as never, b as never),
  },
  {
    name: 'shellCall',
    valid: fc.tuple(
      fc.oneof(text, fc.array(text, { minLength: 1, maxLength: 3 })),
      fc.record({
        callId: nonEmpty,
        timeoutMs: fc.nat(),
        maxOutputLength: fc.nat(),
      }, { requiredKeys: ['callId'] }),
    ),
    build: ([a, b]) => shellCall(a as never, b as never),
  },
  {
    name: 'applyPatchCall',
    valid: fc.tuple(operation, callOptions),
    build: ([a, b]) => applyPatchCall(a as never, b as never),
  },
  {
    name: 'webSearchCall',
    valid: fc.tuple(
      text,
      fc.option(
        fc.record({
          id: nonEmpty,
          status: fc.constantFrom(
            'in_progress',
            'searching',
            'completed',
            'failed',
          ),
        }, { requiredKeys: [] }),
        { nil: undefined },
      ),
    ),
    build: ([a, b]) => webSearchCall(a as never, b as never),
  },
  {
    name: 'fileSearchCall',
    valid: fc.tuple(
      fc.oneof(text, fc.array(text, { maxLength: 3 })),
      fc.option(
        fc.record({
          results: fc.array(
            fc.dictionary(nonEmpty, fc.jsonValue(), { maxKeys: 2 }),
            {
              maxLength: 2,
            },
          ),
        }, { requiredKeys: [] }),
        { nil: undefined },
      ),
    ),
    build: ([a, b]) => fileSearchCall(a as never, b as never),
  },
  {
    name: 'codeInterpreterCall',
    valid: fc.tuple(
      text,
      fc.option(fc.record({ containerId: nonEmpty }, { requiredKeys: [] }), {
        nil: undefined,
      }),
    ),
    build: ([a, b]) => codeInterpreterCall(a as never, b as never),
  },
  {
    name: 'imageGenerationCall',
    valid: fc.tuple(text, fc.constant(undefined)),
    build: ([a, b]) => imageGenerationCall(a as never, b as never),
  },
  {
    name: 'mcpApprovalRequest',
    valid: fc.tuple(
      nonEmpty,
      fc.record({
        id: nonEmpty,
        serverLabel: nonEmpty,
        arguments: fc.oneof(
          text,
          fc.dictionary(nonEmpty, fc.jsonValue(), { maxKeys: 2 }),
        ),
      }, { requiredKeys: ['id', 'serverLabel'] }),
    ),
    build: ([a, b]) => mcpApprovalRequest(a as never, b as never),
  },
  {
    name: 'mcpCall',
    valid: fc.tuple(
      nonEmpty,
      fc.record({ serverLabel: nonEmpty, output: text, error: text }, {
        requiredKeys: ['serverLabel'],
      }),
    ),
    build: ([a, b]) => mcpCall(a as never, b as never),
  },
];

for (const builder of builders) {
  test(`${builder.name} builds an item a ScriptedModel takes, or throws a structured error`, () => {
    const input = fc.oneof(
      tag('valid', builder.valid),
      tag('either', fc.tuple(anyValue, anyValue)),
      tag(
        'either',
        builder.valid.chain(([first, second]) =>
          fc.tuple(
            fc.constant(first),
            typeof second === 'object' && second !== null
              ? mutatedRecord(second as Record<string, unknown>)
              : anyValue,
          )
        ),
      ),
      tag(
        'either',
        builder.valid.chain(([first, second]) =>
          fc.tuple(
            isPlainObject(first)
              ? mutatedRecord(first as Record<string, unknown>)
              : anyValue,
            fc.constant(second),
          )
        ),
      ),
    );
    fc.assert(
      fc.property(input, (tagged) => {
        const args = (tagged.value as unknown[]).map(made);
        const result = modelOutcome(
          () => new ScriptedModel([[builder.build(args) as never]]),
          stepError,
        );
        checkListOutcome(result, [tagged], (error) => error.inputIndex ?? 0);
      }),
      fuzzParameters(),
    );
  });
}

const getWeather = tool({
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => `Sunny in ${city}`,
});
const model = new ScriptedModel();
const billing = new Agent({ name: 'Billing', model });
const triage = new Agent({
  name: 'Triage',
  model,
  tools: [getWeather],
  handoffs: [billing],
});
model.enqueue(
  [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
  [handoffCall(billing, { callId: 'call_2' })],
  [assistantMessage('Done')],
);
const result = await new Runner({ tracingDisabled: true }).run(triage, 'Go');

const assertionErrors = ['InvalidRunAssertionInputError', 'RunAssertionError'];

test('The run assertions hold, fail or reject input, always with a structured error', () => {
  const realOrAny = fc.oneof(
    { weight: 3, arbitrary: fc.constant(result as unknown) },
    { weight: 1, arbitrary: anyValue },
  );
  const expectedCall = fc.record({
    name: fc.constantFrom('get_weather', 'other'),
    arguments: fc.oneof(fc.constant({ city: 'Tokyo' }), anyValue),
    output: fc.oneof(fc.constant('Sunny in Tokyo'), anyValue),
  }, { requiredKeys: ['name'] });
  const check = fc.oneof(
    fc.tuple(fc.constant('toolCalls'), realOrAny, fc.constant(undefined)),
    fc.tuple(fc.constant('handoffsTaken'), realOrAny, fc.constant(undefined)),
    fc.tuple(
      fc.constant('assertToolCalls'),
      realOrAny,
      fc.oneof(
        fc.array(expectedCall, { maxLength: 2 }),
        fc.array(expectedCall, { maxLength: 2 }).chain((calls) =>
          calls.length === 0
            ? anyValue
            : fc.tuple(mutatedRecord(calls[0]!)).map((
              first,
            ) => [first[0], ...calls.slice(1)])
        ),
        anyValue,
      ),
    ),
    fc.tuple(
      fc.constant('assertHandoffs'),
      realOrAny,
      fc.oneof(
        fc.array(fc.constantFrom('Billing', 'Triage'), { maxLength: 2 }),
        fc.array(anyValue, { maxLength: 2 }),
        anyValue,
      ),
    ),
    fc.tuple(
      fc.constant('assertFinalOutput'),
      realOrAny,
      fc.oneof(fc.constant('Done'), anyValue),
    ),
    fc.tuple(
      fc.constant('modelRequest'),
      fc.oneof(fc.constant(model as unknown), anyValue),
      fc.oneof(fc.integer({ min: -4, max: 4 }), anyValue),
    ),
  );
  fc.assert(
    fc.property(check, ([name, subject, argument]) => {
      const target = made(subject);
      const arg = made(argument);
      const outcome = outcomeOf(() => {
        switch (name) {
          case 'toolCalls':
            return toolCalls(target as never);
          case 'handoffsTaken':
            return handoffsTaken(target as never);
          case 'assertToolCalls':
            return assertToolCalls(target as never, arg as never);
          case 'assertHandoffs':
            return assertHandoffs(target as never, arg as never);
          case 'assertFinalOutput':
            return assertFinalOutput(target as never, arg);
          default:
            return modelRequest(target as never, arg as never);
        }
      }, assertionErrors);
      if (outcome.accepted) return;
      const error = outcome.error;
      if (error.name === 'RunAssertionError') {
        assert.equal(typeof error.assertion, 'string');
        assert.match(String(error.message), /^Unexpected [\w ]+/);
        assert.match(String(error.message), /\n- expected\n\+ actual\n/);
      } else {
        for (
          const key of ['reason', 'assertion', 'path', 'issue', 'received']
        ) {
          assert.equal(typeof error[key], 'string', key);
        }
        assert.match(String(error.message), /^Invalid \w+ input: expected /);
      }
    }),
    fuzzParameters(),
  );
});
