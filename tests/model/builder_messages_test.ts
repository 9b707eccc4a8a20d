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

function expectedValue(path: string, kind: string): string {
  return `Invalid model step: expected "${path}" to be ${kind}, got 42`;
}

test('InvalidScriptedModelStepError invalid_value names the argument when no path is given', () => {
  assert.equal(
    invalidValue(undefined),
    'Invalid model step: expected the argument to be valid, got 42',
  );
});

test('InvalidScriptedModelStepError invalid_value describes an element of an array argument by its array', () => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    ['commands[0]', 'a string'],
    ['commands[12]', 'a string'],
    ['action[0]', 'a computer action (an object with a "type")'],
    ['action[12]', 'a computer action (an object with a "type")'],
    ['action.path[0]', 'a point ({ x, y })'],
    ['action[3].path[1]', 'a point ({ x, y })'],
    ['action[12].path[3]', 'a point ({ x, y })'],
  ];
  for (const [path, kind] of cases) {
    assert.equal(invalidValue(path), expectedValue(path, kind), path);
  }
});

test('InvalidScriptedModelStepError invalid_value reads a nested path without its indexes', () => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    ['action[2].keys', 'an array of strings'],
    ['action[12].keys', 'an array of strings'],
    ['action[1].path', 'an array of points ({ x, y })'],
    ['operation.path', 'a non-empty string'],
  ];
  for (const [path, kind] of cases) {
    assert.equal(invalidValue(path), expectedValue(path, kind), path);
  }
});

test('InvalidScriptedModelStepError invalid_value describes coordinates as finite numbers', () => {
  for (
    const path of ['action.x', 'action[1].x', 'action.y', 'action.scroll_x']
  ) {
    assert.equal(
      invalidValue(path),
      expectedValue(path, 'a finite number'),
      path,
    );
  }
  assert.equal(
    invalidValue('action.xscroll_'),
    expectedValue('action.xscroll_', 'valid'),
  );
});

test('InvalidScriptedModelStepError invalid_value describes text, diff and code as strings and anything else as valid', () => {
  for (const path of ['step.text', 'step.diff', 'step.code']) {
    assert.equal(invalidValue(path), expectedValue(path, 'a string'), path);
  }
  for (const path of ['step.other', 'step.textual', 'action[a]']) {
    assert.equal(invalidValue(path), expectedValue(path, 'valid'), path);
  }
});

test('InvalidScriptedModelStepError invalid_field strips only a trailing index of the last segment', () => {
  const message = (path: string): string =>
    new InvalidScriptedModelStepError({
      reason: 'invalid_input',
      issue: 'invalid_field',
      path,
      received: '42',
    }).message;
  assert.equal(
    message('steps.output[3]'),
    'Invalid model step: expected "steps.output[3]" to be a string, got 42',
  );
  assert.equal(
    message('steps.out[3]put'),
    'Invalid model step: expected "steps.out[3]put" to be valid, got 42',
  );
});

test('InvalidScriptedModelStepError invalid_usage describes defaultUsage as usage data', () => {
  const error = new InvalidScriptedModelStepError({
    reason: 'invalid_input',
    issue: 'invalid_usage',
    path: 'defaultUsage',
    received: '42',
  });
  assert.equal(
    error.message,
    'Invalid model option: expected "defaultUsage" to be a Usage or usage data, got 42',
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
