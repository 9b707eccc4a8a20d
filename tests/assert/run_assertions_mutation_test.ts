import { Agent, Runner, tool, webSearchTool } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import { webSearchCall } from '@scripted/agents/items';
import {
  assertFinalOutput,
  assertHandoffs,
  assertToolCalls,
  handoffsTaken,
  InvalidRunAssertionInputError,
  modelRequest,
  RunAssertionError,
  toolCalls,
} from '@scripted/agents/assert';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';

const runner = new Runner({ tracingDisabled: true });

/** The fields of an `InvalidRunAssertionInputError`, message in full. */
interface InputRejection {
  reason: InvalidRunAssertionInputError['reason'];
  assertion: string;
  path: string;
  issue: string;
  received: string;
  suggestion?: string;
  message: string;
}

/** Asserts that `check` throws exactly the input error described. */
function rejectsInput(
  check: () => unknown,
  expected: InputRejection,
): InvalidRunAssertionInputError {
  let thrown: unknown;
  try {
    check();
  } catch (error) {
    thrown = error;
  }
  assert(
    thrown instanceof InvalidRunAssertionInputError,
    `Expected an InvalidRunAssertionInputError, got ${String(thrown)}`,
  );
  assert.deepEqual({
    name: thrown.name,
    reason: thrown.reason,
    assertion: thrown.assertion,
    path: thrown.path,
    issue: thrown.issue,
    received: thrown.received,
    suggestion: thrown.suggestion,
    message: thrown.message,
  }, {
    name: 'InvalidRunAssertionInputError',
    suggestion: undefined,
    ...expected,
  });
  return thrown;
}

/** Asserts that `check` throws exactly the failure described. */
function fails(
  check: () => unknown,
  expected: {
    assertion: RunAssertionError['assertion'];
    path: string | undefined;
    expected: unknown;
    actual: unknown;
    message: string;
  },
): void {
  let thrown: unknown;
  try {
    check();
  } catch (error) {
    thrown = error;
  }
  assert(
    thrown instanceof RunAssertionError,
    `Expected a RunAssertionError, got ${String(thrown)}`,
  );
  assert.deepEqual({
    name: thrown.name,
    assertion: thrown.assertion,
    path: thrown.path,
    expected: thrown.expected,
    actual: thrown.actual,
    message: thrown.message,
  }, { name: 'RunAssertionError', ...expected });
}

/** A thrown error, for the `cause` checks. */
function boom(message: string): Error {
  return new Error(message);
}

const call = (name: string, callId: string, args: string) => ({
  type: 'tool_call_item',
  rawItem: { type: 'function_call', name, callId, arguments: args },
});
const output = (callId: string, value: unknown) => ({
  type: 'tool_call_output_item',
  rawItem: { type: 'function_call_result', callId },
  output: value,
});
const fakeRun = {
  newItems: [
    call('f', 'c1', '{"a":1}'),
    output('c1', 'out'),
    call('g', 'c2', 'not json'),
  ],
  finalOutput: 'x',
};

test('toolCalls lists only function calls, with their outputs, among hosted calls', async () => {
  const lookup = tool({
    name: 'lookup',
    description: 'Looks up',
    parameters: z.object({ q: z.string() }),
    execute: ({ q }) => `found ${q}`,
  });
  const model = new ScriptedModel([
    [
      webSearchCall('news', { id: 'ws_1' }),
      functionCall('lookup', { q: 'a' }, { callId: 'call_1' }),
    ],
    [assistantMessage('Done')],
  ]);
  const agent = new Agent({
    name: 'A',
    model,
    tools: [lookup, webSearchTool()],
  });
  const result = await runner.run(agent, 'Go');
  assert.deepEqual(toolCalls(result), [
    {
      name: 'lookup',
      callId: 'call_1',
      arguments: { q: 'a' },
      output: 'found a',
    },
  ]);
  assertToolCalls(result, [{ name: 'lookup', output: 'found a' }]);
  fails(
    () => assertToolCalls(result, [{ name: 'lookup', output: 'found b' }]),
    {
      assertion: 'assertToolCalls',
      path: '[0].output',
      expected: [{ name: 'lookup', output: 'found b' }],
      actual: [{ name: 'lookup', output: 'found a' }],
      message:
        'Unexpected tool calls at "[0].output": expected "found b", got "found a"\n\n' +
        '- expected\n+ actual\n\n  [\n    {\n      "name": "lookup",\n' +
        '-     "output": "found b"\n+     "output": "found a"\n    }\n  ]',
    },
  );
});

test('toolCalls keeps unparsable arguments as their text and skips non-object items', () => {
  assert.deepEqual(toolCalls(fakeRun as never), [
    { name: 'f', callId: 'c1', arguments: { a: 1 }, output: 'out' },
    { name: 'g', callId: 'c2', arguments: 'not json', output: undefined },
  ]);
  assert.deepEqual(
    toolCalls({ newItems: [null, 5, 'x', call('h', 'c3', '[]')] } as never),
    [{ name: 'h', callId: 'c3', arguments: [], output: undefined }],
  );
});

test('assertToolCalls reports each kind of difference with its full message', () => {
  fails(
    () =>
      assertToolCalls(fakeRun as never, [
        { name: 'f', output: 'bad' },
        { name: 'g' },
      ]),
    {
      assertion: 'assertToolCalls',
      path: '[0].output',
      expected: [{ name: 'f', output: 'bad' }, { name: 'g' }],
      actual: [{ name: 'f', output: 'out' }, { name: 'g' }],
      message:
        'Unexpected tool calls at "[0].output": expected "bad", got "out"\n\n' +
        '- expected\n+ actual\n\n  [\n    {\n      "name": "f",\n' +
        '-     "output": "bad"\n+     "output": "out"\n    },\n    {\n' +
        '      "name": "g"\n    }\n  ]',
    },
  );
  fails(
    () =>
      assertToolCalls(fakeRun as never, [
        { name: 'f', arguments: { a: 2 } },
        { name: 'g' },
      ]),
    {
      assertion: 'assertToolCalls',
      path: '[0].arguments.a',
      expected: [{ name: 'f', arguments: { a: 2 } }, { name: 'g' }],
      actual: [{ name: 'f', arguments: { a: 1 } }, { name: 'g' }],
      message:
        'Unexpected tool calls at "[0].arguments.a": expected 2, got 1\n\n' +
        '- expected\n+ actual\n\n  [\n    {\n      "name": "f",\n' +
        '      "arguments": {\n-       "a": 2\n+       "a": 1\n      }\n' +
        '    },\n    {\n      "name": "g"\n    }\n  ]',
    },
  );
  fails(() => assertToolCalls(fakeRun as never, [{ name: 'f' }]), {
    assertion: 'assertToolCalls',
    path: '[1]',
    expected: [{ name: 'f' }],
    actual: [{ name: 'f' }, { name: 'g', arguments: 'not json' }],
    message: 'Unexpected tool calls: expected 1, got 2 ("f", "g")\n\n' +
      '- expected\n+ actual\n\n  [\n    {\n      "name": "f"\n+   },\n' +
      '+   {\n+     "name": "g",\n+     "arguments": "not json"\n    }\n  ]',
  });
});

test('assertToolCalls rejects each malformed expectation exactly', () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  const assertion = 'assertToolCalls';
  const unreadable = rejectsInput(
    () => assertToolCalls(fakeRun as never, proxy as never),
    {
      reason: 'unreadable',
      assertion,
      path: 'expected',
      issue: 'readable',
      received: 'undefined',
      message:
        'Invalid assertToolCalls input: expected "expected" to be readable, got undefined',
    },
  );
  assert(unreadable.cause instanceof TypeError);
  rejectsInput(() => assertToolCalls(fakeRun as never, 5 as never), {
    reason: 'invalid_type',
    assertion,
    path: 'expected',
    issue: 'an array of expected tool calls',
    received: '5',
    message:
      'Invalid assertToolCalls input: expected "expected" to be an array of expected tool calls, got 5',
  });
  for (
    const [entry, received] of [
      [5, '5'],
      [null, 'null'],
      [[], 'an array of 0'],
    ] as const
  ) {
    rejectsInput(
      () => assertToolCalls(fakeRun as never, [{ name: 'f' }, entry] as never),
      {
        reason: 'invalid_type',
        assertion,
        path: 'expected[1]',
        issue: 'an object with a "name"',
        received,
        message:
          `Invalid assertToolCalls input: expected "expected[1]" to be an object with a "name", got ${received}`,
      },
    );
  }
  const nameError = boom('n');
  const badName = rejectsInput(
    () =>
      assertToolCalls(fakeRun as never, [{
        get name(): string {
          throw nameError;
        },
      }]),
    {
      reason: 'unreadable',
      assertion,
      path: 'expected[0].name',
      issue: 'readable',
      received: 'undefined',
      message:
        'Invalid assertToolCalls input: expected "expected[0].name" to be readable, got undefined',
    },
  );
  assert.equal(badName.cause, nameError);
  const keysError = boom('k');
  const badKeys = rejectsInput(
    () =>
      assertToolCalls(fakeRun as never, [
        new Proxy({}, {
          ownKeys() {
            throw keysError;
          },
        }),
      ] as never),
    {
      reason: 'unreadable',
      assertion,
      path: 'expected[0]',
      issue: 'readable',
      received: 'undefined',
      message:
        'Invalid assertToolCalls input: expected "expected[0]" to be readable, got undefined',
    },
  );
  assert.equal(badKeys.cause, keysError);
  rejectsInput(
    () =>
      assertToolCalls(fakeRun as never, [{ name: 'f', outptu: 1 }] as never),
    {
      reason: 'unknown_key',
      assertion,
      path: 'expected[0].outptu',
      issue: 'the keys "name", "arguments" and "output"',
      received: '"outptu"',
      suggestion: 'output',
      message:
        'Invalid assertToolCalls input: expected only the keys "name", "arguments" and "output", got "outptu" (did you mean "output"?)',
    },
  );
  for (const [name, received] of [[5, '5'], ['', '""']] as const) {
    rejectsInput(
      () => assertToolCalls(fakeRun as never, [{ name }] as never),
      {
        reason: 'invalid_value',
        assertion,
        path: 'expected[0].name',
        issue: 'a non-empty string',
        received,
        message:
          `Invalid assertToolCalls input: expected "expected[0].name" to be a non-empty string, got ${received}`,
      },
    );
  }
  // A getter deep in the expected arguments throws while comparing.
  const argError = boom('a');
  const badArgs = rejectsInput(
    () =>
      assertToolCalls(fakeRun as never, [
        {
          name: 'f',
          arguments: {
            get a(): number {
              throw argError;
            },
          },
        },
        { name: 'g' },
      ]),
    {
      reason: 'unreadable',
      assertion,
      path: 'expected',
      issue: 'readable',
      received: 'undefined',
      message:
        'Invalid assertToolCalls input: expected "expected" to be readable, got undefined',
    },
  );
  assert.equal(badArgs.cause, argError);
});

test('Run readers reject a result that is no RunResult, naming the assertion', () => {
  // An array that says it holds 2^20 + 1 items, without allocating them.
  const tooLong = new Proxy([], {
    get: (target, key, receiver) =>
      key === 'length' ? 2 ** 20 + 1 : Reflect.get(target, key, receiver),
  });
  const checks: [string, (result: unknown) => unknown][] = [
    ['toolCalls', (result) => toolCalls(result as never)],
    ['assertToolCalls', (result) => assertToolCalls(result as never, [])],
    ['handoffsTaken', (result) => handoffsTaken(result as never)],
    ['assertHandoffs', (result) => assertHandoffs(result as never, [])],
    ['assertFinalOutput', (result) => assertFinalOutput(result as never, 'x')],
  ];
  for (const [assertion, check] of checks) {
    rejectsInput(() => check(null), {
      reason: 'invalid_type',
      assertion,
      path: 'result',
      issue: 'a RunResult (an object with "newItems")',
      received: 'null',
      message:
        `Invalid ${assertion} input: expected "result" to be a RunResult (an object with "newItems"), got null`,
    });
    rejectsInput(() => check({ newItems: tooLong }), {
      reason: 'invalid_type',
      assertion,
      path: 'result.newItems',
      issue: 'an array of run items',
      received: 'an array of 1048577',
      message:
        `Invalid ${assertion} input: expected "result.newItems" to be an array of run items, got an array of 1048577`,
    });
    // assertFinalOutput reads no item.
    if (assertion === 'assertFinalOutput') continue;
    const itemError = boom('t');
    const unreadable = rejectsInput(
      () =>
        check({
          newItems: [{
            get type(): string {
              throw itemError;
            },
          }],
        }),
      {
        reason: 'unreadable',
        assertion,
        path: 'result.newItems',
        issue: 'readable',
        received: 'undefined',
        message:
          `Invalid ${assertion} input: expected "result.newItems" to be readable, got undefined`,
      },
    );
    assert.equal(unreadable.cause, itemError);
  }
});

test('Run readers take a run of exactly 2^20 items', () => {
  assertFinalOutput(
    { newItems: new Array(2 ** 20).fill(0), finalOutput: 1 } as never,
    1,
  );
});

test('assertHandoffs rejects each malformed expectation exactly', () => {
  const run = {
    newItems: [{
      type: 'handoff_output_item',
      sourceAgent: { name: 'A' },
      targetAgent: { name: 'B' },
    }],
  };
  assert.deepEqual(handoffsTaken(run as never), [{ from: 'A', to: 'B' }]);
  assertHandoffs(run as never, ['B']);
  const assertion = 'assertHandoffs';
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  rejectsInput(() => assertHandoffs(run as never, proxy as never), {
    reason: 'unreadable',
    assertion,
    path: 'expected',
    issue: 'readable',
    received: 'undefined',
    message:
      'Invalid assertHandoffs input: expected "expected" to be readable, got undefined',
  });
  rejectsInput(() => assertHandoffs(run as never, {} as never), {
    reason: 'invalid_type',
    assertion,
    path: 'expected',
    issue: 'an array of agent names or agents',
    received: 'an object',
    message:
      'Invalid assertHandoffs input: expected "expected" to be an array of agent names or agents, got an object',
  });
  for (
    const [entry, received] of [['', '""'], [
      { name: '' },
      'an object',
    ]] as const
  ) {
    rejectsInput(() => assertHandoffs(run as never, ['B', entry] as never), {
      reason: 'invalid_value',
      assertion,
      path: 'expected[1]',
      issue: 'an agent name or an agent',
      received,
      message:
        `Invalid assertHandoffs input: expected "expected[1]" to be an agent name or an agent, got ${received}`,
    });
  }
  const nameError = boom('n');
  const badName = rejectsInput(
    () =>
      assertHandoffs(run as never, [{
        get name(): string {
          throw nameError;
        },
      }]),
    {
      reason: 'unreadable',
      assertion,
      path: 'expected',
      issue: 'readable',
      received: 'undefined',
      message:
        'Invalid assertHandoffs input: expected "expected" to be readable, got undefined',
    },
  );
  assert.equal(badName.cause, nameError);
  fails(() => assertHandoffs(run as never, [{ name: 'C' }]), {
    assertion,
    path: '[0]',
    expected: ['C'],
    actual: ['B'],
    message: 'Unexpected handoffs at "[0]": expected "C", got "B"\n\n' +
      '- expected\n+ actual\n\n  [\n-   "C"\n+   "B"\n  ]',
  });
  fails(() => assertHandoffs(run as never, ['B', 'C']), {
    assertion,
    path: '[1]',
    expected: ['B', 'C'],
    actual: ['B'],
    message: 'Unexpected handoffs: expected 2, got 1\n\n' +
      '- expected\n+ actual\n\n  [\n-   "B",\n-   "C"\n+   "B"\n  ]',
  });
});

test('assertFinalOutput reports unreadable input and each kind of difference', () => {
  const assertion = 'assertFinalOutput';
  const outputError = boom('f');
  const badOutput = rejectsInput(
    () =>
      assertFinalOutput({
        newItems: [],
        get finalOutput(): string {
          throw outputError;
        },
      } as never, 'x'),
    {
      reason: 'unreadable',
      assertion,
      path: 'result.finalOutput',
      issue: 'readable',
      received: 'undefined',
      message:
        'Invalid assertFinalOutput input: expected "result.finalOutput" to be readable, got undefined',
    },
  );
  assert.equal(badOutput.cause, outputError);
  const expectedError = boom('e');
  const badExpected = rejectsInput(
    () =>
      assertFinalOutput({ newItems: [], finalOutput: { a: 1 } } as never, {
        get a(): number {
          throw expectedError;
        },
      }),
    {
      reason: 'unreadable',
      assertion,
      path: 'expected',
      issue: 'readable',
      received: 'undefined',
      message:
        'Invalid assertFinalOutput input: expected "expected" to be readable, got undefined',
    },
  );
  assert.equal(badExpected.cause, expectedError);
  // An array against a string: not a count mismatch, though both have a length.
  fails(
    () =>
      assertFinalOutput({ newItems: [], finalOutput: 'x' } as never, [
        'a',
        'b',
      ]),
    {
      assertion,
      path: '',
      expected: ['a', 'b'],
      actual: 'x',
      message: 'Unexpected final output: expected an array of 2, got "x"\n\n' +
        '- expected\n+ actual\n\n- [\n-   "a",\n-   "b"\n- ]\n+ "x"',
    },
  );
  fails(
    () =>
      assertFinalOutput({ newItems: [], finalOutput: { a: [1, 2] } } as never, {
        a: [1, 3],
      }),
    {
      assertion,
      path: 'a[1]',
      expected: { a: [1, 3] },
      actual: { a: [1, 2] },
      message: 'Unexpected final output at "a[1]": expected 3, got 2\n\n' +
        '- expected\n+ actual\n\n  {\n    "a": [\n      1,\n-     3\n' +
        '+     2\n    ]\n  }',
    },
  );
});

test('RunAssertionError builds its headline from the fields when none is given', () => {
  fails(() => {
    throw new RunAssertionError({
      assertion: 'assertFinalOutput',
      expected: 1,
      actual: 2,
    });
  }, {
    assertion: 'assertFinalOutput',
    path: undefined,
    expected: 1,
    actual: 2,
    message:
      'Unexpected final output: expected 1, got 2\n\n- expected\n+ actual\n\n- 1\n+ 2',
  });
  fails(() => {
    throw new RunAssertionError({
      assertion: 'assertToolCalls',
      expected: [1],
      actual: [1, 2],
      path: '[1]',
    });
  }, {
    assertion: 'assertToolCalls',
    path: '[1]',
    expected: [1],
    actual: [1, 2],
    message: 'Unexpected tool calls: expected 1, got 2\n\n' +
      '- expected\n+ actual\n\n  [\n-   1\n+   1,\n+   2\n  ]',
  });
});

test('modelRequest rejects each malformed model or index exactly', () => {
  const assertion = 'modelRequest';
  for (const [model, received] of [[null, 'null'], [5, '5']] as const) {
    rejectsInput(() => modelRequest(model as never, 0), {
      reason: 'invalid_type',
      assertion,
      path: 'model',
      issue: 'a double with recorded "calls"',
      received,
      message:
        `Invalid modelRequest input: expected "model" to be a double with recorded "calls", got ${received}`,
    });
  }
  const callsError = boom('c');
  const badCalls = rejectsInput(
    () =>
      modelRequest({
        get calls(): never {
          throw callsError;
        },
      }, 0),
    {
      reason: 'unreadable',
      assertion,
      path: 'model.calls',
      issue: 'readable',
      received: 'undefined',
      message:
        'Invalid modelRequest input: expected "model.calls" to be readable, got undefined',
    },
  );
  assert.equal(badCalls.cause, callsError);
  rejectsInput(() => modelRequest({ calls: 5 } as never, 0), {
    reason: 'invalid_type',
    assertion,
    path: 'model.calls',
    issue: 'an array of recorded calls',
    received: '5',
    message:
      'Invalid modelRequest input: expected "model.calls" to be an array of recorded calls, got 5',
  });
  rejectsInput(() => modelRequest({ calls: [] }, '1' as never), {
    reason: 'invalid_value',
    assertion,
    path: 'index',
    issue: 'an integer',
    received: '"1"',
    message:
      'Invalid modelRequest input: expected "index" to be an integer, got "1"',
  });
  const requestError = boom('r');
  const badRequest = rejectsInput(
    () =>
      modelRequest({
        calls: [{}, {
          get request(): never {
            throw requestError;
          },
        }],
      } as never, -1),
    {
      reason: 'unreadable',
      assertion,
      path: 'model.calls[1]',
      issue: 'readable',
      received: 'undefined',
      message:
        'Invalid modelRequest input: expected "model.calls[1]" to be readable, got undefined',
    },
  );
  assert.equal(badRequest.cause, requestError);
  for (const [request, received] of [[null, 'null'], [5, '5']] as const) {
    rejectsInput(() => modelRequest({ calls: [{}, { request }] } as never, 1), {
      reason: 'invalid_type',
      assertion,
      path: 'model.calls[1].request',
      issue: 'a recorded model request',
      received,
      message:
        `Invalid modelRequest input: expected "model.calls[1].request" to be a recorded model request, got ${received}`,
    });
  }
});

test('modelRequest counts from the start at index 0 and names one call in the singular', () => {
  const request = { input: 'Hi' };
  assert.equal(modelRequest({ calls: [{ request }] } as never, 0), request);
  fails(() => modelRequest({ calls: [] }, 0), {
    assertion: 'modelRequest',
    path: undefined,
    expected: 1,
    actual: 0,
    message:
      'Unexpected model calls: expected a call at index 0, got 0 calls\n\n- expected\n+ actual\n\n- 1\n+ 0',
  });
  fails(() => modelRequest({ calls: [{ request }] } as never, 3), {
    assertion: 'modelRequest',
    path: undefined,
    expected: 4,
    actual: 1,
    message:
      'Unexpected model calls: expected a call at index 3, got 1 call\n\n- expected\n+ actual\n\n- 4\n+ 1',
  });
});
