/**
 * The model's side of the reader: how a reader's issue becomes an
 * `InvalidScriptedModelStepError`.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { InvalidScriptedModelStepError } from '@scripted/agents';
import { fromIssue } from '../../model/_checks.ts';
import type { Issue } from '../../_internal/read.ts';

function issue(fields: Partial<Issue>): Issue {
  return {
    code: 'invalid_type',
    path: '',
    expected: 'a string',
    received: '5',
    suggestion: undefined,
    cause: undefined,
    label: undefined,
    ...fields,
  };
}

test('fromIssue names an option only under options, a value elsewhere', () => {
  assert.equal(
    fromIssue(issue({ path: 'options.callId' }), {}).issue,
    'invalid_option',
  );
  assert.equal(
    fromIssue(issue({ path: 'options' }), {}).issue,
    'invalid_option',
  );
  for (const path of ['x.options', 'optionsX', 'text']) {
    assert.equal(fromIssue(issue({ path }), {}).issue, 'invalid_value', path);
  }
  assert.equal(
    fromIssue(issue({ code: 'unknown_key', label: 'ignored' }), {}).issue,
    'unknown_property',
  );
  assert.equal(
    fromIssue(issue({ label: 'invalid_text' }), {}).issue,
    'invalid_text',
  );
});

test('fromIssue keeps a cause only when there is one', () => {
  const plain = fromIssue(issue({}), {});
  assert(plain instanceof InvalidScriptedModelStepError);
  assert.equal('cause' in plain, false);
  const failure = new Error('json');
  const caught = fromIssue(issue({ cause: failure }), {});
  assert.equal(caught.cause, failure);
  const read = fromIssue(issue({ code: 'unreadable', cause: failure }), {
    inputIndex: 3,
  });
  assert.deepEqual(
    [read.reason, read.issue, read.inputIndex, read.received, read.cause],
    ['invalid_input', 'unreadable', 3, undefined, failure],
  );
  assert.equal(read.path, undefined);
});

test('fromIssue passes where, what and what was expected', () => {
  const error = fromIssue(
    issue({ path: 'response.output[2]', label: 'invalid_item', received: '5' }),
    { inputIndex: 1, stepType: 'response' },
    'invalid_response',
  );
  assert.deepEqual(
    [error.reason, error.issue, error.path, error.received, error.stepType],
    ['invalid_response', 'invalid_item', 'response.output[2]', '5', 'response'],
  );
  assert.equal(error.expected, '"response.output[2]" to be a string');
});
