/**
 * The Realtime rigs of scenario 3, shared by `realtime_bench.ts` and
 * `interleaved.ts`: a real `RealtimeSession`, connected, on the bare floor
 * transport, ours, the SDK's module, or the slab sketch of the proposal.
 *
 * @module
 */
import {
  RealtimeAgent,
  RealtimeSession,
  type RealtimeTransportLayer,
} from '@openai/agents/realtime';
import { ScriptedRealtimeTransport as SdkScriptedRealtimeTransport } from '@openai/agents/realtime/testing';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import { type audioEvent, BareTransport, SlabTransport } from './_fixtures.ts';

const agent = new RealtimeAgent({ name: 'Assistant' });

/** A connected session and how to emit an inbound audio event into it. */
export interface Connected {
  /** The real session, connected through the transport. */
  session: RealtimeSession;
  /** Emits `audio` from the transport side. */
  emit(event: ReturnType<typeof audioEvent>): void;
}

/** Which transport a rig uses. */
export type RigName = 'floor' | 'slab' | 'ours' | 'sdk';

/** Builds a connected session on each kind of transport. */
export const rigs: Record<RigName, () => Promise<Connected>> = {
  floor: () => {
    const transport = new BareTransport();
    return connect(transport, undefined, (e) => transport.emit('audio', e));
  },
  slab: () => {
    const transport = new SlabTransport();
    return connect(transport, undefined, (e) => transport.emit('audio', e));
  },
  ours: () => {
    const transport = new ScriptedRealtimeTransport();
    return connect(
      transport,
      transport.expectCall('connect'),
      (e) => transport.emit('audio', e),
    );
  },
  sdk: () => {
    const transport = new SdkScriptedRealtimeTransport();
    return connect(
      transport,
      transport.expectCall('connect'),
      (e) => transport.emit('audio', e),
    );
  },
};

async function connect(
  transport: RealtimeTransportLayer,
  connectCall: Promise<unknown> | undefined,
  emit: Connected['emit'],
): Promise<Connected> {
  const session = new RealtimeSession(agent, { transport });
  await session.connect({ apiKey: 'test' });
  await connectCall;
  return { session, emit };
}
