/**
 * The options of `autoModel()` and `autoStep()`, read and checked where
 * they are given. Private to the auto folder.
 *
 * @module
 */
import type { ModelRequest } from '@openai/agents-core';
import {
  array,
  at,
  boundary,
  fields,
  func,
  type Issue,
  number,
  object,
  oneOf,
  string,
} from '../_internal/read.ts';
import type { AutoModelCheckSchema } from './_generate.ts';
import { InvalidAutoModelOptionsError } from './errors.ts';

/**
 * Options of `autoModel()` and `autoStep()`.
 *
 * @example
 * ```ts
 * import type { AutoModelOptions } from '@scripted/agents/auto';
 *
 * const options: AutoModelOptions = { seed: 7, tools: ['get_weather'] };
 * ```
 */
export interface AutoModelOptions {
  /**
   * Seeds the generated values (default `0`): the same seed gives the same
   * calls on every runtime.
   */
  readonly seed?: number | string;
  /**
   * The tools to call, by name (default: every function tool the request
   * offers that a model may call directly and that neither runs commands
   * nor changes files). Naming a tool here opts it in. A name the request
   * does not offer, or offers only to programmatic callers, fails the call
   * with `AutoModelTargetNotOfferedError`.
   */
  readonly tools?: readonly string[];
  /**
   * Tools to call although they run commands or change files, by name (or,
   * for a shell, apply-patch, computer or hosted tool, by its type:
   * `'shell'`, `'apply_patch'`, `'computer'`, `'tool_search'`). Auto calls
   * are real calls: opt in only a tool backed by a scripted sandbox session,
   * a fake computer or another test double.
   */
  readonly allow?: readonly string[];
  /**
   * The handoff to take once the tool results are in: an agent or handoff
   * tool name, a list of them (the first one the request offers is taken),
   * or a function of the offered handoffs and the request that returns one
   * (or `undefined` for none). Where none is offered, the model answers.
   */
  readonly handoff?:
    | string
    | readonly string[]
    | ((
      offered: ModelRequest['handoffs'],
      request: ModelRequest,
    ) => string | undefined);
  /** Handoffs taken at most in one turn (default 3), against ping-pong. */
  readonly maxHandoffs?: number;
  /**
   * Fresh draws for a tool that rejected its arguments (default 2, so three
   * attempts) before `onRejected` applies.
   */
  readonly retries?: number;
  /**
   * What a tool that rejected every attempt does: `'fail'` (default) fails
   * the call with `AutoModelToolRejectedError`; `'warn'` records it in
   * `AutoModel.warnings` and answers.
   */
  readonly onRejected?: 'fail' | 'warn';
  /**
   * Recognizes an output as a rejection besides the SDK's tool-error output
   * (for example an input guardrail's `rejectContent` message, which reaches
   * a model as plain output).
   */
  readonly isRejection?: (output: string, toolName: string) => boolean;
  /**
   * The final text answer (when the agent has no output type). Default: a
   * JSON object of the tool results of the turn by tool name, or
   * `success (no tool calls)`.
   */
  readonly text?: string;
  /**
   * Schemas the arguments of a tool must pass, by tool name: the tool's own
   * zod schema (anything with `safeParse`), which keeps the checks the
   * schema the SDK sends has lost. A draw it rejects is drawn again before
   * it is sent.
   */
  readonly schemas?: Readonly<Record<string, AutoModelCheckSchema>>;
  /**
   * The schema the final answer must pass when the agent has an output type:
   * the agent's `outputType` zod schema.
   */
  readonly outputSchema?: AutoModelCheckSchema;
}

/** Options, checked. */
export interface Config {
  readonly seed: number | string;
  readonly tools: readonly string[] | undefined;
  readonly allow: readonly string[];
  readonly handoff: AutoModelOptions['handoff'];
  readonly maxHandoffs: number;
  readonly retries: number;
  readonly onRejected: 'fail' | 'warn';
  readonly isRejection: AutoModelOptions['isRejection'];
  readonly text: string | undefined;
  readonly schemas: ReadonlyMap<string, AutoModelCheckSchema>;
  readonly outputSchema: AutoModelCheckSchema | undefined;
}

const optionNames = [
  'seed',
  'tools',
  'allow',
  'handoff',
  'maxHandoffs',
  'retries',
  'onRejected',
  'isRejection',
  'text',
  'schemas',
  'outputSchema',
] as const;

const checkIssue = 'a schema with a safeParse method, such as a zod schema';

/** A schema with `safeParse`, checked. */
function checkSchema(
  value: unknown,
  path: string,
  optional: boolean,
): AutoModelCheckSchema | undefined {
  if (value === undefined && optional) return undefined;
  // Through the reader, so the errors have its shape.
  object(value ?? null, path, { expected: checkIssue });
  const parse = (value as { safeParse?: unknown }).safeParse;
  func(parse ?? null, `${path}.safeParse`, { expected: 'a function' });
  return value as AutoModelCheckSchema;
}

/** The tool schemas by name, checked. */
function toolSchemas(
  value: unknown,
): ReadonlyMap<string, AutoModelCheckSchema> {
  const path = 'options.schemas';
  const { keys } = fields(value, path, [], {
    optional: true,
    unknownKeys: 'allow',
    expected: 'an object of schemas by tool name',
  });
  const { fields: f } = fields(value ?? {}, path, keys);
  const out = new Map<string, AutoModelCheckSchema>();
  for (const name of keys) {
    out.set(name, checkSchema(f[name], at(path, name), false)!);
  }
  return out;
}

const handoffIssue =
  'an agent or handoff tool name, a list of them or a function';

/** The option's error, from the reader's issue. */
function toError(issue: Issue): InvalidAutoModelOptionsError {
  return new InvalidAutoModelOptionsError({
    // Every check is optional or of a value known to be there: no `missing`.
    reason: issue.code as InvalidAutoModelOptionsError['reason'],
    path: issue.path,
    issue: issue.expected,
    received: issue.received,
    suggestion: issue.suggestion,
  });
}

/** A list of non-empty names, frozen. */
function names(
  value: unknown,
  path: string,
  check: { readonly expected?: string } = {},
): readonly string[] | undefined {
  const list = array(value, path, { optional: true, max: 10_000, ...check });
  return list === undefined ? undefined : Object.freeze(
    list.map((name, i) => string(name, at(path, i), { nonEmpty: true })),
  );
}

function count(value: unknown, path: string, fallback: number): number {
  return number(value, path, {
    optional: true,
    integer: true,
    min: 0,
    max: 100,
  }) ??
    fallback;
}

/**
 * Reads and checks the options.
 *
 * @param options What the caller gave.
 * @returns The checked options.
 * @throws {InvalidAutoModelOptionsError} When they are malformed.
 */
export function readOptions(options: unknown): Config {
  return boundary(toError, () => {
    const { fields: f } = fields(options, 'options', optionNames, {
      optional: true,
      expected: 'an options object',
    });
    const seed = typeof f.seed === 'string' ? f.seed : number(
      f.seed,
      'options.seed',
      { optional: true, expected: 'a finite number or a string' },
    ) ?? 0;
    const handoff = f.handoff;
    let handoffs: readonly string[] | undefined;
    if (typeof handoff === 'string') {
      handoffs = [
        string(handoff, 'options.handoff', {
          nonEmpty: true,
          expected: handoffIssue,
        }),
      ];
    } else if (typeof handoff !== 'function') {
      handoffs = names(handoff, 'options.handoff', { expected: handoffIssue });
    }
    return Object.freeze({
      seed,
      tools: names(f.tools, 'options.tools'),
      allow: names(f.allow, 'options.allow') ?? [],
      handoff: handoffs ?? handoff as Config['handoff'],
      maxHandoffs: count(f.maxHandoffs, 'options.maxHandoffs', 3),
      retries: count(f.retries, 'options.retries', 2),
      onRejected: oneOf(f.onRejected, 'options.onRejected', [
        'fail',
        'warn',
      ], { optional: true }) ?? 'fail',
      isRejection: func(f.isRejection, 'options.isRejection', {
        optional: true,
      }) as Config['isRejection'],
      text: string(f.text, 'options.text', { optional: true }),
      schemas: toolSchemas(f.schemas),
      outputSchema: checkSchema(f.outputSchema, 'options.outputSchema', true),
    });
  });
}
