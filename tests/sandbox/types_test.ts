// Compile-time contract of scriptedSandboxSession: the step types follow the
// SDK's SandboxSession interface. `deno check` and `tsc` prove that every
// line marked as an expected error is one; the runtime tests tie the method list to
// what the double really accepts and installs.
import assert from 'node:assert/strict';
import test from 'node:test';
import type { SandboxSession } from '@openai/agents-core/sandbox';
import type * as sdk from '@openai/agents/testing';
import {
  type InvalidScriptedSandboxStepReason,
  type RecordedSandboxCall,
  type SandboxMethodResult,
  type ScriptedSandboxCallFor,
  type ScriptedSandboxInput,
  type ScriptedSandboxMethod,
  type ScriptedSandboxSession,
  scriptedSandboxSession,
  type ScriptedSandboxStep,
  type SyncSandboxMethod,
} from '@scripted/agents';

/** `true` only when `A` and `B` are the very same type. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends
  (<T>() => T extends B ? 1 : 2) ? true : false;

const methodsMatchTheSdk: Equal<
  ScriptedSandboxMethod,
  Exclude<keyof SandboxSession, 'state'>
> = true;
const syncMethods: Equal<
  SyncSandboxMethod,
  'supportsPty' | 'createEditor' | 'registerPreStopHook' | 'setArchiveLimits'
> = true;
// The Equal helper itself can say no.
const equalCanFail: Equal<ScriptedSandboxMethod, keyof SandboxSession> = false;

/** `true` when a value of type `A` may be used where `B` is expected. */
type Assignable<A, B> = [A] extends [B] ? true : false;

// The SDK testing module's names, and the same types as theirs.
const sdkNames: [
  Equal<ScriptedSandboxMethod, ScriptedSandboxMethod>,
  Equal<ScriptedSandboxMethod, sdk.ScriptedSandboxMethod>,
  Equal<ScriptedSandboxInput, ScriptedSandboxStep>,
  Equal<
    ScriptedSandboxCallFor<'execCommand'>,
    ScriptedSandboxCallFor<'execCommand'>
  >,
  Equal<InvalidScriptedSandboxStepReason, sdk.InvalidScriptedSandboxStepReason>,
  // Steps written for either module fit the other.
  Assignable<ScriptedSandboxInput, sdk.ScriptedSandboxInput>,
  Assignable<sdk.ScriptedSandboxInput, ScriptedSandboxInput>,
  Assignable<
    ScriptedSandboxInput<'readFile'>,
    sdk.ScriptedSandboxInput<'readFile'>
  >,
  Assignable<
    sdk.ScriptedSandboxInput<'readFile'>,
    ScriptedSandboxInput<'readFile'>
  >,
  // A responder's call, as the SDK module types it.
  Assignable<
    ScriptedSandboxCallFor<'readFile'>,
    sdk.ScriptedSandboxCallFor<'readFile'>
  >,
  Assignable<
    sdk.ScriptedSandboxCallFor<'readFile'>,
    ScriptedSandboxCallFor<'readFile'>
  >,
  // Our session and records can go where the SDK module's are expected.
  Assignable<RecordedSandboxCall, sdk.RecordedSandboxCall>,
  Assignable<
    ScriptedSandboxSession<'execCommand' | 'supportsPty'>,
    sdk.ScriptedSandboxSession<'execCommand' | 'supportsPty'>
  >,
  Assignable<ScriptedSandboxSession, sdk.ScriptedSandboxSession>,
] = [
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
];

// The methods a script names are required; the others stay optional. Fresh
// sessions per call: the test that runs them can run again in one process
// (the mutation runner does).
function typedSessions() {
  return {
    fromArray: scriptedSandboxSession([
      { method: 'execCommand', result: '' },
      { method: 'supportsPty', result: true },
    ]),
    fromIterable: scriptedSandboxSession(
      new Set<ScriptedSandboxInput<'readFile' | 'close'>>([
        { method: 'readFile', result: 'x' },
      ]),
    ),
    noArgument: scriptedSandboxSession(),
  };
}
const { fromArray, fromIterable, noArgument } = typedSessions();
const sessionTypes: [
  Equal<
    typeof fromArray,
    ScriptedSandboxSession<'execCommand' | 'supportsPty'>
  >,
  Equal<typeof fromIterable, ScriptedSandboxSession<'readFile' | 'close'>>,
  Equal<typeof noArgument, ScriptedSandboxSession<never>>,
  Equal<ScriptedSandboxSession, ScriptedSandboxSession<never>>,
  Equal<
    typeof fromArray.execCommand,
    NonNullable<SandboxSession['execCommand']>
  >,
  Equal<typeof fromArray.readFile, SandboxSession['readFile']>,
  Assignable<typeof fromArray, SandboxSession>,
  Assignable<typeof fromArray, ScriptedSandboxSession>,
] = [true, true, true, true, true, true, true, true];

/** Every method, once; `satisfies` and the check below make it exhaustive. */
const allMethods = [
  'start',
  'running',
  'registerPreStopHook',
  'runPreStopHooks',
  'preStop',
  'stop',
  'shutdown',
  'delete',
  'createEditor',
  'exec',
  'execCommand',
  'writeStdin',
  'viewImage',
  'readFile',
  'listDir',
  'pathExists',
  'directoryExists',
  'materializeEntry',
  'applyManifest',
  'persistWorkspace',
  'hydrateWorkspace',
  'setArchiveLimits',
  'resolveExposedPort',
  'supportsPty',
  'close',
] as const satisfies readonly ScriptedSandboxMethod[];
const listIsExhaustive: Equal<
  (typeof allMethods)[number],
  ScriptedSandboxMethod
> = true;

// Type-checked, never called: each @ts-expect-error must be a real error.
function _rejectedAtCompileTime(): void {
  // @ts-expect-error: unknown method name
  scriptedSandboxSession([{ method: 'nope', result: 1 }]);
  // @ts-expect-error: state is a property, not a method
  scriptedSandboxSession([{ method: 'state', result: {} }]);
  // @ts-expect-error: supportsPty returns a boolean
  scriptedSandboxSession([{ method: 'supportsPty', result: 'x' }]);
  // @ts-expect-error: execCommand resolves to a string
  scriptedSandboxSession([{ method: 'execCommand', result: 42 }]);
  // @ts-expect-error: respond must produce a string for execCommand
  scriptedSandboxSession([{ method: 'execCommand', respond: () => 42 }]);
  // @ts-expect-error: supportsPty is sync, so respond cannot return a promise
  scriptedSandboxSession([
    { method: 'supportsPty', respond: () => Promise.resolve(true) },
  ]);
  // @ts-expect-error: execCommand's argument has no `nope`
  scriptedSandboxSession([{
    method: 'execCommand',
    match: (args: { nope: number }) => args.nope === 1,
    result: '',
  }]);
  // @ts-expect-error: match answers with a boolean, not a string
  scriptedSandboxSession([{
    method: 'execCommand',
    match: () => 'yes',
    result: '',
  }]);
  // @ts-expect-error: result and error are two outcomes
  scriptedSandboxSession([{ method: 'execCommand', result: '', error: 1 }]);
  // @ts-expect-error: result and respond are two outcomes
  scriptedSandboxSession([
    { method: 'execCommand', result: '', respond: () => '' },
  ]);
  // @ts-expect-error: a step needs an outcome
  scriptedSandboxSession([{ method: 'execCommand' }]);
  // @ts-expect-error: the script is an iterable of steps
  scriptedSandboxSession({ method: 'execCommand', result: '' });
  // @ts-expect-error: a method the script does not name may be absent
  fromArray.readFile({ path: 'a.md' });
  // @ts-expect-error: the empty session has no method to call
  noArgument.execCommand({ cmd: 'ls' });
  function* wrongResult() {
    yield { method: 'supportsPty' as const, result: 'x' };
  }
  // @ts-expect-error: an iterable's steps are typed as well
  scriptedSandboxSession(wrongResult());
  // @ts-expect-error: a native async matcher answers with a promise
  scriptedSandboxSession([{
    method: 'execCommand',
    match: async () => await Promise.resolve(true),
    result: '',
  }]);
  // @ts-expect-error: calls are recorded, not assigned
  fromArray.calls = [];
}

// Type-checked and run: required methods are called without `!`.
async function callsWithoutNonNullAssertion(
  { fromArray, fromIterable }: ReturnType<typeof typedSessions>,
): Promise<string> {
  const output = await fromArray.execCommand({ cmd: 'ls' });
  const pty: boolean = fromArray.supportsPty();
  const text = await fromIterable.readFile({ path: 'a.md' });
  return `${output}${pty}${typeof text}`;
}

// Type-checked and run: the typed positive cases.
function acceptedAtCompileTime(): ScriptedSandboxStep[] {
  return [
    {
      method: 'execCommand',
      match: (args) => {
        const cmdIsString: Equal<typeof args.cmd, string> = true;
        return cmdIsString && args.cmd === 'pwd';
      },
      respond: (call) => {
        const callIsTyped: Equal<
          typeof call,
          ScriptedSandboxCallFor<'execCommand'>
        > = true;
        const cmd = call.args[0].cmd;
        const cmdIsString: Equal<typeof cmd, string> = true;
        return callIsTyped && cmdIsString ? `${cmd}\n` : '';
      },
    },
    {
      method: 'execCommand',
      match: (args: { cmd: string }) => !!args.cmd,
      result: '',
    },
    { method: 'supportsPty', respond: (call) => call.args.length === 0 },
    {
      method: 'readFile',
      respond: (call) => Promise.resolve(`contents of ${call.args[0].path}`),
    },
    { method: 'readFile', result: new Uint8Array([1]) },
    {
      method: 'pathExists',
      match: (path, runAs) => path === 'a.md' && !runAs,
      result: true,
    },
    { method: 'close', result: undefined },
    { method: 'execCommand', error: new Error('boom') },
  ];
}

const readFileResult: Equal<
  SandboxMethodResult<'readFile'>,
  string | Uint8Array
> = true;

test('scriptedSandboxSession type checks hold (ScriptedSandboxMethod equals the SDK method keys)', () => {
  assert(sdkNames.every((holds) => holds));
  assert(sessionTypes.every((holds) => holds));
  assert.equal(methodsMatchTheSdk, true);
  assert.equal(syncMethods, true);
  assert.equal(listIsExhaustive, true);
  assert.equal(readFileResult, true);
  assert.equal(equalCanFail, false);
});

test('scriptedSandboxSession accepts and installs every ScriptedSandboxMethod', () => {
  assert.equal(new Set(allMethods).size, allMethods.length);
  for (const method of allMethods) {
    const sandbox = scriptedSandboxSession([
      { method, error: new Error(method) } as ScriptedSandboxStep,
    ]);
    const installed = sandbox as unknown as Record<string, unknown>;
    assert.equal(typeof installed[method], 'function', method);
    for (const other of allMethods) {
      if (other !== method) assert.equal(installed[other], undefined, other);
    }
  }
});

test('scriptedSandboxSession typed positive steps answer as typed', async () => {
  const sandbox = scriptedSandboxSession(acceptedAtCompileTime());
  assert.equal(await sandbox.execCommand!({ cmd: 'pwd' }), 'pwd\n');
  assert.equal(await sandbox.execCommand!({ cmd: 'ls' }), '');
  assert.equal(sandbox.supportsPty!(), true);
  assert.equal(await sandbox.readFile!({ path: 'a.md' }), 'contents of a.md');
  assert.deepEqual(
    await sandbox.readFile!({ path: 'b.bin' }),
    new Uint8Array([1]),
  );
  assert.equal(await sandbox.pathExists!('a.md'), true);
  assert.equal(await sandbox.close!(), undefined);
  await assert.rejects(sandbox.execCommand!({ cmd: 'ls' }), /boom/);
  assert.equal(sandbox.remainingSteps, 0);
  sandbox.assertComplete();
});

test('scriptedSandboxSession typed sessions answer without non-null assertions', async () => {
  const sessions = typedSessions();
  assert.equal(await callsWithoutNonNullAssertion(sessions), 'truestring');
  sessions.fromArray.assertComplete();
  assert.equal(sessions.fromIterable.remainingSteps, 0);
  sessions.noArgument.assertComplete();
});
