/**
 * The model fixture format: what `recordModel()` writes and
 * `replayModel()` reads.
 *
 * @module
 */
import type { Json } from '../_internal/encode.ts';

/**
 * A JSON value, as stored in a fixture.
 *
 * @example
 * ```ts
 * import type { FixtureJson } from '@scripted/agents/replay';
 *
 * const value: FixtureJson = { type: 'message', content: ['Hi', null, 1] };
 * ```
 */
export type FixtureJson = Json;

/**
 * The JSON-able summary of one model request: what the runner asked, never
 * the signal, callbacks or credentials.
 *
 * @example
 * ```ts
 * import type { ModelFixtureRequest } from '@scripted/agents/replay';
 *
 * const request: ModelFixtureRequest = {
 *   input: 'Hi',
 *   tools: [],
 *   handoffs: [],
 *   outputType: 'text',
 *   modelSettings: {},
 * };
 * ```
 */
export interface ModelFixtureRequest {
  /** The input items (or string) the model received. */
  readonly input: FixtureJson;
  /** The system instructions, when the agent has any. */
  readonly instructions?: string;
  /** Each tool as serialized for the model: name, type, parameter schema. */
  readonly tools: readonly FixtureJson[];
  /** Each handoff as serialized for the model. */
  readonly handoffs: readonly FixtureJson[];
  /** The output type (`'text'` or its JSON schema). */
  readonly outputType: FixtureJson;
  /** The model settings. */
  readonly modelSettings: FixtureJson;
  /** The previous response id, when the run chains responses. */
  readonly previousResponseId?: string;
  /** The stored conversation id, when the run uses one. */
  readonly conversationId?: string;
  /** The prompt template reference, when the agent uses one. */
  readonly prompt?: FixtureJson;
}

/**
 * One recorded model call: the request summary, and what the real model
 * answered — a `response`, the exact stream `events`, and/or the `error` it
 * threw (with the `retryAdvice` it gave for it).
 *
 * @example
 * ```ts
 * import type { ModelFixtureCall } from '@scripted/agents/replay';
 *
 * const call: ModelFixtureCall = {
 *   index: 0,
 *   streamed: false,
 *   request: {
 *     input: 'Hi',
 *     tools: [],
 *     handoffs: [],
 *     outputType: 'text',
 *     modelSettings: {},
 *   },
 *   response: { output: [] },
 * };
 * ```
 */
export interface ModelFixtureCall {
  /** Zero-based position of the call in the recording. */
  readonly index: number;
  /** Whether the call was `getStreamedResponse`. */
  readonly streamed: boolean;
  /** What the model was asked. */
  readonly request: ModelFixtureRequest;
  /** The normalized response of a non-streamed call. */
  readonly response?: FixtureJson;
  /** The exact normalized stream events of a streamed call. */
  readonly events?: readonly FixtureJson[];
  /** What the real model threw: `name`, `message`, `status`, `code`… */
  readonly error?: FixtureJson;
  /** The retry advice the real model gave for `error`. */
  readonly retryAdvice?: FixtureJson;
}

/**
 * A recording of model calls, as `recordModel(...).fixture()` returns it.
 *
 * @example
 * ```ts
 * import type { ModelFixture } from '@scripted/agents/replay';
 *
 * const fixture: ModelFixture = {
 *   version: 1,
 *   kind: 'model',
 *   sdkVersion: '0.20.0',
 *   calls: [],
 * };
 * ```
 */
export interface ModelFixture {
  /** The fixture format version. */
  readonly version: 1;
  /** Which double replays it. */
  readonly kind: 'model';
  /** The SDK version that produced it (`'unknown'` when not known). */
  readonly sdkVersion: string;
  /** The calls, in call order. */
  readonly calls: readonly ModelFixtureCall[];
}

/**
 * A part of the request that replay can compare with the recording.
 * `toolSchemas` compares the whole serialized tools (name, description,
 * parameter schema…); `tools` only their names.
 *
 * @example
 * ```ts
 * import type { ModelReplayAspect } from '@scripted/agents/replay';
 *
 * const aspects: ModelReplayAspect[] = ['toolSchemas', 'instructions', 'input'];
 * ```
 */
export type ModelReplayAspect =
  | 'input'
  | 'instructions'
  | 'tools'
  | 'toolSchemas'
  | 'handoffs'
  | 'outputType'
  | 'modelSettings'
  | 'previousResponseId'
  | 'conversationId'
  | 'prompt';
