/**
 * The target a turn builder emits to (the scenario context, the transport,
 * a fault injector or a bare `emit` function), read once, and ids that are
 * deterministic per target.
 *
 * @module
 */
import type { RealtimeScenarioContext } from '../mod.ts';
import { fields, func } from '../../_internal/read.ts';
import { invalid } from './_read.ts';

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

/**
 * Reads a builder's target (inside `inSpec`): an `emit` function, or an
 * object with `emit()` and, optionally, `expectCall()`, both called on it.
 */
export function readTarget(target: unknown): Target {
  if (typeof target === 'function') {
    const fn = target as (type: string, ...args: unknown[]) => boolean;
    return { key: fn, emit: fn, expectCall: undefined };
  }
  const { fields: f } = fields(target, 'target', ['emit', 'expectCall'], {
    expected: 'an emit function or an object with emit()',
    unknownKeys: 'allow',
  });
  const emit = func(f.emit, 'target.emit');
  const expectCall = func(f.expectCall, 'target.expectCall', {
    optional: true,
  });
  const owner = target as object;
  const onOwner = (fn: unknown) => (...args: unknown[]) =>
    (fn as (...a: unknown[]) => never).call(owner, ...args);
  return {
    key: owner,
    emit: onOwner(emit),
    expectCall: expectCall === undefined
      ? undefined
      : onOwner(expectCall) as RealtimeScenarioContext['expectCall'],
  };
}

/** The target's `expectCall`, which a waiting builder needs. */
export function requireExpectCall(
  target: Target,
): RealtimeScenarioContext['expectCall'] {
  if (target.expectCall !== undefined) return target.expectCall;
  throw invalid(
    'missing',
    'target.expectCall',
    'a function (pass the scenario context or the transport, or set the await option to false)',
    undefined,
  );
}
