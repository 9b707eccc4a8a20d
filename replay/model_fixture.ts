/**
 * The model fixture format: what `recordModel()` writes and
 * `replayModel()` reads, and the request summary both sides
 * compare.
 *
 * @module
 */
import type { ModelRequest } from '@openai/agents-core';
import {
  describeValue,
  encode,
  type FixtureShapeError,
  type Json,
  strictJson,
} from './_json.ts';
import { InvalidRecordingError, type RecordingKind } from './errors.ts';

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

/** The fixture format this version writes and reads. */
export const fixtureVersion = 1;

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
 * `tools` compares the tool names; `toolSchemas` the whole serialized tools.
 *
 * @example
 * ```ts
 * import type { ModelReplayAspect } from '@scripted/agents/replay';
 *
 * const aspects: ModelReplayAspect[] = ['input', 'tools', 'instructions'];
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

/** Every aspect replay knows. */
export const modelReplayAspects: readonly ModelReplayAspect[] = Object.freeze([
  'input',
  'instructions',
  'tools',
  'toolSchemas',
  'handoffs',
  'outputType',
  'modelSettings',
  'previousResponseId',
  'conversationId',
  'prompt',
]);

function list(value: unknown): Json[] {
  const encoded = encode(value);
  return Array.isArray(encoded) ? encoded : [];
}

/** How each key of a request summary is made; absent keys are `undefined`. */
const summaryParts: Record<
  keyof ModelFixtureRequest,
  (request: ModelRequest) => Json | undefined
> = {
  handoffs: (request) => list(request.handoffs),
  input: (request) => encode(request.input) ?? null,
  instructions: (request) =>
    typeof request.systemInstructions === 'string'
      ? encode(request.systemInstructions)
      : undefined,
  modelSettings: (request) => encode(request.modelSettings) ?? {},
  outputType: (request) => encode(request.outputType) ?? null,
  tools: (request) => list(request.tools),
  previousResponseId: (request) =>
    typeof request.previousResponseId === 'string'
      ? request.previousResponseId
      : undefined,
  conversationId: (request) =>
    typeof request.conversationId === 'string'
      ? request.conversationId
      : undefined,
  prompt: (request) =>
    request.prompt === undefined ? undefined : encode(request.prompt) ?? null,
};

/**
 * Summarizes a request as JSON data, keys sorted, credentials removed.
 *
 * @param request The request the model received.
 * @returns Its summary.
 */
export function summarizeRequest(request: ModelRequest): ModelFixtureRequest {
  const out: Record<string, Json> = {};
  for (const key of Object.keys(summaryParts).sort()) {
    const value = summaryParts[key as keyof ModelFixtureRequest](request);
    if (value !== undefined) out[key] = value;
  }
  return out as unknown as ModelFixtureRequest;
}

/**
 * Summarizes only what `aspects` compare, exactly as
 * {@link summarizeRequest} would: replay pays for what it checks.
 *
 * @param request The request the model received.
 * @param aspects The compared aspects.
 * @returns A summary holding at least those aspects.
 */
export function summarizeAspects(
  request: ModelRequest,
  aspects: readonly ModelReplayAspect[],
): ModelFixtureRequest {
  const out: Record<string, Json | undefined> = { tools: [], handoffs: [] };
  for (const aspect of aspects) {
    if (aspect === 'tools') {
      // Names only: the schemas are not compared.
      out.tools = (request.tools ?? []).map((tool) => ({
        name: (tool as { name?: string }).name ?? null,
        type: (tool as { type?: string }).type ?? null,
      }));
      continue;
    }
    const key = aspect === 'toolSchemas' ? 'tools' : aspect;
    out[key] = summaryParts[key](request);
  }
  if (aspects.includes('toolSchemas')) out.tools = summaryParts.tools(request);
  return out as unknown as ModelFixtureRequest;
}

/**
 * The value of one aspect of a request summary, and the path it starts at.
 *
 * @param request The summary.
 * @param aspect The aspect.
 * @returns The value (`undefined` when absent) and its path.
 */
export function aspectOf(
  request: ModelFixtureRequest,
  aspect: ModelReplayAspect,
): { value: Json | undefined; path: string } {
  switch (aspect) {
    case 'tools':
      return {
        value: request.tools.map((tool) => ({ name: toolName(tool) })),
        path: 'tools',
      };
    case 'toolSchemas':
      return { value: request.tools as Json[], path: 'tools' };
    case 'handoffs':
      return { value: request.handoffs as Json[], path: 'handoffs' };
    default:
      return { value: request[aspect], path: aspect };
  }
}

function toolName(tool: Json): Json {
  if (typeof tool !== 'object' || tool === null || Array.isArray(tool)) {
    return null;
  }
  return tool.name ?? tool.type ?? null;
}

type JsonObject = { [key: string]: Json };

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(
  reason: 'invalid_fixture' | 'invalid_call',
  path: string,
  expected: string,
  value: unknown,
  callIndex?: number,
): InvalidRecordingError {
  return new InvalidRecordingError({
    reason,
    path,
    expected,
    received: describeValue(value),
    callIndex,
  });
}

/**
 * Reads a fixture given as a JSON string or an object: parses it, copies it
 * as strict JSON data and checks the envelope (`version`, `kind`,
 * `sdkVersion`, and the list: `calls` for a model, `log` for a Realtime
 * transport).
 *
 * @param fixture The fixture.
 * @param kind The double that replays it.
 * @returns The envelope and its list.
 * @throws {InvalidRecordingError} For anything malformed.
 */
export function readEnvelope(
  fixture: unknown,
  kind: RecordingKind,
): { sdkVersion: string; list: Json[] } {
  const listKey = kind === 'model' ? 'calls' : 'log';
  let data: Json;
  if (typeof fixture === 'string') {
    try {
      data = JSON.parse(fixture);
    } catch (error) {
      throw new InvalidRecordingError({
        reason: 'invalid_json',
        path: '(root)',
        expected: 'a JSON document',
        received: `text JSON cannot parse (${(error as Error).message})`,
      });
    }
  } else {
    try {
      data = strictJson(fixture, '');
    } catch (error) {
      const shape = error as FixtureShapeError;
      throw new InvalidRecordingError({
        reason: 'invalid_fixture',
        path: shape.path === '' ? '(root)' : shape.path,
        expected: shape.expected,
        received: shape.received,
      });
    }
  }
  if (!isObject(data)) {
    throw invalid('invalid_fixture', '(root)', 'a fixture object', data);
  }
  if (data.version !== fixtureVersion) {
    throw new InvalidRecordingError({
      reason: 'unsupported_version',
      path: 'version',
      expected: `fixture version ${fixtureVersion} (re-record it)`,
      received: describeValue(data.version),
    });
  }
  if (data.kind !== kind) {
    throw new InvalidRecordingError({
      reason: 'wrong_kind',
      path: 'kind',
      expected: `a "${kind}" recording`,
      received: describeValue(data.kind),
    });
  }
  if (typeof data.sdkVersion !== 'string') {
    throw invalid('invalid_fixture', 'sdkVersion', 'a string', data.sdkVersion);
  }
  const items = data[listKey];
  if (!Array.isArray(items)) {
    throw invalid('invalid_fixture', listKey, 'an array', items);
  }
  return { sdkVersion: data.sdkVersion, list: items };
}

type RequestKeyType = 'array' | 'string' | 'any';

const requestKeys: Record<string, RequestKeyType> = {
  input: 'any',
  instructions: 'string',
  tools: 'array',
  handoffs: 'array',
  outputType: 'any',
  modelSettings: 'any',
  previousResponseId: 'string',
  conversationId: 'string',
  prompt: 'any',
};

const expectedOf: Record<RequestKeyType, string> = {
  array: 'an array',
  string: 'a string',
  any: 'a value',
};

/**
 * Checks one call of a model fixture (the outcome's items are checked
 * again by the step factories when the replay is built).
 *
 * @param call The call, as strict JSON data.
 * @param index Its position.
 * @returns The call.
 * @throws {InvalidRecordingError} `invalid_call` naming the path.
 */
export function readModelCall(call: Json, index: number): ModelFixtureCall {
  const at = `calls[${index}]`;
  if (!isObject(call)) {
    throw invalid('invalid_call', at, 'a call object', call, index);
  }
  if (call.index !== index) {
    throw invalid(
      'invalid_call',
      `${at}.index`,
      `the call's position, ${index}`,
      call.index,
      index,
    );
  }
  if (typeof call.streamed !== 'boolean') {
    throw invalid(
      'invalid_call',
      `${at}.streamed`,
      'a boolean',
      call.streamed,
      index,
    );
  }
  const request = call.request;
  if (!isObject(request)) {
    throw invalid(
      'invalid_call',
      `${at}.request`,
      'a request summary object',
      request,
      index,
    );
  }
  for (const [key, type] of Object.entries(requestKeys)) {
    const value = request[key];
    const required = key === 'tools' || key === 'handoffs' || key === 'input';
    if (value === undefined && !required) continue;
    if (
      (type === 'array' && !Array.isArray(value)) ||
      (type === 'string' && typeof value !== 'string') ||
      value === undefined
    ) {
      throw invalid(
        'invalid_call',
        `${at}.request.${key}`,
        expectedOf[type],
        value,
        index,
      );
    }
  }
  const { response, events, error, retryAdvice } = call;
  if (error !== undefined && !isObject(error)) {
    throw invalid(
      'invalid_call',
      `${at}.error`,
      'an error object',
      error,
      index,
    );
  }
  if (retryAdvice !== undefined && !isObject(retryAdvice)) {
    throw invalid(
      'invalid_call',
      `${at}.retryAdvice`,
      'a retry advice object',
      retryAdvice,
      index,
    );
  }
  if (events !== undefined && !Array.isArray(events)) {
    throw invalid('invalid_call', `${at}.events`, 'an array', events, index);
  }
  if (response !== undefined && !isObject(response)) {
    throw invalid(
      'invalid_call',
      `${at}.response`,
      'a response object',
      response,
      index,
    );
  }
  const outcomes = (response === undefined ? 0 : 1) +
    (events === undefined ? 0 : 1);
  if (
    outcomes > 1 || (outcomes === 0 && error === undefined) ||
    (call.streamed === false && events !== undefined) ||
    (response !== undefined && error !== undefined)
  ) {
    throw invalid(
      'invalid_call',
      at,
      'exactly one outcome: "response" (not streamed), "events" (streamed, maybe ending in "error") or "error"',
      call,
      index,
    );
  }
  return call as unknown as ModelFixtureCall;
}
