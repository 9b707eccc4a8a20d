import {
  Agent,
  defineToolInputGuardrail,
  defineToolOutputGuardrail,
  tool,
  ToolGuardrailFunctionOutputFactory as behavior,
} from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import {
  assertGuardrails,
  assertNothingAfterTripwire,
  guardrailResults,
  InvalidRunAssertionInputError,
  RunAssertionError,
} from '@scripted/agents/assert';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';
import { modes, outcome } from './_run.ts';

function blocking(name: string, tripped: boolean, runInParallel = false) {
  return {
    name,
    runInParallel,
    execute: () =>
      Promise.resolve({ tripwireTriggered: tripped, outputInfo: { name } }),
  };
}

const noRm = defineToolInputGuardrail({
  name: 'no_rm',
  run: ({ toolCall }) =>
    Promise.resolve(
      toolCall.arguments.includes('rm')
        ? behavior.throwException('rm')
        : behavior.allow('ok'),
    ),
});
const hide = defineToolOutputGuardrail({
  name: 'hide',
  run: () => Promise.resolve(behavior.rejectContent('hidden', 'secret')),
});

function shell(ran: string[]) {
  return tool({
    name: 'sh',
    description: 'Run a command',
    parameters: z.object({ cmd: z.string() }),
    inputGuardrails: [noRm],
    outputGuardrails: [hide],
    execute: ({ cmd }) => {
      ran.push(cmd);
      return `ran ${cmd}`;
    },
  });
}

for (const mode of modes) {
  test(`${mode}: an input tripwire stops the run before any model call or tool`, async () => {
    const ran: string[] = [];
    const model = new ScriptedModel([
      [functionCall('sh', { cmd: 'ls' }, { callId: 'c1' })],
      [assistantMessage('done')],
    ]);
    const agent = new Agent({
      name: 'A',
      model,
      tools: [shell(ran)],
      inputGuardrails: [blocking('block', true)],
    });
    const thrown = await outcome(agent, 'hi', mode);
    assert.equal(thrown.name, 'InputGuardrailTripwireTriggered');
    assert.deepEqual(guardrailResults(thrown), [
      {
        kind: 'input',
        name: 'block',
        tripped: true,
        outputInfo: { name: 'block' },
      },
    ]);
    assertGuardrails(thrown, [{ name: 'block', kind: 'input', tripped: true }]);
    const tripped = assertNothingAfterTripwire(thrown, model);
    assert.equal(tripped.name, 'block');
    assert.deepEqual(ran, []);
    assert.equal(model.calls.length, 0);
  });

  test(`${mode}: a parallel input guardrail that let the model run is caught`, async () => {
    const model = new ScriptedModel([[assistantMessage('done')]]);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const agent = new Agent({
      name: 'A',
      model,
      inputGuardrails: [{
        name: 'slow',
        runInParallel: true,
        execute: async () => {
          await gate;
          return { tripwireTriggered: true, outputInfo: null };
        },
      }],
    });
    // The model answers first, then the guardrail trips.
    const before = model.getResponse.bind(model);
    model.getResponse = async (request) => {
      const response = await before(request);
      release();
      return response;
    };
    const streamedBefore = model.getStreamedResponse.bind(model);
    model.getStreamedResponse = async function* (request) {
      for await (const event of streamedBefore(request)) yield event;
      release();
    };
    const thrown = await outcome(agent, 'hi', mode);
    assert.equal(thrown.name, 'InputGuardrailTripwireTriggered');
    assert.equal(model.calls.length, 1);
    assert.throws(
      () => assertNothingAfterTripwire(thrown, model),
      (error: unknown) => {
        assert.ok(error instanceof RunAssertionError);
        assert.equal(error.assertion, 'assertNothingAfterTripwire');
        assert.equal(error.path, 'modelCalls');
        assert.deepEqual(error.expected, {
          kind: 'input',
          modelCalls: 0,
          toolsRun: [],
        });
        assert.deepEqual(error.actual, {
          kind: 'input',
          modelCalls: 1,
          toolsRun: [],
        });
        assert.equal(
          error.message.split('\n')[0],
          'Something ran after the input tripwire of "slow": expected 0 model calls and no tool, got 1 and no tool',
        );
        return true;
      },
    );
  });

  test(`${mode}: tool guardrails and an output tripwire read from the thrown error`, async () => {
    const ran: string[] = [];
    const model = new ScriptedModel([
      [functionCall('sh', { cmd: 'ls' }, { callId: 'c1' })],
      [assistantMessage('done')],
    ]);
    const agent = new Agent({
      name: 'A',
      model,
      tools: [shell(ran)],
      inputGuardrails: [blocking('fine', false)],
      outputGuardrails: [{
        name: 'out',
        execute: () =>
          Promise.resolve({ tripwireTriggered: true, outputInfo: 1 }),
      }],
    });
    const thrown = await outcome(agent, 'hi', mode);
    assert.equal(thrown.name, 'OutputGuardrailTripwireTriggered');
    assert.deepEqual(guardrailResults(thrown), [
      {
        kind: 'input',
        name: 'fine',
        tripped: false,
        outputInfo: { name: 'fine' },
      },
      { kind: 'tool_input', name: 'no_rm', tripped: false, outputInfo: 'ok' },
      {
        kind: 'tool_output',
        name: 'hide',
        tripped: true,
        outputInfo: 'secret',
      },
      { kind: 'output', name: 'out', tripped: true, outputInfo: 1 },
    ]);
    assert.deepEqual(ran, ['ls']);
    const tripped = assertNothingAfterTripwire(thrown, model);
    assert.deepEqual(tripped, {
      kind: 'output',
      name: 'out',
      tripped: true,
      outputInfo: 1,
    });
    // One more call than the run consumed: something ran after.
    await model.getResponse(model.calls[0]!.request).catch(() => undefined);
    assert.throws(() => assertNothingAfterTripwire(thrown, model), {
      name: 'RunAssertionError',
      path: 'modelCalls',
    });
  });

  test(`${mode}: a tool input tripwire (wrapped by the SDK) reads as its kind`, async () => {
    const ran: string[] = [];
    const model = new ScriptedModel([
      [functionCall('sh', { cmd: 'rm -rf x' }, { callId: 'c1' })],
      [assistantMessage('done')],
    ]);
    const agent = new Agent({ name: 'A', model, tools: [shell(ran)] });
    const thrown = await outcome(agent, 'hi', mode);
    assert.deepEqual(ran, []);
    assert.deepEqual(guardrailResults(thrown), [
      { kind: 'tool_input', name: 'no_rm', tripped: true, outputInfo: 'rm' },
    ]);
    assert.equal(assertNothingAfterTripwire(thrown, model).kind, 'tool_input');
  });

  test(`${mode}: a finished run lists its guardrails; assertGuardrails names the difference`, async () => {
    const model = new ScriptedModel([[assistantMessage('done')]]);
    const agent = new Agent({
      name: 'A',
      model,
      inputGuardrails: [blocking('b', false), blocking('a', false)],
      outputGuardrails: [{
        name: 'polite',
        execute: () =>
          Promise.resolve({ tripwireTriggered: false, outputInfo: null }),
      }],
    });
    const result = await outcome(agent, 'hi', mode);
    assert.equal(result.finalOutput, 'done');
    assert.deepEqual(
      guardrailResults(result).map((g) => [g.kind, g.name, g.tripped]),
      [['input', 'b', false], ['input', 'a', false], [
        'output',
        'polite',
        false,
      ]],
    );
    assertGuardrails(result, [{ name: 'b' }, { name: 'a' }, {
      name: 'polite',
      kind: 'output',
    }]);
    assert.throws(
      () =>
        assertGuardrails(result, [{ name: 'b' }, { name: 'a', tripped: true }, {
          name: 'polite',
        }]),
      (error: unknown) => {
        assert.ok(error instanceof RunAssertionError);
        assert.equal(error.path, '[1].tripped');
        assert.deepEqual(error.actual, [
          { name: 'b' },
          { name: 'a', tripped: false },
          { name: 'polite' },
        ]);
        assert.match(
          error.message,
          /^Unexpected guardrails at "\[1\]\.tripped": expected true, got false/,
        );
        return true;
      },
    );
    assert.throws(() => assertGuardrails(result, [{ name: 'b' }]), {
      name: 'RunAssertionError',
      message: /^Unexpected guardrails: expected 1, got 3/,
    });
    assertThrowsNoTripwire(result, model);
  });
}

function assertThrowsNoTripwire(result: unknown, model: ScriptedModel) {
  assert.throws(() => assertNothingAfterTripwire(result, model), {
    name: 'RunAssertionError',
    assertion: 'assertNothingAfterTripwire',
    expected: 'a guardrail tripwire error',
    message: /^No tripwire: expected a guardrail tripwire error, got /,
  });
}

test('Guardrail checks reject unusable input with a structured error', () => {
  const model = new ScriptedModel();
  const cases: [() => unknown, string, string][] = [
    [() => guardrailResults(42), 'outcome', 'invalid_type'],
    [() => guardrailResults(new Error('x')), 'outcome', 'invalid_type'],
    [
      () => guardrailResults({ inputGuardrailResults: 'x' }),
      'outcome.inputGuardrailResults',
      'invalid_type',
    ],
    [
      () => guardrailResults({ inputGuardrailResults: [{ output: {} }] }),
      'outcome.inputGuardrailResults[0].guardrail',
      'invalid_type',
    ],
    [
      () =>
        assertGuardrails(
          { inputGuardrailResults: [] },
          [{ nme: 'x' }] as never,
        ),
      'expected[0].nme',
      'unknown_key',
    ],
    [
      () =>
        assertGuardrails({ inputGuardrailResults: [] }, [
          { name: 'x', kind: 'inpt' },
        ] as never),
      'expected[0].kind',
      'invalid_value',
    ],
    [
      () =>
        assertGuardrails({ inputGuardrailResults: [] }, [
          { name: 'x', tripped: 'yes' },
        ] as never),
      'expected[0].tripped',
      'invalid_type',
    ],
    [
      () =>
        assertNothingAfterTripwire(
          { name: 'InputGuardrailTripwireTriggered', result: {} },
          model,
        ),
      'outcome.result.guardrail',
      'invalid_type',
    ],
    [
      () =>
        assertNothingAfterTripwire(
          { name: 'InputGuardrailTripwireTriggered' },
          {} as never,
        ),
      'model.calls',
      'invalid_type',
    ],
  ];
  for (const [attempt, path, reason] of cases) {
    assert.throws(attempt, (error: unknown) => {
      assert.ok(error instanceof InvalidRunAssertionInputError, String(error));
      assert.equal(error.path, path);
      assert.equal(error.reason, reason);
      return true;
    });
  }
  // A tripwire error carrying only its result reads that result.
  assert.deepEqual(
    guardrailResults({
      name: 'ToolOutputGuardrailTripwireTriggered',
      result: {
        guardrail: { type: 'tool_output', name: 'g' },
        output: { behavior: { type: 'throwException' } },
      },
    }),
    [{ kind: 'tool_output', name: 'g', tripped: true, outputInfo: undefined }],
  );
});

test('assertNothingAfterTripwire names a tool that ran after an input tripwire', () => {
  const model = new ScriptedModel();
  const result = {
    guardrail: { type: 'input', name: 'block' },
    output: { tripwireTriggered: true, outputInfo: null },
  };
  const thrown = {
    name: 'InputGuardrailTripwireTriggered',
    result,
    state: {
      _inputGuardrailResults: [result],
      _modelResponses: [{}],
      _generatedItems: [
        { type: 'tool_call_item', rawItem: { name: 'refund' } },
        { type: 'tool_call_output_item', rawItem: { name: 'refund' } },
      ],
    },
  };
  assert.throws(() => assertNothingAfterTripwire(thrown, model), {
    name: 'RunAssertionError',
    path: 'toolsRun[0]',
    expected: { kind: 'input', modelCalls: 0, toolsRun: [] },
    actual: { kind: 'input', modelCalls: 0, toolsRun: ['refund'] },
    message:
      /^Something ran after the input tripwire of "block": expected 0 model calls and no tool, got 0 and refund\n/,
  });
  // An output tripwire allows the calls the run consumed, and one is "call".
  const output = {
    guardrail: { type: 'output', name: 'out' },
    output: { tripwireTriggered: true, outputInfo: null },
  };
  const late = {
    name: 'OutputGuardrailTripwireTriggered',
    result: output,
    state: { _modelResponses: [{}], _generatedItems: 'not a list' },
  };
  assert.throws(
    () => assertNothingAfterTripwire(late, { calls: [{}, {}] } as never),
    {
      name: 'RunAssertionError',
      path: 'modelCalls',
      message:
        /^Something ran after the output tripwire of "out": expected 1 model call and no tool, got 2 and no tool/,
    },
  );
  assert.equal(
    assertNothingAfterTripwire(late, { calls: [{}] } as never).name,
    'out',
  );
  // Without a state, the model's calls are all the run had.
  assert.equal(
    assertNothingAfterTripwire(
      { name: 'OutputGuardrailTripwireTriggered', result: output },
      { calls: [{}, {}, {}] } as never,
    ).kind,
    'output',
  );
});

test('Tripwires are known by name only; the tripped record of the kind is returned', () => {
  const model = new ScriptedModel();
  for (const name of ['toString', 'constructor', 'Error', 7]) {
    assert.throws(
      () => assertNothingAfterTripwire({ name, state: {} }, model),
      { name: 'RunAssertionError', message: /^No tripwire: / },
    );
  }
  const record = (type: string, name: string, tripped: boolean) => ({
    guardrail: { type, name },
    output: type.startsWith('tool')
      ? { behavior: { type: tripped ? 'throwException' : 'allow' } }
      : { tripwireTriggered: tripped, outputInfo: null },
  });
  const state = {
    _inputGuardrailResults: [record('input', 'in', true)],
    _toolInputGuardrailResults: [
      record('tool_input', 'first', false),
      record('tool_input', 'second', true),
    ],
    _modelResponses: [],
  };
  const wrapped = {
    name: 'ToolCallError',
    state,
    error: {
      name: 'ToolInputGuardrailTripwireTriggered',
      result: state._toolInputGuardrailResults[1],
    },
  };
  assert.equal(assertNothingAfterTripwire(wrapped, model).name, 'second');
  // None of the kind tripped: the first of the kind.
  const untripped = {
    name: 'ToolInputGuardrailTripwireTriggered',
    result: record('tool_input', 'only', false),
    state: { _inputGuardrailResults: [record('input', 'in', true)] },
  };
  assert.equal(assertNothingAfterTripwire(untripped, model).name, 'only');
  // Two tools after an input tripwire, listed; other items are not tools.
  const thrown = {
    name: 'InputGuardrailTripwireTriggered',
    result: record('input', 'block', true),
    state: {
      _generatedItems: [
        { type: 'message_output_item', rawItem: { name: 'note' } },
        { type: 'tool_call_output_item', rawItem: { name: 'a' } },
        { type: 'tool_call_output_item', rawItem: { name: 'b' } },
      ],
    },
  };
  assert.throws(() => assertNothingAfterTripwire(thrown, model), {
    actual: { kind: 'input', modelCalls: 0, toolsRun: ['a', 'b'] },
    message: /got 0 and a, b\n/,
  });
  // A kind given is compared.
  assert.throws(
    () =>
      assertGuardrails(
        { inputGuardrailResults: [record('input', 'in', true)] },
        [
          { name: 'in', kind: 'output' },
        ],
      ),
    { name: 'RunAssertionError', path: '[0].kind' },
  );
});
