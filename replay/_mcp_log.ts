/**
 * MCP log entries: one entry of a fixture read strictly.
 *
 * @module
 */
import type { Json, JsonObject } from '../_internal/encode.ts';
import { callFailure } from './_envelope.ts';
import type { Redaction } from '../_internal/redact.ts';
import type { McpFixtureEntry } from './mcp_fixture.ts';

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks one log entry of an MCP fixture.
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
  const fail = callFailure(index, redaction);
  if (!isObject(entry)) throw fail(at, 'a log entry object', entry);
  if (entry.type === 'listTools') {
    if (!Array.isArray(entry.tools)) {
      throw fail(`${at}.tools`, 'an array of tools', entry.tools);
    }
    return entry as unknown as McpFixtureEntry;
  }
  if (entry.type !== 'callTool') {
    throw fail(`${at}.type`, '"listTools" or "callTool"', entry.type);
  }
  if (typeof entry.name !== 'string' || entry.name === '') {
    throw fail(`${at}.name`, 'a tool name', entry.name);
  }
  for (const key of ['arguments', 'meta'] as const) {
    if (entry[key] !== null && !isObject(entry[key])) {
      throw fail(`${at}.${key}`, 'an object or null', entry[key]);
    }
  }
  if ((entry.result === undefined) === (entry.error === undefined)) {
    throw fail(at, 'exactly one of "result" or "error"', entry);
  }
  if (entry.error !== undefined && !isObject(entry.error)) {
    throw fail(`${at}.error`, 'an error object', entry.error);
  }
  return entry as unknown as McpFixtureEntry;
}
