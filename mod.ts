/**
 * Deterministic, in-memory test doubles for the OpenAI Agents JS SDK: a
 * scripted `Model` and a scripted `SandboxSession`. The Realtime double is
 * the `@scripted/agents/realtime` entry point.
 *
 * @module
 */
export * from './model/mod.ts';
export * from './sandbox/mod.ts';
