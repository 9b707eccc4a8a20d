/**
 * A redacted copy in the value's own shape: what the fixture encoder
 * (`./encode.ts`) removes, removed, with everything else kept as it is
 * (class instances, functions, `undefined`, key order). For what messages
 * print (`./diff.ts`) and what errors carry in memory (recorded connect
 * options).
 *
 * @module
 */
import { encode, hidesKey, mapsSchemas } from './encode.ts';
import { defaultRedaction, redacted } from './redact.ts';
import { isPlainPrototype, setOwn } from './snapshot.ts';

/** How much of a value {@link redactedCopy} copies. */
export interface CopyBounds {
  /** Items of an array, keys of an object, copied (the rest dropped). */
  readonly maxItems: number;
  /** Depth past which a value stays as it is. */
  readonly maxDepth: number;
}

const unbounded: CopyBounds = { maxItems: Infinity, maxDepth: Infinity };

/**
 * A copy of `value` removing what {@link encode} removes, with the fixed
 * rules, in the same shape: the strings under credential keys (not a JSON
 * schema's property names), credential shapes in text and keys, JSON text
 * key by key. Numbers, booleans, `undefined`, functions and class
 * instances stay as they are (a message shows them by kind); cycles are
 * kept. For what is printed, or kept in memory where errors carry it.
 *
 * @param value The value.
 * @param bounds How much to copy; all of it when absent.
 * @returns The copy.
 */
export function redactedCopy(
  value: unknown,
  bounds: CopyBounds = unbounded,
): unknown {
  return copy(value, false, false, 0, { ...bounds, seen: new Map() });
}

/**
 * {@link redactedCopy} for what an error keeps: never throws. A value that
 * throws when read (a revoked proxy, a throwing getter) is kept as the text
 * `an unreadable value`, as messages describe it; nothing of it is kept,
 * so nothing it holds can leak.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { keptCopy } from './redacted_copy.ts';
 *
 * const { proxy, revoke } = Proxy.revocable({}, {});
 * revoke();
 * assert.equal(keptCopy(proxy), 'an unreadable value');
 * assert.deepEqual(keptCopy({ token: 'abc' }), { token: '[redacted]' });
 * ```
 *
 * @param value The value.
 * @returns The copy, or `an unreadable value`.
 */
export function keptCopy(value: unknown): unknown {
  try {
    return redactedCopy(value);
  } catch {
    return 'an unreadable value';
  }
}

function copy(
  value: unknown,
  hidden: boolean,
  namesSchemas: boolean,
  depth: number,
  walk: CopyBounds & { readonly seen: Map<object, unknown> },
): unknown {
  if (typeof value === 'string') {
    if (hidden && value !== '') return redacted;
    return encode(value, { redaction: defaultRedaction });
  }
  if (typeof value !== 'object' || value === null || depth > walk.maxDepth) {
    return value;
  }
  if (walk.seen.has(value)) return walk.seen.get(value);
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    walk.seen.set(value, out);
    // Holes stay holes: only the indices the array has are visited (a
    // sparse array of length 2 ** 32 - 1 is copied at once).
    out.length = Math.min(value.length, walk.maxItems);
    for (const key of Object.keys(value)) {
      const index = Number(key);
      if (!(index < out.length)) break;
      out[index] = copy(value[index], hidden, false, depth + 1, walk);
    }
    return out;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== null && !isPlainPrototype(proto)) return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  walk.seen.set(value, out);
  for (const key of Object.keys(source).slice(0, walk.maxItems)) {
    const entry = copy(
      source[key],
      hidden || (!namesSchemas && hidesKey(source, key)),
      mapsSchemas(source, key),
      depth + 1,
      walk,
    );
    setOwn(out, encode(key, { redaction: defaultRedaction }) as string, entry);
  }
  return out;
}
