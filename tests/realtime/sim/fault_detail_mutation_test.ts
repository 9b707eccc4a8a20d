import assert from 'node:assert/strict';
import test from 'node:test';
import {
  type RealtimeFaultRecord,
  ScriptedRealtimeScenarioCancelledError,
} from '@scripted/agents/realtime';

function record(
  index: number,
  afterCall: number | undefined,
): RealtimeFaultRecord {
  return {
    index,
    fault: index,
    kind: 'drop',
    action: 'dropped',
    event: `event${index}`,
    sequence: index,
    time: undefined,
    afterCall,
  } as RealtimeFaultRecord;
}

test('ScriptedRealtimeScenarioCancelledError with nothing pending lists no methods', () => {
  const error = new ScriptedRealtimeScenarioCancelledError({
    pendingExpectations: [],
  });
  assert.equal(
    error.message,
    'Realtime scenario cancelled by its signal: 0 pending expectations',
  );
});

test('ScriptedRealtimeScenarioCancelledError lists five injected faults and counts the rest', () => {
  const faults = [0, 1, 2, 3, 4, 5, 6].map((i) =>
    record(i, i === 1 ? undefined : i)
  );
  const error = new ScriptedRealtimeScenarioCancelledError({
    pendingExpectations: [],
    injectedFaults: faults,
  });
  assert.equal(
    error.message,
    'Realtime scenario cancelled by its signal: 0 pending expectations, ' +
      '7 injected faults: dropped "event0" (faults[0], after 0 calls), ' +
      'dropped "event1" (faults[1]), ' +
      'dropped "event2" (faults[2], after 2 calls), ' +
      'dropped "event3" (faults[3], after 3 calls), ' +
      'dropped "event4" (faults[4], after 4 calls) and 2 more',
  );
  assert.equal(error.injectedFaults.length, 7);
});
