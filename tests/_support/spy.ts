/**
 * A spy as users and instrumentation write them: a `Proxy` whose `get` trap
 * reports every read and wraps every function so its calls are reported
 * too, called with the proxy as `this`. The doubles must keep working
 * through it. Not a test file.
 *
 * @module
 */

/** What a spy reports. */
export interface SpyHooks {
  /** A property read, before its value is handed out. */
  get?(key: PropertyKey): void;
  /** A call of a function read through the spy. */
  call?(key: PropertyKey): void;
}

/**
 * Wraps `target` in a spy.
 *
 * @param target The double.
 * @param hooks What to do on each read and call.
 * @returns The spy.
 */
export function spy<T extends object>(target: T, hooks: SpyHooks): T {
  return new Proxy(target, {
    get(inner, key, receiver) {
      const value = Reflect.get(inner, key, receiver);
      hooks.get?.(key);
      if (typeof value !== 'function') return value;
      return function (this: unknown, ...args: unknown[]): unknown {
        hooks.call?.(key);
        return Reflect.apply(value, this, args);
      };
    },
  });
}
