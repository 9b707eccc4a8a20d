import assert from 'node:assert/strict';
import test from 'node:test';
import {
  candidateList,
  unexpectedCallMessage,
} from '../../_internal/messages.ts';

test('unexpectedCallMessage says the expected method when the anyOrder list is empty', () => {
  assert.equal(
    unexpectedCallMessage({
      double: 'sandbox',
      callIndex: 1,
      actual: 'exec',
      expected: 'readFile',
      expectedAnyOf: [],
      remaining: 1,
      unit: 'step',
    }),
    'Unexpected sandbox call 1 to "exec": expected "readFile", 1 step left',
  );
});

test('candidateList says none for an empty group', () => {
  assert.equal(candidateList([], 'step'), 'none');
});

test('candidateList shows five candidates and counts the rest', () => {
  const candidates = [0, 1, 2, 3, 4, 5, 6].map((position) => ({
    position,
    method: `m${position}`,
    rejection: 'method' as const,
  }));
  assert.equal(
    candidateList(candidates, 'step'),
    'step 0 "m0" (another method), step 1 "m1" (another method), ' +
      'step 2 "m2" (another method), step 3 "m3" (another method), ' +
      'step 4 "m4" (another method) and 2 more',
  );
  assert.equal(
    candidateList(candidates.slice(0, 5), 'expectation'),
    'expectation 0 "m0" (another method), expectation 1 "m1" (another method), ' +
      'expectation 2 "m2" (another method), expectation 3 "m3" (another method), ' +
      'expectation 4 "m4" (another method)',
  );
});
