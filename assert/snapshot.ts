/**
 * A normalized run snapshot: a plain, stable object of a run for the
 * snapshot assertions of any test runner — ids and timestamps replaced by
 * stable tokens, credentials redacted as fixtures redact them, parallel
 * tool results in a canonical order, keys sorted.
 *
 * @module
 */
import type { RecordedModelCall } from '../model/mod.ts';
import { isSecretValue, redaction } from '../_internal/redact.ts';
import { encode } from '../_internal/encode.ts';
import { array, at, fields, guard, object, reject } from '../_internal/read.ts';
import { type ApprovalRequest, pendingApprovals } from './approvals.ts';
import { type GuardrailRecord, readGuardrails } from './guardrails.ts';
import {
  collectToolCalls,
  type HandoffRecord,
  handoffsTaken,
  type ToolCallRecord,
} from './run_assertions.ts';
import { checking, field, itemsOf } from './_read.ts';

/**
 * What `runSnapshot()` takes besides the run.
 *
 * @example
 * ```ts
 * import { ScriptedModel } from '@scripted/agents';
 * import type { RunSnapshotOptions } from '@scripted/agents/assert';
 *
 * const options: RunSnapshotOptions = {
 *   models: [new ScriptedModel()],
 *   secrets: ['sk-test-1234567890'],
 * };
 * ```
 */
export interface RunSnapshotOptions {
  /** Doubles whose recorded calls the snapshot includes, in this order. */
  readonly models?: readonly { readonly calls: readonly RecordedModelCall[] }[];
  /** Values to redact wherever they appear (at least 8 characters each). */
  readonly secrets?: readonly string[];
}

/**
 * The normalized snapshot of a run, as `runSnapshot()` builds it: plain
 * JSON values only, keys sorted, ids as `<id N>`, timestamps as `<time>`,
 * credentials as `[redacted]`.
 *
 * @example
 * ```ts
 * import type { RunSnapshot } from '@scripted/agents/assert';
 *
 * const empty: RunSnapshot = {
 *   agent: 'A',
 *   finalOutput: 'Hi',
 *   guardrails: [],
 *   handoffs: [],
 *   interruptions: [],
 *   items: [],
 *   modelCalls: [],
 *   toolCalls: [],
 * };
 * ```
 */
export interface RunSnapshot {
  /** The name of the agent the run ended with. */
  readonly agent: string | undefined;
  /** The final output (`undefined` when interrupted). */
  readonly finalOutput: unknown;
  /** The guardrails that ran. */
  readonly guardrails: readonly GuardrailRecord[];
  /** The handoffs taken. */
  readonly handoffs: readonly HandoffRecord[];
  /** The approvals the run stopped on. */
  readonly interruptions: readonly ApprovalRequest[];
  /** The run's items, as JSON (`type`, `rawItem`, `agent`, `output`). */
  readonly items: readonly unknown[];
  /** Per model given, its recorded requests: `index`, `streamed`, what was asked. */
  readonly modelCalls: readonly (readonly unknown[])[];
  /** The function tool calls. */
  readonly toolCalls: readonly ToolCallRecord[];
}

const idKeys = new Set([
  'id',
  'callId',
  'call_id',
  'itemId',
  'item_id',
  'previousItemId',
  'responseId',
  'response_id',
  'previousResponseId',
  'conversationId',
  'traceId',
  'spanId',
  'groupId',
]);
const timeKeys =
  /^(?:created|timestamp|time|(?:created|started|ended|completed|updated)(?:At|_at))$/;
const isoTimes =
  /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g;
const requestKeys = [
  'systemInstructions',
  'input',
  'modelSettings',
  'tools',
  'handoffs',
  'outputType',
  'previousResponseId',
  'conversationId',
  'prompt',
] as const;

/** The call id a tool result answers, for a run item or a model input item. */
function resultCallId(entry: unknown): string | undefined {
  const raw = field(entry, 'type') === 'tool_call_output_item'
    ? field(entry, 'rawItem')
    : entry;
  const id = field(raw, 'type') === 'function_call_result'
    ? field(raw, 'callId')
    : undefined;
  return typeof id === 'string' ? id : undefined;
}

/** The call id of a function call, for a run item or a model input item. */
function callIdOf(entry: unknown): string | undefined {
  const raw = field(entry, 'type') === 'tool_call_item'
    ? field(entry, 'rawItem')
    : entry;
  const id = field(raw, 'type') === 'function_call'
    ? field(raw, 'callId')
    : undefined;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The list with each run of adjacent tool results sorted by where their
 * calls stand in the list (then by call id): the order the model asked
 * for, whatever order the tools finished in.
 */
export function canonicalOrder(list: readonly unknown[]): unknown[] {
  const calls = new Map<string, number>();
  list.forEach((entry, i) => {
    const id = callIdOf(entry);
    if (id !== undefined && !calls.has(id)) calls.set(id, i);
  });
  const rank = (entry: unknown) => calls.get(resultCallId(entry)!) ?? Infinity;
  const out: unknown[] = [];
  let run: unknown[] = [];
  const flush = () => {
    run.sort((a, b) =>
      rank(a) - rank(b) ||
      (resultCallId(a)! < resultCallId(b)! ? -1 : 1)
    );
    out.push(...run);
    run = [];
  };
  for (const entry of list) {
    if (resultCallId(entry) === undefined) {
      flush();
      out.push(entry);
    } else run.push(entry);
  }
  flush();
  return out;
}

/** The most values one snapshot holds (a guard against runaway data). */
const maxNodes = 100_000;
/** The deepest nesting one snapshot holds. */
const maxDepth = 100;

/**
 * The normalizing walk, one pass over the data as JSON would store it
 * (`toJSON` applied; functions, symbols and `undefined` dropped): id
 * tokens, masked times, sorted keys (the fixture encoder redacts after).
 * What JSON cannot hold (a bigint, a cycle) or data too big is an issue at
 * its path.
 */
export function normalizer(): (
  given: unknown,
  key: string,
  path: string,
) => unknown {
  const tokens = new Map<string, string>();
  const token = (id: string) =>
    tokens.get(id) ?? tokens.set(id, `<id ${tokens.size + 1}>`).get(id)!;
  const open = new Set<object>();
  let nodes = 0;
  const walk = (
    given: unknown,
    key: string,
    path: string,
  ): unknown => {
    if (++nodes > maxNodes) {
      throw reject('invalid_value', path, given, {
        expected: `at most ${maxNodes} values in a snapshot`,
      });
    }
    const toJSON = guard(path, () => field(given, 'toJSON'));
    const value = typeof toJSON === 'function'
      ? guard(path, () => toJSON.call(given, key))
      : given;
    if (typeof value === 'string') {
      if (idKeys.has(key)) return token(value);
      if (timeKeys.test(key)) return '<time>';
      return value.replace(isoTimes, '<time>');
    }
    if (typeof value === 'number') {
      if (timeKeys.test(key)) return '<time>';
      return Number.isFinite(value) ? value : null;
    }
    if (typeof value === 'bigint') {
      throw reject('invalid_type', path, value, { expected: 'a JSON value' });
    }
    if (typeof value !== 'object' || value === null) {
      return value === null || typeof value === 'boolean' ? value : undefined;
    }
    if (open.has(value) || open.size >= maxDepth) {
      throw reject('invalid_value', path, value, {
        expected: `data without cycles, at most ${maxDepth} deep`,
      });
    }
    open.add(value);
    try {
      if (guard(path, () => Array.isArray(value))) {
        return array(value, path, { max: maxNodes }).map((entry, i) =>
          walk(entry, '', at(path, i)) ?? null
        );
      }
      const out: Record<string, unknown> = {};
      const keys = guard(path, () => Object.keys(value).sort());
      for (const name of keys) {
        const entry = guard(
          at(path, name),
          () => (value as Record<string, unknown>)[name],
        );
        const shown = walk(entry, name, at(path, name));
        if (shown !== undefined) out[name] = shown;
      }
      return out;
    } finally {
      open.delete(value);
    }
  };
  return walk;
}

function modelCalls(models: readonly unknown[]): unknown[][] {
  return models.map((model, m) => {
    const path = at('options.models', m);
    object(model, path, { expected: 'a double with recorded "calls"' });
    const calls = array(
      guard(at(path, 'calls'), () => field(model, 'calls')),
      at(path, 'calls'),
      { expected: 'an array of recorded calls' },
    );
    return calls.map((call, c) => {
      const request = field(call, 'request');
      const where = at(at(path, 'calls'), c);
      const shown: Record<string, unknown> = {
        index: field(call, 'index'),
        streamed: field(call, 'streamed'),
      };
      for (const key of requestKeys) {
        shown[key] = guard(
          at(at(where, 'request'), key),
          () => field(request, key),
        );
      }
      const input = at(at(where, 'request'), 'input');
      if (guard(input, () => Array.isArray(shown.input))) {
        shown.input = canonicalOrder(array(shown.input, input));
      }
      return shown;
    });
  });
}

/**
 * A plain, stable object of a run, for `toMatchSnapshot()` (vitest,
 * Jest), Deno's `assertSnapshot` or `node:test`'s `t.assert.snapshot`:
 * the run's items, tool calls, handoffs, guardrails, interruptions and
 * final output, and the requests each given double recorded. Ids (`id`,
 * `callId`, `responseId`…) become `<id 1>`, `<id 2>`… in order of first
 * appearance (the same id, the same token), timestamps (under `createdAt`,
 * `timestamp`… keys, and ISO 8601 times anywhere in text) `<time>`; then
 * the fixtures' encoder redacts it, so a snapshot and a fixture of one run
 * remove the same values: every string under a credential key (numbers,
 * booleans and `null` kept; a JSON schema's property names are not keys),
 * credential shapes in text, JSON text key by key, and each of
 * `options.secrets` in values and object keys become `[redacted]`; the
 * results of parallel tool calls stand in the order the model asked for
 * them; keys are sorted. The same run gives the same snapshot on Deno,
 * Bun and Node, whatever order its tools finished in.
 *
 * @param result The run's result (plain, or streamed once completed).
 * @param options The doubles to include and the secrets to redact.
 * @returns The snapshot (fresh, JSON-safe).
 * @throws {InvalidRunAssertionInputError} When `result` is not a run
 * result or `options` is malformed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from '@scripted/agents';
 * import { runSnapshot } from '@scripted/agents/assert';
 *
 * const model = new ScriptedModel([[assistantMessage('Hi, sk-proj-abcdef1234567890')]]);
 * const agent = new Agent({ name: 'A', model });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, 'Hi');
 * const snapshot = runSnapshot(result, { models: [model] });
 * assert.equal(snapshot.finalOutput, 'Hi, [redacted]');
 * assert.equal(snapshot.modelCalls[0]!.length, 1);
 * ```
 */
export function runSnapshot(
  result: unknown,
  options?: RunSnapshotOptions,
): RunSnapshot {
  return checking(
    'runSnapshot',
    () => guard('result', () => snapshotOf(result, options)),
  );
}

function snapshotOf(result: unknown, options: unknown): RunSnapshot {
  const items = itemsOf(result);
  const read = fields(options ?? {}, 'options', ['models', 'secrets']).fields;
  const secrets = array(read.secrets ?? [], 'options.secrets', {
    expected: 'an array of strings',
  });
  secrets.forEach((secret, i) => {
    if (!isSecretValue(secret)) {
      // A string is described by its length: it is meant to be a secret.
      throw reject('invalid_value', at('options.secrets', i), secret, {
        expected: 'a string of at least 8 characters',
        received: typeof secret === 'string'
          ? `a string of ${secret.length} characters`
          : undefined,
      });
    }
  });
  const models = array(read.models ?? [], 'options.models');
  const hasGuardrails = guard(
    'result',
    () => 'inputGuardrailResults' in (result as object),
  );
  const interruptions = pendingApprovals(result);
  // An interrupted run has no final output (and the SDK warns when read).
  const finalOutput = interruptions.length > 0
    ? undefined
    : guard('result.finalOutput', () => field(result, 'finalOutput'));
  const snapshot = {
    agent: guard(
      'result.lastAgent',
      () => field(field(result, 'lastAgent'), 'name'),
    ),
    finalOutput,
    guardrails: hasGuardrails ? readGuardrails(result) : [],
    handoffs: handoffsTaken(result as never),
    interruptions,
    items: canonicalOrder(items),
    modelCalls: modelCalls(models),
    toolCalls: collectToolCalls(result),
  };
  // The fixtures' encoder: the same values removed, the same schemas,
  // numbers and booleans kept, JSON text redacted key by key.
  return encode(normalizer()(snapshot, '', 'snapshot'), {
    redaction: redaction(secrets as string[]),
  }) as unknown as RunSnapshot;
}
