import {
  assistantMessage,
  functionCall,
  InvalidScriptedModelStepError,
} from '@scripted/agents';
import assert from 'node:assert/strict';
import test from 'node:test';

function assertInvalidInput(define: () => unknown, detail: RegExp): void {
  assert.throws(define, (error: unknown) => {
    assert(error instanceof InvalidScriptedModelStepError);
    assert.equal(error.name, 'InvalidScriptedModelStepError');
    assert.equal(error.reason, 'invalid_input');
    assert.equal(error.inputIndex, undefined);
    assert.equal(error.callIndex, undefined);
    assert.equal(error.stepType, undefined);
    assert.match(error.detail ?? '', detail);
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

test('assistantMessage rejects malformed text and options', () => {
  assertInvalidInput(
    () => assistantMessage(3 as never),
    /text must be a string/,
  );
  assertInvalidInput(
    () => assistantMessage('x', { phase: 'later' as never }),
    /phase/,
  );
  assertInvalidInput(() => assistantMessage('x', { id: 5 as never }), /id/);
  assertInvalidInput(
    () => assistantMessage('x', { providerData: [] as never }),
    /providerData/,
  );
  assertInvalidInput(() => assistantMessage('x', 'opts' as never), /options/);
});

test('functionCall serializes object arguments and keeps string ones', () => {
  assert.deepEqual(
    functionCall('lookup', { id: 1 }, { callId: 'call_1' }),
    {
      type: 'function_call',
      callId: 'call_1',
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
    /callId/,
  );
  assertInvalidInput(() => functionCall('lookup', {}, {} as never), /callId/);
  assertInvalidInput(
    () => functionCall('lookup', {}, { callId: '' }),
    /callId/,
  );
  assertInvalidInput(
    () => functionCall('lookup', {}, { callId: 7 as never }),
    /callId/,
  );
});

test('functionCall rejects a bad name, arguments or hostile options', () => {
  assertInvalidInput(() => functionCall('', {}, { callId: 'c' }), /name/);
  assertInvalidInput(
    () => functionCall('f', 12 as never, { callId: 'c' }),
    /args/,
  );
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  assertInvalidInput(
    () => functionCall('f', cyclic, { callId: 'c' }),
    /serialized/,
  );
  assertInvalidInput(
    () => functionCall('f', { toJSON: () => undefined }, { callId: 'c' }),
    /serialized/,
  );
  const hostile = {
    get callId(): string {
      throw new Error('no');
    },
  };
  assertInvalidInput(() => functionCall('f', {}, hostile), /threw/);
});

test('Item helpers report a revoked proxy as invalid_input, not a TypeError', () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  assertInvalidInput(() => assistantMessage('x', proxy as never), /threw/);
  assertInvalidInput(
    () => assistantMessage('x', { providerData: proxy as never }),
    /threw/,
  );
  assertInvalidInput(() => functionCall('f', proxy, { callId: 'c' }), /./);
  assertInvalidInput(
    () => functionCall('f', {}, { callId: proxy as never }),
    /./,
  );
});
