/**
 * Declarative faults on the inbound side: events delayed, duplicated,
 * dropped, reordered within a window, or a disconnect in the middle of a
 * turn. An injector wraps the transport's `emit`; turn builders emit
 * through it like through the transport, and every injected fault is
 * recorded in the transport's records (`faults`, beside `calls`) and the
 * injector's `log`, so a failing test shows what was done to the event
 * stream.
 *
 * @module
 */
import type { RealtimeTransportEventTypes } from '@openai/agents-realtime';
import type { RealtimeScenarioContext } from '../mod.ts';
import { VirtualClock } from './clock.ts';
import { array, fields, func } from '../../_internal/read.ts';
import { building, constructing, inSpec, invalid } from './_read.ts';
import { type Fault, maxWindow, readFault } from './_fault_specs.ts';
import type { RealtimeFaultAction, RealtimeFaultRecord } from '../mod.ts';
import type { RealtimeFault } from './fault_types.ts';
import { realtimeHooks } from '../../_internal/state.ts';

/** The transport surface an injector needs (the transport has it). */
export interface RealtimeFaultTransport {
  /** Delivers an inbound event. */
  emit<K extends keyof RealtimeTransportEventTypes>(
    type: K,
    ...args: RealtimeTransportEventTypes[K]
  ): boolean;
  /** Simulates the remote end closing. */
  disconnect(error?: unknown): void;
  /** The connection status. */
  readonly status: string;
  /** Expects the next outbound call (for builders that wait). */
  expectCall?: RealtimeScenarioContext['expectCall'];
}

/** A reorder fault's window of held events. */
interface ReorderWindow {
  readonly fault: Fault;
  readonly held: Pending[];
}

interface Pending {
  readonly type: string;
  readonly args: readonly unknown[];
  readonly sequence: number;
}

/**
 * Emits through a list of faults. Create it with `injectFaults()`; pass it
 * to the turn builders (or call its `emit`) in place of the transport.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import { injectFaults } from '@scripted/agents/realtime/sim';
 *
 * const transport = new ScriptedRealtimeTransport();
 * const faulty = injectFaults(transport, [{ kind: 'drop', event: 'audio_done' }]);
 * let done = 0;
 * transport.on('audio_done', () => done++);
 * faulty.emit('audio_done');
 * faulty.emit('audio_done');
 * assert.equal(done, 1);
 * assert.deepEqual(faulty.log.map((entry) => entry.action), ['dropped']);
 * ```
 */
export class RealtimeFaultInjector {
  #transport: RealtimeFaultTransport;
  #faults: Fault[];
  #clock: VirtualClock | undefined;
  #log: RealtimeFaultRecord[] = [];
  #counts: Map<string, number> = new Map();
  #sequence = 0;
  #window: ReorderWindow | undefined = undefined;
  #lostBy: Fault | undefined = undefined;
  #delayed: Set<number> = new Set();

  /**
   * Creates a `RealtimeFaultInjector`, as `injectFaults()` does.
   * @param transport The transport to deliver to.
   * @param faults The faults, validated here.
   * @param options `clock`: the virtual clock `delay` faults run on.
   * @throws {InvalidRealtimeSpecError} For a transport without `emit()`
   *   and `disconnect()`, a malformed fault list or a `clock` that is not a
   *   `VirtualClock`.
   */
  constructor(
    transport: RealtimeFaultTransport,
    faults: readonly RealtimeFault[],
    options: { clock?: VirtualClock } = {},
  ) {
    const read = readFaults(
      constructing('RealtimeFaultInjector'),
      transport,
      faults,
      options,
    );
    this.#transport = transport;
    this.#faults = read.faults;
    this.#clock = read.clock;
  }

  /**
   * Every fault injected so far, in order, as frozen records.
   *
   * @returns A frozen copy of the log.
   */
  get log(): readonly RealtimeFaultRecord[] {
    return Object.freeze([...this.#log]);
  }

  /**
   * Faults that never matched an event (their event did not occur often
   * enough), as indexes into the fault list.
   *
   * @returns The unused faults' indexes.
   */
  get unused(): readonly number[] {
    return Object.freeze(
      this.#faults.filter((f) => !f.used).map((f) => f.index),
    );
  }

  /**
   * Expects the next outbound call on the transport, so turn builders that
   * wait can take the injector as their target.
   *
   * @param method The expected method.
   * @param matcher Optional check.
   * @returns The recorded call.
   */
  expectCall: RealtimeScenarioContext['expectCall'] = ((
    method: string,
    matcher: unknown,
  ) => {
    const expect = this.#transport.expectCall as unknown;
    if (typeof expect !== 'function') {
      throw inSpec('expectCall', () => {
        throw invalid('missing', 'transport.expectCall', 'a function', expect);
      });
    }
    return expect.call(this.#transport, method, matcher);
  }) as RealtimeScenarioContext['expectCall'];

  /**
   * Emits an inbound event through the faults.
   *
   * @param type The event name.
   * @param args The event's arguments.
   * @returns Whether the event was delivered now (and had listeners).
   */
  emit = <K extends keyof RealtimeTransportEventTypes>(
    type: K,
    ...args: RealtimeTransportEventTypes[K]
  ): boolean => {
    const name = String(type);
    const sequence = this.#sequence++;
    const pending: Pending = { type: name, args, sequence };
    const window = this.#window;
    if (window !== undefined) {
      window.held.push(pending);
      this.#record(window.fault, 'held', pending);
      if (window.held.length === window.fault.window) this.#release(window);
      return false;
    }
    if (this.#lostBy !== undefined) {
      if (this.#transport.status !== 'connected') {
        this.#record(this.#lostBy, 'lost', pending);
        return false;
      }
      this.#lostBy = undefined;
    }
    const count = (this.#counts.get(name) ?? 0) + 1;
    this.#counts.set(name, count);
    const fault = this.#faults.find((f) =>
      !f.used && f.event === name && f.nth === count
    );
    if (fault === undefined) return this.#deliver(pending);
    fault.used = true;
    return this.#apply(fault, pending);
  };

  /**
   * Delivers a held reorder window now (in its order), even if the window
   * is not full: the end of a stream releases what it held.
   *
   * @returns How many events were released.
   */
  flush(): number {
    const window = this.#window;
    if (window === undefined) return 0;
    return this.#release(window);
  }

  /**
   * Cancels delayed events that were not delivered yet (clears their
   * clock timers).
   *
   * @returns How many delayed events were cancelled.
   */
  cancelDelayed(): number {
    const count = this.#delayed.size;
    // Only a clock's timers are ever delayed.
    for (const id of this.#delayed) this.#clock!.clearTimeout(id);
    this.#delayed.clear();
    return count;
  }

  #apply(fault: Fault, pending: Pending): boolean {
    switch (fault.kind) {
      case 'drop':
        this.#record(fault, 'dropped', pending);
        return false;
      case 'duplicate': {
        const delivered = this.#deliver(pending);
        for (let i = 0; i < fault.copies; i++) {
          this.#record(fault, 'duplicated', pending);
          this.#deliver(pending);
        }
        return delivered;
      }
      case 'delay': {
        this.#record(fault, 'delayed', pending);
        const clock = this.#clock as VirtualClock;
        const id = clock.setTimeout(() => {
          this.#delayed.delete(id);
          this.#record(fault, 'delivered-late', pending);
          this.#deliver(pending);
        }, fault.ms);
        this.#delayed.add(id);
        return false;
      }
      case 'reorder':
        this.#window = { fault, held: [pending] };
        this.#record(fault, 'held', pending);
        return false;
      case 'disconnect':
        this.#record(fault, 'disconnected', pending);
        this.#lostBy = fault;
        this.#transport.disconnect(fault.error);
        return false;
    }
  }

  #release({ fault, held }: ReorderWindow): number {
    this.#window = undefined;
    // An order entry past a partial window has no event: skipped below.
    const order = fault.order ?? held.map((_, i) => held.length - 1 - i);
    for (const i of order) {
      const pending = held[i];
      if (pending === undefined) continue;
      this.#record(fault, 'released', pending);
      this.#deliver(pending);
    }
    return held.length;
  }

  #deliver(pending: Pending): boolean {
    return (this.#transport.emit as (t: string, ...a: unknown[]) => boolean)
      .call(this.#transport, pending.type, ...pending.args);
  }

  #record(fault: Fault, action: RealtimeFaultAction, pending: Pending): void {
    const build = (afterCall: number | undefined): RealtimeFaultRecord =>
      Object.freeze({
        index: this.#log.length,
        fault: fault.index,
        kind: fault.kind,
        action,
        event: pending.type,
        sequence: pending.sequence,
        time: this.#clock?.now,
        afterCall,
      });
    this.#log.push(
      realtimeHooks.find(this.#transport)?.noteFault(build) ??
        build(undefined),
    );
  }
}

/**
 * Wraps a transport's inbound side in declarative faults. Each fault
 * fires once, at the `nth` occurrence of its event; every injection is
 * recorded in the transport's `faults` (placed among its `calls` by
 * `afterCall`), named by the transport's mismatch, incomplete and
 * cancellation errors, and logged on the injector (`log`). A recording
 * made with `recordRealtimeTransport()` holds no faults: it is what the
 * real transport did; replay it and inject the same faults again.
 *
 * @param transport The scripted transport.
 * @param faults The faults, validated here.
 * @param options `clock`: the virtual clock `delay` faults run on.
 * @returns The injector: emit through it, read its `log`.
 * @throws {InvalidRealtimeSpecError} For a malformed fault list.
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import {
 *   injectFaults,
 *   VirtualClock,
 * } from '@scripted/agents/realtime/sim';
 *
 * const transport = new ScriptedRealtimeTransport();
 * const clock = new VirtualClock();
 * const faulty = injectFaults(transport, [
 *   { kind: 'delay', event: 'audio_done', ms: 250 },
 * ], { clock });
 * let done = 0;
 * transport.on('audio_done', () => done++);
 * faulty.emit('audio_done');
 * assert.equal(done, 0);
 * await clock.advance(250);
 * assert.equal(done, 1);
 * assert.deepEqual(faulty.log.map((r) => r.action), ['delayed', 'delivered-late']);
 * assert.deepEqual(transport.faults, faulty.log);
 * clock.dispose();
 * ```
 */
export function injectFaults(
  transport: RealtimeFaultTransport,
  faults: readonly RealtimeFault[],
  options: { clock?: VirtualClock } = {},
): RealtimeFaultInjector {
  return building(
    'injectFaults',
    () => new RealtimeFaultInjector(transport, faults, options),
  );
}

/** The injector's arguments, read for `operation`. */
function readFaults(
  operation: string,
  transport: unknown,
  faults: unknown,
  options: unknown,
): { faults: Fault[]; clock: VirtualClock | undefined } {
  return inSpec(operation, () => {
    const expected = 'a transport with emit() and disconnect()';
    const { fields: t } = fields(transport, 'transport', [
      'emit',
      'disconnect',
    ], { expected, unknownKeys: 'allow' });
    func(t.emit, 'transport.emit', { expected });
    func(t.disconnect, 'transport.disconnect', { expected });
    const { fields: o } = fields(options ?? {}, 'options', ['clock']);
    const given = o.clock;
    if (given !== undefined && !(given instanceof VirtualClock)) {
      throw invalid('invalid_type', 'options.clock', 'a VirtualClock', given);
    }
    const list = array(faults, 'faults', { max: maxWindow });
    return {
      clock: given,
      faults: list.map((fault, i) =>
        readFault(`faults[${i}]`, fault, i, given)
      ),
    };
  });
}
