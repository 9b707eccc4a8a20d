/**
 * Errors of the real-call guard, one class per failure mode: a real call
 * was made while the guard was on (`RealCallBlockedError`), or
 * `blockRealCalls()` was given options it cannot use
 * (`InvalidGuardInputError`).
 *
 * @module
 */
import { either, quote } from '../_internal/format.ts';
import { invalidInputMessage } from '../_internal/messages.ts';
import { boundary, type Issue } from '../_internal/read.ts';
import { defaultRedaction } from '../_internal/redact.ts';
import { isKind, type RealCallKind } from './_hosts.ts';

/** What each kind of call is, in a message. */
const described: Readonly<Record<RealCallKind, string>> = {
  model: 'model request',
  'trace-export': 'trace export',
  mcp: 'MCP server connect',
  realtime: 'Realtime connect',
  fetch: 'fetch',
  websocket: 'WebSocket open',
};

/** The fields of a {@link RealCallBlockedError}. */
export interface RealCallBlockedFields {
  /** What kind of real call it was. */
  readonly kind: RealCallKind;
  /**
   * What was called: `OpenAIResponsesModel.getResponse`,
   * `MCPServerStdio.connect`, `fetch`, `new WebSocket`.
   */
  readonly call: string;
  /**
   * Where it went: a host (`api.openai.com`), or, when the SDK keeps the
   * host to itself, the provider (`openai`) or the MCP server's name.
   */
  readonly target: string;
  /** The host, when the call's host is known (it can be allowed then). */
  readonly host?: string | undefined;
  /** The agent whose run made the call, where the SDK's span says. */
  readonly agent?: string | undefined;
}

/**
 * A real call was made while `blockRealCalls()` was on: a model request
 * through one of the SDK's OpenAI models, a hosted trace export, an MCP
 * server connect (stdio, SSE, streamable HTTP), a Realtime WebSocket,
 * WebRTC or SIP connect, or a `fetch` or `WebSocket` to a host that is not
 * loopback. Nothing was sent. `allow` lists the entries of
 * `blockRealCalls({ allow })` that would let it through.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealCallBlockedError } from '@scripted/agents/guard';
 *
 * const error = new RealCallBlockedError({
 *   kind: 'fetch',
 *   call: 'fetch',
 *   target: 'example.com',
 *   host: 'example.com',
 * });
 * assert.equal(error.name, 'RealCallBlockedError');
 * assert.deepEqual(error.allow, ['fetch', 'example.com']);
 * assert.equal(
 *   error.message,
 *   'Real fetch blocked: fetch to "example.com": blockRealCalls() is on and reaches no host but loopback; to let it through, add "fetch" or "example.com" to blockRealCalls({ allow })',
 * );
 * ```
 */
export class RealCallBlockedError extends Error {
  /** What kind of real call it was. */
  readonly kind: RealCallKind;
  /** What was called (`OpenAIResponsesModel.getResponse`, `fetch`). */
  readonly call: string;
  /** Where it went (a host, the provider or the server's name), redacted. */
  readonly target: string;
  /** The host, when known, redacted; else `undefined`. */
  readonly host: string | undefined;
  /** The agent whose run made the call, when known, redacted. */
  readonly agent: string | undefined;
  /** The allow-list entries that would let the call through. */
  readonly allow: readonly string[];

  /**
   * Creates a `RealCallBlockedError`.
   * @param fields The structured fields; the message is built from them.
   */
  constructor(fields: RealCallBlockedFields) {
    const target = defaultRedaction.text(fields.target);
    const host = fields.host === undefined
      ? undefined
      : defaultRedaction.text(fields.host);
    const agent = fields.agent === undefined
      ? undefined
      : defaultRedaction.text(fields.agent);
    // A host the redaction changed, or named as a kind is, is no
    // allow-list entry.
    const allow = Object.freeze(
      host === undefined || host !== fields.host || isKind(host)
        ? [fields.kind]
        : [fields.kind, host],
    );
    const by = agent === undefined ? '' : ` (agent ${quote(agent)})`;
    const why = fields.kind === 'fetch' || fields.kind === 'websocket'
      ? 'reaches no host but loopback'
      : "keeps the SDK's real clients offline, loopback too";
    super(
      `Real ${described[fields.kind]} blocked: ${fields.call} to ${
        quote(target)
      }${by}: blockRealCalls() is on and ${why}; to let it through, add ${
        either(allow)
      } to blockRealCalls({ allow })`,
    );
    this.name = 'RealCallBlockedError';
    this.kind = fields.kind;
    this.call = fields.call;
    this.target = target;
    this.host = host;
    this.agent = agent;
    this.allow = allow;
  }
}

/**
 * What kind of problem an {@link InvalidGuardInputError} reports: the wrong
 * kind of value (`invalid_type`), a required one absent (`missing`), the
 * right kind but unusable (`invalid_value`), a key the options do not have
 * (`unknown_key`), or a read that threw (`unreadable`).
 *
 * @example
 * ```ts
 * import type { InvalidGuardInputCode } from '@scripted/agents/guard';
 *
 * const code: InvalidGuardInputCode = 'unknown_key';
 * ```
 */
export type InvalidGuardInputCode =
  | 'invalid_type'
  | 'missing'
  | 'invalid_value'
  | 'unknown_key'
  | 'unreadable';

/** The fields of an {@link InvalidGuardInputError}. */
export interface InvalidGuardInputFields {
  /** What kind of problem (the reader's issue code). */
  readonly code: InvalidGuardInputCode;
  /** Where: `options`, `options.allow[1]`. */
  readonly path: string;
  /** What the value must be. */
  readonly expected: string;
  /** What was given, rendered short. */
  readonly received: string;
  /** The value meant, when one looks meant, else `undefined`. */
  readonly suggestion?: string | undefined;
}

/**
 * `blockRealCalls()` was given options it cannot use: an unknown key, an
 * `allow` that is not a list, or an entry that is neither a kind nor a
 * host name. Nothing was blocked then.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   blockRealCalls,
 *   InvalidGuardInputError,
 * } from '@scripted/agents/guard';
 *
 * assert.throws(
 *   () => blockRealCalls({ allow: ['https://api.example.com/v1'] }),
 *   (error: unknown) =>
 *     error instanceof InvalidGuardInputError &&
 *     error.path === 'options.allow[0]' &&
 *     error.suggestion === 'api.example.com',
 * );
 * ```
 */
export class InvalidGuardInputError extends Error {
  /** What kind of problem. */
  readonly code: InvalidGuardInputCode;
  /** Where: `options`, `options.allow[1]`. */
  readonly path: string;
  /** What the value must be. */
  readonly expected: string;
  /** What was given, rendered short and redacted. */
  readonly received: string;
  /** The value meant, when one looks meant, else `undefined`. */
  readonly suggestion: string | undefined;

  /**
   * Creates an `InvalidGuardInputError`.
   * @param fields The structured fields; the message is built from them.
   * @param options `cause`: the error thrown while reading the input.
   */
  constructor(fields: InvalidGuardInputFields, options?: { cause?: unknown }) {
    const received = defaultRedaction.text(fields.received);
    // A suggestion the redaction would change is a secret: none is made.
    const suggestion = fields.suggestion === undefined ||
        defaultRedaction.text(fields.suggestion) !== fields.suggestion
      ? undefined
      : fields.suggestion;
    super(
      invalidInputMessage({
        subject: 'blockRealCalls input',
        // An unknown key's expectation lists the keys, not its value.
        path: fields.code === 'unknown_key' ? undefined : fields.path,
        expected: fields.expected,
        received,
        suggestion,
      }),
      options,
    );
    this.name = 'InvalidGuardInputError';
    this.code = fields.code;
    this.path = fields.path;
    this.expected = fields.expected;
    this.received = received;
    this.suggestion = suggestion;
  }
}

/**
 * Runs `body`; a reader's issue becomes an `InvalidGuardInputError`.
 *
 * @param body The reading.
 * @returns What `body` returns.
 */
export function inputChecking<T>(body: () => T): T {
  return boundary(
    (issue: Issue) =>
      new InvalidGuardInputError(
        {
          code: issue.code,
          path: issue.path,
          expected: issue.expected,
          received: issue.received,
          suggestion: issue.suggestion,
        },
        issue.code === 'unreadable' ? { cause: issue.cause } : undefined,
      ),
    body,
  );
}
