/**
 * A small synchronous event emitter built on web-standard data structures
 * only (no `node:events`), used by the scripted Realtime transport. Private
 * to the realtime folder.
 *
 * @module
 */

// deno-lint-ignore no-explicit-any
type Listener = (...args: any[]) => void;

/** A `once` registration: a wrapper that remembers what it wraps. */
interface OnceWrapper extends Listener {
  listener: Listener;
}

function isWrapperOf(entry: Listener, listener: Listener): boolean {
  return (entry as Partial<OnceWrapper>).listener === listener;
}

/**
 * Listeners by event name. Lists are copy-on-write, so `emit` walks the list
 * it started with even when a listener adds or removes listeners, and the
 * hot path is a plain loop over functions.
 */
export class ListenerRegistry {
  #lists: Map<PropertyKey, readonly Listener[]> = new Map();
  #target: unknown;

  /**
   * @param target The `this` of every listener call.
   */
  constructor(target: unknown) {
    this.#target = target;
  }

  /**
   * Appends a listener.
   *
   * @param type The event name.
   * @param listener The listener.
   */
  add(type: PropertyKey, listener: Listener): void {
    this.#append(type, listener);
  }

  /**
   * Appends a listener that is removed before its first call.
   *
   * @param type The event name.
   * @param listener The listener.
   */
  addOnce(type: PropertyKey, listener: Listener): void {
    let fired = false;
    const wrapper = ((...args: unknown[]): void => {
      // An emit already walking a list that holds the wrapper (a re-entrant
      // emit of the same event) must not call it a second time.
      if (fired) return;
      fired = true;
      this.#removeEntry(type, wrapper);
      listener.apply(this.#target, args);
    }) as OnceWrapper;
    wrapper.listener = listener;
    this.#append(type, wrapper);
  }

  /**
   * Removes the most recently added registration of `listener`.
   *
   * @param type The event name.
   * @param listener The listener to remove.
   */
  remove(type: PropertyKey, listener: Listener): void {
    const list = this.#lists.get(type);
    if (list === undefined) return;
    for (let i = list.length - 1; i >= 0; i--) {
      const entry = list[i]!;
      if (entry === listener || isWrapperOf(entry, listener)) {
        this.#removeAt(type, list, i);
        return;
      }
    }
  }

  /**
   * Calls the listeners of `type` in registration order, synchronously. A
   * listener's failure propagates and the later listeners are not called.
   *
   * @param type The event name.
   * @param args The listener arguments.
   * @returns Whether `type` had listeners.
   */
  emit(type: PropertyKey, args: readonly unknown[]): boolean {
    const list = this.#lists.get(type);
    if (list === undefined) return false;
    const target = this.#target;
    if (args.length === 1) {
      const arg = args[0];
      for (let i = 0; i < list.length; i++) list[i]!.call(target, arg);
    } else {
      for (let i = 0; i < list.length; i++) {
        list[i]!.apply(target, args as unknown[]);
      }
    }
    return true;
  }

  #append(type: PropertyKey, entry: Listener): void {
    const list = this.#lists.get(type);
    this.#lists.set(type, list === undefined ? [entry] : [...list, entry]);
  }

  #removeEntry(type: PropertyKey, entry: Listener): void {
    const list = this.#lists.get(type);
    if (list === undefined) return;
    const index = list.indexOf(entry);
    if (index !== -1) this.#removeAt(type, list, index);
  }

  #removeAt(type: PropertyKey, list: readonly Listener[], index: number): void {
    if (list.length === 1) {
      this.#lists.delete(type);
      return;
    }
    const next = list.slice();
    next.splice(index, 1);
    this.#lists.set(type, next);
  }
}
