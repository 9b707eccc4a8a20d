import assert from 'node:assert/strict';
import test from 'node:test';
import {
  InvalidScriptedModelStepError,
  type InvalidScriptedModelStepIssue,
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
