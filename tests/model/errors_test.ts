import {
  InvalidScriptedModelStepError,
  ScriptedModelRequestAbortedError,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from '@scripted/agents';
import assert from 'node:assert/strict';
import test from 'node:test';

test('UnexpectedModelCallError carries callIndex and streamed', () => {
  const error = new UnexpectedModelCallError({ callIndex: 3, streamed: true });
  assert(error instanceof Error);
  assert.equal(error.name, 'UnexpectedModelCallError');
  assert.equal(error.callIndex, 3);
  assert.equal(error.streamed, true);
  assert.equal(
    error.message,
    'Unexpected model call 3 (streamed): expected no more calls, the script has no steps left',
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
    'Unconsumed model steps: expected the workflow to use every step, 1 step left in the script ("responder")',
  );
});

test('InvalidScriptedModelStepError carries reason, indexes, stepType and detail', () => {
  const atInput = new InvalidScriptedModelStepError({
    reason: 'unknown_step_type',
    inputIndex: 2,
    stepType: 'nope',
    detail: 'got "nope"',
  });
  assert.equal(atInput.name, 'InvalidScriptedModelStepError');
  assert.equal(atInput.reason, 'unknown_step_type');
  assert.equal(atInput.inputIndex, 2);
  assert.equal(atInput.callIndex, undefined);
  assert.equal(atInput.stepType, 'nope');
  assert.equal(atInput.detail, 'got "nope"');
  assert.match(
    atInput.message,
    /^Invalid scripted model step at input 2 \("nope"\): /,
  );
  assert.match(atInput.message, /\(reason "unknown_step_type"\)$/);
  const atCall = new InvalidScriptedModelStepError({
    reason: 'incompatible_call',
    callIndex: 0,
    stepType: 'stream',
  });
  assert.equal(atCall.inputIndex, undefined);
  assert.equal(atCall.callIndex, 0);
  assert.match(atCall.message, /^Invalid scripted model step for model call 0/);
  assert.doesNotMatch(atCall.message, /\.$/);
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
