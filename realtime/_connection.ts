/**
 * The connection state machine of the scripted Realtime transport: its
 * `status`, and which lifecycle operation (`connect`, `close`,
 * `disconnect`) acted last, so a `connect()` whose own notifications or
 * matcher ran a later operation knows it was superseded. Private to the
 * realtime folder.
 *
 * @module
 */
import type { RealtimeTransportLayer } from '@openai/agents-realtime';
import type { ListenerRegistry } from '../_internal/emitter.ts';
import {
  type RealtimeSupersedingOperation,
  ScriptedRealtimeConnectionSupersededError,
} from './errors.ts';

/** The status of a Realtime transport, as the SDK declares it. */
export type Status = RealtimeTransportLayer['status'];

/** One lifecycle operation, as it acted. */
interface Operation {
  readonly name: RealtimeSupersedingOperation;
}

/** The lifecycle of one transport; `status` is writable, as on the SDK's. */
export class Connection {
  /** The lifecycle status; assigning it emits nothing. */
  status: Status = 'disconnected';
  #events: ListenerRegistry;
  // The lifecycle operation that acted last: every connect, and every close
  // or disconnect that acts, is a new one (compared by identity). A new
  // transport is as if disconnected.
  #last: Operation = { name: 'disconnect' };
  // The connect still running, if one is.
  #connecting: Operation | undefined;

  /**
   * @param events Where `connection_change` and `error` are emitted.
   */
  constructor(events: ListenerRegistry) {
    this.#events = events;
  }

  /**
   * Records the connect through `record`, then moves `connecting` →
   * `connected`, emitting `connection_change` each time, all before it
   * returns.
   *
   * @param record Records the call; throws its mismatch or failure.
   * @returns Settled once connected; rejects with what failed, or with
   *   `ScriptedRealtimeConnectionSupersededError`.
   */
  connect(record: () => void): Promise<void> {
    const attempt = this.#act('connect');
    this.#connecting = attempt;
    try {
      record();
    } catch (failure) {
      return this.#fail(attempt, failure);
    }
    for (const status of ['connecting', 'connected'] as const) {
      if (this.#last !== attempt) return this.#superseded();
      this.status = status;
      try {
        this.#events.emit('connection_change', [status]);
      } catch (error) {
        return this.#fail(attempt, error);
      }
    }
    if (this.#last !== attempt) return this.#superseded();
    this.#connecting = undefined;
    return Promise.resolve();
  }

  /**
   * Records the close through `record` and becomes `disconnected`, unless
   * nothing is open (then nothing is recorded) or a lifecycle operation
   * ran inside the close's matcher (then that operation's state stays).
   * When the record throws (an injected failure, a mismatch), a close made
   * while a `connect()` is in progress still supersedes that connect, as a
   * successful one would, and then throws; on an established connection it
   * changes nothing.
   *
   * @param record Records the call; throws its mismatch or failure.
   * @throws {unknown} What `record` threw, else the first failure of a
   *   `disconnected` listener.
   */
  close(record: () => void): void {
    if (!this.#isOpen()) return;
    const before = this.#last;
    const connecting = this.#connecting !== undefined;
    let failure: { readonly error: unknown } | undefined;
    try {
      record();
    } catch (error) {
      if (!connecting) throw error;
      failure = { error };
    }
    if (this.#last === before) {
      this.#end('close');
      try {
        this.#events.emit('connection_change', ['disconnected']);
      } catch (error) {
        // The close's own failure is what its caller needs to see.
        failure ??= { error };
      }
    }
    if (failure !== undefined) throw failure.error;
  }

  /**
   * Becomes `disconnected` as if the remote end closed, emitting
   * `connection_change` and, when `error` is given, `error`. When nothing
   * is open it changes nothing and emits no `connection_change`, but still
   * emits the `error`: an error is never dropped.
   *
   * @param error Optional transport error.
   * @throws {unknown} The first failure of a listener, after both events.
   */
  disconnect(error: unknown): void {
    let failure: { readonly error: unknown } | undefined;
    if (this.#isOpen()) {
      this.#end('disconnect');
      try {
        this.#events.emit('connection_change', ['disconnected']);
      } catch (cause) {
        failure = { error: cause };
      }
    }
    if (error !== undefined) {
      try {
        this.#events.emit('error', [{ type: 'error', error }]);
      } catch (cause) {
        failure ??= { error: cause };
      }
    }
    if (failure !== undefined) throw failure.error;
  }

  /** Whether close/disconnect has anything to end. */
  #isOpen(): boolean {
    return this.status !== 'disconnected' || this.#connecting !== undefined;
  }

  #act(name: RealtimeSupersedingOperation): Operation {
    const operation = { name };
    this.#last = operation;
    return operation;
  }

  #end(name: 'close' | 'disconnect'): void {
    this.#act(name);
    this.#connecting = undefined;
    this.status = 'disconnected';
  }

  /**
   * Ends the connect `attempt` with `error`: when no later
   * lifecycle operation took over, the transport becomes `disconnected`
   * and says so (a `disconnected` listener's own failure is dropped:
   * `error` is what the caller needs).
   */
  #fail(attempt: Operation, error: unknown): Promise<never> {
    if (this.#last === attempt) {
      this.#connecting = undefined;
      this.status = 'disconnected';
      try {
        this.#events.emit('connection_change', ['disconnected']);
      } catch {
        // The connect's own failure is reported instead.
      }
    }
    return Promise.reject(error);
  }

  #superseded(): Promise<never> {
    return Promise.reject(
      new ScriptedRealtimeConnectionSupersededError({
        supersededBy: this.#last.name,
      }),
    );
  }
}
