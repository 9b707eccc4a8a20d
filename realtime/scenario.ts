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
import type { CallLedger } from './ledger.ts';

/**
 * What the `scenario` callback of `runScenario()` receives: the
 * transport's `expectCall` and `emit`, bound to it.
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
 * The options of `runScenario()`.
 *
 * @example
 * ```ts
 * import type { RealtimeScenarioOptions } from '@scripted/agents/realtime';
 *
 * const options: RealtimeScenarioOptions = {
 *   signal: AbortSignal.abort(),
 *   scenario: async ({ expectCall }) => {
 *     await expectCall('connect');
 *   },
 *   exercise: () => {},
 * };
 * void typeof options.scenario;
 * ```
 */
export interface RealtimeScenarioOptions {
  /** Scripts the transport side: expects calls and emits events. */
  scenario: (context: RealtimeScenarioContext) => void | Promise<void>;
  /** Drives the application through the public session API. */
  exercise: () => void | Promise<void>;
  /** Cancels the scenario (`ScriptedRealtimeScenarioCancelledError`). */
  signal?: AbortSignal;
}

function noop(): void {}

// Long enough never to fire in a test, short enough for every runtime.
const keepAliveMs = 1_000_000_000;

/** Calls `fn`, turning a synchronous throw into a rejection. */
function start(fn: () => unknown): Promise<unknown> {
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
 * Runs a validated scenario against `ledger`.
 *
 * @param ledger The transport's call ledger.
 * @param context The bound `expectCall` and `emit`.
 * @param scenario The transport side.
 * @param exercise The application side.
 * @param signal Optional cancellation.
 * @returns Resolves when both sides finished and nothing is left.
 */
export async function runRealtimeScenario(
  ledger: CallLedger,
  context: RealtimeScenarioContext,
  scenario: RealtimeScenarioOptions['scenario'],
  exercise: RealtimeScenarioOptions['exercise'],
  signal: AbortSignal | undefined,
): Promise<void> {
  if (signal?.aborted) {
    throw new ScriptedRealtimeScenarioCancelledError({
      pendingExpectations: ledger.pendingExpectations(),
    }, { cause: signal.reason });
  }
  let finished = false;
  let scenarioDone = false;
  let exerciseDone = false;
  let succeed!: () => void;
  let failWith!: (error: unknown) => void;
  const outcome = new Promise<void>((resolve, reject) => {
    succeed = resolve;
    failWith = reject;
  });
  const fail = (error: unknown): void => {
    if (finished) return;
    finished = true;
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
      succeed();
    }
  };
  const onAbort = (): void => {
    fail(
      new ScriptedRealtimeScenarioCancelledError({
        pendingExpectations: ledger.pendingExpectations(),
      }, { cause: signal?.reason }),
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
  const scenarioSide = start(() => scenario(context)).then(() => {
    scenarioDone = true;
    check();
  }, fail);
  const exerciseSide = start(exercise).then(() => {
    exerciseDone = true;
    check();
  }, fail);
  try {
    await outcome;
  } catch (error) {
    // Let the sides run their cleanup (e.g. `session.close()`) first.
    await settleBriefly(Promise.all([scenarioSide, exerciseSide]));
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    clearInterval(keepAlive);
    ledger.onWait = undefined;
  }
}
