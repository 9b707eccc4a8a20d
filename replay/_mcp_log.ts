/**
 * MCP log entries: one entry of a fixture read strictly, its listings and
 * results checked as the scripted server reads them, so a damaged fixture
 * fails at load with the fixture's JSON path.
 *
 * @module
 */
import type { Json, JsonObject } from '../_internal/encode.ts';
import { callFailure } from './_envelope.ts';
import type { InvalidRecordingError } from './errors.ts';
import type { Redaction } from '../_internal/redact.ts';
import type { McpFixtureEntry } from './mcp_fixture.ts';

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The failure builder of one entry (see `callFailure`). */
type Fail = (path: string, expected: string, value: unknown) => never;

/** Fails unless every key of `value` is one of `keys`. */
function onlyKeys(
  value: JsonObject,
  path: string,
  keys: readonly string[],
  fail: Fail,
): void {
  const extra = Object.keys(value).find((key) => !keys.includes(key));
  if (extra !== undefined) {
    fail(
      `${path}.${extra}`,
      `absent (known keys: ${keys.map((key) => `"${key}"`).join(', ')})`,
      value[extra],
    );
  }
}

/** Fails unless `value` is absent or an object. */
function optionalObject(value: Json | undefined, path: string, fail: Fail) {
  if (value !== undefined && !isObject(value)) fail(path, 'an object', value);
}

/** Fails unless `value` is absent or of the JSON type `type`. */
function optional(
  value: Json | undefined,
  type: 'string' | 'boolean',
  path: string,
  fail: Fail,
): void {
  if (value !== undefined && typeof value !== type) {
    fail(path, `a ${type}`, value);
  }
}

/** A listed tool: a new name, a description, an object input schema. */
function checkTool(
  tool: Json,
  path: string,
  names: Set<string>,
  fail: Fail,
): void {
  if (!isObject(tool)) fail(path, 'a tool object', tool);
  const { name, inputSchema } = tool as JsonObject;
  onlyKeys(
    tool as JsonObject,
    path,
    ['name', 'description', 'inputSchema'],
    fail,
  );
  if (typeof name !== 'string' || name === '') {
    fail(`${path}.name`, 'a tool name', name);
  }
  if (names.has(name as string)) {
    fail(`${path}.name`, 'a name not listed before', name);
  }
  names.add(name as string);
  optional(
    (tool as JsonObject).description,
    'string',
    `${path}.description`,
    fail,
  );
  if (inputSchema === undefined) return;
  const schema = `${path}.inputSchema`;
  if (!isObject(inputSchema)) fail(schema, 'a JSON schema object', inputSchema);
  const { type, properties, required } = inputSchema as JsonObject;
  if (type !== undefined && type !== 'object') {
    fail(`${schema}.type`, '"object"', type);
  }
  optionalObject(properties, `${schema}.properties`, fail);
  if (required !== undefined) {
    if (!Array.isArray(required)) {
      fail(`${schema}.required`, 'an array of names', required);
    }
    (required as Json[]).forEach((item, index) =>
      optional(item, 'string', `${schema}.required[${index}]`, fail)
    );
  }
  optional(
    (inputSchema as JsonObject).additionalProperties,
    'boolean',
    `${schema}.additionalProperties`,
    fail,
  );
}

/** An MCP result: `content` items with a `type`, the optional fields. */
function checkResult(result: Json, path: string, fail: Fail): void {
  if (!isObject(result)) fail(path, 'an MCP result object', result);
  const read = result as JsonObject;
  onlyKeys(
    read,
    path,
    ['content', 'structuredContent', 'isError', '_meta'],
    fail,
  );
  if (!Array.isArray(read.content)) {
    fail(`${path}.content`, 'an array of content items', read.content);
  }
  (read.content as Json[]).forEach((item, index) => {
    const where = `${path}.content[${index}]`;
    if (!isObject(item)) fail(where, 'a content item object', item);
    const { type, text } = item as JsonObject;
    if (typeof type !== 'string' || type === '') {
      fail(`${where}.type`, 'a content type', type);
    }
    if (type === 'text' && typeof text !== 'string') {
      fail(`${where}.text`, 'a string', text);
    }
  });
  optionalObject(read.structuredContent, `${path}.structuredContent`, fail);
  optional(read.isError, 'boolean', `${path}.isError`, fail);
  optionalObject(read._meta, `${path}._meta`, fail);
}

/**
 * Checks one log entry of an MCP fixture: a listing's tools (a new
 * non-empty name, a string description, an object input schema whose
 * `type` is `"object"`), a call's name, arguments and `_meta`, and its
 * outcome (an MCP result whose `content` is an array of typed items, a
 * text item's `text` a string; or an error whose `name` and `message` are
 * strings).
 *
 * @param entry The entry, as strict JSON data.
 * @param index Its position in the log.
 * @param redaction The replay's redaction (for messages).
 * @returns The entry.
 * @throws {InvalidRecordingError} `invalid_call` naming the path.
 */
export function readMcpEntry(
  entry: Json,
  index: number,
  redaction: Redaction,
): McpFixtureEntry {
  const at = `log[${index}]`;
  const build = callFailure(index, redaction);
  const fail: Fail = (path, expected, value) => {
    throw build(path, expected, value) as InvalidRecordingError;
  };
  if (!isObject(entry)) fail(at, 'a log entry object', entry);
  const read = entry as JsonObject;
  if (read.type === 'listTools') {
    if (!Array.isArray(read.tools)) {
      fail(`${at}.tools`, 'an array of tools', read.tools);
    }
    const names = new Set<string>();
    (read.tools as Json[]).forEach((tool, position) =>
      checkTool(tool, `${at}.tools[${position}]`, names, fail)
    );
    return entry as unknown as McpFixtureEntry;
  }
  if (read.type !== 'callTool') {
    fail(`${at}.type`, '"listTools" or "callTool"', read.type);
  }
  if (typeof read.name !== 'string' || read.name === '') {
    fail(`${at}.name`, 'a tool name', read.name);
  }
  for (const key of ['arguments', 'meta'] as const) {
    if (read[key] !== null && !isObject(read[key])) {
      fail(`${at}.${key}`, 'an object or null', read[key]);
    }
  }
  if ((read.result === undefined) === (read.error === undefined)) {
    fail(at, 'exactly one of "result" or "error"', entry);
  }
  if (read.result !== undefined) checkResult(read.result, `${at}.result`, fail);
  else {
    if (!isObject(read.error)) {
      fail(`${at}.error`, 'an error object', read.error);
    }
    const error = read.error as JsonObject;
    optional(error.name, 'string', `${at}.error.name`, fail);
    optional(error.message, 'string', `${at}.error.message`, fail);
  }
  return entry as unknown as McpFixtureEntry;
}
