/**
 * Detached, frozen snapshots of recorded call data.
 *
 * Arrays and plain objects are copied and frozen, `ArrayBuffer`s and views
 * are copied, and everything else (functions, class instances,
 * `AbortSignal`s) keeps its identity. Cycles and shared references are
 * preserved within one snapshot.
 *
 * @module
 */

const objectProto = Object.prototype;
const isArray = Array.isArray;
const freeze = Object.freeze;
const getProto = Object.getPrototypeOf;

/**
 * Returns a detached, deeply frozen copy of `value`'s mutable containers.
 *
 * @param value The value to snapshot.
 * @returns The snapshot; primitives and runtime objects are returned as is.
 */
export function snapshot<T>(value: T): T {
  return copyRoot(value, true);
}

/**
 * Returns a detached copy of `value`'s mutable containers, like `snapshot()`
 * but left unfrozen: for data handed to code that may mutate it.
 *
 * @param value The value to copy.
 * @returns The copy; primitives and runtime objects are returned as is.
 */
export function detachedCopy<T>(value: T): T {
  return copyRoot(value, false);
}

/**
 * Returns `previous` when `snapshot(value)` would produce a structurally
 * identical value (same containers, same key order, same primitives by
 * `Object.is`, same runtime objects by identity), so an existing frozen
 * snapshot is reused instead of copied again; otherwise `snapshot(value)`.
 *
 * @param value The value to snapshot.
 * @param previous A value `snapshot()` returned earlier, or `undefined`.
 * @returns `previous` or a new snapshot.
 */
export function snapshotReusing<T>(value: T, previous: unknown): T {
  if (previous !== undefined && matches(value, previous, 0)) {
    return previous as T;
  }
  return copyRoot(value, true);
}

function copyRoot<T>(value: T, frozen: boolean): T {
  if (typeof value !== 'object' || value === null) return value;
  try {
    return copy(value, undefined, 0, frozen) as T;
  } catch (error) {
    if (error !== tooDeep) throw error;
    // A cycle (or very deep data): copy again, tracking what was copied.
    return copy(value, new Map(), 0, frozen) as T;
  }
}

/** Whether `a` and `b` are the same primitive or the same object. */
function same(a: unknown, b: unknown): boolean {
  // `===` says 0 equals -0 and NaN differs from itself; a snapshot keeps both.
  return a === b ? a !== 0 || Object.is(a, b) : a !== a && b !== b;
}

/**
 * Whether `snap` (a frozen snapshot, or part of one) is what `snapshot()`
 * would make of `value` now. Buffers never match (they are cheap to copy
 * again); cycles and very deep data give up, so the caller copies them.
 */
function matches(value: unknown, snap: unknown, depth: number): boolean {
  if (same(value, snap)) return true;
  if (
    typeof value !== 'object' || value === null ||
    typeof snap !== 'object' || snap === null || depth > fastDepth
  ) {
    return false;
  }
  if (isArray(value)) {
    if (
      !isArray(snap) || snap.length !== value.length ||
      value.length > sparseLength
    ) {
      return false;
    }
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      const old = snap[i];
      if (!same(item, old) && !matches(item, old, depth + 1)) return false;
    }
    return true;
  }
  const proto = getProto(value);
  if (proto !== objectProto && proto !== null) return false;
  if (isArray(snap) || getProto(snap) !== proto) return false;
  const keys = Object.keys(snap);
  const source = value as Record<string, unknown>;
  const old = snap as Record<string, unknown>;
  let index = 0;
  for (const key in source) {
    if (!Object.hasOwn(source, key)) continue;
    if (keys[index++] !== key) return false;
    const item = source[key];
    if (!same(item, old[key]) && !matches(item, old[key], depth + 1)) {
      return false;
    }
  }
  return index === keys.length;
}

/** Copies already made, by source; only used once the fast path gives up. */
type Seen = Map<object, unknown>;

// The fast path keeps no map of visited containers; past this depth it
// assumes a cycle and the slow path (which preserves cycles) takes over.
const fastDepth = 200;
// Arrays longer than this are copied by their own indexes (they may be
// sparse), and never compared for reuse.
const sparseLength = 2 ** 20;
const tooDeep = new Error('snapshot too deep');

function copy(
  value: object,
  seen: Seen | undefined,
  depth: number,
  frozen: boolean,
): unknown {
  if (isArray(value)) return copyArray(value, seen, depth, frozen);
  const proto = getProto(value);
  if (proto === objectProto || proto === null) {
    return copyObject(
      value as Record<string, unknown>,
      proto,
      seen,
      depth,
      frozen,
    );
  }
  if (value instanceof ArrayBuffer) return value.slice(0);
  if (ArrayBuffer.isView(value)) return copyView(value);
  const buffer = foreignBuffer(value);
  if (buffer !== undefined) return buffer;
  return value;
}

function copyArray(
  source: unknown[],
  seen: Seen | undefined,
  depth: number,
  frozen: boolean,
): readonly unknown[] {
  if (seen === undefined) {
    if (depth > fastDepth) throw tooDeep;
  } else {
    const done = seen.get(source);
    if (done !== undefined) return done as readonly unknown[];
  }
  const length = source.length;
  const out = new Array(length);
  seen?.set(source, out);
  if (length > sparseLength) {
    copyPresent(source, out, seen, depth, frozen);
  } else {
    for (let i = 0; i < length; i++) {
      const item = source[i];
      out[i] = typeof item === 'object' && item !== null
        ? copy(item, seen, depth + 1, frozen)
        : item;
    }
  }
  return frozen ? freeze(out) : out;
}

/**
 * Copies only the indexes a very long array has, keeping its holes: walking
 * every index of `new Array(2 ** 32 - 1)` would never end.
 */
function copyPresent(
  source: unknown[],
  out: unknown[],
  seen: Seen | undefined,
  depth: number,
  frozen: boolean,
): void {
  for (const key in source) {
    if (!Object.hasOwn(source, key)) continue;
    const index = Number(key);
    if (!Number.isInteger(index) || index < 0 || String(index) !== key) {
      continue;
    }
    const item = source[index];
    out[index] = typeof item === 'object' && item !== null
      ? copy(item, seen, depth + 1, frozen)
      : item;
  }
}

function copyObject(
  source: Record<string, unknown>,
  proto: object | null,
  seen: Seen | undefined,
  depth: number,
  frozen: boolean,
): Record<string, unknown> {
  if (seen === undefined) {
    if (depth > fastDepth) throw tooDeep;
  } else {
    const done = seen.get(source);
    if (done !== undefined) return done as Record<string, unknown>;
  }
  const out: Record<string, unknown> = proto === null
    ? Object.create(null)
    : {};
  seen?.set(source, out);
  for (const key in source) {
    if (!Object.hasOwn(source, key)) continue;
    const item = source[key];
    const copied = typeof item === 'object' && item !== null
      ? copy(item, seen, depth + 1, frozen)
      : item;
    if (key === '__proto__') setOwn(out, key, copied);
    else out[key] = copied;
  }
  return frozen ? freeze(out) : out;
}

function copyView(view: ArrayBufferView): ArrayBufferView {
  const bytes = view.buffer.slice(
    view.byteOffset,
    view.byteOffset + view.byteLength,
  );
  if (view instanceof DataView) return new DataView(bytes);
  const Ctor = view.constructor as new (buffer: ArrayBufferLike) => unknown;
  return new Ctor(bytes) as ArrayBufferView;
}

/**
 * Sets an own, enumerable data property, even for a key such as
 * `__proto__` that plain assignment would treat as the prototype.
 *
 * @param target The object to write.
 * @param key The key.
 * @param value The value.
 */
export function setOwn(
  target: Record<string, unknown>,
  key: string,
  value: unknown,
): void {
  Object.defineProperty(target, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

const toTag = Object.prototype.toString;
const sliceBuffer = ArrayBuffer.prototype.slice;

// An ArrayBuffer from another realm (a vm context, an iframe) fails
// `instanceof`, and a SharedArrayBuffer is not one: both are still copied.
function foreignBuffer(value: object): ArrayBufferLike | undefined {
  let tag: string;
  try {
    tag = toTag.call(value);
  } catch {
    return undefined;
  }
  if (tag === '[object ArrayBuffer]') {
    return sliceBuffer.call(value, 0) as ArrayBuffer;
  }
  if (tag === '[object SharedArrayBuffer]') {
    const shared = new Uint8Array(value as SharedArrayBuffer);
    return new Uint8Array(shared).buffer;
  }
  return undefined;
}
