/**
 * What a sandbox failure's timeline shows of each step and call: the
 * class of the error a step throws; a call's key argument (the command,
 * the path, the stdin session, the port). `appendTimeline` redacts and
 * cuts it.
 *
 * @module
 */
import { errorClass } from '../_internal/timeline.ts';
import type { NormalizedStep } from './_normalize.ts';
import type { RecordedSandboxCall } from './methods.ts';

/**
 * What a step holds: `throws RangeError` for an error step; nothing for a
 * result or a responder.
 *
 * @param step The step.
 * @returns The words, or `undefined`.
 */
export function stepDetail(step: NormalizedStep): string | undefined {
  return step.kind === 'error' ? `throws ${errorClass(step.value)}` : undefined;
}

/**
 * What a call held: its key argument — a first argument that is a string
 * (a path) or a number (a port); else the first argument's `cmd`, `path`
 * or `sessionId` (`session 3`).
 *
 * @param call The recorded call.
 * @returns The words, or `undefined`.
 */
export function callDetail(call: RecordedSandboxCall): string | undefined {
  const first = call.args[0];
  if (typeof first === 'string') return first;
  if (typeof first === 'number') return `port ${first}`;
  const { cmd, path, sessionId } = Object(first) as {
    readonly [key: string]: unknown;
  };
  if (typeof cmd === 'string') return cmd;
  if (typeof path === 'string') return path;
  return typeof sessionId === 'number' ? `session ${sessionId}` : undefined;
}
