/**
 * JSON for recorded fixtures: a stable-key-order, key-free encoding of what
 * crossed a boundary, its strict reading back, and the first difference of
 * two encoded values. Shared by the model and realtime recorders.
 *
 * @module
 */

/**
 * A JSON value.
 *
 * @example
 * ```ts ignore
 * const value: Json = { a: [1, 'two', null] };
 * ```
 */
export type Json =
  | null
  | boolean
  | number
  | string
  | Json[]
  | { [key: string]: Json };

/** What replaces a secret in a fixture. */
export const redacted = '[redacted]';

// Header and option names whose values are credentials, whatever their case.
const secretKey =
  /^(?:authorization|proxy-authorization|api[-_]?key|x-api-key|client[-_]?secret|password|secret|access[-_]?token|refresh[-_]?token|openai-api-key)$/i;
// Credentials inside free text: bearer tokens and OpenAI-style keys.
const secretText =
  /\b(?:Bearer\s+[A-Za-z0-9._~+/=-]{8,}|sk-[A-Za-z0-9_-]{16,}|openai-insecure-api-key\.[^\s,"]+)/g;

/**
 * Replaces credentials inside `text` (bearer tokens, `sk-…` keys) with
 * {@link redacted}.
 *
 * @param text Any string.
 * @returns The string without them.
 */
export function scrubText(text: string): string {
  return text.replace(secretText, redacted);
}

/** How {@link encode} treats what JSON cannot hold. */
export interface EncodeOptions {
  /**
   * Encode bytes as `{ $bytes, $type }`, errors as `{ $error }` and
   * `undefined` as `{ $undefined: true }`.
   */
  readonly tagged?: boolean;
}

const base64Chunk = 0x8000;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += base64Chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + base64Chunk));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Encodes `value` as JSON data the way `JSON.stringify` would (`toJSON`,
 * dropped `undefined` and functions, non-finite numbers as `null`), with
 * object keys sorted, credentials replaced by {@link redacted}, and, when
 * `tagged`, bytes and errors kept as tagged objects.
 *
 * @param value What to encode.
 * @param options Encoding options.
 * @returns The JSON data; `undefined` for a value JSON drops.
 * @throws {TypeError} For a cycle.
 */
export function encode(
  value: unknown,
  options: EncodeOptions = {},
): Json | undefined {
  return encodeValue(value, options.tagged === true, new Set());
}

function encodeValue(
  value: unknown,
  tagged: boolean,
  path: Set<object>,
): Json | undefined {
  switch (typeof value) {
    case 'string':
      return scrubText(value);
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'boolean':
      return value;
    case 'bigint':
      return String(value);
    case 'undefined':
      // Tagged data keeps a present-but-undefined field, as events carry it.
      return tagged ? { $undefined: true } : undefined;
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return null;
  const object = value as object;
  if (tagged) {
    if (object instanceof ArrayBuffer) {
      return { $bytes: toBase64(new Uint8Array(object)), $type: 'ArrayBuffer' };
    }
    if (ArrayBuffer.isView(object)) {
      const view = new Uint8Array(
        object.buffer,
        object.byteOffset,
        object.byteLength,
      );
      return { $bytes: toBase64(view), $type: object.constructor.name };
    }
    if (object instanceof Error) {
      return { $error: encodeError(object) };
    }
  }
  const toJSON = (object as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    return encodeValue(toJSON.call(object), tagged, path);
  }
  if (path.has(object)) {
    throw new TypeError('Cannot record a cyclic value');
  }
  path.add(object);
  try {
    if (Array.isArray(object)) {
      return object.map((item) => encodeValue(item, tagged, path) ?? null);
    }
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(object).sort()) {
      const field = encodeValue(
        (object as Record<string, unknown>)[key],
        tagged,
        path,
      );
      if (field === undefined) continue;
      setKey(
        out,
        key,
        secretKey.test(key) && field !== null ? redacted : field,
      );
    }
    return out;
  } finally {
    path.delete(object);
  }
}

/**
 * The recordable fields of a thrown value: `name`, `message` and, when
 * present, the provider's `status`, `code`, `type` and `param`.
 *
 * @param error What was thrown.
 * @returns The fields, credentials scrubbed.
 */
export function encodeError(error: unknown): { [key: string]: Json } {
  if (typeof error !== 'object' || error === null) {
    return { message: scrubText(String(error)), name: 'Error' };
  }
  const source = error as Record<string, unknown>;
  const out: { [key: string]: Json } = {};
  for (const key of ['code', 'message', 'name', 'param', 'status', 'type']) {
    const field = source[key];
    if (typeof field === 'string') out[key] = scrubText(field);
    else if (typeof field === 'number' && Number.isFinite(field)) {
      out[key] = field;
    }
  }
  if (typeof out.name !== 'string') out.name = 'Error';
  if (typeof out.message !== 'string') out.message = '';
  return out;
}

/**
 * Turns tagged bytes and errors of {@link encode} back into `ArrayBuffer`s,
 * typed arrays and `Error`s; everything else is copied.
 *
 * @param value Encoded JSON data.
 * @returns A fresh value.
 */
export function decode(value: Json): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(decode);
  const keys = Object.keys(value);
  if (
    typeof value.$bytes === 'string' && typeof value.$type === 'string' &&
    keys.length === 2
  ) {
    const bytes = fromBase64(value.$bytes);
    const View = typedArrays[value.$type];
    if (View === undefined) return bytes.buffer as ArrayBuffer;
    const buffer = bytes.buffer as ArrayBuffer;
    return new View(buffer, 0, bytes.byteLength / View.BYTES_PER_ELEMENT);
  }
  if (keys.length === 1 && value.$undefined === true) return undefined;
  if (keys.length === 1 && isObject(value.$error)) {
    return replayedError(value.$error);
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(out, key, {
      value: decode(item),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

type TypedArrayClass = {
  new (buffer: ArrayBuffer, offset: number, length: number): ArrayBufferView;
  readonly BYTES_PER_ELEMENT: number;
};

const typedArrays: Record<string, TypedArrayClass | undefined> = {
  Uint8Array,
  Int8Array,
  Uint16Array,
  Int16Array,
  Uint32Array,
  Int32Array,
  Float32Array,
  Float64Array,
};

function isObject(value: unknown): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An `Error` rebuilt from {@link encodeError}'s fields: same `name`,
 * `message`, `status`, `code`, `type` and `param`.
 *
 * @param fields The recorded fields.
 * @returns The error.
 */
export function replayedError(fields: { [key: string]: Json }): Error {
  const error = new Error(
    typeof fields.message === 'string' ? fields.message : '',
  );
  error.name = typeof fields.name === 'string' ? fields.name : 'Error';
  for (const key of ['status', 'code', 'type', 'param']) {
    if (fields[key] !== undefined) {
      Object.defineProperty(error, key, {
        value: fields[key],
        enumerable: true,
      });
    }
  }
  return error;
}

/** One difference between a recorded and an actual value. */
export interface Difference {
  /** Where, like `input[3].content[0].text`. */
  readonly path: string;
  /** The recorded value there (`undefined` when absent). */
  readonly recorded: unknown;
  /** The actual value there (`undefined` when absent). */
  readonly actual: unknown;
}

/**
 * Sets an own, enumerable key (`__proto__` included) on a JSON object.
 *
 * @param out The object.
 * @param key The key.
 * @param value The value.
 */
export function setKey(
  out: { [key: string]: Json },
  key: string,
  value: Json,
): void {
  Object.defineProperty(out, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function child(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (identifier.test(key)) return path === '' ? key : `${path}.${key}`;
  return `${path}[${JSON.stringify(key)}]`;
}

/**
 * The first difference between two encoded values, walking arrays by index
 * and objects in sorted key order; `undefined` when they are equal.
 *
 * @param recorded The recorded value.
 * @param actual The actual value.
 * @param path The path of both values.
 * @returns The first difference, if any.
 */
export function firstDifference(
  recorded: Json | undefined,
  actual: Json | undefined,
  path: string,
): Difference | undefined {
  if (recorded === actual) return undefined;
  const bothArrays = Array.isArray(recorded) && Array.isArray(actual);
  if (bothArrays) {
    const length = Math.max(recorded.length, actual.length);
    for (let i = 0; i < length; i++) {
      const found = firstDifference(recorded[i], actual[i], child(path, i));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (
    isObject(recorded) && isObject(actual)
  ) {
    const keys = [
      ...new Set([...Object.keys(recorded), ...Object.keys(actual)]),
    ]
      .sort();
    for (const key of keys) {
      const found = firstDifference(
        Object.hasOwn(recorded, key) ? recorded[key] : undefined,
        Object.hasOwn(actual, key) ? actual[key] : undefined,
        child(path, key),
      );
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return { path: path === '' ? '(root)' : path, recorded, actual };
}

/** Why a fixture could not be read, with where. */
export class FixtureShapeError extends Error {
  /** Where in the fixture, like `calls[2].request`. */
  readonly path: string;
  /** What was expected there. */
  readonly expected: string;
  /** What was found. */
  readonly received: string;

  /**
   * @param fields The structured fields.
   */
  constructor(fields: { path: string; expected: string; received: string }) {
    super(`${fields.path}: expected ${fields.expected}`);
    this.name = 'FixtureShapeError';
    this.path = fields.path;
    this.expected = fields.expected;
    this.received = fields.received;
  }
}

// A fixture bigger than this is a mistake, not a recording.
const nodeBudget = 2_000_000;
const maxDepth = 200;

/**
 * Copies `value` as strict JSON data: only `null`, booleans, finite
 * numbers, strings, arrays and plain objects, within a size and depth
 * budget. Proxies, getters and anything else JSON cannot hold fail with a
 * {@link FixtureShapeError} naming the path.
 *
 * @param value Untrusted data.
 * @param path Its path, for errors.
 * @returns The copy.
 * @throws {FixtureShapeError} For anything that is not JSON data.
 */
export function strictJson(value: unknown, path: string): Json {
  const budget = { left: nodeBudget };
  try {
    return strictCopy(value, path, 0, budget);
  } catch (error) {
    if (error instanceof FixtureShapeError) throw error;
    throw new FixtureShapeError({
      path: path,
      expected: 'plain JSON data',
      received: 'a value that threw when read',
    });
  }
}

/**
 * Describes a value for an error message, without running user code.
 *
 * @param value Any value.
 * @returns A short description.
 */
export function describeValue(value: unknown): string {
  try {
    if (value === null) return 'null';
    if (Array.isArray(value)) return `an array of ${value.length}`;
    switch (typeof value) {
      case 'string':
        return value.length > 40
          ? `a string of ${value.length} characters`
          : JSON.stringify(value);
      case 'number':
      case 'boolean':
        return String(value);
      case 'object':
        return 'an object';
      case 'undefined':
        return 'undefined';
      default:
        return `a ${typeof value}`;
    }
  } catch {
    return 'an unreadable value';
  }
}

function strictCopy(
  value: unknown,
  path: string,
  depth: number,
  budget: { left: number },
): Json {
  if (--budget.left < 0) {
    throw new FixtureShapeError({
      path,
      expected: `at most ${nodeBudget} values in a fixture`,
      received: 'more',
    });
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (Number.isFinite(value)) return value;
      break;
    case 'object': {
      if (value === null) return null;
      if (depth > maxDepth) {
        throw new FixtureShapeError({
          path,
          expected: `data nested at most ${maxDepth} deep`,
          received: 'deeper data',
        });
      }
      if (Array.isArray(value)) {
        const length = value.length;
        if (length > budget.left) {
          throw new FixtureShapeError({
            path,
            expected: `at most ${nodeBudget} values in a fixture`,
            received: `an array of ${length}`,
          });
        }
        const out: Json[] = new Array(length);
        for (let i = 0; i < length; i++) {
          if (!Object.hasOwn(value, i)) {
            throw new FixtureShapeError({
              path: child(path, i),
              expected: 'a value (not a hole)',
              received: 'a hole',
            });
          }
          out[i] = strictCopy(value[i], child(path, i), depth + 1, budget);
        }
        return out;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) break;
      const out: { [key: string]: Json } = {};
      for (const key of Object.keys(value)) {
        const descriptor = Object.getOwnPropertyDescriptor(value, key);
        if (descriptor === undefined || !('value' in descriptor)) {
          throw new FixtureShapeError({
            path: child(path, key),
            expected: 'a data property',
            received: 'an accessor',
          });
        }
        setKey(
          out,
          key,
          strictCopy(descriptor.value, child(path, key), depth + 1, budget),
        );
      }
      return out;
    }
  }
  throw new FixtureShapeError({
    path,
    expected:
      'JSON data (null, a boolean, a finite number, a string, an array or a plain object)',
    received: describeValue(value),
  });
}
