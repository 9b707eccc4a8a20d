import assert from 'node:assert/strict';
import test from 'node:test';
import {
  InvalidScriptedSandboxStepError,
  SandboxCallMatcherError,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from '@scripted/agents';

test('UnexpectedSandboxCallError names the expected method and what is left', () => {
  const error = new UnexpectedSandboxCallError({
    callIndex: 2,
    actualMethod: 'writeStdin',
    expectedMethod: 'execCommand',
    remainingSteps: 3,
  });
  assert(error instanceof Error);
  assert.equal(error.name, 'UnexpectedSandboxCallError');
  assert.equal(error.callIndex, 2);
  assert.equal(error.actualMethod, 'writeStdin');
  assert.equal(error.expectedMethod, 'execCommand');
  assert.equal(error.remainingSteps, 3);
  assert.equal(
    error.message,
    'Unexpected sandbox call 2 to "writeStdin": expected "execCommand", 3 steps left in the script',
  );
});

test('UnexpectedSandboxCallError says when the script has ended', () => {
  const error = new UnexpectedSandboxCallError({
    callIndex: 0,
    actualMethod: 'close',
    expectedMethod: undefined,
    remainingSteps: 0,
  });
  assert.equal(error.expectedMethod, undefined);
  assert.equal(
    error.message,
    'Unexpected sandbox call 0 to "close": the script has no steps left',
  );
});

test('SandboxCallMatcherError names the rejected call', () => {
  const error = new SandboxCallMatcherError({
    callIndex: 1,
    method: 'execCommand',
  });
  assert(error instanceof Error);
  assert.equal(error.name, 'SandboxCallMatcherError');
  assert.equal(error.callIndex, 1);
  assert.equal(error.method, 'execCommand');
  assert.equal(
    error.message,
    'Sandbox call 1 to "execCommand" rejected: the matcher of its step returned false',
  );
});

test('UnconsumedSandboxStepsError lists the pending methods, detached', () => {
  const pending: ('execCommand' | 'close')[] = ['execCommand', 'close'];
  const error = new UnconsumedSandboxStepsError({
    remainingSteps: 2,
    pendingMethods: pending,
  });
  pending.push('close');
  assert(error instanceof Error);
  assert.equal(error.name, 'UnconsumedSandboxStepsError');
  assert.equal(error.remainingSteps, 2);
  assert.deepEqual(error.pendingMethods, ['execCommand', 'close']);
  assert(Object.isFrozen(error.pendingMethods));
  assert.equal(
    error.message,
    'Sandbox script not complete: 2 steps left, for "execCommand", "close"',
  );
});

test('InvalidScriptedSandboxStepError states the step, method, expectation and what was found', () => {
  const cause = new Error('boom');
  const error = new InvalidScriptedSandboxStepError(
    {
      reason: 'missing_outcome',
      inputIndex: 4,
      method: 'readFile',
      received: '"error"',
    },
    { cause },
  );
  assert(error instanceof Error);
  assert(error instanceof InvalidScriptedSandboxStepError);
  assert.equal(error.name, 'InvalidScriptedSandboxStepError');
  assert.equal(error.reason, 'missing_outcome');
  assert.equal(error.inputIndex, 4);
  assert.equal(error.method, 'readFile');
  assert.equal(error.received, '"error"');
  assert.equal(error.suggestion, undefined);
  assert.equal(error.cause, cause);
  assert.equal(
    error.message,
    'Invalid scripted sandbox step 4 ("readFile"): expected one of "result", "respond" or "error" with a value, got "error" set to undefined',
  );
});

test('InvalidScriptedSandboxStepError adds a did-you-mean suggestion', () => {
  const error = new InvalidScriptedSandboxStepError({
    reason: 'unknown_method',
    inputIndex: 2,
    received: '"execComand"',
    suggestion: 'execCommand',
  });
  assert.equal(error.name, 'InvalidScriptedSandboxStepError');
  assert.equal(error.reason, 'unknown_method');
  assert.equal(error.inputIndex, 2);
  assert.equal(error.method, undefined);
  assert.equal(error.received, '"execComand"');
  assert.equal(error.suggestion, 'execCommand');
  assert.equal(error.cause, undefined);
  assert.equal(
    error.message,
    'Invalid scripted sandbox step 2: expected a SandboxSession method name, got "execComand" (did you mean "execCommand"?)',
  );
});

test('InvalidScriptedSandboxStepError without a step index, method or received value', () => {
  const whole = new InvalidScriptedSandboxStepError({
    reason: 'invalid_steps',
    inputIndex: undefined,
  });
  assert.equal(whole.reason, 'invalid_steps');
  assert.equal(whole.inputIndex, undefined);
  assert.equal(whole.method, undefined);
  assert.equal(whole.received, undefined);
  assert.equal(whole.suggestion, undefined);
  assert.equal(
    whole.message,
    'Invalid scripted sandbox script: expected the steps to be an array, got a value that could not be read',
  );
  const unknown = new InvalidScriptedSandboxStepError({
    reason: 'unknown_method',
    inputIndex: 0,
  });
  assert.equal(
    unknown.message,
    'Invalid scripted sandbox step 0: expected a SandboxSession method name',
  );
  const several = new InvalidScriptedSandboxStepError({
    reason: 'multiple_outcomes',
    inputIndex: 1,
    method: 'close',
  });
  assert.equal(
    several.message,
    'Invalid scripted sandbox step 1 ("close"): expected exactly one of "result", "respond" or "error", got several',
  );
});
