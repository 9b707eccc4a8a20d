/**
 * The deliberate differences between ours and the SDK's testing modules
 * (SPEC "Where we deliberately differ" and "Decisions of this project beyond
 * the guide"). A differential check whose outcome differs on purpose names
 * one of these ids and asserts our documented behavior for ours and the SDK
 * module's observed behavior for the SDK, so the suite shows exactly these
 * differences and no others. The section "Differences from
 * `@openai/agents/testing`" of docs/core.md lists the same ids and reasons.
 *
 * Not a test file itself.
 *
 * @module
 */

/** One deliberate difference: an id, what differs, and why. */
export interface Deliberate {
  readonly id: string;
  readonly differs: string;
  readonly reason: string;
}

/** The id of a deliberate difference. */
export type DeliberateId =
  | 'drift-remembered'
  | 'mismatch-keeps-step'
  | 'undefined-error-rejected'
  | 'async-matcher-rejected'
  | 'unknown-step-keys-rejected'
  | 'malformed-output-items-rejected'
  | 'factories-validate-early'
  | 'call-id-required'
  | 'default-usage'
  | 'plain-usage'
  | 'proxy-safe-doubles'
  | 'frozen-records';

/** Every deliberate difference, by id. */
export const deliberate: Readonly<Record<DeliberateId, Deliberate>> = {
  'drift-remembered': {
    id: 'drift-remembered',
    differs:
      'assertComplete() rethrows the first mismatch (unexpected call, matcher rejection, incompatible step) even when every step was used',
    reason:
      'the SDK turns a sandbox error inside a tool call into tool output and the run goes on, and application code may catch a model or realtime error: drift must not hide',
  },
  'mismatch-keeps-step': {
    id: 'mismatch-keeps-step',
    differs:
      'a wrong-method sandbox call or a matcher rejection (false or a throw) does not consume the step; the error reports the steps still left',
    reason:
      'the step the workflow missed is still owed: assertComplete() names it, and a later right call still matches it',
  },
  'undefined-error-rejected': {
    id: 'undefined-error-rejected',
    differs:
      '`undefined` as the injected error (modelError(undefined), { type: "error", error: undefined }, a sandbox { error: undefined }) is rejected where it is written',
    reason:
      'throwing `undefined` is almost always a typo or a missing variable, and it fails later with no message',
  },
  'async-matcher-rejected': {
    id: 'async-matcher-rejected',
    differs:
      'a native async function as a sandbox `match` or a realtime `expectCall` matcher is rejected where it is defined',
    reason:
      'a matcher must answer synchronously; an async one returns a promise, which is never `false`, so its assertions would pass silently',
  },
  'unknown-step-keys-rejected': {
    id: 'unknown-step-keys-rejected',
    differs:
      'a sandbox step with a key other than method, match, result, respond, error, or a model step envelope with a key its type does not have, is rejected where it is written (with a did-you-mean)',
    reason:
      'a misspelt key (`reslt`, `macth`) would otherwise silently drop the outcome or the assertion',
  },
  'malformed-output-items-rejected': {
    id: 'malformed-output-items-rejected',
    differs:
      'an output item that is not an object (e.g. `[5]`) is rejected by the constructor or enqueue(), reason invalid_response',
    reason:
      'a malformed item would otherwise surface deep inside the Runner, far from the script line that wrote it',
  },
  'factories-validate-early': {
    id: 'factories-validate-early',
    differs:
      'step factories (modelResponse, modelError, modelResponder, modelStream, modelStreamResponder) and functionCall() check their input when called and throw InvalidScriptedModelStepError there',
    reason:
      'the error points at the line that wrote the bad step; the same input given to the constructor still reports the SDK reason with its inputIndex',
  },
  'call-id-required': {
    id: 'call-id-required',
    differs:
      'functionCall() without a callId string is rejected where it is written',
    reason:
      'callId is required by the contract: required means checked, not discovered when a run trips over it',
  },
  'default-usage': {
    id: 'default-usage',
    differs:
      'a ModelResponse without `usage` gets the default usage (one request, zero tokens) instead of invalid_response',
    reason:
      'most workflow tests do not care about usage; the output-array shorthand already gets the same default',
  },
  'plain-usage': {
    id: 'plain-usage',
    differs:
      '`usage` may be plain data ({ requests, inputTokens, ... }) as well as a Usage instance',
    reason:
      'usage written as a literal is data, not a behavior; the model builds the Usage the Runner needs',
  },
  'proxy-safe-doubles': {
    id: 'proxy-safe-doubles',
    differs:
      "all three doubles work through a transparent Proxy and through a spy Proxy that wraps functions; the SDK module's model and transport throw through any Proxy, its sandbox session works through a transparent one but not through a function-wrapping spy",
    reason:
      'users and instrumentation wrap doubles in spies; a double must not depend on its receiver being the unwrapped object (no #private state)',
  },
  'frozen-records': {
    id: 'frozen-records',
    differs:
      'recorded calls are frozen all the way down and the same object on every read (calls, firstCall, lastCall); the SDK module hands out a fresh copy below the top level per read, so a suite doing `delete model.lastCall.request.input[0].id` gets a TypeError here',
    reason:
      'reads cost nothing and a mutated record is a test bug; a test that wants a writable copy writes `structuredClone(call)`',
  },
};
