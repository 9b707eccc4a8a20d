/**
 * The public types of `runScenario()`: its options and the context its
 * `scenario` callback receives. The runner itself is private
 * (`_scenario.ts`).
 *
 * @module
 */
import type { RealtimeTransportEventTypes } from '@openai/agents-realtime';
import type {
  RealtimeAnyOrderCalls,
  RealtimeExpectation,
} from './any_order.ts';
import type {
  RealtimeCallMatcher,
  RealtimeTransportMethod,
  RecordedRealtimeCall,
} from './calls.ts';

/**
 * What the `scenario` callback of `runScenario()` receives: the
 * transport's `expectCall` and `emit`, bound to it. Once the run has
 * failed, `expectCall` rejects at once with the run's error.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   type RealtimeScenarioContext,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
 *
 * async function connectAndClose(
 *   { expectCall }: RealtimeScenarioContext,
 * ): Promise<void> {
 *   await expectCall('connect');
 *   await expectCall('close');
 * }
 * const transport = new ScriptedRealtimeTransport();
 * await transport.runScenario({
 *   signal: AbortSignal.timeout(1_000),
 *   scenario: connectAndClose,
 *   exercise: async () => {
 *     await transport.connect({ apiKey: 'test' });
 *     transport.close();
 *   },
 * });
 * assert.equal(transport.calls.length, 2);
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
 * What `runScenario()` actually hands its `scenario`: the
 * {@link RealtimeScenarioContext} (the SDK testing module's shape, which
 * suites may build themselves) plus `expectAnyOrder`. A scenario written
 * against the narrower context still fits.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   type RealtimeScenarioRunContext,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
 *
 * async function muteAndInterrupt(
 *   { expectAnyOrder }: RealtimeScenarioRunContext,
 * ): Promise<void> {
 *   await expectAnyOrder({ method: 'mute' }, { method: 'interrupt' });
 * }
 * const transport = new ScriptedRealtimeTransport();
 * await transport.runScenario({
 *   signal: AbortSignal.timeout(1_000),
 *   scenario: muteAndInterrupt,
 *   exercise: () => {
 *     transport.interrupt();
 *     transport.mute(true);
 *   },
 * });
 * assert.equal(transport.calls.length, 2);
 * ```
 */
export interface RealtimeScenarioRunContext extends RealtimeScenarioContext {
  /**
   * Expects one call per expectation, in any order, in the place of one
   * expectation of the global order: the transport's `expectAnyOrder`.
   * After the run failed it rejects at once.
   *
   * @param expectations At least one `{ method, matcher? }`.
   * @returns The call each expectation took, in expectation order.
   */
  expectAnyOrder<const T extends readonly RealtimeExpectation[]>(
    ...expectations: T
  ): Promise<RealtimeAnyOrderCalls<T>>;
}

/**
 * The SDK testing module's name for {@link RealtimeScenarioContext}.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   type ScriptedRealtimeScenarioContext,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
 *
 * const scenario = async (
 *   { expectCall }: ScriptedRealtimeScenarioContext,
 * ): Promise<void> => {
 *   await expectCall('interrupt');
 * };
 * const transport = new ScriptedRealtimeTransport();
 * await transport.runScenario({
 *   signal: AbortSignal.timeout(1_000),
 *   scenario,
 *   exercise: () => transport.interrupt(),
 * });
 * assert.equal(transport.calls[0]?.method, 'interrupt');
 * ```
 */
export type ScriptedRealtimeScenarioContext = RealtimeScenarioContext;

/**
 * The options of `runScenario()`; `TResult` is what `exercise` returns,
 * and what `runScenario()` resolves with.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   type RealtimeScenarioOptions,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
 *
 * const transport = new ScriptedRealtimeTransport();
 * const options: RealtimeScenarioOptions<number> = {
 *   signal: AbortSignal.timeout(1_000),
 *   scenario: async ({ expectCall }) => {
 *     await expectCall('mute');
 *   },
 *   exercise: () => {
 *     transport.mute(true);
 *     return 42;
 *   },
 * };
 * assert.equal(await transport.runScenario(options), 42);
 * ```
 */
export interface RealtimeScenarioOptions<TResult = void> {
  /** Scripts the transport side: expects calls and emits events. */
  scenario: (context: RealtimeScenarioRunContext) => void | Promise<void>;
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
 * import assert from 'node:assert/strict';
 * import {
 *   type ScriptedRealtimeScenarioOptions,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
 *
 * const options: ScriptedRealtimeScenarioOptions<string> = {
 *   scenario: () => {},
 *   exercise: () => 'done',
 * };
 * const transport = new ScriptedRealtimeTransport();
 * assert.equal(await transport.runScenario(options), 'done');
 * ```
 */
export type ScriptedRealtimeScenarioOptions<TResult = void> =
  RealtimeScenarioOptions<TResult>;
