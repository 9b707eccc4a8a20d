import assert from 'node:assert/strict';
import test from 'node:test';
import {
  incompleteMessage,
  invalidInputMessage,
  unexpectedCallMessage,
} from '../../_internal/messages.ts';

test('unexpectedCallMessage names the call, what was expected and what is left', () => {
  assert.equal(
    unexpectedCallMessage({
      double: 'sandbox',
      callIndex: 2,
      actual: 'exec',
      expected: 'execCommand',
      remaining: 1,
      unit: 'step',
    }),
    'Unexpected sandbox call 2 to "exec": expected "execCommand", 1 step left',
  );
  assert.equal(
    unexpectedCallMessage({
      double: 'model',
      callIndex: 0,
      actual: 'getResponse',
      remaining: 0,
      unit: 'step',
      detail: 'the call is recorded',
    }),
    'Unexpected model call 0 to "getResponse": expected no more calls, no steps left, the call is recorded',
  );
  assert.equal(
    unexpectedCallMessage({
      double: 'realtime',
      callIndex: 3,
      actual: 'mute',
      expected: 'sendMessage',
      remaining: 2,
      unit: 'expectation',
    }),
    'Unexpected realtime call 3 to "mute": expected "sendMessage", 2 expectations left',
  );
});

test('incompleteMessage lists the kinds of work left, names capped', () => {
  assert.equal(
    incompleteMessage('model script', [
      { count: 2, noun: 'step', names: ['response', 'stream'] },
    ]),
    'Incomplete model script: 2 steps left ("response", "stream")',
  );
  assert.equal(
    incompleteMessage('realtime scenario', [
      { count: 1, noun: 'unconsumed call', names: ['interrupt'] },
      { count: 0, noun: 'pending expectation', names: [] },
      {
        count: 7,
        noun: 'unused failure',
        names: ['a', 'b', 'c', 'd', 'e', 'f'],
      },
    ]),
    'Incomplete realtime scenario: 1 unconsumed call left ("interrupt"), 7 unused failures left ("a", "b", "c", "d", "e" and 1 more)',
  );
  assert.equal(
    incompleteMessage('sandbox script', [{ count: 0, noun: 'step' }]),
    'Incomplete sandbox script: 0 steps left',
  );
  assert.equal(
    incompleteMessage(
      'sandbox script',
      [{ count: 3, noun: 'step' }],
      'a call failed',
    ),
    'Incomplete sandbox script: 3 steps left, a call failed',
  );
});

test('invalidInputMessage says where, what was expected, what was found and a suggestion', () => {
  assert.equal(
    invalidInputMessage({
      subject: 'sandbox step',
      index: 1,
      name: 'execCommand',
      expected: 'only the keys of a step',
      received: '"reslt"',
      suggestion: 'result',
    }),
    'Invalid sandbox step 1 ("execCommand"): expected only the keys of a step, got "reslt" (did you mean "result"?)',
  );
  assert.equal(
    invalidInputMessage({ subject: 'realtime input', expected: 'a function' }),
    'Invalid realtime input: expected a function',
  );
});

test('invalidInputMessage says the path, when given, before what it must be', () => {
  assert.equal(
    invalidInputMessage({
      subject: 'assertToolCalls input',
      path: 'expected[0].name',
      expected: 'a non-empty string',
      received: '42',
    }),
    'Invalid assertToolCalls input: expected "expected[0].name" to be a non-empty string, got 42',
  );
  assert.equal(
    invalidInputMessage({ subject: 'x', path: '', expected: 'an object' }),
    'Invalid x: expected an object',
  );
});
