/**
 * The target a turn builder emits to (the scenario context, the transport,
 * a fault injector or a bare `emit` function), read once, and ids that are
 * deterministic per target.
 *
 * @module
 */
import type { RealtimeScenarioContext } from '../mod.ts';
import { specError } from './_read.ts';

const idCounters = new WeakMap<object, number>();

/** Ids unique per target, deterministic: `turn_1_response`, ... */
export function nextId(target: object, kind: string): string {
  const n = (idCounters.get(target) ?? 0) + 1;
  idCounters.set(target, n);
  return `scripted_${kind}_${n}`;
}

/** A target, read: its identity, `emit`, and `expectCall` if it has one. */
export interface Target {
  key: object;
  emit: (type: string, ...args: unknown[]) => boolean;
  expectCall: RealtimeScenarioContext['expectCall'] | undefined;
}

/** Reads a builder's target. */
export function readTarget(operation: string, target: unknown): Target {
  if (typeof target === 'function') {
    const fn = target as (type: string, ...args: unknown[]) => boolean;
    return { key: fn, emit: fn, expectCall: undefined };
  }
  let emit: unknown;
  let expectCall: unknown;
  try {
    // `null` fails on the read below, like any non-object.
    if (typeof target !== 'object') throw 0;
    emit = (target as { emit?: unknown }).emit;
    expectCall = (target as { expectCall?: unknown }).expectCall;
  } catch {
    throw specError(
      operation,
      typeof target === 'object' && target !== null
        ? 'unreadable'
        : 'invalid_type',
      'target',
      'an emit function or an object with emit()',
      target,
    );
  }
  if (typeof emit !== 'function') {
    throw specError(
      operation,
      'invalid_type',
      'target.emit',
      'a function',
      emit,
    );
  }
  if (expectCall !== undefined && typeof expectCall !== 'function') {
    throw specError(
      operation,
      'invalid_type',
      'target.expectCall',
      'a function or undefined',
      expectCall,
    );
  }
  const owner = target as object;
  return {
    key: owner,
    emit: (type, ...args) =>
      (emit as (...a: unknown[]) => boolean).call(owner, type, ...args),
    expectCall: expectCall === undefined
      ? undefined
      : ((method, matcher) =>
        (expectCall as (...a: unknown[]) => unknown).call(
          owner,
          method,
          matcher,
        )) as RealtimeScenarioContext['expectCall'],
  };
}

/** The target's `expectCall`, which a waiting builder needs. */
export function requireExpectCall(
  operation: string,
  target: Target,
): RealtimeScenarioContext['expectCall'] {
  if (target.expectCall !== undefined) return target.expectCall;
  throw specError(
    operation,
    'missing',
    'target.expectCall',
    'a function (pass the scenario context or the transport, or set the await option to false)',
    undefined,
  );
}
