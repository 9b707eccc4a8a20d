/**
 * Reading a user's object once, safely. A step, an option bag or a record
 * given by the user may be hostile: a getter that throws, a proxy (revoked,
 * or with traps that throw or answer differently each time). Each field is
 * read exactly once, and validation works on the plain record read.
 *
 * @module
 */

/** What {@link readFields} read, or why it could not. */
export type ReadResult<K extends string> =
  | {
    readonly ok: true;
    /**
     * The named fields the object has (own or inherited, as `key in value`
     * says); a key the object lacks is absent here, so `key in fields`
     * tells a missing field from one set to `undefined`.
     */
    readonly fields: { readonly [P in K]?: unknown };
    /** The object's own enumerable string keys, for unknown-key checks. */
    readonly keys: readonly string[];
  }
  | {
    readonly ok: false;
    /**
     * The key whose reading threw; `undefined` when listing the keys threw
     * (a revoked proxy, an `ownKeys` trap).
     */
    readonly key: string | undefined;
    /** What the read threw. */
    readonly cause: unknown;
  };

/**
 * Reads the own enumerable string keys of `value`, then each named field
 * once (asking `name in value` first, then reading it, present or not).
 * Never throws: a read that throws becomes `{ ok: false }` with the thrown
 * value as `cause`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { readFields } from './read.ts';
 *
 * const read = readFields({ type: 'response', respnse: [] }, ['type', 'response']);
 * assert.ok(read.ok);
 * assert.equal(read.fields.type, 'response');
 * assert.equal('response' in read.fields, false);
 * assert.deepEqual(read.keys, ['type', 'respnse']);
 *
 * const { proxy, revoke } = Proxy.revocable({}, {});
 * revoke();
 * const failed = readFields(proxy, ['type']);
 * assert.equal(failed.ok, false);
 * ```
 *
 * @param value The user's object.
 * @param names The fields to read.
 * @returns The fields and keys read, or the failure.
 */
export function readFields<K extends string>(
  value: object,
  names: readonly K[],
): ReadResult<K> {
  let keys: string[];
  try {
    keys = Object.keys(value);
  } catch (cause) {
    return { ok: false, key: undefined, cause };
  }
  const fields: { [P in K]?: unknown } = Object.create(null);
  for (const name of names) {
    try {
      // Read even when absent: a proxy's throwing `get` trap is a failure,
      // not an empty object.
      const present = name in value;
      const field = (value as Record<K, unknown>)[name];
      if (present) fields[name] = field;
    } catch (cause) {
      return { ok: false, key: name, cause };
    }
  }
  return { ok: true, fields, keys };
}
