import assert from 'node:assert/strict';
import test from 'node:test';
import {
  InvalidScriptedSandboxStepError,
  type InvalidScriptedSandboxStepReason,
  type SandboxMethod,
  scriptedSandboxSession,
  type ScriptedSandboxStep,
} from '@scripted/agents';

/** Passes input the types forbid, as untyped callers can. */
function create(steps: unknown): void {
  scriptedSandboxSession(steps as ScriptedSandboxStep[]);
}

function assertInvalid(
  steps: unknown,
  expected: {
    reason: InvalidScriptedSandboxStepReason;
    inputIndex: number | undefined;
    method?: SandboxMethod;
  },
): InvalidScriptedSandboxStepError {
  let caught: unknown;
  assert.throws(() => create(steps), (error) => {
    caught = error;
    return true;
  });
  assert(caught instanceof InvalidScriptedSandboxStepError);
  assert.equal(caught.name, 'InvalidScriptedSandboxStepError');
  assert.equal(caught.reason, expected.reason);
  assert.equal(caught.inputIndex, expected.inputIndex);
  assert.equal(caught.method, expected.method);
  return caught;
}

const ok = { method: 'execCommand', result: '' };

test('scriptedSandboxSession rejects steps that are not an array', () => {
  for (const steps of [undefined, null, 'execCommand', { 0: ok, length: 1 }]) {
    assertInvalid(steps, { reason: 'invalid_steps', inputIndex: undefined });
  }
});

test('scriptedSandboxSession reports a steps proxy whose length throws', () => {
  const cause = new Error('no length');
  const steps = new Proxy([], {
    get(target, key) {
      if (key === 'length') throw cause;
      return Reflect.get(target, key);
    },
  });
  const error = assertInvalid(steps, {
    reason: 'invalid_steps',
    inputIndex: undefined,
  });
  assert.equal(error.cause, cause);
});

test('scriptedSandboxSession rejects a step that is not an object', () => {
  for (const step of [null, undefined, 'execCommand', 7, [ok]]) {
    assertInvalid([ok, step], { reason: 'invalid_step', inputIndex: 1 });
  }
  // A hole in a sparse array is not a step either.
  assertInvalid([ok, , ok], { reason: 'invalid_step', inputIndex: 1 });
});

test('scriptedSandboxSession reports a step whose getter throws', () => {
  const cause = new Error('getter failed');
  const step = {
    get method(): string {
      throw cause;
    },
    result: '',
  };
  const error = assertInvalid([ok, ok, step], {
    reason: 'invalid_step',
    inputIndex: 2,
  });
  assert.equal(error.cause, cause);
});

test('scriptedSandboxSession rejects unknown method names', () => {
  for (const method of ['launch', 'state', 'toString', '', 42, undefined]) {
    assertInvalid([{ method, result: '' }], {
      reason: 'unknown_method',
      inputIndex: 0,
    });
  }
});

test('scriptedSandboxSession rejects a step without an outcome', () => {
  assertInvalid([ok, { method: 'supportsPty', match: () => true }], {
    reason: 'missing_outcome',
    inputIndex: 1,
    method: 'supportsPty',
  });
});

test('scriptedSandboxSession rejects a step with several outcomes', () => {
  const pairs = [
    { result: '', error: new Error('x') },
    { result: '', respond: () => '' },
    { respond: () => '', error: new Error('x') },
    // A present outcome counts even when its value is undefined.
    { result: 'a', error: undefined },
  ];
  for (const outcomes of pairs) {
    assertInvalid([{ method: 'execCommand', ...outcomes }], {
      reason: 'multiple_outcomes',
      inputIndex: 0,
      method: 'execCommand',
    });
  }
});

test('scriptedSandboxSession rejects a match that is not a function', () => {
  for (const match of ['pwd', null, { cmd: 'pwd' }]) {
    assertInvalid([{ method: 'execCommand', match, result: '' }], {
      reason: 'invalid_match',
      inputIndex: 0,
      method: 'execCommand',
    });
  }
});

test('scriptedSandboxSession rejects a respond that is not a function', () => {
  for (const respond of ['out', undefined, null]) {
    assertInvalid([ok, { method: 'readFile', respond }], {
      reason: 'invalid_respond',
      inputIndex: 1,
      method: 'readFile',
    });
  }
});

test('scriptedSandboxSession rejects unknown step members', () => {
  assertInvalid([{ method: 'execCommand', matcher: () => true, result: '' }], {
    reason: 'unknown_property',
    inputIndex: 0,
    method: 'execCommand',
  });
});

test('scriptedSandboxSession accepts steps without a prototype, cycles and undefined results', async () => {
  const bare = Object.assign(Object.create(null), {
    method: 'execCommand',
    result: 'bare',
  });
  const cyclic: { entries: unknown[] } = { entries: [] };
  cyclic.entries.push(cyclic);
  const sandbox = scriptedSandboxSession([
    bare,
    { method: 'start', result: undefined, match: undefined },
    {
      method: 'listDir',
      result: cyclic as unknown as [],
    },
  ]);
  assert.equal(await sandbox.execCommand!({ cmd: 'x' }), 'bare');
  assert.equal(await sandbox.start!(), undefined);
  assert.equal(await sandbox.listDir!({ path: '.' }), cyclic);
  sandbox.assertComplete();
});

test('scriptedSandboxSession reads each step once, at creation', async () => {
  let reads = 0;
  const step = {
    method: 'execCommand' as const,
    get result(): string {
      reads++;
      return `read ${reads}`;
    },
  };
  const steps: ScriptedSandboxStep[] = [step];
  const sandbox = scriptedSandboxSession(steps);
  assert.equal(reads, 1);
  steps.push({ method: 'close', result: undefined });
  assert.equal(await sandbox.execCommand!({ cmd: 'x' }), 'read 1');
  assert.equal(reads, 1);
  assert.equal('close' in sandbox, false);
  sandbox.assertComplete();
});

test('scriptedSandboxSession validates a huge script quickly and points at the bad step', () => {
  const steps: unknown[] = Array.from({ length: 200_000 }, () => ok);
  const sandbox = scriptedSandboxSession(steps as ScriptedSandboxStep[]);
  assert.equal(sandbox.remainingSteps, 200_000);
  steps.push({ method: 'execCommand' });
  assertInvalid(steps, {
    reason: 'missing_outcome',
    inputIndex: 200_000,
    method: 'execCommand',
  });
});

test('InvalidScriptedSandboxStepError reports the first bad step', () => {
  assertInvalid([ok, { method: 'nope', result: 1 }, 5], {
    reason: 'unknown_method',
    inputIndex: 1,
  });
});
