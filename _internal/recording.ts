/**
 * What a double remembers of the calls it received: the call log (index,
 * frozen record, frozen view) and the first mismatch (drift) it found.
 *
 * @module
 */
import {
  copiedFresh,
  freshCopy,
  isPlainPrototype,
  setOwn,
  sparseLength,
} from './snapshot.ts';

const isArray = Array.isArray;
const freeze = Object.freeze;
const isFrozen = Object.isFrozen;
const getProto = Object.getPrototypeOf;
const ownDescriptor = Object.getOwnPropertyDescriptor;

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

/** Whether `value` is an array or a plain object, of any realm. */
function isPlain(value: object): boolean {
  if (isArray(value)) return true;
  const proto = getProto(value);
  return proto === null || isPlainPrototype(proto);
}

// Frozen containers known to hold bytes (true) or not (false). A frozen
// container never changes, so the answer stays right.
const bytesInside = new WeakMap<object, boolean>();
// Containers on the path of the scan running now, to tell a cycle.
let scanning: Set<object> | undefined;
let cyclesMet = 0;

/**
 * Whether `value` is bytes or a plain container (array or plain object,
 * any realm) that holds bytes at any depth. Class instances are not looked
 * into: they keep their identity in a snapshot.
 *
 * @param value The value to look through.
 * @returns Whether a reader could reach bytes through plain containers.
 */
export function holdsBytes(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const outer = scanning;
  scanning = new Set();
  try {
    return scan(value, 0);
  } finally {
    scanning = outer;
  }
}

function scan(value: object, depth: number): boolean {
  const known = bytesInside.get(value);
  if (known !== undefined) return known;
  if (!isPlain(value)) return copiedFresh(value);
  if (scanning!.has(value)) {
    cyclesMet++;
    return false;
  }
  scanning!.add(value);
  const cyclesBefore = cyclesMet;
  let found = false;
  for (const item of ownValues(value)) {
    if (typeof item === 'object' && item !== null && scan(item, depth + 1)) {
      found = true;
      break;
    }
  }
  scanning!.delete(value);
  // Inside a cycle a `false` may be provisional: only a sure answer is kept.
  if (isFrozen(value) && (found || cyclesMet === cyclesBefore)) {
    bytesInside.set(value, found);
  }
  return found;
}

/**
 * The own enumerable data values of a plain container, arrays by index.
 * Accessors are not run: an owner that serves bytes through a getter (a
 * fresh copy per read) already keeps its record intact.
 */
function* ownValues(value: object): Generator<unknown> {
  if (isArray(value) && value.length <= sparseLength) {
    for (let i = 0; i < value.length; i++) yield value[i];
    return;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const descriptor = ownDescriptor(value, key);
    if (descriptor !== undefined && 'value' in descriptor) {
      yield descriptor.value;
    }
  }
}

/**
 * Returns `value` itself when it holds no bytes; otherwise a copy in which
 * every byte container is fresh (views and buffers that shared memory share
 * the new memory) and every plain container on the way to one is a new
 * container, frozen when the original was. Everything else is shared with
 * `value`. A record hands this out per read, so a reader's write to bytes
 * never reaches the record or another reader.
 *
 * @param value A value, typically a frozen record.
 * @returns `value`, or its copy with fresh bytes.
 */
export function withFreshBytes<T>(value: T): T {
  if (!holdsBytes(value)) return value;
  return refresh(value as object, new Map(), new Map()) as T;
}

function refresh(
  value: object,
  copies: Map<object, ArrayBuffer>,
  seen: Map<object, unknown>,
): unknown {
  if (!isPlain(value)) return freshCopy(value, copies) ?? value;
  if (!holdsBytes(value)) return value;
  const done = seen.get(value);
  if (done !== undefined) return done;
  const array = isArray(value);
  const out: Record<string, unknown> = array
    ? new Array((value as unknown[]).length) as unknown as Record<
      string,
      unknown
    >
    : getProto(value) === null
    ? Object.create(null)
    : {};
  seen.set(value, out);
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const descriptor = ownDescriptor(value, key)!;
    if (!('value' in descriptor)) {
      // An accessor is kept as it is, like everything that holds no bytes.
      Object.defineProperty(out, key, descriptor);
      continue;
    }
    const item = descriptor.value;
    const copied = typeof item === 'object' && item !== null
      ? refresh(item, copies, seen)
      : item;
    if (key === '__proto__') setOwn(out, key, copied);
    else out[key] = copied;
  }
  return isFrozen(value) ? freeze(out) : out;
}
