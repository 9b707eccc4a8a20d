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
  type PendingRealtimeExpectation,
  type PendingRealtimeFailure,
  type RealtimeCallData,
  type RealtimeCallMatcher,
  type RealtimeFaultAction,
  type RealtimeFaultRecord,
  type RealtimeTransportCallFor,
  type RealtimeTransportEmitterMember,
  type RealtimeTransportListener,
  type RealtimeTransportMethod,
  realtimeTransportMethods,
  type RealtimeTransportParameters,
  type RealtimeTransportStatus,
  type RecordedConnectOptions,
  type RecordedRealtimeCall,
  type RecordedRealtimeTransportCall,
} from './calls.ts';
export type {
  RealtimeAnyOrderCalls,
  RealtimeExpectation,
} from './any_order.ts';
export {
  IncompleteRealtimeScenarioError,
  type RealtimeAnyOrderCandidate,
  RealtimeCallMatcherError,
  type RealtimeSupersedingOperation,
  RealtimeTransportNotClosedError,
  ScriptedRealtimeConnectionSupersededError,
  ScriptedRealtimeScenarioCancelledError,
  UnexpectedRealtimeCallError,
} from './errors.ts';
export {
  InvalidRealtimeScenarioInputError,
  type InvalidRealtimeScenarioInputIssue,
  type InvalidRealtimeScenarioInputReason,
  type RealtimeScenarioOptionKey,
} from './input_errors.ts';
export type {
  RealtimeScenarioContext,
  RealtimeScenarioOptions,
  RealtimeScenarioRunContext,
  ScriptedRealtimeScenarioContext,
  ScriptedRealtimeScenarioOptions,
} from './scenario.ts';
export { ScriptedRealtimeTransport } from './scripted_transport.ts';
