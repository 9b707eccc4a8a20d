import assert from 'node:assert/strict';
import test from 'node:test';
import {
  assistantMessage,
  functionCall,
  InvalidScriptedModelStepError,
  type InvalidScriptedModelStepIssue,
  modelStream,
  ScriptedModel,
} from '@scripted/agents';

// What each issue says was expected, with and without a path: the message
// is the contract's report of a bad step, so every phrase is pinned.
const expectations: [
  InvalidScriptedModelStepIssue,
  string | undefined,
  string,
][] = [
  [
    'invalid_input',
    undefined,
    'a step (an object with a "type"), a ModelResponse (an object with "output") or an output array',
  ],
  [
    'unknown_step_type',
    undefined,
    'a step type of "response", "responder", "error", "stream" or "stream_responder"',
  ],
  [
    'missing_response',
    undefined,
    'a "response" (an output array or a ModelResponse)',
  ],
  [
    'invalid_response',
    undefined,
    'the response to be an output array or a ModelResponse',
  ],
  [
    'invalid_response',
    'response.x',
    '"response.x" to be an output array or a ModelResponse',
  ],
  ['missing_error', undefined, 'an "error" to throw'],
  ['missing_responder', undefined, 'a "respond" function'],
  [
    'invalid_stream',
    undefined,
    'the events to be a sync or async iterable of stream events',
  ],
  [
    'invalid_stream',
    'response.x',
    '"response.x" to be a sync or async iterable of stream events',
  ],
  [
    'incompatible_call',
    undefined,
    'a streaming call, as only getStreamedResponse can play a raw stream step',
  ],
  [
    'not_iterable',
    undefined,
    'the inputs to be iterable (an array, a Set, a generator)',
  ],
  ['unreadable', undefined, 'the input to be readable'],
  ['unreadable', 'response.x', '"response.x" to be readable'],
  ['unknown_property', undefined, 'only the keys of its step type'],
  [
    'invalid_retry_advice',
    undefined,
    '"retryAdvice" to be a ModelRetryAdvice object or a function',
  ],
  ['invalid_text', undefined, 'the message text to be a string'],
  ['invalid_name', undefined, 'the function name to be a non-empty string'],
  [
    'invalid_arguments',
    undefined,
    'the arguments to be a JSON string or a serializable object',
  ],
  ['missing_call_id', undefined, 'options with a "callId" string'],
  ['invalid_option', undefined, 'the field to be valid'],
  ['invalid_option', 'response.x', '"response.x" to be valid'],
  ['invalid_responder', undefined, '"respond" to be a function'],
  ['invalid_responder', 'response.x', '"response.x" to be a function'],
  ['invalid_output', undefined, '"output" to be an array of items'],
  ['invalid_output', 'response.x', '"response.x" to be an array of items'],
  ['invalid_item', undefined, 'each item to be an item object'],
  ['invalid_item', 'response.x', '"response.x" to be an item object'],
  ['invalid_usage', undefined, '"usage" to be valid usage data'],
  ['invalid_usage', 'response.x', '"response.x" to be valid usage data'],
  ['invalid_field', undefined, 'the field to be valid'],
  ['invalid_field', 'response.x', '"response.x" to be valid'],
  [
    'invalid_event',
    undefined,
    'each event to be a stream event (an object with a string "type")',
  ],
  [
    'invalid_event',
    'response.x',
    '"response.x" to be a stream event (an object with a string "type")',
  ],
  ['broken_iterator', undefined, 'the events to follow the iterator protocol'],
  [
    'broken_iterator',
    'response.x',
    '"response.x" to follow the iterator protocol',
  ],
  ['invalid_usage', 'usage', '"usage" to be valid usage data'],
  ['invalid_field', 'requestId', '"requestId" to be valid'],
  ['invalid_option', 'options.namespace', '"options.namespace" to be valid'],
];

test('InvalidScriptedModelStepError says what each issue expected', () => {
  for (const [issue, path, expected] of expectations) {
    const error = new InvalidScriptedModelStepError({
      reason: 'invalid_input',
      issue,
      inputIndex: 2,
      path,
      received: '7',
    });
    const got = issue === 'unreadable' ? 'the thrown value undefined' : '7';
    assert.equal(
      error.message,
      `Invalid model step 2: expected ${expected}, got ${got}`,
      `${issue} at ${String(path)}`,
    );
  }
});

test('InvalidScriptedModelStepError places a step found at a call and says what reading threw', () => {
  const cases: [unknown, string | undefined, string][] = [
    [
      new Error('boom'),
      'steps',
      'Invalid model step for call 4: expected "steps" to be readable, got the error "boom"',
    ],
    [
      'boom',
      undefined,
      'Invalid model step for call 4: expected the input to be readable, got the thrown value "boom"',
    ],
  ];
  for (const [cause, path, message] of cases) {
    const error = new InvalidScriptedModelStepError({
      reason: 'invalid_input',
      issue: 'unreadable',
      callIndex: 4,
      path,
    }, { cause });
    assert.equal(error.message, message);
    assert.equal(error.inputIndex, undefined);
    assert.equal(error.callIndex, 4);
  }
});

test('InvalidScriptedModelStepError names the step by its input, even with a call index', () => {
  const error = new InvalidScriptedModelStepError({
    reason: 'invalid_input',
    issue: 'invalid_value',
    inputIndex: 1,
    callIndex: 2,
    received: '7',
  });
  assert.match(error.message, /^Invalid model step 1: /);
});

test('A malformed output names the output and each item with what they must be', () => {
  const cases: [unknown, string][] = [
    [
      { output: 5 },
      'Invalid model step 0: expected "output" to be an array of items, got 5',
    ],
    [
      { output: [5] },
      'Invalid model step 0: expected "output[0]" to be an item object, got 5',
    ],
    [
      [null],
      'Invalid model step 0: expected "[0]" to be an item object, got null',
    ],
  ];
  for (const [input, message] of cases) {
    assert.throws(
      () => new ScriptedModel([input as never]),
      (error: unknown) =>
        error instanceof InvalidScriptedModelStepError &&
        error.message === message,
      message,
    );
  }
});

test('A stream event that is null is an invalid event, not an unreadable one', () => {
  assert.throws(
    () => modelStream([null as never]),
    (error: unknown) =>
      error instanceof InvalidScriptedModelStepError &&
      error.issue === 'invalid_event' &&
      error.path === 'events[0]' &&
      error.received === 'null',
  );
});

test('assistantMessage refuses an empty id', () => {
  assert.throws(
    () => assistantMessage('hi', { id: '' }),
    (error: unknown) =>
      error instanceof InvalidScriptedModelStepError &&
      error.issue === 'invalid_option' &&
      error.path === 'options.id',
  );
});

test('A tool call with options of another kind is a bad option, with none a missing call id', () => {
  for (
    const [options, issue] of [[undefined, 'missing_call_id'], [
      5,
      'invalid_option',
    ]] as const
  ) {
    assert.throws(
      () => functionCall('f', '{}', options as never),
      (error: unknown) =>
        error instanceof InvalidScriptedModelStepError &&
        error.issue === issue && error.path === 'options',
      String(options),
    );
  }
});
