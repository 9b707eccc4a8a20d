/**
 * How a streaming call plays its step: the automatic stream of a plain
 * response, or the exact events of a stream step, with cooperative abort
 * checkpoints. Private to the model folder.
 *
 * @module
 */
import type { StreamEvent } from '@openai/agents-core';
import { detachedCopy } from '../_internal/snapshot.ts';
import { checkEvent, guarded } from './_checks.ts';
import type { ResponseTemplate } from './_normalize.ts';
import { responseEvents } from './_response.ts';
import { ScriptedModelRequestAbortedError } from './errors.ts';
import type { ModelStreamEvents } from './steps.ts';

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
 * @param callIndex Zero-based index of the call.
 * @param signal The request's signal.
 * @returns The events.
 * @throws {ScriptedModelRequestAbortedError} When aborted between events.
 */
export async function* autoStream(
  template: ResponseTemplate,
  callIndex: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<StreamEvent, void, undefined> {
  for (const event of responseEvents(template, callIndex)) {
    checkpoint(signal, callIndex);
    yield event;
  }
}

/**
 * Streams exact events, each as a detached copy. A pending `next()` of a
 * user iterator is awaited, not raced against the signal; the signal is
 * checked when it settles and before asking for the next event.
 *
 * @param events Checked events: a frozen array, or a user iterable.
 * @param stepType The step's type, for errors.
 * @param callIndex Zero-based index of the call.
 * @param signal The request's signal.
 * @param remember Records a mismatch before it is thrown.
 * @returns The events.
 * @throws {ScriptedModelRequestAbortedError} When aborted.
 * @throws {InvalidScriptedModelStepError} `invalid_stream` for a non-event.
 */
export async function* exactStream(
  events: ModelStreamEvents,
  stepType: string,
  callIndex: number,
  signal: AbortSignal | undefined,
  remember: (error: unknown) => unknown,
): AsyncGenerator<StreamEvent, void, undefined> {
  if (Array.isArray(events)) {
    // Checked and frozen where the step was defined.
    for (const event of events as readonly StreamEvent[]) {
      checkpoint(signal, callIndex);
      yield detachedCopy(event);
    }
    return;
  }
  let position = 0;
  checkpoint(signal, callIndex);
  for await (const event of events) {
    checkpoint(signal, callIndex);
    try {
      const where = { callIndex };
      guarded(
        stepType,
        where,
        () => checkEvent(event, position, stepType, where),
      );
    } catch (error) {
      throw remember(error);
    }
    position++;
    yield detachedCopy(event);
    checkpoint(signal, callIndex);
  }
}
