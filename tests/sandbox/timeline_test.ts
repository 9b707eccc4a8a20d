/**
 * A failing scripted sandbox session ends its message with the timeline:
 * its steps and the calls the real SandboxAgent runtime made (through
 * `shell()`), the first divergence marked, `anyOrder` candidates named.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  anyOrder,
  SandboxCallMatcherError,
  scriptedSandboxSession,
  UnconsumedSandboxStepsError,
} from '@scripted/agents';
import { runCommand } from './_run_command.ts';

test('A matcher rejection in a SandboxAgent run is rethrown by assertComplete() with the timeline', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'supportsPty', result: false },
    { method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: '' },
    { method: 'close', result: undefined },
  ]);
  // The SDK turns the rejection into tool output; the run goes on.
  assert.equal(await runCommand(sandbox, 'rm -rf /'), 'Done.');
  assert.throws(() => sandbox.assertComplete(), (error) => {
    assert(error instanceof SandboxCallMatcherError);
    assert.equal(error.callIndex, 1);
    assert.equal(error.method, 'execCommand');
    assert.equal(error.matcherResult, 'false');
    assert.equal(
      error.message,
      [
        'Sandbox call 1 to "execCommand" rejected: the matcher of its step returned false',
        'Timeline (3 steps, 2 calls; ">" marks the first divergence):',
        '  call 0 "supportsPty" -> step 0 "supportsPty"',
        '> call 1 "execCommand": matcher returned false',
        '  step 1 "execCommand": pending',
        '  step 2 "close": pending',
      ].join('\n'),
    );
    return true;
  });
});

test("A call no anyOrder step accepts names the group's unused steps as candidates", async () => {
  const sandbox = scriptedSandboxSession([
    anyOrder(
      { method: 'supportsPty', result: false },
      { method: 'execCommand', match: ({ cmd }) => cmd === 'ls', result: '' },
      { method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: '' },
    ),
    { method: 'close', result: undefined },
  ]);
  assert.equal(await runCommand(sandbox, 'rm -rf /'), 'Done.');
  assert.throws(() => sandbox.assertComplete(), (error) => {
    assert(error instanceof SandboxCallMatcherError);
    assert.equal(error.candidates?.length, 2);
    // The group's step a call took shows on its line; the step after the
    // group is no candidate.
    assert.deepEqual(error.message.split('\n').slice(1), [
      'Timeline (4 steps, 2 calls; ">" marks the first divergence):',
      '  call 0 "supportsPty" -> step 0 "supportsPty"',
      '> call 1 "execCommand": no anyOrder candidate accepts it',
      '  step 1 "execCommand": anyOrder candidate',
      '  step 2 "execCommand": anyOrder candidate',
      '  step 3 "close": pending',
    ]);
    return true;
  });
});

test('An incomplete sandbox script marks the first step left', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'supportsPty', result: false },
    { method: 'execCommand', result: 'a\n' },
    { method: 'readFile', result: 'never read' },
  ]);
  assert.equal(await runCommand(sandbox, 'ls'), 'Done.');
  assert.throws(() => sandbox.assertComplete(), (error) => {
    assert(error instanceof UnconsumedSandboxStepsError);
    assert.deepEqual(error.pendingMethods, ['readFile']);
    assert.equal(
      error.message,
      [
        'Incomplete sandbox script: 1 step left ("readFile")',
        'Timeline (3 steps, 2 calls; ">" marks the first divergence):',
        '  call 0 "supportsPty" -> step 0 "supportsPty"',
        '  call 1 "execCommand" -> step 1 "execCommand"',
        '> step 2 "readFile": pending',
      ].join('\n'),
    );
    return true;
  });
});
