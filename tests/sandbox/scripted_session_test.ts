import assert from 'node:assert/strict';
import test from 'node:test';
import vm from 'node:vm';
import { Manifest } from '@openai/agents/sandbox';
import {
  InvalidScriptedSandboxStepError,
  SandboxCallMatcherError,
  scriptedSandboxSession,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from '@scripted/agents';

test('scriptedSandboxSession installs only the methods the script names', () => {
  const sandbox = scriptedSandboxSession([
    { method: 'execCommand', result: '' },
    { method: 'execCommand', result: '' },
    { method: 'readFile', result: '' },
  ]);
  assert.equal(typeof sandbox.execCommand, 'function');
  assert.equal(typeof sandbox.readFile, 'function');
  for (const absent of ['supportsPty', 'writeStdin', 'start', 'close']) {
    assert.equal(absent in sandbox, false, absent);
  }
  assert.equal('supportsPty' in scriptedSandboxSession([]), false);
  // Own data properties, like the SDK testing module's: listed by
  // `Object.keys`, and a spy may replace or delete them.
  assert.deepEqual(Object.keys(sandbox), ['state', 'execCommand', 'readFile']);
  const { value: _, ...flags } = Object.getOwnPropertyDescriptor(
    sandbox,
    'readFile',
  )!;
  assert.deepEqual(flags, {
    writable: true,
    enumerable: true,
    configurable: true,
  });
});

test('scriptedSandboxSession holds a Manifest in its state', () => {
  const sandbox = scriptedSandboxSession([]);
  assert(sandbox.state.manifest instanceof Manifest);
  assert.notEqual(scriptedSandboxSession([]).state, sandbox.state);
});

test('scriptedSandboxSession returns a result step value', async () => {
  const entries = [{ name: 'a', path: 'a', type: 'file' as const }];
  const sandbox = scriptedSandboxSession([
    { method: 'supportsPty', result: true },
    { method: 'listDir', result: entries },
  ]);
  assert.equal(sandbox.supportsPty!(), true);
  const listed = sandbox.listDir!({ path: '.' });
  assert(listed instanceof Promise);
  // A copy made when the script was defined.
  const answer = await listed;
  assert.deepEqual(answer, entries);
  assert.notEqual(answer, entries);
  sandbox.assertComplete();
});

test('scriptedSandboxSession passes the recorded call to respond', async () => {
  const seen: unknown[] = [];
  const sandbox = scriptedSandboxSession([
    { method: 'supportsPty', respond: (call) => call.index === 0 },
    {
      method: 'execCommand',
      respond: (call) => {
        seen.push(call);
        return Promise.resolve(`${call.index}:${call.args[0].cmd}`);
      },
    },
  ]);
  assert.equal(sandbox.supportsPty!(), true);
  assert.equal(await sandbox.execCommand!({ cmd: 'ls' }), '1:ls');
  assert.equal(seen.length, 1);
  // Its own copy of the recorded call, not the record itself.
  assert.notEqual(seen[0], sandbox.calls[1]);
  assert.deepEqual(seen[0], sandbox.calls[1]);
  assert.deepEqual(seen[0], {
    index: 1,
    method: 'execCommand',
    args: [{ cmd: 'ls' }],
  });
});

test('scriptedSandboxSession error step throws from sync methods', () => {
  const failure = new Error('no pty');
  const sandbox = scriptedSandboxSession([
    { method: 'supportsPty', error: failure },
    { method: 'setArchiveLimits', error: failure },
  ]);
  assert.throws(() => sandbox.supportsPty!(), (error) => error === failure);
  assert.throws(
    () => sandbox.setArchiveLimits!(null),
    (error) => error === failure,
  );
  sandbox.assertComplete();
});

test('scriptedSandboxSession error step rejects from async methods', async () => {
  const failure = new Error('exec failed');
  const sandbox = scriptedSandboxSession([
    { method: 'execCommand', error: failure },
  ]);
  let pending: Promise<string> | undefined;
  assert.doesNotThrow(() => {
    pending = sandbox.execCommand!({ cmd: 'ls' });
  });
  await assert.rejects(pending!, (error) => error === failure);
  // A scripted failure is not drift.
  sandbox.assertComplete();
});

test('scriptedSandboxSession passes through an error thrown by respond', async () => {
  const failure = new Error('computed failure');
  const sandbox = scriptedSandboxSession([
    {
      method: 'readFile',
      respond: () => {
        throw failure;
      },
    },
  ]);
  await assert.rejects(
    sandbox.readFile!({ path: 'a' }),
    (error) => error === failure,
  );
  sandbox.assertComplete();
});

test('scriptedSandboxSession matches sync and async methods in one order', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'supportsPty', result: true },
    { method: 'execCommand', result: 'out' },
    { method: 'supportsPty', result: false },
  ]);
  await assert.rejects(
    sandbox.execCommand!({ cmd: 'ls' }),
    (error) =>
      error instanceof UnexpectedSandboxCallError &&
      error.expectedMethod === 'supportsPty',
  );
  assert.equal(sandbox.supportsPty!(), true);
  assert.equal(await sandbox.execCommand!({ cmd: 'ls' }), 'out');
  assert.equal(sandbox.supportsPty!(), false);
  assert.deepEqual(sandbox.calls.map((call) => call.method), [
    'execCommand',
    'supportsPty',
    'execCommand',
    'supportsPty',
  ]);
});

test('UnexpectedSandboxCallError reports a wrong method without using the step', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'supportsPty', result: true },
    { method: 'writeStdin', result: '' },
    { method: 'execCommand', result: '' },
  ]);
  sandbox.supportsPty!();
  let caught: unknown;
  await sandbox.execCommand!({ cmd: 'ls' }).catch((error) => caught = error);
  assert(caught instanceof UnexpectedSandboxCallError);
  assert.equal(caught.name, 'UnexpectedSandboxCallError');
  assert.equal(caught.callIndex, 1);
  assert.equal(caught.actualMethod, 'execCommand');
  assert.equal(caught.expectedMethod, 'writeStdin');
  assert.equal(caught.remainingSteps, 2);
  assert.equal(sandbox.remainingSteps, 2);
  assert.deepEqual(sandbox.calls[1], {
    index: 1,
    method: 'execCommand',
    args: [{ cmd: 'ls' }],
  });
});

test('UnexpectedSandboxCallError reports a call after the script ended', () => {
  const sandbox = scriptedSandboxSession([
    { method: 'supportsPty', result: false },
  ]);
  sandbox.supportsPty!();
  let caught: unknown;
  try {
    sandbox.supportsPty!();
  } catch (error) {
    caught = error;
  }
  assert(caught instanceof UnexpectedSandboxCallError);
  assert.equal(caught.name, 'UnexpectedSandboxCallError');
  assert.equal(caught.callIndex, 1);
  assert.equal(caught.actualMethod, 'supportsPty');
  assert.equal(caught.expectedMethod, undefined);
  assert.equal(caught.remainingSteps, 0);
  assert.equal(sandbox.calls.length, 2);
});

test('scriptedSandboxSession passes the call arguments to match', async () => {
  const seen: unknown[][] = [];
  const sandbox = scriptedSandboxSession([
    {
      method: 'pathExists',
      match: (...args) => {
        seen.push(args);
      },
      result: true,
    },
    {
      method: 'pathExists',
      match: (path, runAs) => path === 'b' && runAs === 'root',
      result: false,
    },
  ]);
  assert.equal(await sandbox.pathExists!('a'), true);
  assert.equal(await sandbox.pathExists!('b', 'root'), false);
  assert.deepEqual(seen, [['a']]);
  sandbox.assertComplete();
});

test('SandboxCallMatcherError reports a matcher returning false', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'execCommand', result: 'a' },
    { method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: 'b' },
  ]);
  await sandbox.execCommand!({ cmd: 'ls' });
  let caught: unknown;
  await sandbox.execCommand!({ cmd: 'ls' }).catch((error) => caught = error);
  assert(caught instanceof SandboxCallMatcherError);
  assert.equal(caught.name, 'SandboxCallMatcherError');
  assert.equal(caught.callIndex, 1);
  assert.equal(caught.method, 'execCommand');
  // The rejected call did not use the step.
  assert.equal(sandbox.remainingSteps, 1);
  assert.equal(await sandbox.execCommand!({ cmd: 'pwd' }), 'b');
  assert.throws(() => sandbox.assertComplete(), (error) => error === caught);
});

test('scriptedSandboxSession propagates an assertion thrown by match', () => {
  const sandbox = scriptedSandboxSession([
    {
      method: 'createEditor',
      match: (runAs) => assert.equal(runAs, 'root'),
      error: new Error('unused'),
    },
  ]);
  let caught: unknown;
  try {
    sandbox.createEditor!('guest');
  } catch (error) {
    caught = error;
  }
  assert(caught instanceof assert.AssertionError);
  assert.equal(sandbox.remainingSteps, 1);
  assert.throws(() => sandbox.assertComplete(), (error) => error === caught);
});

test('scriptedSandboxSession rejects at call time a matcher (not native async) that returns a promise', async () => {
  // @ts-expect-error: matchers answer synchronously
  const sandbox = scriptedSandboxSession([
    {
      method: 'execCommand',
      // Rejected and never awaited by anyone: it must not go unhandled.
      match: () => Promise.reject(new Error('late')),
      result: '',
    },
  ]);
  let caught: unknown;
  await sandbox.execCommand!({ cmd: 'ls' }).catch((error) => caught = error);
  assert(caught instanceof InvalidScriptedSandboxStepError);
  assert.equal(caught.name, 'InvalidScriptedSandboxStepError');
  assert.equal(caught.reason, 'invalid_matcher');
  // The same issue as a native async function rejected where it is written.
  assert.equal(caught.issue, 'async_matcher');
  assert.equal(caught.inputIndex, 0);
  assert.equal(caught.method, 'execCommand');
  assert.equal(caught.path, 'match');
  assert.equal(caught.received, 'a promise');
  assert.equal(caught.suggestion, undefined);
  assert.equal(
    caught.message,
    'Invalid sandbox step 0 ("execCommand"): expected match to be a synchronous function, got a promise',
  );
  // The call did not use the step, and the error is remembered as drift.
  assert.equal(sandbox.remainingSteps, 1);
  assert.equal(sandbox.calls.length, 1);
  assert.throws(() => sandbox.assertComplete(), (error) => error === caught);
  // Let a rejection that escaped surface before the test ends.
  await new Promise((resolve) => setTimeout(resolve, 0));
});

test('scriptedSandboxSession treats a matcher returning a thenable as asynchronous', () => {
  let thenCalls = 0;
  const thenable = {
    then(_resolve: unknown, reject: (reason: unknown) => void) {
      thenCalls++;
      reject(new Error('late'));
    },
  };
  const sandbox = scriptedSandboxSession([
    {
      method: 'supportsPty',
      match: (() => thenable) as never,
      result: true,
    },
  ]);
  assert.throws(
    () => sandbox.supportsPty!(),
    (error) =>
      error instanceof InvalidScriptedSandboxStepError &&
      error.reason === 'invalid_matcher' && error.issue === 'async_matcher' &&
      error.received === 'a promise',
  );
  assert.equal(sandbox.remainingSteps, 1);
  assert.throws(
    () => sandbox.assertComplete(),
    InvalidScriptedSandboxStepError,
  );
  // Observed once (its rejection handled), never awaited for a verdict.
  return Promise.resolve().then(() => assert.equal(thenCalls, 1));
});

test('SandboxCallMatcherError wraps a matcher that throws undefined', async () => {
  const sandbox = scriptedSandboxSession([
    {
      method: 'readFile',
      match: () => {
        throw undefined;
      },
      result: 'unused',
    },
  ]);
  let caught: unknown;
  await sandbox.readFile!({ path: 'a' }).catch((error) => caught = error);
  assert(caught instanceof SandboxCallMatcherError);
  assert.equal(caught.name, 'SandboxCallMatcherError');
  assert.equal(caught.callIndex, 0);
  assert.equal(caught.method, 'readFile');
  assert.equal(caught.matcherResult, 'threw');
  assert(Object.hasOwn(caught, 'cause'));
  assert.equal(caught.cause, undefined);
  assert.equal(
    caught.message,
    [
      'Sandbox call 0 to "readFile" rejected: the matcher of its step threw undefined',
      'Timeline (1 step, 1 call; ">" marks the first divergence):',
      '> call 0 "readFile": matcher threw',
      '  step 0 "readFile": pending',
    ].join('\n'),
  );
  // Not consumed; remembered, so a caught failure still fails the test.
  assert.equal(sandbox.remainingSteps, 1);
  assert.throws(() => sandbox.assertComplete(), (error) => error === caught);
});

test('SandboxCallMatcherError wraps a matcher that throws a value that is not an error', () => {
  for (const thrown of ['no', 42, null, { message: 'plain object' }]) {
    const sandbox = scriptedSandboxSession([
      {
        method: 'supportsPty',
        match: () => {
          throw thrown;
        },
        result: true,
      },
    ]);
    let caught: unknown;
    try {
      sandbox.supportsPty!();
    } catch (error) {
      caught = error;
    }
    assert(caught instanceof SandboxCallMatcherError, String(thrown));
    assert.equal(caught.matcherResult, 'threw');
    assert.equal(caught.cause, thrown);
    assert.match(caught.message, /the matcher of its step threw /);
    assert.throws(() => sandbox.assertComplete(), (error) => error === caught);
  }
});

test('scriptedSandboxSession rethrows an error a matcher throws unchanged, of any realm', async () => {
  const foreign = vm.runInNewContext('new RangeError("from another realm")');
  for (const thrown of [new TypeError('wrong argument'), foreign]) {
    const sandbox = scriptedSandboxSession([
      {
        method: 'execCommand',
        match: () => {
          throw thrown;
        },
        result: '',
      },
    ]);
    await assert.rejects(
      sandbox.execCommand!({ cmd: 'ls' }),
      (error) => error === thrown,
    );
    assert.equal(sandbox.remainingSteps, 1);
    assert.throws(() => sandbox.assertComplete(), (error) => error === thrown);
  }
});

test('SandboxCallMatcherError says the matcher returned false', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'pathExists', match: () => false, result: true },
  ]);
  let caught: unknown;
  await sandbox.pathExists!('a').catch((error) => caught = error);
  assert(caught instanceof SandboxCallMatcherError);
  assert.equal(caught.matcherResult, 'false');
  assert.equal(caught.cause, undefined);
  assert.equal(
    caught.message,
    [
      'Sandbox call 0 to "pathExists" rejected: the matcher of its step returned false',
      'Timeline (1 step, 1 call; ">" marks the first divergence):',
      '> call 0 "pathExists": matcher returned false',
      '  step 0 "pathExists": pending',
    ].join('\n'),
  );
  // Any other answer passes: true, undefined, a number.
  const passing = scriptedSandboxSession([
    { method: 'pathExists', match: () => true, result: true },
    { method: 'pathExists', match: () => undefined, result: true },
    { method: 'pathExists', match: (() => 0) as never, result: true },
  ]);
  for (let i = 0; i < 3; i++) {
    assert.equal(await passing.pathExists!('a'), true);
  }
  passing.assertComplete();
});

test('scriptedSandboxSession records detached, frozen argument snapshots', async () => {
  const args = { path: 'a.txt', runAs: 'root' };
  const hook = () => {};
  const sandbox = scriptedSandboxSession([
    { method: 'readFile', result: 'text' },
    { method: 'registerPreStopHook', result: undefined },
    { method: 'hydrateWorkspace', result: undefined },
  ]);
  await sandbox.readFile!(args);
  args.path = 'changed.txt';
  sandbox.registerPreStopHook!(hook);
  const bytes = new Uint8Array([1, 2, 3]);
  await sandbox.hydrateWorkspace!(bytes);
  bytes[0] = 9;
  const [read, register, hydrate] = sandbox.calls;
  assert(read && register && hydrate);
  assert.deepEqual(read.args, [{ path: 'a.txt', runAs: 'root' }]);
  assert(Object.isFrozen(read));
  assert(Object.isFrozen(read.args));
  assert(Object.isFrozen(read.args[0]));
  assert.equal(register.args[0], hook);
  assert.deepEqual(hydrate.args[0], new Uint8Array([1, 2, 3]));
});

test('scriptedSandboxSession calls is a copy that later calls do not change', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'running', result: true },
    { method: 'running', result: false },
  ]);
  await sandbox.running!();
  const before = sandbox.calls;
  await sandbox.running!();
  assert.equal(before.length, 1);
  assert(Object.isFrozen(before));
  assert.deepEqual(sandbox.calls.map((call) => call.index), [0, 1]);
});

test('scriptedSandboxSession counts remainingSteps down', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'start', result: undefined },
    { method: 'stop', result: undefined },
  ]);
  assert.equal(sandbox.remainingSteps, 2);
  await sandbox.start!();
  assert.equal(sandbox.remainingSteps, 1);
  await sandbox.stop!();
  assert.equal(sandbox.remainingSteps, 0);
});

test('UnconsumedSandboxStepsError lists the steps the workflow left', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'execCommand', result: '' },
    { method: 'writeStdin', result: '' },
    { method: 'execCommand', result: '' },
  ]);
  await sandbox.execCommand!({ cmd: 'ls' });
  let caught: unknown;
  try {
    sandbox.assertComplete();
  } catch (error) {
    caught = error;
  }
  assert(caught instanceof UnconsumedSandboxStepsError);
  assert.equal(caught.name, 'UnconsumedSandboxStepsError');
  assert.equal(caught.remainingSteps, 2);
  assert.deepEqual(caught.pendingMethods, ['writeStdin', 'execCommand']);
});

test('scriptedSandboxSession assertComplete rethrows the first mismatch', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: '' },
  ]);
  const first = await sandbox.execCommand!({ cmd: 'ls' }).catch((e) => e);
  const second = await sandbox.execCommand!({ cmd: 'id' }).catch((e) => e);
  assert(first instanceof SandboxCallMatcherError);
  assert.notEqual(second, first);
  await sandbox.execCommand!({ cmd: 'pwd' });
  assert.equal(sandbox.remainingSteps, 0);
  assert.throws(() => sandbox.assertComplete(), (error) => error === first);
});

test('scriptedSandboxSession assertComplete passes once the script is used', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'close', result: undefined },
  ]);
  assert.throws(() => sandbox.assertComplete(), UnconsumedSandboxStepsError);
  await sandbox.close!();
  sandbox.assertComplete();
});
