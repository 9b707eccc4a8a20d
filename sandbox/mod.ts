/**
 * The scripted sandbox double: `scriptedSandboxSession(steps)` returns an
 * in-memory `SandboxSession` for `runner.run(sandboxAgent, input, { sandbox:
 * { session } })`, answering each method call from a script in one global
 * order and recording every call.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { scriptedSandboxSession } from '@scripted/agents';
 *
 * const sandbox = scriptedSandboxSession([
 *   { method: 'execCommand', result: '/workspace\n' },
 * ]);
 * assert.equal(await sandbox.execCommand({ cmd: 'pwd' }), '/workspace\n');
 * sandbox.assertComplete();
 * ```
 *
 * @module
 */
export {
  anyOrder,
  type SandboxAnyOrder,
  type SandboxEntryMethods,
  type ScriptedSandboxEntry,
} from './any_order.ts';
export {
  type ScriptedSandboxControls,
  type ScriptedSandboxSession,
  scriptedSandboxSession,
} from './scripted_session.ts';
export type {
  SandboxCallMatcher,
  SandboxCallResponder,
  SandboxErrorStep,
  SandboxRespondStep,
  SandboxResultStep,
  SandboxStepFor,
  ScriptedSandboxInput,
  ScriptedSandboxStep,
} from './steps.ts';
export type {
  RecordedSandboxCall,
  SandboxMethodArgs,
  SandboxMethodResult,
  ScriptedSandboxCallFor,
  ScriptedSandboxMethod,
  SyncSandboxMethod,
} from './methods.ts';
export {
  InvalidScriptedSandboxStepError,
  type InvalidScriptedSandboxStepFields,
  type InvalidScriptedSandboxStepIssue,
  type InvalidScriptedSandboxStepReason,
  type SandboxAnyOrderCandidate,
  SandboxCallMatcherError,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from './errors.ts';
