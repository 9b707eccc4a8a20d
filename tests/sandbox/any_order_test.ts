import assert from 'node:assert/strict';
import test from 'node:test';
import { Runner, type Tool } from '@openai/agents';
import { SandboxAgent, shell } from '@openai/agents/sandbox';
import {
  anyOrder,
  assistantMessage,
  functionCall,
  InvalidScriptedSandboxStepError,
  SandboxCallMatcherError,
  ScriptedModel,
  type ScriptedSandboxEntry,
  scriptedSandboxSession,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from '@scripted/agents';

const runner = new Runner({ tracingDisabled: true });

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((
      rest,
    ) => [item, ...rest])
  );
}

test('anyOrder lets the calls of a group arrive in any order', async () => {
  for (const order of permutations(['a', 'b', 'c'])) {
    const sandbox = scriptedSandboxSession([
      { method: 'supportsPty', result: false },
      anyOrder(
        { method: 'readFile', match: ({ path }) => path === 'a', result: 'A' },
        { method: 'readFile', match: ({ path }) => path === 'b', result: 'B' },
        { method: 'readFile', match: ({ path }) => path === 'c', result: 'C' },
      ),
      { method: 'execCommand', result: 'done\n' },
    ]);
    assert.equal(sandbox.supportsPty(), false);
    const answers = await Promise.all(
      order.map((path) => sandbox.readFile({ path })),
    );
    assert.deepEqual(answers, order.map((path) => path.toUpperCase()));
    assert.equal(sandbox.remainingSteps, 1);
    assert.equal(await sandbox.execCommand({ cmd: 'ls' }), 'done\n');
    sandbox.assertComplete();
  }
});

test('anyOrder gives a call the first unused step whose method and matcher accept it', async () => {
  const sandbox = scriptedSandboxSession([
    anyOrder(
      { method: 'execCommand', result: 'first\n' },
      { method: 'supportsPty', result: true },
      { method: 'execCommand', result: 'second\n' },
    ),
  ]);
  assert.equal(await sandbox.execCommand({ cmd: 'x' }), 'first\n');
  assert.equal(sandbox.supportsPty(), true);
  assert.equal(await sandbox.execCommand({ cmd: 'y' }), 'second\n');
  sandbox.assertComplete();
  assert.deepEqual(sandbox.calls.map((call) => call.method), [
    'execCommand',
    'supportsPty',
    'execCommand',
  ]);
});

test('anyOrder passes a call on when a matcher asserts and fails, and answers errors as ordered steps do', async () => {
  const sandbox = scriptedSandboxSession([
    anyOrder(
      {
        method: 'execCommand',
        match: ({ cmd }) => assert.equal(cmd, 'pwd'),
        result: '/w\n',
      },
      {
        method: 'execCommand',
        match: ({ cmd }) => assert.equal(cmd, 'ls'),
        error: new Error('ls failed'),
      },
    ),
  ]);
  await assert.rejects(sandbox.execCommand({ cmd: 'ls' }), /ls failed/);
  assert.equal(await sandbox.execCommand({ cmd: 'pwd' }), '/w\n');
  sandbox.assertComplete();
});

test('anyOrder fails a call of a method no unused step names, listing the candidates', async () => {
  const sandbox = scriptedSandboxSession([
    anyOrder(
      { method: 'readFile', result: 'A' },
      { method: 'execCommand', result: '' },
    ),
  ]);
  await sandbox.readFile({ path: 'a' });
  const error = await sandbox.readFile({ path: 'b' }).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert(error instanceof UnexpectedSandboxCallError);
  assert.equal(error.name, 'UnexpectedSandboxCallError');
  assert.equal(error.callIndex, 1);
  assert.equal(error.actualMethod, 'readFile');
  assert.equal(error.expectedMethod, 'execCommand');
  assert.equal(error.remainingSteps, 1);
  assert.deepEqual(error.candidates, [
    { position: 1, method: 'execCommand', rejection: 'method' },
  ]);
  assert.equal(
    error.message,
    [
      'Unexpected sandbox call 1 to "readFile": expected one of "execCommand" (in any order), 1 step left',
      'Timeline (2 steps, 2 calls; ">" marks the first divergence):',
      '  call 0 "readFile" -> step 0 "readFile"',
      '> call 1 "readFile": no anyOrder candidate accepts it',
      '  step 1 "execCommand": anyOrder candidate',
    ].join('\n'),
  );
  // The step is still there; drift is remembered even once it is used.
  await sandbox.execCommand({ cmd: 'ls' });
  assert.equal(sandbox.remainingSteps, 0);
  assert.throws(() => sandbox.assertComplete(), (thrown) => thrown === error);
});

test('anyOrder fails a call every matcher rejects, with each candidate and why', async () => {
  const thrown = new TypeError('not this one');
  const sandbox = scriptedSandboxSession([
    anyOrder(
      { method: 'execCommand', match: () => false, result: '' },
      { method: 'readFile', result: 'A' },
      {
        method: 'execCommand',
        match: () => {
          throw thrown;
        },
        result: '',
      },
    ),
  ]);
  const error = await sandbox.execCommand({ cmd: 'rm' }).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert(error instanceof SandboxCallMatcherError);
  assert.equal(error.name, 'SandboxCallMatcherError');
  assert.equal(error.callIndex, 0);
  assert.equal(error.method, 'execCommand');
  assert.equal(error.matcherResult, 'threw');
  assert.equal(error.cause, thrown);
  assert.deepEqual(error.candidates, [
    { position: 0, method: 'execCommand', rejection: 'false' },
    { position: 1, method: 'readFile', rejection: 'method' },
    { position: 2, method: 'execCommand', rejection: 'threw' },
  ]);
  assert.equal(
    error.message,
    [
      'Sandbox call 0 to "execCommand" rejected: no unused step of its anyOrder group accepts it, step 0 "execCommand" (matcher returned false), step 1 "readFile" (another method), step 2 "execCommand" (matcher threw)',
      'Timeline (3 steps, 1 call; ">" marks the first divergence):',
      '> call 0 "execCommand": no anyOrder candidate accepts it',
      '  step 0 "execCommand": anyOrder candidate',
      '  step 1 "readFile": anyOrder candidate',
      '  step 2 "execCommand": anyOrder candidate',
    ].join('\n'),
  );
  assert.equal(sandbox.remainingSteps, 3);
  assert.throws(() => sandbox.assertComplete(), (e) => e === error);
});

test('anyOrder holds later steps back until the group is used up', async () => {
  const sandbox = scriptedSandboxSession([
    anyOrder(
      { method: 'readFile', result: 'A' },
      { method: 'readFile', result: 'B' },
    ),
    { method: 'execCommand', result: '' },
  ]);
  await sandbox.readFile({ path: 'a' });
  await assert.rejects(
    sandbox.execCommand({ cmd: 'ls' }),
    (error) =>
      error instanceof UnexpectedSandboxCallError &&
      error.expectedMethod === 'readFile' &&
      error.remainingSteps === 2 &&
      error.candidates?.length === 1,
  );
});

test('anyOrder leftovers are listed by assertComplete', async () => {
  const sandbox = scriptedSandboxSession([
    anyOrder(
      { method: 'readFile', result: 'A' },
      { method: 'execCommand', result: '' },
      { method: 'supportsPty', result: false },
    ),
    { method: 'close', result: undefined },
  ]);
  await sandbox.execCommand({ cmd: 'ls' });
  assert.equal(sandbox.remainingSteps, 3);
  assert.throws(
    () => sandbox.assertComplete(),
    (error) =>
      error instanceof UnconsumedSandboxStepsError &&
      error.remainingSteps === 3 &&
      error.pendingMethods.join() === 'readFile,supportsPty,close' &&
      error.message ===
        [
          'Incomplete sandbox script: 3 steps left ("readFile", "supportsPty", "close")',
          // The group's unused steps where the script has them; the first
          // step left is the divergence.
          'Timeline (4 steps, 1 call; ">" marks the first divergence):',
          '> step 0 "readFile": pending',
          '  call 0 "execCommand" -> step 1 "execCommand"',
          '  step 2 "supportsPty": pending',
          '  step 3 "close": pending',
        ].join('\n'),
  );
});

test('anyOrder groups are validated where the script is defined', () => {
  const cases: [unknown, Record<string, unknown>, string][] = [
    [
      anyOrder(),
      { reason: 'invalid_input', issue: 'empty_group', groupIndex: undefined },
      'Invalid sandbox step 1: expected an anyOrder group with at least one step, got an empty group',
    ],
    [
      anyOrder({ method: 'execCommand', result: '' }, anyOrder() as never),
      { reason: 'invalid_input', issue: 'nested_group', groupIndex: 1 },
      'Invalid sandbox step 1 (step 1 of its anyOrder group): expected a step, not a group, inside an anyOrder group, got a nested group',
    ],
    [
      anyOrder(42 as never),
      { reason: 'invalid_input', issue: 'invalid_step', groupIndex: 0 },
      'Invalid sandbox step 1 (step 0 of its anyOrder group): expected a step to be an object with a method, got 42',
    ],
    [
      anyOrder(
        { method: 'readFile', result: '' },
        {
          method: 'execCommand',
          match: (async () => await Promise.resolve(true)) as never,
          result: '',
        },
      ),
      {
        reason: 'invalid_matcher',
        issue: 'async_matcher',
        groupIndex: 1,
        method: 'execCommand',
        path: 'match',
      },
      'Invalid sandbox step 1 (step 1 of its anyOrder group) ("execCommand"): expected match to be a synchronous function, got an async function',
    ],
    [
      { anyOrder: 'steps' },
      { reason: 'invalid_input', issue: 'invalid_group', path: 'anyOrder' },
      'Invalid sandbox step 1: expected a group of the form { anyOrder: [steps] }, got "steps"',
    ],
    [
      { anyOrder: [{ method: 'readFile', result: '' }], ordered: true },
      {
        reason: 'invalid_input',
        issue: 'invalid_group',
        path: 'ordered',
        received: '"ordered"',
      },
      'Invalid sandbox step 1: expected a group of the form { anyOrder: [steps] }, got "ordered"',
    ],
  ];
  for (const [group, fields, message] of cases) {
    const script = [
      { method: 'supportsPty', result: false },
      group,
    ] as unknown as ScriptedSandboxEntry[];
    assert.throws(() => scriptedSandboxSession(script), (error) => {
      assert(error instanceof InvalidScriptedSandboxStepError);
      assert.equal(error.name, 'InvalidScriptedSandboxStepError');
      assert.equal(error.inputIndex, 1);
      for (const [key, value] of Object.entries(fields)) {
        assert.equal(error[key as keyof typeof error], value, key);
      }
      assert.equal(error.message, message);
      return true;
    });
  }
});

test('anyOrder types the session with the methods of its steps', async () => {
  const sandbox = scriptedSandboxSession([
    anyOrder(
      { method: 'readFile', match: ({ path }) => path === 'a', result: 'A' },
      { method: 'execCommand', match: ({ cmd }) => cmd === 'ls', result: '' },
    ),
  ]);
  // Both methods are required members: callable without `!`.
  await sandbox.execCommand({ cmd: 'ls' });
  await sandbox.readFile({ path: 'a' });
  assert.equal('close' in sandbox, false);
  sandbox.assertComplete();
});

// The SandboxAgent runtime's shell tool calls `execCommand`; the runner runs
// the function tools of one model turn concurrently. Each tool is held at
// the SDK's own `configureTools` hook until the previous one in `order`
// reached the sandbox, so the calls arrive in exactly that order.
async function runShellTurn(
  order: readonly string[],
  script: readonly ScriptedSandboxEntry[],
): Promise<{
  arrived: string[];
  outputs: Map<string, unknown>;
  sandbox: ReturnType<typeof scriptedSandboxSession>;
}> {
  const sandbox = scriptedSandboxSession(script);
  const arrived: string[] = [];
  const reached = new Map<string, () => void>();
  const reachedPromise = new Map<string, Promise<void>>();
  for (const cmd of order) {
    reachedPromise.set(
      cmd,
      new Promise<void>((resolve) => reached.set(cmd, resolve)),
    );
  }
  const execCommand = sandbox.execCommand!.bind(sandbox);
  const spied = new Proxy(sandbox, {
    get(target, key, receiver) {
      if (key !== 'execCommand') return Reflect.get(target, key, receiver);
      return (args: { cmd: string }) => {
        arrived.push(args.cmd);
        const result = execCommand(args);
        reached.get(args.cmd)?.();
        return result;
      };
    },
  });
  const signal = AbortSignal.timeout(5_000);
  const held = (tools: Tool[]): Tool[] =>
    tools.map((tool) => {
      if (tool.type !== 'function' || tool.name !== 'exec_command') return tool;
      return {
        ...tool,
        invoke: async (context, input, details) => {
          const { cmd } = JSON.parse(input) as { cmd: string };
          const rank = order.indexOf(cmd);
          if (rank > 0) {
            await Promise.race([
              reachedPromise.get(order[rank - 1]!),
              new Promise((_, reject) =>
                signal.addEventListener('abort', () => reject(signal.reason))
              ),
            ]);
          }
          return await tool.invoke(context, input, details);
        },
      };
    });
  const model = new ScriptedModel([
    ['a', 'b', 'c'].map((cmd) =>
      functionCall('exec_command', { cmd }, { callId: `call_${cmd}` })
    ),
    [assistantMessage('Ran all three.')],
  ]);
  const agent = new SandboxAgent({
    name: 'Parallel shell',
    model,
    capabilities: [shell({ configureTools: held })],
  });
  const result = await runner.run(agent, 'Run a, b and c.', {
    sandbox: { session: spied },
    signal,
  });
  assert.equal(result.finalOutput, 'Ran all three.');
  model.assertComplete();
  const input = model.lastCall?.request.input;
  assert(Array.isArray(input));
  const outputs = new Map<string, unknown>();
  for (const item of input) {
    if (item.type === 'function_call_result') {
      outputs.set(item.callId, JSON.stringify(item.output));
    }
  }
  return { arrived, outputs, sandbox };
}

const shellSteps = ['a', 'b', 'c'].map((cmd) => ({
  method: 'execCommand' as const,
  match: (args: { cmd: string }) => args.cmd === cmd,
  result: `${cmd.toUpperCase()}-output\n`,
}));

test('anyOrder passes concurrent SandboxAgent shell calls in every arrival order', async () => {
  for (const order of permutations(['a', 'b', 'c'])) {
    const { arrived, outputs, sandbox } = await runShellTurn(order, [
      anyOrder(...shellSteps),
    ]);
    // The calls really arrived in this order.
    assert.deepEqual(arrived, order);
    for (const cmd of ['a', 'b', 'c']) {
      assert.match(
        String(outputs.get(`call_${cmd}`)),
        new RegExp(`${cmd.toUpperCase()}-output`),
        `order ${order.join('')}`,
      );
    }
    sandbox.assertComplete();
  }
});

test('an ordered script fails the same concurrent SandboxAgent calls when they arrive out of order', async () => {
  const { arrived, sandbox } = await runShellTurn(['c', 'b', 'a'], shellSteps);
  assert.deepEqual(arrived, ['c', 'b', 'a']);
  // The SDK turned the mismatch into tool output; the session remembers it.
  assert.throws(
    () => sandbox.assertComplete(),
    (error) =>
      error instanceof SandboxCallMatcherError &&
      error.candidates === undefined,
  );
});
