import assert from 'node:assert/strict';
import test from 'node:test';
import fc from 'fast-check';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import {
  anyValue,
  asyncOutcomeOf,
  fuzzParameters,
  inheritedNames,
  isHostileThrow,
  materialize,
  mutatedRecord,
  outcomeOf,
  smallValue,
} from '../_support/fuzz.ts';
import { trackedSignal } from '../_support/tracked_signal.ts';

const inputError = 'InvalidRealtimeScenarioInputError';
const realtimeErrors = [
  inputError,
  'UnexpectedRealtimeCallError',
  'RealtimeCallMatcherError',
  'IncompleteRealtimeScenarioError',
  // ScriptedRealtimeScenarioCancelledError, named like every abort error.
  'AbortError',
  'ScriptedRealtimeConnectionSupersededError',
];

// The outbound methods the contract lists.
const methods = [
  'connect',
  'sendEvent',
  'requestResponse',
  'sendMessage',
  'addImage',
  'sendAudio',
  'updateSessionConfig',
  'close',
  'mute',
  'sendFunctionCallOutput',
  'interrupt',
  'resetHistory',
  'sendMcpResponse',
] as const;
const notMethods = [
  ...inheritedNames,
  'on',
  'emit',
  'calls',
  'status',
  'runScenario',
  'expectCall',
  'CONNECT',
];

const method = fc.constantFrom(...methods);
const badMethod = fc.oneof(
  fc.constantFrom(...notMethods),
  anyValue.filter((value) => typeof materialize(value) !== 'string'),
);
const notAFunction = anyValue.filter((value) => {
  const made = materialize(value);
  return typeof made !== 'function' && made !== undefined;
});

function isNativeAsync(value: unknown): boolean {
  const tag = Object.prototype.toString.call(value);
  return tag === '[object AsyncFunction]' ||
    tag === '[object AsyncGeneratorFunction]';
}

function isMethod(value: unknown): boolean {
  return (methods as readonly unknown[]).includes(value);
}

test('ScriptedRealtimeTransport expectCall accepts a method and optional matcher and rejects the rest', () => {
  const args = fc.oneof(
    fc.tuple(
      method,
      // deno-lint-ignore require-await
      fc.constantFrom(undefined, () => true, async () => true),
    ),
    fc.tuple(badMethod, fc.constant(undefined)),
    fc.tuple(method, notAFunction),
    fc.tuple(anyValue, anyValue),
  );
  fc.assert(
    fc.property(args, ([rawMethod, rawMatcher]) => {
      const name = materialize(rawMethod);
      const matcher = materialize(rawMatcher);
      const transport = new ScriptedRealtimeTransport();
      const result = outcomeOf(
        () => transport.expectCall(name as never, matcher as never),
        [inputError],
      );
      const valid = isMethod(name) &&
        (matcher === undefined ||
          (typeof matcher === 'function' && !isNativeAsync(matcher)));
      assert.equal(result.accepted, valid);
      if (!result.accepted) {
        assert.equal(result.error.operation, 'expectCall');
        assert.equal(
          result.error.path,
          isMethod(name) ? 'matcher' : 'method',
        );
        assert.equal(
          result.error.reason,
          isMethod(name) ? 'invalid_matcher' : 'unknown_method',
        );
        return;
      }
      assert(result.value instanceof Promise);
      // A pending expectation is reported, never left to hang silently.
      const incomplete = outcomeOf(
        () => transport.assertComplete(),
        realtimeErrors,
      );
      assert(!incomplete.accepted);
      assert.equal(incomplete.error.name, 'IncompleteRealtimeScenarioError');
      assert.deepEqual(incomplete.error.pendingExpectations, [
        { order: 1, method: name },
      ]);
    }),
    fuzzParameters(),
  );
});

test('ScriptedRealtimeTransport failNextCall accepts a method and an error value and rejects the rest', () => {
  const args = fc.oneof(
    fc.tuple(method, smallValue.filter((v) => materialize(v) !== undefined)),
    fc.tuple(badMethod, fc.constant(new Error('x'))),
    fc.tuple(method, fc.constant(undefined)),
    fc.tuple(anyValue, anyValue),
  );
  fc.assert(
    fc.property(args, ([rawMethod, rawError]) => {
      const name = materialize(rawMethod);
      const error = materialize(rawError);
      const transport = new ScriptedRealtimeTransport();
      const result = outcomeOf(
        () => transport.failNextCall(name as never, error),
        [inputError],
      );
      assert.equal(result.accepted, isMethod(name) && error !== undefined);
      if (!result.accepted) {
        assert.equal(result.error.operation, 'failNextCall');
        assert.equal(
          result.error.path,
          isMethod(name) ? 'error' : 'method',
        );
        return;
      }
      const incomplete = outcomeOf(
        () => transport.assertComplete(),
        realtimeErrors,
      );
      assert(!incomplete.accepted);
      assert.deepEqual(incomplete.error.pendingFailures, [
        { method: name, count: 1 },
      ]);
    }),
    fuzzParameters(),
  );
});

test('ScriptedRealtimeTransport emit delivers any event synchronously and never throws by itself', () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.constantFrom('item_update', 'audio', 'error'), fc.string()),
      fc.array(anyValue, { maxLength: 3 }),
      fc.boolean(),
      (type, rawArgs, listen) => {
        const args = rawArgs.map(materialize);
        const transport = new ScriptedRealtimeTransport();
        const seen: unknown[][] = [];
        if (listen) {
          transport.on(type as never, (...got: unknown[]) => seen.push(got));
        }
        const delivered = (transport.emit as (...a: unknown[]) => boolean)(
          type,
          ...args,
        );
        assert.equal(delivered, listen);
        assert.deepEqual(seen, listen ? [args] : []);
      },
    ),
    fuzzParameters(),
  );
});

type Side = 'scenario' | 'exercise';
const userError = new Error('user side failed');

/** One fuzzed behaviour of a scenario or exercise callback. */
const behaviour = fc.constantFrom(
  'return',
  'async',
  'throw',
  'reject',
  'value',
  'pending',
  'expect-connect',
  'expect-bad',
  'emit',
  'connect',
  'close',
);
type Behaviour = typeof behaviour extends fc.Arbitrary<infer T> ? T : never;

function callback(
  side: Side,
  kind: Behaviour,
  transport: ScriptedRealtimeTransport,
  value: unknown,
): (context?: {
  expectCall(method: unknown): Promise<unknown>;
  emit(type: unknown, ...args: unknown[]): boolean;
}) => unknown {
  switch (kind) {
    case 'return':
      return () => undefined;
    case 'async':
      return async () => {};
    case 'throw':
      return () => {
        throw userError;
      };
    case 'reject':
      return () => Promise.reject(userError);
    case 'value':
      return () => value;
    case 'pending':
      return () => new Promise(() => {});
    case 'expect-connect':
      return side === 'scenario'
        ? async (context) => {
          await context!.expectCall('connect');
        }
        : () => transport.expectCall('connect');
    case 'expect-bad':
      return (context) =>
        (context?.expectCall ?? transport.expectCall.bind(transport))(
          value as never,
        );
    case 'emit':
      return (context) =>
        (context?.emit ??
          (transport.emit.bind(transport) as (...a: unknown[]) => boolean))(
            value,
            value,
          );
    case 'connect':
      return () => transport.connect({ apiKey: 'k' } as never);
    case 'close':
      return () => transport.close();
  }
}

const signalKind = fc.constantFrom(
  'none',
  'idle',
  'aborted',
  'abort-later',
  'not-a-signal',
);

test('ScriptedRealtimeTransport runScenario settles with a structured error or the user error, never hangs or leaks a listener', async () => {
  await fc.assert(
    fc.asyncProperty(
      behaviour,
      behaviour,
      signalKind,
      smallValue,
      async (scenarioKind, exerciseKind, rawSignalKind, rawValue) => {
        const value = materialize(rawValue);
        const transport = new ScriptedRealtimeTransport();
        // Any side that can wait for the other needs a signal to end it.
        const blocking = [scenarioKind, exerciseKind].some((kind) =>
          kind === 'pending' || kind === 'expect-connect'
        );
        const kind = blocking && rawSignalKind !== 'aborted'
          ? 'abort-later'
          : rawSignalKind;
        const tracked = trackedSignal();
        if (kind === 'aborted') tracked.controller.abort(new Error('early'));
        const signal = kind === 'none'
          ? undefined
          : kind === 'not-a-signal'
          ? value ?? {}
          : tracked.signal;
        const run = asyncOutcomeOf(
          () =>
            transport.runScenario({
              scenario: callback('scenario', scenarioKind, transport, value),
              exercise: callback('exercise', exerciseKind, transport, value),
              signal,
            } as never),
          realtimeErrors,
          // The user's own error, or a hostile value's, passes through (a
          // callback returning a revoked proxy makes the engine throw).
          (thrown) =>
            thrown === userError || isHostileThrow(thrown) ||
            ([scenarioKind, exerciseKind].includes('value') &&
              thrown instanceof TypeError &&
              thrown.message.includes('revoked')),
        );
        if (kind === 'abort-later') {
          await new Promise((resolve) => setTimeout(resolve, 0));
          tracked.controller.abort(new Error('later'));
        }
        const result = await run;
        if (kind === 'not-a-signal' && value !== undefined) {
          // A wrong signal is reported as the contract's input error.
          assert(!result.accepted);
          assert.equal(result.error.name, inputError);
        }
        assert.equal(tracked.active(), 0, 'runScenario left a listener');
      },
    ),
    fuzzParameters(),
  );
});

test('ScriptedRealtimeTransport runScenario rejects malformed options with the input error', async () => {
  const options = fc.oneof(
    anyValue,
    mutatedRecord({
      scenario: () => {},
      exercise: () => {},
      signal: undefined,
    }),
  );
  await fc.assert(
    fc.asyncProperty(options, async (raw) => {
      const made = materialize(raw);
      const transport = new ScriptedRealtimeTransport();
      const result = await asyncOutcomeOf(
        () => transport.runScenario(made as never),
        realtimeErrors,
        isHostileThrow,
      );
      if (!result.accepted && result.error.name === inputError) {
        assert.equal(result.error.operation, 'runScenario');
        assert.equal(typeof result.error.path, 'string');
        assert.equal(typeof result.error.reason, 'string');
      }
    }),
    fuzzParameters(),
  );
});

/** One fuzzed matcher behaviour. */
const matcherKind = fc.constantFrom(
  'true',
  'false',
  'undefined',
  'throw',
  'throw-undefined',
  'native-async',
  'promise',
  'thenable',
  'mutate',
  'reenter',
  'value',
);

test('ScriptedRealtimeTransport settles every matcher outcome with the call: 0 late outcomes', async () => {
  let late = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(matcherKind, smallValue), {
        minLength: 1,
        maxLength: 4,
      }),
      async (kinds) => {
        const transport = new ScriptedRealtimeTransport();
        const expectations: {
          settled: string | undefined;
          settledLate: boolean;
        }[] = [];
        const userError = new Error('matcher said no');
        for (const [kind, rawValue] of kinds) {
          const value = materialize(rawValue);
          const matcher = (() => {
            switch (kind) {
              case 'true':
                return () => true;
              case 'false':
                return () => false;
              case 'undefined':
                return () => undefined;
              case 'throw':
                return () => {
                  throw userError;
                };
              case 'throw-undefined':
                return () => {
                  throw undefined;
                };
              case 'native-async':
                // deno-lint-ignore require-await
                return async () => true;
              case 'promise':
                return () => Promise.resolve(true);
              case 'thenable':
                return () => ({ then: (ok: (v: boolean) => void) => ok(true) });
              case 'mutate':
                return (call: Record<string, unknown>) => {
                  call.muted = 'changed';
                  call.extra = value;
                  return true;
                };
              case 'reenter':
                return () => {
                  transport.emit('audio_done');
                  return true;
                };
              case 'value':
                return () => value;
            }
          })();
          const registered = outcomeOf(
            () => transport.expectCall('mute', matcher as never),
            realtimeErrors,
          );
          if (!registered.accepted) {
            assert.equal(kind, 'native-async');
            assert.equal(registered.error.issue, 'async_matcher');
            continue;
          }
          const entry = {
            settled: undefined as string | undefined,
            settledLate: false,
          };
          expectations.push(entry);
          const expectation = registered.value as Promise<unknown>;
          const callResult = outcomeOf(
            () => transport.mute(true),
            [...realtimeErrors, 'Error'],
          );
          // The matcher semantics of `_internal/matcher.ts`.
          const expectedError: Record<string, unknown> | 'any' | undefined =
            (() => {
              switch (kind) {
                case 'false':
                  return {
                    name: 'RealtimeCallMatcherError',
                    matcherResult: 'false',
                  };
                case 'throw-undefined':
                  return {
                    name: 'RealtimeCallMatcherError',
                    matcherResult: 'threw',
                    cause: undefined,
                  };
                case 'promise':
                case 'thenable':
                  return { name: inputError, issue: 'async_matcher' };
                case 'throw':
                  return { name: 'Error', message: userError.message };
                case 'value':
                  // Any fuzzed value: only the agreement checked below.
                  return 'any';
                default:
                  return undefined;
              }
            })();
          if (expectedError === undefined) {
            assert(callResult.accepted, `${kind}: the call was rejected`);
          } else if (expectedError !== 'any') {
            assert(!callResult.accepted, `${kind}: the call was accepted`);
            for (const [key, field] of Object.entries(expectedError)) {
              assert.equal(callResult.error[key], field, `${kind}: ${key}`);
            }
          }
          void expectation.then(
            () => {
              entry.settled = 'resolved';
            },
            () => {
              entry.settled = 'rejected';
            },
          );
          // One microtask turn: an outcome decided by the call is known.
          await Promise.resolve();
          await Promise.resolve();
          if (entry.settled === undefined) entry.settledLate = true;
          assert.equal(
            entry.settled,
            callResult.accepted ? 'resolved' : 'rejected',
            `${kind}: the call and its expectation disagree`,
          );
          // The record is intact whatever the matcher did.
          const call = transport.calls.at(-1)!;
          assert(Object.isFrozen(call));
          assert.equal((call as { muted?: unknown }).muted, true);
          assert.equal('extra' in call, false);
        }
        await new Promise((resolve) => setTimeout(resolve, 0));
        late += expectations.filter((entry) => entry.settledLate).length;
      },
    ),
    fuzzParameters(),
  );
  assert.equal(late, 0, 'matcher outcomes settled after the call');
});

/** One lifecycle step of the fuzzed sequence below. */
const lifecycleStep = fc.constantFrom(
  'connect',
  'close',
  'disconnect',
  'disconnect-error',
  'fail-connect',
  'fail-close',
  'close-when-connecting',
  'close-when-connected',
  'mute',
);

test('ScriptedRealtimeTransport lifecycle: status follows the last connection_change, a superseded connect ends disconnected, no error is dropped', async () => {
  const injected = new Error('injected');
  await fc.assert(
    fc.asyncProperty(
      fc.array(lifecycleStep, { maxLength: 12 }),
      async (steps) => {
        const transport = new ScriptedRealtimeTransport();
        const seen: string[] = [];
        const errors: unknown[] = [];
        transport.on('connection_change', (status) => seen.push(status));
        transport.on('error', (event) => errors.push(event.error));
        // Errors a close made inside a notification threw to its caller.
        const closeErrors: unknown[] = [];
        let closesInside = 0;
        const closeWhen = (status: string): void => {
          let done = false;
          transport.on('connection_change', (now) => {
            if (now !== status || done) return;
            done = true;
            closesInside++;
            try {
              transport.close();
            } catch (error) {
              closeErrors.push(error);
            }
          });
        };
        for (const step of steps) {
          const calls = transport.calls.length;
          const wasOpen = transport.status !== 'disconnected';
          let outcome: unknown = 'none';
          switch (step) {
            case 'connect': {
              const before = closesInside;
              const connecting = transport.connect({ apiKey: 'k' });
              const settled = await connecting.then(
                () => 'resolved',
                (error: unknown) => error,
              );
              outcome = settled;
              // A close inside its notifications ends it, failed or not.
              if (closesInside > before) assert.notEqual(settled, 'resolved');
              if (settled === 'resolved') {
                assert.equal(transport.status, 'connected');
              } else if (settled !== injected) {
                assert(settled instanceof Error);
                assert.equal(
                  settled.name,
                  'ScriptedRealtimeConnectionSupersededError',
                );
                // Only a close supersedes here: it leaves the transport
                // disconnected, whether the close failed or not.
                assert.equal(transport.status, 'disconnected');
              }
              break;
            }
            case 'close':
              try {
                transport.close();
              } catch (error) {
                outcome = error;
              }
              assert.equal(transport.calls.length, calls + (wasOpen ? 1 : 0));
              if (outcome === injected) {
                // A failed close on an open connection keeps it.
                assert.equal(transport.status, 'connected');
              } else {
                assert.equal(transport.status, 'disconnected');
              }
              break;
            case 'disconnect':
            case 'disconnect-error': {
              const before = errors.length;
              const error = step === 'disconnect' ? undefined : injected;
              transport.disconnect(error);
              assert.equal(transport.calls.length, calls);
              assert.equal(transport.status, 'disconnected');
              assert.equal(
                errors.length,
                before + (error === undefined ? 0 : 1),
              );
              break;
            }
            case 'fail-connect':
              transport.failNextCall('connect', injected);
              break;
            case 'fail-close':
              transport.failNextCall('close', injected);
              break;
            case 'close-when-connecting':
              closeWhen('connecting');
              break;
            case 'close-when-connected':
              closeWhen('connected');
              break;
            case 'mute':
              transport.mute(true);
              break;
          }
          // The status is what the last notification said.
          assert.equal(transport.status, seen.at(-1) ?? 'disconnected');
          for (const error of closeErrors) assert.equal(error, injected);
        }
      },
    ),
    fuzzParameters(),
  );
});
