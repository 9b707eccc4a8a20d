/**
 * The runner behind `runScenario()`: the transport-facing script and the
 * application side run together until one fails, the signal cancels, or
 * both finish. Private to the realtime folder; its public types are in
 * `scenario.ts`.
 *
 * @module
 */
import { noop } from '../_internal/matcher.ts';
import {
  requireExpectations,
  requireMatcher,
  requireMethod,
} from './_inputs.ts';
import type { CallLedger } from './_ledger.ts';
import type { TransportState } from './_state.ts';
import { InvalidRealtimeScenarioInputError } from './input_errors.ts';
import type {
  RealtimeScenarioOptions,
  RealtimeScenarioRunContext,
} from './scenario.ts';

/** One validated `runScenario()` call. */
export interface ScenarioRun<R> {
  /** The transport's own `expectCall` and `emit`. */
  readonly transport: RealtimeScenarioRunContext;
  /** The transport side. */
  readonly scenario: RealtimeScenarioOptions<R>['scenario'];
  /** The application side. */
  readonly exercise: RealtimeScenarioOptions<R>['exercise'];
  /** Optional cancellation. */
  readonly signal: AbortSignal | undefined;
}

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

/**
 * Calls `onAbort` with the reason when `signal` aborts, until the returned
 * function is called. While it listens it keeps a referenced timer: Node
 * does not keep the process alive for `AbortSignal.timeout()`, so two
 * sides waiting on each other would otherwise end in an exit mid-test
 * instead of the cancellation error.
 *
 * @param signal The run's signal, if any.
 * @param onAbort What to do when it aborts.
 * @returns Stops listening.
 */
function listen(
  signal: AbortSignal | undefined,
  onAbort: (reason: unknown) => void,
): () => void {
  if (signal === undefined) return noop;
  const listener = (): void => onAbort(signal.reason);
  signal.addEventListener('abort', listener);
  const keepAlive = setInterval(noop, keepAliveMs);
  return () => {
    signal.removeEventListener('abort', listener);
    clearInterval(keepAlive);
  };
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
 * Starts a validated scenario on a transport, one at a time.
 *
 * @param state The transport's state.
 * @param run The transport's context, both sides and the signal.
 * @returns What `exercise` returned, once both sides finished and nothing
 *   is left.
 * @throws {InvalidRealtimeScenarioInputError} When a scenario is already
 *   running on the transport (at once, not as a rejection).
 */
export function startScenario<R>(
  state: TransportState,
  run: ScenarioRun<R>,
): Promise<R> {
  if (state.running) {
    throw new InvalidRealtimeScenarioInputError({
      reason: 'scenario_running',
      operation: 'runScenario',
      path: 'options',
    });
  }
  state.running = true;
  return runRealtimeScenario(state.ledger, run).finally(() => {
    state.running = false;
  });
}

/**
 * Runs a validated scenario against `ledger`. It fails at once on a
 * mismatch (whatever either side awaits), on either side's failure, or on
 * the signal; when `exercise` finishes with expectations pending it fails
 * with what the ledger reports; when both finish it checks that nothing is
 * left.
 *
 * @param ledger The transport's call ledger, watched while the run lasts.
 * @param run The transport's context, both sides and the signal.
 * @returns What `exercise` returned, once both sides finished and nothing
 *   is left.
 */
async function runRealtimeScenario<R>(
  ledger: CallLedger,
  run: ScenarioRun<R>,
): Promise<R> {
  const { transport, signal } = run;
  if (signal?.aborted) {
    throw ledger.cancelled(signal.reason);
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
  // Decides once the application side is done: at once when the script
  // still waits for a call that cannot come, else when the script is done.
  const check = (): void => {
    if (finished || !exerciseDone) return;
    if (!scenarioDone && !ledger.waiting) return;
    try {
      ledger.assertComplete();
    } catch (error) {
      return fail(error);
    }
    finished = true;
    succeed(result);
  };
  const context: RealtimeScenarioRunContext = {
    expectCall(method, matcher) {
      if (failure === undefined) return transport.expectCall(method, matcher);
      // After the run failed, nothing will answer: reject at once.
      requireMethod('expectCall', method);
      requireMatcher('expectCall', matcher);
      const late = Promise.reject(failure.error);
      late.catch(noop);
      return late;
    },
    expectAnyOrder(...expectations) {
      if (failure === undefined) {
        return transport.expectAnyOrder(...expectations);
      }
      requireExpectations(expectations);
      const late = Promise.reject(failure.error);
      late.catch(noop);
      return late;
    },
    emit: transport.emit,
  };
  const unlisten = listen(signal, (reason) => fail(ledger.cancelled(reason)));
  const unwatch = ledger.watch({ onWait: check, onMismatch: fail });
  const scenarioSide = start(() => run.scenario(context)).then(() => {
    scenarioDone = true;
    check();
  }, fail);
  const exerciseSide = start(run.exercise).then((value) => {
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
    unlisten();
    unwatch();
  }
}
