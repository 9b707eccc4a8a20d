/**
 * `replayMcpServer()`: a scripted MCP server that lists the recorded tools,
 * expects the recorded tool calls in order, compares each call's arguments
 * with the recording and answers as the real server did.
 *
 * @module
 */
import {
  type McpCallStep,
  type McpToolDefinition,
  ScriptedMcpServer,
} from '../mcp/mod.ts';
import {
  encode,
  type Json,
  type JsonObject,
  replayedError,
} from '../_internal/encode.ts';
import { difference } from './_difference.ts';
import { readEnvelope } from './_envelope.ts';
import { readReplayOptions } from './_options.ts';
import { readMcpEntry } from './_mcp_log.ts';
import { ReplayMismatchError, withReplayTimeline } from './errors.ts';
import type {
  McpFixture,
  McpFixtureCall,
  McpFixtureEntry,
} from './mcp_fixture.ts';

/**
 * Options of `replayMcpServer()`.
 *
 * @example
 * ```ts
 * import type { McpReplayOptions } from '@scripted/agents/replay';
 *
 * const options: McpReplayOptions = { compare: false };
 * ```
 */
export interface McpReplayOptions {
  /** `false` replays without comparing the calls' arguments. */
  readonly compare?: boolean;
  /** The `redact` hook the recording used, applied to each call too. */
  readonly redact?: (entry: McpFixtureEntry) => McpFixtureEntry;
  /** The `secrets` the recording used: removed from each call too. */
  readonly secrets?: readonly string[];
}

// An MCP replay compares the arguments: no aspects to choose.
const none: never[] = [];

/**
 * A `ScriptedMcpServer` that replays a recording made with
 * `recordMcpServer()`: `listTools()` answers the recorded listings in order
 * (the last one again once they run out), and each tool call uses the next
 * recorded call: its arguments and `_meta` are compared with the recording
 * (the first difference throws `ReplayMismatchError`, remembered for
 * `assertComplete()`), and it answers the recorded result or throws the
 * recorded error. Set the SDK settings (`cacheToolsList`…) on the returned
 * server as on any.
 *
 * @param fixture An MCP fixture, as an object or JSON text.
 * @param options `compare: false`, `redact`, `secrets`.
 * @returns The replaying server.
 * @throws {InvalidRecordingError} When the fixture or the options are
 * malformed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { replayMcpServer } from '@scripted/agents/replay';
 *
 * const server = replayMcpServer({
 *   version: 1,
 *   kind: 'mcp',
 *   sdkVersion: 'unknown',
 *   name: 'weather',
 *   log: [
 *     { type: 'listTools', tools: [{ name: 'get_weather' }] },
 *     {
 *       type: 'callTool',
 *       name: 'get_weather',
 *       arguments: { city: 'Oslo' },
 *       meta: null,
 *       result: { content: [{ type: 'text', text: 'Sunny' }] },
 *     },
 *   ],
 * });
 * await server.listTools();
 * const content = await server.callTool('get_weather', { city: 'Oslo' });
 * assert.deepEqual(content, [{ type: 'text', text: 'Sunny' }]);
 * server.assertComplete();
 * ```
 */
export function replayMcpServer(
  fixture: McpFixture | string,
  options: McpReplayOptions = {},
): ScriptedMcpServer {
  const { compare, redact, redaction } = readReplayOptions<McpFixtureEntry>(
    options,
    { known: none, fallback: none },
  );
  const { list, data } = readEnvelope(fixture, 'mcp');
  const name = data.name;
  const entries = list.map((entry, i) => readMcpEntry(entry, i, redaction));
  const listings: McpToolDefinition[][] = [];
  const calls: McpCallStep[] = [];
  // The recorded calls and the calls made so far, for a mismatch's timeline.
  const trail = () => ({
    recorded: calls.map((step) => step.tool),
    actual: server.calls.map((made) => made.name),
  });
  for (const entry of entries) {
    if (entry.type === 'listTools') {
      listings.push(entry.tools as unknown as McpToolDefinition[]);
      continue;
    }
    const index = calls.length;
    calls.push({
      tool: entry.name,
      ...(compare
        ? {
          match: (args: unknown, call: { readonly meta: unknown }) =>
            check(entry, { args, meta: call.meta }, index, {
              redact,
              redaction,
              trail,
            }),
        }
        : {}),
      ...(entry.error === undefined
        ? { result: entry.result as never }
        : { error: replayedError(entry.error as JsonObject) }),
    });
  }
  const server = new ScriptedMcpServer({
    name: typeof name === 'string' && name !== '' ? name : 'replayed-mcp',
    tools: (index) => listings[Math.min(index, listings.length - 1)] ?? [],
    calls,
  });
  return server;
}

/**
 * Compares a replayed call with its recording: the first difference in its
 * arguments or `_meta` throws a `ReplayMismatchError` ending with the
 * timeline of the recorded calls and the calls made.
 */
function check(
  recorded: McpFixtureCall,
  call: { readonly args: unknown; readonly meta: unknown },
  index: number,
  how: {
    readonly redact: McpReplayOptions['redact'];
    readonly redaction: ReturnType<typeof readReplayOptions>['redaction'];
    readonly trail: () => Parameters<typeof withReplayTimeline>[1];
  },
): void {
  const { redact, redaction } = how;
  const data = (value: unknown): Json => encode(value, { redaction }) ?? null;
  let actual: McpFixtureEntry = {
    type: 'callTool',
    name: recorded.name,
    arguments: data(call.args),
    meta: data(call.meta),
  };
  if (redact !== undefined) {
    // Redacted again after the hook, as the recording was.
    actual = data(redact(structuredClone(actual))) as unknown as McpFixtureCall;
  }
  for (const aspect of ['arguments', 'meta'] as const) {
    const found = difference(
      recorded[aspect],
      (actual as McpFixtureCall)[aspect],
      aspect,
    );
    if (found === undefined) continue;
    throw withReplayTimeline(
      new ReplayMismatchError({
        double: 'mcp',
        callIndex: index,
        aspect,
        ...found,
      }),
      how.trail(),
    );
  }
}
