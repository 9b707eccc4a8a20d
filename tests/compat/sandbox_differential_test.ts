/**
 * The sandbox double, differentially: every check runs against the SDK's
 * `scriptedSandboxSession` and ours, through the real SandboxAgent runtime
 * where a run can reach the behavior, and through the session methods (as
 * the runtime calls them) where it cannot. A check that differs on purpose
 * names its `_deliberate.ts` id.
 */
import { spy } from '../_support/spy.ts';
import { Runner } from '@openai/agents';
import { Manifest, SandboxAgent, shell } from '@openai/agents/sandbox';
import { s3Mount } from '@openai/agents-core/sandbox';
import * as sandboxInternal from '@openai/agents-core/sandbox/internal';
import assert from 'node:assert/strict';
import { at } from '../_support/at.ts';
import { caught, caughtSync, differs, field, same } from './_check.ts';
import type { Impl } from './_impls.ts';

const runner = new Runner({ tracingDisabled: true });

/** Runs a SandboxAgent whose model asks for one `exec_command`. */
async function runShell(
  impl: Impl,
  session: object,
  cmd: string,
): Promise<unknown> {
  const t = impl.testing;
  const model = new t.ScriptedModel([
    [t.functionCall('exec_command', { cmd }, { callId: 'call_1' })],
    [t.assistantMessage('done')],
  ]);
  const agent = new SandboxAgent({
    name: 'Workspace assistant',
    model,
    capabilities: [shell()],
  });
  const result = await runner.run(agent, 'Run it', {
    sandbox: { session: session as never },
  });
  return result.finalOutput;
}

// --- Runs, installed methods, records ------------------------------------

same(
  'Sandbox session serves a SandboxAgent shell run and records the call',
  async (impl) => {
    const t = impl.testing;
    const seen: string[] = [];
    const session = t.scriptedSandboxSession([
      {
        method: 'execCommand',
        match: ({ cmd }) => {
          seen.push(cmd);
        },
        result: '/workspace\n',
      },
    ]);
    assert.equal(await runShell(impl, session, 'pwd'), 'done');
    assert.deepEqual(seen, ['pwd']);
    assert.equal(session.calls.length, 1);
    const call = at(session.calls, 0);
    assert.equal(call.index, 0);
    assert.equal(call.method, 'execCommand');
    assert.equal(field(call.args[0], 'cmd'), 'pwd');
    assert.equal(session.remainingSteps, 0);
    session.assertComplete();
  },
);

same('Sandbox session installs only the scripted methods', ({ testing: t }) => {
  const session = t.scriptedSandboxSession([
    { method: 'execCommand', result: '' },
    { method: 'supportsPty', result: true },
  ]);
  assert.equal(typeof session.execCommand, 'function');
  assert.equal(typeof session.supportsPty, 'function');
  assert.equal('readFile' in session, false);
  assert.equal('applyManifest' in session, false);
});

same(
  'Sandbox session with no argument is empty and complete',
  ({ testing: t }) => {
    const session = t.scriptedSandboxSession();
    assert.deepEqual([...session.calls], []);
    assert.equal(session.remainingSteps, 0);
    assert.equal('execCommand' in session, false);
    session.assertComplete();
  },
);

same(
  'Sandbox session accepts any Iterable of steps',
  async ({ testing: t }) => {
    const fromSet = t.scriptedSandboxSession(
      new Set([{ method: 'execCommand' as const, result: 'from a set' }]),
    );
    function* steps(): Generator<{ method: 'readFile'; result: string }> {
      yield { method: 'readFile', result: 'from a generator' };
    }
    const fromGenerator = t.scriptedSandboxSession(steps());
    assert.equal(await fromSet.execCommand({ cmd: 'x' }), 'from a set');
    assert.equal(
      await fromGenerator.readFile({ path: 'a' }),
      'from a generator',
    );
    fromSet.assertComplete();
    fromGenerator.assertComplete();
  },
);

same(
  'Sandbox error step throws from a sync method and rejects from an async one',
  async ({ testing: t }) => {
    const asyncError = new Error('async');
    const syncError = new Error('sync');
    const session = t.scriptedSandboxSession([
      { method: 'execCommand', error: asyncError },
      { method: 'supportsPty', error: syncError },
    ]);
    const pending = session.execCommand({ cmd: 'x' });
    assert.ok(pending instanceof Promise);
    assert.equal(await caught(() => pending), asyncError);
    assert.equal(caughtSync(() => session.supportsPty()), syncError);
    assert.equal(session.calls.length, 2);
    session.assertComplete();
  },
);

same(
  'Sandbox assertComplete() throws UnconsumedSandboxStepsError with the pending methods',
  ({ testing: t }) => {
    const session = t.scriptedSandboxSession([
      { method: 'execCommand', result: '' },
      { method: 'supportsPty', result: true },
    ]);
    const error = caughtSync(() => session.assertComplete());
    assert.ok(error instanceof t.UnconsumedSandboxStepsError);
    assert.equal(error.name, 'UnconsumedSandboxStepsError');
    assert.equal(error.remainingSteps, 2);
    assert.deepEqual([...error.pendingMethods], ['execCommand', 'supportsPty']);
  },
);

same(
  'Sandbox call after the script ended: UnexpectedSandboxCallError',
  async ({ testing: t }) => {
    const session = t.scriptedSandboxSession([
      { method: 'execCommand', result: '' },
    ]);
    await session.execCommand({ cmd: 'a' });
    const error = await caught(() => session.execCommand({ cmd: 'b' }));
    assert.ok(error instanceof t.UnexpectedSandboxCallError);
    assert.equal(error.name, 'UnexpectedSandboxCallError');
    assert.equal(error.callIndex, 1);
    assert.equal(error.actualMethod, 'execCommand');
    assert.equal(error.expectedMethod, undefined);
    assert.equal(error.remainingSteps, 0);
    assert.equal(session.calls.length, 2);
  },
);

differs(
  'mismatch-keeps-step',
  'Sandbox wrong-method call (async and sync)',
  async (impl) => {
    const t = impl.testing;
    const session = t.scriptedSandboxSession([
      { method: 'execCommand', result: '' },
      { method: 'readFile', result: '' },
      { method: 'supportsPty', result: true },
    ]);
    const error = await caught(() => session.readFile({ path: 'x' }));
    assert.ok(error instanceof t.UnexpectedSandboxCallError);
    assert.equal(error.callIndex, 0);
    assert.equal(error.actualMethod, 'readFile');
    assert.equal(error.expectedMethod, 'execCommand');
    const sync = caughtSync(() => session.supportsPty());
    assert.ok(sync instanceof t.UnexpectedSandboxCallError);
    assert.equal(sync.callIndex, 1);
    assert.equal(sync.actualMethod, 'supportsPty');
    assert.equal(session.calls.length, 2);
    if (impl.name === 'ours') {
      assert.equal(error.remainingSteps, 3);
      assert.equal(sync.expectedMethod, 'execCommand');
      assert.equal(session.remainingSteps, 3);
    } else {
      assert.equal(error.remainingSteps, 2);
      assert.equal(sync.expectedMethod, 'readFile');
      assert.equal(session.remainingSteps, 1);
    }
  },
);

differs(
  'mismatch-keeps-step',
  'Sandbox matcher rejection (false, or a throw)',
  async (impl) => {
    const t = impl.testing;
    const thrown = new Error('assertion in the matcher');
    const session = t.scriptedSandboxSession([
      { method: 'execCommand', match: () => false, result: '' },
      {
        method: 'readFile',
        match: () => {
          throw thrown;
        },
        result: '',
      },
    ]);
    const error = await caught(() => session.execCommand({ cmd: 'x' }));
    assert.ok(error instanceof t.SandboxCallMatcherError);
    assert.equal(error.name, 'SandboxCallMatcherError');
    assert.equal(error.callIndex, 0);
    assert.equal(error.method, 'execCommand');
    if (impl.name === 'ours') {
      assert.equal(session.remainingSteps, 2);
    } else {
      assert.equal(session.remainingSteps, 1);
      assert.equal(await caught(() => session.readFile({ path: 'x' })), thrown);
      assert.equal(session.remainingSteps, 0);
    }
  },
);

differs(
  'drift-remembered',
  'Sandbox drift inside a tool call, caught by the SDK',
  async (impl) => {
    const t = impl.testing;
    const session = t.scriptedSandboxSession([
      { method: 'execCommand', match: ({ cmd }) => cmd === 'ls', result: '' },
    ]);
    // The SDK turns the matcher error into tool output; the run goes on.
    assert.equal(await runShell(impl, session, 'pwd'), 'done');
    assert.equal(session.calls.length, 1);
    if (impl.name === 'ours') {
      const error = caughtSync(() => session.assertComplete());
      assert.ok(error instanceof t.SandboxCallMatcherError);
      assert.equal(error.callIndex, 0);
    } else {
      session.assertComplete();
    }
  },
);

// --- Malformed steps -----------------------------------------------------

const reasons: ReadonlyArray<
  readonly [string, unknown, string, string | undefined]
> = [
  ['a number', 5, 'invalid_input', undefined],
  ['an empty object', {}, 'unknown_method', undefined],
  ['a step without a method', { result: 1 }, 'unknown_method', undefined],
  [
    'a method that is not a string',
    { method: 5, result: 1 },
    'unknown_method',
    undefined,
  ],
  [
    'an unknown method',
    { method: 'bogus', result: 1 },
    'unknown_method',
    'bogus',
  ],
  [
    'a non-session method name',
    { method: 'constructor', result: 1 },
    'unknown_method',
    'constructor',
  ],
  [
    'a step without an outcome',
    { method: 'execCommand' },
    'invalid_outcome',
    'execCommand',
  ],
  [
    'a step with two outcomes',
    { method: 'execCommand', result: '', error: new Error('x') },
    'invalid_outcome',
    'execCommand',
  ],
  [
    'a respond that is not a function',
    { method: 'execCommand', respond: 5 },
    'invalid_outcome',
    'execCommand',
  ],
  [
    'a match that is not a function',
    { method: 'execCommand', match: 5, result: '' },
    'invalid_matcher',
    'execCommand',
  ],
];
for (const [what, step, reason, method] of reasons) {
  same(
    `Sandbox rejects ${what} with reason ${reason}, its method and inputIndex`,
    ({ testing: t }) => {
      const error = caughtSync(() =>
        t.scriptedSandboxSession([
          { method: 'execCommand', result: '' },
          step as never,
        ])
      );
      assert.ok(error instanceof t.InvalidScriptedSandboxStepError);
      assert.equal(error.name, 'InvalidScriptedSandboxStepError');
      assert.equal(error.reason, reason);
      assert.equal(error.method, method);
      assert.equal(error.inputIndex, 1);
    },
  );
}

differs(
  'unknown-step-keys-rejected',
  'Sandbox step with an unknown key',
  (impl) => {
    const t = impl.testing;
    const make = () =>
      t.scriptedSandboxSession([
        { method: 'execCommand', result: '', reslt: '' } as never,
      ]);
    if (impl.name === 'ours') {
      const error = caughtSync(make);
      assert.ok(error instanceof t.InvalidScriptedSandboxStepError);
      assert.equal(error.reason, 'invalid_input');
      assert.equal(error.method, 'execCommand');
      assert.equal(error.inputIndex, 0);
    } else {
      assert.equal(make().remainingSteps, 1);
    }
  },
);

differs(
  'undefined-error-rejected',
  'Sandbox error step with undefined as the error',
  async (impl) => {
    const t = impl.testing;
    const make = () =>
      t.scriptedSandboxSession([{ method: 'execCommand', error: undefined }]);
    if (impl.name === 'ours') {
      const error = caughtSync(make);
      assert.ok(error instanceof t.InvalidScriptedSandboxStepError);
      assert.equal(error.reason, 'invalid_outcome');
      assert.equal(error.method, 'execCommand');
    } else {
      const session = make();
      assert.equal(
        await caught(() => session.execCommand({ cmd: 'x' })),
        undefined,
      );
    }
  },
);

differs(
  'async-matcher-rejected',
  'Sandbox async function as a matcher',
  async (impl) => {
    const t = impl.testing;
    const make = () =>
      t.scriptedSandboxSession([
        {
          method: 'execCommand',
          // deno-lint-ignore require-await -- an async function on purpose
          match: (async () => false) as never,
          result: 'ran',
        },
      ]);
    if (impl.name === 'ours') {
      const error = caughtSync(make);
      assert.ok(error instanceof t.InvalidScriptedSandboxStepError);
      assert.equal(error.reason, 'invalid_matcher');
      assert.equal(error.method, 'execCommand');
    } else {
      // The promise is not `false`: the step matches and its assertion never
      // counts.
      assert.equal(await make().execCommand({ cmd: 'x' }), 'ran');
    }
  },
);

// --- Snapshots and copies -------------------------------------------------

same(
  'Sandbox fixed result is snapshotted when the script is defined',
  async ({ testing: t }) => {
    const entries = [{ name: 'a.txt', type: 'file' as const }];
    const session = t.scriptedSandboxSession([
      { method: 'listDir', result: entries as never },
      { method: 'listDir', result: entries as never },
    ]);
    entries.push({ name: 'b.txt', type: 'file' });
    at(entries, 0).name = 'changed';
    const first = await session.listDir({ path: '.' });
    assert.deepEqual(first, [{ name: 'a.txt', type: 'file' }]);
    (first as unknown[]).push({ name: 'pushed by a reader' });
    const second = await session.listDir({ path: '.' });
    assert.deepEqual(second, [{ name: 'a.txt', type: 'file' }]);
  },
);

same(
  'Sandbox Manifest argument is recorded as a copy',
  async ({ testing: t }) => {
    const session = t.scriptedSandboxSession([
      { method: 'applyManifest', result: undefined },
    ]);
    const manifest = new Manifest({
      entries: { 'a.txt': { type: 'file', content: 'x' } },
    } as never);
    await session.applyManifest(manifest);
    const recorded = at(session.calls, 0).args[0];
    assert.notEqual(recorded, manifest);
    assert.ok(recorded instanceof Manifest);
    assert.equal(JSON.stringify(recorded), JSON.stringify(manifest));
    assert.notEqual(field(recorded, 'entries'), field(manifest, 'entries'));
  },
);

same(
  'Sandbox Manifest is copied as cloneManifest() copies it, a writable copy per reader and per read',
  async ({ testing: t }) => {
    const mountPath = '/workspace/data';
    const base = new Manifest({
      root: '/workspace',
      entries: {
        'a.txt': { type: 'file', content: 'x' },
        data: s3Mount({
          bucket: 'b',
          accessKeyId: 'AKIA',
          secretAccessKey: 'secret',
          mountStrategy: { type: 'in_container', pattern: { type: 'rclone' } },
        } as never),
      },
      environment: { TOKEN: 'one', MODE: { value: 'fast', ephemeral: true } },
    } as never);
    // SDK 0.15 and later acknowledge an in-container mount's credentials;
    // older ones have no acknowledgement to keep.
    const acknowledge = (base as unknown as {
      withInContainerMountCredentialExposureAcknowledged?: (
        path: string,
      ) => Manifest;
    }).withInContainerMountCredentialExposureAcknowledged;
    const manifest = acknowledge === undefined
      ? base
      : acknowledge.call(base, mountPath);
    let matched: Manifest | undefined;
    let responded: Manifest | undefined;
    const session = t.scriptedSandboxSession([
      {
        method: 'applyManifest',
        match: (given) => {
          matched = given as Manifest;
          (matched as { root: string }).root = '/by-matcher';
        },
        respond: (call) => {
          responded = call.args[0] as Manifest;
          (responded as { root: string }).root = '/by-responder';
          (responded.environment.TOKEN as { value: string }).value = 'x';
        },
      },
    ]);
    await session.applyManifest(manifest);
    const read = () => at(session.calls, 0).args[0] as Manifest;
    const first = read();
    const second = read();
    for (const copy of [matched!, responded!, first, second]) {
      assert.ok(copy instanceof Manifest);
      assert.notEqual(copy, manifest);
      assert.equal(Object.isFrozen(copy), false);
    }
    assert.notEqual(matched, responded);
    assert.notEqual(first, second);
    assert.equal(matched!.root, '/by-matcher');
    assert.equal(responded!.root, '/by-responder');
    // No write reaches the caller, the record or another reader.
    assert.equal(manifest.root, '/workspace');
    assert.equal(first.root, '/workspace');
    assert.equal(manifest.environment.TOKEN!.value, 'one');
    (first as { root: string }).root = '/by-reader';
    (first.environment.TOKEN as { value: string }).value = 'y';
    (manifest.environment.TOKEN as { value: string }).value = 'z';
    assert.equal(read().root, '/workspace');
    assert.equal(read().environment.TOKEN!.value, 'one');
    // Environment values are new objects, with their fields.
    assert.notEqual(first.environment.TOKEN, manifest.environment.TOKEN);
    assert.equal(read().environment.MODE!.value, 'fast');
    assert.equal(read().environment.MODE!.ephemeral, true);
    // The mount-credential-exposure acknowledgement is kept (where the SDK
    // has one).
    const validateMountCredentialBoundaries =
      (sandboxInternal as Record<string, unknown>)
        .validateMountCredentialBoundaries as
          | ((manifest: Manifest) => void)
          | undefined;
    if (acknowledge === undefined) return;
    assert.equal(typeof validateMountCredentialBoundaries, 'function');
    if (validateMountCredentialBoundaries === undefined) return;
    assert.throws(() =>
      validateMountCredentialBoundaries(
        new Manifest({ entries: manifest.entries }),
      )
    );
    validateMountCredentialBoundaries(read());
    validateMountCredentialBoundaries(matched!);
  },
);

same(
  'Sandbox responder may mutate the call it receives; the record stays intact',
  async ({ testing: t }) => {
    const session = t.scriptedSandboxSession([
      {
        method: 'execCommand',
        respond: (call) => {
          (call.args[0] as { cmd: string }).cmd = 'mutated by the responder';
          return 'ok';
        },
      },
    ]);
    assert.equal(await session.execCommand({ cmd: 'original' }), 'ok');
    assert.equal(field(at(session.calls, 0).args[0], 'cmd'), 'original');
  },
);

same(
  'Sandbox matcher may mutate the arguments it receives; the record stays intact',
  async ({ testing: t }) => {
    const session = t.scriptedSandboxSession([
      {
        method: 'execCommand',
        match: (args) => {
          (args as { cmd: string }).cmd = 'mutated by the matcher';
        },
        result: 'ok',
      },
    ]);
    assert.equal(await session.execCommand({ cmd: 'original' }), 'ok');
    assert.equal(field(at(session.calls, 0).args[0], 'cmd'), 'original');
  },
);

same(
  'Sandbox bytes in a record are fresh copies per read, views keep sharing their buffer',
  async ({ testing: t }) => {
    const session = t.scriptedSandboxSession([
      { method: 'hydrateWorkspace', result: undefined },
    ]);
    const view = new Uint8Array([1, 2, 3, 4]);
    await session.hydrateWorkspace(
      view,
      { extra: { buffer: view.buffer, view } } as never,
    );
    const read = () => at(session.calls, 0).args as readonly unknown[];
    const first = read();
    const data = first[0] as Uint8Array;
    assert.notEqual(data, view);
    data[0] = 99;
    const second = read();
    const again = second[0] as Uint8Array;
    assert.notEqual(again, data);
    assert.deepEqual([...again], [1, 2, 3, 4]);
    const extra = field(second[1], 'extra') as {
      buffer: ArrayBuffer;
      view: Uint8Array;
    };
    assert.equal(extra.view.buffer, extra.buffer);
    assert.deepEqual([...view], [1, 2, 3, 4]);
  },
);

// --- Proxy --------------------------------------------------------------

function spyOn<T extends object>(target: T, seen: string[]): T {
  return spy(target, { call: (key) => seen.push(String(key)) });
}

same(
  'Sandbox session through a transparent Proxy in a SandboxAgent run',
  async (impl) => {
    const t = impl.testing;
    const session = new Proxy(
      t.scriptedSandboxSession([{ method: 'execCommand', result: '/w\n' }]),
      {},
    );
    assert.equal(await runShell(impl, session, 'pwd'), 'done');
    assert.equal(session.calls.length, 1);
    assert.equal(session.remainingSteps, 0);
    session.assertComplete();
  },
);

differs(
  'proxy-safe-doubles',
  'Sandbox session through a spy Proxy that wraps functions',
  async (impl) => {
    const t = impl.testing;
    const seen: string[] = [];
    const session = spyOn(
      t.scriptedSandboxSession([{ method: 'execCommand', result: '/w\n' }]),
      seen,
    );
    if (impl.name === 'ours') {
      assert.equal(await runShell(impl, session, 'pwd'), 'done');
      assert.equal(session.calls.length, 1);
      assert.equal(session.remainingSteps, 0);
      session.assertComplete();
      assert.ok(seen.includes('execCommand'));
      assert.ok(seen.includes('assertComplete'));
    } else {
      // Its `assertComplete` is a non-configurable, read-only own property:
      // a proxy may not return a wrapper for it.
      assert.ok(caughtSync(() => session.assertComplete) instanceof TypeError);
    }
  },
);

// --- Error constructors -------------------------------------------------

same(
  'Sandbox errors are constructible in the SDK module forms',
  ({ testing: t }) => {
    const invalid = new t.InvalidScriptedSandboxStepError({
      reason: 'unknown_method',
      inputIndex: 2,
      message: 'custom message',
      method: 'bogus',
    });
    assert.ok(invalid instanceof Error);
    assert.equal(invalid.name, 'InvalidScriptedSandboxStepError');
    assert.equal(invalid.message, 'custom message');
    assert.equal(invalid.reason, 'unknown_method');
    assert.equal(invalid.inputIndex, 2);
    assert.equal(invalid.method, 'bogus');
    const noMethod = new t.InvalidScriptedSandboxStepError({
      reason: 'invalid_input',
      inputIndex: 0,
      message: 'm',
    });
    assert.equal(noMethod.method, undefined);

    const unexpected = new t.UnexpectedSandboxCallError({
      callIndex: 1,
      actualMethod: 'readFile',
      expectedMethod: 'execCommand',
      remainingSteps: 2,
    });
    assert.equal(unexpected.name, 'UnexpectedSandboxCallError');
    assert.equal(unexpected.callIndex, 1);
    assert.equal(unexpected.actualMethod, 'readFile');
    assert.equal(unexpected.expectedMethod, 'execCommand');
    assert.equal(unexpected.remainingSteps, 2);
    assert.ok(unexpected.message.includes('readFile'));
    const ended = new t.UnexpectedSandboxCallError({
      callIndex: 0,
      actualMethod: 'readFile',
      remainingSteps: 0,
    });
    assert.equal(ended.expectedMethod, undefined);

    const matcher = new t.SandboxCallMatcherError({
      index: 3,
      method: 'execCommand',
      args: [],
    });
    assert.equal(matcher.name, 'SandboxCallMatcherError');
    assert.equal(matcher.callIndex, 3);
    assert.equal(matcher.method, 'execCommand');

    const unconsumed = new t.UnconsumedSandboxStepsError([
      'execCommand',
      'readFile',
    ]);
    assert.equal(unconsumed.name, 'UnconsumedSandboxStepsError');
    assert.equal(unconsumed.remainingSteps, 2);
    assert.deepEqual([...unconsumed.pendingMethods], [
      'execCommand',
      'readFile',
    ]);
  },
);

same(
  'Sandbox matcher assertion error reaches the caller as is',
  async ({ testing: t }) => {
    const thrown = new Error('assertion in the matcher');
    const session = t.scriptedSandboxSession([
      {
        method: 'execCommand',
        match: () => {
          throw thrown;
        },
        result: '',
      },
    ]);
    assert.equal(await caught(() => session.execCommand({ cmd: 'x' })), thrown);
    assert.equal(session.calls.length, 1);
  },
);

same(
  'Sandbox records arguments detached at call time',
  async ({ testing: t }) => {
    const session = t.scriptedSandboxSession([
      { method: 'execCommand', result: 'ok' },
    ]);
    const args = { cmd: 'ls', workdir: '/w' };
    await session.execCommand(args);
    args.cmd = 'changed';
    assert.notEqual(at(session.calls, 0).args[0], args);
    assert.deepEqual({ ...(at(session.calls, 0).args[0] as object) }, {
      cmd: 'ls',
      workdir: '/w',
    });
  },
);

same(
  'Sandbox responder may answer asynchronously, typed per method',
  async ({ testing: t }) => {
    const session = t.scriptedSandboxSession([
      {
        method: 'readFile',
        respond: async (call) => {
          await Promise.resolve();
          return `contents of ${call.args[0].path}`;
        },
      },
      { method: 'supportsPty', respond: (call) => call.index === 1 },
    ]);
    assert.equal(
      await session.readFile({ path: 'a.txt' }),
      'contents of a.txt',
    );
    assert.equal(session.supportsPty(), true);
    session.assertComplete();
  },
);
