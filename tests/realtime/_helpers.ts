/** Shared fixtures of the realtime tests (not a test file itself). */
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';

/** A real `RealtimeSession` on a fresh scripted transport. */
export function createSession(): {
  session: RealtimeSession;
  transport: ScriptedRealtimeTransport;
} {
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(
    new RealtimeAgent({ name: 'Assistant' }),
    { transport },
  );
  return { session, transport };
}

/**
 * Runs a scenario whose signal already aborted, so it fails at once with
 * the cancellation error (naming what is pending, and the faults).
 */
export function cancelNow(transport: ScriptedRealtimeTransport): Promise<void> {
  return transport.runScenario({
    signal: AbortSignal.abort(),
    scenario: () => {},
    exercise: () => {},
  });
}

/** A promise either side can release or fail; failures are observed. */
export function createGate(): {
  promise: Promise<void>;
  release: () => void;
  fail: (reason: unknown) => void;
} {
  let release!: () => void;
  let fail!: (reason: unknown) => void;
  const promise = new Promise<void>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  void promise.catch(() => undefined);
  return { promise, release, fail };
}
