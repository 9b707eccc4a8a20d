/**
 * `replayModel()`: a `ScriptedModel` whose steps answer each call with its
 * recorded outcome, after comparing the request with the recorded summary.
 *
 * @module
 */
import type { ModelRetryAdvice, StreamEvent } from '@openai/agents-core';
import { decode, firstDifference, type Json, replayedError } from './_json.ts';
import { modelHooks } from '../_internal/hooks.ts';
import {
  aspectOf,
  type ModelFixture,
  type ModelFixtureCall,
  type ModelReplayAspect,
  modelReplayAspects,
  readEnvelope,
  readModelCall,
  summarizeAspects,
  summarizeRequest,
} from './model_fixture.ts';
import type { ModelRedact } from './record_model.ts';
import { InvalidRecordingError, ReplayMismatchError } from './errors.ts';
import {
  modelResponder,
  modelResponse,
  modelStream,
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
 *   aspects: ['input', 'tools', 'instructions', 'outputType'],
 * };
 * ```
 */
export interface ModelReplayOptions {
  /**
   * What each request is compared on; default `['input', 'tools',
   * 'instructions']` (`tools` compares tool names, `toolSchemas` whole
   * serialized tools).
   */
  readonly aspects?: readonly ModelReplayAspect[];
  /** `false` replays the outcomes without comparing any request. */
  readonly compare?: boolean;
  /** The `redact` hook the recording used, applied to each request too. */
  readonly redact?: ModelRedact;
}

/** The default compared aspects. */
export const defaultModelAspects: readonly ModelReplayAspect[] = Object.freeze([
  'input',
  'tools',
  'instructions',
]);

interface ReplayState {
  mismatch: ReplayMismatchError | undefined;
  readonly advice: Map<unknown, Json>;
}

function aspectsOf(options: ModelReplayOptions): readonly ModelReplayAspect[] {
  if (options.compare === false) return [];
  const aspects = options.aspects ?? defaultModelAspects;
  if (!Array.isArray(aspects)) {
    throw new InvalidRecordingError({
      reason: 'invalid_fixture',
      path: 'options.aspects',
      expected: 'an array of aspects',
      received: typeof aspects,
    });
  }
  aspects.forEach((aspect, i) => {
    if (!modelReplayAspects.includes(aspect)) {
      throw new InvalidRecordingError({
        reason: 'invalid_fixture',
        path: `options.aspects[${i}]`,
        expected: `one of ${modelReplayAspects.join(', ')}`,
        received: JSON.stringify(String(aspect)),
      });
    }
  });
  return aspects;
}

/** Checks the recorded outcome with the step factories, naming the path. */
function checkOutcome(call: ModelFixtureCall): void {
  const at = `calls[${call.index}]`;
  let path = at;
  try {
    if (call.response !== undefined) {
      path = `${at}.response`;
      modelResponse(decode(call.response) as ScriptedModelResponse);
    }
    if (call.events !== undefined) {
      path = `${at}.events`;
      modelStream(decode(call.events as Json[]) as StreamEvent[]);
    }
  } catch (error) {
    throw new InvalidRecordingError({
      reason: 'invalid_call',
      path,
      expected: 'a replayable outcome',
      received: `one the model rejects (${(error as Error).message})`,
      callIndex: call.index,
    });
  }
}

/**
 * A `ScriptedModel` that replays a recording made with `recordModel()`:
 * each call is answered with its recorded response, stream events or
 * error, after its request is compared with the recorded one on
 * `options.aspects` (default input items, tool names, instructions). The
 * first difference throws `ReplayMismatchError` and is remembered, so
 * `assertComplete()` rethrows it.
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
 * @param options `aspects`, `compare: false`, `redact`.
 * @returns The replaying model.
 * @throws {InvalidRecordingError} When the fixture is malformed.
 */
export function replayModel(
  fixture: ModelFixture | string,
  options: ModelReplayOptions = {},
): ScriptedModel {
  const { list } = readEnvelope(fixture, 'model');
  const calls = list.map(readModelCall);
  calls.forEach(checkOutcome);
  const aspects = aspectsOf(options ?? {});
  const redact = options?.redact;
  const state: ReplayState = { mismatch: undefined, advice: new Map() };

  const compare = (recorded: ModelFixtureCall, call: RecordedModelCall) => {
    if (aspects.length === 0) return;
    const actual = redact === undefined
      ? summarizeAspects(call.request, aspects)
      : redact({ ...recorded, request: summarizeRequest(call.request) })
        .request;
    for (const aspect of aspects) {
      const expected = aspectOf(recorded.request, aspect);
      const found = firstDifference(
        expected.value,
        aspectOf(actual, aspect).value,
        expected.path,
      );
      if (found === undefined) continue;
      const error = new ReplayMismatchError({
        double: 'model',
        callIndex: call.index,
        aspect,
        ...found,
      });
      state.mismatch ??= error;
      throw error;
    }
  };

  const fail = (recorded: ModelFixtureCall): Error => {
    const error = replayedError(
      recorded.error as { [key: string]: Json },
    );
    if (recorded.retryAdvice !== undefined) {
      state.advice.set(error, recorded.retryAdvice);
    }
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
    retryAdvice(args) {
      const error = args?.error;
      return state.advice.has(error)
        ? {
          found: true,
          advice: decode(state.advice.get(error)!) as ModelRetryAdvice,
        }
        : { found: false };
    },
  });
  return model;
}

async function* failingStream(
  events: StreamEvent[],
  error: Error,
): AsyncGenerator<StreamEvent, never, undefined> {
  yield* events;
  throw error;
}
