/**
 * Record and replay: `recordModel()` and `recordRealtimeTransport()` wrap a
 * real model or transport and record every call as a JSON fixture;
 * `replayModel()` and `replayRealtimeTransport()` build the scripted double
 * that answers from it, comparing each request with the recorded one. The
 * file-backed helpers (record when the file is missing, replay otherwise)
 * are `@scripted/agents/replay/files`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from '@scripted/agents';
 * import { recordModel, replayModel } from '@scripted/agents/replay';
 *
 * // Any Model records: here a scripted one stands in for a real provider.
 * const recording = recordModel(
 *   new ScriptedModel([[assistantMessage('Paris.')]]),
 * );
 * const runner = new Runner({ tracingDisabled: true });
 * await runner.run(new Agent({ name: 'A', model: recording }), 'Capital?');
 *
 * const model = replayModel(recording.fixtureJson());
 * const replayed = await runner.run(new Agent({ name: 'A', model }), 'Capital?');
 * assert.equal(replayed.finalOutput, 'Paris.');
 * model.assertComplete();
 * ```
 *
 * @module
 */
export type {
  FixtureJson,
  ModelFixture,
  ModelFixtureCall,
  ModelFixtureRequest,
  ModelReplayAspect,
} from './model_fixture.ts';
export {
  type ModelRedact,
  type RecordingModel,
  recordModel,
  type RecordModelOptions,
} from './record_model.ts';
export { type ModelReplayOptions, replayModel } from './replay_model.ts';
export type {
  RealtimeFixture,
  RealtimeFixtureCall,
  RealtimeFixtureEntry,
  RealtimeFixtureEvent,
} from './realtime_fixture.ts';
export {
  type RealtimeRecording,
  type RecordRealtimeOptions,
  recordRealtimeTransport,
} from './record_realtime.ts';
export {
  type RealtimeReplayOptions,
  replayRealtimeTransport,
} from './replay_realtime.ts';
export type {
  McpFixture,
  McpFixtureCall,
  McpFixtureEntry,
  McpFixtureListing,
} from './mcp_fixture.ts';
export {
  type McpRecording,
  type RecordMcpOptions,
  recordMcpServer,
} from './record_mcp.ts';
export { type McpReplayOptions, replayMcpServer } from './replay_mcp.ts';
export {
  InvalidRecordingError,
  type InvalidRecordingReason,
  type RecordingKind,
  ReplayMismatchError,
} from './errors.ts';
