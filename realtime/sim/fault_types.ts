/**
 * The declarative fault specs of `injectFaults()` (a leaf: the injector and
 * its spec reader both import it).
 *
 * @module
 */
import type { RealtimeFaultRecord } from '../mod.ts';

/**
 * Which event a fault applies to: the `nth` (1-based, default 1)
 * occurrence of the inbound event named `event`, counted among the events
 * emitted through the injector.
 *
 * @example
 * ```ts
 * import type { RealtimeFaultTarget } from '@scripted/agents/realtime/sim';
 *
 * const second: RealtimeFaultTarget = { event: 'audio', nth: 2 };
 * void second;
 * ```
 */
export interface RealtimeFaultTarget {
  /** The inbound event name, such as `audio` or `turn_done`. */
  event: string;
  /** Which occurrence (1-based, default 1). */
  nth?: number;
}

/**
 * One declarative fault:
 * - `drop`: the event is never delivered;
 * - `duplicate`: delivered, then delivered again `copies` times (default 1);
 * - `delay`: delivered `ms` virtual ms later (needs the injector's clock);
 * - `reorder`: the event and the next `window - 1` events are held, then
 *   delivered in `order` (indexes into the window; default reversed);
 * - `disconnect`: the transport disconnects (`disconnect(error)`) instead
 *   of delivering the event; events emitted until the application has
 *   reconnected are lost.
 *
 * @example
 * ```ts
 * import type { RealtimeFault } from '@scripted/agents/realtime/sim';
 *
 * const faults: RealtimeFault[] = [
 *   { kind: 'drop', event: 'audio_transcript_delta', nth: 2 },
 *   { kind: 'duplicate', event: 'turn_done' },
 *   { kind: 'reorder', event: 'audio', window: 3 },
 * ];
 * void faults;
 * ```
 */
export type RealtimeFault =
  | (RealtimeFaultTarget & { kind: 'drop' })
  | (RealtimeFaultTarget & { kind: 'duplicate'; copies?: number })
  | (RealtimeFaultTarget & { kind: 'delay'; ms: number })
  | (RealtimeFaultTarget & {
    kind: 'reorder';
    window: number;
    order?: readonly number[];
  })
  | (RealtimeFaultTarget & { kind: 'disconnect'; error?: unknown });

// The record's kinds and the specs' kinds are one list: this fails to
// type-check when they drift apart.
const _sameKinds: [RealtimeFault['kind'], RealtimeFaultRecord['kind']] extends
  [RealtimeFaultRecord['kind'], RealtimeFault['kind']] ? true : never = true;
