/**
 * Realtime simulation on top of `ScriptedRealtimeTransport`: turn builders
 * that emit a whole turn's events in the order the SDK's own transport
 * delivers them, a virtual clock, declarative inbound faults and session
 * assertions. Built only on `@scripted/agents/realtime`'s public API.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import { textTurn } from '@scripted/agents/realtime/sim';
 *
 * const transport = new ScriptedRealtimeTransport();
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
 *   transport,
 * });
 * const ends: string[] = [];
 * session.on('agent_end', (_context, _agent, output) => ends.push(output));
 * const connected = transport.expectCall('connect');
 * await session.connect({ apiKey: 'test' });
 * await connected;
 * textTurn(transport, { text: 'Hello!' });
 * assert.deepEqual(ends, ['Hello!']);
 * const closed = transport.expectCall('close');
 * session.close();
 * await closed;
 * ```
 *
 * @module
 */
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
} from './assertions.ts';
export { VirtualClock, type VirtualClockOptions } from './clock.ts';
export type { RealtimeFault, RealtimeFaultTarget } from './fault_types.ts';
export {
  injectFaults,
  RealtimeFaultInjector,
  type RealtimeFaultTransport,
} from './faults.ts';
export {
  InvalidRealtimeSpecError,
  type InvalidRealtimeSpecReason,
  RealtimeCallAfterCloseError,
  RealtimeHandoffAssertionError,
  RealtimeToolApprovalAssertionError,
  RealtimeTruncationAssertionError,
} from './errors.ts';
export {
  functionCallTurn,
  type FunctionCallTurnResult,
  type FunctionCallTurnSpec,
  handoffTurn,
  type HandoffTurnResult,
  type HandoffTurnSpec,
  mcpApprovalTurn,
  type McpApprovalTurnResult,
  type McpApprovalTurnSpec,
} from './tool_turns.ts';
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
} from './turns.ts';
