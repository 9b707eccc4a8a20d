/**
 * What every run assertion reads the same way: the reader's issues become
 * an `InvalidRunAssertionInputError` naming the assertion, a run's items
 * are read once and checked, and a field is read without trusting the
 * value's shape.
 *
 * @module
 */
import type { Agent } from '@openai/agents-core';
import {
  array,
  boundary,
  fields,
  type Issue,
  object,
} from '../_internal/read.ts';
import { InvalidRunAssertionInputError } from './errors.ts';

/** Runs an assertion's reading: a reader's issue becomes its input error. */
export function checking<T>(assertion: string, body: () => T): T {
  return boundary(
    (issue: Issue) =>
      new InvalidRunAssertionInputError({
        reason: issue.code === 'missing' ? 'invalid_type' : issue.code,
        assertion,
        path: issue.path,
        issue: issue.expected,
        received: issue.received,
        suggestion: issue.suggestion,
      }, issue.code === 'unreadable' ? { cause: issue.cause } : undefined),
    body,
  );
}

/** The run's items, read once and checked. */
export function itemsOf(result: unknown): unknown[] {
  object(result, 'result', {
    expected: 'a RunResult (an object with "newItems")',
  });
  const { newItems } = fields(result, 'result', ['newItems'], {
    unknownKeys: 'allow',
  }).fields;
  return array(newItems, 'result.newItems', {
    expected: 'an array of run items',
  });
}

/** `value[key]` when `value` is an object, else `undefined`. */
export function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** A JSON text parsed; anything else (or text that is not JSON) as is. */
export function parse(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Any agent, whatever its context and output type. */
// deno-lint-ignore no-explicit-any
export type AnyAgent = Agent<any, any>;
