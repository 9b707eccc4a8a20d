/**
 * What a `ScriptedRealtimeTransport` holds, and how an outbound call is
 * recorded into it. Kept in a symbol-keyed slot instead of `#private`
 * fields, so the transport works through a transparent `Proxy` (a spy).
 * Private to the realtime folder.
 *
 * @module
 */
import { ListenerRegistry } from '../_internal/emitter.ts';
import { realtimeHooks, stateSlot } from '../_internal/state.ts';
import { recordAudioCall } from './_audio.ts';
import { Connection } from './_connection.ts';
import { CallLedger } from './_ledger.ts';
import type {
  RealtimeCallData,
  RealtimeTransportMethod,
  RecordedRealtimeCall,
} from './calls.ts';

/** Everything a transport holds. */
export interface TransportState {
  /** Its calls, expectations, failures and faults. */
  readonly ledger: CallLedger;
  /** Its listeners. */
  readonly events: ListenerRegistry;
  /** Its lifecycle status. */
  readonly connection: Connection;
  /** The `muted` field. */
  muted: boolean | null;
  /** Whether a `runScenario()` is running on it. */
  running: boolean;
}

const slot = stateSlot<TransportState>('ScriptedRealtimeTransport');

/**
 * Gives a new transport its state: disconnected, with no calls,
 * expectations or failures; and the hook through which a fault injector
 * records beside the calls.
 *
 * @param transport The transport being constructed.
 */
export function installState(transport: object): void {
  const events = new ListenerRegistry(transport);
  const state = slot.attach(transport, {
    ledger: new CallLedger(),
    events,
    connection: new Connection(events),
    muted: false,
    running: false,
  });
  realtimeHooks.attach(transport, {
    noteFault: (build) => state.ledger.noteFault(build),
  });
}

/**
 * The state of a transport, read through any transparent proxy.
 *
 * @param transport The transport (or a proxy of it).
 * @returns Its state.
 * @throws {TypeError} When `transport` is not a `ScriptedRealtimeTransport`.
 */
export function stateOf(transport: object): TransportState {
  return slot.of(transport);
}

/**
 * Records one outbound call, its arguments already snapshotted as `data`
 * (a `sendAudio` chunk is copied here, into the audio slab), and matches
 * it.
 *
 * @param transport The transport called.
 * @param method The method called.
 * @param data Its arguments, by name.
 * @throws {unknown} The call's mismatch, else its injected failure.
 */
export function record<M extends RealtimeTransportMethod>(
  transport: object,
  method: M,
  data: RealtimeCallData[M],
): void {
  const failure = slot.of(transport).ledger.enter((index) =>
    method === 'sendAudio'
      ? recordAudioCall(index, data as RealtimeCallData['sendAudio'])
      : { index, method, ...data } as RecordedRealtimeCall
  );
  if (failure !== undefined) throw failure;
}
