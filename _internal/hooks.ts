/**
 * The small internal hooks a core double offers its add-ons, so that an
 * add-on that needs a double's internals (replay remembering a mismatch, a
 * fault injector recording beside the calls) reaches them without a
 * subclass, a static on the public class or an import of the double's
 * private files. Not public API: only `_internal/` and the package's own
 * folders import this module.
 *
 * Like {@link stateSlot}, a hook lives under a module-private symbol, so it
 * is read through a transparent `Proxy` of the double.
 *
 * @module
 */
import type {
  ModelRetryAdvice,
  ModelRetryAdviceRequest,
} from '@openai/agents-core';
import type { RealtimeFaultRecord } from '../realtime/calls.ts';

/** A symbol-keyed, optional place for one kind of hook. */
export interface HookSlot<H extends object> {
  /** Installs `hooks` on `owner` (once; non-enumerable, non-writable). */
  attach(owner: object, hooks: H): void;
  /**
   * The hooks installed on `owner`, or `undefined` when there are none
   * (or reading them throws: a revoked proxy).
   */
  find(owner: object): H | undefined;
}

/**
 * Creates a hook slot.
 *
 * @param name What the hooks are for, for the symbol's description.
 * @returns The slot.
 */
export function hookSlot<H extends object>(name: string): HookSlot<H> {
  const key = Symbol(`@scripted/agents ${name} hooks`);
  return {
    attach(owner, hooks) {
      Object.defineProperty(owner, key, {
        value: hooks,
        enumerable: false,
        writable: false,
        configurable: false,
      });
    },
    find(owner) {
      try {
        return (owner as Record<symbol, H | undefined>)[key];
      } catch {
        // A revoked proxy, or a trap that throws: no hooks.
        return undefined;
      }
    },
  };
}

/** What an add-on may add to a `ScriptedModel` (replay does). */
export interface ModelHooks {
  /** Runs first in `assertComplete()`: throws a mismatch the add-on kept. */
  readonly beforeComplete?: () => void;
  /**
   * Answers `getRetryAdvice()` before the model's own failures are asked:
   * `found: false` lets the model answer.
   */
  readonly retryAdvice?: (
    args: ModelRetryAdviceRequest,
  ) => { readonly found: boolean; readonly advice?: ModelRetryAdvice };
}

/** The hooks of `ScriptedModel` instances. */
export const modelHooks: HookSlot<ModelHooks> = hookSlot('ScriptedModel');

/**
 * What a `ScriptedRealtimeTransport` offers its add-ons: recording an
 * injected inbound fault beside the calls.
 */
export interface RealtimeHooks {
  /**
   * Records a fault beside the calls: `build` gets how many calls were
   * recorded before it and makes the record, which is returned.
   */
  readonly noteFault: (
    build: (afterCall: number) => RealtimeFaultRecord,
  ) => RealtimeFaultRecord;
}

/** The hooks of `ScriptedRealtimeTransport` instances. */
export const realtimeHooks: HookSlot<RealtimeHooks> = hookSlot(
  'ScriptedRealtimeTransport',
);
