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
  if (typeof value !== 'object' || value === null) return value;
  try {
    return copy(value, undefined, 0) as T;
  } catch (error) {
    if (error !== tooDeep) throw error;
    // A cycle (or very deep data): copy again, tracking what was copied.
    return copy(value, new Map(), 0) as T;
  }
}

/** Copies already made, by source; only used once the fast path gives up. */
type Seen = Map<object, unknown>;

// The fast path keeps no map of visited containers; past this depth it
// assumes a cycle and the slow path (which preserves cycles) takes over.
const fastDepth = 200;
const tooDeep = new Error('snapshot too deep');

function copy(value: object, seen: Seen | undefined, depth: number): unknown {
  if (isArray(value)) return copyArray(value, seen, depth);
  const proto = getProto(value);
  if (proto === objectProto || proto === null) {
    return copyObject(value as Record<string, unknown>, proto, seen, depth);
  }
  if (value instanceof ArrayBuffer) return value.slice(0);
  if (ArrayBuffer.isView(value)) return copyView(value);
  return value;
}

function copyArray(
  source: unknown[],
  seen: Seen | undefined,
  depth: number,
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
  for (let i = 0; i < length; i++) {
    const item = source[i];
    out[i] = typeof item === 'object' && item !== null
      ? copy(item, seen, depth + 1)
      : item;
  }
  return freeze(out);
}

function copyObject(
  source: Record<string, unknown>,
  proto: object | null,
  seen: Seen | undefined,
  depth: number,
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
    out[key] = typeof item === 'object' && item !== null
      ? copy(item, seen, depth + 1)
      : item;
  }
  return freeze(out);
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
