/**
 * Errors of the automatic model (`autoModel`, `autoStep`), one class per
 * failure mode.
 *
 * @module
 */
import { listNames } from '../_internal/format.ts';
import { invalidInputMessage } from '../_internal/messages.ts';

/**
 * Why a schema could not be satisfied, as `AutoModelSchemaError.reason`:
 * `invalid_schema` (not a schema, or a keyword of the wrong kind),
 * `unsupported_keyword` (`not`, `if`, `contains`, …),
 * `contradictory_bounds` (nothing satisfies it: minimum above maximum, an
 * empty enum, `false`), `unresolved_ref` (a `$ref` that is not local or
 * points nowhere), `unsupported_pattern` (a `pattern` it cannot generate a
 * match for) or `too_deep` (recursion without a way out).
 *
 * @example
 * ```ts
 * import type { AutoModelSchemaReason } from '@scripted/agents/auto';
 *
 * const reason: AutoModelSchemaReason = 'contradictory_bounds';
 * ```
 */
export type AutoModelSchemaReason =
  | 'invalid_schema'
  | 'unsupported_keyword'
  | 'contradictory_bounds'
  | 'unresolved_ref'
  | 'unsupported_pattern'
  | 'too_deep';

/**
 * The automatic model met a schema it cannot generate a valid value for: a
 * tool's parameters, a handoff's input, or the agent's output type. The call
 * that needed it is recorded first and fails with this error; `autoModel`
 * remembers it for `assertComplete()`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner, tool } from '@openai/agents';
 * import { AutoModelSchemaError, autoModel } from '@scripted/agents/auto';
 *
 * const impossible = tool({
 *   name: 'impossible',
 *   description: 'Takes a number no schema allows.',
 *   strict: false,
 *   parameters: {
 *     type: 'object',
 *     properties: { n: { type: 'number', minimum: 5, maximum: 1 } },
 *     required: ['n'],
 *     additionalProperties: true,
 *   },
 *   execute: () => 'never',
 * });
 * const model = autoModel();
 * const agent = new Agent({ name: 'A', model, tools: [impossible] });
 * await assert.rejects(
 *   new Runner({ tracingDisabled: true }).run(agent, 'Go'),
 *   (error: AutoModelSchemaError) =>
 *     error.name === 'AutoModelSchemaError' &&
 *     error.toolName === 'impossible' &&
 *     error.path === 'parameters.properties.n.minimum',
 * );
 * ```
 */
export class AutoModelSchemaError extends Error {
  /**
   * The tool (or handoff tool) whose schema failed; `undefined` for the
   * agent's output type.
   */
  readonly toolName: string | undefined;
  /**
   * Dotted path of the failing keyword, from `parameters` (a tool),
   * `inputJsonSchema` (a handoff) or `outputType.schema` (the output type):
   * `parameters.properties.items.minItems`.
   */
  readonly path: string;
  /** The kind of failure. */
  readonly reason: AutoModelSchemaReason;
  /** What exactly could not be satisfied. */
  readonly detail: string;
  /** Zero-based index of the call that needed the value. */
  readonly callIndex: number;

  /**
   * Creates an `AutoModelSchemaError`.
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    toolName: string | undefined;
    path: string;
    reason: AutoModelSchemaReason;
    detail: string;
    callIndex: number;
  }) {
    const subject = fields.toolName === undefined
      ? 'the output type'
      : `tool ${JSON.stringify(fields.toolName)}`;
    super(
      `Auto model cannot satisfy the schema of ${subject} (call ${fields.callIndex}) at ${
        JSON.stringify(fields.path)
      }: ${fields.reason}: ${fields.detail}`,
    );
    this.name = 'AutoModelSchemaError';
    this.toolName = fields.toolName;
    this.path = fields.path;
    this.reason = fields.reason;
    this.detail = fields.detail;
    this.callIndex = fields.callIndex;
  }
}

/**
 * `options.tools` or `options.handoff` named something the request does not
 * offer. The call is recorded first; `autoModel` remembers the error for
 * `assertComplete()`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import {
 *   AutoModelTargetNotOfferedError,
 *   autoModel,
 * } from '@scripted/agents/auto';
 *
 * const model = autoModel({ tools: ['get_weather'] });
 * await assert.rejects(
 *   new Runner({ tracingDisabled: true }).run(new Agent({ name: 'A', model }), 'Hi'),
 *   AutoModelTargetNotOfferedError,
 * );
 * ```
 */
export class AutoModelTargetNotOfferedError extends Error {
  /** Zero-based index of the call. */
  readonly callIndex: number;
  /** Whether a tool or a handoff was named. */
  readonly kind: 'tool' | 'handoff';
  /** The name given in the options. */
  readonly target: string;
  /** The names the request offered (tool names, or handoff tool names). */
  readonly offered: readonly string[];

  /**
   * Creates an `AutoModelTargetNotOfferedError`.
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    callIndex: number;
    kind: 'tool' | 'handoff';
    target: string;
    offered: readonly string[];
  }) {
    super(
      `Auto model call ${fields.callIndex}: expected the request to offer the ${fields.kind} ${
        JSON.stringify(fields.target)
      }, it offers: ${listNames(fields.offered)}`,
    );
    this.name = 'AutoModelTargetNotOfferedError';
    this.callIndex = fields.callIndex;
    this.kind = fields.kind;
    this.target = fields.target;
    this.offered = Object.freeze([...fields.offered]);
  }
}

/**
 * `autoModel()` or `autoStep()` got options it cannot use. Thrown where the
 * options are given.
 *
 * The fields follow the invalid-input shape of the other doubles: `reason`
 * says why (`invalid_type`, `invalid_value`, `unknown_key`, `unreadable`),
 * `path` where (`options`, `options.seed`), `issue` what the value must be,
 * `received` what was given and `suggestion` the option meant by a
 * misspelt key.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { autoModel, InvalidAutoModelOptionsError } from '@scripted/agents/auto';
 *
 * assert.throws(
 *   () => autoModel({ seed: {} as never }),
 *   (error: unknown) =>
 *     error instanceof InvalidAutoModelOptionsError &&
 *     error.reason === 'invalid_type' &&
 *     error.path === 'options.seed' &&
 *     error.received === 'an object',
 * );
 * assert.throws(
 *   () => autoModel({ sead: 1 } as never),
 *   (error: unknown) =>
 *     error instanceof InvalidAutoModelOptionsError &&
 *     error.reason === 'unknown_key' &&
 *     error.suggestion === 'seed',
 * );
 * ```
 */
export class InvalidAutoModelOptionsError extends Error {
  /**
   * Why the options were rejected: `invalid_type` (a value of the wrong
   * kind, or options that are not an object), `invalid_value` (the right
   * kind, a value it cannot use: `NaN`, an empty name), `unknown_key` (an
   * option it does not have) or `unreadable` (reading the options threw).
   */
  readonly reason:
    | 'invalid_type'
    | 'invalid_value'
    | 'unknown_key'
    | 'unreadable';
  /** Where: `options` for the options value itself, else `options.<key>`. */
  readonly path: string;
  /** What the value must be, such as `a finite number or a string`. */
  readonly issue: string;
  /** A short description of what was given. */
  readonly received: string;
  /** The closest option name when a key looks misspelt, else `undefined`. */
  readonly suggestion: string | undefined;

  /**
   * Creates an `InvalidAutoModelOptionsError`.
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    reason: 'invalid_type' | 'invalid_value' | 'unknown_key' | 'unreadable';
    path: string;
    issue: string;
    received: string;
    suggestion?: string | undefined;
  }) {
    super(invalidInputMessage({
      subject: 'auto model options',
      path: fields.path,
      expected: fields.issue,
      received: fields.received,
      suggestion: fields.suggestion,
    }));
    this.name = 'InvalidAutoModelOptionsError';
    this.reason = fields.reason;
    this.path = fields.path;
    this.issue = fields.issue;
    this.received = fields.received;
    this.suggestion = fields.suggestion;
  }
}

/**
 * Why the automatic model did not call a tool the request offered.
 *
 * @example
 * ```ts
 * import type { AutoModelSkipReason } from '@scripted/agents/auto';
 *
 * const reason: AutoModelSkipReason = 'changes_files';
 * ```
 */
export type AutoModelSkipReason =
  | 'runs_commands'
  | 'changes_files'
  | 'programmatic_only'
  | 'deferred'
  | 'not_opted_in';

/**
 * A tool the request offered that the automatic model did not call, as
 * listed by `AutoModel.skipped`.
 *
 * @example
 * ```ts
 * import type { AutoModelSkippedTool } from '@scripted/agents/auto';
 *
 * const skipped: AutoModelSkippedTool = {
 *   name: 'delete_file',
 *   reason: 'changes_files',
 * };
 * ```
 */
export interface AutoModelSkippedTool {
  /** The tool name. */
  readonly name: string;
  /**
   * Why it was not called: its name says it runs commands or changes
   * files, it is offered only to programmatic callers or deferred, or it is
   * a shell, apply-patch, computer or hosted tool `allow` does not name.
   */
  readonly reason: AutoModelSkipReason;
}

/** The skipped tools as a message's last clause, or nothing. */
export function skippedClause(
  skipped: readonly AutoModelSkippedTool[],
): string {
  return skipped.length === 0
    ? ''
    : `; not called: ${
      skipped.map((tool) => `${JSON.stringify(tool.name)} (${tool.reason})`)
        .join(', ')
    }`;
}

/** One call of a tool that came back as an error. */
export interface AutoModelToolAttempt {
  /** The arguments sent, as JSON text. */
  readonly arguments: string;
  /** What came back: the text of the tool's output. */
  readonly output: string;
}

/**
 * A tool rejected every set of arguments the automatic model drew for it:
 * each call came back as the SDK's tool-error output (invalid JSON input for
 * the tool's own schema, or the tool threw) or as an output the
 * `isRejection` option recognizes (an input guardrail's rejection message).
 * By default the call after the last attempt fails with it, and
 * `assertComplete()` reports a tool that never succeeded; with
 * `onRejected: 'warn'` it is recorded in `AutoModel.warnings` instead.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner, tool } from '@openai/agents';
 * import { autoModel, AutoModelToolRejectedError } from '@scripted/agents/auto';
 * import { z } from 'zod';
 *
 * const never = tool({
 *   name: 'never_valid',
 *   description: 'Accepts nothing.',
 *   parameters: z.object({ code: z.string() }),
 *   execute: () => {
 *     throw new Error('rejected');
 *   },
 * });
 * const model = autoModel({ retries: 1 });
 * const agent = new Agent({ name: 'A', model, tools: [never] });
 * await assert.rejects(
 *   new Runner({ tracingDisabled: true }).run(agent, 'Go'),
 *   (error: unknown) =>
 *     error instanceof AutoModelToolRejectedError &&
 *     error.toolName === 'never_valid' &&
 *     error.attempts.length === 2,
 * );
 * ```
 */
export class AutoModelToolRejectedError extends Error {
  /** The tool that rejected its arguments. */
  readonly toolName: string;
  /** Each call made and what came back, in order. */
  readonly attempts: readonly AutoModelToolAttempt[];
  /** Zero-based index of the model call that gave up. */
  readonly callIndex: number;
  /**
   * The tools the model left out so far, with their reasons (see
   * `AutoModel.skipped`), named at the end of the message.
   */
  readonly skipped: readonly AutoModelSkippedTool[];

  /**
   * Creates an `AutoModelToolRejectedError`.
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    toolName: string;
    attempts: readonly AutoModelToolAttempt[];
    callIndex: number;
    skipped?: readonly AutoModelSkippedTool[];
  }) {
    const skipped = fields.skipped ?? [];
    const tried = fields.attempts.map((attempt) =>
      `${attempt.arguments} -> ${JSON.stringify(attempt.output)}`
    ).join('; ');
    super(
      `Auto model call ${fields.callIndex}: expected tool ${
        JSON.stringify(fields.toolName)
      } to run, it rejected all ${fields.attempts.length} argument sets tried: ${tried}${
        skippedClause(skipped)
      }`,
    );
    this.name = 'AutoModelToolRejectedError';
    this.toolName = fields.toolName;
    this.attempts = Object.freeze(
      fields.attempts.map((attempt) => Object.freeze({ ...attempt })),
    );
    this.callIndex = fields.callIndex;
    this.skipped = Object.freeze(
      skipped.map((tool) => Object.freeze({ ...tool })),
    );
  }
}
