import assert from 'node:assert/strict';
import test from 'node:test';
import {
  assistantMessage,
  functionCall,
  InvalidScriptedModelStepError,
  modelResponder,
  modelStreamResponder,
  ScriptedModel,
} from '@scripted/agents';

// Minimal inputs the fuzz suite found. A revoked proxy makes even
// Array.isArray throw a TypeError; each must get the contract's error.
function revoked(): never {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy as never;
}

function assertInvalid(attempt: () => unknown, reason: string): void {
  assert.throws(attempt, (error: unknown) => {
    assert(error instanceof InvalidScriptedModelStepError);
    assert.equal(error.name, 'InvalidScriptedModelStepError');
    assert.equal(error.reason, reason);
    return true;
  });
}

test('modelResponder rejects a revoked proxy with the structured error', () => {
  assertInvalid(() => modelResponder(revoked()), 'missing_responder');
});

test('modelStreamResponder rejects a revoked proxy with the structured error', () => {
  assertInvalid(() => modelStreamResponder(revoked()), 'missing_responder');
});

test('ScriptedModel rejects a revoked proxy responder with reason missing_responder', () => {
  assertInvalid(
    () => new ScriptedModel([{ type: 'responder', respond: revoked() }]),
    'missing_responder',
  );
});

test('assistantMessage rejects revoked-proxy text with the structured error', () => {
  assertInvalid(() => assistantMessage(revoked()), 'invalid_input');
});

test('functionCall rejects a revoked-proxy name or callId with the structured error', () => {
  assertInvalid(
    () => functionCall(revoked(), '{}', { callId: 'call_1' }),
    'invalid_input',
  );
  assertInvalid(
    () => functionCall('tool', '{}', { callId: revoked() }),
    'invalid_input',
  );
});

test('assistantMessage rejects an option getter that throws an unprintable value', () => {
  // String() of a null-prototype object throws a TypeError of its own.
  const options = Object.defineProperty({}, 'id', {
    get(): never {
      throw Object.create(null);
    },
  });
  assertInvalid(() => assistantMessage('hi', options), 'invalid_input');
});
