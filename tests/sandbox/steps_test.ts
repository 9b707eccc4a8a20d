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
    received: string | undefined;
    suggestion?: SandboxMethod;
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
  assert.equal(caught.received, expected.received);
  assert.equal(caught.suggestion, expected.suggestion);
  if (expected.received !== undefined) {
    // The message says what was found.
    assert(
      caught.message.includes(`, got ${expected.received}`),
      caught.message,
    );
  }
  return caught;
}

const ok = { method: 'execCommand', result: '' };

test('scriptedSandboxSession rejects steps that are not an array', () => {
  const cases: [unknown, string][] = [
    [undefined, 'undefined'],
    [null, 'null'],
    ['execCommand', '"execCommand"'],
    [{ 0: ok, length: 1 }, 'an object'],
  ];
  for (const [steps, received] of cases) {
    assertInvalid(steps, {
      reason: 'invalid_steps',
      inputIndex: undefined,
      received,
    });
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
    received: undefined,
  });
  assert.equal(error.cause, cause);
  assert.equal(
    error.message,
    'Invalid scripted sandbox script: expected the steps to be an array, got a value that could not be read',
  );
});

test('scriptedSandboxSession rejects a step that is not an object', () => {
  const cases: [unknown, string][] = [
    [null, 'null'],
    [undefined, 'undefined'],
    ['execCommand', '"execCommand"'],
    [7, '7'],
    [[ok], 'an array of 1'],
  ];
  for (const [step, received] of cases) {
    assertInvalid([ok, step], {
      reason: 'invalid_step',
      inputIndex: 1,
      received,
    });
  }
  // A hole in a sparse array is not a step either.
  assertInvalid([ok, , ok], {
    reason: 'invalid_step',
    inputIndex: 1,
    received: 'undefined',
  });
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
    received: undefined,
  });
  assert.equal(error.cause, cause);
  assert.equal(
    error.message,
    'Invalid scripted sandbox step 2: expected a step to be an object with a method, got a step that could not be read',
  );
});

test('scriptedSandboxSession rejects unknown method names', () => {
  const cases: [unknown, string][] = [
    ['launch', '"launch"'],
    ['state', '"state"'],
    ['toString', '"toString"'],
    ['', '""'],
    [42, '42'],
    [undefined, 'undefined'],
    [{ name: 'execCommand' }, 'an object'],
  ];
  for (const [method, received] of cases) {
    assertInvalid([{ method, result: '' }], {
      reason: 'unknown_method',
      inputIndex: 0,
      received,
    });
  }
  // A step without a method at all.
  assertInvalid([ok, { result: '' }], {
    reason: 'unknown_method',
    inputIndex: 1,
    received: 'undefined',
  });
});

test('scriptedSandboxSession names a misspelled method and suggests the closest one', () => {
  const error = assertInvalid([{ method: 'execComand', result: '' }], {
    reason: 'unknown_method',
    inputIndex: 0,
    received: '"execComand"',
    suggestion: 'execCommand',
  });
  assert.equal(
    error.message,
    'Invalid scripted sandbox step 0: expected a SandboxSession method name, got "execComand" (did you mean "execCommand"?)',
  );
  const typos: [string, SandboxMethod][] = [
    ['ReadFile', 'readFile'],
    ['supportPty', 'supportsPty'],
    ['EXECCOMMAND', 'execCommand'],
    ['close ', 'close'],
  ];
  for (const [method, suggestion] of typos) {
    assertInvalid([ok, { method, result: '' }], {
      reason: 'unknown_method',
      inputIndex: 1,
      received: JSON.stringify(method),
      suggestion,
    });
  }
});

test('scriptedSandboxSession cuts a long method name in the message', () => {
  const method = 'x'.repeat(100_000);
  const error = assertInvalid([{ method, result: '' }], {
    reason: 'unknown_method',
    inputIndex: 0,
    received: `"${'x'.repeat(40)}"... (100000 characters)`,
  });
  assert(error.message.length < 200, error.message);
});

test('scriptedSandboxSession rejects a step without an outcome', () => {
  const error = assertInvalid([
    ok,
    { method: 'supportsPty', match: () => true },
  ], {
    reason: 'missing_outcome',
    inputIndex: 1,
    method: 'supportsPty',
    received: undefined,
  });
  assert.equal(
    error.message,
    'Invalid scripted sandbox step 1 ("supportsPty"): expected one of "result", "respond" or "error" with a value, got none',
  );
});

test('scriptedSandboxSession does not count error or respond set to undefined as an outcome', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ error: undefined }, '"error"'],
    [{ respond: undefined }, '"respond"'],
    [{ respond: undefined, error: undefined }, '"respond", "error"'],
    // result: undefined is an outcome only when it is the sole outcome key.
    [{ result: undefined, error: undefined }, '"result", "error"'],
    [
      { result: undefined, respond: undefined, error: undefined },
      '"result", "respond", "error"',
    ],
  ];
  for (const [outcomes, received] of cases) {
    assertInvalid([ok, { method: 'execCommand', ...outcomes }], {
      reason: 'missing_outcome',
      inputIndex: 1,
      method: 'execCommand',
      received,
    });
  }
  const error = assertInvalid([{ method: 'execCommand', error: undefined }], {
    reason: 'missing_outcome',
    inputIndex: 0,
    method: 'execCommand',
    received: '"error"',
  });
  assert.equal(
    error.message,
    'Invalid scripted sandbox step 0 ("execCommand"): expected one of "result", "respond" or "error" with a value, got "error" set to undefined',
  );
});

test('scriptedSandboxSession ignores outcome keys set to undefined beside a real outcome', async () => {
  const failure = new Error('scripted failure');
  const steps: ScriptedSandboxStep[] = [
    { method: 'execCommand', result: 'x', error: undefined },
    { method: 'execCommand', result: 'y', respond: undefined },
    { method: 'execCommand', respond: () => 'z', error: undefined },
    { method: 'execCommand', result: undefined, respond: () => 'w' },
    { method: 'execCommand', error: failure, result: undefined },
    { method: 'supportsPty', error: failure, result: undefined },
    { method: 'start', result: undefined },
  ];
  const sandbox = scriptedSandboxSession(steps);
  assert.equal(await sandbox.execCommand!({ cmd: 'a' }), 'x');
  assert.equal(await sandbox.execCommand!({ cmd: 'b' }), 'y');
  assert.equal(await sandbox.execCommand!({ cmd: 'c' }), 'z');
  assert.equal(await sandbox.execCommand!({ cmd: 'd' }), 'w');
  await assert.rejects(sandbox.execCommand!({ cmd: 'e' }), (error) => {
    assert.equal(error, failure);
    return true;
  });
  assert.throws(() => sandbox.supportsPty!(), (error) => {
    assert.equal(error, failure);
    return true;
  });
  assert.equal(await sandbox.start!(), undefined);
  sandbox.assertComplete();
});

test('scriptedSandboxSession rejects a step with several outcomes', () => {
  const pairs: [Record<string, unknown>, string][] = [
    [{ result: '', error: new Error('x') }, '"result", "error"'],
    [{ result: '', respond: () => '' }, '"result", "respond"'],
    [{ respond: () => '', error: new Error('x') }, '"respond", "error"'],
    // A falsy value other than undefined is an outcome.
    [{ result: '', error: null }, '"result", "error"'],
    [
      { result: 0, respond: () => '', error: false },
      '"result", "respond", "error"',
    ],
    // An outcome key set to undefined is not counted.
    [
      { result: '', respond: undefined, error: new Error('x') },
      '"result", "error"',
    ],
  ];
  for (const [outcomes, received] of pairs) {
    assertInvalid([{ method: 'execCommand', ...outcomes }], {
      reason: 'multiple_outcomes',
      inputIndex: 0,
      method: 'execCommand',
      received,
    });
  }
  const error = assertInvalid([{
    method: 'execCommand',
    result: '',
    error: new Error('x'),
  }], {
    reason: 'multiple_outcomes',
    inputIndex: 0,
    method: 'execCommand',
    received: '"result", "error"',
  });
  assert.equal(
    error.message,
    'Invalid scripted sandbox step 0 ("execCommand"): expected exactly one of "result", "respond" or "error", got "result", "error"',
  );
});

test('scriptedSandboxSession rejects a match that is not a function', () => {
  const cases: [unknown, string][] = [
    ['pwd', '"pwd"'],
    [null, 'null'],
    [{ cmd: 'pwd' }, 'an object'],
    [true, 'true'],
  ];
  for (const [match, received] of cases) {
    assertInvalid([{ method: 'execCommand', match, result: '' }], {
      reason: 'invalid_match',
      inputIndex: 0,
      method: 'execCommand',
      received,
    });
  }
  const error = assertInvalid(
    [{ method: 'execCommand', match: 'pwd', result: '' }],
    {
      reason: 'invalid_match',
      inputIndex: 0,
      method: 'execCommand',
      received: '"pwd"',
    },
  );
  assert.equal(
    error.message,
    'Invalid scripted sandbox step 0 ("execCommand"): expected match to be a function, got "pwd"',
  );
});

test('scriptedSandboxSession rejects a respond that is not a function', () => {
  const cases: [unknown, string][] = [
    ['out', '"out"'],
    [null, 'null'],
    [[], 'an array of 0'],
  ];
  for (const [respond, received] of cases) {
    assertInvalid([ok, { method: 'readFile', respond }], {
      reason: 'invalid_respond',
      inputIndex: 1,
      method: 'readFile',
      received,
    });
  }
  const error = assertInvalid([{ method: 'readFile', respond: 'out' }], {
    reason: 'invalid_respond',
    inputIndex: 0,
    method: 'readFile',
    received: '"out"',
  });
  assert.equal(
    error.message,
    'Invalid scripted sandbox step 0 ("readFile"): expected respond to be a function, got "out"',
  );
});

test('scriptedSandboxSession rejects unknown step members', () => {
  assertInvalid([{ method: 'execCommand', matcher: () => true, result: '' }], {
    reason: 'unknown_property',
    inputIndex: 0,
    method: 'execCommand',
    received: '"matcher"',
  });
  // Unknown members are reported before a missing outcome.
  const error = assertInvalid([{ method: 'execCommand', reslt: 'x' }], {
    reason: 'unknown_property',
    inputIndex: 0,
    method: 'execCommand',
    received: '"reslt"',
  });
  assert.equal(
    error.message,
    'Invalid scripted sandbox step 0 ("execCommand"): expected only "method", "match", "result", "respond" and "error", got "reslt"',
  );
  // Many unknown members: the first few, then how many more.
  assertInvalid(
    [{ method: 'close', a: 1, b: 2, c: 3, d: 4, e: 5, result: 1 }],
    {
      reason: 'unknown_property',
      inputIndex: 0,
      method: 'close',
      received: '"a", "b", "c" and 2 more',
    },
  );
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
    received: undefined,
  });
});

test('InvalidScriptedSandboxStepError reports the first bad step', () => {
  assertInvalid([ok, { method: 'nope', result: 1 }, 5], {
    reason: 'unknown_method',
    inputIndex: 1,
    received: '"nope"',
  });
});
