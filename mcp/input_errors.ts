/**
 * The error of a malformed MCP script, raised where the script is written.
 *
 * @module
 */
import type { Issue } from '../_internal/read.ts';
import { invalidInputMessage } from '../_internal/messages.ts';

/**
 * `new ScriptedMcpServer(script)` (or `mcpAnyOrder`) was given input it
 * cannot use: the fields say where (`path`, such as `calls[1].respond`),
 * what kind of problem (`code`), what was expected and what was found.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   InvalidMcpScriptError,
 *   ScriptedMcpServer,
 * } from '@scripted/agents/mcp';
 *
 * assert.throws(
 *   () => new ScriptedMcpServer({ calls: [{ tool: 'a', reslt: 'x' } as never] }),
 *   (error: unknown) =>
 *     error instanceof InvalidMcpScriptError &&
 *     error.path === 'calls[0].reslt' && error.suggestion === 'result',
 * );
 * ```
 */
export class InvalidMcpScriptError extends Error {
  /** What kind of problem: `invalid_type`, `missing`, `invalid_value`, `unknown_key`, `unreadable`. */
  readonly code:
    | 'invalid_type'
    | 'missing'
    | 'invalid_value'
    | 'unknown_key'
    | 'unreadable';
  /** Where in the script (`''` for the script itself). */
  readonly path: string;
  /** What the value must be. */
  readonly expected: string;
  /** What was found, rendered. */
  readonly received: string;
  /** The closest valid name, when a name looks misspelt. */
  readonly suggestion: string | undefined;

  /**
   * Creates an `InvalidMcpScriptError`.
   * @param fields The structured fields (an input reader's issue).
   * @param options `cause`: what reading the input threw.
   */
  constructor(
    fields: Pick<Issue, 'code' | 'path' | 'expected' | 'received'> & {
      readonly suggestion?: string | undefined;
    },
    options?: { readonly cause?: unknown },
  ) {
    super(
      invalidInputMessage({
        subject: 'MCP script',
        path: fields.path,
        expected: fields.expected,
        received: fields.received,
        suggestion: fields.suggestion,
      }),
      options,
    );
    this.name = 'InvalidMcpScriptError';
    this.code = fields.code;
    this.path = fields.path;
    this.expected = fields.expected;
    this.received = fields.received;
    this.suggestion = fields.suggestion;
  }
}

/**
 * Builds the error of an input reader's issue (the `boundary` callback).
 *
 * @param issue The issue.
 * @returns The error.
 */
export function scriptError(issue: Issue): InvalidMcpScriptError {
  return new InvalidMcpScriptError(issue, { cause: issue.cause });
}
