/**
 * `runScenario()`: the transport-facing script and the application side run
 * together until one fails, the signal cancels, or both finish.
 *
 * @module
 */
import type { RealtimeTransportEventTypes } from '@openai/agents-realtime';
import type {
  RealtimeCallMatcher,
  RealtimeTransportMethod,
  RecordedRealtimeCall,
} from './calls.ts';
import { ScriptedRealtimeScenarioCancelledError } from './errors.ts';
import { requireMatcher, requireMethod } from './inputs.ts';
import type { CallLedger } from './ledger.ts';

/**
 * What the `scenario` callback of `runScenario()` receives: the
 * transport's `expectCall` and `emit`, bound to it. Once the run has
 * failed, `expectCall` rejects at once with the run's error.
 *
 * @example
 * ```ts
 * import type { RealtimeScenarioContext } from '@scripted/agents/realtime';
 *
 * async function connectAndClose(
 *   { expectCall }: RealtimeScenarioContext,
 * ): Promise<void> {
 *   await expectCall('connect');
 *   await expectCall('close');
 * }
 * void typeof connectAndClose;
 * ```
 */
export interface RealtimeScenarioContext {
  /** Expects the next outbound call; see `ScriptedRealtimeTransport`. */
  expectCall<M extends RealtimeTransportMethod>(
    method: M,
    matcher?: RealtimeCallMatcher<M>,
  ): Promise<RecordedRealtimeCall<M>>;
  /** Delivers an inbound event synchronously. */
  emit<K extends keyof RealtimeTransportEventTypes>(
    type: K,
    ...args: RealtimeTransportEventTypes[K]
  ): boolean;
}

/**
 * The SDK testing module's name for {@link RealtimeScenarioContext}.
 *
 * @example
 * ```ts
 * import type { ScriptedRealtimeScenarioContext } from '@scripted/agents/realtime';
 *
 * const scenario = async (
 *   { expectCall }: ScriptedRealtimeScenarioContext,
 * ): Promise<void> => {
 *   await expectCall('interrupt');
 * };
 * void typeof scenario;
 * ```
 */
export type ScriptedRealtimeScenarioContext = RealtimeScenarioContext;

/**
 * The options of `runScenario()`; `TResult` is what `exercise` returns,
 * and what `runScenario()` resolves with.
 *
 * @example
 * ```ts
 * import type { RealtimeScenarioOptions } from '@scripted/agents/realtime';
 *
 * const options: RealtimeScenarioOptions<number> = {
 *   signal: AbortSignal.abort(),
 *   scenario: async ({ expectCall }) => {
 *     await expectCall('connect');
 *   },
 *   exercise: () => 42,
 * };
 * void typeof options.scenario;
 * ```
 */
export interface RealtimeScenarioOptions<TResult = void> {
  /** Scripts the transport side: expects calls and emits events. */
  scenario: (context: RealtimeScenarioContext) => void | Promise<void>;
  /** Drives the application through the public session API. */
  exercise: () => TResult | Promise<TResult>;
  /** Cancels the scenario (`ScriptedRealtimeScenarioCancelledError`). */
  signal?: AbortSignal;
}

/**
 * The SDK testing module's name for {@link RealtimeScenarioOptions}.
 *
 * @example
 * ```ts
 * import type { ScriptedRealtimeScenarioOptions } from '@scripted/agents/realtime';
 *
 * const options: ScriptedRealtimeScenarioOptions<string> = {
 *   scenario: () => {},
 *   exercise: () => 'done',
 * };
 * void typeof options.exercise;
 * ```
 */
export type ScriptedRealtimeScenarioOptions<TResult = void> =
  RealtimeScenarioOptions<TResult>;

function noop(): void {}

// Long enough never to fire in a test, short enough for every runtime.
const keepAliveMs = 1_000_000_000;

/** Calls `fn`, turning a synchronous throw into a rejection. */
function start<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Waits for `sides` to settle, but no longer than one macrotask turn. */
async function settleBriefly(sides: Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const turn = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, 0);
  });
  try {
    await Promise.race([sides, turn]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs a validated scenario against `ledger`. It fails at once on a
 * mismatch (whatever either side awaits), on either side's failure, or on
 * the signal; when `exercise` finishes with expectations pending it fails
 * as incomplete; when both finish it checks that nothing is left.
 *
 * @param ledger The transport's call ledger.
 * @param transport The transport's own `expectCall` and `emit`.
 * @param scenario The transport side.
 * @param exercise The application side.
 * @param signal Optional cancellation.
 * @returns What `exercise` returned, once both sides finished and nothing
 *   is left.
 */
export async function runRealtimeScenario<R>(
  ledger: CallLedger,
  transport: RealtimeScenarioContext,
  scenario: RealtimeScenarioOptions<R>['scenario'],
  exercise: RealtimeScenarioOptions<R>['exercise'],
  signal: AbortSignal | undefined,
): Promise<R> {
  if (signal?.aborted) {
    throw new ScriptedRealtimeScenarioCancelledError(
      ledger.pendingExpectations(),
      { cause: signal.reason },
    );
  }
  let finished = false;
  let failure: { readonly error: unknown } | undefined;
  let scenarioDone = false;
  let exerciseDone = false;
  let result: R;
  let succeed!: (value: R) => void;
  let failWith!: (error: unknown) => void;
  const outcome = new Promise<R>((resolve, reject) => {
    succeed = resolve;
    failWith = reject;
  });
  const fail = (error: unknown): void => {
    if (finished) return;
    finished = true;
    failure = { error };
    // Pending expectations reject too, so the scenario's catch can release
    // whatever the application side waits for.
    ledger.rejectWaiting(error);
    failWith(error);
  };
  const check = (): void => {
    if (finished || !exerciseDone) return;
    if (ledger.waiting) {
      fail(ledger.incomplete());
    } else if (scenarioDone) {
      const completion = ledger.completion();
      if (completion !== undefined) return fail(completion.error);
      finished = true;
      succeed(result);
    }
  };
  const context: RealtimeScenarioContext = {
    expectCall(method, matcher) {
      if (failure === undefined) return transport.expectCall(method, matcher);
      // After the run failed, nothing will answer: reject at once.
      requireMethod('expectCall', method);
      requireMatcher('expectCall', matcher);
      const late = Promise.reject(failure.error);
      late.catch(noop);
      return late;
    },
    emit: transport.emit,
  };
  const onAbort = (): void => {
    fail(
      new ScriptedRealtimeScenarioCancelledError(
        ledger.pendingExpectations(),
        { cause: signal?.reason },
      ),
    );
  };
  signal?.addEventListener('abort', onAbort);
  // Node does not keep the process alive for `AbortSignal.timeout()`; a
  // referenced timer does, so two sides waiting on each other still end
  // with the cancellation error instead of an exit mid-test.
  const keepAlive = signal === undefined
    ? undefined
    : setInterval(noop, keepAliveMs);
  ledger.onWait = check;
  ledger.onMismatch = fail;
  const scenarioSide = start(() => scenario(context)).then(() => {
    scenarioDone = true;
    check();
  }, fail);
  const exerciseSide = start(exercise).then((value) => {
    result = value;
    exerciseDone = true;
    check();
  }, fail);
  try {
    return await outcome;
  } catch (error) {
    // Let the sides run their cleanup (e.g. `session.close()`) first.
    await settleBriefly(Promise.all([scenarioSide, exerciseSide]));
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    clearInterval(keepAlive);
    ledger.onWait = undefined;
    ledger.onMismatch = undefined;
  }
}
