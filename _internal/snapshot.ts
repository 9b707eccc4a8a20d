/**
 * Detached, frozen snapshots of recorded call data.
 *
 * Arrays and plain objects are copied and frozen, `ArrayBuffer`s and views
 * are copied, and everything else (functions, class instances,
 * `AbortSignal`s) keeps its identity. Cycles and shared references are
 * preserved within one snapshot.
 *
 * Plain means plain in any realm: an object whose prototype is `null` or the
 * `Object.prototype` of any realm (a `node:vm` context, a Jest or vitest
 * `vmThreads` worker, another realm's `structuredClone`), and any array
 * (`Array.isArray`). Copies are made in this realm.
 *
 * Bytes are copied the way `structuredClone` copies them: a view keeps its
 * offset into a copy of its whole buffer, and views and buffers that shared
 * memory in the source share it in the copy. Bytes cannot be frozen, so a
 * reader of a record gets fresh bytes per read (`recording.ts`), as it gets
 * a fresh copy of a runtime object marked {@link copiedPerRead}.
 *
 * @module
 */

const objectProto = Object.prototype;
const isArray = Array.isArray;
const freeze = Object.freeze;
const getProto = Object.getPrototypeOf;
const ownDescriptor = Object.getOwnPropertyDescriptor;

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

// The buffers copied so far within the snapshot being made, by source: a
// view and the buffer it views (or two views of one buffer) keep sharing
// memory in the copy. Made on the first buffer met; restored after a nested
// snapshot (a getter may take one).
let bufferCopies: Map<object, ArrayBuffer> | undefined;

function copyRoot<T>(value: T, frozen: boolean): T {
  if (typeof value !== 'object' || value === null) return value;
  const outer = bufferCopies;
  bufferCopies = undefined;
  try {
    return copy(value, undefined, 0, frozen) as T;
  } catch (error) {
    if (error !== tooDeep) throw error;
    // A cycle (or very deep data): copy again, tracking what was copied.
    bufferCopies = undefined;
    return copy(value, new Map(), 0, frozen) as T;
  } finally {
    bufferCopies = outer;
  }
}

/** Copies already made, by source; only used once the fast path gives up. */
type Seen = Map<object, unknown>;

/**
 * The fast path keeps no map of visited containers; past this depth it
 * assumes a cycle and the slow path (which preserves cycles) takes over.
 */
export const fastDepth: number = 200;
/**
 * Arrays longer than this are copied by their own indexes (they may be
 * sparse), so code comparing with a snapshot should not walk them.
 */
export const sparseLength: number = 2 ** 20;
const tooDeep = new Error(
  'Snapshot too deep: falling back to the cycle-safe copy',
);

function copy(
  value: object,
  seen: Seen | undefined,
  depth: number,
  frozen: boolean,
): unknown {
  const array = isArray(value);
  const proto = array ? undefined : getProto(value);
  if (
    !array && proto !== objectProto && proto !== null &&
    !isPlainPrototype(proto)
  ) {
    return (frozen
      ? copyBytes(value, undefined)
      : freshCopy(value, undefined)) ??
      value;
  }
  // A container: the fast path bounds the depth, the slow one reuses copies.
  if (seen === undefined) {
    if (depth > fastDepth) throw tooDeep;
  } else {
    const done = seen.get(value);
    if (done !== undefined) return done;
  }
  return array
    ? copyArray(value as unknown[], seen, depth, frozen)
    : copyObject(
      value as Record<string, unknown>,
      proto === null ? null : objectProto,
      seen,
      depth,
      frozen,
    );
}

function copyArray(
  source: unknown[],
  seen: Seen | undefined,
  depth: number,
  frozen: boolean,
): readonly unknown[] {
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

// Runtime objects a record hands out as a fresh copy per read, with the
// function that copies them ({@link copiedPerRead}).
const perRead = new WeakMap<object, (value: object) => object>();

/**
 * Marks `value` as copied per read: a snapshot keeps it (it is the record's
 * own copy), while `detachedCopy` and a record's reader
 * ({@link freshCopy}) hand out `copy(value)`. For runtime objects that
 * cannot be frozen and must not be shared, such as a recorded `Manifest`
 * (its `Environment` values are writable).
 *
 * @param value The record's own copy.
 * @param copy Makes a fresh copy of it.
 * @returns `value`.
 */
export function copiedPerRead<T extends object>(
  value: T,
  copy: (value: T) => T,
): T {
  perRead.set(value, copy as unknown as (value: object) => object);
  return value;
}

/**
 * A fresh copy of bytes (sharing buffers through `copies`) or of a value
 * marked {@link copiedPerRead}; `undefined` for anything else.
 *
 * @param value A value that is not a plain container.
 * @param copies The buffers copied so far, by source.
 * @returns The copy, or `undefined`.
 */
export function freshCopy(
  value: object,
  copies: Map<object, ArrayBuffer> | undefined,
): unknown {
  return copyBytes(value, copies) ?? perRead.get(value)?.(value);
}

const toTag = Object.prototype.toString;
const typedArrayTag = ownDescriptor(
  getProto(Uint8Array.prototype),
  Symbol.toStringTag,
)!.get!;
const isView = ArrayBuffer.isView;

type TypedArrayConstructor = new (
  buffer: ArrayBuffer,
  byteOffset: number,
  length: number,
) => ArrayBufferView;

// This realm's typed array classes by name: a copy is always one of them,
// whatever realm (or subclass, such as Node's Buffer) the source came from.
const typedArrays: Record<string, TypedArrayConstructor | undefined> = {
  __proto__: null,
  Int8Array,
  Uint8Array,
  Uint8ClampedArray,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
  BigInt64Array,
  BigUint64Array,
  ...(typeof (globalThis as Record<string, unknown>).Float16Array ===
      'function'
    ? {
      Float16Array: (globalThis as Record<string, unknown>)
        .Float16Array as TypedArrayConstructor,
    }
    : {}),
} as unknown as Record<string, TypedArrayConstructor | undefined>;

/**
 * Copies `value` when it is bytes (an `ArrayBuffer` or `SharedArrayBuffer`
 * of any realm, a typed array or a `DataView`); `undefined` otherwise.
 * Buffers are copied whole, once per `copies`, so views keep sharing them.
 */
function copyBytes(
  value: object,
  copies: Map<object, ArrayBuffer> | undefined,
): ArrayBuffer | ArrayBufferView | undefined {
  if (isView(value)) {
    const tag = typedArrayTag.call(value) as string | undefined;
    const Ctor = tag === undefined ? undefined : typedArrays[tag];
    if (tag !== undefined && Ctor === undefined) return undefined;
    try {
      const whole = copyBuffer(value.buffer, copies);
      if (Ctor === undefined) {
        return new DataView(whole, value.byteOffset, value.byteLength);
      }
      const length = (value as unknown as { length: number }).length;
      return new Ctor(whole, value.byteOffset, length);
    } catch {
      // A detached buffer (or a view that no longer fits it): empty bytes.
      const empty = new ArrayBuffer(0);
      return Ctor === undefined ? new DataView(empty) : new Ctor(empty, 0, 0);
    }
  }
  let tag: string;
  try {
    tag = toTag.call(value);
  } catch {
    return undefined;
  }
  // An ArrayBuffer from another realm fails `instanceof`, and a
  // SharedArrayBuffer is not one: both are copied into this realm.
  if (tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]') {
    try {
      return copyBuffer(value as ArrayBufferLike, copies);
    } catch {
      return new ArrayBuffer(0);
    }
  }
  return undefined;
}

function copyBuffer(
  buffer: ArrayBufferLike,
  given: Map<object, ArrayBuffer> | undefined,
): ArrayBuffer {
  // Without a map of its own, the snapshot being made keeps one.
  const copies = given ?? (bufferCopies ??= new Map());
  let copied = copies.get(buffer);
  if (copied === undefined) {
    // Copied byte by byte into a new buffer of this realm: `slice()` would
    // build the copy with the source's (species) constructor.
    const source = new Uint8Array(buffer);
    copied = new ArrayBuffer(source.length);
    new Uint8Array(copied).set(source);
    copies.set(buffer, copied);
  }
  return copied;
}

/**
 * Whether a record hands `value` out as a fresh copy per read: bytes (a
 * buffer of any realm or an ArrayBuffer view, which cannot be frozen), or a
 * value marked {@link copiedPerRead}.
 *
 * @param value A value that is not a plain container.
 * @returns Whether it is copied per read.
 */
export function copiedFresh(value: object): boolean {
  if (isView(value) || perRead.has(value)) return true;
  try {
    const tag = toTag.call(value);
    return tag === '[object ArrayBuffer]' ||
      tag === '[object SharedArrayBuffer]';
  } catch {
    return false;
  }
}

// Prototypes seen before: another realm's `Object.prototype`, or not.
const plainProtos = new WeakSet<object>();
const otherProtos = new WeakSet<object>();

/**
 * Whether `proto` is the `Object.prototype` of some realm: it has no
 * prototype itself and an own `constructor`, a function named `Object`
 * whose `prototype` is `proto`. Read without running accessors; never
 * throws.
 *
 * @param proto A prototype.
 * @returns `true` for the `Object.prototype` of any realm.
 */
export function isPlainPrototype(proto: object): boolean {
  if (proto === objectProto || plainProtos.has(proto)) return true;
  if (otherProtos.has(proto)) return false;
  let plain = false;
  try {
    if (getProto(proto) === null) {
      const ctor = ownDescriptor(proto, 'constructor')?.value;
      plain = typeof ctor === 'function' &&
        ownDescriptor(ctor, 'prototype')?.value === proto &&
        ownDescriptor(ctor, 'name')?.value === 'Object';
    }
  } catch {
    plain = false;
  }
  (plain ? plainProtos : otherProtos).add(proto);
  return plain;
}
