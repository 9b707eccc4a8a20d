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
import { snapshot, snapshotReusing } from '../_internal/snapshot.ts';

const isArray = Array.isArray;
const getProto = Object.getPrototypeOf;
const objectProto = Object.prototype;

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
