/**
 * How a streaming call plays its step: the automatic stream of a plain
 * response, or the exact events of a stream step, with cooperative abort
 * checkpoints. Private to the model folder.
 *
 * @module
 */
import type { StreamEvent } from '@openai/agents-core';
import { describe } from '../_internal/format.ts';
import { detachedCopy } from '../_internal/snapshot.ts';
import { type At, checkEvent, guarded, invalid } from './_checks.ts';
import type { ResponseTemplate } from './_normalize.ts';
import { responseEvents } from './_response.ts';
import { ScriptedModelRequestAbortedError } from './errors.ts';
import type { ScriptedModelStream } from './types.ts';

/**
 * Throws when the request was aborted: the check a call makes whenever
 * control comes back to it.
 *
 * @param signal The request's signal.
 * @param callIndex Zero-based index of the recorded call.
 * @throws {ScriptedModelRequestAbortedError} When `signal` is aborted.
 */
export function checkpoint(
  signal: AbortSignal | undefined,
  callIndex: number,
): void {
  if (signal?.aborted) {
    throw new ScriptedModelRequestAbortedError({
      callIndex,
      cause: signal.reason,
    });
  }
}

/**
 * Streams a plain response: each event is built fresh, and the signal is
 * checked before each one.
 *
 * @param template The response.
 * @param play The call's index and signal, and the `rawUsage` it passes on.
 * @returns The events.
 * @throws {ScriptedModelRequestAbortedError} When aborted between events.
 */
export async function* autoStream(
  template: ResponseTemplate,
  play: {
    readonly callIndex: number;
    readonly signal: AbortSignal | undefined;
    readonly rawUsage: Record<string, unknown> | undefined;
  },
): AsyncGenerator<StreamEvent, void, undefined> {
  const { callIndex, signal } = play;
  for (const event of responseEvents(template, callIndex, play.rawUsage)) {
    checkpoint(signal, callIndex);
    yield event;
  }
}

/** How a call plays exact events. */
export interface Play {
  /** The step's type and the call's index, for errors. */
  readonly at: At & { readonly callIndex: number };
  /** The request's signal. */
  readonly signal: AbortSignal | undefined;
  /** Records a mismatch before it is thrown. */
  readonly remember: (error: unknown) => unknown;
  /** Where the events came from, relative to the step. */
  readonly path: string;
}

/**
 * Streams exact events, each as a detached copy. A pending `next()` of a
 * user iterator is awaited, not raced against the signal; the signal is
 * checked when it settles and before asking for the next event.
 *
 * @param events Checked events: a frozen array, or a user iterable.
 * @param play The call playing them.
 * @returns The events.
 * @throws {ScriptedModelRequestAbortedError} When aborted.
 * @throws {InvalidScriptedModelStepError} `invalid_stream` for a non-event.
 */
export async function* exactStream(
  events: ScriptedModelStream,
  play: Play,
): AsyncGenerator<StreamEvent, void, undefined> {
  const { at, signal, remember, path } = play;
  const callIndex = at.callIndex;
  if (Array.isArray(events)) {
    // Checked and frozen where the step was defined (or the responder
    // answered).
    for (const event of events as readonly StreamEvent[]) {
      checkpoint(signal, callIndex);
      yield detachedCopy(event);
    }
    return;
  }
  // A broken iterator protocol is a malformed step, not an engine TypeError.
  const broken = (received: string): unknown =>
    remember(
      invalid('invalid_stream', at, {
        issue: 'broken_iterator',
        path,
        received,
      }),
    );
  checkpoint(signal, callIndex);
  const iterator = openIterator(events, broken);
  let done = false;
  try {
    for (let position = 0;; position++) {
      let result: unknown;
      try {
        result = await iterator.next();
      } catch (error) {
        // The iterator's own failure passes through; like `for await`, a
        // throwing iterator is not asked to return.
        done = true;
        throw error;
      }
      checkpoint(signal, callIndex);
      if (typeof result !== 'object' || result === null) {
        throw broken(`${describe(result)} from next()`);
      }
      let event: unknown;
      try {
        const read = guarded(at, () => {
          const { done, value } = result as IteratorResult<unknown>;
          return { done, value };
        }, `${path}[${position}]`);
        if (read.done) {
          done = true;
          return;
        }
        event = read.value;
        guarded(
          at,
          () => checkEvent(event, position, at, path),
          `${path}[${position}]`,
        );
      } catch (error) {
        throw remember(error);
      }
      yield detachedCopy(event as StreamEvent);
      checkpoint(signal, callIndex);
    }
  } finally {
    // Stopped early (abort, a bad event, the consumer): let it clean up.
    if (!done) await closeIterator(iterator);
  }
}

type AnyIterator = Iterator<unknown> | AsyncIterator<unknown>;

function openIterator(
  events: Iterable<unknown> | AsyncIterable<unknown>,
  broken: (received: string) => unknown,
): AnyIterator {
  const source = events as {
    [Symbol.asyncIterator]?: () => unknown;
    [Symbol.iterator]?: () => unknown;
  };
  const open = typeof source[Symbol.asyncIterator] === 'function'
    ? source[Symbol.asyncIterator]
    : source[Symbol.iterator];
  const iterator = open?.call(events);
  if (
    (typeof iterator !== 'object' && typeof iterator !== 'function') ||
    iterator === null ||
    typeof (iterator as { next?: unknown }).next !== 'function'
  ) {
    throw broken(`${describe(iterator)} as its iterator`);
  }
  return iterator as AnyIterator;
}

async function closeIterator(iterator: AnyIterator): Promise<void> {
  try {
    await iterator.return?.();
  } catch {
    // The stream already ended with its own error; cleanup must not mask it.
  }
}
