/**
 * Edges of the realtime error constructors (the SDK module's argument
 * forms given missing values), the connect options record, and the
 * recording transport's listener surface.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  IncompleteRealtimeScenarioError,
  InvalidRealtimeScenarioInputError,
  RealtimeCallMatcherError,
  RealtimeTransportNotClosedError,
  ScriptedRealtimeTransport,
  UnexpectedRealtimeCallError,
} from '@scripted/agents/realtime';
import { recordRealtimeTransport } from '@scripted/agents/replay';

// deno-lint-ignore no-explicit-any
type Loose = any;

test('Realtime errors built from a missing call or status keep their defaults', () => {
  for (const missing of [null, undefined]) {
    const matcher = new RealtimeCallMatcherError(missing as Loose);
    assert.equal(matcher.callIndex, -1);
    assert.equal(matcher.actualMethod, '');
    assert.equal(matcher.matcherResult, 'false');
    assert.equal(
      matcher.message,
      'Realtime call -1 to "" rejected: the matcher of its expectation returned false',
    );
  }
  const unexpected = new UnexpectedRealtimeCallError(null as Loose);
  assert.equal(unexpected.callIndex, -1);
  assert.equal(unexpected.expectedMethod, null);
  assert.equal(unexpected.actualMethod, '');
  assert.equal(unexpected.remainingExpectations, 1);
  assert.equal(
    unexpected.message,
    'Unexpected realtime call -1 to "": expected null, 1 expectation left',
  );
  const notClosed = new RealtimeTransportNotClosedError(null as Loose);
  assert.equal(notClosed.status, null);
  assert.equal(
    notClosed.message,
    'Realtime transport not closed: expected status "disconnected", got null',
  );
});

test('RealtimeCallMatcherError reads a call with a non-numeric callIndex as the SDK form', () => {
  const error = new RealtimeCallMatcherError(
    { index: 2, method: 'mute', callIndex: 'x' } as Loose,
    { matcherResult: 'threw', cause: 'nope' },
  );
  assert.equal(error.callIndex, 2);
  assert.equal(error.actualMethod, 'mute');
  assert.equal(error.matcherResult, 'threw');
  assert.equal(
    error.message,
    'Realtime call 2 to "mute" rejected: the matcher of its expectation threw "nope"',
  );
});

test('IncompleteRealtimeScenarioError in the SDK form defaults the missing lists to empty', () => {
  const error = new IncompleteRealtimeScenarioError(
    [{ index: 0, method: 'close' }] as Loose,
  );
  assert.deepEqual(error.pendingExpectations, []);
  assert.deepEqual(error.pendingFailures, []);
  assert.deepEqual(error.injectedFaults, []);
  assert.equal(
    error.message,
    'Incomplete realtime scenario: 1 unconsumed call left ("close")',
  );
});

test('InvalidRealtimeScenarioInputError: a verbatim message leaves expected unset; a path shows unless the transport is busy', () => {
  const verbatim = new InvalidRealtimeScenarioInputError({
    reason: 'invalid_error',
    message: 'custom',
  });
  assert.equal(verbatim.message, 'custom');
  assert.equal(verbatim.expected, undefined);
  assert.equal(verbatim.issue, 'invalid_error');
  const plain = new InvalidRealtimeScenarioInputError({
    reason: 'invalid_error',
  });
  assert.equal(plain.expected, 'any value but undefined');
  assert.equal(
    plain.message,
    'Invalid realtime input: expected any value but undefined',
  );
  const busy = new InvalidRealtimeScenarioInputError({
    reason: 'scenario_running',
    path: 'options',
    operation: 'runScenario',
  });
  assert.equal(busy.path, 'options');
  assert.equal(
    busy.message,
    'Invalid realtime input ("runScenario"): expected the previous scenario on this transport to have ended, got a second runScenario() while one is running',
  );
  const pathed = new InvalidRealtimeScenarioInputError({
    reason: 'invalid_option',
    path: 'options.signal',
    operation: 'runScenario',
  });
  assert.equal(
    pathed.message,
    'Invalid realtime input ("runScenario"): expected "options.signal" to be a valid option',
  );
  const unpathed = new InvalidRealtimeScenarioInputError({
    reason: 'invalid_option',
    operation: 'runScenario',
  });
  assert.equal(
    unpathed.message,
    'Invalid realtime input ("runScenario"): expected a valid option',
  );
});

test('A recorded connect keeps only own options, and apiKeyProvided only for a string or function key', async () => {
  const transport = new ScriptedRealtimeTransport();
  await transport.connect(
    Object.create({ url: 'inherited' }, {
      apiKey: { value: 5, enumerable: true },
      model: { value: 'm', enumerable: true },
    }),
  );
  await transport.connect({ apiKey: undefined } as Loose);
  await transport.connect({ apiKey: () => 'k' } as Loose);
  await transport.connect({ apiKey: '' });
  await transport.connect('ab' as Loose);
  await transport.connect(null as Loose);
  assert.deepEqual(
    transport.calls.map((call) => (call as { options?: unknown }).options),
    [
      { apiKeyProvided: false, model: 'm' },
      { apiKeyProvided: false },
      { apiKeyProvided: true },
      { apiKeyProvided: true },
      { apiKeyProvided: false },
      { apiKeyProvided: false },
    ],
  );
});

test('The recording transport forwards each event type once, and supports once, off and emit', () => {
  const real = new ScriptedRealtimeTransport();
  const recording = recordRealtimeTransport(real, { sdkVersion: '9.9.9' });
  const seen: string[] = [];
  const a = (e: { delta: string }) => seen.push(`a:${e.delta}`);
  const b = (e: { delta: string }) => seen.push(`b:${e.delta}`);
  const once = (e: { delta: string }) => seen.push(`once:${e.delta}`);
  assert.equal(recording.on('audio_transcript_delta', a as Loose), recording);
  assert.equal(recording.on('audio_transcript_delta', b as Loose), recording);
  assert.equal(
    recording.once('audio_transcript_delta', once as Loose),
    recording,
  );
  real.emit('audio_transcript_delta', { delta: '1' } as Loose);
  real.emit('audio_transcript_delta', { delta: '2' } as Loose);
  assert.deepEqual(seen, ['a:1', 'b:1', 'once:1', 'a:2', 'b:2']);
  assert.equal(recording.off('audio_transcript_delta', a as Loose), recording);
  real.emit('audio_transcript_delta', { delta: '3' } as Loose);
  assert.deepEqual(seen.slice(5), ['b:3']);
  // emit() on the recording reaches its listeners only, and is not logged.
  assert.equal(
    recording.emit('audio_transcript_delta', { delta: '4' } as Loose),
    true,
  );
  assert.deepEqual(seen.slice(6), ['b:4']);
  assert.equal(recording.emit('audio_done'), false);
  const fixture = recording.fixture();
  assert.equal(fixture.sdkVersion, '9.9.9');
  assert.deepEqual(
    fixture.log.map((entry) => entry.type === 'event' && entry.event),
    [
      'audio_transcript_delta',
      'audio_transcript_delta',
      'audio_transcript_delta',
    ],
  );
  // A once listener alone forwards its event: every emit is logged, the
  // listener hears the first.
  const innerReal = new ScriptedRealtimeTransport();
  const onlyOnce = recordRealtimeTransport(innerReal);
  const got: unknown[] = [];
  onlyOnce.once('audio_done', () => got.push('done'));
  innerReal.emit('audio_done');
  innerReal.emit('audio_done');
  assert.deepEqual(got, ['done']);
  assert.deepEqual(
    onlyOnce.fixture().log.map((entry) =>
      entry.type === 'event' && entry.event
    ),
    ['audio_done', 'audio_done'],
  );
});
