/**
 * `VirtualClock`: virtual time for realtime scenarios. Timers, sleeps and
 * `AbortSignal.timeout`-style deadlines run when the test advances the
 * clock (or, opt-in, as soon as everything else is idle), so a 30-second
 * silence timeout takes milliseconds. Nothing global is patched: code under
 * test receives the clock (or its `timeout`/`setTimeout`) explicitly.
 *
 * @module
 */
import { boolean, fields, func, number } from '../../_internal/read.ts';
import { inSpec, invalid } from './_read.ts';

interface VirtualTimer {
  readonly id: number;
  readonly at: number;
  readonly callback: () => void;
}

/** Lets pending promise reactions (and the timers they add) run first. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Reads `options.signal` of `sleep()` (inside its `inSpec`). */
function readSignal(options: unknown): AbortSignal | undefined {
  // `sleep(ms)` gives `{}`; `null` reads as no options too.
  if (options === null) return undefined;
  const { signal } = fields(options, 'options', ['signal'], {
    unknownKeys: 'allow',
  }).fields;
  if (signal === undefined || signal instanceof AbortSignal) return signal;
  throw invalid(
    'invalid_type',
    'options.signal',
    'an AbortSignal or undefined',
    signal,
  );
}

/** Reads a duration or time argument of `operation`. */
function readMs(
  operation: string,
  path: string,
  value: unknown,
  min = -Infinity,
): number {
  return inSpec(operation, () => number(value, path, { min }));
}

/**
 * The options of `new VirtualClock()`.
 *
 * @example
 * ```ts
 * import type { VirtualClockOptions } from '@scripted/agents/realtime/sim';
 *
 * const options: VirtualClockOptions = { start: 0, autoAdvance: true };
 * void options;
 * ```
 */
export interface VirtualClockOptions {
  /** The initial virtual time in ms (default 0). */
  start?: number;
  /**
   * Fire the next virtual timer whenever nothing else is pending (one
   * macrotask after the last promise reaction), so waits on virtual time
   * resolve without explicit `advance()` calls (default `false`).
   */
  autoAdvance?: boolean;
}

/**
 * A virtual clock for deterministic timing in realtime scenarios: schedule
 * with `setTimeout`/`at`, wait with `sleep`, bound work with `timeout(ms)`
 * (an `AbortSignal` that aborts with a `TimeoutError` at virtual time), and
 * move time with `advance(ms)`. Between timers it lets promise reactions
 * run, so code awaiting a timer continues before the next one fires.
 * `dispose()` cancels what is left; nothing outlives it.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { VirtualClock } from '@scripted/agents/realtime/sim';
 *
 * const clock = new VirtualClock();
 * const deadline = clock.timeout(30_000);
 * await clock.advance(29_999);
 * assert.equal(deadline.aborted, false);
 * await clock.advance(1);
 * assert.equal(deadline.aborted, true);
 * assert.equal((deadline.reason as DOMException).name, 'TimeoutError');
 * assert.equal(clock.now, 30_000);
 * clock.dispose();
 * ```
 */
export class VirtualClock {
  #now: number;
  #timers: Map<number, VirtualTimer> = new Map();
  #nextId = 1;
  #autoAdvance: boolean;
  #tick: ReturnType<typeof setTimeout> | undefined = undefined;
  #advancing = false;
  #disposed = false;
  #failures: unknown[] = [];

  /**
   * Creates a `VirtualClock`.
   * @param options `start` time and `autoAdvance`.
   * @throws {InvalidRealtimeSpecError} For malformed options.
   */
  constructor(options: VirtualClockOptions = {}) {
    const read = inSpec('VirtualClock', () => {
      const { fields: f } = fields(options, 'options', [
        'start',
        'autoAdvance',
      ]);
      return {
        start: number(f.start, 'options.start', { optional: true }) ?? 0,
        auto: boolean(f.autoAdvance, 'options.autoAdvance', { optional: true }),
      };
    });
    this.#now = read.start;
    this.#autoAdvance = read.auto === true;
  }

  /**
   * The current virtual time in ms.
   *
   * @returns The time.
   */
  get now(): number {
    return this.#now;
  }

  /**
   * How many virtual timers are scheduled.
   *
   * @returns The count.
   */
  get pending(): number {
    return this.#timers.size;
  }

  /**
   * Schedules `callback` after `delay` virtual ms (a `setTimeout`
   * stand-in to inject into code under test).
   *
   * @param callback Called when the clock reaches the time.
   * @param delay Virtual ms from now (default 0).
   * @returns The timer id, for `clearTimeout`.
   * @throws {InvalidRealtimeSpecError} For a bad callback or delay, or after `dispose()`.
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { VirtualClock } from '@scripted/agents/realtime/sim';
   *
   * const clock = new VirtualClock();
   * let fired = 0;
   * clock.setTimeout(() => fired++, 100);
   * await clock.advance(100);
   * assert.equal(fired, 1);
   * ```
   */
  setTimeout(callback: () => void, delay = 0): number {
    const ms = readMs('setTimeout', 'delay', delay, 0);
    return this.#schedule('setTimeout', callback, this.#now + ms);
  }

  /**
   * Cancels a timer; unknown ids are ignored, like `clearTimeout`.
   *
   * @param id A timer id from `setTimeout` or `at`.
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { VirtualClock } from '@scripted/agents/realtime/sim';
   *
   * const clock = new VirtualClock();
   * const id = clock.setTimeout(() => assert.fail('cancelled'), 10);
   * clock.clearTimeout(id);
   * await clock.advance(10);
   * ```
   */
  clearTimeout(id: number | undefined): void {
    // Any other value is no timer id: deleting it changes nothing.
    this.#timers.delete(id as number);
  }

  /**
   * Schedules `callback` at absolute virtual time `time` (or now, if that
   * has passed): "emit this at 1.5 s".
   *
   * @param time The virtual time in ms.
   * @param callback Called at that time.
   * @returns The timer id.
   * @throws {InvalidRealtimeSpecError} For a bad callback or time, or after `dispose()`.
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { VirtualClock } from '@scripted/agents/realtime/sim';
   *
   * const clock = new VirtualClock();
   * const times: number[] = [];
   * clock.at(1_500, () => times.push(clock.now));
   * await clock.advance(2_000);
   * assert.deepEqual(times, [1_500]);
   * ```
   */
  at(time: number, callback: () => void): number {
    const at = readMs('at', 'time', time);
    return this.#schedule('at', callback, Math.max(at, this.#now));
  }

  /**
   * An `AbortSignal` that aborts with a `TimeoutError` `DOMException` when
   * the clock reaches now + `ms`: `AbortSignal.timeout` on virtual time.
   *
   * @param ms Virtual ms from now.
   * @returns The signal.
   * @throws {InvalidRealtimeSpecError} For a bad delay, or after `dispose()`.
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { VirtualClock } from '@scripted/agents/realtime/sim';
   *
   * const clock = new VirtualClock({ autoAdvance: true });
   * const signal = clock.timeout(30_000);
   * await new Promise((resolve) => signal.addEventListener('abort', resolve));
   * assert.equal(clock.now, 30_000);
   * clock.dispose();
   * ```
   */
  timeout(ms: number): AbortSignal {
    const delay = readMs('timeout', 'ms', ms, 0);
    const controller = new AbortController();
    this.#schedule('timeout', () => {
      controller.abort(
        new DOMException('The signal timed out', 'TimeoutError'),
      );
    }, this.#now + delay);
    return controller.signal;
  }

  /**
   * Resolves after `ms` virtual ms; rejects with the signal's reason when
   * `signal` aborts first (and then leaves no listener or timer behind).
   *
   * @param ms Virtual ms from now.
   * @param options `signal`: an optional `AbortSignal`.
   * @returns Resolves at the virtual time.
   * @throws {InvalidRealtimeSpecError} For a bad delay, or after `dispose()`.
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { VirtualClock } from '@scripted/agents/realtime/sim';
   *
   * const clock = new VirtualClock({ autoAdvance: true });
   * await clock.sleep(60_000);
   * assert.equal(clock.now, 60_000);
   * clock.dispose();
   * ```
   */
  sleep(ms: number, options: { signal?: AbortSignal } = {}): Promise<void> {
    const delay = readMs('sleep', 'ms', ms, 0);
    const signal = inSpec('sleep', () => readSignal(options));
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        this.clearTimeout(id);
        // Only registered on a signal.
        reject(signal!.reason);
      };
      const id = this.#schedule('sleep', () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, this.#now + delay);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /**
   * Moves virtual time forward by `ms`, firing every timer due on the way
   * in time order (same time: scheduling order) and letting promise
   * reactions run after each.
   *
   * @param ms Virtual ms to move (0 fires what is due now).
   * @returns Resolves at the new time.
   * @throws {InvalidRealtimeSpecError} For a bad duration, or after `dispose()`.
   * @throws {unknown} The first error a timer callback threw.
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { VirtualClock } from '@scripted/agents/realtime/sim';
   *
   * const clock = new VirtualClock();
   * const order: string[] = [];
   * clock.setTimeout(() => order.push('b'), 20);
   * clock.setTimeout(() => order.push('a'), 10);
   * await clock.advance(30);
   * assert.deepEqual(order, ['a', 'b']);
   * ```
   */
  async advance(ms: number): Promise<void> {
    const delta = readMs('advance', 'ms', ms, 0);
    this.#assertLive('advance');
    const target = this.#now + delta;
    this.#advancing = true;
    try {
      await settle();
      for (;;) {
        const next = this.#earliest();
        if (next === undefined || next.at > target || this.#disposed) break;
        this.#fire(next);
        await settle();
      }
      if (!this.#disposed) this.#now = Math.max(this.#now, target);
    } finally {
      this.#advancing = false;
      this.#arm();
    }
    this.#rethrow();
  }

  /**
   * Advances to the next timer and fires it (with everything due at the
   * same time).
   *
   * @returns Whether a timer was due.
   * @throws {unknown} The first error a timer callback threw.
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { VirtualClock } from '@scripted/agents/realtime/sim';
   *
   * const clock = new VirtualClock();
   * clock.setTimeout(() => {}, 5_000);
   * assert.equal(await clock.next(), true);
   * assert.equal(clock.now, 5_000);
   * assert.equal(await clock.next(), false);
   * ```
   */
  async next(): Promise<boolean> {
    this.#assertLive('next');
    await settle();
    const next = this.#earliest();
    if (next === undefined) return false;
    await this.advance(next.at - this.#now);
    return true;
  }

  /**
   * Cancels every pending timer and stops auto-advance. Sleeps and
   * deadlines that did not fire never settle; later scheduling throws.
   *
   * @returns How many timers were cancelled.
   * @throws {unknown} The first error a timer callback threw under
   *   auto-advance that no `advance()` reported.
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { VirtualClock } from '@scripted/agents/realtime/sim';
   *
   * const clock = new VirtualClock();
   * clock.setTimeout(() => {}, 10);
   * assert.equal(clock.dispose(), 1);
   * assert.equal(clock.pending, 0);
   * ```
   */
  dispose(): number {
    const cancelled = this.#timers.size;
    this.#timers.clear();
    this.#disposed = true;
    clearTimeout(this.#tick);
    this.#tick = undefined;
    this.#rethrow();
    return cancelled;
  }

  #assertLive(operation: string): void {
    if (!this.#disposed) return;
    inSpec(operation, () => {
      throw invalid(
        'disposed',
        'clock',
        'a clock that was not disposed',
        this,
        {
          received: 'a disposed clock',
        },
      );
    });
  }

  #schedule(operation: string, callback: () => void, at: number): number {
    this.#assertLive(operation);
    inSpec(operation, () => func(callback, 'callback'));
    const id = this.#nextId++;
    this.#timers.set(id, { id, at, callback });
    this.#arm();
    return id;
  }

  #earliest(): VirtualTimer | undefined {
    let best: VirtualTimer | undefined;
    for (const timer of this.#timers.values()) {
      // The map iterates in scheduling order, so on equal times the
      // earlier-scheduled timer stays the best.
      if (best === undefined || timer.at < best.at) best = timer;
    }
    return best;
  }

  #fire(timer: VirtualTimer): void {
    this.#timers.delete(timer.id);
    this.#now = Math.max(this.#now, timer.at);
    try {
      timer.callback();
    } catch (error) {
      this.#failures.push(error);
    }
  }

  #rethrow(): void {
    if (this.#failures.length === 0) return;
    const [first] = this.#failures;
    this.#failures = [];
    throw first;
  }

  /** Auto-advance: one real macrotask later, fire the earliest timer. */
  #arm(): void {
    if (
      !this.#autoAdvance || this.#disposed || this.#advancing ||
      this.#tick !== undefined || this.#timers.size === 0
    ) return;
    this.#tick = setTimeout(() => {
      this.#tick = undefined;
      if (this.#advancing || this.#disposed) return;
      const next = this.#earliest();
      if (next !== undefined) this.#fire(next);
      this.#arm();
    }, 0);
  }
}
