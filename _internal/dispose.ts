/**
 * Automatic teardown: the doubles answer `using` (and the transport
 * `await using`) by asserting completeness at scope end. Nothing global is
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
