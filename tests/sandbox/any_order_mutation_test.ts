import assert from 'node:assert/strict';
import test from 'node:test';
import {
  anyOrder,
  InvalidScriptedSandboxStepError,
  SandboxCallMatcherError,
  scriptedSandboxSession,
  UnexpectedSandboxCallError,
} from '@scripted/agents';

test('anyOrder rejects a matcher that answers with a promise when a call meets it', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'supportsPty', result: false },
    anyOrder(
      { method: 'execCommand', result: 'x\n' },
      {
        method: 'readFile',
        match: (() => Promise.resolve(true)) as unknown as () => boolean,
        result: 'A',
      },
    ),
  ]);
  assert.equal(sandbox.supportsPty(), false);
  await assert.rejects(
    sandbox.readFile({ path: 'a' }),
    (error) => {
      assert(error instanceof InvalidScriptedSandboxStepError);
      assert.equal(error.issue, 'async_matcher');
      assert.equal(error.inputIndex, 1);
      assert.equal(error.groupIndex, 1);
      assert.equal(error.method, 'readFile');
      assert.equal(error.path, 'match');
      assert.equal(error.received, 'a promise');
      return true;
    },
  );
  assert.throws(
    () => sandbox.assertComplete(),
    InvalidScriptedSandboxStepError,
  );
});

test('anyOrder reports a call every matcher returned false for as false, without a cause', async () => {
  const sandbox = scriptedSandboxSession([
    anyOrder(
      { method: 'readFile', match: () => false, result: 'A' },
      { method: 'execCommand', result: 'x\n' },
    ),
  ]);
  await assert.rejects(
    sandbox.readFile({ path: 'a' }),
    (error) => {
      assert(error instanceof SandboxCallMatcherError);
      assert.equal(error.matcherResult, 'false');
      assert.equal(error.cause, undefined);
      assert.equal('cause' in error, false);
      assert.deepEqual(error.candidates, [
        { position: 0, method: 'readFile', rejection: 'false' },
        { position: 1, method: 'execCommand', rejection: 'method' },
      ]);
      return true;
    },
  );
});

test('anyOrder does not give a used step of the group a second call', async () => {
  const sandbox = scriptedSandboxSession([
    anyOrder(
      { method: 'execCommand', result: 'x\n' },
      { method: 'readFile', result: 'A' },
    ),
  ]);
  assert.equal(await sandbox.readFile({ path: 'a' }), 'A');
  await assert.rejects(
    sandbox.readFile({ path: 'b' }),
    (error) => {
      assert(error instanceof UnexpectedSandboxCallError);
      assert.equal(error.expectedMethod, 'execCommand');
      assert.deepEqual(error.candidates, [
        { position: 0, method: 'execCommand', rejection: 'method' },
      ]);
      return true;
    },
  );
  assert.equal(sandbox.remainingSteps, 1);
});
