/**
 * Snapshots of model requests that reuse the previous call's frozen
 * snapshot wherever the new request provably did not change. Private to the
 * model folder.
 *
 * The runner re-sends the growing history on every turn: with this, each
 * turn copies only the items that are new (or changed) since the last call.
 *
 * @module
 */
import type { ModelRequest } from '@openai/agents-core';
import {
  fastDepth,
  isPlainPrototype,
  snapshot,
  sparseLength,
} from '../_internal/snapshot.ts';

const isArray = Array.isArray;
const getProto = Object.getPrototypeOf;
const objectProto = Object.prototype;

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
  return snapshot(value);
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
  if (proto !== null && !isPlainPrototype(proto)) return false;
  // A snapshot of a plain object has this realm's prototype (or null).
  if (
    isArray(snap) || getProto(snap) !== (proto === null ? null : objectProto)
  ) {
    return false;
  }
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

/**
 * Returns a frozen, detached snapshot of `request`, equal to
 * `snapshot(request)`, sharing frozen parts of `previous` (an earlier result
 * of this function) where they are structurally identical.
 *
 * @param request The request the model received.
 * @param previous The previous call's recorded request, if any.
 * @returns The frozen snapshot.
 */
export function snapshotRequest(
  request: ModelRequest,
  previous: ModelRequest | undefined,
): ModelRequest {
  if (
    previous === undefined || typeof request !== 'object' ||
    request === null || getProto(request) !== objectProto
  ) {
    return snapshot(request);
  }
  const source = request as unknown as Record<string, unknown>;
  const old = previous as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key in source) {
    if (!Object.hasOwn(source, key)) continue;
    const value = source[key];
    if (typeof value !== 'object' || value === null) {
      out[key] = value;
    } else if (key === 'input' && isArray(value) && isArray(old.input)) {
      out[key] = snapshotItems(value, old.input);
    } else {
      out[key] = snapshotReusing(value, old[key]);
    }
  }
  return Object.freeze(out) as unknown as ModelRequest;
}

/**
 * Items are compared by position, since history grows by appending; when
 * every item is unchanged the previous frozen array itself is reused.
 */
function snapshotItems(
  items: readonly unknown[],
  previous: readonly unknown[],
): readonly unknown[] {
  const length = items.length;
  const shared = Math.min(length, previous.length);
  const out = new Array(length);
  let unchanged = length === previous.length;
  for (let i = 0; i < shared; i++) {
    const item = snapshotReusing(items[i], previous[i]);
    out[i] = item;
    if (!Object.is(item, previous[i])) unchanged = false;
  }
  if (unchanged) return previous;
  for (let i = shared; i < length; i++) out[i] = snapshot(items[i]);
  return Object.freeze(out);
}
