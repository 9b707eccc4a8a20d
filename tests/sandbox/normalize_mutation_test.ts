import assert from 'node:assert/strict';
import test from 'node:test';
import {
  InvalidScriptedSandboxStepError,
  scriptedSandboxSession,
} from '@scripted/agents';

/** The fields of a rejected sandbox script, message in full. */
interface SandboxRejection {
  reason: InvalidScriptedSandboxStepError['reason'];
  issue: InvalidScriptedSandboxStepError['issue'];
  inputIndex: number;
  groupIndex?: number;
  method?: string;
  path?: string;
  received?: string;
  suggestion?: string;
  message: string;
  cause?: unknown;
}

/** Asserts that scripting `steps` throws exactly the error described. */
function rejectsScript(steps: unknown, expected: SandboxRejection): void {
  let thrown: unknown;
  try {
    scriptedSandboxSession(steps as never);
  } catch (error) {
    thrown = error;
  }
  assert(
    thrown instanceof InvalidScriptedSandboxStepError,
    `Expected an InvalidScriptedSandboxStepError, got ${String(thrown)}`,
  );
  const cause = thrown.cause;
  // No `cause` member at all when there is none.
  assert.equal(Object.hasOwn(thrown, 'cause'), expected.cause !== undefined);
  assert.deepEqual({
    name: thrown.name,
    reason: thrown.reason,
    issue: thrown.issue,
    inputIndex: thrown.inputIndex,
    groupIndex: thrown.groupIndex,
    method: thrown.method,
    path: thrown.path,
    received: thrown.received,
    suggestion: thrown.suggestion,
    message: thrown.message,
    // A TypeError of the engine's own is compared by class and message.
    cause: expected.cause instanceof TypeError
      ? cause instanceof TypeError && cause.message === expected.cause.message
      : cause,
  }, {
    name: 'InvalidScriptedSandboxStepError',
    groupIndex: undefined,
    method: undefined,
    path: undefined,
    received: undefined,
    suggestion: undefined,
    ...expected,
    cause: expected.cause instanceof TypeError ? true : expected.cause,
  });
}

/** An array whose `length` or one index throws `error` when read. */
function throwingArray(
  items: unknown[],
  key: string,
  error: Error,
): unknown[] {
  return new Proxy(items, {
    get(target, k, receiver) {
      if (k === key) throw error;
      return Reflect.get(target, k, receiver);
    },
  });
}

function revoked(target: object): object {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}

/** The error `Array.isArray` throws on a revoked proxy, in this engine. */
function isArrayError(): TypeError {
  try {
    Array.isArray(revoked([]));
  } catch (error) {
    if (error instanceof TypeError) return error;
  }
  throw new Error('Array.isArray accepted a revoked proxy');
}

const close = { method: 'close', result: undefined } as const;
const unreadableScript =
  'Invalid sandbox script: expected the steps to be iterable, got a value that could not be read';
const notAStep = 'expected a step to be an object with a method';

test('scriptedSandboxSession reports unreadable or non-iterable scripts exactly', () => {
  rejectsScript(revoked([]), {
    reason: 'invalid_input',
    issue: 'invalid_steps',
    inputIndex: 0,
    message: unreadableScript,
    cause: isArrayError(),
  });
  const len = new Error('len');
  rejectsScript(throwingArray([], 'length', len), {
    reason: 'invalid_input',
    issue: 'invalid_steps',
    inputIndex: 0,
    message: unreadableScript,
    cause: len,
  });
  const element = new Error('el');
  rejectsScript(throwingArray([close, close], '1', element), {
    reason: 'invalid_input',
    issue: 'invalid_step',
    inputIndex: 1,
    message:
      `Invalid sandbox step 1: ${notAStep}, got a step that could not be read`,
    cause: element,
  });
  for (const [steps, received] of [[5, '5'], [null, 'null']] as const) {
    rejectsScript(steps, {
      reason: 'invalid_input',
      issue: 'invalid_steps',
      inputIndex: 0,
      received,
      message:
        `Invalid sandbox script: expected the steps to be iterable, got ${received}`,
    });
  }
  const iterate = new Error('it');
  rejectsScript({
    [Symbol.iterator]() {
      throw iterate;
    },
  }, {
    reason: 'invalid_input',
    issue: 'invalid_steps',
    inputIndex: 0,
    message: unreadableScript,
    cause: iterate,
  });
  const next = new Error('nx');
  let given = 0;
  rejectsScript({
    [Symbol.iterator]() {
      return {
        next() {
          if (given++ === 1) throw next;
          return { done: false, value: close };
        },
      };
    },
  }, {
    reason: 'invalid_input',
    issue: 'invalid_steps',
    inputIndex: 1,
    message:
      'Invalid sandbox script: expected the steps to be iterable, got steps that could not be read at step 1',
    cause: next,
  });
});

test('scriptedSandboxSession closes an iterable whose step it rejects, keeping the step error', () => {
  let closed = 0;
  rejectsScript(
    (function* () {
      try {
        yield close;
        yield 5;
        yield close;
      } finally {
        closed++;
      }
    })(),
    {
      reason: 'invalid_input',
      issue: 'invalid_step',
      inputIndex: 1,
      received: '5',
      message: `Invalid sandbox step 1: ${notAStep}, got 5`,
    },
  );
  assert.equal(closed, 1);
  rejectsScript({
    [Symbol.iterator]() {
      return {
        next: () => ({ done: false, value: 5 }),
        return() {
          throw new Error('ret');
        },
      };
    },
  }, {
    reason: 'invalid_input',
    issue: 'invalid_step',
    inputIndex: 0,
    received: '5',
    message: `Invalid sandbox step 0: ${notAStep}, got 5`,
  });
  // An iterable that ends normally is read to its end, steps in order.
  const sandbox = scriptedSandboxSession(
    new Set([
      { method: 'supportsPty', result: true } as const,
      { method: 'supportsPty', result: false } as const,
    ]),
  );
  assert.deepEqual([sandbox.supportsPty(), sandbox.supportsPty()], [
    true,
    false,
  ]);
  sandbox.assertComplete();
});

test('scriptedSandboxSession rejects each malformed anyOrder group exactly', () => {
  const group = 'a group of the form { anyOrder: [steps] }';
  rejectsScript([close, { anyOrder: [] }], {
    reason: 'invalid_input',
    issue: 'empty_group',
    inputIndex: 1,
    path: 'anyOrder',
    message:
      'Invalid sandbox step 1: expected an anyOrder group with at least one step, got an empty group',
  });
  rejectsScript([{ anyOrder: [], x: 1, y: 2 }], {
    reason: 'invalid_input',
    issue: 'invalid_group',
    inputIndex: 0,
    path: 'x',
    received: '"x", "y"',
    message: `Invalid sandbox step 0: expected ${group}, got "x", "y"`,
  });
  rejectsScript([{ anyOrder: 5 }], {
    reason: 'invalid_input',
    issue: 'invalid_group',
    inputIndex: 0,
    path: 'anyOrder',
    received: '5',
    message: `Invalid sandbox step 0: expected ${group}, got 5`,
  });
  const unreadableMembers =
    `Invalid sandbox step 0: ${notAStep}, got a step whose "anyOrder" could not be read`;
  rejectsScript([{ anyOrder: revoked([]) }], {
    reason: 'invalid_input',
    issue: 'invalid_step',
    inputIndex: 0,
    path: 'anyOrder',
    message: unreadableMembers,
    cause: isArrayError(),
  });
  const len = new Error('glen');
  rejectsScript([{ anyOrder: throwingArray([], 'length', len) }], {
    reason: 'invalid_input',
    issue: 'invalid_step',
    inputIndex: 0,
    path: 'anyOrder',
    message: unreadableMembers,
    cause: len,
  });
  const getter = new Error('ga');
  rejectsScript([{
    get anyOrder(): never {
      throw getter;
    },
  }], {
    reason: 'invalid_input',
    issue: 'invalid_step',
    inputIndex: 0,
    path: 'anyOrder',
    message: unreadableMembers,
    cause: getter,
  });
  const keys = new Error('gk');
  rejectsScript([
    new Proxy({ anyOrder: [] }, {
      ownKeys() {
        throw keys;
      },
    }),
  ], {
    reason: 'invalid_input',
    issue: 'invalid_step',
    inputIndex: 0,
    message:
      `Invalid sandbox step 0: ${notAStep}, got a step that could not be read`,
    cause: keys,
  });
  const member = new Error('gel');
  rejectsScript([{ anyOrder: throwingArray([close, close], '1', member) }], {
    reason: 'invalid_input',
    issue: 'invalid_step',
    inputIndex: 0,
    groupIndex: 1,
    message:
      `Invalid sandbox step 0 (step 1 of its anyOrder group): ${notAStep}, got a step that could not be read`,
    cause: member,
  });
  rejectsScript([{ anyOrder: [close, { anyOrder: [close] }] }], {
    reason: 'invalid_input',
    issue: 'nested_group',
    inputIndex: 0,
    groupIndex: 1,
    path: 'anyOrder',
    message:
      'Invalid sandbox step 0 (step 1 of its anyOrder group): expected a step, not a group, inside an anyOrder group, got a nested group',
  });
  rejectsScript([{ anyOrder: [close, { method: 'clos', result: 1 }] }], {
    reason: 'unknown_method',
    issue: 'unknown_method',
    inputIndex: 0,
    groupIndex: 1,
    method: 'clos',
    path: 'method',
    received: '"clos"',
    suggestion: 'close',
    message:
      'Invalid sandbox step 0 (step 1 of its anyOrder group): expected a SandboxSession method name, got "clos" (did you mean "close"?)',
  });
  const copy = new Error('rx');
  rejectsScript([{
    anyOrder: [{
      method: 'readFile',
      result: {
        get x(): never {
          throw copy;
        },
      },
    }],
  }], {
    reason: 'invalid_outcome',
    issue: 'invalid_result',
    inputIndex: 0,
    groupIndex: 0,
    method: 'readFile',
    path: 'result',
    message:
      'Invalid sandbox step 0 (step 0 of its anyOrder group) ("readFile"): expected result to be data that can be copied, got a value that could not be copied',
    cause: copy,
  });
});

test('scriptedSandboxSession rejects each malformed step exactly', () => {
  rejectsScript([[]], {
    reason: 'unknown_method',
    issue: 'invalid_step',
    inputIndex: 0,
    received: 'an array of 0',
    message: `Invalid sandbox step 0: ${notAStep}, got an array of 0`,
  });
  rejectsScript([close, 5], {
    reason: 'invalid_input',
    issue: 'invalid_step',
    inputIndex: 1,
    received: '5',
    message: `Invalid sandbox step 1: ${notAStep}, got 5`,
  });
  rejectsScript([revoked({})], {
    reason: 'invalid_input',
    issue: 'invalid_step',
    inputIndex: 0,
    message:
      `Invalid sandbox step 0: ${notAStep}, got a step that could not be read`,
    cause: isArrayError(),
  });
  const method = new Error('sm');
  rejectsScript([{
    get method(): string {
      throw method;
    },
  }], {
    reason: 'invalid_input',
    issue: 'invalid_step',
    inputIndex: 0,
    path: 'method',
    message:
      `Invalid sandbox step 0: ${notAStep}, got a step whose "method" could not be read`,
    cause: method,
  });
  rejectsScript([{ method: 5, result: 1 }], {
    reason: 'unknown_method',
    issue: 'unknown_method',
    inputIndex: 0,
    path: 'method',
    received: '5',
    message:
      'Invalid sandbox step 0: expected a SandboxSession method name, got 5',
  });
  rejectsScript([{ method: 'execComand', result: '' }], {
    reason: 'unknown_method',
    issue: 'unknown_method',
    inputIndex: 0,
    method: 'execComand',
    path: 'method',
    received: '"execComand"',
    suggestion: 'execCommand',
    message:
      'Invalid sandbox step 0: expected a SandboxSession method name, got "execComand" (did you mean "execCommand"?)',
  });
});

test('scriptedSandboxSession reports an unknown key first, with the code of the other faults', () => {
  const only =
    'expected only "method", "match", "result", "respond" and "error"';
  rejectsScript([{ method: 'close', result: undefined, reslt: 1 }], {
    reason: 'invalid_input',
    issue: 'unknown_property',
    inputIndex: 0,
    method: 'close',
    path: 'reslt',
    received: '"reslt"',
    suggestion: 'result',
    message:
      `Invalid sandbox step 0 ("close"): ${only}, got "reslt" (did you mean "result"?)`,
  });
  rejectsScript([{ method: 'close', reslt: 1 }], {
    reason: 'invalid_outcome',
    issue: 'unknown_property',
    inputIndex: 0,
    method: 'close',
    path: 'reslt',
    received: '"reslt"',
    suggestion: 'result',
    message:
      `Invalid sandbox step 0 ("close"): ${only}, got "reslt" (did you mean "result"?)`,
  });
  rejectsScript([{ method: 'close', match: 5, result: 1, zz: 1, yy: 2 }], {
    reason: 'invalid_matcher',
    issue: 'unknown_property',
    inputIndex: 0,
    method: 'close',
    path: 'zz',
    received: '"zz", "yy"',
    message: `Invalid sandbox step 0 ("close"): ${only}, got "zz", "yy"`,
  });
});

test('scriptedSandboxSession checks the matcher and the outcome of a step exactly', () => {
  rejectsScript([{ method: 'close', match: 5, result: undefined }], {
    reason: 'invalid_matcher',
    issue: 'invalid_match',
    inputIndex: 0,
    method: 'close',
    path: 'match',
    received: '5',
    message:
      'Invalid sandbox step 0 ("close"): expected match to be a function, got 5',
  });
  for (
    const match of [
      async () => await Promise.resolve(true),
      async function* () {},
    ]
  ) {
    rejectsScript([{ method: 'close', match, result: undefined }], {
      reason: 'invalid_matcher',
      issue: 'async_matcher',
      inputIndex: 0,
      method: 'close',
      path: 'match',
      received: 'an async function',
      message:
        'Invalid sandbox step 0 ("close"): expected match to be a synchronous function, got an async function',
    });
  }
  const outcome = 'expected one of "result", "respond" or "error" with a value';
  rejectsScript([{ method: 'close', result: 1, error: 2 }], {
    reason: 'invalid_outcome',
    issue: 'multiple_outcomes',
    inputIndex: 0,
    method: 'close',
    received: '"result", "error"',
    message:
      'Invalid sandbox step 0 ("close"): expected exactly one of "result", "respond" or "error", got "result", "error"',
  });
  rejectsScript([{ method: 'close' }], {
    reason: 'invalid_outcome',
    issue: 'missing_outcome',
    inputIndex: 0,
    method: 'close',
    message: `Invalid sandbox step 0 ("close"): ${outcome}, got none`,
  });
  for (
    const [step, path, received] of [
      [
        { respond: undefined, error: undefined },
        'respond',
        '"respond", "error"',
      ],
      [{ result: undefined, error: undefined }, 'result', '"result", "error"'],
      [{ error: undefined }, 'error', '"error"'],
    ] as const
  ) {
    rejectsScript([{ method: 'close', ...step }], {
      reason: 'invalid_outcome',
      issue: 'missing_outcome',
      inputIndex: 0,
      method: 'close',
      path,
      received,
      message:
        `Invalid sandbox step 0 ("close"): ${outcome}, got ${received} set to undefined`,
    });
  }
  rejectsScript([{ method: 'close', respond: 5 }], {
    reason: 'invalid_outcome',
    issue: 'invalid_respond',
    inputIndex: 0,
    method: 'close',
    path: 'respond',
    received: '5',
    message:
      'Invalid sandbox step 0 ("close"): expected respond to be a function, got 5',
  });
});

test('scriptedSandboxSession answers with the outcome each step was given', async () => {
  const given = { entries: ['a.md'] };
  const sandbox = scriptedSandboxSession([
    { method: 'close', result: undefined },
    { method: 'readFile', result: given as never },
    // Outcome keys set to undefined beside the one given (untyped input).
    { method: 'execCommand', result: 'x', error: undefined } as never,
    {
      method: 'execCommand',
      respond: () => 'responded',
      result: undefined,
    } as never,
    {
      method: 'pathExists',
      match: (path: string) => path === 'a.md',
      result: true,
    },
  ]);
  given.entries.push('b.md');
  assert.equal(await sandbox.close(), undefined);
  // The result is a copy made when the step was added.
  const read = await sandbox.readFile({ path: 'x' });
  assert.deepEqual(read, { entries: ['a.md'] });
  assert.notEqual(read, given);
  assert.equal(await sandbox.execCommand!({ cmd: 'ls' }), 'x');
  assert.equal(await sandbox.execCommand!({ cmd: 'ls' }), 'responded');
  assert.equal(await sandbox.pathExists('a.md'), true);
  sandbox.assertComplete();
});

test('scriptedSandboxSession rejects with the very error or value an error step holds', async () => {
  const failure = { code: 'EBUSY' };
  const error = new Error('busy');
  const sandbox = scriptedSandboxSession([
    { method: 'execCommand', error: failure },
    { method: 'execCommand', error },
  ]);
  await assert.rejects(sandbox.execCommand({ cmd: 'a' }), (e) => e === failure);
  await assert.rejects(sandbox.execCommand({ cmd: 'b' }), (e) => e === error);
  sandbox.assertComplete();
});

test('scriptedSandboxSession takes only a plain object as an anyOrder group', () => {
  // A function carrying an anyOrder member is no group, and no step.
  const fn = Object.assign(() => {}, { anyOrder: [close] });
  rejectsScript([fn], {
    reason: 'invalid_input',
    issue: 'invalid_step',
    inputIndex: 0,
    received: 'a function',
    message: `Invalid sandbox step 0: ${notAStep}, got a function`,
  });
});

test('scriptedSandboxSession names an unreadable step or group member past position 9', () => {
  const failure = new Error('element');
  const steps = Array.from({ length: 12 }, () => close);
  rejectsScript(throwingArray(steps, '11', failure), {
    reason: 'invalid_input',
    issue: 'invalid_step',
    inputIndex: 11,
    message:
      'Invalid sandbox step 11: expected a step to be an object with a method, got a step that could not be read',
    cause: failure,
  });
  const members = Array.from({ length: 12 }, () => close);
  rejectsScript([{ anyOrder: throwingArray(members, '10', failure) }], {
    reason: 'invalid_input',
    issue: 'invalid_step',
    inputIndex: 0,
    groupIndex: 10,
    message:
      'Invalid sandbox step 0 (step 10 of its anyOrder group): expected a step to be an object with a method, got a step that could not be read',
    cause: failure,
  });
});

test('scriptedSandboxSession rejects a result that cannot be copied', () => {
  const failure = new Error('no copy');
  rejectsScript([{
    method: 'readFile',
    result: {
      get text(): never {
        throw failure;
      },
    },
  }], {
    reason: 'invalid_outcome',
    issue: 'invalid_result',
    inputIndex: 0,
    method: 'readFile',
    path: 'result',
    message:
      'Invalid sandbox step 0 ("readFile"): expected result to be data that can be copied, got a value that could not be copied',
    cause: failure,
  });
});

test('InvalidScriptedSandboxStepError reads an issue it does not know as invalid input', () => {
  const error = new InvalidScriptedSandboxStepError({
    issue: 'no_such_issue' as never,
    inputIndex: 2,
  });
  assert.equal(error.reason, 'invalid_input');
  assert.equal(
    error.message,
    'Invalid sandbox step 2: expected a step object with a method and one outcome',
  );
  // Not even one an object inherits.
  assert.equal(
    new InvalidScriptedSandboxStepError({
      issue: 'toString' as never,
      inputIndex: 0,
    }).reason,
    'invalid_input',
  );
});
