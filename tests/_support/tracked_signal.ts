/**
 * An `AbortSignal` that counts its live listeners, so a test can prove that
 * code given the signal removed what it added once it finished.
 *
 * @module
 */

/** A controller, its signal, and the count of listeners still attached. */
export interface TrackedSignal {
  readonly controller: AbortController;
  readonly signal: AbortSignal;
  /** Listeners added and not yet removed (`once` ones end at abort). */
  active(): number;
}

type Options = boolean | AddEventListenerOptions | undefined;

function capture(options: Options): boolean {
  return typeof options === 'boolean' ? options : options?.capture === true;
}

/**
 * Creates a tracked signal.
 *
 * @returns The controller, the signal and its live-listener count.
 */
export function trackedSignal(): TrackedSignal {
  const controller = new AbortController();
  const signal = controller.signal;
  const live = new Map<string, { listener: unknown; once: boolean }>();
  const ids = new WeakMap<object, number>();
  let next = 0;
  const keyOf = (type: string, listener: unknown, options: Options) => {
    if (typeof listener !== 'object' && typeof listener !== 'function') {
      return `${type}:none`;
    }
    let id = ids.get(listener as object);
    if (id === undefined) ids.set(listener as object, id = next++);
    return `${type}:${id}:${capture(options)}`;
  };
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  Object.defineProperties(signal, {
    addEventListener: {
      value(type: string, listener: EventListener, options?: Options): void {
        if (listener !== null && listener !== undefined) {
          const once = typeof options === 'object' && options.once === true;
          live.set(keyOf(type, listener, options), { listener, once });
        }
        add(type, listener, options);
      },
    },
    removeEventListener: {
      value(type: string, listener: EventListener, options?: Options): void {
        live.delete(keyOf(type, listener, options));
        remove(type, listener, options);
      },
    },
  });
  add('abort', () => {
    for (const [key, entry] of live) if (entry.once) live.delete(key);
  });
  return { controller, signal, active: () => live.size };
}
