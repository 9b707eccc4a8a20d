import assert from 'node:assert/strict';
import test from 'node:test';
import {
  InvalidRealtimeSpecError,
  RealtimeCallAfterCloseError,
  RealtimeHandoffAssertionError,
  RealtimeToolApprovalAssertionError,
  RealtimeTruncationAssertionError,
} from '@scripted/agents/realtime/sim';

// Each assertion error of the simulation layer, with the field variants its
// message depends on: the message is the report a failing test prints.
const cases: [new (fields: never) => Error, Record<string, unknown>, string][] =
  [
    [
      InvalidRealtimeSpecError,
      {
        'operation': 'userTurn',
        'reason': 'invalid_spec',
        'path': 'spec.text',
        'issue': 'a string',
        'received': '7',
      },
      'Invalid realtime spec ("userTurn"): expected "spec.text" to be a string, got 7',
    ],
    [
      InvalidRealtimeSpecError,
      {
        'operation': 'userTurn',
        'reason': 'invalid_spec',
        'path': 'spec.txt',
        'issue': 'a string',
        'received': '7',
        'suggestion': 'text',
      },
      'Invalid realtime spec ("userTurn"): expected "spec.txt" to be a string, got 7 (did you mean "text"?)',
    ],
    [
      RealtimeToolApprovalAssertionError,
      {
        'requested': 0,
        'expectedDecision': 'approved',
        'actualDecision': 'none',
      },
      'Realtime tool approval not requested: expected a request for any tool, the session raised none',
    ],
    [
      RealtimeToolApprovalAssertionError,
      { 'requested': 0, 'expectedDecision': 'any', 'actualDecision': 'none' },
      'Realtime tool approval not requested: expected a request for any tool, the session raised none',
    ],
    [
      RealtimeToolApprovalAssertionError,
      {
        'requested': 2,
        'expectedDecision': 'approved',
        'actualDecision': 'none',
      },
      'Realtime tool approval not answered as expected: any tool was requested 2 time(s), expected an answer of "approved", got "none"',
    ],
    [
      RealtimeToolApprovalAssertionError,
      { 'requested': 2, 'expectedDecision': 'any', 'actualDecision': 'none' },
      'Realtime tool approval not answered as expected: any tool was requested 2 time(s), expected an answer, got "none"',
    ],
    [
      RealtimeToolApprovalAssertionError,
      {
        'toolName': 'lookup',
        'requested': 0,
        'expectedDecision': 'approved',
        'actualDecision': 'none',
      },
      'Realtime tool approval not requested: expected a request for "lookup", the session raised none',
    ],
    [
      RealtimeToolApprovalAssertionError,
      {
        'toolName': 'lookup',
        'requested': 0,
        'expectedDecision': 'any',
        'actualDecision': 'none',
      },
      'Realtime tool approval not requested: expected a request for "lookup", the session raised none',
    ],
    [
      RealtimeToolApprovalAssertionError,
      {
        'toolName': 'lookup',
        'requested': 2,
        'expectedDecision': 'approved',
        'actualDecision': 'none',
      },
      'Realtime tool approval not answered as expected: "lookup" was requested 2 time(s), expected an answer of "approved", got "none"',
    ],
    [
      RealtimeToolApprovalAssertionError,
      {
        'toolName': 'lookup',
        'requested': 2,
        'expectedDecision': 'any',
        'actualDecision': 'none',
      },
      'Realtime tool approval not answered as expected: "lookup" was requested 2 time(s), expected an answer, got "none"',
    ],
    [
      RealtimeHandoffAssertionError,
      { 'expectedAgent': 'Billing', 'activeAgent': 'Triage', 'handoffs': [] },
      'Realtime handoff not observed: expected active agent "Billing" after a handoff, got "Triage" (handoffs: none)',
    ],
    [
      RealtimeHandoffAssertionError,
      {
        'expectedAgent': 'Billing',
        'activeAgent': 'Triage',
        'handoffs': ['Sales', 'Support'],
      },
      'Realtime handoff not observed: expected active agent "Billing" after a handoff, got "Triage" (handoffs: "Sales", "Support")',
    ],
    [
      RealtimeTruncationAssertionError,
      {},
      'Realtime interruption not observed: expected an "audio_interrupted" during a spoken answer, got none',
    ],
    [
      RealtimeTruncationAssertionError,
      { 'transcript': 'Hello' },
      'Realtime interruption not observed: expected an "audio_interrupted" during a spoken answer, got none',
    ],
    [
      RealtimeTruncationAssertionError,
      { 'heard': 'Hel' },
      'Realtime interruption not observed: expected an "audio_interrupted" during a spoken answer, got none',
    ],
    [
      RealtimeTruncationAssertionError,
      { 'heard': 'Hel', 'transcript': 'Hello' },
      'Realtime interruption not observed: expected an "audio_interrupted" during a spoken answer, got none',
    ],
    [
      RealtimeTruncationAssertionError,
      { 'itemId': 'item_1' },
      'Realtime interruption not observed: expected an "audio_interrupted" during a spoken answer (item "item_1"), got none',
    ],
    [
      RealtimeTruncationAssertionError,
      { 'itemId': 'item_1', 'transcript': 'Hello' },
      'Realtime interruption not observed: expected an "audio_interrupted" during a spoken answer (item "item_1"), got none',
    ],
    [
      RealtimeTruncationAssertionError,
      { 'itemId': 'item_1', 'heard': 'Hel' },
      'Realtime history does not match what was heard: item "item_1" should hold "Hel", got no such item',
    ],
    [
      RealtimeTruncationAssertionError,
      { 'itemId': 'item_1', 'heard': 'Hel', 'transcript': 'Hello' },
      'Realtime history does not match what was heard: item "item_1" should hold "Hel", got "Hello"',
    ],
    [
      RealtimeCallAfterCloseError,
      { 'callIndex': 4, 'method': 'mute', 'closeIndex': 2 },
      'Realtime call after close: call 4 ("mute") came after "close" at call 2 with no "connect" between',
    ],
  ];

test('Realtime spec and assertion errors say what was expected and what happened', () => {
  for (const [ErrorClass, fields, message] of cases) {
    const error = new ErrorClass(fields as never);
    assert.equal(error.message, message);
    assert.equal(error.name, ErrorClass.name);
    for (const [key, value] of Object.entries(fields)) {
      assert.deepEqual(
        (error as unknown as Record<string, unknown>)[key],
        value,
        key,
      );
    }
  }
});
