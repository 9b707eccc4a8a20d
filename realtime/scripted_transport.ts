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
import { snapshot } from '../_internal/snapshot.ts';
import { frozenView } from '../_internal/view.ts';
import {
  type RealtimeCallMatcher,
  type RealtimeTransportMethod,
  type RealtimeTransportParameters as P,
  recordConnectOptions,
  type RecordedRealtimeCall,
} from './calls.ts';
import { recordAudioCall } from './_audio.ts';
import { ListenerRegistry } from './emitter.ts';
import {
  InvalidRealtimeScenarioInputError,
  RealtimeTransportNotClosedError,
  ScriptedRealtimeConnectionSupersededError,
} from './errors.ts';
import {
  describe,
  readScenarioOptions,
  requireFunction,
  requireMethod,
} from './inputs.ts';
import { CallLedger } from './ledger.ts';
import type { RealtimeFixture } from './fixture.ts';
import {
  type RealtimeReplayOptions,
  replayRealtimeTransport,
} from './replay.ts';
import {
  type RealtimeScenarioContext,
  type RealtimeScenarioOptions,
  runRealtimeScenario,
} from './scenario.ts';

type Status = RealtimeTransportLayer['status'];
type Events = RealtimeTransportEventTypes;
type Listener<K extends keyof Events> = (...args: Events[K]) => void;

const freeze = Object.freeze;

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
   * A transport that replays a recording made with
   * `recordRealtimeTransport()`: it expects the recorded outbound calls in
   * order, compares each call's arguments with its recording (the first
   * difference throws `ReplayMismatchError`, remembered for
   * `assertComplete()`), replays recorded failures, and emits the recorded
   * inbound events right after the call that preceded them.
   *
   * @param fixture The fixture, as an object or JSON text.
   * @param options `compare: false`, `redact`.
   * @returns The replaying transport.
   * @throws {InvalidRecordingError} When the fixture is malformed.
   *
   * @example
   * ```ts
   * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
   *
   * const transport = ScriptedRealtimeTransport.fromRecording({
   *   version: 1,
   *   kind: 'realtime',
   *   sdkVersion: 'unknown',
   *   log: [{ type: 'call', method: 'close', data: {} }],
   * });
   * transport.close();
   * transport.assertComplete();
   * ```
   */
  static fromRecording(
    fixture: RealtimeFixture | string,
    options?: RealtimeReplayOptions,
  ): ScriptedRealtimeTransport {
    return replayRealtimeTransport(fixture, options);
  }

  #ledger: CallLedger = new CallLedger();
  #events: ListenerRegistry = new ListenerRegistry(this);
  #status: Status = 'disconnected';
  #muted = false;
  #connecting: ((error: unknown) => void) | undefined = undefined;
  #running = false;
  #callsView: readonly RecordedRealtimeCall[] | undefined;

  /**
   * The lifecycle status: `connecting` during `connect()`, `connected`
   * after it, `disconnected` initially and after `close()`, a failed
   * `connect()` or `disconnect()`.
   *
   * @returns The current status.
   */
  get status(): Status {
    return this.#status;
  }

  /**
   * Whether input audio is muted, as last set by `mute()`.
   *
   * @returns The muted flag; initially `false`.
   */
  get muted(): boolean {
    return this.#muted;
  }

  /**
   * Every outbound call so far, in call order, as frozen snapshots.
   *
   * @returns A frozen copy of the list.
   */
  get calls(): readonly RecordedRealtimeCall[] {
    return this.#callsView = frozenView(this.#ledger.calls, this.#callsView);
  }

  /**
   * Registers an event listener (the SDK's `RealtimeSession` listens here).
   *
   * @param type The event name.
   * @param listener Called synchronously by `emit`.
   * @returns This transport.
   * @throws {InvalidRealtimeScenarioInputError} When `listener` is not a function.
   */
  on<K extends keyof Events>(type: K, listener: Listener<K>): this {
    requireFunction('on', 'listener', listener, false);
    this.#events.add(type, listener, false);
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
  once<K extends keyof Events>(type: K, listener: Listener<K>): this {
    requireFunction('once', 'listener', listener, false);
    this.#events.add(type, listener, true);
    return this;
  }

  /**
   * Removes the most recently registered matching listener.
   *
   * @param type The event name.
   * @param listener The listener given to `on` or `once`.
   * @returns This transport.
   */
  off<K extends keyof Events>(type: K, listener: Listener<K>): this {
    this.#events.remove(type, listener);
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
  emit<K extends keyof Events>(type: K, ...args: Events[K]): boolean {
    return this.#events.emit(type, args);
  }

  /**
   * Expects the next outbound call in the one global order. A call made
   * before its expectation is registered is held for it.
   *
   * @param method The expected method.
   * @param matcher Optional synchronous check: throw or return `false` to
   *   reject the call. A rejection is thrown into the calling code.
   * @returns The recorded call once it arrives; rejects with
   *   `UnexpectedRealtimeCallError`, `RealtimeCallMatcherError` or the
   *   matcher's own error.
   * @throws {InvalidRealtimeScenarioInputError} For an unknown method or a
   *   matcher that is not a function.
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
    requireFunction('expectCall', 'matcher', matcher, true);
    return this.#ledger.expect(
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
   * assert.equal(transport.calls[0].method, 'connect');
   * ```
   */
  failNextCall(method: RealtimeTransportMethod, error: unknown): void {
    requireMethod('failNextCall', method);
    if (error === undefined) {
      throw new InvalidRealtimeScenarioInputError({
        operation: 'failNextCall',
        argument: 'error',
        expected: 'the value to throw',
        received: describe(error),
      });
    }
    this.#ledger.failNext(method, error);
  }

  /**
   * Runs the transport-facing `scenario` and the application-facing
   * `exercise` together. Ends when either side fails, when `signal`
   * aborts, or when `exercise` finishes while an expectation is pending;
   * pending expectations are then rejected with the same error.
   *
   * @param options `scenario`, `exercise` and an optional `signal`.
   * @returns Resolves when both sides finished and nothing is left.
   * @throws {ScriptedRealtimeScenarioCancelledError} When `signal` aborts.
   * @throws {IncompleteRealtimeScenarioError} When the application side
   *   finished with expectations pending, or calls or failures are left.
   * @throws {InvalidRealtimeScenarioInputError} For malformed options or a
   *   scenario already running on this transport.
   * @example
   * ```ts
   * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
   *
   * const transport = new ScriptedRealtimeTransport();
   * await transport.runScenario({
   *   signal: AbortSignal.timeout(1_000),
   *   scenario: async ({ expectCall, emit }) => {
   *     await expectCall('interrupt');
   *     emit('audio_interrupted');
   *   },
   *   exercise: () => transport.interrupt(),
   * });
   * ```
   */
  runScenario(options: RealtimeScenarioOptions): Promise<void> {
    const { scenario, exercise, signal } = readScenarioOptions(options);
    if (this.#running) {
      throw new InvalidRealtimeScenarioInputError({
        operation: 'runScenario',
        argument: 'options',
        expected: 'started after the previous scenario ended',
        received: 'a second scenario while one is running',
      });
    }
    this.#running = true;
    const context: RealtimeScenarioContext = {
      expectCall: (method, matcher) => this.expectCall(method, matcher),
      emit: (type, ...args) => this.#events.emit(type, args),
    };
    return runRealtimeScenario(
      this.#ledger,
      context,
      scenario,
      exercise,
      signal,
    ).finally(() => {
      this.#running = false;
    });
  }

  /**
   * Simulates the remote end closing the connection: the status becomes
   * `disconnected`, `connection_change` is emitted, and `error` too when
   * an error is given. Not an outbound call, so nothing is recorded.
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
    this.#supersede('disconnect');
    this.#status = 'disconnected';
    let failed = false;
    let failure: unknown;
    try {
      this.#events.emit('connection_change', ['disconnected']);
    } catch (cause) {
      failed = true;
      failure = cause;
    }
    if (error !== undefined) {
      try {
        this.#events.emit('error', [{ type: 'error', error }]);
      } catch (cause) {
        if (!failed) failure = cause;
        failed = true;
      }
    }
    if (failed) throw failure;
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
   * const closed = transport.expectCall('close');
   * transport.close();
   * await closed;
   * transport.assertComplete();
   * ```
   */
  assertComplete(): void {
    const completion = this.#ledger.completion();
    if (completion !== undefined) throw completion.error;
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
    if (this.#status !== 'disconnected') {
      throw new RealtimeTransportNotClosedError({ status: this.#status });
    }
  }

  /**
   * Records the connect (with `apiKeyProvided`, never the key), then moves
   * `connecting` → `connected`, emitting `connection_change` each time.
   * A failed connect leaves the transport `disconnected`.
   *
   * @param options The SDK's connect options.
   * @returns Resolves once connected.
   * @throws {ScriptedRealtimeConnectionSupersededError} When a later
   *   `connect`, `close` or `disconnect` replaces this attempt.
   * @throws {UnexpectedRealtimeCallError} When another call was expected.
   */
  async connect(options: RealtimeTransportLayerConnectOptions): Promise<void> {
    const ledger = this.#ledger;
    const failure = ledger.enter(freeze({
      index: ledger.calls.length,
      method: 'connect',
      options: recordConnectOptions(options),
    }));
    this.#supersede('connect');
    if (failure !== undefined) {
      this.#setStatus('disconnected');
      throw failure;
    }
    this.#setStatus('connecting');
    await new Promise<void>((resolve, reject) => {
      const attempt = (error: unknown): void => reject(error);
      this.#connecting = attempt;
      queueMicrotask(() => {
        if (this.#connecting !== attempt) return;
        this.#connecting = undefined;
        resolve();
      });
    });
    this.#setStatus('connected');
  }

  /**
   * Records a raw client event.
   *
   * @param event The event.
   * @throws {UnexpectedRealtimeCallError} On a mismatch, or an injected failure.
   */
  sendEvent(event: P<'sendEvent'>[0]): void {
    this.#enter({
      index: this.#ledger.calls.length,
      method: 'sendEvent',
      event: snapshot(event),
    });
  }

  /**
   * Records a response request.
   *
   * @param response The optional response override.
   * @throws {UnexpectedRealtimeCallError} On a mismatch, or an injected failure.
   */
  requestResponse(response?: P<'requestResponse'>[0]): void {
    this.#enter({
      index: this.#ledger.calls.length,
      method: 'requestResponse',
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
    message: P<'sendMessage'>[0],
    otherEventData: P<'sendMessage'>[1],
    options?: P<'sendMessage'>[2],
  ): void {
    this.#enter({
      index: this.#ledger.calls.length,
      method: 'sendMessage',
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
  addImage(image: P<'addImage'>[0], options?: P<'addImage'>[1]): void {
    this.#enter({
      index: this.#ledger.calls.length,
      method: 'addImage',
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
  sendAudio(audio: P<'sendAudio'>[0], options: P<'sendAudio'>[1]): void {
    this.#enter(recordAudioCall(this.#ledger.calls.length, audio, options));
  }

  /**
   * Records a session configuration update.
   *
   * @param config The partial configuration.
   * @throws {UnexpectedRealtimeCallError} On a mismatch, or an injected failure.
   */
  updateSessionConfig(config: P<'updateSessionConfig'>[0]): void {
    this.#enter({
      index: this.#ledger.calls.length,
      method: 'updateSessionConfig',
      config: snapshot(config),
    });
  }

  /**
   * Records the close, supersedes a pending connect and becomes
   * `disconnected` (emitting `connection_change` when the status changes).
   * A failed close changes nothing.
   *
   * @throws {UnexpectedRealtimeCallError} On a mismatch, or an injected failure.
   */
  close(): void {
    this.#enter({
      index: this.#ledger.calls.length,
      method: 'close',
    });
    this.#supersede('close');
    this.#setStatus('disconnected');
  }

  /**
   * Records the mute and sets `muted`. A failed mute changes nothing.
   *
   * @param muted Whether to mute.
   * @throws {UnexpectedRealtimeCallError} On a mismatch, or an injected failure.
   */
  mute(muted: boolean): void {
    this.#enter({
      index: this.#ledger.calls.length,
      method: 'mute',
      muted,
    });
    this.#muted = muted;
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
    toolCall: P<'sendFunctionCallOutput'>[0],
    output: string,
    startResponse: boolean,
  ): void {
    this.#enter({
      index: this.#ledger.calls.length,
      method: 'sendFunctionCallOutput',
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
    this.#enter({
      index: this.#ledger.calls.length,
      method: 'interrupt',
    });
  }

  /**
   * Records a history reset.
   *
   * @param oldHistory The session's current history.
   * @param newHistory The history to use from now on.
   * @throws {UnexpectedRealtimeCallError} On a mismatch, or an injected failure.
   */
  resetHistory(
    oldHistory: P<'resetHistory'>[0],
    newHistory: P<'resetHistory'>[1],
  ): void {
    this.#enter({
      index: this.#ledger.calls.length,
      method: 'resetHistory',
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
    approvalRequest: P<'sendMcpResponse'>[0],
    approved: boolean,
    reason?: string,
  ): void {
    this.#enter({
      index: this.#ledger.calls.length,
      method: 'sendMcpResponse',
      approvalRequest: snapshot(approvalRequest),
      approved,
      reason,
    });
  }

  /**
   * A key-free JSON form (`status`, `muted`, `calls`), so serialising the
   * transport cannot leak anything the recorded calls do not hold.
   *
   * @returns The plain data.
   */
  toJSON(): {
    status: Status;
    muted: boolean;
    calls: readonly RecordedRealtimeCall[];
  } {
    return { status: this.#status, muted: this.#muted, calls: this.calls };
  }

  /** Records a call; throws its mismatch or injected failure. */
  #enter(call: RecordedRealtimeCall): void {
    const failure = this.#ledger.enter(freeze(call));
    if (failure !== undefined) throw failure;
  }

  #setStatus(status: 'connecting' | 'connected' | 'disconnected'): void {
    if (this.#status === status) return;
    this.#status = status;
    this.#events.emit('connection_change', [status]);
  }

  #supersede(operation: 'connect' | 'close' | 'disconnect'): void {
    const pending = this.#connecting;
    if (pending === undefined) return;
    this.#connecting = undefined;
    pending(new ScriptedRealtimeConnectionSupersededError({ operation }));
  }
}
