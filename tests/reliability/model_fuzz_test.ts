import assert from 'node:assert/strict';
import test from 'node:test';
import fc from 'fast-check';
import {
  assistantMessage,
  functionCall,
  modelError,
  modelResponder,
  modelResponse,
  modelStream,
  modelStreamResponder,
  ScriptedModel,
} from '@scripted/agents';
import {
  anyValue,
  fuzzParameters,
  Hostile,
  materialize,
  mutatedRecord,
  type Outcome,
  proxyValue,
} from '../_support/fuzz.ts';
import { modelOutcome } from '../_support/model_outcome.ts';
import { checkListOutcome, tag, type Tagged } from '../_support/verdicts.ts';

const stepError = ['InvalidScriptedModelStepError'];

const made = (value: unknown): unknown => materialize(value);
const is = (test: (value: unknown) => boolean) => (value: unknown): boolean =>
  test(materialize(value));
const isRecord = (value: unknown): boolean => {
  try {
    return typeof value === 'object' && value !== null &&
      !Array.isArray(value);
  } catch {
    return false;
  }
};

const text = fc.string({ maxLength: 20 });
const item = fc.oneof(
  text.map((value) => assistantMessage(value)),
  fc.tuple(text, fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 }))
    .map(([name, args]) =>
      functionCall(name || 'tool', args, { callId: 'call_1' })
    ),
  fc.constant({ type: 'reasoning', content: [] }),
);
const output = fc.array(item, { minLength: 1, maxLength: 3 });
const usage = fc.record({
  requests: fc.nat(3),
  inputTokens: fc.nat(100),
  outputTokens: fc.nat(100),
  totalTokens: fc.nat(200),
});
const response = fc.record({
  output,
  usage: fc.option(usage, { nil: undefined }),
  responseId: fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
}).map((value) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined))
);
const streamEvents = fc.constant([
  { type: 'response_started' },
  { type: 'output_text_delta', delta: 'hi' },
]);
const advice = fc.oneof(
  fc.constant(undefined),
  fc.constant({ suggested: true, replaySafety: 'safe' }),
  fc.constant(({ attempt }: { attempt: number }) => ({
    suggested: attempt === 1,
  })),
);

const validInput: fc.Arbitrary<unknown> = fc.oneof(
  output,
  response,
  output.map((value) => modelResponse(value as never)),
  response.map((value) => ({ type: 'response', response: value })),
  fc.constant(modelResponder(() => [assistantMessage('x')])),
  fc.constant({ type: 'responder', respond: () => [] }),
  advice.map((value) => modelError(new Error('boom'), value as never)),
  fc.constant({ type: 'error', error: 'any thrown value' }),
  streamEvents.map((events) => modelStream(events as never)),
  streamEvents.map((events) => ({ type: 'stream', events })),
  fc.constant(modelStreamResponder(() => [])),
  fc.constant({ type: 'stream_responder', respond: () => [] }),
);

const notAFunction = anyValue.filter(is((v) => typeof v !== 'function'));
const notIterable = anyValue.filter(is((v) => {
  try {
    if (typeof v === 'string') return false; // strings iterate
    if ((typeof v !== 'object' && typeof v !== 'function') || v === null) {
      return true;
    }
    const source = v as Record<symbol, unknown>;
    return typeof source[Symbol.iterator] !== 'function' &&
      typeof source[Symbol.asyncIterator] !== 'function';
  } catch {
    return false; // hostile: left to the open cases
  }
}));
const notAnOutput = anyValue.filter(is((v) => {
  try {
    return !Array.isArray(v) && !isRecord(v) && v !== undefined;
  } catch {
    return false;
  }
}));

const invalidInput: fc.Arbitrary<Tagged> = fc.oneof(
  tag(
    'invalid',
    fc.constantFrom(null, undefined, 0, 'hi', true, 10n),
    'invalid_input',
  ),
  tag(
    'invalid',
    fc.string().filter((type) =>
      !['response', 'responder', 'error', 'stream', 'stream_responder']
        .includes(type)
    ).map((type) => ({ type })),
    'unknown_step_type',
  ),
  tag('invalid', fc.constant({ type: 'response' }), 'missing_response'),
  tag(
    'invalid',
    notAnOutput.map((value) => ({ type: 'response', response: value })),
    'invalid_response',
  ),
  tag('invalid', fc.constant({ type: 'error' }), 'missing_error'),
  tag(
    'invalid',
    fc.tuple(fc.constantFrom('responder', 'stream_responder'), notAFunction)
      .map(([type, respond]) => ({ type, respond })),
    'missing_responder',
  ),
  tag(
    'invalid',
    notIterable.map((events) => ({ type: 'stream', events })),
    'invalid_stream',
  ),
  tag(
    'invalid',
    fc.constantFrom(0, 'x', null).map((event) => ({
      type: 'stream',
      events: [event],
    })),
    'invalid_stream',
  ),
  tag(
    'invalid',
    fc.constantFrom(0, 'x', null, true).map((entry) => [entry]),
    'invalid_response',
  ),
  tag('invalid', fc.constant({})),
  tag(
    'invalid',
    proxyValue,
    'invalid_input',
  ),
  tag(
    'invalid',
    fc.constant(
      new Hostile(
        'step with a throwing type getter',
        () =>
          Object.defineProperty({}, 'type', {
            enumerable: true,
            get(): never {
              throw new Error('hostile type getter');
            },
          }),
      ),
    ),
    'invalid_input',
  ),
);

const openInput: fc.Arbitrary<Tagged> = fc.oneof(
  tag(
    'either',
    validInput.filter(isRecord).chain((value) =>
      mutatedRecord(value as Record<string, unknown>)
    ),
  ),
  tag('either', anyValue),
  tag('either', fc.constant([])),
);

const taggedInput: fc.Arbitrary<Tagged> = fc.oneof(
  { weight: 4, arbitrary: tag('valid', validInput) },
  { weight: 2, arbitrary: invalidInput },
  { weight: 1, arbitrary: openInput },
);

const script = fc.array(taggedInput, { maxLength: 5 });

function materialized(inputs: readonly Tagged[]): unknown[] {
  return inputs.map((input) => made(input.value));
}

test('ScriptedModel constructor accepts valid scripts and rejects invalid ones with reason and inputIndex', () => {
  fc.assert(
    fc.property(script, (inputs) => {
      const result = modelOutcome(
        () => new ScriptedModel(materialized(inputs) as never),
        stepError,
      );
      checkListOutcome(result, inputs);
      if (result.accepted) {
        const model = result.value as ScriptedModel;
        assert.equal(model.remainingSteps, inputs.length);
        assert.equal(model.calls.length, 0);
      }
    }),
    fuzzParameters(),
  );
});

const reasons = [
  'invalid_input',
  'unknown_step_type',
  'missing_response',
  'invalid_response',
  'missing_error',
  'missing_responder',
  'invalid_stream',
];

/** Whether `value` is iterable; `undefined` when asking throws. */
function iterable(value: unknown): boolean | undefined {
  if (value === null || value === undefined) return false;
  try {
    return typeof (value as Record<symbol, unknown>)[Symbol.iterator] ===
      'function';
  } catch {
    return undefined;
  }
}

test('ScriptedModel constructor reads any iterable script and rejects a non-iterable one as invalid_input', () => {
  fc.assert(
    fc.property(
      anyValue.filter(is((v) => {
        try {
          return v !== undefined && !Array.isArray(v);
        } catch {
          return true;
        }
      })),
      (inputs) => {
        const value = made(inputs);
        const canIterate = iterable(value);
        const result = modelOutcome(
          () => new ScriptedModel(value as never),
          stepError,
        );
        if (canIterate === false) {
          assert(!result.accepted, 'Accepted a script that is not iterable');
          assert.equal(result.error.reason, 'invalid_input');
          assert.equal(result.error.issue, 'not_iterable');
          assert.equal(result.error.inputIndex, undefined);
        } else if (result.accepted) {
          assert.equal(canIterate, true, 'Accepted an unreadable script');
        } else {
          assert(reasons.includes(result.error.reason as string));
          assert.equal(typeof result.error.issue, 'string');
        }
      },
    ),
    fuzzParameters(),
  );
});

test('ScriptedModel enqueue appends valid inputs and rejects invalid ones atomically', () => {
  fc.assert(
    fc.property(
      fc.array(validInput, { maxLength: 2 }),
      script,
      (start, add) => {
        const model = new ScriptedModel(start as never);
        const result = modelOutcome(
          () => model.enqueue(...(materialized(add) as never[])),
          stepError,
        );
        checkListOutcome(result, add);
        assert.equal(
          model.remainingSteps,
          start.length + (result.accepted ? add.length : 0),
        );
      },
    ),
    fuzzParameters(),
  );
});

/** A factory's input, and whether the contract makes it valid. */
function checkFactory(
  verdict: Tagged,
  factory: (value: unknown) => unknown,
): void {
  // Rejected by the factory (no inputIndex) or by the constructor (index 0).
  const result: Outcome = modelOutcome(
    () => new ScriptedModel([factory(made(verdict.value)) as never]),
    stepError,
  );
  checkListOutcome(result, [verdict], (error) => error.inputIndex ?? 0);
}

const factories: {
  name: string;
  factory: (value: unknown) => unknown;
  valid: fc.Arbitrary<unknown>;
  invalid: fc.Arbitrary<Tagged>;
}[] = [
  {
    name: 'modelResponse',
    factory: (value) => modelResponse(value as never),
    valid: fc.oneof(output, response),
    invalid: fc.oneof(
      tag('invalid', fc.constant(undefined), 'missing_response'),
      tag('invalid', notAnOutput, 'invalid_response'),
      tag('invalid', fc.constant([0]), 'invalid_response'),
    ),
  },
  {
    name: 'modelResponder',
    factory: (value) => modelResponder(value as never),
    valid: fc.constant(() => []),
    invalid: tag('invalid', notAFunction, 'missing_responder'),
  },
  {
    name: 'modelStreamResponder',
    factory: (value) => modelStreamResponder(value as never),
    valid: fc.constant(() => []),
    invalid: tag('invalid', notAFunction, 'missing_responder'),
  },
  {
    name: 'modelStream',
    factory: (value) => modelStream(value as never),
    valid: fc.oneof(
      streamEvents,
      fc.constant({
        *[Symbol.iterator]() {
          yield { type: 'response_started' };
        },
      }),
    ),
    invalid: fc.oneof(
      tag('invalid', notIterable, 'invalid_stream'),
      tag('invalid', fc.constant([{ type: 1 }]), 'invalid_stream'),
    ),
  },
  {
    name: 'modelError',
    factory: (value) => modelError(value),
    valid: anyValue.filter(is((v) => v !== undefined)),
    invalid: tag('invalid', fc.constant(undefined), 'missing_error'),
  },
  {
    name: 'modelError retryAdvice',
    factory: (value) => modelError(new Error('boom'), value as never),
    valid: advice,
    invalid: tag(
      'invalid',
      fc.constantFrom(0, 'yes', true, null),
      'invalid_input',
    ),
  },
];

for (const { name, factory, valid, invalid } of factories) {
  test(`${name} accepts valid input and rejects the rest with a structured error`, () => {
    fc.assert(
      fc.property(
        fc.oneof(
          { weight: 2, arbitrary: tag('valid', valid) },
          { weight: 2, arbitrary: invalid },
          { weight: 1, arbitrary: tag('either', anyValue) },
        ),
        (input) => checkFactory(input, factory),
      ),
      fuzzParameters(),
    );
  });
}
