/**
 * Errors of the realtime simulation layer (turn builders, the virtual
 * clock, inbound faults and the session assertions), one class per failure
 * mode, each identifiable by `name` and its structured fields.
 *
 * @module
 */
import { quote } from '../../_internal/format.ts';
import { invalidInputMessage } from '../../_internal/messages.ts';

/**
 * Why a spec was rejected: `invalid_type` (wrong kind of value),
 * `missing` (a required field is absent), `invalid_value` (right kind,
 * unusable value such as a negative delay), `unknown_key` (a field the spec
 * does not have, usually a typo), `unknown_kind` (a fault `kind` that does
 * not exist), `unreadable` (a getter or proxy trap threw), `requires_clock`
 * (a timed fault without a virtual clock), `disposed` (the clock was
 * disposed).
 *
 * @example
 * ```ts
 * import type { InvalidRealtimeSpecReason } from '@scripted/agents/realtime/sim';
 *
 * const reason: InvalidRealtimeSpecReason = 'unknown_key';
 * void reason;
 * ```
 */
export type InvalidRealtimeSpecReason =
  | 'invalid_type'
  | 'missing'
  | 'invalid_value'
  | 'unknown_key'
  | 'unknown_kind'
  | 'unreadable'
  | 'requires_clock'
  | 'disposed';

/**
 * A turn spec, fault spec or clock argument was malformed. Thrown where the
 * spec is given, before any event is emitted.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import {
 *   InvalidRealtimeSpecError,
 *   textTurn,
 * } from '@scripted/agents/realtime/sim';
 *
 * const transport = new ScriptedRealtimeTransport();
 * assert.throws(
 *   () => textTurn(transport, { text: 42 } as never),
 *   (error) => {
 *     assert(error instanceof InvalidRealtimeSpecError);
 *     assert.equal(error.reason, 'invalid_type');
 *     assert.equal(error.path, 'spec.text');
 *     assert.equal(error.received, '42');
 *     return true;
 *   },
 * );
 * assert.throws(
 *   () => textTurn(transport, { txt: 'hi' } as never),
 *   (error) => {
 *     assert(error instanceof InvalidRealtimeSpecError);
 *     assert.equal(error.reason, 'unknown_key');
 *     assert.equal(error.suggestion, 'text');
 *     return true;
 *   },
 * );
 * ```
 */
export class InvalidRealtimeSpecError extends Error {
  /** The builder or method that received the spec, such as `textTurn`. */
  readonly operation: string;
  /** Why it was rejected. */
  readonly reason: InvalidRealtimeSpecReason;
  /** Where in the input, such as `spec.chunks[2]` or `faults[0].kind`. */
  readonly path: string;
  /** What the value must be, such as `a non-empty string`. */
  readonly issue: string;
  /** A short description of what was given. */
  readonly received: string;
  /**
   * The closest valid name when a key or fault `kind` looks misspelt (such
   * as `text` for `txt`), otherwise `undefined`.
   */
  readonly suggestion: string | undefined;

  /**
   * Creates an `InvalidRealtimeSpecError`.
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    operation: string;
    reason: InvalidRealtimeSpecReason;
    path: string;
    issue: string;
    received: string;
    suggestion?: string | undefined;
  }) {
    super(invalidInputMessage({
      subject: 'realtime spec',
      name: fields.operation,
      path: fields.path,
      expected: fields.issue,
      received: fields.received,
      suggestion: fields.suggestion,
    }));
    this.name = 'InvalidRealtimeSpecError';
    this.operation = fields.operation;
    this.reason = fields.reason;
    this.path = fields.path;
    this.issue = fields.issue;
    this.received = fields.received;
    this.suggestion = fields.suggestion;
  }
}

/**
 * `assertToolApprovalAnswered()` found no approval request for the tool, no
 * answer to it, or an answer other than the one expected.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   RealtimeToolApprovalAssertionError,
 * } from '@scripted/agents/realtime/sim';
 *
 * const error = new RealtimeToolApprovalAssertionError({
 *   toolName: 'refund',
 *   requested: 0,
 *   expectedDecision: 'approved',
 *   actualDecision: 'none',
 * });
 * assert.equal(error.name, 'RealtimeToolApprovalAssertionError');
 * ```
 */
export class RealtimeToolApprovalAssertionError extends Error {
  /** The tool asked about, or `undefined` for any tool. */
  readonly toolName: string | undefined;
  /** How many approval requests for it the session raised. */
  readonly requested: number;
  /** The decision the assertion wanted: `approved`, `rejected` or `any`. */
  readonly expectedDecision: 'approved' | 'rejected' | 'any';
  /** What the application did: `approved`, `rejected` or `none`. */
  readonly actualDecision: 'approved' | 'rejected' | 'none';

  /**
   * Creates a `RealtimeToolApprovalAssertionError`.
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    toolName: string | undefined;
    requested: number;
    expectedDecision: 'approved' | 'rejected' | 'any';
    actualDecision: 'approved' | 'rejected' | 'none';
  }) {
    const tool = fields.toolName === undefined
      ? 'any tool'
      : quote(fields.toolName);
    const expected = fields.expectedDecision === 'any'
      ? 'an answer'
      : `an answer of ${quote(fields.expectedDecision)}`;
    super(
      fields.requested === 0
        ? `Realtime tool approval not requested: expected a request for ${tool}, the session raised none`
        : `Realtime tool approval not answered as expected: ${tool} was requested ${fields.requested} time(s), expected ${expected}, got ${
          quote(fields.actualDecision)
        }`,
    );
    this.name = 'RealtimeToolApprovalAssertionError';
    this.toolName = fields.toolName;
    this.requested = fields.requested;
    this.expectedDecision = fields.expectedDecision;
    this.actualDecision = fields.actualDecision;
  }
}

/**
 * `assertHandoff()` found a different active agent than the one expected,
 * or no handoff to it.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeHandoffAssertionError } from '@scripted/agents/realtime/sim';
 *
 * const error = new RealtimeHandoffAssertionError({
 *   expectedAgent: 'Billing',
 *   activeAgent: 'Triage',
 *   handoffs: [],
 * });
 * assert.equal(error.activeAgent, 'Triage');
 * ```
 */
export class RealtimeHandoffAssertionError extends Error {
  /** The agent name the assertion expected to be active. */
  readonly expectedAgent: string;
  /** The name of the session's active agent. */
  readonly activeAgent: string;
  /** Every handoff the session reported, as `from -> to`, in order. */
  readonly handoffs: readonly string[];

  /**
   * Creates a `RealtimeHandoffAssertionError`.
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    expectedAgent: string;
    activeAgent: string;
    handoffs: readonly string[];
  }) {
    super(
      `Realtime handoff not observed: expected active agent ${
        quote(fields.expectedAgent)
      } after a handoff, got ${quote(fields.activeAgent)} (handoffs: ${
        fields.handoffs.length === 0
          ? 'none'
          : fields.handoffs.map((h) => quote(h)).join(', ')
      })`,
    );
    this.name = 'RealtimeHandoffAssertionError';
    this.expectedAgent = fields.expectedAgent;
    this.activeAgent = fields.activeAgent;
    this.handoffs = Object.freeze([...fields.handoffs]);
  }
}

/**
 * `assertHistoryMatchesHeard()` found that the session's history keeps a
 * transcript other than what the user heard before the interruption.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   RealtimeTruncationAssertionError,
 * } from '@scripted/agents/realtime/sim';
 *
 * const error = new RealtimeTruncationAssertionError({
 *   itemId: 'item_1',
 *   heard: 'Once upon',
 *   transcript: 'Once upon a time',
 * });
 * assert.equal(error.heard, 'Once upon');
 * ```
 */
export class RealtimeTruncationAssertionError extends Error {
  /** The interrupted assistant item, or `undefined` when none was interrupted. */
  readonly itemId: string | undefined;
  /** The transcript delivered before the interruption (what was heard). */
  readonly heard: string | undefined;
  /** The transcript the history holds, or `undefined` when the item is missing. */
  readonly transcript: string | undefined;

  /**
   * Creates a `RealtimeTruncationAssertionError`.
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    itemId: string | undefined;
    heard: string | undefined;
    transcript: string | undefined;
  }) {
    super(
      fields.itemId === undefined || fields.heard === undefined
        ? `Realtime interruption not observed: expected an "audio_interrupted" during a spoken answer${
          fields.itemId === undefined ? '' : ` (item ${quote(fields.itemId)})`
        }, got none`
        : `Realtime history does not match what was heard: item ${
          quote(fields.itemId)
        } should hold ${quote(fields.heard)}, got ${
          fields.transcript === undefined
            ? 'no such item'
            : quote(fields.transcript)
        }`,
    );
    this.name = 'RealtimeTruncationAssertionError';
    this.itemId = fields.itemId;
    this.heard = fields.heard;
    this.transcript = fields.transcript;
  }
}

/**
 * `assertNoCallAfterClose()` found an outbound call after `close()` and
 * before the next `connect()`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeCallAfterCloseError } from '@scripted/agents/realtime/sim';
 *
 * const error = new RealtimeCallAfterCloseError({
 *   callIndex: 3,
 *   method: 'sendMessage',
 *   closeIndex: 2,
 * });
 * assert.equal(error.method, 'sendMessage');
 * ```
 */
export class RealtimeCallAfterCloseError extends Error {
  /** Zero-based index of the offending call in `calls`. */
  readonly callIndex: number;
  /** The method called after the close. */
  readonly method: string;
  /** Zero-based index of the `close` call it followed. */
  readonly closeIndex: number;

  /**
   * Creates a `RealtimeCallAfterCloseError`.
   * @param fields The structured fields of the error.
   */
  constructor(
    fields: { callIndex: number; method: string; closeIndex: number },
  ) {
    super(
      `Realtime call after close: call ${fields.callIndex} (${
        quote(fields.method)
      }) came after "close" at call ${fields.closeIndex} with no "connect" between`,
    );
    this.name = 'RealtimeCallAfterCloseError';
    this.callIndex = fields.callIndex;
    this.method = fields.method;
    this.closeIndex = fields.closeIndex;
  }
}
