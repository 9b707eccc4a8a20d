/**
 * Realtime simulation on top of `ScriptedRealtimeTransport`: turn builders
 * that emit a whole turn as the Realtime API's server events, delivered as
 * the SDK's OpenAI WebSocket transport delivers them (raw and normalized; a
 * fidelity suite compares each with the real transport), a virtual clock,
 * declarative inbound faults and session assertions. Built only on
 * `@scripted/agents/realtime`'s public API.
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
  assertHandoff,
  assertHistoryMatchesHeard,
  assertNoCallAfterClose,
  assertToolApprovalAnswered,
} from './assertions.ts';
export {
  type AnyRealtimeSession,
  type ObservedApproval,
  type ObservedInterruption,
  RealtimeSessionWatcher,
  watchSession,
} from './watcher.ts';
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
  interruptedTurn,
  type InterruptedTurnResult,
  type InterruptedTurnSpec,
  userSpeechTurn,
  type UserSpeechTurnResult,
  type UserSpeechTurnSpec,
} from './speech_turns.ts';
export {
  audioTurn,
  type AudioTurnSpec,
  type RealtimeEmit,
  type RealtimeTurnResult,
  type RealtimeTurnTarget,
  textTurn,
  type TextTurnSpec,
} from './turns.ts';
export { defaultTurnUsage, type RealtimeTurnUsage } from './usage.ts';
