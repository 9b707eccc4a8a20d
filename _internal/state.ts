/**
 * The hidden places a double keeps things in, and its teardown.
 *
 * **State and hooks.** A double keeps its state under a module-private
 * symbol instead of in `#private` fields, so it keeps working through a
 * transparent `Proxy` (a spy, instrumentation): a `#private` read on a proxy
 * throws `TypeError: Cannot read private member`; a symbol-keyed read goes
 * through the proxy's `get` trap to the target, like any other property.
 * The slot is not declared on the class (a computed member cannot be
 * emitted under `isolatedDeclarations`), so the published types are
 * unchanged. The same kind of slot holds the small internal hooks a core
 * double offers its add-ons ({@link modelHooks}, {@link realtimeHooks}), so
 * an add-on that needs a double's internals (replay remembering a
 * mismatch, a fault injector recording beside the calls) reaches them
 * without a subclass, a static on the public class or an import of the
 * double's private files.
 *
 * **Teardown.** The doubles answer `using` (and the transport `await
 * using`) by asserting completeness at scope end. Nothing global is
 * polyfilled; each double installs its dispose method on its own prototype
 * under the symbols the runtime has:
 *
 * - `Symbol.dispose` / `Symbol.asyncDispose` where they exist (Deno, Bun,
 *   Node ≥ 20.4, where Node defines them as `Symbol.for('nodejs.dispose')`
 *   and `Symbol.for('nodejs.asyncDispose')`);
 * - `Symbol.for('nodejs.dispose')` / `Symbol.for('nodejs.asyncDispose')`
 *   always, so a runtime without the well-known symbols still finds the
 *   method once an application polyfills them the way Node defines them.
 *
 * The TypeScript downlevel of `using` (target below ES2025) needs
 * `Symbol.dispose` at run time and, for a body that threw, builds a
 * `SuppressedError` itself when the runtime has none (Node 20).
 *
 * @module
 */
import type {
  ModelRetryAdvice,
  ModelRetryAdviceRequest,
} from '@openai/agents-core';
import type { RealtimeFaultRecord } from './realtime_types.ts';

/** A typed, symbol-keyed place on a double for one kind of value. */
export interface Slot<V extends object> {
  /**
   * Installs `value` on `owner`: non-enumerable (never shows in
   * `Object.keys`, spreads, `deepEqual` or `console.log`), non-writable,
   * non-configurable.
   */
  attach(owner: object, value: V): V;
  /**
   * The value on `owner`, read through any transparent proxy.
   *
   * @throws {TypeError} When `owner` has none (a method called on a foreign
   * receiver).
   */
  of(owner: object): V;
  /**
   * The value on `owner`, or `undefined` when there is none (or reading it
   * throws: a revoked proxy).
   */
  find(owner: object): V | undefined;
}

/**
 * Creates the slot of one kind of double's state (or hooks).
 *
 * @param name The double's name, for the symbol's description and errors.
 * @returns The slot.
 */
export function stateSlot<V extends object>(name: string): Slot<V> {
  const key = Symbol(`@scripted/agents ${name} state`);
  const find = (owner: object) => (owner as Record<symbol, V | undefined>)[key];
  return {
    attach(owner, value) {
      Object.defineProperty(owner, key, {
        value,
        enumerable: false,
        writable: false,
        configurable: false,
      });
      return value;
    },
    of(owner) {
      const value = find(owner);
      if (value === undefined) {
        throw new TypeError(`Receiver is not a ${name}`);
      }
      return value;
    },
    find(owner) {
      try {
        return find(owner);
      } catch {
        // A revoked proxy, or a trap that throws: nothing there.
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
export const modelHooks: Slot<ModelHooks> = stateSlot('ScriptedModel hooks');

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
export const realtimeHooks: Slot<RealtimeHooks> = stateSlot(
  'ScriptedRealtimeTransport hooks',
);

/** The sync dispose keys this runtime has, deduplicated. */
const disposeKeys: readonly symbol[] = keys('dispose');
/** The async dispose keys this runtime has, deduplicated. */
const asyncDisposeKeys: readonly symbol[] = keys('asyncDispose');

function keys(name: 'dispose' | 'asyncDispose'): symbol[] {
  const wellKnown = (Symbol as unknown as Record<string, unknown>)[name];
  const found = new Set<symbol>([Symbol.for(`nodejs.${name}`)]);
  if (typeof wellKnown === 'symbol') found.add(wellKnown);
  return [...found];
}

function define(target: object, key: symbol, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    writable: true,
    enumerable: false,
    configurable: true,
  });
}

/**
 * Installs `dispose` on `prototype` under every sync dispose key.
 *
 * @param prototype The double's prototype.
 * @param dispose Called with the double as `this`.
 */
export function installDispose<T extends object>(
  prototype: T,
  dispose: (this: T) => void,
): void {
  for (const key of disposeKeys) define(prototype, key, dispose);
}

/**
 * Installs `dispose` on `prototype` under every async dispose key.
 *
 * @param prototype The double's prototype.
 * @param dispose Called with the double as `this`.
 */
export function installAsyncDispose<T extends object>(
  prototype: T,
  dispose: (this: T) => Promise<void>,
): void {
  for (const key of asyncDisposeKeys) define(prototype, key, dispose);
}
