/**
 * The redacting encoder: what crossed a boundary, encoded as JSON data with
 * keys sorted and every credential removed (`./redact.ts`), and decoded
 * back into fresh values. One encoder for everything stored or printed:
 * the fixtures of `replay/`, `runSnapshot` of `assert/`, and what
 * `tracing/` prints.
 *
 * @module
 */
import { setOwn } from './snapshot.ts';
import {
  isSecretName,
  plainRedaction,
  redacted,
  type Redaction,
} from './redact.ts';

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

/** A JSON object. */
export type JsonObject = { [key: string]: Json };

/** How {@link encode} treats what JSON cannot hold, and what it removes. */
export interface EncodeOptions {
  /**
   * Encode bytes as `{ $bytes, $type }`, errors as `{ $error }` and
   * `undefined` as `{ $undefined: true }`.
   */
  readonly tagged?: boolean;
  /** The redaction to apply; the fixed rules when absent. */
  readonly redaction?: Redaction;
}

interface Context {
  /** Whether bytes, errors and `undefined` are kept as tags. */
  readonly tagged?: boolean;
  readonly redaction: Redaction;
  readonly path: Set<object>;
  /** Inside JSON text: whether anything of it was redacted. */
  readonly note?: { changed?: true };
}

/** Notes that something was redacted, inside JSON text. */
function mark(context: Context): void {
  if (context.note !== undefined) context.note.changed = true;
}

// Keys whose object, in a JSON schema, maps names to schemas.
const schemaMaps = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
]);
// JSON text longer than this is scrubbed as plain text.
const maxJsonText = 1_000_000;

const base64Chunk = 0x8000;

function toBase64(bytes: Uint8Array): string {
  const chunks = Array.from(
    { length: Math.ceil(bytes.length / base64Chunk) },
    (_, i) =>
      String.fromCharCode(
        ...bytes.subarray(i * base64Chunk, (i + 1) * base64Chunk),
      ),
  );
  return btoa(chunks.join(''));
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

/**
 * Encodes `value` as JSON data the way `JSON.stringify` would (`toJSON`,
 * dropped `undefined` and functions, non-finite numbers as `null`), with
 * object keys sorted and credentials replaced by `"[redacted]"`: the
 * values under credential keys (but not a JSON schema's property names),
 * and in every string the marked values and credential shapes, JSON text
 * read as JSON. When `tagged`, bytes and errors are kept as tagged objects.
 *
 * @param value What to encode.
 * @param options Tagging and the redaction.
 * @returns The JSON data; `undefined` for a value JSON drops.
 * @throws {TypeError} For a cycle.
 */
export function encode(
  value: unknown,
  options: EncodeOptions = {},
): Json | undefined {
  return encodeValue(value, {
    tagged: options.tagged === true,
    redaction: options.redaction ?? plainRedaction(),
    path: new Set(),
  }, false);
}

/** The JSON text's value, or `undefined` when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: `undefined` below.
  }
  return undefined;
}

/** Each redaction's strings already redacted (replay meets them often). */
const redactedTexts = new WeakMap<Redaction, Map<string, string>>();
// The strings a redaction's cache holds (at most 1,000 characters each)
// before it starts over: a few megabytes.
const maxCached = 4_000;
const maxCachedLength = 1_000;

/**
 * Redacts a string: JSON text (an object or array) key by key, re-written
 * only when something was removed; any other text by value and shape.
 */
function encodeText(text: string, context: Context): string {
  let cache = redactedTexts.get(context.redaction);
  if (cache === undefined) {
    cache = new Map();
    redactedTexts.set(context.redaction, cache);
  }
  let out = cache.get(text);
  if (out === undefined) {
    out = redactText(text, context);
    // A history replayed call after call repeats its strings: each is
    // redacted once, within a bounded cache.
    if (cache.size >= maxCached) cache.clear();
    if (text.length <= maxCachedLength) cache.set(text, out);
  }
  if (out !== text) mark(context);
  return out;
}

function redactText(text: string, context: Context): string {
  const parsed = /^\s*[[{]/.test(text) && text.length <= maxJsonText
    ? parseJson(text)
    : undefined;
  if (parsed === undefined) return context.redaction.text(text);
  const note: { changed?: true } = {};
  const out = encodeValue(parsed, { ...context, path: new Set(), note }, false);
  return note.changed ? JSON.stringify(out) : text;
}

/** A credential key's value with every non-empty string replaced. */
function hide(value: Json, context: Context): Json {
  if (typeof value === 'string') {
    if (value === '' || value === redacted) return value;
    mark(context);
    return redacted;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => hide(item, context));
  if (typeof value.$bytes === 'string') return hide(value.$bytes, context);
  const out: JsonObject = {};
  for (const key of Object.keys(value)) {
    setOwn(out, storedKey(key, out, context), hide(value[key]!, context));
  }
  return out;
}

/**
 * A key as stored: redacted like any text (a marked secret used as a key
 * does not reach the file either), numbered when it meets a key the object
 * already holds (a redacted one, or a key written as `[redacted]`).
 */
function storedKey(key: string, out: JsonObject, context: Context): string {
  const name = encodeText(key, context);
  let unique = name;
  for (let n = 2; Object.hasOwn(out, unique); n++) unique = `${name}#${n}`;
  return unique;
}

function isSchema(source: Record<string, unknown>): boolean {
  const type = source.type;
  return type === 'object' || typeof source.$schema === 'string' ||
    (Array.isArray(type) && type.includes('object'));
}

/**
 * Whether the object under `key` maps names to schemas (a JSON schema's
 * `properties`, `$defs`…): its keys are names, not credential keys.
 *
 * @param source The object holding `key`.
 * @param key One of its keys.
 * @returns Whether the keys under it name schemas.
 */
export function mapsSchemas(
  source: Record<string, unknown>,
  key: string,
): boolean {
  return schemaMaps.has(key) && isSchema(source);
}

/**
 * Whether the value under `key` is a credential (its strings removed): a
 * credential key's name, but a log-probability entry's `token`, which is
 * text.
 *
 * @param source The object holding `key`.
 * @param key One of its keys.
 * @returns Whether its strings are removed.
 */
export function hidesKey(
  source: Record<string, unknown>,
  key: string,
): boolean {
  return isSecretName(key) &&
    !(key === 'token' && Object.hasOwn(source, 'logprob'));
}

function encodeValue(
  value: unknown,
  context: Context,
  namesSchemas: boolean,
): Json | undefined {
  switch (typeof value) {
    case 'string':
      return encodeText(value, context);
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'boolean':
      return value;
    case 'bigint':
      return String(value);
    case 'undefined':
      // Tagged data keeps a present-but-undefined field, as events carry it.
      return context.tagged ? { $undefined: true } : undefined;
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return null;
  const object = value as object;
  if (context.tagged) {
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
      return { $error: encodeFields(object, context) };
    }
  }
  const toJSON = (object as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    return encodeValue(toJSON.call(object), context, namesSchemas);
  }
  if (context.path.has(object)) {
    throw new TypeError('Cannot record a cyclic value');
  }
  context.path.add(object);
  try {
    if (Array.isArray(object)) {
      return object.map((item) => encodeValue(item, context, false) ?? null);
    }
    const source = object as Record<string, unknown>;
    const out: JsonObject = {};
    for (const key of Object.keys(source).sort()) {
      let field = encodeValue(source[key], context, mapsSchemas(source, key));
      if (field === undefined) continue;
      if (!namesSchemas && hidesKey(source, key)) field = hide(field, context);
      setOwn(out, storedKey(key, out, context), field);
    }
    return out;
  } finally {
    context.path.delete(object);
  }
}

const errorFields = ['code', 'message', 'name', 'param', 'status', 'type'];

function encodeFields(error: unknown, context: Context): JsonObject {
  const out: JsonObject = {};
  if (typeof error !== 'object' || error === null) {
    return { message: encodeText(String(error), context), name: 'Error' };
  }
  const source = error as Record<string, unknown>;
  for (const key of errorFields) {
    const field = source[key];
    if (typeof field === 'string') out[key] = encodeText(field, context);
    else if (Number.isFinite(field)) out[key] = field as number;
  }
  if (typeof out.name !== 'string') out.name = 'Error';
  if (typeof out.message !== 'string') out.message = '';
  return out;
}

/**
 * The recordable fields of a thrown value: `name`, `message` and, when
 * present, the provider's `status`, `code`, `type` and `param`.
 *
 * @param error What was thrown.
 * @param redaction The redaction to apply; the fixed rules when absent.
 * @returns The fields, credentials removed.
 */
export function encodeError(
  error: unknown,
  redaction: Redaction = plainRedaction(),
): JsonObject {
  return encodeFields(error, { redaction, path: new Set() });
}

/**
 * A fresh copy of JSON data. When `tagged`, the tagged bytes and errors of
 * {@link encode} become `ArrayBuffer`s, typed arrays and `Error`s again.
 *
 * @param value Encoded JSON data.
 * @param tagged Whether to read tags.
 * @returns A fresh value.
 */
export function decode(value: Json, tagged = false): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => decode(item, tagged));
  if (tagged) {
    const tag = readTag(value);
    if (tag !== notTagged) return tag;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    setOwn(out, key, decode(item, tagged));
  }
  return out;
}

const notTagged = Symbol('not tagged');

function readTag(value: JsonObject): unknown {
  const keys = Object.keys(value);
  if (
    typeof value.$bytes === 'string' && typeof value.$type === 'string' &&
    keys.length === 2
  ) {
    const bytes = fromBase64(value.$bytes);
    const View = typedArrays.get(value.$type);
    const buffer = bytes.buffer as ArrayBuffer;
    if (View === undefined) return buffer;
    return new View(buffer, 0, bytes.byteLength / View.BYTES_PER_ELEMENT);
  }
  if (keys.length === 1 && value.$undefined === true) return undefined;
  const error = value.$error;
  if (
    keys.length === 1 && typeof error === 'object' && error !== null &&
    !Array.isArray(error)
  ) return replayedError(error);
  return notTagged;
}

/**
 * Whether tagged bytes hold base64 whose length fits their `$type`, so
 * decoding them cannot throw.
 *
 * @param value A `{ $bytes, $type }` object.
 * @returns `undefined` when they are valid, else what was expected.
 */
export function checkBytes(value: JsonObject): string | undefined {
  const text = value.$bytes as string;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) {
    return 'base64 text';
  }
  const View = typedArrays.get(value.$type as string);
  const length = atob(text).length;
  if (View !== undefined && length % View.BYTES_PER_ELEMENT !== 0) {
    return `a multiple of ${View.BYTES_PER_ELEMENT} bytes, for ${value.$type}`;
  }
  return undefined;
}

type TypedArrayClass = {
  new (buffer: ArrayBuffer, offset: number, length: number): ArrayBufferView;
  readonly BYTES_PER_ELEMENT: number;
};

const typedArrays = new Map<string, TypedArrayClass>(
  [
    Uint8Array,
    Int8Array,
    Uint16Array,
    Int16Array,
    Uint32Array,
    Int32Array,
    Float32Array,
    Float64Array,
  ].map((View) => [View.name, View]),
);

/**
 * An `Error` rebuilt from {@link encodeError}'s fields: same `name`,
 * `message`, `status`, `code`, `type` and `param`.
 *
 * @param fields The recorded fields.
 * @returns The error.
 */
export function replayedError(fields: JsonObject): Error {
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
