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
  InvalidRealtimeScenarioInputError,
  type InvalidRealtimeScenarioInputIssue,
  type InvalidRealtimeScenarioInputReason,
  type RealtimeAnyOrderCandidate,
  RealtimeCallMatcherError,
  type RealtimeScenarioOptionKey,
  type RealtimeSupersedingOperation,
  RealtimeTransportNotClosedError,
  ScriptedRealtimeConnectionSupersededError,
  ScriptedRealtimeScenarioCancelledError,
  UnexpectedRealtimeCallError,
} from './errors.ts';
export type {
  RealtimeScenarioContext,
  RealtimeScenarioOptions,
  RealtimeScenarioRunContext,
  ScriptedRealtimeScenarioContext,
  ScriptedRealtimeScenarioOptions,
} from './scenario.ts';
export { ScriptedRealtimeTransport } from './scripted_transport.ts';

// --- Realtime simulation (issue #16): turn builders, virtual clock, inbound
// faults and session assertions. Additive; kept apart for an easy merge.
export {
  type AnyRealtimeSession,
  assertHandoff,
  assertHistoryMatchesHeard,
  assertNoCallAfterClose,
  assertToolApprovalAnswered,
  type ObservedApproval,
  type ObservedInterruption,
  RealtimeSessionWatcher,
  watchSession,
} from './sim/assertions.ts';
export { VirtualClock, type VirtualClockOptions } from './sim/clock.ts';
export {
  injectFaults,
  type RealtimeFault,
  type RealtimeFaultAction,
  RealtimeFaultInjector,
  type RealtimeFaultRecord,
  type RealtimeFaultTarget,
  type RealtimeFaultTransport,
} from './sim/faults.ts';
export {
  InvalidRealtimeSpecError,
  type InvalidRealtimeSpecReason,
  RealtimeCallAfterCloseError,
  RealtimeHandoffAssertionError,
  RealtimeToolApprovalAssertionError,
  RealtimeTruncationAssertionError,
} from './sim/errors.ts';
export {
  functionCallTurn,
  type FunctionCallTurnResult,
  type FunctionCallTurnSpec,
  handoffTurn,
  type HandoffTurnResult,
  type HandoffTurnSpec,
  mcpApprovalRequest,
  type McpApprovalRequestResult,
  type McpApprovalRequestSpec,
} from './sim/tool_turns.ts';
export {
  audioTurn,
  type AudioTurnSpec,
  interruptedTurn,
  type InterruptedTurnResult,
  type InterruptedTurnSpec,
  type RealtimeEmit,
  type RealtimeTurnResult,
  type RealtimeTurnTarget,
  textTurn,
  type TextTurnSpec,
  userSpeechTurn,
  type UserSpeechTurnResult,
  type UserSpeechTurnSpec,
} from './sim/turns.ts';

export type {
  RealtimeFixture,
  RealtimeFixtureCall,
  RealtimeFixtureEntry,
  RealtimeFixtureEvent,
} from '../replay/realtime_fixture.ts';
export {
  type RealtimeRecording,
  type RecordRealtimeOptions,
  recordRealtimeTransport,
} from '../replay/record_realtime.ts';
export type { RealtimeReplayOptions } from '../replay/replay_realtime.ts';
export {
  InvalidRecordingError,
  type InvalidRecordingReason,
  type RecordingKind,
  ReplayMismatchError,
} from '../replay/errors.ts';
