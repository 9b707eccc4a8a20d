import {
  assistantMessage,
  functionCall,
  InvalidScriptedModelStepError,
} from '@scripted/agents';
import assert from 'node:assert/strict';
import test from 'node:test';

function assertInvalidInput(
  define: () => unknown,
  expected: {
    issue: InvalidScriptedModelStepError['issue'];
    path: string;
    received?: string;
    cause?: boolean;
  },
): void {
  assert.throws(define, (error: unknown) => {
    assert(error instanceof InvalidScriptedModelStepError);
    assert.equal(error.name, 'InvalidScriptedModelStepError');
    assert.equal(error.reason, 'invalid_input');
    assert.equal(error.issue, expected.issue);
    assert.equal(error.path, expected.path);
    assert.equal(error.received, expected.received);
    assert.equal(error.cause !== undefined, expected.cause ?? false);
    assert.equal(error.inputIndex, undefined);
    assert.equal(error.callIndex, undefined);
    assert.equal(error.stepType, undefined);
    assert.match(error.message, /^Invalid model step: expected /);
    if (expected.received !== undefined) {
      assert(error.message.includes(`, got ${expected.received}`));
    }
    return true;
  });
}

test('assistantMessage builds a completed message with only the options given', () => {
  assert.deepEqual(assistantMessage('Hi'), {
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text: 'Hi' }],
  });
  assert.deepEqual(
    assistantMessage('Done', {
      id: 'msg_1',
      phase: 'final_answer',
      providerData: { source: 'script' },
    }),
    {
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: 'Done' }],
      id: 'msg_1',
      phase: 'final_answer',
      providerData: { source: 'script' },
    },
  );
});

test("Item helpers write their keys in the SDK module's order", () => {
  assert.deepEqual(
    Object.keys(
      assistantMessage('Done', {
        id: 'msg_1',
        phase: 'final_answer',
        providerData: {},
      }),
    ),
    ['type', 'role', 'status', 'id', 'phase', 'content', 'providerData'],
  );
  assert.deepEqual(
    Object.keys(
      functionCall('f', {}, {
        callId: 'c',
        namespace: 'n',
        providerData: {},
      }),
    ),
    [
      'type',
      'name',
      'callId',
      'id',
      'namespace',
      'status',
      'arguments',
      'providerData',
    ],
  );
});

test('assistantMessage rejects malformed text and options', () => {
  assertInvalidInput(() => assistantMessage(3 as never), {
    issue: 'invalid_text',
    path: 'text',
    received: '3',
  });
  assertInvalidInput(
    () => assistantMessage('x', { phase: 'later' as never }),
    { issue: 'invalid_option', path: 'options.phase', received: '"later"' },
  );
  assertInvalidInput(() => assistantMessage('x', { id: 5 as never }), {
    issue: 'invalid_option',
    path: 'options.id',
    received: '5',
  });
  assertInvalidInput(
    () => assistantMessage('x', { providerData: [] as never }),
    {
      issue: 'invalid_option',
      path: 'options.providerData',
      received: 'an array of 0',
    },
  );
  assertInvalidInput(() => assistantMessage('x', 'opts' as never), {
    issue: 'invalid_option',
    path: 'options',
    received: '"opts"',
  });
});

test('functionCall serializes object arguments and keeps string ones', () => {
  assert.deepEqual(
    functionCall('lookup', { id: 1 }, { callId: 'call_1' }),
    {
      type: 'function_call',
      callId: 'call_1',
      id: 'call_1',
      name: 'lookup',
      status: 'completed',
      arguments: '{"id":1}',
    },
  );
  const call = functionCall('lookup', '{"raw":true}', {
    callId: 'call_2',
    id: 'fc_2',
    namespace: 'orders',
    providerData: { a: 1 },
  });
  assert.equal(call.arguments, '{"raw":true}');
  assert.equal(call.id, 'fc_2');
  assert.equal(call.namespace, 'orders');
  assert.deepEqual(call.providerData, { a: 1 });
});

test('functionCall requires a callId where it is written', () => {
  assertInvalidInput(
    () => functionCall('lookup', {}, undefined as never),
    { issue: 'missing_call_id', path: 'options', received: 'undefined' },
  );
  assertInvalidInput(() => functionCall('lookup', {}, {} as never), {
    issue: 'missing_call_id',
    path: 'options.callId',
    received: 'undefined',
  });
  assertInvalidInput(
    () => functionCall('lookup', {}, { callId: '' }),
    { issue: 'missing_call_id', path: 'options.callId', received: '""' },
  );
  assertInvalidInput(
    () => functionCall('lookup', {}, { callId: 7 as never }),
    { issue: 'missing_call_id', path: 'options.callId', received: '7' },
  );
});

test('functionCall rejects a bad name, arguments or hostile options', () => {
  assertInvalidInput(() => functionCall('', {}, { callId: 'c' }), {
    issue: 'invalid_name',
    path: 'name',
    received: '""',
  });
  assertInvalidInput(
    () => functionCall('f', 12 as never, { callId: 'c' }),
    { issue: 'invalid_arguments', path: 'args', received: '12' },
  );
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  assertInvalidInput(
    () => functionCall('f', cyclic, { callId: 'c' }),
    {
      issue: 'invalid_arguments',
      path: 'args',
      received: 'an object',
      cause: true,
    },
  );
  assertInvalidInput(
    () => functionCall('f', { toJSON: () => undefined }, { callId: 'c' }),
    { issue: 'invalid_arguments', path: 'args', received: 'an object' },
  );
  const hostile = {
    get callId(): string {
      throw new Error('no');
    },
  };
  assertInvalidInput(() => functionCall('f', {}, hostile), {
    issue: 'unreadable',
    path: 'options.callId',
    cause: true,
  });
});

test('Item helpers report a revoked proxy as invalid_input, not a TypeError', () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  assertInvalidInput(() => assistantMessage('x', proxy as never), {
    issue: 'unreadable',
    path: 'options',
    cause: true,
  });
  assertInvalidInput(
    () => assistantMessage('x', { providerData: proxy as never }),
    { issue: 'unreadable', path: 'options.providerData', cause: true },
  );
  assertInvalidInput(() => functionCall('f', proxy, { callId: 'c' }), {
    issue: 'invalid_arguments',
    path: 'args',
    cause: true,
    received: 'an unreadable value',
  });
  assertInvalidInput(
    () => functionCall('f', {}, { callId: proxy as never }),
    {
      issue: 'missing_call_id',
      path: 'options.callId',
      received: 'an unreadable value',
    },
  );
});
