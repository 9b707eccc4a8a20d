/**
 * Errors of a scripted MCP server, one class per failure mode: a call the
 * script does not expect next, a tool the server never listed, a
 * matcher's rejection, steps left over, an unknown resource. A malformed
 * script is `input_errors.ts`. Each message is built from the error's
 * fields (what was expected, what happened, what is left); the server
 * appends its timeline (`appendTimeline`) to those it throws.
 *
 * @module
 */
import { listNames, quote } from '../_internal/format.ts';
import { redactedCopy } from '../_internal/redacted_copy.ts';
import {
  type CandidateFields,
  candidateList,
  frozenCandidates,
  incompleteMessage,
  unexpectedCallMessage,
} from '../_internal/messages.ts';

/**
 * An unused step of an `mcpAnyOrder` group that did not take a call, as
 * the errors list it (`method` is the step's tool).
 *
 * @example
 * ```ts
 * import type { McpAnyOrderCandidate } from '@scripted/agents/mcp';
 *
 * const candidate: McpAnyOrderCandidate = {
 *   position: 0,
 *   method: 'get_weather',
 *   rejection: 'false',
 * };
 * ```
 */
export type McpAnyOrderCandidate = CandidateFields;

/**
 * A tool call the script does not expect next: another tool than the next
 * step names, or any call after the script ended (`expectedTool` is then
 * `undefined`). The call is recorded and remembered for `assertComplete()`;
 * the step stays in the script.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   ScriptedMcpServer,
 *   UnexpectedMcpCallError,
 * } from '@scripted/agents/mcp';
 *
 * const server = new ScriptedMcpServer({ tools: [{ name: 'a' }] });
 * await assert.rejects(server.callTool('a', {}), UnexpectedMcpCallError);
 * ```
 */
export class UnexpectedMcpCallError extends Error {
  /** Zero-based index of the call in `calls`. */
  readonly callIndex: number;
  /** The tool called. */
  readonly tool: string;
  /** The tool of the next step; `undefined` when the script ended. */
  readonly expectedTool: string | undefined;
  /** How many steps were left at the call. */
  readonly remainingSteps: number;
  /** The unused steps of the `mcpAnyOrder` group the call met, if any. */
  readonly candidates: readonly McpAnyOrderCandidate[] | undefined;
  /**
   * The server's timeline at the failure, as the message ends with it
   * (`undefined` for an error built by hand).
   */
  readonly timeline: string | undefined = undefined;

  /**
   * Creates an `UnexpectedMcpCallError`.
   * @param fields The structured fields.
   */
  constructor(fields: {
    readonly callIndex: number;
    readonly tool: string;
    readonly expectedTool?: string | undefined;
    readonly remainingSteps: number;
    readonly candidates?: readonly McpAnyOrderCandidate[] | undefined;
  }) {
    const candidates = frozenCandidates(fields.candidates);
    super(unexpectedCallMessage({
      double: 'MCP',
      callIndex: fields.callIndex,
      actual: fields.tool,
      expected: fields.expectedTool,
      expectedAnyOf: candidates?.map((candidate) => candidate.method),
      remaining: fields.remainingSteps,
      unit: 'step',
    }));
    this.name = 'UnexpectedMcpCallError';
    this.callIndex = fields.callIndex;
    this.tool = fields.tool;
    this.expectedTool = fields.expectedTool;
    this.remainingSteps = fields.remainingSteps;
    this.candidates = candidates;
  }
}

/**
 * A call to a tool the server does not list: the model (or the SDK) asked
 * for a tool that is not among `listedTools`. The call is recorded and
 * remembered for `assertComplete()`; no step is used.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { ScriptedMcpServer, UnknownMcpToolError } from '@scripted/agents/mcp';
 *
 * const server = new ScriptedMcpServer({ tools: [{ name: 'a' }] });
 * await assert.rejects(server.callTool('b', {}), UnknownMcpToolError);
 * ```
 */
export class UnknownMcpToolError extends Error {
  /** Zero-based index of the call in `calls`. */
  readonly callIndex: number;
  /** The tool called. */
  readonly tool: string;
  /** The tools the server lists. */
  readonly listedTools: readonly string[];
  /**
   * The server's timeline at the failure, as the message ends with it
   * (`undefined` for an error built by hand).
   */
  readonly timeline: string | undefined = undefined;

  /**
   * Creates an `UnknownMcpToolError`.
   * @param fields The structured fields.
   */
  constructor(fields: {
    readonly callIndex: number;
    readonly tool: string;
    readonly listedTools: readonly string[];
  }) {
    const listed = Object.freeze([...fields.listedTools]);
    super(
      `Unknown MCP tool ${quote(fields.tool)} at call ${fields.callIndex}: ` +
        `expected one of the listed tools (${listNames(listed)})`,
    );
    this.name = 'UnknownMcpToolError';
    this.callIndex = fields.callIndex;
    this.tool = fields.tool;
    this.listedTools = listed;
  }
}

/**
 * The `match` of the step for a call rejected it: it returned `false`
 * (`matcherResult: 'false'`) or threw something that is not an error
 * (`'threw'`, the value as `cause`; a thrown error passes through
 * unchanged). The call is recorded and remembered; the step stays.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { McpCallMatcherError, ScriptedMcpServer } from '@scripted/agents/mcp';
 *
 * const server = new ScriptedMcpServer({
 *   tools: [{ name: 'a' }],
 *   calls: [{ tool: 'a', match: () => false, result: 'A' }],
 * });
 * await assert.rejects(server.callTool('a', {}), McpCallMatcherError);
 * ```
 */
export class McpCallMatcherError extends Error {
  /** Zero-based index of the call in `calls`. */
  readonly callIndex: number;
  /** The tool called. */
  readonly tool: string;
  /** What the matcher did: returned `false`, or threw a non-error. */
  readonly matcherResult: 'false' | 'threw';
  /** The unused steps of the `mcpAnyOrder` group the call met, if any. */
  readonly candidates: readonly McpAnyOrderCandidate[] | undefined;
  /**
   * The server's timeline at the failure, as the message ends with it
   * (`undefined` for an error built by hand).
   */
  readonly timeline: string | undefined = undefined;

  /**
   * Creates a `McpCallMatcherError`.
   * @param fields The structured fields.
   * @param options `cause`: what a matcher threw.
   */
  constructor(
    fields: {
      readonly callIndex: number;
      readonly tool: string;
      readonly matcherResult: 'false' | 'threw';
      readonly candidates?: readonly McpAnyOrderCandidate[] | undefined;
    },
    options?: { readonly cause?: unknown },
  ) {
    const candidates = frozenCandidates(fields.candidates);
    const how = fields.matcherResult === 'false'
      ? 'returned false'
      : 'threw a value that is not an error';
    const among = candidates === undefined
      ? ''
      : `, candidates: ${candidateList(candidates, 'group step')}`;
    super(
      `MCP call ${fields.callIndex} to ${
        quote(fields.tool)
      } rejected: expected the step's match to accept it, it ${how}${among}`,
      options,
    );
    this.name = 'McpCallMatcherError';
    this.callIndex = fields.callIndex;
    this.tool = fields.tool;
    this.matcherResult = fields.matcherResult;
    this.candidates = candidates;
  }
}

/**
 * `assertComplete()` found steps the run never used.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   IncompleteMcpScriptError,
 *   ScriptedMcpServer,
 * } from '@scripted/agents/mcp';
 *
 * const server = new ScriptedMcpServer({
 *   tools: [{ name: 'a' }],
 *   calls: [{ tool: 'a', result: 'A' }],
 * });
 * assert.throws(() => server.assertComplete(), IncompleteMcpScriptError);
 * ```
 */
export class IncompleteMcpScriptError extends Error {
  /** How many steps are left. */
  readonly remainingSteps: number;
  /** The tools of the steps left, in script order. */
  readonly remainingTools: readonly string[];
  /**
   * The server's timeline, as the message ends with it (`undefined` for an
   * error built by hand).
   */
  readonly timeline: string | undefined = undefined;

  /**
   * Creates an `IncompleteMcpScriptError`.
   * @param fields The structured fields.
   */
  constructor(fields: {
    readonly remainingTools: readonly string[];
  }) {
    const tools = Object.freeze([...fields.remainingTools]);
    super(incompleteMessage('MCP script', [
      { count: tools.length, noun: 'step', names: tools },
    ]));
    this.name = 'IncompleteMcpScriptError';
    this.remainingSteps = tools.length;
    this.remainingTools = tools;
  }
}

/**
 * `readResource(uri)` asked for a URI the script has no contents for.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   ScriptedMcpServer,
 *   UnknownMcpResourceError,
 * } from '@scripted/agents/mcp';
 *
 * const server = new ScriptedMcpServer();
 * await assert.rejects(server.readResource('file:///x'), UnknownMcpResourceError);
 * ```
 */
export class UnknownMcpResourceError extends Error {
  /** The URI asked for, redacted (userinfo, `?api-key=`…). */
  readonly uri: string;
  /** The URIs the script can read, redacted. */
  readonly knownUris: readonly string[];

  /**
   * Creates an `UnknownMcpResourceError`.
   * @param fields The structured fields.
   */
  constructor(fields: {
    readonly uri: string;
    readonly knownUris: readonly string[];
  }) {
    // A URI may carry a credential: the message and fields hold none.
    const uri = redactedCopy(fields.uri) as string;
    const known = Object.freeze(
      redactedCopy([...fields.knownUris]) as string[],
    );
    super(
      `Unknown MCP resource ${quote(uri)}: expected one of the ` +
        `scripted URIs (${listNames(known)})`,
    );
    this.name = 'UnknownMcpResourceError';
    this.uri = uri;
    this.knownUris = known;
  }
}
