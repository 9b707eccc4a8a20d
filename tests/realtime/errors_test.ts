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
  assert.equal(error.remainingExpectations, 1);
  assert.equal(
    error.message,
    'Unexpected realtime call 3 to "sendAudio": expected "close", 1 expectation left',
  );
  const more = new UnexpectedRealtimeCallError({
    callIndex: 0,
    expectedMethod: 'connect',
    actualMethod: 'close',
    remainingExpectations: 3,
  });
  assert.equal(more.remainingExpectations, 3);
  assert.match(more.message, /expected "connect", 3 expectations left$/);
});

test('UnexpectedRealtimeCallError accepts the SDK form (expectedMethod, actualCall)', () => {
  const error = new UnexpectedRealtimeCallError('close', {
    index: 3,
    method: 'sendAudio',
  });
  assert.equal(error.name, 'UnexpectedRealtimeCallError');
  assert.equal(error.callIndex, 3);
  assert.equal(error.expectedMethod, 'close');
  assert.equal(error.actualMethod, 'sendAudio');
  assert.equal(error.remainingExpectations, 1);
  assert.equal(
    error.message,
    'Unexpected realtime call 3 to "sendAudio": expected "close", 1 expectation left',
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
    'Realtime call 0 to "mute" rejected: the matcher of its expectation returned false',
  );
  assert.equal('cause' in error, false);
  const threw = new RealtimeCallMatcherError({
    callIndex: 2,
    actualMethod: 'close',
    matcherResult: 'threw',
  }, { cause: undefined });
  assert.equal(threw.matcherResult, 'threw');
  assert.equal('cause' in threw, true);
  assert.equal(threw.cause, undefined);
  assert.equal(
    threw.message,
    'Realtime call 2 to "close" rejected: the matcher of its expectation threw undefined',
  );
});

test('RealtimeCallMatcherError accepts the SDK form (call)', () => {
  const error = new RealtimeCallMatcherError({ index: 4, method: 'mute' });
  assert.equal(error.name, 'RealtimeCallMatcherError');
  assert.equal(error.callIndex, 4);
  assert.equal(error.actualMethod, 'mute');
  assert.equal(error.matcherResult, 'false');
  const threw = new RealtimeCallMatcherError(
    { index: 1, method: 'close' },
    { matcherResult: 'threw', cause: 'wrong call' },
  );
  assert.equal(threw.matcherResult, 'threw');
  assert.equal(threw.callIndex, 1);
  assert.equal(threw.cause, 'wrong call');
  assert.match(threw.message, /threw "wrong call"$/);
});

test('IncompleteRealtimeScenarioError holds frozen copies of what is left', () => {
  const calls: RecordedRealtimeCall[] = [
    Object.freeze({ index: 4, method: 'interrupt' as const }),
  ];
  const pending = [{ order: 2, method: 'close' as const }];
  const error = new IncompleteRealtimeScenarioError({
    unconsumedCalls: calls,
    pendingExpectations: pending,
    pendingFailures: [{ method: 'mute', count: 2 }],
  });
  pending.push({ order: 3, method: 'close' });
  assert(error instanceof Error);
  assert.equal(error.name, 'IncompleteRealtimeScenarioError');
  assert.deepEqual(error.unconsumedCalls, calls);
  assert.deepEqual(error.pendingExpectations, [{ order: 2, method: 'close' }]);
  assert.deepEqual(error.pendingFailures, [{ method: 'mute', count: 2 }]);
  assert(Object.isFrozen(error.pendingExpectations));
  assert(Object.isFrozen(error.pendingExpectations[0]));
  assert(Object.isFrozen(error.pendingFailures[0]));
  assert.equal(
    error.message,
    'Incomplete realtime scenario: 1 unconsumed call left ("interrupt"), ' +
      '1 pending expectation left ("close"), ' +
      '2 unused failures left ("mute", "mute")',
  );
});

test('IncompleteRealtimeScenarioError accepts the SDK form (calls, expectations, failures)', () => {
  const error = new IncompleteRealtimeScenarioError(
    [{ index: 0, method: 'interrupt' }],
    [{ order: 1, method: 'close' }],
    [{ method: 'mute', count: 1 }, { method: 'close', count: 1 }],
  );
  assert.equal(error.name, 'IncompleteRealtimeScenarioError');
  assert.deepEqual(error.unconsumedCalls, [{ index: 0, method: 'interrupt' }]);
  assert.deepEqual(error.pendingExpectations, [{ order: 1, method: 'close' }]);
  assert.deepEqual(error.pendingFailures, [
    { method: 'mute', count: 1 },
    { method: 'close', count: 1 },
  ]);
  assert.match(error.message, /2 unused failures left \("mute", "close"\)$/);
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
  assert.equal(
    error.message,
    'Incomplete realtime scenario: 2000 unconsumed calls left ' +
      '("interrupt", "interrupt", "interrupt", "interrupt", "interrupt" ' +
      'and 1995 more)',
  );
});

test('ScriptedRealtimeScenarioCancelledError is an AbortError with a code, the pending expectations and the cause', () => {
  const reason = new Error('deadline');
  const error = new ScriptedRealtimeScenarioCancelledError(
    { pendingExpectations: [{ order: 3, method: 'sendFunctionCallOutput' }] },
    { cause: reason },
  );
  assert(error instanceof Error);
  assert.equal(error.name, 'AbortError');
  assert.equal(error.code, 'scripted_realtime_scenario_cancelled');
  assert.deepEqual(error.pendingExpectations, [
    { order: 3, method: 'sendFunctionCallOutput' },
  ]);
  assert.equal(error.cause, reason);
  assert.equal(
    error.message,
    'Realtime scenario cancelled by its signal: 1 pending expectation ("sendFunctionCallOutput")',
  );
});

test('ScriptedRealtimeScenarioCancelledError accepts the SDK form (pendingExpectations)', () => {
  const error = new ScriptedRealtimeScenarioCancelledError([
    { order: 1, method: 'connect' },
  ]);
  assert.equal(error.name, 'AbortError');
  assert.equal(error.code, 'scripted_realtime_scenario_cancelled');
  assert.deepEqual(error.pendingExpectations, [{
    order: 1,
    method: 'connect',
  }]);
  assert.equal(error.cause, undefined);
});

test('RealtimeTransportNotClosedError holds the status, from either form', () => {
  const error = new RealtimeTransportNotClosedError({ status: 'connecting' });
  assert(error instanceof Error);
  assert.equal(error.name, 'RealtimeTransportNotClosedError');
  assert.equal(error.status, 'connecting');
  assert.equal(
    error.message,
    'Realtime transport not closed: expected status "disconnected", got "connecting"',
  );
  const sdkForm = new RealtimeTransportNotClosedError('connected');
  assert.equal(sdkForm.status, 'connected');
  assert.match(sdkForm.message, /got "connected"$/);
});

test('ScriptedRealtimeConnectionSupersededError names the superseded connect and what replaced it', () => {
  const error = new ScriptedRealtimeConnectionSupersededError({
    supersededBy: 'close',
  });
  assert(error instanceof Error);
  assert.equal(error.name, 'ScriptedRealtimeConnectionSupersededError');
  assert.equal(error.operation, 'connect');
  assert.equal(error.supersededBy, 'close');
  assert.match(
    error.message,
    /a later "close" replaced the pending "connect"$/,
  );
  const sdkForm = new ScriptedRealtimeConnectionSupersededError();
  assert.equal(sdkForm.operation, 'connect');
  assert.equal(sdkForm.supersededBy, undefined);
  assert.equal(
    sdkForm.message,
    'Realtime connection attempt superseded: another lifecycle operation replaced the pending "connect"',
  );
});

test('InvalidRealtimeScenarioInputError derives its message from its fields', () => {
  const error = new InvalidRealtimeScenarioInputError({
    reason: 'unknown_method',
    operation: 'expectCall',
    path: 'method',
    received: '"hangUp"',
    suggestion: 'close',
  });
  assert(error instanceof Error);
  assert.equal(error.name, 'InvalidRealtimeScenarioInputError');
  assert.equal(error.reason, 'unknown_method');
  assert.equal(error.issue, 'unknown_method');
  assert.equal(error.operation, 'expectCall');
  assert.equal(error.path, 'method');
  assert.equal(error.expected, 'a realtime transport method name');
  assert.equal(error.received, '"hangUp"');
  assert.equal(error.suggestion, 'close');
  assert.equal(
    error.message,
    'Invalid realtime input ("expectCall"): expected "method" to be a realtime transport method name, got "hangUp" (did you mean "close"?)',
  );
});

test('InvalidRealtimeScenarioInputError keeps a given message verbatim and its cause', () => {
  const cause = new Error('trap');
  const error = new InvalidRealtimeScenarioInputError(
    { reason: 'unreadable_option', message: 'Options could not be read' },
    { cause },
  );
  assert.equal(error.message, 'Options could not be read');
  assert.equal(error.reason, 'unreadable_option');
  assert.equal(error.issue, 'unreadable_option');
  assert.equal(error.path, undefined);
  assert.equal(error.received, undefined);
  assert.equal(error.suggestion, undefined);
  assert.equal(error.cause, cause);
  const unread = new InvalidRealtimeScenarioInputError({
    reason: 'unreadable_option',
    operation: 'runScenario',
    path: 'options.signal',
  });
  assert.equal(
    unread.message,
    'Invalid realtime input ("runScenario"): expected "options.signal" to be a readable option, got a property whose read threw',
  );
});

test('Realtime call errors built from a method or call alone, as the SDK module builds them, name no call', () => {
  const unexpected = new UnexpectedRealtimeCallError(
    'mute',
    undefined as never,
  );
  assert.equal(unexpected.callIndex, -1);
  assert.equal(unexpected.actualMethod, '');
  assert.equal(unexpected.remainingExpectations, 1);
  const rejected = new RealtimeCallMatcherError(undefined as never);
  assert.equal(rejected.callIndex, -1);
  assert.equal(rejected.actualMethod, '');
  assert.equal(
    rejected.message,
    'Realtime call -1 to "" rejected: the matcher of its expectation returned false',
  );
  const threw = new RealtimeCallMatcherError({
    callIndex: 3,
    actualMethod: 'mute',
    matcherResult: 'threw',
  });
  assert.equal(
    threw.message,
    'Realtime call 3 to "mute" rejected: the matcher of its expectation threw undefined',
  );
  assert.equal('cause' in threw, false);
});
