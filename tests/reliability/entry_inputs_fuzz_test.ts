/**
 * A seeded fuzz over the functions and constructors that check their
 * arguments at the call (#35): the recorders, the file helpers' `path` and
 * environment, the realtime session assertions, the watcher and the fault
 * injector, the model's stream steps and `installTraceCapture`. Each call
 * with an arbitrary value (hostile ones and plausible-but-wrong shapes
 * included) succeeds or throws the entry's structured error, never a
 * `TypeError`; what is accepted survives its documented next call.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import fc from 'fast-check';
import { setTraceProcessors, setTracingDisabled } from '@openai/agents';
import {
  modelStream,
  modelStreamResponder,
  ScriptedModel,
} from '@scripted/agents';
import {
  assertHandoff,
  assertHistoryMatchesHeard,
  assertToolApprovalAnswered,
  RealtimeFaultInjector,
  RealtimeSessionWatcher,
} from '@scripted/agents/realtime/sim';
import {
  recordMcpServer,
  recordModel,
  recordRealtimeTransport,
} from '@scripted/agents/replay';
import {
  fixtureMode,
  secretsFromEnvironment,
} from '@scripted/agents/replay/files';
import { installTraceCapture } from '@scripted/agents/tracing';
import {
  anyValue,
  asyncOutcomeOf,
  fuzzParameters,
  fuzzRuns,
  isHostileThrow,
  materialize,
  mutatedRecord,
  type Outcome,
  outcomeOf,
} from '../_support/fuzz.ts';

// Modest by default (each reader is also fuzzed with its double);
// `FUZZ_RUNS` still sets it.
function params(): fc.Parameters<unknown> {
  const runs = fuzzRuns();
  return { ...fuzzParameters(), numRuns: runs === 1000 ? 150 : runs };
}

const recording = ['InvalidRecordingError'];
const realtime = [
  'InvalidRealtimeSpecError',
  'RealtimeToolApprovalAssertionError',
  'RealtimeHandoffAssertionError',
  'RealtimeTruncationAssertionError',
];

const answer = () => Promise.resolve([]);
const stream = async function* () {};

/** A value of the given shape, mutated, or anything at all. */
const near = (base: Record<string, unknown>) =>
  fc.oneof(fc.constant(base), mutatedRecord(base), anyValue);

/**
 * Runs a call: its outcome, or `undefined` when a hostile value's own
 * function threw (the user's code, passed through).
 */
function attempt(
  call: () => unknown,
  names: readonly string[],
): Outcome | undefined {
  let error: unknown;
  try {
    return { accepted: true, value: call() };
  } catch (thrown) {
    if (isHostileThrow(thrown)) return undefined;
    error = thrown;
  }
  return outcomeOf(() => {
    throw error;
  }, names);
}

const request = {
  input: 'Hi',
  modelSettings: {},
  tools: [],
  handoffs: [],
  outputType: 'text',
  tracing: false,
} as never;

/** Awaits the next call; a hostile value's own throw passes through. */
async function settles(call: () => unknown, names: readonly string[]) {
  await asyncOutcomeOf(call, names, isHostileThrow);
}

test('The recorders take a double or throw InvalidRecordingError, and what they take records', async () => {
  await fc.assert(
    fc.asyncProperty(
      near({ getResponse: answer, getStreamedResponse: stream }),
      near({ listTools: answer, callTool: answer, name: 'm' }),
      near({ on: () => undefined, connect: answer }),
      fc.option(anyValue, { nil: undefined }),
      async (model, server, transport, options) => {
        const given = materialize(options) as never;
        const wrap = (record: () => unknown) => {
          const outcome = outcomeOf(record, recording);
          if (outcome.accepted) {
            return outcome.value as Record<
              string,
              (...args: unknown[]) => unknown
            >;
          }
          assert.equal(outcome.error.reason, 'invalid_options');
          assert.equal(typeof outcome.error.path, 'string');
          return undefined;
        };
        // Each accepted double takes the first call a run makes of it.
        const m = wrap(() => recordModel(materialize(model) as never, given));
        if (m) await settles(() => m.getResponse!(request), recording);
        const s = wrap(() =>
          recordMcpServer(materialize(server) as never, given)
        );
        if (s) await settles(() => s.listTools!(), recording);
        const t = wrap(() =>
          recordRealtimeTransport(materialize(transport) as never, given)
        );
        if (t) {
          await settles(() => t.on!('audio_done', () => undefined), recording);
        }
        for (const double of [m, s, t]) {
          if (double) await settles(() => double.fixtureJson!(), recording);
        }
      },
    ),
    params(),
  );
});

test('secretsFromEnvironment and fixtureMode take an environment or throw InvalidRecordingError', async () => {
  await fc.assert(
    fc.asyncProperty(
      near({ OPENAI_API_KEY: 'sk-fuzz-0123456789', CI: '' }),
      fc.oneof(fc.constant('no/such/fuzz.json'), anyValue),
      async (env, path) => {
        const made = materialize(env);
        const outcome = outcomeOf(
          () => secretsFromEnvironment(made as never),
          recording,
        );
        if (outcome.accepted) assert.ok(Array.isArray(outcome.value));
        // `record: true` decides without the file system.
        await asyncOutcomeOf(
          () => fixtureMode(materialize(path) as never, { record: true }),
          recording,
        );
        await asyncOutcomeOf(
          () =>
            fixtureMode('no/such/fuzz.json', {
              env: materialize(env) as never,
            }),
          [...recording, 'FixtureFileError'],
        );
      },
    ),
    params(),
  );
});

test('The realtime assertions, watcher and injector check their arguments at the call', () => {
  const watcher = {
    approvals: [{ type: 'function_approval', toolName: 't', callId: 'c' }],
    handoffs: [{ from: 'A', to: 'B' }],
    interruptions: [{ itemId: 'a', heard: 'Hi' }],
    session: {
      currentAgent: { name: 'B' },
      history: [{ itemId: 'a', type: 'message', content: [{ text: 'Hi' }] }],
      context: { isToolApproved: () => true },
      transport: { calls: [] },
    },
  };
  const session = {
    on: () => undefined,
    off: () => undefined,
    transport: { on: () => undefined },
  };
  const transport = {
    emit: () => true,
    disconnect: () => undefined,
    status: 'connected',
  };
  fc.assert(
    fc.property(
      near(watcher),
      fc.option(anyValue, { nil: undefined }),
      near(session),
      near(transport),
      fc.oneof(fc.constant([{ kind: 'drop', event: 'x' }]), anyValue),
      (w, options, s, t, faults) => {
        const made = materialize(w) as never;
        const given = materialize(options) as never;
        attempt(
          () => assertHistoryMatchesHeard(made, given),
          realtime,
        );
        attempt(
          () => assertToolApprovalAnswered(made, given),
          realtime,
        );
        attempt(() => assertHandoff(made, given), realtime);
        attempt(
          () => assertHandoff(made, { to: 'B' }),
          realtime,
        );
        const watching = attempt(
          () => new RealtimeSessionWatcher(materialize(s) as never),
          realtime,
        );
        if (watching?.accepted) {
          attempt(
            () => (watching.value as RealtimeSessionWatcher).stop(),
            realtime,
          );
        }
        const injecting = attempt(
          () =>
            new RealtimeFaultInjector(
              materialize(t) as never,
              materialize(faults) as never,
            ),
          realtime,
        );
        if (injecting?.accepted) {
          const injector = injecting.value as RealtimeFaultInjector;
          attempt(() => injector.emit('x' as never), realtime);
        }
      },
    ),
    params(),
  );
});

test('modelStream and modelStreamResponder take a stream or a function, or throw at the call', () => {
  const names = ['InvalidScriptedModelStepError'];
  fc.assert(
    fc.property(anyValue, anyValue, (events, respond) => {
      const made = materialize(events);
      const stream = outcomeOf(() => modelStream(made as never), names);
      if (stream.accepted) {
        attempt(() => new ScriptedModel([stream.value as never]), names);
      }
      const responder = outcomeOf(
        () => modelStreamResponder(materialize(respond) as never),
        names,
      );
      if (responder.accepted) assert.equal(typeof responder.value, 'object');
    }),
    params(),
  );
});

test('installTraceCapture takes whole processors or throws, and never leaks into the next capture', () => {
  const names = ['InvalidTraceAssertionInputError'];
  const processor = {
    onTraceStart: () => Promise.resolve(),
    onTraceEnd: () => Promise.resolve(),
    onSpanStart: () => Promise.resolve(),
    onSpanEnd: () => Promise.resolve(),
    shutdown: () => Promise.resolve(),
    forceFlush: () => Promise.resolve(),
  };
  try {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({
            restore: fc.oneof(
              fc.array(near(processor), { maxLength: 2 }),
              anyValue,
            ),
          }),
          anyValue,
        ),
        (options) => {
          const outcome = outcomeOf(
            () => installTraceCapture(materialize(options) as never),
            names,
          );
          if (outcome.accepted) {
            (outcome.value as { uninstall(): void }).uninstall();
          }
          // The next capture installs whatever the last one put back.
          installTraceCapture().uninstall();
        },
      ),
      params(),
    );
  } finally {
    setTraceProcessors([]);
    setTracingDisabled(true);
  }
});
