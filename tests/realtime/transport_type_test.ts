/**
 * Type-level checks: `deno check` fails here when the SDK's
 * `RealtimeTransportLayer` gains a method the double lacks, or when a
 * method's parameters no longer fit.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import type { RealtimeTransportLayer } from '@openai/agents/realtime';
import {
  type RealtimeCallData,
  type RealtimeTransportMethod,
  realtimeTransportMethods,
  ScriptedRealtimeTransport,
} from '@scripted/agents/realtime';

/** Function members of the SDK interface, computed here independently. */
type InterfaceMethod = {
  [K in keyof RealtimeTransportLayer]-?: NonNullable<
    RealtimeTransportLayer[K]
  > extends (...args: never[]) => unknown ? K
    : never;
}[keyof RealtimeTransportLayer];

type Expect<T extends true> = T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Every interface method, optional ones included, exists on the double. */
type MissingOnDouble = Exclude<
  InterfaceMethod,
  keyof ScriptedRealtimeTransport
>;
/** Every outbound interface method has recorded-call data. */
type MissingCallData = Exclude<
  Exclude<InterfaceMethod, 'on' | 'off' | 'once' | 'emit'>,
  keyof RealtimeCallData
>;
/** Each method accepts exactly what the SDK may pass. */
type ParametersFit = {
  [M in InterfaceMethod]: Parameters<
    NonNullable<RealtimeTransportLayer[M]>
  > extends Parameters<ScriptedRealtimeTransport[M]> ? true : false;
}[InterfaceMethod];

export type Checks = [
  Expect<Same<MissingOnDouble, never>>,
  Expect<Same<MissingCallData, never>>,
  Expect<Same<ParametersFit, true>>,
  Expect<
    Same<
      RealtimeTransportMethod,
      Exclude<InterfaceMethod, 'on' | 'off' | 'once' | 'emit'>
    >
  >,
];

// The double is usable wherever the SDK wants a transport, with the
// optional `requestResponse` present.
const required: {
  [M in InterfaceMethod]-?: NonNullable<RealtimeTransportLayer[M]>;
} = new ScriptedRealtimeTransport();

test('ScriptedRealtimeTransport implements every listed transport method at runtime', () => {
  const transport = new ScriptedRealtimeTransport();
  assert.equal(typeof required.requestResponse, 'function');
  assert.equal(realtimeTransportMethods.length, 13);
  assert.equal(new Set(realtimeTransportMethods).size, 13);
  for (const method of realtimeTransportMethods) {
    assert.equal(typeof transport[method], 'function', method);
    // Every listed name is accepted by expectCall and failNextCall.
    void transport.expectCall(method);
  }
  assert.deepEqual(
    [...realtimeTransportMethods].sort(),
    [
      'addImage',
      'close',
      'connect',
      'interrupt',
      'mute',
      'requestResponse',
      'resetHistory',
      'sendAudio',
      'sendEvent',
      'sendFunctionCallOutput',
      'sendMcpResponse',
      'sendMessage',
      'updateSessionConfig',
    ],
  );
  assert(Object.isFrozen(realtimeTransportMethods));
});
