import assert from 'node:assert/strict';
import test from 'node:test';
import { InvalidScriptedModelStepError } from '@scripted/agents';

function invalidValue(path: string | undefined): string {
  return new InvalidScriptedModelStepError({
    reason: 'invalid_input',
    issue: 'invalid_value',
    path,
    received: '42',
  }).message;
}

test('InvalidScriptedModelStepError invalid_value names the argument when no path is given', () => {
  assert.equal(
    invalidValue(undefined),
    'Invalid model step: expected the argument to be valid, got 42',
  );
});

test('InvalidScriptedModelStepError says what was expected of a path, given or derived', () => {
  // What the check that found the fault expected, when it says...
  const said = new InvalidScriptedModelStepError({
    reason: 'invalid_input',
    issue: 'invalid_value',
    path: 'action.x',
    received: '"1"',
    expected: 'a finite number',
  });
  assert.equal(
    said.message,
    'Invalid model step: expected "action.x" to be a finite number, got "1"',
  );
  assert.equal(said.expected, '"action.x" to be a finite number');
  // ...else what its issue says of any value.
  for (const issue of ['invalid_value', 'invalid_option', 'invalid_field']) {
    const error = new InvalidScriptedModelStepError({
      reason: 'invalid_input',
      issue: issue as 'invalid_value',
      path: 'commands[0]',
      received: '42',
    });
    assert.equal(
      error.message,
      'Invalid model step: expected "commands[0]" to be valid, got 42',
    );
    assert.equal(error.expected, '"commands[0]" to be valid');
  }
  // Without a path, or for unknown keys, the expectation stands alone.
  const alone = new InvalidScriptedModelStepError({
    reason: 'invalid_input',
    issue: 'unknown_property',
    path: 'modelOptions.extra',
    received: '"extra"',
    expected: 'only "defaultUsage"',
  });
  assert.equal(
    alone.message,
    'Invalid model option: expected only "defaultUsage", got "extra"',
  );
  const noPath = new InvalidScriptedModelStepError({
    reason: 'invalid_input',
    issue: 'invalid_value',
    received: '42',
    expected: 'a string',
  });
  assert.equal(
    noPath.message,
    'Invalid model step: expected a string, got 42',
  );
});

test('InvalidScriptedModelStepError invalid_usage of defaultUsage is a model option', () => {
  const error = new InvalidScriptedModelStepError({
    reason: 'invalid_input',
    issue: 'invalid_usage',
    path: 'defaultUsage',
    received: '42',
  });
  assert.equal(
    error.message,
    'Invalid model option: expected "defaultUsage" to be valid usage data, got 42',
  );
});

test('InvalidScriptedModelStepError unknown_property of an option is a model option only without a step or call index', () => {
  const message = (fields: {
    inputIndex?: number;
    callIndex?: number;
  }): string =>
    new InvalidScriptedModelStepError({
      reason: 'invalid_input',
      issue: 'unknown_property',
      path: 'defaultUsage.extra',
      received: '"extra"',
      ...fields,
    }).message;
  assert.equal(
    message({}),
    'Invalid model option: expected only the option "defaultUsage", got "extra"',
  );
  assert.equal(
    message({ inputIndex: 1 }),
    'Invalid model step 1: expected only the option "defaultUsage", got "extra"',
  );
  assert.equal(
    message({ callIndex: 2 }),
    'Invalid model step for call 2: expected only the option "defaultUsage", got "extra"',
  );
  assert.equal(
    new InvalidScriptedModelStepError({
      reason: 'invalid_input',
      issue: 'unknown_property',
      path: 'steps.extra',
      received: '"extra"',
    }).message,
    'Invalid model step: expected only the keys of its step type, got "extra"',
  );
});
