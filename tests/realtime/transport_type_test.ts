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

/** `true` exactly when `A` and `B` are the same type (std's `IsExact`). */
type IsExact<A, B> = (<T>() => T extends A ? 1 : 2) extends
  (<T>() => T extends B ? 1 : 2) ? true : false;

/** Type-checks only when `T` is `true` (std's `assertType`). */
function assertType<T extends true>(_expectTrue: T): void {}

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

test('RealtimeCallData has recorded data for exactly the outbound methods', () => {
  // A method the SDK adds without data here, or a stale entry, fails
  // `deno check` on this line.
  assertType<IsExact<keyof RealtimeCallData, RealtimeTransportMethod>>(true);
  // Every method's fields, checked against the type; the runtime list of
  // methods must name the same methods.
  const dataKeys: {
    [M in RealtimeTransportMethod]: readonly (keyof RealtimeCallData[M])[];
  } = {
    connect: ['options'],
    sendEvent: ['event'],
    requestResponse: ['response'],
    sendMessage: ['message', 'otherEventData', 'options'],
    addImage: ['image', 'options'],
    sendAudio: ['audio', 'options'],
    updateSessionConfig: ['config'],
    close: [],
    mute: ['muted'],
    sendFunctionCallOutput: ['toolCall', 'output', 'startResponse'],
    interrupt: [],
    resetHistory: ['oldHistory', 'newHistory'],
    sendMcpResponse: ['approvalRequest', 'approved', 'reason'],
  };
  assert.deepEqual(
    Object.keys(dataKeys).sort(),
    [...realtimeTransportMethods].sort(),
  );
  const transport = new ScriptedRealtimeTransport();
  transport.sendMessage('hi', {});
  transport.mute(true);
  transport.interrupt();
  assert.deepEqual(
    transport.calls.map((call) => Object.keys(call).slice(2)),
    [dataKeys.sendMessage, dataKeys.mute, dataKeys.interrupt],
  );
});

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
