import assert from 'node:assert/strict';
import test from 'node:test';
import {
  IncompleteRealtimeScenarioError,
  InvalidRealtimeScenarioInputError,
  RealtimeCallMatcherError,
  RealtimeTransportNotClosedError,
  type RecordedRealtimeCall,
  ScriptedRealtimeConnectionSupersededError,
  ScriptedRealtimeScenarioCancelledError,
  UnexpectedRealtimeCallError,
} from '@scripted/agents/realtime';

test('UnexpectedRealtimeCallError holds its fields and names both methods', () => {
  const error = new UnexpectedRealtimeCallError({
    callIndex: 3,
    expectedMethod: 'close',
    actualMethod: 'sendAudio',
  });
  assert(error instanceof Error);
  assert.equal(error.name, 'UnexpectedRealtimeCallError');
  assert.equal(error.callIndex, 3);
  assert.equal(error.expectedMethod, 'close');
  assert.equal(error.actualMethod, 'sendAudio');
  assert.equal(
    error.message,
    'Unexpected realtime call 3: expected "close", got "sendAudio"',
  );
});

test('RealtimeCallMatcherError holds its fields', () => {
  const error = new RealtimeCallMatcherError({
    callIndex: 0,
    actualMethod: 'mute',
  });
  assert(error instanceof Error);
  assert.equal(error.name, 'RealtimeCallMatcherError');
  assert.equal(error.callIndex, 0);
  assert.equal(error.actualMethod, 'mute');
  assert.equal(error.matcherResult, 'false');
  assert.equal(
    error.message,
    'Realtime call matcher rejected call 0: "mute" did not match its expectation (the matcher returned false)',
  );
  const async = new RealtimeCallMatcherError({
    callIndex: 2,
    actualMethod: 'close',
    matcherResult: 'promise',
  });
  assert.equal(async.matcherResult, 'promise');
  assert.match(
    async.message,
    /returned a promise; matchers must be synchronous/,
  );
});

test('IncompleteRealtimeScenarioError holds frozen copies of what is left', () => {
  const calls: RecordedRealtimeCall[] = [
    Object.freeze({ index: 4, method: 'interrupt' as const }),
  ];
  const pending: ('close' | 'mute')[] = ['close'];
  const error = new IncompleteRealtimeScenarioError({
    unconsumedCalls: calls,
    pendingExpectations: pending,
    pendingFailures: ['mute', 'mute'],
  });
  pending.push('mute');
  assert(error instanceof Error);
  assert.equal(error.name, 'IncompleteRealtimeScenarioError');
  assert.deepEqual(error.unconsumedCalls, calls);
  assert.deepEqual(error.pendingExpectations, ['close']);
  assert.deepEqual(error.pendingFailures, ['mute', 'mute']);
  assert(Object.isFrozen(error.pendingExpectations));
  assert.equal(
    error.message,
    'Incomplete realtime scenario: 1 unconsumed call ("interrupt"), ' +
      '1 pending expectation ("close"), 2 unused failures ("mute", "mute")',
  );
});

test('IncompleteRealtimeScenarioError keeps its message short for thousands of calls', () => {
  const calls = Array.from(
    { length: 2_000 },
    (_, index) => Object.freeze({ index, method: 'interrupt' as const }),
  );
  const error = new IncompleteRealtimeScenarioError({
    unconsumedCalls: calls,
    pendingExpectations: [],
    pendingFailures: [],
  });
  assert.equal(error.unconsumedCalls.length, 2_000);
  assert.match(error.message, /2000 unconsumed calls \(.*and 1995 more\)/);
  assert(error.message.length < 300);
  assert.match(error.message, /0 pending expectations, 0 unused failures$/);
});

test('ScriptedRealtimeScenarioCancelledError holds the pending expectations and the cause', () => {
  const reason = new Error('deadline');
  const error = new ScriptedRealtimeScenarioCancelledError(
    { pendingExpectations: ['sendFunctionCallOutput'] },
    { cause: reason },
  );
  assert(error instanceof Error);
  assert.equal(error.name, 'ScriptedRealtimeScenarioCancelledError');
  assert.deepEqual(error.pendingExpectations, ['sendFunctionCallOutput']);
  assert.equal(error.cause, reason);
  assert.equal(
    error.message,
    'Realtime scenario cancelled by its signal: 1 pending expectation ("sendFunctionCallOutput")',
  );
});

test('RealtimeTransportNotClosedError holds the status', () => {
  const error = new RealtimeTransportNotClosedError({ status: 'connecting' });
  assert(error instanceof Error);
  assert.equal(error.name, 'RealtimeTransportNotClosedError');
  assert.equal(error.status, 'connecting');
  assert.equal(
    error.message,
    'Realtime transport not closed: expected status "disconnected", got "connecting"',
  );
});

test('ScriptedRealtimeConnectionSupersededError holds the operation', () => {
  const error = new ScriptedRealtimeConnectionSupersededError({
    operation: 'close',
  });
  assert(error instanceof Error);
  assert.equal(error.name, 'ScriptedRealtimeConnectionSupersededError');
  assert.equal(error.operation, 'close');
  assert.match(
    error.message,
    /a later "close" replaced the pending "connect"$/,
  );
});

test('InvalidRealtimeScenarioInputError holds its fields', () => {
  const error = new InvalidRealtimeScenarioInputError({
    operation: 'expectCall',
    argument: 'method',
    expected: 'a realtime transport method name',
    received: '"hangUp"',
  });
  assert(error instanceof Error);
  assert.equal(error.name, 'InvalidRealtimeScenarioInputError');
  assert.equal(error.operation, 'expectCall');
  assert.equal(error.argument, 'method');
  assert.equal(error.expected, 'a realtime transport method name');
  assert.equal(error.received, '"hangUp"');
  assert.equal(
    error.message,
    'Invalid realtime scenario input: expectCall() "method" must be a realtime transport method name, got "hangUp"',
  );
});
