/**
 * `ScriptedModel.fromRecording()`: a `ScriptedModel` whose steps answer each
 * call with its recorded outcome, after comparing the request with the
 * recorded summary.
 *
 * @module
 */
import type {
  ModelRetryAdvice,
  ModelRetryAdviceRequest,
  StreamEvent,
} from '@openai/agents-core';
import {
  decode,
  firstDifference,
  type Json,
  replayedError,
} from './_json.ts';
import { stateSlot } from '../_internal/state.ts';
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
import { ScriptedModel } from '../model/scripted_model.ts';
import {
  modelResponder,
  modelResponse,
  modelStream,
  modelStreamResponder,
} from '../model/steps.ts';
import type {
  ModelResponseInput,
  RecordedModelCall,
  ScriptedModelStep,
} from '../model/types.ts';

/**
 * Options of `ScriptedModel.fromRecording()`.
 *
 * @example
 * ```ts
 * import type { ModelReplayOptions } from '@scripted/agents';
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

const replayState = stateSlot<ReplayState>('replayed ScriptedModel');

type ReplayedModelClass = new (
  steps: ScriptedModelStep[],
  state: ReplayState,
) => ScriptedModel;

// Defined on first use: this module and `scripted_model.ts` import each
// other, and a class cannot extend a binding still being initialized.
let replayedModelClass: ReplayedModelClass | undefined;

function replayedModel(): ReplayedModelClass {
  return replayedModelClass ??= class ReplayedScriptedModel
    extends ScriptedModel {
    constructor(steps: ScriptedModelStep[], state: ReplayState) {
      super(steps);
      replayState.attach(this, state);
    }

    override assertComplete(): void {
      const mismatch = replayState.of(this).mismatch;
      if (mismatch !== undefined) throw mismatch;
      super.assertComplete();
    }

    override getRetryAdvice(
      args: ModelRetryAdviceRequest,
    ): Promise<ModelRetryAdvice | undefined> {
      const advice = replayState.of(this).advice;
      const error = args?.error;
      if (advice.has(error)) {
        return Promise.resolve(decode(advice.get(error)!) as ModelRetryAdvice);
      }
      return super.getRetryAdvice(args);
    }
  };
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
      modelResponse(decode(call.response) as ModelResponseInput);
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
 * Builds the `ScriptedModel` that replays `fixture`; see
 * `ScriptedModel.fromRecording()`.
 *
 * @param fixture A model fixture, as an object or JSON text.
 * @param options What to compare.
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
      return decode(recorded.response) as ModelResponseInput;
    });
  });
  return new (replayedModel())(steps, state);
}

async function* failingStream(
  events: StreamEvent[],
  error: Error,
): AsyncGenerator<StreamEvent, never, undefined> {
  yield* events;
  throw error;
}
