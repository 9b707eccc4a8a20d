/**
 * `assertApprovals()` reads a result, a session or a history it cannot
 * use into a structured error naming the field: a getter that throws, a
 * context without approval records, a session whose transport recorded no
 * call ids, a function call without a name. And an approved entry given
 * as `{ name }` means that tool's calls ran.
 *
 * @module
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { Agent, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import {
  assertApprovals,
  type ExpectedApprovals,
  InvalidRunAssertionInputError,
} from '@scripted/agents/assert';

/** The input error `assertApprovals(source, expected)` throws. */
function inputError(
  source: unknown,
  expected: ExpectedApprovals = { rejected: ['delete_file'] },
): InvalidRunAssertionInputError {
  try {
    assertApprovals(source, expected);
  } catch (error) {
    assert.ok(error instanceof InvalidRunAssertionInputError, String(error));
    assert.equal(error.assertion, 'assertApprovals');
    return error;
  }
  assert.fail('assertApprovals accepted what it cannot read');
}

/** An object whose `key` (on its prototype, as a class has it) throws. */
function throwingOn(key: string, own: Record<string, unknown>): object {
  const proto = {
    get [key](): never {
      throw new Error('boom');
    },
  };
  return Object.assign(Object.create(proto), own);
}

/** A run's items: `delete_file` called and answered without running. */
const answered = [
  {
    type: 'tool_call_item',
    rawItem: {
      type: 'function_call',
      name: 'delete_file',
      callId: 'call_1',
      arguments: '{}',
    },
  },
  {
    type: 'tool_call_output_item',
    rawItem: { type: 'function_call_result', callId: 'call_1' },
    output: 'No',
    executionStatus: 'not_executed',
  },
];

test('A result whose interruptions cannot be read is an input error at result.interruptions', () => {
  const error = inputError(
    throwingOn('interruptions', { newItems: answered }),
  );
  assert.equal(error.reason, 'unreadable');
  assert.equal(error.path, 'result.interruptions');
});

test('A result whose state cannot be read is an input error at result.state', () => {
  const error = inputError(throwingOn('state', { newItems: answered }));
  assert.equal(error.reason, 'unreadable');
  assert.equal(error.path, 'result.state');
});

test('A result whose context records no approvals is an input error at result.state', () => {
  const none = inputError({ newItems: answered, state: { _context: {} } });
  assert.equal(none.reason, 'invalid_type');
  assert.equal(none.path, 'result.state');
  assert.equal(none.received, 'no approval records');
  const number = inputError({
    newItems: answered,
    state: { _context: { isToolApproved: 3 } },
  });
  assert.equal(number.reason, 'invalid_type');
  assert.equal(number.received, 'number');
});

test('A run item that cannot be read is an input error at result.newItems', () => {
  const error = inputError({ newItems: [throwingOn('type', {})] });
  assert.equal(error.reason, 'unreadable');
  assert.equal(error.path, 'result.newItems');
});

const history = [
  { type: 'message', role: 'user', itemId: 'm1', content: [] },
  {
    type: 'function_call',
    name: 'delete_file',
    itemId: 'i1',
    arguments: '{}',
    output: 'Deleted',
  },
];

test('A session whose context or transport cannot be read is an input error naming it', () => {
  const context = inputError(throwingOn('context', { history }));
  assert.equal(context.reason, 'unreadable');
  assert.equal(context.path, 'result.context');
  const transport = inputError(
    throwingOn('transport', {
      history,
      context: { isToolApproved: () => undefined },
    }),
  );
  assert.equal(transport.reason, 'unreadable');
  assert.equal(transport.path, 'result.transport');
});

test('An answered call of a session on another transport (no recorded call ids) is an invalid value', () => {
  const error = inputError({
    history,
    context: { isToolApproved: () => undefined },
    transport: {},
  });
  assert.equal(error.reason, 'invalid_value');
  assert.equal(error.path, 'result.history[1]');
  assert.match(error.issue, /scripted transport/);
  // A history alone holds no decision.
  const alone = inputError(history);
  assert.equal(alone.reason, 'invalid_value');
  assert.equal(alone.path, 'result[1]');
  assert.match(alone.issue, /RealtimeSession itself/);
});

test('A history function call without a tool name is an input error at its name', () => {
  const error = inputError([{ type: 'function_call', itemId: 'i1' }]);
  assert.equal(error.reason, 'invalid_type');
  assert.equal(error.path, 'result[0].name');
});

test('An approved entry given as { name } means every call of that tool ran', async () => {
  const read = tool({
    name: 'read_file',
    description: 'Read a file',
    parameters: z.object({ path: z.string() }),
    needsApproval: false,
    execute: ({ path }) => `read ${path}`,
  });
  const model = new ScriptedModel([
    [functionCall('read_file', { path: 'a.txt' }, { callId: 'call_1' })],
    [assistantMessage('Done')],
  ]);
  const result = await new Runner({ tracingDisabled: true }).run(
    new Agent({ name: 'Files', model, tools: [read] }),
    'Read it',
  );
  assertApprovals(result, { approved: [{ name: 'read_file' }] });
  assert.throws(
    () =>
      assertApprovals(result, { rejected: [{ name: 'read_file' }] as never }),
    InvalidRunAssertionInputError,
  );
});
