/**
 * Where a double keeps its state: under a module-private symbol instead of in
 * `#private` fields, so the double keeps working through a transparent
 * `Proxy` (a spy, instrumentation). A `#private` read on a proxy throws
 * `TypeError: Cannot read private member`; a symbol-keyed read goes through
 * the proxy's `get` trap to the target, like any other property.
 *
 * The slot is not declared on the class (a computed member cannot be emitted
 * under `isolatedDeclarations`), so the published types are unchanged.
 *
 * @module
 */

/** A typed, symbol-keyed place for the state of one kind of double. */
export interface StateSlot<S extends object> {
  /**
   * Installs `value` as the state of `owner`: non-enumerable (never shows in
   * `Object.keys`, spreads, `deepEqual` or `console.log`), non-writable,
   * non-configurable.
   */
  attach(owner: object, value: S): S;
  /**
   * The state of `owner`, read through any transparent proxy.
   *
   * @throws {TypeError} When `owner` was not built by this slot's class (a
   * method called on a foreign receiver).
   */
  of(owner: object): S;
}

/**
 * Creates the state slot of one kind of double.
 *
 * @param name The double's name, for the symbol's description and errors.
 * @returns The slot.
 */
export function stateSlot<S extends object>(name: string): StateSlot<S> {
  const key = Symbol(`@scripted/agents ${name} state`);
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
      const value = (owner as Record<symbol, S | undefined>)[key];
      if (value === undefined) {
        throw new TypeError(`Receiver is not a ${name}`);
      }
      return value;
    },
  };
}
