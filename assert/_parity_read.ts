/**
 * What `assertRunParity()` reads at the call: the factory, the input, and
 * the options (the paths, the fields, the approval decisions), checked
 * before any path runs.
 *
 * @module
 */
import {
  array,
  at,
  fields,
  func,
  object,
  oneOf,
  reject,
  string,
} from '../_internal/read.ts';
import { plural } from '../_internal/format.ts';
import { names } from './approvals.ts';

/**
 * How a script is run: `run` (plain), `stream` (`{ stream: true }`, the
 * stream read to the end), `resume` (plain, every interruption serialized
 * with `toString()` and restored with `RunState.fromString` before it is
 * resumed).
 */
export type RunPath = 'run' | 'stream' | 'resume';

/** What `assertRunParity()` compares, in the order it compares them. */
export type RunParityField =
  | 'finalOutput'
  | 'newItems'
  | 'interruptions'
  | 'toolExecutions'
  | 'handoffs'
  | 'guardrails'
  | 'usage'
  | 'doubles';

/** Every path, in the order they run. */
export const runPaths: readonly RunPath[] = ['run', 'stream', 'resume'];

/** Every field, in the order they are compared. */
export const parityFields: readonly RunParityField[] = [
  'finalOutput',
  'newItems',
  'interruptions',
  'toolExecutions',
  'handoffs',
  'guardrails',
  'usage',
  'doubles',
];

/** The decisions for every interruption, read once. */
export interface Decisions {
  /** Tool names or call ids to approve. */
  readonly approve: readonly string[];
  /** Tool names or call ids to reject. */
  readonly reject: readonly string[];
  /** What a rejected call returns to the model; the SDK's text if absent. */
  readonly message: string | undefined;
}

/** The call, read and checked. */
export interface ParityPlan {
  /** The input each path starts with. */
  readonly input: string | unknown[];
  /** The paths to run, the first the reference. */
  readonly paths: readonly RunPath[];
  /** The fields to compare, in comparison order. */
  readonly fields: readonly RunParityField[];
  /** The decisions. */
  readonly decisions: Decisions;
}

/** A list of distinct choices, at least `min` of them. */
function choices<T extends string>(
  value: unknown,
  path: string,
  allowed: readonly T[],
  min: number,
): T[] {
  const list = array(value, path, {
    expected: `an array of ${min === 1 ? 'names' : `at least ${min} names`}`,
  });
  const chosen = list.map((entry, i) => oneOf(entry, at(path, i), allowed));
  chosen.forEach((name, i) => {
    if (chosen.indexOf(name) === i) return;
    throw reject('invalid_value', at(path, i), name, {
      expected: 'a name not given before',
    });
  });
  if (chosen.length < min) {
    throw reject('invalid_value', path, value, {
      expected: `at least ${min} of ${allowed.length} names`,
      received: plural(chosen.length, 'name'),
    });
  }
  return chosen;
}

/** The input: a string or a list of input items (copied), each an object. */
function readInput(input: unknown): string | unknown[] {
  if (typeof input === 'string') return input;
  const list = array(input, 'input', {
    expected: 'a string or an array of input items',
  });
  list.forEach((item, i) =>
    object(item, at('input', i), {
      expected: 'an input item (an object such as { role: "user", content })',
    })
  );
  return list;
}

/**
 * Reads `assertRunParity()`'s arguments.
 *
 * @param factory What builds the agent.
 * @param input What each run starts with.
 * @param options The paths, the fields and the decisions.
 * @returns The plan.
 * @throws {InputIssue} What the first wrong value is.
 */
export function readParity(
  factory: unknown,
  input: unknown,
  options: unknown,
): ParityPlan {
  func(factory, 'factory', {
    expected: 'a function that builds the agent and its doubles',
  });
  const start = readInput(input);
  const read = fields(options, 'options', ['approvals', 'paths', 'fields'], {
    optional: true,
  }).fields;
  const paths = read.paths === undefined
    ? runPaths
    : choices(read.paths, 'options.paths', runPaths, 2);
  const compared = read.fields === undefined
    ? parityFields
    : choices(read.fields, 'options.fields', parityFields, 1);
  const given = fields(read.approvals, 'options.approvals', [
    'approve',
    'reject',
    'rejectionMessage',
  ], { optional: true }).fields;
  return {
    input: start,
    paths,
    // Compared in the documented order, whatever order they were given in.
    fields: parityFields.filter((name) => compared.includes(name)),
    decisions: {
      approve: names(given.approve, 'options.approvals.approve'),
      reject: names(given.reject, 'options.approvals.reject'),
      message: string(
        given.rejectionMessage,
        'options.approvals.rejectionMessage',
        { optional: true },
      ),
    },
  };
}
