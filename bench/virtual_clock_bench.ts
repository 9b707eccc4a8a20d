/**
 * The virtual clock: a whole realtime scenario whose application hangs up
 * after 30 s of silence (a `timeout(30_000)` deadline) runs on virtual time.
 * One iteration is the full scenario through a real `RealtimeSession`:
 * connect, a user message, a scripted text turn, 30 virtual seconds of
 * silence, the app's `close()`. Target: well under 100 ms of real time.
 *
 * @module
 */
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import { textTurn, VirtualClock } from '@scripted/agents/realtime/sim';

/** Runs the scenario once; returns the virtual time of the hang-up. */
async function silenceTimeoutScenario(): Promise<number> {
  const clock = new VirtualClock({ autoAdvance: true });
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
    transport,
  });
  // The application: hang up after 30 s without the user speaking.
  session.on('agent_end', () => {
    clock.timeout(30_000).addEventListener('abort', () => session.close());
  });
  let hungUpAt = -1;
  try {
    await transport.runScenario({
      signal: AbortSignal.timeout(5_000),
      scenario: async (ctx) => {
        await ctx.expectCall('connect');
        await ctx.expectCall('sendMessage');
        textTurn(ctx, { text: 'Anything else?' });
        await ctx.expectCall('close');
        hungUpAt = clock.now;
      },
      exercise: async () => {
        await session.connect({ apiKey: 'test' });
        const hungUp = new Promise<void>((resolve) => {
          transport.on('connection_change', (status) => {
            if (status === 'disconnected') resolve();
          });
        });
        session.sendMessage('Hi');
        await hungUp;
      },
    });
  } finally {
    clock.dispose();
  }
  return hungUpAt;
}

// Fails the bench run (not just a slow row) if the clock stops being virtual.
const first = performance.now();
const at = await silenceTimeoutScenario();
const elapsed = performance.now() - first;
if (at !== 30_000 || elapsed > 5_000) {
  throw new Error(
    `Virtual clock bench: hang-up at ${at} ms virtual after ${elapsed} ms real`,
  );
}

Deno.bench({
  name: 'ours: scenario with a 30 s virtual silence timeout',
  group: 'virtual clock: 30 s timeout scenario (target < 100 ms real)',
  async fn() {
    await silenceTimeoutScenario();
  },
});
