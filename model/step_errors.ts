/**
 * The error of a malformed model step, `InvalidScriptedModelStepError`, its
 * `reason` and `issue` codes, and the message templates that say, for each
 * issue, what was expected.
 *
 * @module
 */
import { quote } from '../_internal/format.ts';
import { thrown } from '../_internal/read.ts';
import { invalidInputMessage } from '../_internal/messages.ts';

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

// What each issue expected: a phrase, or, for an issue about one value,
// what the value is called when no path says, and what it must be.
const expectations: Readonly<
  Record<InvalidScriptedModelStepIssue, string | readonly [string, string]>
> = {
  invalid_input:
    'a step (an object with a "type"), a ModelResponse (an object with "output") or an output array',
  not_iterable: 'the inputs to be iterable (an array, a Set, a generator)',
  unreadable: ['the input', 'to be readable'],
  unknown_property: 'only the keys of its step type',
  invalid_retry_advice:
    '"retryAdvice" to be a ModelRetryAdvice object or a function',
  invalid_text: 'the message text to be a string',
  invalid_name: 'the function name to be a non-empty string',
  invalid_arguments:
    'the arguments to be a JSON string or a serializable object',
  missing_call_id: 'options with a "callId" string',
  invalid_value: ['the argument', 'to be valid'],
  invalid_option: ['the field', 'to be valid'],
  invalid_field: ['the field', 'to be valid'],
  unknown_step_type: `a step type of ${stepTypes}`,
  missing_response: 'a "response" (an output array or a ModelResponse)',
  invalid_response: [
    'the response',
    'to be an output array or a ModelResponse',
  ],
  invalid_output: ['"output"', 'to be an array of items'],
  invalid_item: ['each item', 'to be an item object'],
  invalid_usage: ['"usage"', 'to be valid usage data'],
  missing_error: 'an "error" to throw',
  missing_responder: 'a "respond" function',
  invalid_responder: ['"respond"', 'to be a function'],
  invalid_stream: [
    'the events',
    'to be a sync or async iterable of stream events',
  ],
  invalid_event: [
    'each event',
    'to be a stream event (an object with a string "type")',
  ],
  broken_iterator: ['the events', 'to follow the iterator protocol'],
  incompatible_call:
    'a streaming call, as only getStreamedResponse can play a raw stream step',
};

function expectation(
  issue: InvalidScriptedModelStepIssue,
  path: string | undefined,
): string {
  if (issue === 'unknown_property' && isOptionPath(path)) {
    return 'only the option "defaultUsage"';
  }
  const said = expectations[issue];
  if (typeof said === 'string') return said;
  const [unnamed, kind] = said;
  return `${path === undefined ? unnamed : quote(path)} ${kind}`;
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
   * What was expected, as the message says it after "expected":
   * `"options.callId" to be a non-empty string`, `a step type of ...`.
   */
  readonly expected: string;

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
    const path = fields.path;
    const expected = fields.expected === undefined
      ? expectation(issue, path)
      : path === undefined || issue === 'unknown_property'
      ? fields.expected
      : `${quote(path)} to be ${fields.expected}`;
    super(
      typeof fields.message === 'string'
        ? fields.message
        : stepMessage(fields, expected, issue, errorOptions?.cause),
      errorOptions,
    );
    this.name = 'InvalidScriptedModelStepError';
    this.reason = fields.reason;
    this.issue = issue;
    this.expected = expected;
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
  /** What the value must be (`a non-empty string`); derived when left out. */
  expected?: string | undefined;
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
  const root = (path ?? '').split(/[.[]/)[0];
  return root === 'modelOptions' || root === 'defaultUsage';
}

function stepMessage(
  fields: StepFields,
  expected: string,
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
    expected,
    received: issue === 'unreadable' ? thrown(cause) : fields.received,
    suggestion: fields.suggestion,
  });
}
