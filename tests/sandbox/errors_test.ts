import assert from 'node:assert/strict';
import test from 'node:test';
import {
  InvalidScriptedSandboxStepError,
  type InvalidScriptedSandboxStepIssue,
  type InvalidScriptedSandboxStepReason,
  SandboxCallMatcherError,
  scriptedSandboxSession,
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
    'Unexpected sandbox call 2 to "writeStdin": expected "execCommand", 3 steps left',
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
    'Unexpected sandbox call 0 to "close": expected no more calls, no steps left',
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
  assert.equal(error.matcherResult, 'false');
  assert.equal(Object.hasOwn(error, 'cause'), false);
});

test('SandboxCallMatcherError says what a matcher threw, kept as the cause', () => {
  const error = new SandboxCallMatcherError(
    { index: 2, method: 'readFile', args: [] },
    { matcherResult: 'threw', cause: undefined },
  );
  assert(error instanceof Error);
  assert.equal(error.name, 'SandboxCallMatcherError');
  assert.equal(error.callIndex, 2);
  assert.equal(error.method, 'readFile');
  assert.equal(error.matcherResult, 'threw');
  assert(Object.hasOwn(error, 'cause'));
  assert.equal(error.cause, undefined);
  assert.equal(
    error.message,
    'Sandbox call 2 to "readFile" rejected: the matcher of its step threw undefined',
  );
  const text = new SandboxCallMatcherError(
    { callIndex: 0, method: 'exec' },
    { matcherResult: 'threw', cause: 'x'.repeat(100) },
  );
  assert.equal(text.cause, 'x'.repeat(100));
  assert.equal(
    text.message,
    `Sandbox call 0 to "exec" rejected: the matcher of its step threw "${
      'x'.repeat(40)
    }…"`,
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
    'Incomplete sandbox script: 2 steps left ("execCommand", "close")',
  );
});

test('UnexpectedSandboxCallError takes the SDK testing module form without expectedMethod', () => {
  const error = new UnexpectedSandboxCallError({
    callIndex: 1,
    actualMethod: 'exec',
    remainingSteps: 2,
  });
  assert.equal(error.name, 'UnexpectedSandboxCallError');
  assert.equal(error.callIndex, 1);
  assert.equal(error.actualMethod, 'exec');
  assert.equal(error.expectedMethod, undefined);
  assert.equal(error.remainingSteps, 2);
  assert.equal(
    error.message,
    'Unexpected sandbox call 1 to "exec": expected no more calls, 2 steps left',
  );
});

test('SandboxCallMatcherError takes a recorded call, as the SDK testing module does', async () => {
  const error = new SandboxCallMatcherError({
    index: 4,
    method: 'readFile',
    args: [{ path: 'a.md' }],
  });
  assert.equal(error.name, 'SandboxCallMatcherError');
  assert.equal(error.callIndex, 4);
  assert.equal(error.method, 'readFile');
  assert.equal(
    error.message,
    'Sandbox call 4 to "readFile" rejected: the matcher of its step returned false',
  );
  // A call the session recorded works as well.
  const sandbox = scriptedSandboxSession([
    { method: 'readFile', result: 'x' },
  ]);
  await sandbox.readFile({ path: 'a.md' });
  assert.equal(new SandboxCallMatcherError(sandbox.calls[0]!).callIndex, 0);
});

test('UnconsumedSandboxStepsError takes the pending methods alone, as the SDK testing module does', () => {
  const pending = ['exec', 'close'];
  const error = new UnconsumedSandboxStepsError(pending);
  pending.push('close');
  assert.equal(error.name, 'UnconsumedSandboxStepsError');
  assert.equal(error.remainingSteps, 2);
  assert.deepEqual(error.pendingMethods, ['exec', 'close']);
  assert(Object.isFrozen(error.pendingMethods));
  assert.equal(
    error.message,
    'Incomplete sandbox script: 2 steps left ("exec", "close")',
  );
  const none = new UnconsumedSandboxStepsError([]);
  assert.equal(none.remainingSteps, 0);
});

test('InvalidScriptedSandboxStepError takes the SDK testing module form and keeps its message', () => {
  const error = new InvalidScriptedSandboxStepError({
    reason: 'invalid_input',
    inputIndex: 3,
    message: 'Scripted sandbox step #4 must be an object.',
  });
  assert(error instanceof Error);
  assert.equal(error.name, 'InvalidScriptedSandboxStepError');
  assert.equal(error.message, 'Scripted sandbox step #4 must be an object.');
  assert.equal(error.reason, 'invalid_input');
  assert.equal(error.issue, 'invalid_input');
  assert.equal(error.inputIndex, 3);
  assert.equal(error.method, undefined);
  assert.equal(error.path, undefined);
  assert.equal(error.received, undefined);
  assert.equal(error.suggestion, undefined);
  assert.equal(error.cause, undefined);
  const named = new InvalidScriptedSandboxStepError({
    reason: 'unknown_method',
    inputIndex: 0,
    message: 'unknown',
    method: 'launch',
  });
  assert.equal(named.method, 'launch');
  assert.equal(named.issue, 'unknown_method');
});

test('InvalidScriptedSandboxStepError derives the message and reason from the issue and detail fields', () => {
  const cause = new Error('boom');
  const error = new InvalidScriptedSandboxStepError(
    {
      issue: 'missing_outcome',
      inputIndex: 4,
      method: 'readFile',
      path: 'error',
      received: '"error"',
    },
    { cause },
  );
  assert(error instanceof Error);
  assert(error instanceof InvalidScriptedSandboxStepError);
  assert.equal(error.name, 'InvalidScriptedSandboxStepError');
  assert.equal(error.reason, 'invalid_outcome');
  assert.equal(error.issue, 'missing_outcome');
  assert.equal(error.inputIndex, 4);
  assert.equal(error.method, 'readFile');
  assert.equal(error.path, 'error');
  assert.equal(error.received, '"error"');
  assert.equal(error.suggestion, undefined);
  assert.equal(error.cause, cause);
  assert.equal(
    error.message,
    'Invalid sandbox step 4 ("readFile"): expected one of "result", "respond" or "error" with a value, got "error" set to undefined',
  );
});

test('InvalidScriptedSandboxStepError maps every issue to one of the four reasons', () => {
  const reasons: Record<
    InvalidScriptedSandboxStepIssue,
    InvalidScriptedSandboxStepReason
  > = {
    invalid_input: 'invalid_input',
    unknown_method: 'unknown_method',
    invalid_matcher: 'invalid_matcher',
    invalid_outcome: 'invalid_outcome',
    invalid_steps: 'invalid_input',
    invalid_step: 'invalid_input',
    unknown_property: 'invalid_input',
    invalid_match: 'invalid_matcher',
    async_matcher: 'invalid_matcher',
    missing_outcome: 'invalid_outcome',
    multiple_outcomes: 'invalid_outcome',
    invalid_respond: 'invalid_outcome',
    invalid_result: 'invalid_outcome',
    invalid_group: 'invalid_input',
    empty_group: 'invalid_input',
    nested_group: 'invalid_input',
  };
  for (const [issue, reason] of Object.entries(reasons)) {
    const error = new InvalidScriptedSandboxStepError({
      issue: issue as InvalidScriptedSandboxStepIssue,
      inputIndex: 0,
    });
    assert.equal(error.reason, reason, issue);
    assert.equal(error.issue, issue);
    assert.match(
      error.message,
      /^Invalid sandbox (step 0|script): expected /,
    );
  }
  // An explicit reason wins over the issue's own.
  const typo = new InvalidScriptedSandboxStepError({
    reason: 'invalid_outcome',
    issue: 'unknown_property',
    inputIndex: 0,
  });
  assert.equal(typo.reason, 'invalid_outcome');
});

test('InvalidScriptedSandboxStepError adds a did-you-mean suggestion', () => {
  const error = new InvalidScriptedSandboxStepError({
    issue: 'unknown_method',
    inputIndex: 2,
    method: 'execComand',
    path: 'method',
    received: '"execComand"',
    suggestion: 'execCommand',
  });
  assert.equal(error.name, 'InvalidScriptedSandboxStepError');
  assert.equal(error.reason, 'unknown_method');
  assert.equal(error.inputIndex, 2);
  assert.equal(error.method, 'execComand');
  assert.equal(error.received, '"execComand"');
  assert.equal(error.suggestion, 'execCommand');
  assert.equal(error.cause, undefined);
  // The unknown name shows once, as what was found.
  assert.equal(
    error.message,
    'Invalid sandbox step 2: expected a SandboxSession method name, got "execComand" (did you mean "execCommand"?)',
  );
});

test('InvalidScriptedSandboxStepError without a method or received value', () => {
  const whole = new InvalidScriptedSandboxStepError({
    issue: 'invalid_steps',
    inputIndex: 0,
  });
  assert.equal(whole.reason, 'invalid_input');
  assert.equal(whole.inputIndex, 0);
  assert.equal(whole.method, undefined);
  assert.equal(whole.received, undefined);
  assert.equal(whole.suggestion, undefined);
  assert.equal(
    whole.message,
    'Invalid sandbox script: expected the steps to be iterable, got a value that could not be read',
  );
  const unknown = new InvalidScriptedSandboxStepError({
    reason: 'unknown_method',
    inputIndex: 0,
  });
  assert.equal(unknown.issue, 'unknown_method');
  assert.equal(
    unknown.message,
    'Invalid sandbox step 0: expected a SandboxSession method name',
  );
  const several = new InvalidScriptedSandboxStepError({
    issue: 'multiple_outcomes',
    inputIndex: 1,
    method: 'close',
  });
  assert.equal(
    several.message,
    'Invalid sandbox step 1 ("close"): expected exactly one of "result", "respond" or "error", got several',
  );
});
