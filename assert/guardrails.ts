/**
 * Guardrail assertions: which guardrails ran, of which kind, which tripped
 * — read from a `RunResult`, a `StreamedRunResult` or the error a run threw
 * — and "nothing after the tripwire": no model call and no tool after a
 * tripwire stopped the run.
 *
 * @module
 */
import type { RecordedModelCall } from '../model/mod.ts';
import { firstDifference } from '../_internal/diff.ts';
import { describe } from '../_internal/format.ts';
import {
  array,
  at,
  boolean,
  fields,
  guard,
  object,
  oneOf,
  reject,
  string,
} from '../_internal/read.ts';
import { RunAssertionError } from './errors.ts';
import { checking, field } from './_read.ts';

/**
 * The kind of a guardrail: on the run's input, on its final output, or on
 * a tool call's input or output.
 *
 * @example
 * ```ts
 * import type { GuardrailKind } from '@scripted/agents/assert';
 *
 * const kind: GuardrailKind = 'tool_input';
 * ```
 */
export type GuardrailKind = 'input' | 'output' | 'tool_input' | 'tool_output';

/**
 * One guardrail that ran, as `guardrailResults()` reports it.
 *
 * @example
 * ```ts
 * import type { GuardrailRecord } from '@scripted/agents/assert';
 *
 * const record: GuardrailRecord = {
 *   kind: 'input',
 *   name: 'no_secrets',
 *   tripped: true,
 *   outputInfo: { reason: 'api key' },
 * };
 * ```
 */
export interface GuardrailRecord {
  /** Which kind of guardrail. */
  readonly kind: GuardrailKind;
  /** Its name. */
  readonly name: string;
  /**
   * Whether it tripped: a tripwire for input and output guardrails, any
   * behavior but `allow` for tool guardrails.
   */
  readonly tripped: boolean;
  /** What the guardrail reported (`outputInfo`). */
  readonly outputInfo: unknown;
}

/**
 * One expected guardrail of `assertGuardrails()`: `kind` and `tripped`
 * are compared only when given.
 *
 * @example
 * ```ts
 * import type { ExpectedGuardrail } from '@scripted/agents/assert';
 *
 * const expected: ExpectedGuardrail = { name: 'no_secrets', tripped: true };
 * ```
 */
export interface ExpectedGuardrail {
  /** The guardrail's name. */
  name: string;
  /** Its kind. */
  kind?: GuardrailKind;
  /** Whether it tripped. */
  tripped?: boolean;
}

const kinds: readonly GuardrailKind[] = [
  'input',
  'tool_input',
  'tool_output',
  'output',
];
const resultKeys: Readonly<Record<GuardrailKind, string>> = {
  input: 'inputGuardrailResults',
  tool_input: 'toolInputGuardrailResults',
  tool_output: 'toolOutputGuardrailResults',
  output: 'outputGuardrailResults',
};
const tripwires: Readonly<Record<string, GuardrailKind>> = {
  InputGuardrailTripwireTriggered: 'input',
  OutputGuardrailTripwireTriggered: 'output',
  ToolInputGuardrailTripwireTriggered: 'tool_input',
  ToolOutputGuardrailTripwireTriggered: 'tool_output',
};
const outcomeExpected =
  'a RunResult, a StreamedRunResult or the error a run threw';

/** The kind of guardrail a thrown tripwire error names, else undefined. */
function tripwireKind(value: unknown): GuardrailKind | undefined {
  const name = field(value, 'name');
  return typeof name === 'string' && Object.hasOwn(tripwires, name)
    ? tripwires[name]
    : undefined;
}

/**
 * The tripwire error in what a run threw: itself, or the one a tool call
 * error wraps (the SDK wraps a tool input guardrail's tripwire in a
 * `ToolCallError`).
 */
function tripwireOf(
  thrown: unknown,
): { readonly kind: GuardrailKind; readonly error: unknown } | undefined {
  const inner = guard('outcome.error', () => field(thrown, 'error'));
  for (const error of [thrown, inner]) {
    const kind = tripwireKind(error);
    if (kind !== undefined) return { kind, error };
  }
  return undefined;
}

/** One SDK guardrail result as a record; `path` names it for errors. */
function record(kind: GuardrailKind, entry: unknown, path: string) {
  const read = fields(entry, path, ['guardrail', 'output'], {
    unknownKeys: 'allow',
    expected: 'a guardrail result',
  }).fields;
  const meta = fields(read.guardrail, at(path, 'guardrail'), ['name'], {
    unknownKeys: 'allow',
  }).fields;
  const name = string(meta.name, at(at(path, 'guardrail'), 'name'));
  const output = object(read.output, at(path, 'output'), {
    expected: 'a guardrail output',
  });
  const tripped = kind === 'input' || kind === 'output'
    ? field(output, 'tripwireTriggered') === true
    : field(field(output, 'behavior'), 'type') !== 'allow';
  return { kind, name, tripped, outputInfo: field(output, 'outputInfo') };
}

/** The guardrail records of a result or a thrown error, in kind order. */
export function readGuardrails(outcome: unknown): GuardrailRecord[] {
  object(outcome, 'outcome', { expected: outcomeExpected });
  const tripwire = tripwireOf(outcome);
  const isResult = guard(
    'outcome',
    () => resultKeys.input in (outcome as object),
  );
  const state = isResult ? undefined : guard(
    'outcome.state',
    () => field(outcome, 'state'),
  );
  if (!isResult && tripwire === undefined && state === undefined) {
    throw reject('invalid_type', 'outcome', outcome, {
      expected: outcomeExpected,
    });
  }
  const records: GuardrailRecord[] = [];
  const seen = new Set<unknown>();
  for (const kind of kinds) {
    const key = isResult ? resultKeys[kind] : `_${resultKeys[kind]}`;
    const path = isResult ? `outcome.${key}` : `outcome.state.${key}`;
    const source = isResult ? outcome : state;
    const list = guard(path, () => field(source, key));
    const entries = list === undefined ? [] : array(list, path);
    entries.forEach((entry, i) => {
      seen.add(entry);
      records.push(record(kind, entry, at(path, i)));
    });
    if (kind === tripwire?.kind) {
      const result = guard(
        'outcome.result',
        () => field(tripwire.error, 'result'),
      );
      if (!seen.has(result)) {
        records.push(record(kind, result, 'outcome.result'));
      }
    }
  }
  return records;
}

/**
 * The guardrails that ran, in kind order (input, tool input, tool output,
 * output; in run order within a kind): name, kind, whether each tripped and
 * what it reported. Reads a `RunResult`, a completed `StreamedRunResult`,
 * or the error a run threw (a tripwire error, or any SDK error carrying
 * the run's `state`), so a tripped run reads like a finished one.
 *
 * @param outcome The result, or what the run threw.
 * @returns The records (a fresh array).
 * @throws {InvalidRunAssertionInputError} When `outcome` is neither.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from '@scripted/agents';
 * import { guardrailResults } from '@scripted/agents/assert';
 *
 * const model = new ScriptedModel([[assistantMessage('Hi')]]);
 * const agent = new Agent({
 *   name: 'A',
 *   model,
 *   inputGuardrails: [{
 *     name: 'no_secrets',
 *     runInParallel: false,
 *     execute: async () => ({ tripwireTriggered: true, outputInfo: 'key' }),
 *   }],
 * });
 * const thrown = await new Runner({ tracingDisabled: true })
 *   .run(agent, 'My key is sk-123').catch((error: unknown) => error);
 * assert.deepEqual(guardrailResults(thrown), [
 *   { kind: 'input', name: 'no_secrets', tripped: true, outputInfo: 'key' },
 * ]);
 * ```
 */
export function guardrailResults(outcome: unknown): GuardrailRecord[] {
  return checking('guardrailResults', () => readGuardrails(outcome));
}

const expectedKeys = ['name', 'kind', 'tripped'] as const;

/**
 * Asserts the guardrails that ran, in the order `guardrailResults()` gives
 * (kind order): each one's `name`, and its `kind` and `tripped` when given;
 * exactly as many must have run.
 *
 * @param outcome The result, or what the run threw.
 * @param expected The expected guardrails.
 * @throws {RunAssertionError} When they differ (`path` the first
 * difference).
 * @throws {InvalidRunAssertionInputError} When `outcome` is not a result
 * or a run's error, or `expected` is malformed.
 *
 * @example
 * ```ts
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from '@scripted/agents';
 * import { assertGuardrails } from '@scripted/agents/assert';
 *
 * const model = new ScriptedModel([[assistantMessage('Hi')]]);
 * const agent = new Agent({
 *   name: 'A',
 *   model,
 *   outputGuardrails: [{
 *     name: 'polite',
 *     execute: async () => ({ tripwireTriggered: false, outputInfo: null }),
 *   }],
 * });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, 'Hi');
 * assertGuardrails(result, [{ name: 'polite', kind: 'output', tripped: false }]);
 * ```
 */
export function assertGuardrails(
  outcome: unknown,
  expected: readonly ExpectedGuardrail[],
): void {
  const assertion = 'assertGuardrails';
  const [wanted, actual] = checking(assertion, () => {
    const records = readGuardrails(outcome);
    const list = array(expected, 'expected', {
      expected: 'an array of expected guardrails',
    });
    const wanted = list.map((entry, i) => {
      const path = at('expected', i);
      const read = fields(entry, path, expectedKeys, {
        expected: 'an object with a "name"',
      }).fields;
      const want: ExpectedGuardrail = {
        name: string(read.name, at(path, 'name'), { nonEmpty: true }),
      };
      const kind = oneOf(read.kind, at(path, 'kind'), kinds, {
        optional: true,
      });
      if (kind !== undefined) want.kind = kind;
      const tripped = boolean(read.tripped, at(path, 'tripped'), {
        optional: true,
      });
      if (tripped !== undefined) want.tripped = tripped;
      return want;
    });
    const actual = records.map((found, i) => {
      const shape = wanted[i];
      const shown: Record<string, unknown> = { name: found.name };
      if (shape === undefined || 'kind' in shape) shown.kind = found.kind;
      if (shape === undefined || 'tripped' in shape) {
        shown.tripped = found.tripped;
      }
      return shown;
    });
    return [wanted, actual] as const;
  });
  const path = firstDifference(wanted, actual);
  if (path === undefined) return;
  throw new RunAssertionError({ assertion, expected: wanted, actual, path });
}

/**
 * Asserts that nothing ran after a guardrail tripwire stopped the run: for
 * an input tripwire, the model received no call at all and no tool ran;
 * for any other tripwire, the model received no call beyond the responses
 * the run had consumed. The guard against guardrails that fail open (a
 * guardrail running in parallel with the model call, a tool run after the
 * tripwire).
 *
 * @param thrown What the run threw (plain: `run()` rejected; streamed:
 * `run()` or `completed` rejected).
 * @param model The double that answered the run (anything with recorded
 * `calls`).
 * @returns The guardrail that tripped.
 * @throws {RunAssertionError} When `thrown` is not a tripwire error, or
 * the model was called or a tool ran after it (`expected` and `actual` are
 * `{ kind, modelCalls, toolsRun }`).
 * @throws {InvalidRunAssertionInputError} When `model` has no recorded
 * calls.
 *
 * @example
 * ```ts
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from '@scripted/agents';
 * import { assertNothingAfterTripwire } from '@scripted/agents/assert';
 *
 * const model = new ScriptedModel([[assistantMessage('Hi')]]);
 * const agent = new Agent({
 *   name: 'A',
 *   model,
 *   inputGuardrails: [{
 *     name: 'block',
 *     runInParallel: false,
 *     execute: async () => ({ tripwireTriggered: true, outputInfo: null }),
 *   }],
 * });
 * const thrown = await new Runner({ tracingDisabled: true })
 *   .run(agent, 'Hi').catch((error: unknown) => error);
 * assertNothingAfterTripwire(thrown, model);
 * ```
 */
export function assertNothingAfterTripwire(
  thrown: unknown,
  model: { readonly calls: readonly RecordedModelCall[] },
): GuardrailRecord {
  const assertion = 'assertNothingAfterTripwire';
  const kind = checking(assertion, () => tripwireOf(thrown))?.kind;
  if (kind === undefined) {
    throw new RunAssertionError({
      assertion,
      expected: 'a guardrail tripwire error',
      actual: describe(thrown),
      headline: `No tripwire: expected a guardrail tripwire error, got ${
        describe(thrown)
      }`,
    });
  }
  const [tripped, modelCalls, allowed, toolsRun] = checking(assertion, () => {
    object(model, 'model', { expected: 'a double with recorded "calls"' });
    const calls = array(
      guard('model.calls', () => field(model, 'calls')),
      'model.calls',
      { expected: 'an array of recorded calls' },
    );
    const records = readGuardrails(thrown);
    const tripped = records.find((r) => r.kind === kind && r.tripped) ??
      records.find((r) => r.kind === kind)!;
    const state = guard('outcome.state', () => field(thrown, 'state'));
    const responses = guard(
      'outcome.state._modelResponses',
      () => field(state, '_modelResponses'),
    );
    const generated = guard(
      'outcome.state._generatedItems',
      () => field(state, '_generatedItems'),
    );
    const items = Array.isArray(generated) ? generated : [];
    const toolsRun = kind !== 'input' ? [] : items
      .filter((item) => field(item, 'type') === 'tool_call_output_item')
      .map((item) => String(field(field(item, 'rawItem'), 'name')));
    const allowed = kind === 'input'
      ? 0
      : Array.isArray(responses)
      ? responses.length
      : calls.length;
    return [tripped, calls.length, allowed, toolsRun] as const;
  });
  const expected = { kind, modelCalls: allowed, toolsRun: [] };
  const actual = { kind, modelCalls, toolsRun };
  const path = firstDifference(expected, actual);
  if (path === undefined) return tripped;
  throw new RunAssertionError({
    assertion,
    expected,
    actual,
    path,
    headline:
      `Something ran after the ${kind} tripwire of "${tripped.name}": expected ${allowed} model ${
        allowed === 1 ? 'call' : 'calls'
      } and no tool, got ${modelCalls} and ${
        toolsRun.length === 0 ? 'no tool' : toolsRun.join(', ')
      }`,
  });
}
