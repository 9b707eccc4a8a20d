/**
 * `replayModel()`: a `ScriptedModel` whose steps answer each call with its
 * recorded outcome, after comparing the request with the recorded summary.
 *
 * @module
 */
import type { ModelRetryAdvice, StreamEvent } from '@openai/agents-core';
import {
  decode,
  encode,
  type Json,
  type JsonObject,
  replayedError,
} from '../_internal/encode.ts';
import { difference } from './_difference.ts';
import { readEnvelope } from './_envelope.ts';
import { readReplayOptions } from './_options.ts';
import { readModelCall } from './_model_calls.ts';
import { modelHooks } from '../_internal/state.ts';
import {
  aspectOf,
  modelReplayAspects,
  summarizeAspects,
  summarizeRequest,
} from './_model_summary.ts';
import type {
  ModelFixture,
  ModelFixtureCall,
  ModelFixtureRequest,
  ModelReplayAspect,
} from './model_fixture.ts';
import type { ModelRedact } from './record_model.ts';
import { ReplayMismatchError, withReplayTimeline } from './errors.ts';
import {
  modelResponder,
  modelStreamResponder,
  type RecordedModelCall,
  ScriptedModel,
  type ScriptedModelResponse,
  type ScriptedModelStep,
} from '../model/mod.ts';

/**
 * Options of `replayModel()`.
 *
 * @example
 * ```ts
 * import type { ModelReplayOptions } from '@scripted/agents/replay';
 *
 * const options: ModelReplayOptions = {
 *   aspects: ['toolSchemas', 'instructions', 'input', 'outputType'],
 * };
 * ```
 */
export interface ModelReplayOptions {
  /**
   * What each request is compared on; default `['toolSchemas',
   * 'instructions', 'input']` (`toolSchemas` compares whole serialized
   * tools, `tools` only their names). Whatever their order here, causes
   * are compared first: tools, handoffs, instructions, output type,
   * settings, prompt, ids, then the input.
   */
  readonly aspects?: readonly ModelReplayAspect[];
  /** `false` replays the outcomes without comparing any request. */
  readonly compare?: boolean;
  /** The `redact` hook the recording used, applied to each request too. */
  readonly redact?: ModelRedact;
  /**
   * The `secrets` the recording used: removed from each request too
   * before it is compared.
   */
  readonly secrets?: readonly string[];
}

/** The default compared aspects. */
export const defaultModelAspects: readonly ModelReplayAspect[] = Object.freeze([
  'toolSchemas',
  'instructions',
  'input',
]);

interface ReplayState {
  mismatch: ReplayMismatchError | undefined;
  readonly advice: Map<unknown, Json | undefined>;
}

/**
 * A `ScriptedModel` that replays a recording made with `recordModel()`:
 * each call is answered with its recorded response, stream events or
 * error, after its request is compared with the recorded one on
 * `options.aspects` (default the tools with their schemas, the
 * instructions, the input items), redacted as the recording was. The
 * first difference throws `ReplayMismatchError` and is remembered, so
 * `assertComplete()` rethrows it. Every call, output item and stream event
 * of the fixture is checked when it is loaded (the items and events with
 * the SDK's own `protocol` schemas).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { replayModel } from '@scripted/agents/replay';
 *
 * const model = replayModel(
 *   '{"version":1,"kind":"model","sdkVersion":"0.20.0","calls":[]}',
 * );
 * assert.equal(model.remainingSteps, 0);
 * ```
 *
 * @param fixture A model fixture, as an object or JSON text.
 * @param options `aspects`, `compare: false`, `redact`, `secrets`.
 * @returns The replaying model.
 * @throws {InvalidRecordingError} When the fixture or the options are
 * malformed.
 */
export function replayModel(
  fixture: ModelFixture | string,
  options: ModelReplayOptions = {},
): ScriptedModel {
  const { aspects, redact, redaction } = readReplayOptions<
    ModelFixtureCall,
    ModelReplayAspect
  >(options, { known: modelReplayAspects, fallback: defaultModelAspects });
  const { list } = readEnvelope(fixture, 'model');
  const calls = list.map((call, i) => readModelCall(call, i, redaction));
  const state: ReplayState = { mismatch: undefined, advice: new Map() };

  const summarize = (
    recorded: ModelFixtureCall,
    call: RecordedModelCall,
  ): ModelFixtureRequest => {
    if (redact === undefined) {
      return summarizeAspects(call.request, { aspects, redaction });
    }
    const request = summarizeRequest(call.request, redaction);
    const hooked = redact({ ...structuredClone(recorded), request }).request;
    // Redacted again after the hook, as the recording was.
    return encode(hooked, { redaction }) as unknown as ModelFixtureRequest;
  };

  const compare = (recorded: ModelFixtureCall, call: RecordedModelCall) => {
    if (aspects.length === 0) return;
    const actual = summarize(recorded, call);
    for (const aspect of aspects) {
      const expected = aspectOf(recorded.request, aspect);
      const found = difference(
        expected.value,
        aspectOf(actual, aspect).value,
        expected.path,
      );
      if (found === undefined) continue;
      const error = withReplayTimeline(
        new ReplayMismatchError({
          double: 'model',
          callIndex: call.index,
          aspect,
          ...found,
        }),
        {
          recorded: calls.map((recorded) =>
            methodOf(recorded.events !== undefined)
          ),
          actual: model.calls.map((made) => methodOf(made.streamed)),
        },
      );
      state.mismatch ??= error;
      throw error;
    }
  };

  const fail = (recorded: ModelFixtureCall): Error => {
    const error = replayedError(recorded.error as JsonObject);
    state.advice.set(error, recorded.retryAdvice);
    return error;
  };

  const steps = calls.map((recorded): ScriptedModelStep => {
    if (recorded.events !== undefined) {
      return modelStreamResponder((call) => {
        compare(recorded, call);
        const events = decode(recorded.events as Json[]) as StreamEvent[];
        if (recorded.error === undefined) return events;
        return failingStream(events, fail(recorded));
      });
    }
    return modelResponder((call) => {
      compare(recorded, call);
      if (recorded.response === undefined) throw fail(recorded);
      return decode(recorded.response) as ScriptedModelResponse;
    });
  });
  const model = new ScriptedModel(steps);
  // The model's hooks: the first mismatch is rethrown by `assertComplete()`
  // (before the model's own checks), and a recorded error answers
  // `getRetryAdvice()` with its recorded advice.
  modelHooks.attach(model, {
    beforeComplete() {
      if (state.mismatch !== undefined) throw state.mismatch;
    },
    // What this model throws is recorded, or its own mismatch: the
    // recorded advice (or none) answers, as the real model's did.
    retryAdvice(args) {
      const advice = state.advice.get(args?.error) as Json;
      return { found: true, advice: decode(advice) as ModelRetryAdvice };
    },
  });
  return model;
}

function methodOf(streamed: boolean): string {
  return streamed ? 'getStreamedResponse' : 'getResponse';
}

async function* failingStream(
  events: StreamEvent[],
  error: Error,
): AsyncGenerator<StreamEvent, never, undefined> {
  yield* events;
  throw error;
}
