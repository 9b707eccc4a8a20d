import {
  InvalidScriptedModelStepError,
  type RecordedModelCall,
  ScriptedModelRequestAbortedError,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from '@scripted/agents';
import assert from 'node:assert/strict';
import test from 'node:test';
import { request } from './_fixtures.ts';

test('UnexpectedModelCallError carries callIndex and streamed', () => {
  const error = new UnexpectedModelCallError({ callIndex: 3, streamed: true });
  assert(error instanceof Error);
  assert.equal(error.name, 'UnexpectedModelCallError');
  assert.equal(error.callIndex, 3);
  assert.equal(error.streamed, true);
  assert.equal(
    error.message,
    'Unexpected model call 3 to "getStreamedResponse": expected no more calls, no steps left',
  );
});

test('UnexpectedModelCallError is built from a recorded call, as the SDK module builds it', () => {
  const call: RecordedModelCall = Object.freeze({
    index: 2,
    streamed: false,
    request: request(),
  });
  const error = new UnexpectedModelCallError(call);
  assert.equal(error.callIndex, 2);
  assert.equal(error.streamed, false);
  assert.equal(
    error.message,
    'Unexpected model call 2 to "getResponse": expected no more calls, no steps left',
  );
});

test('UnconsumedModelStepsError carries remainingSteps and the pending step types', () => {
  const error = new UnconsumedModelStepsError({
    remainingSteps: 1,
    pendingStepTypes: ['responder'],
  });
  assert.equal(error.name, 'UnconsumedModelStepsError');
  assert.equal(error.remainingSteps, 1);
  assert.deepEqual(error.pendingStepTypes, ['responder']);
  assert(Object.isFrozen(error.pendingStepTypes));
  assert.equal(
    error.message,
    'Incomplete model script: 1 step left ("responder")',
  );
});

test('UnconsumedModelStepsError is built from a count, as the SDK module builds it', () => {
  const error = new UnconsumedModelStepsError(2);
  assert.equal(error.remainingSteps, 2);
  assert.deepEqual(error.pendingStepTypes, []);
  assert(Object.isFrozen(error.pendingStepTypes));
  assert.equal(
    error.message,
    'Incomplete model script: 2 steps left',
  );
});

test('InvalidScriptedModelStepError builds its message from reason, issue, path, received and suggestion', () => {
  const atInput = new InvalidScriptedModelStepError({
    reason: 'unknown_step_type',
    inputIndex: 2,
    stepType: 'respnse',
    path: 'type',
    received: '"respnse"',
    suggestion: 'response',
  });
  assert.equal(atInput.name, 'InvalidScriptedModelStepError');
  assert.equal(atInput.reason, 'unknown_step_type');
  assert.equal(atInput.issue, 'unknown_step_type');
  assert.equal(atInput.inputIndex, 2);
  assert.equal(atInput.callIndex, undefined);
  assert.equal(atInput.stepType, 'respnse');
  assert.equal(atInput.path, 'type');
  assert.equal(atInput.received, '"respnse"');
  assert.equal(atInput.suggestion, 'response');
  assert.equal(atInput.cause, undefined);
  assert.equal(
    atInput.message,
    'Invalid model step 2 ("respnse"): expected a step type of "response", "responder", "error", "stream" or "stream_responder", got "respnse" (did you mean "response"?)',
  );
  const atCall = new InvalidScriptedModelStepError({
    reason: 'incompatible_call',
    callIndex: 0,
    stepType: 'stream',
    received: 'a non-streaming call',
  });
  assert.equal(atCall.inputIndex, undefined);
  assert.equal(atCall.callIndex, 0);
  assert.equal(atCall.path, undefined);
  assert.equal(atCall.suggestion, undefined);
  assert.match(
    atCall.message,
    /^Invalid model step for call 0 \("stream"\): expected a streaming call.*, got a non-streaming call$/,
  );
  const finer = new InvalidScriptedModelStepError({
    reason: 'invalid_response',
    issue: 'invalid_usage',
    inputIndex: 0,
    path: 'usage.inputTokens',
    received: '"3"',
    expected: 'a finite number',
  });
  assert.equal(finer.issue, 'invalid_usage');
  assert.equal(
    finer.message,
    'Invalid model step 0: expected "usage.inputTokens" to be a finite number, got "3"',
  );
});

test('InvalidScriptedModelStepError says what reading threw and keeps it as cause', () => {
  const boom = new Error('no access');
  const error = new InvalidScriptedModelStepError(
    {
      reason: 'invalid_input',
      issue: 'unreadable',
      inputIndex: 1,
      path: 'response',
    },
    { cause: boom },
  );
  assert.equal(error.cause, boom);
  assert.equal(error.received, undefined);
  assert.equal(
    error.message,
    'Invalid model step 1: expected "response" to be readable, got the error "no access"',
  );
});

test('InvalidScriptedModelStepError takes the SDK module form: a verbatim message, issue equal to reason', () => {
  const bare = new InvalidScriptedModelStepError({
    reason: 'invalid_input',
    message: 'Invalid input',
  });
  assert.equal(bare.message, 'Invalid input');
  assert.equal(bare.reason, 'invalid_input');
  assert.equal(bare.issue, 'invalid_input');
  assert.equal(bare.inputIndex, undefined);
  assert.equal(bare.callIndex, undefined);
  assert.equal(bare.stepType, undefined);
  assert.equal(bare.path, undefined);
  assert.equal(bare.received, undefined);
  assert.equal(bare.suggestion, undefined);
  assert.deepEqual(
    ['reason', 'inputIndex', 'callIndex', 'stepType'].filter((key) =>
      !Object.hasOwn(bare, key)
    ),
    [],
  );
  const full = new InvalidScriptedModelStepError({
    reason: 'incompatible_call',
    message: 'Raw stream used by a non-streaming call',
    inputIndex: 0,
    callIndex: 1,
    stepType: 'stream',
  });
  assert.equal(full.message, 'Raw stream used by a non-streaming call');
  assert.equal(full.issue, 'incompatible_call');
  assert.equal(full.inputIndex, 0);
  assert.equal(full.callIndex, 1);
  assert.equal(full.stepType, 'stream');
});

test('ScriptedModelRequestAbortedError is named AbortError and has a stable code', () => {
  const reason = new Error('stop');
  const before = new ScriptedModelRequestAbortedError({ cause: reason });
  assert(before instanceof Error);
  assert.equal(before.name, 'AbortError');
  assert.equal(before.code, 'scripted_model_request_aborted');
  assert.equal(before.callIndex, undefined);
  assert.equal(before.cause, reason);
  assert.match(before.message, /no step was consumed/);
  const during = new ScriptedModelRequestAbortedError({ callIndex: 4 });
  assert.equal(during.callIndex, 4);
  assert.match(during.message, /^Model call 4 aborted/);
});

test('ScriptedModelRequestAbortedError is built from a call index or nothing, as the SDK module builds it', () => {
  const before = new ScriptedModelRequestAbortedError();
  assert.equal(before.name, 'AbortError');
  assert.equal(before.code, 'scripted_model_request_aborted');
  assert.equal(before.callIndex, undefined);
  assert(Object.hasOwn(before, 'callIndex'));
  assert.match(before.message, /^Model request aborted before the call/);
  const during = new ScriptedModelRequestAbortedError(3);
  assert.equal(during.callIndex, 3);
  assert.match(during.message, /^Model call 3 aborted/);
});
