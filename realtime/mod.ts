/**
 * The scripted Realtime double: `ScriptedRealtimeTransport`, an in-memory
 * `RealtimeTransportLayer` for `new RealtimeSession(agent, { transport })`,
 * with its recorded-call types and errors.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 *
 * const transport = new ScriptedRealtimeTransport();
 * const session = new RealtimeSession(
 *   new RealtimeAgent({ name: 'Assistant' }),
 *   { transport },
 * );
 * const connected = transport.expectCall('connect');
 * await session.connect({ apiKey: 'test' });
 * assert.equal((await connected).options.apiKeyProvided, true);
 * const closed = transport.expectCall('close');
 * session.close();
 * await closed;
 * transport.assertComplete();
 * transport.assertClosed();
 * ```
 *
 * @module
 */
export {
  type RealtimeCallData,
  type RealtimeCallMatcher,
  type RealtimeTransportMethod,
  realtimeTransportMethods,
  type RealtimeTransportParameters,
  type RecordedConnectOptions,
  type RecordedRealtimeCall,
} from './calls.ts';
export {
  IncompleteRealtimeScenarioError,
  InvalidRealtimeScenarioInputError,
  RealtimeCallMatcherError,
  RealtimeTransportNotClosedError,
  ScriptedRealtimeConnectionSupersededError,
  ScriptedRealtimeScenarioCancelledError,
  UnexpectedRealtimeCallError,
} from './errors.ts';
export type {
  RealtimeScenarioContext,
  RealtimeScenarioOptions,
} from './scenario.ts';
export { ScriptedRealtimeTransport } from './scripted_transport.ts';
export type {
  RealtimeFixture,
  RealtimeFixtureCall,
  RealtimeFixtureEntry,
  RealtimeFixtureEvent,
} from './fixture.ts';
export {
  type RealtimeRecording,
  type RecordRealtimeOptions,
  recordRealtimeTransport,
} from './record.ts';
export type { RealtimeReplayOptions } from './replay.ts';
export {
  InvalidRecordingError,
  type InvalidRecordingReason,
  type RecordingKind,
  ReplayMismatchError,
} from '../model/replay_errors.ts';
