// scriptedSandboxSession driven by the real SandboxAgent runtime: the shell()
// capability, the Runner and the SDK tool pipeline run between the doubles.
import assert from 'node:assert/strict';
import test from 'node:test';
import { Runner } from '@openai/agents';
import { SandboxAgent, shell } from '@openai/agents/sandbox';
import {
  assistantMessage,
  functionCall,
  type RecordedSandboxCall,
  SandboxCallMatcherError,
  ScriptedModel,
  type ScriptedSandboxCallFor,
  type ScriptedSandboxSession,
  scriptedSandboxSession,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from '@scripted/agents';

async function runShellAgent(
  model: ScriptedModel,
  sandbox: ScriptedSandboxSession,
): Promise<unknown> {
  const agent = new SandboxAgent({
    name: 'Workspace assistant',
    model,
    capabilities: [shell()],
  });
  const runner = new Runner({ tracingDisabled: true });
  const result = await runner.run(agent, 'Go', {
    sandbox: { session: sandbox },
  });
  return result.finalOutput;
}

function toolNames(model: ScriptedModel, call: number): string[] {
  return model.calls[call]!.request.tools.map((tool) => tool.name);
}

/** The output text the model saw for the tool call `callId`. */
function toolOutput(model: ScriptedModel, callId: string): string {
  const input = model.calls.at(-1)!.request.input;
  assert(Array.isArray(input));
  const item = input.find((entry) =>
    entry.type === 'function_call_result' && entry.callId === callId
  );
  assert(item?.type === 'function_call_result');
  return JSON.stringify(item.output);
}

/** The command of a recorded execCommand call. */
function commandOf(call: RecordedSandboxCall): string {
  assert.equal(call.method, 'execCommand');
  return (call as ScriptedSandboxCallFor<'execCommand'>).args[0].cmd;
}

test('scriptedSandboxSession with supportsPty and writeStdin offers an interactive-input tool', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'supportsPty', result: true },
    { method: 'execCommand', result: 'Process running with session ID 7\n' },
    {
      method: 'writeStdin',
      match: ({ sessionId, chars }) => sessionId === 7 && chars === 'y\n',
      result: 'done\n',
    },
  ]);
  const model = new ScriptedModel([
    [functionCall('exec_command', { cmd: 'ask', tty: true }, {
      callId: 'call_1',
    })],
    [functionCall('write_stdin', { session_id: 7, chars: 'y\n' }, {
      callId: 'call_2',
    })],
    [assistantMessage('Answered.')],
  ]);

  assert.equal(await runShellAgent(model, sandbox), 'Answered.');
  assert.deepEqual(toolNames(model, 0), ['exec_command', 'write_stdin']);
  assert.deepEqual(sandbox.calls.map((call) => call.method), [
    'supportsPty',
    'execCommand',
    'writeStdin',
  ]);
  assert.deepEqual(sandbox.calls[0]!.args, []);
  assert.match(toolOutput(model, 'call_2'), /done/);
  sandbox.assertComplete();
  model.assertComplete();
});

test('scriptedSandboxSession with execCommand alone offers only the command tool', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'execCommand', result: 'a.txt\n' },
  ]);
  const model = new ScriptedModel([
    [functionCall('exec_command', { cmd: 'ls' }, { callId: 'call_1' })],
    [assistantMessage('One file.')],
  ]);

  assert.equal(await runShellAgent(model, sandbox), 'One file.');
  assert.deepEqual(toolNames(model, 0), ['exec_command']);
  assert.deepEqual(sandbox.calls.map((call) => call.method), ['execCommand']);
  sandbox.assertComplete();
  model.assertComplete();
});

test('scriptedSandboxSession supportsPty false keeps writeStdin unused', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'supportsPty', result: false },
    { method: 'execCommand', result: '' },
    { method: 'writeStdin', result: '' },
  ]);
  const model = new ScriptedModel([
    [functionCall('exec_command', { cmd: 'true' }, { callId: 'call_1' })],
    [assistantMessage('Done.')],
  ]);

  assert.equal(await runShellAgent(model, sandbox), 'Done.');
  assert.deepEqual(toolNames(model, 0), ['exec_command']);
  assert.throws(
    () => sandbox.assertComplete(),
    (error) =>
      error instanceof UnconsumedSandboxStepsError &&
      error.remainingSteps === 1 &&
      error.pendingMethods.length === 1 &&
      error.pendingMethods[0] === 'writeStdin',
  );
});

test('scriptedSandboxSession passes the shell tool arguments to match and respond', async () => {
  const sandbox = scriptedSandboxSession([
    {
      method: 'execCommand',
      match: (args) => {
        assert.equal(args.cmd, 'cat notes.md');
        assert.equal(args.workdir, 'docs');
        assert.equal(args.tty, false);
      },
      respond: (call) => `ran ${call.args[0].cmd} as call ${call.index}`,
    },
  ]);
  const model = new ScriptedModel([
    [functionCall('exec_command', { cmd: 'cat notes.md', workdir: 'docs' }, {
      callId: 'call_1',
    })],
    [assistantMessage('Read it.')],
  ]);

  assert.equal(await runShellAgent(model, sandbox), 'Read it.');
  assert.match(toolOutput(model, 'call_1'), /ran cat notes\.md as call 0/);
  sandbox.assertComplete();
});

test('scriptedSandboxSession error step becomes tool output without failing completion', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'execCommand', error: new Error('disk full') },
  ]);
  const model = new ScriptedModel([
    [functionCall('exec_command', { cmd: 'make' }, { callId: 'call_1' })],
    [assistantMessage('The build failed.')],
  ]);

  assert.equal(await runShellAgent(model, sandbox), 'The build failed.');
  // The SDK's default tool error handler reports the failure to the model.
  assert.match(toolOutput(model, 'call_1'), /error occurred/);
  assert.deepEqual(sandbox.calls.map((call) => call.method), ['execCommand']);
  sandbox.assertComplete();
});

test('scriptedSandboxSession assertComplete reveals a command drift the SDK swallowed', async () => {
  const thrown: unknown[] = [];
  const sandbox = scriptedSandboxSession([
    {
      method: 'execCommand',
      match: (args) => {
        try {
          assert.equal(args.cmd, 'git status');
        } catch (error) {
          thrown.push(error);
          throw error;
        }
      },
      result: 'clean\n',
    },
  ]);
  // The model asks for another command than the script expects.
  const model = new ScriptedModel([
    [functionCall('exec_command', { cmd: 'git log' }, { callId: 'call_1' })],
    [assistantMessage('Logged.')],
  ]);

  // The SDK turned the assertion into tool output and the run went on.
  assert.equal(await runShellAgent(model, sandbox), 'Logged.');
  assert.doesNotMatch(toolOutput(model, 'call_1'), /clean/);
  assert.equal(thrown.length, 1);
  assert(thrown[0] instanceof assert.AssertionError);
  // The step was not used, yet completion reports the drift itself, twice.
  assert.equal(sandbox.remainingSteps, 1);
  for (let i = 0; i < 2; i++) {
    assert.throws(() => sandbox.assertComplete(), (e) => e === thrown[0]);
  }
});

test('scriptedSandboxSession assertComplete reveals a matcher rejection inside a tool call', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'execCommand', result: '' },
    { method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: '' },
  ]);
  const model = new ScriptedModel([
    [functionCall('exec_command', { cmd: 'cd /tmp' }, { callId: 'call_1' })],
    [functionCall('exec_command', { cmd: 'ls' }, { callId: 'call_2' })],
    [assistantMessage('Done.')],
  ]);

  assert.equal(await runShellAgent(model, sandbox), 'Done.');
  assert.throws(
    () => sandbox.assertComplete(),
    (error) =>
      error instanceof SandboxCallMatcherError &&
      error.callIndex === 1 && error.method === 'execCommand',
  );
});

test('scriptedSandboxSession assertComplete reveals a wrong method inside a tool call', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'supportsPty', result: true },
    { method: 'writeStdin', result: '' },
    { method: 'execCommand', result: '' },
  ]);
  const model = new ScriptedModel([
    [functionCall('exec_command', { cmd: 'ls' }, { callId: 'call_1' })],
    [assistantMessage('Done.')],
  ]);

  assert.equal(await runShellAgent(model, sandbox), 'Done.');
  assert.throws(
    () => sandbox.assertComplete(),
    (error) =>
      error instanceof UnexpectedSandboxCallError &&
      error.callIndex === 1 &&
      error.actualMethod === 'execCommand' &&
      error.expectedMethod === 'writeStdin' &&
      error.remainingSteps === 2,
  );
});

test('scriptedSandboxSession assertComplete rethrows a failed assertion even after the step was consumed', async () => {
  let rejection: unknown;
  const sandbox = scriptedSandboxSession([
    {
      method: 'execCommand',
      match: ({ cmd }) => {
        try {
          assert.equal(cmd, 'pwd');
        } catch (error) {
          rejection ??= error;
          throw error;
        }
      },
      result: '/workspace\n',
    },
  ]);
  // A wrong command first, then the right one that uses the only step.
  const model = new ScriptedModel([
    [functionCall('exec_command', { cmd: 'ls' }, { callId: 'call_1' })],
    [functionCall('exec_command', { cmd: 'pwd' }, { callId: 'call_2' })],
    [assistantMessage('In /workspace.')],
  ]);

  assert.equal(await runShellAgent(model, sandbox), 'In /workspace.');
  model.assertComplete();
  assert(rejection instanceof assert.AssertionError);
  assert.doesNotMatch(toolOutput(model, 'call_1'), /\/workspace/);
  assert.match(toolOutput(model, 'call_2'), /\/workspace/);
  assert.deepEqual(sandbox.calls.map(commandOf), ['ls', 'pwd']);
  assert.equal(sandbox.remainingSteps, 0);
  for (let i = 0; i < 2; i++) {
    assert.throws(() => sandbox.assertComplete(), (e) => e === rejection);
  }
});

test('scriptedSandboxSession assertComplete rethrows a matcher rejection even after the step was consumed', async () => {
  const sandbox = scriptedSandboxSession([
    {
      method: 'execCommand',
      match: ({ cmd }) => cmd === 'pwd',
      result: '/workspace\n',
    },
  ]);
  const model = new ScriptedModel([
    [functionCall('exec_command', { cmd: 'ls' }, { callId: 'call_1' })],
    [functionCall('exec_command', { cmd: 'pwd' }, { callId: 'call_2' })],
    [assistantMessage('In /workspace.')],
  ]);

  assert.equal(await runShellAgent(model, sandbox), 'In /workspace.');
  model.assertComplete();
  assert.doesNotMatch(toolOutput(model, 'call_1'), /\/workspace/);
  assert.match(toolOutput(model, 'call_2'), /\/workspace/);
  assert.deepEqual(sandbox.calls.map(commandOf), ['ls', 'pwd']);
  assert.equal(sandbox.remainingSteps, 0);
  const caught: unknown[] = [];
  for (let i = 0; i < 2; i++) {
    try {
      sandbox.assertComplete();
    } catch (error) {
      caught.push(error);
    }
  }
  assert.equal(caught.length, 2);
  assert.equal(caught[0], caught[1]);
  const error = caught[0];
  assert(error instanceof SandboxCallMatcherError);
  assert.equal(error.name, 'SandboxCallMatcherError');
  assert.equal(error.callIndex, 0);
  assert.equal(error.method, 'execCommand');
});
