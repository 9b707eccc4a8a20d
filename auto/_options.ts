/**
 * The options of `autoModel()` and `autoStep()`, read and checked where
 * they are given. Private to the auto folder.
 *
 * @module
 */
import type { ModelRequest, SerializedHandoff } from '@openai/agents-core';
import { closest, describe } from '../_internal/format.ts';
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
      offered: readonly SerializedHandoff[],
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
}

const optionNames: readonly string[] = [
  'seed',
  'tools',
  'allow',
  'handoff',
  'maxHandoffs',
  'retries',
  'onRejected',
  'isRejection',
  'text',
];

type Reason = 'invalid_type' | 'invalid_value';

function invalid(
  key: string,
  issue: string,
  value: unknown,
  reason: Reason = 'invalid_type',
): InvalidAutoModelOptionsError {
  return new InvalidAutoModelOptionsError({
    reason,
    path: key === '' ? 'options' : `options.${key}`,
    issue,
    received: describe(value),
  });
}

/** Own option values, or the structured error. */
function fieldsOf(options: unknown): Record<string, unknown> {
  try {
    if (
      typeof options !== 'object' || options === null ||
      Array.isArray(options)
    ) {
      throw invalid('', 'an options object', options);
    }
    const fields: Record<string, unknown> = {};
    for (const key of Object.keys(options)) {
      if (!optionNames.includes(key)) {
        throw new InvalidAutoModelOptionsError({
          reason: 'unknown_key',
          path: `options.${key}`,
          issue: `not set: options are ${optionNames.join(', ')}`,
          received: describe(key),
          suggestion: closest(key, optionNames),
        });
      }
      fields[key] = (options as Record<string, unknown>)[key];
    }
    return fields;
  } catch (error) {
    if (error instanceof InvalidAutoModelOptionsError) throw error;
    throw new InvalidAutoModelOptionsError({
      reason: 'unreadable',
      path: 'options',
      issue: 'a readable options object',
      received: 'a value that throws when read',
    });
  }
}

/** A list of non-empty names, frozen, or the structured error. */
function names(
  key: string,
  value: unknown,
  issue = 'an array of tool names',
): readonly string[] | undefined {
  if (value === undefined) return undefined;
  let reason: Reason = 'invalid_type';
  try {
    if (Array.isArray(value)) {
      reason = 'invalid_value';
      if (
        value.length <= 10_000 &&
        value.every((name) => typeof name === 'string' && name !== '')
      ) {
        return Object.freeze([...value as string[]]);
      }
    }
  } catch {
    // Reading the list threw: reported below.
  }
  throw invalid(key, issue, value, reason);
}

function count(key: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number') throw invalid(key, 'a count', value);
  if (!Number.isInteger(value) || value < 0 || value > 100) {
    throw invalid(key, 'an integer from 0 to 100', value, 'invalid_value');
  }
  return value;
}

/**
 * Reads and checks the options.
 *
 * @param options What the caller gave.
 * @returns The checked options.
 * @throws {InvalidAutoModelOptionsError} When they are malformed.
 */
export function readOptions(options: unknown): Config {
  const fields = options === undefined ? {} : fieldsOf(options);
  const { seed = 0, handoff, onRejected = 'fail', isRejection, text } = fields;
  // `Number.isFinite` is false for anything but a finite number.
  if (!(typeof seed === 'string' || Number.isFinite(seed))) {
    throw invalid(
      'seed',
      'a finite number or a string',
      seed,
      typeof seed === 'number' ? 'invalid_value' : 'invalid_type',
    );
  }
  let handoffs: readonly string[] | undefined;
  if (handoff !== undefined && typeof handoff !== 'function') {
    const issue = 'an agent or handoff tool name, a list of them or a function';
    if (handoff === '') {
      throw invalid('handoff', issue, handoff, 'invalid_value');
    }
    // A list is read (and a non-list rejected) the way `tools` is.
    handoffs = names(
      'handoff',
      typeof handoff === 'string' ? [handoff] : handoff,
      issue,
    );
  }
  if (onRejected !== 'fail' && onRejected !== 'warn') {
    throw invalid(
      'onRejected',
      '"fail" or "warn"',
      onRejected,
      typeof onRejected === 'string' ? 'invalid_value' : 'invalid_type',
    );
  }
  if (isRejection !== undefined && typeof isRejection !== 'function') {
    throw invalid('isRejection', 'a function', isRejection);
  }
  if (text !== undefined && typeof text !== 'string') {
    throw invalid('text', 'a string', text);
  }
  return Object.freeze({
    seed: seed as number | string,
    tools: names('tools', fields.tools),
    allow: names('allow', fields.allow) ?? [],
    handoff: handoffs ?? handoff as Config['handoff'],
    maxHandoffs: count('maxHandoffs', fields.maxHandoffs, 3),
    retries: count('retries', fields.retries, 2),
    onRejected,
    isRejection: isRejection as Config['isRejection'],
    text: text as string | undefined,
  });
}
