/**
 * The two implementations the differential suites run against: the SDK's
 * testing modules and ours. Ours is typed as the SDK module (the drop-in
 * promise; `scripts/check_compat.ts` proves the types separately), so one
 * check is written once and run against both.
 *
 * Not a test file itself.
 *
 * @module
 */
import * as sdkTesting from '@openai/agents/testing';
import * as sdkRealtime from '@openai/agents/realtime/testing';
import * as oursTesting from '../../mod.ts';
import * as oursRealtime from '../../realtime/mod.ts';

/** The SDK module `@openai/agents/testing`, as a value. */
export type TestingModule = typeof sdkTesting;
/** The SDK module `@openai/agents/realtime/testing`, as a value. */
export type RealtimeTestingModule = typeof sdkRealtime;

/** One implementation of both testing modules. */
export interface Impl {
  readonly name: 'sdk' | 'ours';
  readonly testing: TestingModule;
  readonly realtime: RealtimeTestingModule;
}

/** The SDK module first, then ours. */
export const impls: readonly Impl[] = [
  { name: 'sdk', testing: sdkTesting, realtime: sdkRealtime },
  {
    name: 'ours',
    testing: oursTesting as unknown as TestingModule,
    realtime: oursRealtime as unknown as RealtimeTestingModule,
  },
];
