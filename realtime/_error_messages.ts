/**
 * The message templates of the realtime call errors (what a rejected
 * matcher and a cancelled scenario say), and the one place
 * the injected faults join an error: {@link attachFaults}, called by the
 * ledger, which holds them. Private to the realtime folder.
 *
 * @module
 */
import { redactedCopy } from '../_internal/redacted_copy.ts';
import { describe, listNames, plural, quote } from '../_internal/format.ts';
import { candidateList } from '../_internal/messages.ts';
import type { TimelineStep } from '../_internal/timeline.ts';
import type {
  PendingRealtimeExpectation,
  RealtimeFaultRecord,
} from './calls.ts';

/** The `injectedFaults` of an error raised without faults. */
export const noFaults: readonly RealtimeFaultRecord[] = Object.freeze([]);

/** An error that reports the faults injected when it was raised. */
export interface CarriesFaults extends Error {
  /** The faults, in order; {@link noFaults} until attached. */
  readonly injectedFaults: readonly RealtimeFaultRecord[];
}

/**
 * What was done to the inbound events, for a message: `2 injected faults:
 * dropped "audio" (faults[0], after 3 calls), ...`.
 *
 * @param faults At least one fault.
 * @returns The detail.
 */
function faultsDetail(faults: readonly RealtimeFaultRecord[]): string {
  const limit = 5;
  const shown = faults.slice(0, limit).map((record) =>
    `${record.action} ${quote(record.event)} (faults[${record.fault}]${
      record.afterCall === undefined
        ? ''
        : `, after ${plural(record.afterCall, 'call')}`
    })`
  );
  const more = faults.length - shown.length;
  return `${plural(faults.length, 'injected fault')}: ${shown.join(', ')}${
    more > 0 ? ` and ${more} more` : ''
  }`;
}

/**
 * Gives a freshly raised error the faults injected so far: its
 * `injectedFaults` field becomes a frozen copy of them, and its message
 * names them after a comma. Without faults the error stays as it was. Call
 * it before the error is thrown or its `stack` read (runtimes format the
 * stack's first line from the message when it is first read).
 *
 * @param error The error, just constructed.
 * @param faults The faults injected into the transport so far.
 * @returns The same error.
 */
export function attachFaults<E extends CarriesFaults>(
  error: E,
  faults: readonly RealtimeFaultRecord[],
): E {
  if (faults.length === 0) return error;
  // The field is read-only to users; only the ledger sets it, once.
  Object.defineProperty(error, 'injectedFaults', {
    value: Object.freeze([...faults]),
  });
  error.message = `${error.message}, ${faultsDetail(faults)}`;
  return error;
}

/**
 * The faults as a timeline shows them: `dropped "audio" (faults[0])`,
 * placed after the calls recorded before each.
 *
 * @param faults The faults injected so far.
 * @returns The timeline's steps.
 */
export function faultSteps(
  faults: readonly RealtimeFaultRecord[],
): TimelineStep[] {
  return faults.map((fault) => ({
    label: `${fault.action} ${quote(fault.event)} (faults[${fault.fault}])`,
    state: 'fault',
    at: fault.afterCall,
  }));
}

/** The candidates of an `expectAnyOrder()` group, for a message. */
type Candidates = Parameters<typeof candidateList>[0];

/**
 * The message of `RealtimeCallMatcherError`.
 *
 * @param fields The rejected call, how its matcher rejected it, what it
 *   threw, and the candidates when it met a group.
 * @returns The message.
 */
export function matcherMessage(fields: {
  readonly callIndex: number;
  readonly actualMethod: string;
  readonly matcherResult: 'false' | 'threw';
  readonly thrown: unknown;
  readonly candidates: Candidates | undefined;
}): string {
  const why = fields.candidates !== undefined
    ? `no unused expectation of its anyOrder group accepts it, ${
      candidateList(fields.candidates, 'expectation')
    }`
    : fields.matcherResult === 'false'
    ? 'the matcher of its expectation returned false'
    : `the matcher of its expectation threw ${
      describe(redactedCopy(fields.thrown))
    }`;
  return `Realtime call ${fields.callIndex} to ${
    quote(fields.actualMethod)
  } rejected: ${why}`;
}

/**
 * The message of `ScriptedRealtimeScenarioCancelledError`.
 *
 * @param pending The expectations still waiting.
 * @returns The message.
 */
export function cancelledMessage(
  pending: readonly PendingRealtimeExpectation[],
): string {
  const methods = pending.map((expectation) => expectation.method);
  return `Realtime scenario cancelled by its signal: ${
    plural(pending.length, 'pending expectation')
  }${methods.length === 0 ? '' : ` (${listNames(methods)})`}`;
}
