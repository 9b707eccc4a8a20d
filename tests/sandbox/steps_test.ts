import assert from 'node:assert/strict';
import test from 'node:test';
import {
  InvalidScriptedSandboxStepError,
  type InvalidScriptedSandboxStepIssue,
  type InvalidScriptedSandboxStepReason,
  type ScriptedSandboxMethod,
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
    issue: InvalidScriptedSandboxStepIssue;
    inputIndex: number;
    method?: string | undefined;
    path?: string | undefined;
    received: string | undefined;
    suggestion?: string | undefined;
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
  assert.equal(caught.issue, expected.issue);
  assert.equal(caught.inputIndex, expected.inputIndex);
  assert.equal(caught.method, expected.method);
  assert.equal(caught.path, expected.path);
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

test('scriptedSandboxSession rejects steps that are not iterable, at input 0', () => {
  const cases: [unknown, string][] = [
    [null, 'null'],
    [7, '7'],
    [true, 'true'],
    [{ 0: ok, length: 1 }, 'an object'],
    [{ [Symbol.iterator]: 'not a function' }, 'an object'],
  ];
  for (const [steps, received] of cases) {
    assertInvalid(steps, {
      reason: 'invalid_input',
      issue: 'invalid_steps',
      inputIndex: 0,
      received,
    });
  }
  const error = assertInvalid(null, {
    reason: 'invalid_input',
    issue: 'invalid_steps',
    inputIndex: 0,
    received: 'null',
  });
  assert.equal(
    error.message,
    'Invalid sandbox script: expected the steps to be iterable, got null',
  );
});

test('scriptedSandboxSession reads any iterable of steps, and undefined as no steps', async () => {
  const fromSet = scriptedSandboxSession(
    new Set([{ method: 'execCommand', result: 'set\n' }] as const),
  );
  assert.equal(await fromSet.execCommand({ cmd: 'a' }), 'set\n');
  fromSet.assertComplete();
  function* generated(): Generator<ScriptedSandboxStep> {
    yield { method: 'supportsPty', result: true };
    yield { method: 'close', result: undefined };
  }
  const fromGenerator = scriptedSandboxSession(generated());
  assert.equal(fromGenerator.remainingSteps, 2);
  assert.equal(fromGenerator.supportsPty!(), true);
  assert.equal(await fromGenerator.close!(), undefined);
  fromGenerator.assertComplete();
  // As the SDK testing module does: undefined is the no-argument form.
  const empty = scriptedSandboxSession(
    undefined as unknown as ScriptedSandboxStep[],
  );
  assert.equal(empty.remainingSteps, 0);
  assert.deepEqual(empty.calls, []);
  empty.assertComplete();
  // A string is iterable: its first character is not a step.
  assertInvalid('execCommand', {
    reason: 'invalid_input',
    issue: 'invalid_step',
    inputIndex: 0,
    received: '"e"',
  });
});

test('scriptedSandboxSession reports a failing iterator at the step being read and closes it', () => {
  const cause = new Error('iterator failed');
  const error = assertInvalid({
    *[Symbol.iterator]() {
      yield ok;
      yield ok;
      throw cause;
    },
  }, {
    reason: 'invalid_input',
    issue: 'invalid_steps',
    inputIndex: 2,
    received: undefined,
  });
  assert.equal(error.cause, cause);
  assert.equal(
    error.message,
    'Invalid sandbox script: expected the steps to be iterable, got steps that could not be read at step 2',
  );
  const throwsAtOnce = assertInvalid({
    [Symbol.iterator](): never {
      throw cause;
    },
  }, {
    reason: 'invalid_input',
    issue: 'invalid_steps',
    inputIndex: 0,
    received: undefined,
  });
  assert.equal(throwsAtOnce.cause, cause);
  // A rejected step stops the iteration: a generator's finally runs.
  let closed = false;
  function* steps(): Generator<unknown> {
    try {
      yield ok;
      yield { method: 'nope', result: 1 };
      yield ok;
    } finally {
      closed = true;
    }
  }
  assertInvalid(steps(), {
    reason: 'unknown_method',
    issue: 'unknown_method',
    inputIndex: 1,
    method: 'nope',
    path: 'method',
    received: '"nope"',
  });
  assert.equal(closed, true);
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
    reason: 'invalid_input',
    issue: 'invalid_steps',
    inputIndex: 0,
    received: undefined,
  });
  assert.equal(error.cause, cause);
  assert.equal(
    error.message,
    'Invalid sandbox script: expected the steps to be iterable, got a value that could not be read',
  );
  const revoked = Proxy.revocable([], {});
  revoked.revoke();
  const unreadable = assertInvalid(revoked.proxy, {
    reason: 'invalid_input',
    issue: 'invalid_steps',
    inputIndex: 0,
    received: undefined,
  });
  assert(unreadable.cause instanceof TypeError);
});

test('scriptedSandboxSession rejects a step that is not an object', () => {
  const cases: [unknown, string][] = [
    [null, 'null'],
    [undefined, 'undefined'],
    ['execCommand', '"execCommand"'],
    [7, '7'],
    [() => ok, 'a function'],
  ];
  for (const [step, received] of cases) {
    assertInvalid([ok, step], {
      reason: 'invalid_input',
      issue: 'invalid_step',
      inputIndex: 1,
      received,
    });
  }
  // The SDK testing module reads an array as a step without a method.
  assertInvalid([ok, [ok]], {
    reason: 'unknown_method',
    issue: 'invalid_step',
    inputIndex: 1,
    received: 'an array of 1',
  });
  // A hole in a sparse array is not a step either.
  assertInvalid([ok, , ok], {
    reason: 'invalid_input',
    issue: 'invalid_step',
    inputIndex: 1,
    received: 'undefined',
  });
});

test('scriptedSandboxSession reports a step whose getter throws, naming the member', () => {
  const cause = new Error('getter failed');
  const step = {
    get method(): string {
      throw cause;
    },
    result: '',
  };
  const error = assertInvalid([ok, ok, step], {
    reason: 'invalid_input',
    issue: 'invalid_step',
    inputIndex: 2,
    path: 'method',
    received: undefined,
  });
  assert.equal(error.cause, cause);
  assert.equal(
    error.message,
    'Invalid sandbox step 2: expected a step to be an object with a method, got a step whose "method" could not be read',
  );
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const unreadable = assertInvalid([revoked.proxy], {
    reason: 'invalid_input',
    issue: 'invalid_step',
    inputIndex: 0,
    received: undefined,
  });
  assert(unreadable.cause instanceof TypeError);
});

test('scriptedSandboxSession rejects unknown method names, keeping the name given', () => {
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
      issue: 'unknown_method',
      inputIndex: 0,
      method: typeof method === 'string' ? method : undefined,
      path: 'method',
      received,
    });
  }
  // A step without a method at all.
  assertInvalid([ok, { result: '' }], {
    reason: 'unknown_method',
    issue: 'unknown_method',
    inputIndex: 1,
    path: 'method',
    received: 'undefined',
  });
  // The method is checked first, as the SDK testing module does.
  assertInvalid([{ method: 'nope', match: 1, reslt: 2 }], {
    reason: 'unknown_method',
    issue: 'unknown_method',
    inputIndex: 0,
    method: 'nope',
    path: 'method',
    received: '"nope"',
  });
});

test('scriptedSandboxSession names a misspelled method and suggests the closest one', () => {
  const error = assertInvalid([{ method: 'execComand', result: '' }], {
    reason: 'unknown_method',
    issue: 'unknown_method',
    inputIndex: 0,
    method: 'execComand',
    path: 'method',
    received: '"execComand"',
    suggestion: 'execCommand',
  });
  assert.equal(
    error.message,
    'Invalid sandbox step 0: expected a SandboxSession method name, got "execComand" (did you mean "execCommand"?)',
  );
  const typos: [string, ScriptedSandboxMethod][] = [
    ['ReadFile', 'readFile'],
    ['supportPty', 'supportsPty'],
    ['EXECCOMMAND', 'execCommand'],
    ['close ', 'close'],
  ];
  for (const [method, suggestion] of typos) {
    assertInvalid([ok, { method, result: '' }], {
      reason: 'unknown_method',
      issue: 'unknown_method',
      inputIndex: 1,
      method,
      path: 'method',
      received: JSON.stringify(method),
      suggestion,
    });
  }
});

test('scriptedSandboxSession cuts a long method name in the message', () => {
  const method = 'x'.repeat(100_000);
  const error = assertInvalid([{ method, result: '' }], {
    reason: 'unknown_method',
    issue: 'unknown_method',
    inputIndex: 0,
    method,
    path: 'method',
    received: `"${'x'.repeat(40)}…"`,
  });
  assert(error.message.length < 200, error.message);
});

test('scriptedSandboxSession rejects a step without an outcome', () => {
  const error = assertInvalid([
    ok,
    { method: 'supportsPty', match: () => true },
  ], {
    reason: 'invalid_outcome',
    issue: 'missing_outcome',
    inputIndex: 1,
    method: 'supportsPty',
    received: undefined,
  });
  assert.equal(
    error.message,
    'Invalid sandbox step 1 ("supportsPty"): expected one of "result", "respond" or "error" with a value, got none',
  );
});

test('scriptedSandboxSession does not count error or respond set to undefined as an outcome', () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ error: undefined }, '"error"', 'error'],
    [{ respond: undefined }, '"respond"', 'respond'],
    [{ respond: undefined, error: undefined }, '"respond", "error"', 'respond'],
    // result: undefined is an outcome only when it is the sole outcome key.
    [{ result: undefined, error: undefined }, '"result", "error"', 'result'],
    [
      { result: undefined, respond: undefined, error: undefined },
      '"result", "respond", "error"',
      'result',
    ],
  ];
  for (const [outcomes, received, path] of cases) {
    assertInvalid([ok, { method: 'execCommand', ...outcomes }], {
      reason: 'invalid_outcome',
      issue: 'missing_outcome',
      inputIndex: 1,
      method: 'execCommand',
      path,
      received,
    });
  }
  const error = assertInvalid([{ method: 'execCommand', error: undefined }], {
    reason: 'invalid_outcome',
    issue: 'missing_outcome',
    inputIndex: 0,
    method: 'execCommand',
    path: 'error',
    received: '"error"',
  });
  assert.equal(
    error.message,
    'Invalid sandbox step 0 ("execCommand"): expected one of "result", "respond" or "error" with a value, got "error" set to undefined',
  );
});

test('scriptedSandboxSession ignores outcome keys set to undefined beside a real outcome', async () => {
  const failure = new Error('scripted failure');
  // As written without exactOptionalPropertyTypes (or in plain JS): the
  // types, as the SDK module's, leave an unused outcome key out.
  const steps = [
    { method: 'execCommand', result: 'x', error: undefined },
    { method: 'execCommand', result: 'y', respond: undefined },
    { method: 'execCommand', respond: () => 'z', error: undefined },
    { method: 'execCommand', result: undefined, respond: () => 'w' },
    { method: 'execCommand', error: failure, result: undefined },
    { method: 'supportsPty', error: failure, result: undefined },
    { method: 'start', result: undefined },
  ] as ScriptedSandboxStep[];
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
    // Several outcomes, one of them a bad respond: still several.
    [{ respond: 2, error: 1 }, '"respond", "error"'],
  ];
  for (const [outcomes, received] of pairs) {
    assertInvalid([{ method: 'execCommand', ...outcomes }], {
      reason: 'invalid_outcome',
      issue: 'multiple_outcomes',
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
    reason: 'invalid_outcome',
    issue: 'multiple_outcomes',
    inputIndex: 0,
    method: 'execCommand',
    received: '"result", "error"',
  });
  assert.equal(
    error.message,
    'Invalid sandbox step 0 ("execCommand"): expected exactly one of "result", "respond" or "error", got "result", "error"',
  );
});

test('scriptedSandboxSession rejects a match that is not a function, before the outcome', () => {
  const cases: [unknown, string][] = [
    ['pwd', '"pwd"'],
    [null, 'null'],
    [{ cmd: 'pwd' }, 'an object'],
    [true, 'true'],
  ];
  for (const [match, received] of cases) {
    assertInvalid([{ method: 'execCommand', match, result: '' }], {
      reason: 'invalid_matcher',
      issue: 'invalid_match',
      inputIndex: 0,
      method: 'execCommand',
      path: 'match',
      received,
    });
  }
  const error = assertInvalid(
    [{ method: 'execCommand', match: 'pwd', result: '' }],
    {
      reason: 'invalid_matcher',
      issue: 'invalid_match',
      inputIndex: 0,
      method: 'execCommand',
      path: 'match',
      received: '"pwd"',
    },
  );
  assert.equal(
    error.message,
    'Invalid sandbox step 0 ("execCommand"): expected match to be a function, got "pwd"',
  );
  // As the SDK testing module: the matcher is checked before the outcome.
  assertInvalid([{ method: 'execCommand', match: 1, respond: 2 }], {
    reason: 'invalid_matcher',
    issue: 'invalid_match',
    inputIndex: 0,
    method: 'execCommand',
    path: 'match',
    received: '1',
  });
});

test('scriptedSandboxSession rejects a native async matcher where the script is defined', () => {
  const error = assertInvalid(
    [ok, {
      method: 'execCommand',
      match: async () => await Promise.resolve(true),
      result: '',
    }],
    {
      reason: 'invalid_matcher',
      issue: 'async_matcher',
      inputIndex: 1,
      method: 'execCommand',
      path: 'match',
      received: 'an async function',
    },
  );
  assert.equal(
    error.message,
    'Invalid sandbox step 1 ("execCommand"): expected match to be a synchronous function, got an async function',
  );
  assertInvalid(
    [{
      method: 'pathExists',
      async *match() {
        yield true;
      },
      result: true,
    }],
    {
      reason: 'invalid_matcher',
      issue: 'async_matcher',
      inputIndex: 0,
      method: 'pathExists',
      path: 'match',
      received: 'an async function',
    },
  );
  // Sync functions of every kind are matchers.
  scriptedSandboxSession([
    { method: 'execCommand', match: () => true, result: '' },
    { method: 'execCommand', match: function () {}, result: '' },
    { method: 'execCommand', match: function* () {} as never, result: '' },
    { method: 'execCommand', match: Boolean, result: '' },
  ]);
});

test('scriptedSandboxSession rejects a respond that is not a function', () => {
  const cases: [unknown, string][] = [
    ['out', '"out"'],
    [null, 'null'],
    [[], 'an array of 0'],
  ];
  for (const [respond, received] of cases) {
    assertInvalid([ok, { method: 'readFile', respond }], {
      reason: 'invalid_outcome',
      issue: 'invalid_respond',
      inputIndex: 1,
      method: 'readFile',
      path: 'respond',
      received,
    });
  }
  const error = assertInvalid([{ method: 'readFile', respond: 'out' }], {
    reason: 'invalid_outcome',
    issue: 'invalid_respond',
    inputIndex: 0,
    method: 'readFile',
    path: 'respond',
    received: '"out"',
  });
  assert.equal(
    error.message,
    'Invalid sandbox step 0 ("readFile"): expected respond to be a function, got "out"',
  );
});

test('scriptedSandboxSession rejects a result that cannot be copied', () => {
  const cause = new Error('result getter failed');
  const result = {
    get entries(): never {
      throw cause;
    },
  };
  const error = assertInvalid([{ method: 'listDir', result }], {
    reason: 'invalid_outcome',
    issue: 'invalid_result',
    inputIndex: 0,
    method: 'listDir',
    path: 'result',
    received: undefined,
  });
  assert.equal(error.cause, cause);
  assert.equal(
    error.message,
    'Invalid sandbox step 0 ("listDir"): expected result to be data that can be copied, got a value that could not be copied',
  );
});

test('scriptedSandboxSession rejects unknown step members with the code of the other faults', () => {
  // Nothing else wrong: the SDK testing module would accept it.
  assertInvalid([{ method: 'execCommand', matcher: () => true, result: '' }], {
    reason: 'invalid_input',
    issue: 'unknown_property',
    inputIndex: 0,
    method: 'execCommand',
    path: 'matcher',
    received: '"matcher"',
    suggestion: 'match',
  });
  // A typo that leaves no outcome: invalid_outcome, as the SDK module says,
  // but the typo is what is reported.
  const error = assertInvalid([{ method: 'execCommand', reslt: 'x' }], {
    reason: 'invalid_outcome',
    issue: 'unknown_property',
    inputIndex: 0,
    method: 'execCommand',
    path: 'reslt',
    received: '"reslt"',
    suggestion: 'result',
  });
  assert.equal(
    error.message,
    'Invalid sandbox step 0 ("execCommand"): expected only "method", "match", "result", "respond" and "error", got "reslt" (did you mean "result"?)',
  );
  assertInvalid([{ method: 'execCommand', match: 1, reslt: 'x' }], {
    reason: 'invalid_matcher',
    issue: 'unknown_property',
    inputIndex: 0,
    method: 'execCommand',
    path: 'reslt',
    received: '"reslt"',
    suggestion: 'result',
  });
  // Many unknown members: the first few, then how many more.
  assertInvalid(
    [{ method: 'close', a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, result: 1 }],
    {
      reason: 'invalid_input',
      issue: 'unknown_property',
      inputIndex: 0,
      method: 'close',
      path: 'a',
      received: '"a", "b", "c", "d", "e" and 2 more',
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
  // The result is a copy made at definition, with its cycle kept.
  const listed = await sandbox.listDir!({ path: '.' }) as unknown as {
    entries: unknown[];
  };
  assert.notEqual(listed, cyclic);
  assert.equal(listed.entries[0], listed);
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
    reason: 'invalid_outcome',
    issue: 'missing_outcome',
    inputIndex: 200_000,
    method: 'execCommand',
    received: undefined,
  });
});

test('InvalidScriptedSandboxStepError reports the first bad step', () => {
  assertInvalid([ok, { method: 'nope', result: 1 }, 5], {
    reason: 'unknown_method',
    issue: 'unknown_method',
    inputIndex: 1,
    method: 'nope',
    path: 'method',
    received: '"nope"',
  });
});
