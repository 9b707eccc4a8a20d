/**
 * `ScriptedRealtimeTransport`: an in-memory `RealtimeTransportLayer` that
 * records every outbound call and lets a test script the inbound side.
 *
 * @module
 */
import type {
  RealtimeTransportEventTypes,
  RealtimeTransportLayer,
  RealtimeTransportLayerConnectOptions,
} from '@openai/agents-realtime';
import { recordConnectOptions } from '../_internal/connect_options.ts';
import { installAsyncDispose, installDispose } from '../_internal/state.ts';
import { snapshot } from '../_internal/snapshot.ts';
import {
  readScenarioOptions,
  requireExpectations,
  requireFailure,
  requireListener,
  requireMatcher,
  requireMethod,
} from './_inputs.ts';
import { startScenario } from './_scenario.ts';
import { installState, record, stateOf } from './_state.ts';
import type {
  RealtimeAnyOrderCalls,
  RealtimeExpectation,
} from './any_order.ts';
import type {
  RealtimeCallMatcher,
  RealtimeFaultRecord,
  RealtimeTransportListener,
  RealtimeTransportMethod,
  RealtimeTransportParameters,
  RealtimeTransportStatus,
  RecordedRealtimeCall,
} from './calls.ts';
import { RealtimeTransportNotClosedError } from './errors.ts';
import type { RealtimeScenarioOptions } from './scenario.ts';

/**
 * A scripted, in-memory `RealtimeTransportLayer` for `RealtimeSession`
 * tests: it records every outbound call as a detached snapshot, matches the
 * calls against expectations in one global order, delivers scripted inbound
 * events synchronously, and opens no connection.
 *
 * @example
 * ```ts
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 *
 * const transport = new ScriptedRealtimeTransport();
 * const session = new RealtimeSession(
 *   new RealtimeAgent({ name: 'Assistant' }),
 *   { transport },
 * );
 * await transport.runScenario({
 *   signal: AbortSignal.timeout(5_000),
 *   scenario: async ({ expectCall }) => {
 *     await expectCall('connect');
 *     await expectCall('sendMessage', (call) => call.message === 'Hi');
 *     await expectCall('close');
 *   },
 *   exercise: async () => {
 *     await session.connect({ apiKey: 'test' });
 *     session.sendMessage('Hi');
 *     session.close();
 *   },
 * });
 * transport.assertComplete();
 * transport.assertClosed();
 * ```
 */
export class ScriptedRealtimeTransport implements RealtimeTransportLayer {
  /**
   * Creates a disconnected transport with no calls, expectations or
   * failures.
   */
  constructor() {
    installState(this);
  }

  static {
    // `using` / `await using` assert completeness at scope end (see
    // `_internal/state.ts`).
    installDispose(this.prototype, function () {
      this.assertComplete();
    });
    installAsyncDispose(this.prototype, function () {
      try {
        this.assertComplete();
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(error);
      }
    });
  }

  /**
   * Asserts completeness, as {@link ScriptedRealtimeTransport.assertComplete}
   * does: `using transport = new ScriptedRealtimeTransport()` checks it at
   * scope end. When the scope's body already threw, the runtime keeps both
   * errors in a `SuppressedError`. Installed under `Symbol.dispose` where
   * the runtime has it.
   *
   * @throws What `assertComplete()` throws.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
   *
   * assert.throws(() => {
   *   using transport = new ScriptedRealtimeTransport();
   *   transport.mute(true); // no expectation takes it
   * }, { name: 'IncompleteRealtimeScenarioError' });
   * ```
   */
  declare readonly [Symbol.dispose]: () => void;

  /**
   * The same check for `await using`: the returned promise rejects with
   * what `assertComplete()` throws.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
   *
   * await assert.rejects(async () => {
   *   await using transport = new ScriptedRealtimeTransport();
   *   transport.mute(true);
   * }, { name: 'IncompleteRealtimeScenarioError' });
   * ```
   */
  declare readonly [Symbol.asyncDispose]: () => Promise<void>;

  /**
   * The lifecycle status: `connecting` and then `connected` during
   * `connect()`, `disconnected` initially and after `close()`, a failed
   * or superseded `connect()` or `disconnect()`. Writable, as on the SDK's
   * transport: a test may set it to put the transport in a given state.
   *
   * @returns The current status.
   */
  get status(): RealtimeTransportStatus {
    return stateOf(this).connection.status;
  }

  /**
   * Sets the status without emitting an event.
   *
   * @param status The new status.
   */
  set status(status: RealtimeTransportStatus) {
    stateOf(this).connection.status = status;
  }

  /**
   * Whether input audio is muted, as last set by `mute()` (or assigned).
   *
   * @returns The muted flag; initially `false`.
   */
  get muted(): boolean | null {
    return stateOf(this).muted;
  }

  /**
   * Sets the muted flag without recording a call.
   *
   * @param muted The new flag.
   */
  set muted(muted: boolean | null) {
    stateOf(this).muted = muted;
  }

  /**
   * Every outbound call so far, in call order, as frozen snapshots. Bytes
   * (a `sendAudio` chunk) are a fresh copy on every read.
   *
   * @returns A frozen copy of the list.
   */
  get calls(): readonly RecordedRealtimeCall[] {
    return stateOf(this).ledger.view();
  }

  /**
   * Every fault `injectFaults()` injected into this transport's inbound
   * events, in the order injected, as frozen records (the injector's `log`
   * holds the same records; their `index` and `fault` count within the
   * injector that made them). `afterCall` places each among `calls`: the
   * number of calls recorded before it. Mismatch, incomplete and
   * cancellation errors carry them as `injectedFaults` and name them in
   * their message. Empty unless faults were injected.
   *
   * @returns A frozen copy of the list.
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
   * import { injectFaults } from '@scripted/agents/realtime/sim';
   *
   * const transport = new ScriptedRealtimeTransport();
   * await transport.connect({ apiKey: 'test' });
   * const faulty = injectFaults(transport, [{ kind: 'drop', event: 'audio_done' }]);
   * faulty.emit('audio_done');
   * assert.deepEqual(
   *   transport.faults.map((f) => [f.action, f.event, f.afterCall]),
   *   [['dropped', 'audio_done', 1]],
   * );
   * transport.close();
   * ```
   */
  get faults(): readonly RealtimeFaultRecord[] {
    return stateOf(this).ledger.faults();
  }

  /**
   * Registers an event listener (the SDK's `RealtimeSession` listens here).
   *
   * @param type The event name.
   * @param listener Called synchronously by `emit`.
   * @returns This transport.
   * @throws {InvalidRealtimeScenarioInputError} When `listener` is not a function.
   */
  on<K extends keyof RealtimeTransportEventTypes>(
    type: K,
    listener: RealtimeTransportListener<K>,
  ): this {
    requireListener('on', listener);
    stateOf(this).events.add(type, listener);
    return this;
  }

  /**
   * Registers a listener that is removed before its first call.
   *
   * @param type The event name.
   * @param listener Called once.
   * @returns This transport.
   * @throws {InvalidRealtimeScenarioInputError} When `listener` is not a function.
   */
  once<K extends keyof RealtimeTransportEventTypes>(
    type: K,
    listener: RealtimeTransportListener<K>,
  ): this {
    requireListener('once', listener);
    stateOf(this).events.addOnce(type, listener);
    return this;
  }

  /**
   * Removes the most recently registered matching listener.
   *
   * @param type The event name.
   * @param listener The listener given to `on` or `once`.
   * @returns This transport.
   */
  off<K extends keyof RealtimeTransportEventTypes>(
    type: K,
    listener: RealtimeTransportListener<K>,
  ): this {
    stateOf(this).events.remove(type, listener);
    return this;
  }

  /**
   * Delivers an inbound event to the listeners synchronously; a listener's
   * failure propagates to the caller.
   *
   * @param type The event name, typed per `RealtimeTransportEventTypes`.
   * @param args The event's arguments, delivered as given.
   * @returns Whether the event had listeners.
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
   *
   * const transport = new ScriptedRealtimeTransport();
   * let interrupted = 0;
   * transport.on('audio_interrupted', () => interrupted++);
   * transport.emit('audio_interrupted');
   * assert.equal(interrupted, 1);
   * ```
   */
  emit<K extends keyof RealtimeTransportEventTypes>(
    type: K,
    ...args: RealtimeTransportEventTypes[K]
  ): boolean {
    return stateOf(this).events.emit(type, args);
  }

  /**
   * Expects one call per expectation, in any order: the group takes the
   * place of one expectation in the global order (the expectations before
   * it are met first; the ones after it wait until every member took a
   * call). Each call the group receives goes to the first member that has
   * not taken one and whose method and matcher accept it; a matcher that
   * returns `false` or throws passes the call on to the next member. Calls
   * made before the group is registered are held for it, as for
   * `expectCall`. Use it for calls the application makes concurrently,
   * such as the outputs of tools that run in parallel.
   *
   * @param expectations At least one `{ method, matcher? }`.
   * @returns The call each expectation took, in expectation order, each
   *   the caller's own writable copy of the record; rejects
   *   (and the mismatch is remembered for `assertComplete()`) with
   *   `UnexpectedRealtimeCallError` when no member left expects the method
   *   called, `RealtimeCallMatcherError` when every matcher rejected it
   *   (both list the `candidates`), or `InvalidRealtimeScenarioInputError`
   *   when a matcher returned a promise.
   * @throws {InvalidRealtimeScenarioInputError} Where it is written: no
   *   expectation, or one that is not `{ method, matcher? }` (reason
   *   `invalid_expectation`), an unknown method, or a matcher that is not a
   *   synchronous function; `path` names it (`expectations[1].matcher`).
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
   *
   * const transport = new ScriptedRealtimeTransport();
   * const both = transport.expectAnyOrder(
   *   { method: 'mute', matcher: (call) => call.muted },
   *   { method: 'interrupt' },
   * );
   * transport.interrupt();
   * transport.mute(true);
   * const [muted, interrupted] = await both;
   * assert.equal(muted.index, 1);
   * assert.equal(interrupted.index, 0);
   * transport.assertComplete();
   * ```
   */
  expectAnyOrder<const T extends readonly RealtimeExpectation[]>(
    ...expectations: T
  ): Promise<RealtimeAnyOrderCalls<T>> {
    return stateOf(this).ledger.expectAnyOrder(
      requireExpectations(expectations),
    ) as Promise<unknown> as Promise<RealtimeAnyOrderCalls<T>>;
  }

  /**
   * Expects the next outbound call in the one global order. A call made
   * before its expectation is registered is held for it.
   *
   * @param method The expected method.
   * @param matcher Optional synchronous check of its own detached,
   *   mutable copy of the call: throw or return `false` to reject the call
   *   (see `RealtimeCallMatcher`). A rejection is thrown into the calling
   *   code.
   * @returns The call once it arrives, as the caller's own writable copy
   *   of the record (`calls` keeps the frozen one); rejects with
   *   `UnexpectedRealtimeCallError`, `RealtimeCallMatcherError`, the
   *   matcher's own error, or `InvalidRealtimeScenarioInputError` when the
   *   matcher returned a promise.
   * @throws {InvalidRealtimeScenarioInputError} For an unknown method, or
   *   a matcher that is not a function or is a native `async` function.
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
   *
   * const transport = new ScriptedRealtimeTransport();
   * const muted = transport.expectCall('mute');
   * transport.mute(true);
   * assert.equal((await muted).muted, true);
   * ```
   */
  expectCall<M extends RealtimeTransportMethod>(
    method: M,
    matcher?: RealtimeCallMatcher<M>,
  ): Promise<RecordedRealtimeCall<M>> {
    requireMethod('expectCall', method);
    requireMatcher('expectCall', matcher);
    return stateOf(this).ledger.expect(
      method,
      matcher as RealtimeCallMatcher | undefined,
    ) as Promise<RecordedRealtimeCall<M>>;
  }

  /**
   * Makes the next call of `method` throw `error` (reject, for `connect`).
   * The attempt is still recorded and matched; several failures for one
   * method are used in registration order.
   *
   * @param method The method to fail.
   * @param error The value to throw; not `undefined`.
   * @throws {InvalidRealtimeScenarioInputError} For an unknown method or
   *   an `undefined` error.
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
   *
   * const transport = new ScriptedRealtimeTransport();
   * const failure = new Error('offline');
   * transport.failNextCall('connect', failure);
   * await assert.rejects(transport.connect({ apiKey: 'test' }), failure);
   * assert.equal(transport.calls[0]?.method, 'connect');
   * ```
   */
  failNextCall(method: RealtimeTransportMethod, error: unknown): void {
    requireMethod('failNextCall', method);
    requireFailure(error);
    stateOf(this).ledger.failNext(method, error);
  }

  /**
   * Runs the transport-facing `scenario` and the application-facing
   * `exercise` together. Fails at once on a mismatch (even while both sides
   * await something else), when either side fails, when `signal` aborts,
   * or when `exercise` finishes while an expectation is pending; pending
   * expectations are then rejected with the same error, and so is any
   * `expectCall` the scenario makes afterwards. When both sides finish it
   * checks that no call, expectation or failure is left.
   *
   * @param options `scenario`, `exercise` and an optional `signal`.
   * @returns What `exercise` returned.
   * @throws {ScriptedRealtimeScenarioCancelledError} When `signal` aborts.
   * @throws {IncompleteRealtimeScenarioError} When the application side
   *   finished with expectations pending, or calls or failures are left.
   * @throws {UnexpectedRealtimeCallError} On a mismatch.
   * @throws {RealtimeCallMatcherError} On a mismatch.
   * @throws {InvalidRealtimeScenarioInputError} For malformed options or a
   *   scenario already running on this transport.
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
   *
   * const transport = new ScriptedRealtimeTransport();
   * const result = await transport.runScenario({
   *   signal: AbortSignal.timeout(1_000),
   *   scenario: async ({ expectCall, emit }) => {
   *     await expectCall('interrupt');
   *     emit('audio_interrupted');
   *   },
   *   exercise: () => {
   *     transport.interrupt();
   *     return 'interrupted';
   *   },
   * });
   * assert.equal(result, 'interrupted');
   * ```
   */
  runScenario<TResult = void>(
    options: RealtimeScenarioOptions<TResult>,
  ): Promise<TResult> {
    return startScenario(stateOf(this), {
      ...readScenarioOptions<TResult>(options),
      transport: {
        expectCall: (method, matcher) => this.expectCall(method, matcher),
        expectAnyOrder: (...expectations) =>
          this.expectAnyOrder(...expectations),
        emit: (type, ...args) => stateOf(this).events.emit(type, args),
      },
    });
  }

  /**
   * Simulates the remote end closing the connection: the status becomes
   * `disconnected`, `connection_change` is emitted, and `error` too when
   * an error is given. Not an outbound call, so nothing is recorded. On a
   * transport already disconnected it changes nothing and emits no
   * `connection_change`, but still emits the `error`: an error is never
   * dropped. Inside a `connect()`'s notifications it supersedes that
   * connect.
   *
   * @param error Optional transport error, emitted as `{ type: 'error', error }`.
   * @throws {unknown} The first failure of a listener; both events are
   *   delivered regardless.
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
   *
   * const transport = new ScriptedRealtimeTransport();
   * await transport.connect({ apiKey: 'test' });
   * const seen: string[] = [];
   * transport.on('connection_change', (status) => seen.push(status));
   * transport.disconnect();
   * assert.deepEqual(seen, ['disconnected']);
   * transport.assertClosed();
   * ```
   */
  disconnect(error?: unknown): void {
    stateOf(this).connection.disconnect(error);
  }

  /**
   * Checks that nothing is left: rethrows the first mismatch this transport
   * threw (even if the application caught it), else fails on unconsumed
   * calls, pending expectations or unused failures.
   *
   * @throws {UnexpectedRealtimeCallError} The first mismatch, if any.
   * @throws {RealtimeCallMatcherError} The first mismatch, if any.
   * @throws {IncompleteRealtimeScenarioError} When anything is left.
   * @example
   * ```ts
   * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
   *
   * const transport = new ScriptedRealtimeTransport();
   * await transport.connect({ apiKey: 'test' });
   * await transport.expectCall('connect');
   * const closed = transport.expectCall('close');
   * transport.close();
   * await closed;
   * transport.assertComplete();
   * ```
   */
  assertComplete(): void {
    stateOf(this).ledger.assertComplete();
  }

  /**
   * Checks that the transport ended `disconnected`.
   *
   * @throws {RealtimeTransportNotClosedError} For any other status.
   * @example
   * ```ts
   * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
   *
   * const transport = new ScriptedRealtimeTransport();
   * await transport.connect({ apiKey: 'test' });
   * transport.close();
   * transport.assertClosed();
   * ```
   */
  assertClosed(): void {
    const status = stateOf(this).connection.status;
    if (status !== 'disconnected') {
      throw new RealtimeTransportNotClosedError({ status });
    }
  }

  /**
   * Records the connect (with `apiKeyProvided`, never the key), then moves
   * `connecting` → `connected`, emitting `connection_change` each time, all
   * before it returns. A failed connect (an injected failure, a mismatch,
   * a throwing listener) leaves the transport `disconnected` and emits
   * that too.
   *
   * @param options The SDK's connect options.
   * @returns Settled once connected (already, when it returns).
   * @throws {ScriptedRealtimeConnectionSupersededError} When a `close()`,
   *   `disconnect()` or another `connect()` runs inside this connect's
   *   notifications or matcher; the later operation's state stays.
   * @throws {UnexpectedRealtimeCallError} When another call was expected.
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
   *
   * const transport = new ScriptedRealtimeTransport();
   * const connecting = transport.connect({ apiKey: 'test' });
   * assert.equal(transport.status, 'connected');
   * await connecting;
   * transport.close();
   * ```
   */
  connect(options: RealtimeTransportLayerConnectOptions): Promise<void> {
    const state = stateOf(this);
    return state.connection.connect(() =>
      record(this, 'connect', { options: recordConnectOptions(options) })
    );
  }

  /**
   * Records a raw client event.
   *
   * @param event The event.
   * @throws {UnexpectedRealtimeCallError} On a mismatch, or an injected failure.
   */
  sendEvent(event: RealtimeTransportParameters<'sendEvent'>[0]): void {
    record(this, 'sendEvent', {
      event: snapshot(event),
    });
  }

  /**
   * Records a response request.
   *
   * @param response The optional response override.
   * @throws {UnexpectedRealtimeCallError} On a mismatch, or an injected failure.
   */
  requestResponse(
    response?: RealtimeTransportParameters<'requestResponse'>[0],
  ): void {
    record(this, 'requestResponse', {
      response: snapshot(response),
    });
  }

  /**
   * Records a user message.
   *
   * @param message The message.
   * @param otherEventData Extra event data.
   * @param options `triggerResponse`.
   * @throws {UnexpectedRealtimeCallError} On a mismatch, or an injected failure.
   */
  sendMessage(
    message: RealtimeTransportParameters<'sendMessage'>[0],
    otherEventData: RealtimeTransportParameters<'sendMessage'>[1],
    options?: RealtimeTransportParameters<'sendMessage'>[2],
  ): void {
    record(this, 'sendMessage', {
      message: snapshot(message),
      otherEventData: snapshot(otherEventData),
      options: snapshot(options),
    });
  }

  /**
   * Records an image.
   *
   * @param image The image data URL.
   * @param options `triggerResponse`.
   * @throws {UnexpectedRealtimeCallError} On a mismatch, or an injected failure.
   */
  addImage(
    image: RealtimeTransportParameters<'addImage'>[0],
    options?: RealtimeTransportParameters<'addImage'>[1],
  ): void {
    record(this, 'addImage', {
      image,
      options: snapshot(options),
    });
  }

  /**
   * Records an audio chunk (a copy of the buffer).
   *
   * @param audio The audio buffer.
   * @param options `commit`.
   * @throws {UnexpectedRealtimeCallError} On a mismatch, or an injected failure.
   */
  sendAudio(
    audio: RealtimeTransportParameters<'sendAudio'>[0],
    options: RealtimeTransportParameters<'sendAudio'>[1],
  ): void {
    record(this, 'sendAudio', { audio, options });
  }

  /**
   * Records a session configuration update.
   *
   * @param config The partial configuration.
   * @throws {UnexpectedRealtimeCallError} On a mismatch, or an injected failure.
   */
  updateSessionConfig(
    config: RealtimeTransportParameters<'updateSessionConfig'>[0],
  ): void {
    record(this, 'updateSessionConfig', {
      config: snapshot(config),
    });
  }

  /**
   * Records the close and becomes `disconnected`, emitting
   * `connection_change`; inside a `connect()`'s notifications or matcher
   * it supersedes that connect, even when the close fails (an injected
   * failure or a mismatch is thrown after the connection ended). On a
   * transport already disconnected it does nothing: not recorded, no event
   * (so closing in a test's body and again in `finally` is fine). A failed
   * close on an established connection changes nothing, and a reconnect
   * made inside its matcher stays connected.
   *
   * @throws {UnexpectedRealtimeCallError} On a mismatch, or an injected failure.
   */
  close(): void {
    const state = stateOf(this);
    state.connection.close(() => record(this, 'close', {}));
  }

  /**
   * Records the mute and sets `muted`. A failed mute changes nothing.
   *
   * @param muted Whether to mute.
   * @throws {UnexpectedRealtimeCallError} On a mismatch, or an injected failure.
   */
  mute(muted: boolean): void {
    const state = stateOf(this);
    record(this, 'mute', { muted });
    state.muted = muted;
  }

  /**
   * Records a function call output.
   *
   * @param toolCall The tool call answered.
   * @param output The tool output.
   * @param startResponse Whether to start a new response.
   * @throws {UnexpectedRealtimeCallError} On a mismatch, or an injected failure.
   */
  sendFunctionCallOutput(
    toolCall: RealtimeTransportParameters<'sendFunctionCallOutput'>[0],
    output: string,
    startResponse: boolean,
  ): void {
    record(this, 'sendFunctionCallOutput', {
      toolCall: snapshot(toolCall),
      output,
      startResponse,
    });
  }

  /**
   * Records an interrupt request.
   *
   * @throws {UnexpectedRealtimeCallError} On a mismatch, or an injected failure.
   */
  interrupt(): void {
    record(this, 'interrupt', {});
  }

  /**
   * Records a history reset.
   *
   * @param oldHistory The session's current history.
   * @param newHistory The history to use from now on.
   * @throws {UnexpectedRealtimeCallError} On a mismatch, or an injected failure.
   */
  resetHistory(
    oldHistory: RealtimeTransportParameters<'resetHistory'>[0],
    newHistory: RealtimeTransportParameters<'resetHistory'>[1],
  ): void {
    record(this, 'resetHistory', {
      oldHistory: snapshot(oldHistory),
      newHistory: snapshot(newHistory),
    });
  }

  /**
   * Records an MCP approval response.
   *
   * @param approvalRequest The request answered.
   * @param approved Whether it was approved.
   * @param reason Optional rejection text.
   * @throws {UnexpectedRealtimeCallError} On a mismatch, or an injected failure.
   */
  sendMcpResponse(
    approvalRequest: RealtimeTransportParameters<'sendMcpResponse'>[0],
    approved: boolean,
    reason?: string,
  ): void {
    record(this, 'sendMcpResponse', {
      approvalRequest: snapshot(approvalRequest),
      approved,
      reason,
    });
  }

  /**
   * A key-free JSON form (`status`, `muted`, `calls`, and `faults` once a
   * fault was injected), so serialising the transport cannot leak anything
   * the records do not hold.
   *
   * @returns The plain data.
   */
  toJSON(): {
    status: RealtimeTransportStatus;
    muted: boolean | null;
    calls: readonly RecordedRealtimeCall[];
    faults?: readonly RealtimeFaultRecord[];
  } {
    const state = stateOf(this);
    const faults = state.ledger.faults();
    return {
      status: state.connection.status,
      muted: state.muted,
      calls: this.calls,
      ...(faults.length === 0 ? {} : { faults }),
    };
  }
}
