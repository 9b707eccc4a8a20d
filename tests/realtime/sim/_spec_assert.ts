/** Shared assertions of the realtime mutation tests (not a test file itself). */
import assert from 'node:assert/strict';
import { InvalidRealtimeSpecError } from '@scripted/agents/realtime/sim';

/** The structured fields of an `InvalidRealtimeSpecError`. */
export interface SpecFields {
  operation: string;
  reason: string;
  path: string;
  issue: string;
  received: string;
  suggestion?: string;
}

/** Checks one `InvalidRealtimeSpecError`: class, name, fields, message. */
export function checkSpecError(
  error: unknown,
  fields: SpecFields,
  message: string,
): true {
  assert(error instanceof InvalidRealtimeSpecError, String(error));
  assert.equal(error.name, 'InvalidRealtimeSpecError');
  assert.deepEqual({
    operation: error.operation,
    reason: error.reason,
    path: error.path,
    issue: error.issue,
    received: error.received,
    suggestion: error.suggestion,
  }, { suggestion: undefined, ...fields });
  assert.equal(error.message, message);
  return true;
}

/** Asserts that `fn` throws exactly this `InvalidRealtimeSpecError`. */
export function throwsSpec(
  fn: () => unknown,
  fields: SpecFields,
  message: string,
): void {
  assert.throws(fn, (error) => checkSpecError(error, fields, message));
}

/** Records every emitted event as `[type, ...args]`. */
export function recorder(): {
  events: unknown[][];
  emit: (type: string, ...args: unknown[]) => boolean;
} {
  const events: unknown[][] = [];
  return {
    events,
    emit: (type: string, ...args: unknown[]) => {
      events.push([type, ...args]);
      return true;
    },
  };
}
