/**
 * `recordModel()`: wraps a real SDK `Model`, delegates every call to it and
 * records what crossed the normalized boundary as a replayable fixture.
 *
 * @module
 */
import type {
  Model,
  ModelRequest,
  ModelResponse,
  ModelRetryAdvice,
  ModelRetryAdviceRequest,
  StreamEvent,
} from '@openai/agents-core';
import { encode, encodeError, type Json } from '../_internal/encode.ts';
import type { Newer } from '../_internal/sdk.ts';
import { exposedSdkVersion, fixtureVersion } from './_envelope.ts';
import {
  readDouble,
  readRecordOptions,
  type RecordSettings,
} from './_options.ts';
import { readModelCall } from './_model_calls.ts';
// Re-exported for tests that import it from here (tests/realtime/).
export { exposedSdkVersion } from './_envelope.ts';
import type { Redaction } from '../_internal/redact.ts';
import { StreamDeltas } from './_stream_text.ts';
import { summarizeRequest } from './_model_summary.ts';
import type { ModelFixture, ModelFixtureCall } from './model_fixture.ts';
import { InvalidRecordingError } from './errors.ts';

/**
 * Rewrites a recorded call before it enters a fixture (drop a personal
 * detail, shorten a long tool output). Return the call to store; it may be
 * the argument, changed in place.
 *
 * @example
 * ```ts
 * import type { ModelRedact } from '@scripted/agents/replay';
 *
 * const redact: ModelRedact = (call) => call;
 * ```
 */
export type ModelRedact = (call: ModelFixtureCall) => ModelFixtureCall;

/**
 * Options of `recordModel()`.
 *
 * @example
 * ```ts
 * import type { RecordModelOptions } from '@scripted/agents/replay';
 *
 * const options: RecordModelOptions = { sdkVersion: '0.20.0' };
 * ```
 */
export interface RecordModelOptions {
  /**
   * Applied to each call before it enters the fixture (after the built-in
   * redaction, which runs again on what it returns). Pass the same hook to
   * `replayModel()`, so a replayed request is redacted alike before it is
   * compared.
   */
  readonly redact?: ModelRedact;
  /**
   * Values replaced by `"[redacted]"` wherever they appear (also
   * URL-encoded): keys of a custom format, a user's details. Each is a
   * string of at least 8 characters. Pass the same list to
   * `replayModel()`. The file helpers (`@scripted/agents/replay/files`) add
   * the values of secret-looking environment variables.
   */
  readonly secrets?: readonly string[];
  /**
   * The SDK version to write into the fixture, when the SDK does not expose
   * its own at runtime (`@openai/agents-core` 0.20 does not).
   */
  readonly sdkVersion?: string;
}

/**
 * A real `Model` wrapped by `recordModel()`: a `Model` itself, plus the
 * recording.
 *
 * @example
 * ```ts
 * import type { RecordingModel } from '@scripted/agents/replay';
 *
 * function save(model: RecordingModel): string {
 *   return model.fixtureJson();
 * }
 * void save;
 * ```
 */
export interface RecordingModel extends Model {
  /** Calls recorded so far. */
  readonly recordedCalls: number;
  /**
   * The real model's retry advice (`undefined` when it gives none),
   * recorded with the failed call it is about.
   */
  getRetryAdvice(
    args: ModelRetryAdviceRequest,
  ): Promise<ModelRetryAdvice | undefined>;
  /**
   * The recording: versioned, keys in a stable order, JSON data only.
   *
   * @throws {InvalidRecordingError} When the `redact` hook returned
   * something that is not a call.
   */
  fixture(): ModelFixture;
  /** `fixture()` as pretty-printed JSON text, ending in a newline. */
  fixtureJson(): string;
}

interface Entry {
  index: number;
  streamed: boolean;
  request: ReturnType<typeof summarizeRequest>;
  response?: Json;
  events?: Json[];
  error?: Json;
  retryAdvice?: Json;
  thrown?: unknown;
  deltas?: StreamDeltas;
}

function summarizeResponse(
  // `rawUsage` is newer than SDK 0.11: declared where the release has it.
  response: Newer<ModelResponse, { rawUsage: unknown }>,
  redaction: Redaction,
): Json {
  const out: Record<string, unknown> = {
    output: response.output,
    usage: response.usage,
  };
  // An absent field (`undefined`) is dropped by the encoding.
  for (
    const key of [
      'responseId',
      'requestId',
      'providerData',
      'rawUsage',
    ] as const
  ) out[key] = response[key];
  return encode(out, { redaction }) ?? null;
}

class Recorder implements RecordingModel {
  readonly #real: Model;
  readonly #options: RecordSettings<ModelFixtureCall>;
  readonly #redaction: Redaction;
  readonly #entries: Entry[] = [];

  constructor(real: Model, options: RecordSettings<ModelFixtureCall>) {
    this.#real = real;
    this.#options = options;
    this.#redaction = options.redaction;
  }

  // The SDK reads an omitted flag as false.
  get supportsPromptModelSelection(): boolean {
    // Newer than SDK 0.11: declared where the release has it.
    const real: Newer<Model, { supportsPromptModelSelection: boolean }> =
      this.#real;
    return real.supportsPromptModelSelection ?? false;
  }

  get recordedCalls(): number {
    return this.#entries.length;
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const entry = this.#begin(request, false);
    let response: ModelResponse;
    try {
      response = await this.#real.getResponse(request);
    } catch (error) {
      entry.error = encodeError(error, this.#redaction);
      entry.thrown = error;
      throw error;
    }
    entry.response = summarizeResponse(response, this.#redaction);
    return response;
  }

  getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    // Recorded when called, like every call, not when first iterated.
    const entry = this.#begin(request, true);
    entry.events = [];
    entry.deltas = new StreamDeltas();
    return this.#stream(entry, entry.events, request);
  }

  async *#stream(
    entry: Entry,
    events: Json[],
    request: ModelRequest,
  ): AsyncGenerator<StreamEvent, void, undefined> {
    try {
      for await (const event of this.#real.getStreamedResponse(request)) {
        entry.deltas!.note(events.length, event);
        events.push(encode(event, { redaction: this.#redaction }) ?? null);
        yield event;
      }
    } catch (error) {
      entry.error = encodeError(error, this.#redaction);
      entry.thrown = error;
      throw error;
    }
  }

  async getRetryAdvice(
    args: ModelRetryAdviceRequest,
  ): Promise<ModelRetryAdvice | undefined> {
    const advise = this.#real.getRetryAdvice;
    const advice = typeof advise === 'function'
      ? await advise.call(this.#real, args)
      : undefined;
    const entry = this.#entries.findLast((e) =>
      e.thrown !== undefined && Object.is(e.thrown, args?.error)
    );
    if (entry !== undefined && advice !== undefined) {
      entry.retryAdvice ??= encode(advice, { redaction: this.#redaction }) ??
        null;
    }
    return advice;
  }

  fixture(): ModelFixture {
    const redact = this.#options.redact;
    const calls = this.#entries.map((entry, index) => {
      let call: ModelFixtureCall = toCall(entry, this.#redaction);
      if (redact !== undefined) {
        call = redact(structuredClone(call));
        const copy = encode(call, { redaction: this.#redaction });
        try {
          call = readModelCall(copy ?? null, index, this.#redaction);
        } catch (thrown) {
          // Reading a call throws nothing else.
          const error = thrown as InvalidRecordingError;
          throw new InvalidRecordingError({
            reason: 'invalid_call',
            path: error.path,
            expected: `${error.expected} from the redact hook`,
            received: error.received,
            callIndex: index,
          });
        }
      }
      return call;
    });
    return {
      version: fixtureVersion,
      kind: 'model',
      // Every field of the envelope goes through the encoder.
      sdkVersion: encode(
        this.#options.sdkVersion ?? exposedSdkVersion() ?? 'unknown',
        { redaction: this.#redaction },
      ) as string,
      calls,
    };
  }

  fixtureJson(): string {
    return `${JSON.stringify(this.fixture(), null, 2)}\n`;
  }

  #begin(request: ModelRequest, streamed: boolean): Entry {
    const entry: Entry = {
      index: this.#entries.length,
      streamed,
      request: summarizeRequest(request, this.#redaction),
    };
    this.#entries.push(entry);
    return entry;
  }
}

function toCall(entry: Entry, redaction: Redaction): ModelFixtureCall {
  const out: Record<string, unknown> = {};
  // Keys in sorted order, like every object of the fixture.
  if (entry.error !== undefined) out.error = entry.error;
  if (entry.events !== undefined) out.events = entry.events;
  out.index = entry.index;
  out.request = entry.request;
  if (entry.response !== undefined) out.response = entry.response;
  if (entry.retryAdvice !== undefined) out.retryAdvice = entry.retryAdvice;
  out.streamed = entry.streamed;
  const call = structuredClone(out) as unknown as ModelFixtureCall;
  // A credential split across deltas goes from each (a streamed call's
  // entry holds both its events and their deltas).
  entry.deltas?.apply(
    call.events!,
    redaction,
    (text) => encode(text, { redaction }),
  );
  return call;
}

const modelShape =
  'a Model (an object with getResponse and getStreamedResponse functions)';

/**
 * Wraps a real `Model` (an `OpenAIResponsesModel`, a Chat Completions
 * model, any provider's) so that a run records what crossed the normalized
 * boundary: per call, a JSON summary of the request (input items,
 * instructions, tools with their parameter schemas, handoffs, output type,
 * model settings — never the signal, callbacks or credentials) and the
 * normalized response, the exact stream events, or the error the model threw
 * with the retry advice it gave. Every call is delegated unchanged, so the
 * run behaves exactly as without the wrapper.
 *
 * `fixture()` returns the recording; `replayModel()` replays it without
 * the provider. Credentials are replaced by `"[redacted]"` before anything
 * is stored: the values of credential keys (`authorization`, `api_key`,
 * `*_token`, `password`, `cookie`…), credential shapes in any text (`sk-…`,
 * `Bearer …`, JWTs, GitHub, AWS, Slack and Google keys, PEM private keys,
 * URL userinfo and credential query parameters), inside JSON text too, and
 * each value of `secrets` (see `docs/replay.md` for the exact rules).
 *
 * @param realModel The model to delegate to.
 * @param options `redact`, `secrets` and `sdkVersion`.
 * @returns The recording model.
 * @throws {InvalidRecordingError} `invalid_options` for a `realModel` that
 * is not a `Model` (an object with `getResponse` and `getStreamedResponse`
 * functions), or a bad option.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import {
 *   assistantMessage,
 *   ScriptedModel,
 * } from '@scripted/agents';
 * import { recordModel, replayModel } from '@scripted/agents/replay';
 *
 * // Any Model records; a real provider's model is the usual one.
 * const real = new ScriptedModel([[assistantMessage('Paris.')]]);
 * const model = recordModel(real, { sdkVersion: '0.20.0' });
 * const runner = new Runner({ tracingDisabled: true });
 * await runner.run(new Agent({ name: 'A', model }), 'Capital of France?');
 *
 * const json = model.fixtureJson();
 * const replay = replayModel(json);
 * const result = await runner.run(
 *   new Agent({ name: 'A', model: replay }),
 *   'Capital of France?',
 * );
 * assert.equal(result.finalOutput, 'Paris.');
 * replay.assertComplete();
 * ```
 */
export function recordModel(
  realModel: Model,
  options: RecordModelOptions = {},
): RecordingModel {
  readDouble(realModel, 'realModel', modelShape, {
    required: ['getResponse', 'getStreamedResponse'],
  });
  return new Recorder(realModel, readRecordOptions(options));
}
