/**
 * Suite-wide unhandled-rejection guard. Every runner preloads it
 * (`deno test --preload`, `bun test --preload`, `node --test --import`; see
 * `scripts/test.ts`), so a promise rejection that escapes a test fails the
 * run with a line naming it, whatever the runner does by default.
 *
 * - Deno: the web `unhandledrejection` event; the guard reports and leaves
 *   the event alone, so Deno still fails the module as well.
 * - Node: `process.on('unhandledRejection')` in every per-file child (the
 *   runner passes `--import` on to them); sets the exit code.
 * - Bun: `bun test` handles a rejection itself and calls no user listener;
 *   it fails the run natively ("Unhandled error between tests" or the test).
 *   The listener stays for rejections outside a test.
 *
 * `scripts/guard_proof.ts` proves on all three runtimes that a leaked
 * rejection fails the run and that a clean file passes.
 *
 * @module
 */
import process from 'node:process';

/** Line prefix every report starts with (the proof script looks for it). */
export const guardMarker = 'unhandled-rejection-guard';

/** Global key under which the guard records itself and what it caught. */
export const guardKey: symbol = Symbol.for(
  '@scripted/agents/tests/unhandled-rejection-guard',
);

/** What the guard records, on `globalThis[guardKey]`. */
export interface GuardState {
  /** How the guard listens on this runtime. */
  readonly via: 'unhandledrejection event' | 'process unhandledRejection';
  /** Reasons of the rejections seen so far, in order. */
  readonly caught: unknown[];
}

/**
 * The installed guard's state, or `undefined` when the runner was started
 * without the preload.
 *
 * @returns The guard state.
 */
export function guardState(): GuardState | undefined {
  return (globalThis as Record<symbol, GuardState | undefined>)[guardKey];
}

function describe(reason: unknown): string {
  try {
    if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
    return String(reason);
  } catch {
    return '<a reason that cannot be printed>';
  }
}

function install(): void {
  if (guardState() !== undefined) return;
  const isDeno = 'Deno' in globalThis;
  const state: GuardState = {
    via: isDeno ? 'unhandledrejection event' : 'process unhandledRejection',
    caught: [],
  };
  (globalThis as Record<symbol, GuardState>)[guardKey] = state;
  const report = (reason: unknown): void => {
    state.caught.push(reason);
    process.exitCode = 1;
    console.error(
      `${guardMarker}: a promise rejection escaped the tests: ${
        describe(reason)
      }`,
    );
  };
  if (isDeno) {
    // No preventDefault(): Deno's own failure stays in force.
    globalThis.addEventListener('unhandledrejection', (event) => {
      report(event.reason);
    });
  } else {
    process.on('unhandledRejection', report);
  }
  process.on('exit', () => {
    if (state.caught.length > 0) process.exitCode = 1;
  });
}

install();
