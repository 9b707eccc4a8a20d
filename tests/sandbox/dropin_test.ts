// What a suite written for the SDK testing module's scriptedSandboxSession
// relies on: fixed results copied at definition, Manifest arguments recorded
// as copies, matchers and responders free to mutate what they receive, and a
// session that keeps working through a transparent Proxy or a spy, driven by
// the real SandboxAgent runtime.
import { spy } from '../_support/spy.ts';
import { runCommand } from './_run_command.ts';
import assert from 'node:assert/strict';
import test from 'node:test';
import { Runner } from '@openai/agents';
import { Manifest, SandboxAgent } from '@openai/agents/sandbox';
import {
  assistantMessage,
  ScriptedModel,
  scriptedSandboxSession,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from '@scripted/agents';

test('scriptedSandboxSession copies a fixed result when the script is defined', async () => {
  const entries = [{ name: 'a.txt', path: '/w/a.txt', type: 'file' as const }];
  const exposed = { host: 'localhost', port: 8080, tls: false };
  const sandbox = scriptedSandboxSession([
    { method: 'listDir', result: entries },
    { method: 'resolveExposedPort', result: exposed },
  ]);
  entries.push({ name: 'b.txt', path: '/w/b.txt', type: 'file' });
  entries[0]!.name = 'changed';
  exposed.port = 1;
  assert.deepEqual(await sandbox.listDir({ path: '/w' }), [
    { name: 'a.txt', path: '/w/a.txt', type: 'file' },
  ]);
  const endpoint = await sandbox.resolveExposedPort(8080);
  assert.equal(endpoint.port, 8080);
  // The answer is the caller's to use: not frozen.
  assert.equal(Object.isFrozen(endpoint), false);
  sandbox.assertComplete();
});

test('scriptedSandboxSession records a Manifest argument as a copy handed out fresh per read', async () => {
  const manifest = new Manifest({
    root: '/workspace',
    entries: { 'a.txt': { type: 'file', content: 'hello' } },
    environment: { TOKEN: 'one' },
  });
  const sandbox = scriptedSandboxSession([
    { method: 'applyManifest', result: undefined },
  ]);
  await sandbox.applyManifest(manifest, 'root');
  (manifest.entries as Record<string, unknown>)['b.txt'] = {
    type: 'file',
    content: 'late',
  };
  (manifest.environment.TOKEN as { value: string }).value = 'changed';
  const [recorded, runAs] = sandbox.calls[0]!.args as [Manifest, string];
  assert.equal(runAs, 'root');
  assert.notEqual(recorded, manifest);
  assert(recorded instanceof Manifest);
  assert.deepEqual(Object.keys(recorded.entries), ['a.txt']);
  assert.equal(recorded.root, '/workspace');
  assert.equal(recorded.environment.TOKEN!.value, 'one');
  assert.notEqual(recorded.environment.TOKEN, manifest.environment.TOKEN);
  // Still a working Manifest, the reader's own: writable, and a write
  // reaches neither the record nor the next reader.
  assert.match(recorded.describe(), /a\.txt/);
  assert.equal(Object.isFrozen(recorded), false);
  (recorded as { root: string }).root = '/mine';
  (recorded.environment.TOKEN as { value: string }).value = 'mine';
  const again = sandbox.calls[0]!.args[0] as Manifest;
  assert.notEqual(again, recorded);
  assert.equal(again.root, '/workspace');
  assert.equal(again.environment.TOKEN!.value, 'one');
  // The record itself stays frozen around the copy.
  assert(Object.isFrozen(sandbox.calls[0]));
  assert(Object.isFrozen(sandbox.calls[0]!.args));
  sandbox.assertComplete();
});

test('scriptedSandboxSession gives match and respond their own mutable copies', async () => {
  let matched: { cmd: string; workdir?: string } | undefined;
  let responded: { index: number; args: { cmd: string }[] } | undefined;
  const sandbox = scriptedSandboxSession([
    {
      method: 'execCommand',
      match: (args) => {
        matched = args;
        args.cmd = 'changed by match';
        args.workdir = '/tmp';
        return true;
      },
      respond: (call) => {
        responded = call as unknown as typeof responded;
        const mutable = call as unknown as {
          index: number;
          extra?: number;
          args: { cmd: string }[];
        };
        // Neither throws: the copy is not frozen.
        mutable.extra = 1;
        mutable.args[0]!.cmd = 'changed by respond';
        mutable.args.push({ cmd: 'more' });
        return `${call.index}\n`;
      },
    },
  ]);
  const args = { cmd: 'pwd' };
  assert.equal(await sandbox.execCommand(args), '0\n');
  assert.equal(args.cmd, 'pwd');
  assert.equal(matched?.cmd, 'changed by match');
  // The responder's copy is made from the record, not from the matcher's.
  assert.equal(responded?.args.length, 2);
  assert.deepEqual(sandbox.calls, [
    { index: 0, method: 'execCommand', args: [{ cmd: 'pwd' }] },
  ]);
  assert(Object.isFrozen(sandbox.calls[0]!.args[0]));
  sandbox.assertComplete();
});

test('scriptedSandboxSession with no argument is an empty, complete session', async () => {
  const sandbox = scriptedSandboxSession();
  assert.equal(sandbox.remainingSteps, 0);
  assert.deepEqual(sandbox.calls, []);
  assert.equal('execCommand' in sandbox, false);
  assert(sandbox.state.manifest instanceof Manifest);
  sandbox.assertComplete();
  // A run without capabilities takes it as its provided session.
  const model = new ScriptedModel([[assistantMessage('Nothing to run.')]]);
  const agent = new SandboxAgent({ name: 'Idle', model, capabilities: [] });
  const result = await new Runner({ tracingDisabled: true }).run(
    agent,
    'Go',
    { sandbox: { session: sandbox } },
  );
  assert.equal(result.finalOutput, 'Nothing to run.');
  assert.deepEqual(sandbox.calls, []);
  sandbox.assertComplete();
  model.assertComplete();
});

test('scriptedSandboxSession works through a transparent Proxy in a SandboxAgent run', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'supportsPty', result: false },
    { method: 'execCommand', match: ({ cmd }) => cmd === 'ls', result: 'a\n' },
  ]);
  const proxy = new Proxy(sandbox, {});
  assert.equal('writeStdin' in proxy, false);
  assert.equal(await runCommand(proxy, 'ls'), 'Done.');
  assert.equal(proxy.remainingSteps, 0);
  assert.deepEqual(proxy.calls.map((call) => call.method), [
    'supportsPty',
    'execCommand',
  ]);
  assert.equal(proxy.calls, sandbox.calls);
  proxy.assertComplete();
  // The state is shared: what the proxy consumed, the target reports.
  assert.equal(sandbox.remainingSteps, 0);
});

test('scriptedSandboxSession works through a logging spy and still reports drift', async () => {
  const log: string[] = [];
  const spyOn = <T extends object>(target: T): T =>
    spy(target, {
      get: (key) => {
        if (typeof key === 'string') log.push(`get ${key}`);
      },
      call: (key) => log.push(`call ${String(key)}`),
    });
  const sandbox = spyOn(scriptedSandboxSession([
    { method: 'supportsPty', result: false },
    { method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: '' },
    { method: 'close', result: undefined },
  ]));
  // The SDK turns the matcher rejection into tool output; the run goes on.
  assert.equal(await runCommand(sandbox, 'rm -rf /'), 'Done.');
  assert(log.includes('call execCommand'), log.join(', '));
  assert(log.includes('call supportsPty'), log.join(', '));
  assert.equal(sandbox.remainingSteps, 2);
  assert.equal(sandbox.calls.length, 2);
  // assertComplete, called through the spy, rethrows the remembered drift.
  assert.throws(
    () => sandbox.assertComplete(),
    (error) =>
      error instanceof Error && error.name === 'SandboxCallMatcherError',
  );
  assert(log.includes('call assertComplete'));
  // Called on a detached reference, a scripted method still answers.
  const { close } = sandbox;
  await assert.rejects(
    close(),
    (error) =>
      error instanceof UnexpectedSandboxCallError &&
      error.expectedMethod === 'execCommand',
  );
});

test('scriptedSandboxSession through a Proxy reports unconsumed steps', () => {
  const proxy = new Proxy(
    scriptedSandboxSession([{ method: 'close', result: undefined }]),
    {},
  );
  assert.throws(
    () => proxy.assertComplete(),
    (error) =>
      error instanceof UnconsumedSandboxStepsError &&
      error.remainingSteps === 1,
  );
  // A getter or method borrowed by a foreign receiver fails clearly.
  const assertComplete = proxy.assertComplete;
  assert.throws(() => assertComplete.call({}), TypeError);
});
