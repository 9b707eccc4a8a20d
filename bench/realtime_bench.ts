/**
 * Scenario 3: Realtime. A recorded `sendAudio` of a 960-byte chunk through a
 * real `RealtimeSession` (`session.sendAudio`), and one `emit('audio', ...)`
 * delivered into a real `RealtimeSession`.
 *
 * Each iteration connects a fresh session outside the measured part, then
 * makes {@link callsPerIteration} calls, so timer overhead is spread over
 * many calls and no iteration shares a transport with another.
 *
 * @module
 */
import {
  audioChunk,
  audioEvent,
  callsPerIteration,
  warmUpRow,
} from './_fixtures.ts';
import { type Connected, type RigName, rigs } from './_realtime.ts';

/** Row names by rig. */
const transports: [name: string, build: () => Promise<Connected>][] = (
  [
    ['floor', 'floor: bare transport'],
    ['slab', 'info: slab-copy transport (proposal sketch)'],
    ['ours', 'ours: ScriptedRealtimeTransport'],
    ['sdk', 'sdk: ScriptedRealtimeTransport'],
  ] as [RigName, string][]
).map(([rig, name]) => [name, rigs[rig]]);

// Keeps results reachable so no call can be optimised away.
let sink = 0;

warmUpRow(async () => {
  const { session } = await rigs.floor();
  for (let i = 0; i < callsPerIteration; i++) session.sendAudio(audioChunk);
  session.close();
});

for (const [name, build] of transports) {
  const baseline = name.startsWith('floor');

  Deno.bench({
    name: `${name} sendAudio`,
    group: `realtime sendAudio 960 B, ${callsPerIteration} calls`,
    baseline,
    async fn(b) {
      const { session } = await build();
      b.start();
      for (let i = 0; i < callsPerIteration; i++) {
        session.sendAudio(audioChunk);
      }
      b.end();
      session.close();
    },
  });

  // The slab sketch only changes how audio is recorded.
  if (name.startsWith('info')) continue;

  Deno.bench({
    name: `${name} emit('audio')`,
    group: `realtime emit audio, ${callsPerIteration} events`,
    baseline,
    async fn(b) {
      const { session, emit } = await build();
      session.on('audio', () => sink++);
      const events = Array.from({ length: callsPerIteration }, audioEvent);
      b.start();
      for (let i = 0; i < callsPerIteration; i++) emit(events[i]!);
      b.end();
      session.close();
    },
  });
}

export { sink };
