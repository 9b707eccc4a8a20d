/**
 * Errors of the scripted model, one class per failure mode.
 *
 * @module
 */
import { describe, quote } from '../_internal/format.ts';
import {
  incompleteMessage,
  invalidInputMessage,
  unexpectedCallMessage,
} from '../_internal/messages.ts';
import type { RecordedModelCall } from './types.ts';

/**
 * Why a step was rejected, as `InvalidScriptedModelStepError.reason`: the
 * same codes as `@openai/agents/testing` (its `reason` for each malformed
 * input is ours too). `issue` says it more finely.
 *
 * @example
 * ```ts
 * import type { InvalidScriptedModelStepReason } from '@scripted/agents';
 *
 * const reason: InvalidScriptedModelStepReason = 'incompatible_call';
 * ```
 */
export type InvalidScriptedModelStepReason =
  | 'invalid_input'
  | 'unknown_step_type'
  | 'missing_response'
  | 'invalid_response'
  | 'missing_error'
  | 'missing_responder'
  | 'invalid_stream'
  | 'incompatible_call';

/**
 * The finer classification of a rejected step, as
 * `InvalidScriptedModelStepError.issue`; equal to `reason` when there is
 * nothing finer to say. With `reason`:
 * - `invalid_input`: `invalid_input` (neither a step nor a response),
 *   `not_iterable` (the constructor's `inputs`), `unreadable` (reading the
 *   value threw; `cause` holds the error; also under `invalid_response` for
 *   a `usage` whose reading threw), `unknown_property` (a step key its type
 *   does not have), `invalid_retry_advice`, and the item helpers'
 *   `invalid_text`, `invalid_name`, `invalid_arguments`, `missing_call_id`,
 *   `invalid_option`, and `invalid_value` (a positional argument of the
 *   other builders, or a part of one: `agent`, `action.x`, `commands[0]`,
 *   `operation.type`);
 * - `missing_responder`: `missing_responder` (no `respond`),
 *   `invalid_responder` (`respond` is not a function);
 * - `invalid_response`: `invalid_response` (neither an output array nor a
 *   response object), `invalid_output`, `invalid_item`, `invalid_usage`,
 *   `invalid_field` (`responseId`, `requestId`, `providerData`, `rawUsage`);
 * - `invalid_stream`: `invalid_stream` (not iterable), `invalid_event`,
 *   `broken_iterator`;
 * - the other reasons: the reason itself.
 *
 * @example
 * ```ts
 * import type { InvalidScriptedModelStepIssue } from '@scripted/agents';
 *
 * const issue: InvalidScriptedModelStepIssue = 'invalid_item';
 * ```
 */
export type InvalidScriptedModelStepIssue =
  | InvalidScriptedModelStepReason
  | 'not_iterable'
  | 'unreadable'
  | 'unknown_property'
  | 'invalid_retry_advice'
  | 'invalid_text'
  | 'invalid_name'
  | 'invalid_arguments'
  | 'missing_call_id'
  | 'invalid_option'
  | 'invalid_value'
  | 'invalid_responder'
  | 'invalid_output'
  | 'invalid_item'
  | 'invalid_usage'
  | 'invalid_field'
  | 'invalid_event'
  | 'broken_iterator';

const stepTypes =
  '"response", "responder", "error", "stream" or "stream_responder"';

const fieldKinds: Readonly<Record<string, string>> = {
  id: 'a non-empty string',
  callId: 'a non-empty string',
  namespace: 'a non-empty string',
  phase: '"commentary" or "final_answer"',
  providerData: 'an object',
  rawUsage: 'an object',
  responseId: 'a string',
  requestId: 'a string',
  options: 'an object',
  status: 'a status the item type has',
  serverLabel: 'a non-empty string',
  arguments: 'a JSON string or a serializable object',
  output: 'a string',
  error: 'a string',
  containerId: 'a non-empty string',
  timeoutMs: 'a non-negative finite number',
  maxOutputLength: 'a non-negative finite number',
  rawContent: 'a string or an array of strings',
  results: 'an array of objects',
  outputs: 'an array of objects',
  modelOptions: 'an object',
};

/** What each positional argument of the builders must be, by path. */
const valueKinds: Readonly<Record<string, string>> = {
  'text': 'a string or an array of strings',
  'agent': 'an Agent or a Handoff',
  'action': 'a computer action or a non-empty array of them',
  'action.type':
    'a computer action type of "click", "double_click", "drag", "keypress", "move", "screenshot", "scroll", "type" or "wait"',
  'action.button': '"left", "right", "wheel", "back" or "forward"',
  'action.keys': 'an array of strings',
  'action.path': 'an array of points ({ x, y })',
  'commands': 'a command string or a non-empty array of them',
  'operation': 'an apply-patch operation (an object with a "type")',
  'operation.type': '"create_file", "update_file" or "delete_file"',
  'operation.path': 'a non-empty string',
  'operation.moveTo': 'a non-empty string',
  'query': 'a string',
  'queries': 'a string or an array of strings',
  'name': 'a non-empty string',
  'result': 'a string (the base64 image)',
};

/** The kind a builder argument must be: `action[2].x` reads `action.x`. */
function valueKind(path: string | undefined): string {
  if (path === undefined) return 'valid';
  if (/\[\d+\]$/.test(path)) return elementKind(path);
  const key = path.replace(/\[\d+\]/g, '');
  const kind = valueKinds[key];
  if (kind !== undefined) return kind;
  const last = lastSegment(key);
  if (last === 'x' || last === 'y' || last.startsWith('scroll_')) {
    return 'a finite number';
  }
  return last === 'text' || last === 'diff' || last === 'code'
    ? 'a string'
    : 'valid';
}

/** The kind of an element of an array argument: `commands[0]`. */
function elementKind(path: string): string {
  const key = path.replace(/\[\d+\]/g, '');
  if (key === 'action') return 'a computer action (an object with a "type")';
  if (key === 'action.path') return 'a point ({ x, y })';
  return 'a string';
}

function lastSegment(path: string | undefined): string {
  if (path === undefined) return '';
  const dot = path.lastIndexOf('.');
  return (dot < 0 ? path : path.slice(dot + 1)).replace(/\[\d+\]$/, '');
}

function usageKind(path: string | undefined): string {
  const last = lastSegment(path);
  if (last === 'usage' || last === 'defaultUsage') {
    return 'a Usage or usage data';
  }
  if (last.endsWith('Details')) return 'an object of token counts';
  if (last === 'requestUsageEntries') return 'an array of usage entries';
  if (last === 'endpoint') return 'a string';
  return 'a finite number';
}

function subject(path: string | undefined, fallback: string): string {
  return path === undefined ? fallback : quote(path);
}

/** What was expected, for the message of an issue (after "expected"). */
function expectation(
  issue: InvalidScriptedModelStepIssue,
  path: string | undefined,
): string {
  switch (issue) {
    case 'invalid_input':
      return 'a step (an object with a "type"), a ModelResponse (an object with "output") or an output array';
    case 'not_iterable':
      return 'the inputs to be iterable (an array, a Set, a generator)';
    case 'unreadable':
      return `${subject(path, 'the input')} to be readable`;
    case 'unknown_property':
      return isOptionPath(path)
        ? 'only the option "defaultUsage"'
        : 'only the keys of its step type';
    case 'invalid_retry_advice':
      return '"retryAdvice" to be a ModelRetryAdvice object or a function';
    case 'invalid_text':
      return 'the message text to be a string';
    case 'invalid_name':
      return 'the function name to be a non-empty string';
    case 'invalid_arguments':
      return 'the arguments to be a JSON string or a serializable object';
    case 'missing_call_id':
      return 'options with a "callId" string';
    case 'invalid_value':
      return `${subject(path, 'the argument')} to be ${valueKind(path)}`;
    case 'invalid_option':
    case 'invalid_field':
      return `${subject(path, 'the field')} to be ${
        fieldKinds[lastSegment(path)] ?? 'valid'
      }`;
    case 'unknown_step_type':
      return `a step type of ${stepTypes}`;
    case 'missing_response':
      return 'a "response" (an output array or a ModelResponse)';
    case 'invalid_response':
      return `${
        subject(path, 'the response')
      } to be an output array or a ModelResponse`;
    case 'invalid_output':
      return `${subject(path, '"output"')} to be an array of items`;
    case 'invalid_item':
      return `${subject(path, 'each item')} to be an item object`;
    case 'invalid_usage':
      return `${subject(path, '"usage"')} to be ${usageKind(path)}`;
    case 'missing_error':
      return 'an "error" to throw';
    case 'missing_responder':
      return 'a "respond" function';
    case 'invalid_responder':
      return `${subject(path, '"respond"')} to be a function`;
    case 'invalid_stream':
      return `${
        subject(path, 'the events')
      } to be a sync or async iterable of stream events`;
    case 'invalid_event':
      return `${
        subject(path, 'each event')
      } to be a stream event (an object with a string "type")`;
    case 'broken_iterator':
      return `${subject(path, 'the events')} to follow the iterator protocol`;
    case 'incompatible_call':
      return 'a streaming call, as only getStreamedResponse can play a raw stream step';
  }
}

/** What reading threw, for the message of `unreadable`; never throws. */
function thrown(cause: unknown): string {
  try {
    if (cause instanceof Error) return `the error ${describe(cause.message)}`;
  } catch {
    // A hostile error: described by kind below.
  }
  return `the thrown value ${describe(cause)}`;
}

/**
 * A call reached the model after every scripted step was used. The call is
 * recorded first, and the model remembers this error for `assertComplete()`.
 * Constructible as `@openai/agents/testing` builds it, from the recorded
 * call, or from its fields.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { ScriptedModel, UnexpectedModelCallError } from '@scripted/agents';
 *
 * const model = new ScriptedModel();
 * const runner = new Runner({ tracingDisabled: true });
 * await assert.rejects(
 *   runner.run(new Agent({ name: 'A', model }), 'Hi'),
 *   UnexpectedModelCallError,
 * );
 * ```
 */
export class UnexpectedModelCallError extends Error {
  /** Zero-based index of the offending call in `calls`. */
  readonly callIndex: number;
  /** Whether the call was `getStreamedResponse` (`true`) or `getResponse`. */
  readonly streamed: boolean;

  /**
   * Creates an `UnexpectedModelCallError`.
   * @param call The recorded call that found no step left.
   */
  constructor(call: RecordedModelCall);
  /**
   * Creates an `UnexpectedModelCallError`.
   * @param fields The structured fields of the error.
   */
  constructor(fields: { callIndex: number; streamed: boolean });
  constructor(
    call: RecordedModelCall | { callIndex: number; streamed: boolean },
  ) {
    const callIndex = 'callIndex' in call ? call.callIndex : call.index;
    const streamed = call.streamed;
    super(unexpectedCallMessage({
      double: 'model',
      callIndex,
      actual: streamed ? 'getStreamedResponse' : 'getResponse',
      remaining: 0,
      unit: 'step',
    }));
    this.name = 'UnexpectedModelCallError';
    this.callIndex = callIndex;
    this.streamed = streamed;
  }
}

/**
 * The workflow ended before every scripted step was used; thrown by
 * `assertComplete()`. Constructible as `@openai/agents/testing` builds it,
 * from the count alone (`pendingStepTypes` is then empty).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   assistantMessage,
 *   ScriptedModel,
 *   UnconsumedModelStepsError,
 * } from '@scripted/agents';
 *
 * const model = new ScriptedModel([[assistantMessage('never used')]]);
 * assert.throws(() => model.assertComplete(), UnconsumedModelStepsError);
 * ```
 */
export class UnconsumedModelStepsError extends Error {
  /** How many steps were never used. */
  readonly remainingSteps: number;
  /** The `type` of each unused step, in script order (empty if unknown). */
  readonly pendingStepTypes: readonly string[];

  /**
   * Creates an `UnconsumedModelStepsError`.
   * @param remainingSteps How many steps were never used.
   */
  constructor(remainingSteps: number);
  /**
   * Creates an `UnconsumedModelStepsError`.
   * @param fields The structured fields of the error.
   */
  constructor(
    fields: { remainingSteps: number; pendingStepTypes: readonly string[] },
  );
  constructor(
    fields:
      | number
      | { remainingSteps: number; pendingStepTypes: readonly string[] },
  ) {
    const remainingSteps = typeof fields === 'number'
      ? fields
      : fields.remainingSteps;
    const pending = typeof fields === 'number'
      ? []
      : [...fields.pendingStepTypes];
    super(
      incompleteMessage('model script', [
        { count: remainingSteps, noun: 'step', names: pending },
      ]),
    );
    this.name = 'UnconsumedModelStepsError';
    this.remainingSteps = remainingSteps;
    this.pendingStepTypes = Object.freeze(pending);
  }
}

/**
 * A step is malformed (thrown where it is written: a factory, an item
 * helper, the constructor or `enqueue()`), or it cannot answer the call that
 * reached it (thrown by that call, and remembered for `assertComplete()`).
 *
 * `reason` is the code `@openai/agents/testing` gives; `issue`, `path`,
 * `received` and `suggestion` say precisely what is wrong and where, and the
 * message is built from them: what was expected, what was found. `cause` is
 * the error thrown while reading a hostile input. Constructible as the SDK
 * module builds it, `{ reason, message, inputIndex?, callIndex?, stepType? }`
 * (the message is then used verbatim and `issue` equals `reason`).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { InvalidScriptedModelStepError, ScriptedModel } from '@scripted/agents';
 *
 * assert.throws(
 *   () => new ScriptedModel([{ type: 'respnse' } as never]),
 *   (error: unknown) =>
 *     error instanceof InvalidScriptedModelStepError &&
 *     error.reason === 'unknown_step_type' &&
 *     error.inputIndex === 0 &&
 *     error.received === '"respnse"' &&
 *     error.suggestion === 'response',
 * );
 * ```
 */
export class InvalidScriptedModelStepError extends Error {
  /** What is wrong with the step, as `@openai/agents/testing` says it. */
  readonly reason: InvalidScriptedModelStepReason;
  /** What is wrong, more finely; see {@link InvalidScriptedModelStepIssue}. */
  readonly issue: InvalidScriptedModelStepIssue;
  /**
   * Zero-based position of the step among the inputs of the constructor or
   * `enqueue()` call that defined it; `undefined` when a factory or item
   * helper rejected its argument, or when a call rejected the step.
   */
  readonly inputIndex: number | undefined;
  /** Zero-based index of the call the step could not answer, if any. */
  readonly callIndex: number | undefined;
  /** The step's `type`, when it has one. */
  readonly stepType: string | undefined;
  /**
   * Where in the input the problem is, relative to the step (or to a
   * responder's result, as `respond()...`): `response.output[3]`,
   * `usage.inputTokens`, `events[2]`, `retryAdvice`, `options.callId`;
   * `undefined` for the input as a whole.
   */
  readonly path: string | undefined;
  /**
   * What was found, rendered short: strings quoted and cut when long
   * (`"respnse"`), other values by kind (`42`, `null`, `an object`,
   * `an array of 2`, `an unreadable value`), or quoted key names for
   * `unknown_property`; `undefined` when nothing concrete was found, and
   * for `unreadable` (the error thrown is `cause`).
   */
  readonly received: string | undefined;
  /** The closest valid name, when a step type or key looks misspelled. */
  readonly suggestion: string | undefined;

  /**
   * Creates an `InvalidScriptedModelStepError`.
   * @param options The SDK module's form: `reason` and a `message` used
   * verbatim, plus where the step was.
   * @param errorOptions `cause`: the underlying error, if any.
   */
  constructor(
    options: {
      reason: InvalidScriptedModelStepReason;
      message: string;
      inputIndex?: number | undefined;
      callIndex?: number | undefined;
      stepType?: string | undefined;
    },
    errorOptions?: { cause?: unknown },
  );
  /**
   * Creates an `InvalidScriptedModelStepError`.
   * @param fields The structured fields of the error; the message is built
   * from them.
   * @param errorOptions `cause`: the error thrown while reading the input.
   */
  constructor(
    fields: StepFields & {
      reason: InvalidScriptedModelStepReason;
      issue?: InvalidScriptedModelStepIssue | undefined;
    },
    errorOptions?: { cause?: unknown },
  );
  constructor(
    fields: StepFields & {
      reason: InvalidScriptedModelStepReason;
      message?: string;
      issue?: InvalidScriptedModelStepIssue | undefined;
    },
    errorOptions?: { cause?: unknown },
  ) {
    const issue = fields.issue ?? fields.reason;
    super(
      typeof fields.message === 'string'
        ? fields.message
        : stepMessage(fields, issue, errorOptions?.cause),
      errorOptions,
    );
    this.name = 'InvalidScriptedModelStepError';
    this.reason = fields.reason;
    this.issue = issue;
    this.inputIndex = fields.inputIndex;
    this.callIndex = fields.callIndex;
    this.stepType = fields.stepType;
    this.path = fields.path;
    this.received = fields.received;
    this.suggestion = fields.suggestion;
  }
}

/** Where the step is and what was found, as the error takes them. */
interface StepFields {
  inputIndex?: number | undefined;
  callIndex?: number | undefined;
  stepType?: string | undefined;
  path?: string | undefined;
  received?: string | undefined;
  suggestion?: string | undefined;
}

// The paths of the model's own options (`new ScriptedModel(steps, options)`,
// the `defaultUsage` setter), which are not steps.
function isOptionPath(path: string | undefined): boolean {
  if (path === undefined) return false;
  const root = /^[^.[]*/.exec(path)![0];
  return root === 'modelOptions' || root === 'defaultUsage';
}

function stepMessage(
  fields: StepFields,
  issue: InvalidScriptedModelStepIssue,
  cause: unknown,
): string {
  const atCall = fields.inputIndex === undefined &&
    fields.callIndex !== undefined;
  const option = fields.inputIndex === undefined &&
    fields.callIndex === undefined && isOptionPath(fields.path);
  return invalidInputMessage({
    subject: option
      ? 'model option'
      : atCall
      ? 'model step for call'
      : 'model step',
    index: atCall ? fields.callIndex : fields.inputIndex,
    name: fields.stepType,
    expected: expectation(issue, fields.path),
    received: issue === 'unreadable' ? thrown(cause) : fields.received,
    suggestion: fields.suggestion,
  });
}

/**
 * The request's `AbortSignal` was aborted: either before the call (nothing is
 * recorded and no step is consumed; `callIndex` is `undefined`), or after the
 * call was recorded, at a checkpoint of its scripted work. Its `name` is
 * `'AbortError'`, as the SDK's runner expects of an abort; identify it by
 * `code === 'scripted_model_request_aborted'`. `cause` is the signal's
 * reason. Constructible as `@openai/agents/testing` builds it, from the call
 * index alone.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   ScriptedModel,
 *   ScriptedModelRequestAbortedError,
 * } from '@scripted/agents';
 *
 * const model = new ScriptedModel();
 * const error = await model
 *   .getResponse({
 *     input: 'Hi',
 *     modelSettings: {},
 *     tools: [],
 *     handoffs: [],
 *     outputType: 'text',
 *     tracing: false,
 *     signal: AbortSignal.abort(),
 *   })
 *   .catch((error: unknown) => error);
 * assert(error instanceof ScriptedModelRequestAbortedError);
 * assert.equal(error.name, 'AbortError');
 * assert.equal(error.callIndex, undefined);
 * ```
 */
export class ScriptedModelRequestAbortedError extends Error {
  /** Stable identifier of this error, since its `name` is `'AbortError'`. */
  readonly code: 'scripted_model_request_aborted' =
    'scripted_model_request_aborted';
  /**
   * Zero-based index of the recorded call that was aborted; `undefined` when
   * the request was aborted before it was recorded.
   */
  readonly callIndex: number | undefined;

  /**
   * Creates a `ScriptedModelRequestAbortedError`.
   * @param callIndex Zero-based index of the aborted call, if it was
   * recorded.
   */
  constructor(callIndex?: number);
  /**
   * Creates a `ScriptedModelRequestAbortedError`.
   * @param fields The structured fields of the error; `cause` is the abort
   * reason of the signal.
   */
  constructor(fields: { callIndex?: number | undefined; cause?: unknown });
  constructor(
    fields?: number | { callIndex?: number | undefined; cause?: unknown },
  ) {
    const callIndex = typeof fields === 'object' && fields !== null
      ? fields.callIndex
      : fields;
    super(
      callIndex === undefined
        ? 'Model request aborted before the call: expected a live signal, got an aborted one, so nothing was recorded and no step was consumed'
        : `Model call ${callIndex} aborted: expected the scripted work to finish, the request signal was aborted first`,
      typeof fields === 'object' && fields !== null && 'cause' in fields
        ? { cause: fields.cause }
        : undefined,
    );
    this.name = 'AbortError';
    this.callIndex = callIndex;
  }
}
