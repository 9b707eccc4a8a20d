/**
 * Canonical JSON for transcripts: sorted keys and runtime objects reduced to
 * a stable description. The same data gives the same bytes on Deno, Bun and
 * Node.
 *
 * Nothing is normalized away: with tracing disabled, these workflows record
 * no SDK-generated random id and no timestamp (checked by running them twice
 * per runtime), so a double that turned random would change the hash. Only
 * engine text is left out: error stacks.
 *
 * @module
 */

/** Keys whose values hold the agent object graph, reduced to a name. */
const agentKeys = new Set(['agent', 'sourceAgent', 'targetAgent']);

/** Keys that carry stacks or other engine-specific text. */
const droppedKeys = new Set(['stack']);

/**
 * Reduces `value` to plain JSON data, deterministically.
 *
 * @param value Any recorded value.
 * @returns Plain data.
 */
export function canonical(value: unknown): unknown {
  return walk(value, new Set(), 0);
}

/**
 * Canonical JSON text of `value` (sorted keys, two-space indent).
 *
 * @param value Any recorded value.
 * @returns The JSON text.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonical(value), null, 2);
}

function walk(value: unknown, path: Set<object>, depth: number): unknown {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : `[number ${value}]`;
    case 'bigint':
      return `[bigint ${value}]`;
    case 'undefined':
      return '[undefined]';
    case 'symbol':
      return `[symbol ${value.description ?? ''}]`;
    case 'function':
      return `[function ${value.name}]`;
    case 'boolean':
      return value;
  }
  if (value === null) return null;
  const object = value as object;
  if (path.has(object)) return '[circular]';
  if (depth > 12) return '[deep]';
  path.add(object);
  try {
    return describeObject(object, path, depth + 1);
  } finally {
    path.delete(object);
  }
}

function describeObject(
  object: object,
  path: Set<object>,
  depth: number,
): unknown {
  const next = (v: unknown) => walk(v, path, depth);
  if (Array.isArray(object)) return object.map(next);
  if (typeof AbortSignal !== 'undefined' && object instanceof AbortSignal) {
    return `[AbortSignal aborted=${object.aborted}]`;
  }
  if (object instanceof ArrayBuffer) {
    return { $bytes: [...new Uint8Array(object)] };
  }
  if (ArrayBuffer.isView(object)) {
    const view = object as ArrayBufferView;
    return {
      $bytes: [
        ...new Uint8Array(view.buffer, view.byteOffset, view.byteLength),
      ],
    };
  }
  if (object instanceof Map) return { $map: [...object.entries()].map(next) };
  if (object instanceof Set) return { $set: [...object].map(next) };
  if (object instanceof Date) return { $date: object.getTime() };
  const proto = Object.getPrototypeOf(object);
  const className = proto === null || proto === Object.prototype
    ? undefined
    : (proto.constructor?.name ?? 'anonymous');
  const out: Record<string, unknown> = {};
  if (className !== undefined) out.$class = className;
  if (object instanceof Error) {
    out.name = object.name;
    out.message = object.message;
    if ('cause' in object) out.cause = next(object.cause);
  }
  if (className !== undefined && /Agent$/.test(className)) {
    out.name = (object as { name?: unknown }).name;
    return sortKeys(out);
  }
  for (const key of Object.keys(object)) {
    if (droppedKeys.has(key)) continue;
    const field = (object as Record<string, unknown>)[key];
    out[key] = agentKeys.has(key) && typeof field === 'object' && field
      ? { $agent: (field as { name?: unknown }).name }
      : next(field);
  }
  return sortKeys(out);
}

function sortKeys(record: Record<string, unknown>): Record<string, unknown> {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(record).sort()) sorted[key] = record[key];
  return sorted;
}
