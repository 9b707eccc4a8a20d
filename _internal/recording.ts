/**
 * What a double remembers of the calls it received: the call log (index,
 * frozen record, frozen view) and the first mismatch (drift) it found.
 *
 * @module
 */
import { holdsBytes, withFreshBytes } from './snapshot.ts';

/**
 * The append-only log of a double's calls. It assigns each record its
 * `index`, freezes it, and hands out a frozen view of the log; the list
 * itself stays private.
 *
 * The view is cached: the log only grows, so a view is stale exactly when
 * it is shorter, and recording needs no invalidation step. Records holding
 * bytes (typed arrays, `ArrayBuffer`s, which cannot be frozen) are the
 * exception: each read returns a new view in which those records carry
 * fresh copies of their bytes ({@link withFreshBytes}), so a reader's write
 * never reaches the record. Every record is looked through once, when
 * first read; records without bytes are shared by every view.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { CallLog } from './recording.ts';
 *
 * const log = new CallLog<{ readonly index: number; readonly method: string }>();
 * const call = log.record((index) => ({ index, method: 'close' }));
 * assert.equal(call.index, 0);
 * assert.ok(Object.isFrozen(call));
 * assert.equal(log.count, 1);
 * assert.equal(log.view(), log.view());
 * assert.equal(log.last(), call);
 * ```
 *
 * @typeParam T The record type; `index` is its position in the log.
 */
export class CallLog<T extends { readonly index: number }> {
  #items: T[] = [];
  #view: readonly T[] | undefined;
  // How far the records were looked through for bytes, and where they are.
  #checked = 0;
  #bytesAt: number[] = [];

  /** How many calls were recorded. */
  get count(): number {
    return this.#items.length;
  }

  /**
   * Records a call: `build` makes the record for the next index; the record
   * is frozen (shallowly: its data is expected to be a snapshot already),
   * appended and returned. If `build` throws, nothing is recorded.
   *
   * @param build Makes the record, given its index.
   * @returns The frozen record.
   */
  record(build: (index: number) => T): T {
    const record = Object.freeze(build(this.#items.length));
    this.#items.push(record);
    return record;
  }

  /**
   * The frozen view of every record, in order; the same array while nothing
   * was recorded and no record holds bytes.
   *
   * @returns The view.
   */
  view(): readonly T[] {
    const items = this.#items;
    for (; this.#checked < items.length; this.#checked++) {
      if (holdsBytes(items[this.#checked])) this.#bytesAt.push(this.#checked);
    }
    if (this.#bytesAt.length === 0) {
      const cached = this.#view;
      if (cached !== undefined && cached.length === items.length) return cached;
      return this.#view = Object.freeze(items.slice());
    }
    const view = items.slice();
    for (const at of this.#bytesAt) view[at] = withFreshBytes(items[at]!);
    return Object.freeze(view);
  }

  /**
   * The first record, as the view has it (with fresh bytes, if any).
   *
   * @returns The record, or `undefined` when nothing was recorded.
   */
  first(): T | undefined {
    const first = this.#items[0];
    return first === undefined ? undefined : withFreshBytes(first);
  }

  /**
   * The last record, as the view has it (with fresh bytes, if any).
   *
   * @returns The record, or `undefined` when nothing was recorded.
   */
  last(): T | undefined {
    const last = this.#items[this.#items.length - 1];
    return last === undefined ? undefined : withFreshBytes(last);
  }
}

/**
 * The first mismatch (drift) a double found, kept for `assertComplete()`.
 * Only the first is kept, boxed, so even a thrown `undefined` counts.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { FirstMismatch } from './recording.ts';
 *
 * const drift = new FirstMismatch();
 * drift.rethrow(); // nothing remembered: no throw
 * const first = new Error('first');
 * drift.remember(first);
 * drift.remember(new Error('second'));
 * assert.equal(drift.error?.error, first);
 * assert.throws(() => drift.rethrow(), first);
 * ```
 */
export class FirstMismatch {
  #first: { readonly error: unknown } | undefined;

  /**
   * Remembers `error` unless a mismatch was remembered before.
   *
   * @param error What the double threw.
   */
  remember(error: unknown): void {
    if (this.#first === undefined) this.#first = Object.freeze({ error });
  }

  /** The remembered mismatch, boxed; `undefined` when there is none. */
  get error(): { readonly error: unknown } | undefined {
    return this.#first;
  }

  /**
   * Throws the remembered mismatch, if any.
   *
   * @throws {unknown} The first mismatch remembered.
   */
  rethrow(): void {
    if (this.#first !== undefined) throw this.#first.error;
  }
}
