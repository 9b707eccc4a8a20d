/**
 * Fuzzing the realtime simulation layer: malformed turn specs, fault specs
 * and clock input end in `InvalidRealtimeSpecError` (never a `TypeError`
 * from inside), thrown before any event is emitted; accepted fault lists
 * account for every event they were given and record each injection in the
 * transport's records.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import fc from 'fast-check';
import { RealtimeAgent } from '@openai/agents/realtime';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import {
  audioTurn,
  functionCallTurn,
  handoffTurn,
  injectFaults,
  interruptedTurn,
  mcpApprovalTurn,
  type RealtimeFault,
  textTurn,
  userSpeechTurn,
  VirtualClock,
} from '@scripted/agents/realtime/sim';
import {
  anyValue,
  fuzzParameters,
  isHostileThrow,
  materialize,
  mutatedRecord,
  outcomeOf,
  structured,
} from '../_support/fuzz.ts';

const specError = 'InvalidRealtimeSpecError';

type Builder = (target: never, spec: never) => unknown;

const billing = new RealtimeAgent({ name: 'Billing' });

const usage = {
  inputTokens: 3,
  outputTokens: 2,
  inputTokensDetails: { text_tokens: 3 },
  outputTokensDetails: { audio_tokens: 2 },
};

// A valid spec per builder; the fuzzer mutates it.
const builders: [string, Builder, Record<string, unknown>][] = [
  ['textTurn', textTurn as Builder, { text: ['a', 'b'], itemId: 'i', usage }],
  ['audioTurn', audioTurn as Builder, {
    transcript: ['a', 'b'],
    chunkBytes: 4,
    order: 'transcript-first',
    responseId: 'r',
    usage,
  }],
  ['functionCallTurn', functionCallTurn as Builder, {
    name: 'tool',
    arguments: { a: 1 },
    callId: 'c',
    awaitOutput: false,
  }],
  ['handoffTurn', handoffTurn as Builder, {
    to: billing,
    callId: 'c',
    awaitOutput: false,
  }],
  ['mcpApprovalTurn', mcpApprovalTurn as Builder, {
    serverLabel: 's',
    name: 'n',
    arguments: { path: '/' },
    awaitResponse: false,
    responseId: 'r',
    usage,
  }],
  ['userSpeechTurn', userSpeechTurn as Builder, {
    transcript: ['h', 'i'],
    audioStartMs: 10,
    audioEndMs: 20,
    heard: 0,
  }],
  ['interruptedTurn', interruptedTurn as Builder, {
    transcript: ['a', 'b', 'c'],
    heard: 1,
    trigger: 'speech',
    late: false,
    order: 'audio-first',
    usage,
  }],
];

for (const [name, builder, base] of builders) {
  test(`${name} accepts a valid spec and rejects a malformed one before emitting`, () => {
    fc.assert(
      fc.property(
        fc.oneof(
          { weight: 1, arbitrary: fc.constant(base) },
          { weight: 6, arbitrary: mutatedRecord(base) },
          { weight: 2, arbitrary: anyValue },
        ),
        (raw) => {
          const spec = materialize(raw);
          const emitted: string[] = [];
          const transport = new ScriptedRealtimeTransport();
          const target = {
            emit: (type: string) => {
              emitted.push(type);
              return true;
            },
            expectCall: transport.expectCall.bind(transport),
          };
          const result = outcomeOf(
            () => builder(target as never, spec as never),
            [specError],
          );
          if (!result.accepted) {
            assert.equal(result.error.operation, name);
            assert.equal(typeof result.error.path, 'string');
            assert.equal(typeof result.error.reason, 'string');
            assert.equal(emitted.length, 0, 'emitted before rejecting');
            return;
          }
          assert(emitted.length > 0, 'accepted but emitted nothing');
          if (result.value instanceof Promise) {
            // A builder that waits for a call the fuzzer never makes.
            result.value.catch(() => {});
          }
        },
      ),
      fuzzParameters(),
    );
  });
}

test('Turn builders reject a target that cannot emit', () => {
  fc.assert(
    fc.property(anyValue, (raw) => {
      const target = materialize(raw);
      let accepted = true;
      try {
        textTurn(target as never, { text: 'x' });
      } catch (error) {
        // A target whose own emit throws: its error passes through as is.
        if (isHostileThrow(error)) return;
        accepted = false;
        structured(error, [specError]);
      }
      if (accepted) {
        assert(
          typeof target === 'function' ||
            typeof (target as { emit?: unknown }).emit === 'function',
        );
      }
    }),
    fuzzParameters(),
  );
});

const events = [
  'audio',
  'audio_done',
  'turn_done',
  'item_update',
  'audio_transcript_delta',
] as const;
const event = fc.constantFrom(...events);
const validFault: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record({
    kind: fc.constant('drop'),
    event,
    nth: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({
    kind: fc.constant('duplicate'),
    event,
    copies: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('delay'), event, ms: fc.nat(100) }),
  fc.record({
    kind: fc.constant('reorder'),
    event,
    window: fc.integer({ min: 2, max: 4 }),
  }),
  fc.record({ kind: fc.constant('disconnect'), event }),
);

test('injectFaults accepts valid faults, rejects malformed ones, and accounts for every event', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.oneof(
          { weight: 4, arbitrary: validFault },
          { weight: 2, arbitrary: validFault.chain((f) => mutatedRecord(f)) },
          { weight: 1, arbitrary: anyValue },
        ),
        { maxLength: 4 },
      ),
      fc.array(event, { maxLength: 12 }),
      async (rawFaults, sequence) => {
        const faults = materialize(rawFaults) as RealtimeFault[];
        const clock = new VirtualClock();
        const transport = new ScriptedRealtimeTransport();
        let delivered = 0;
        for (const name of events) transport.on(name, () => delivered++);
        transport.on('connection_change', () => {});
        try {
          const result = outcomeOf(
            () => injectFaults(transport, faults, { clock }),
            [specError],
          );
          if (!result.accepted) {
            assert.equal(result.error.operation, 'injectFaults');
            assert.deepEqual(transport.faults, []);
            return;
          }
          const faulty = result.value as ReturnType<typeof injectFaults>;
          for (const name of sequence) {
            (faulty.emit as (t: string, ...a: unknown[]) => boolean)(name, {});
          }
          faulty.flush();
          await clock.advance(1_000);
          const count = (action: string): number =>
            faulty.log.filter((r) => r.action === action).length;
          assert.equal(
            delivered,
            sequence.length - count('dropped') - count('lost') -
              count('disconnected') + count('duplicated'),
          );
          assert.equal(count('delayed'), count('delivered-late'));
          assert.equal(count('held'), count('released'));
          // Every injection is in the transport's records too, in order.
          assert.deepEqual(transport.faults, faulty.log);
          assert(transport.faults.every((r, i) => r.index === i));
        } finally {
          clock.dispose();
        }
      },
    ),
    fuzzParameters(),
  );
});

test('VirtualClock methods take numbers and callbacks and reject the rest', () => {
  fc.assert(
    fc.property(
      fc.constantFrom('setTimeout', 'at', 'timeout', 'sleep', 'advance'),
      anyValue,
      anyValue,
      (method, rawA, rawB) => {
        const a = materialize(rawA);
        const b = materialize(rawB);
        const clock = new VirtualClock();
        const call = (): unknown => {
          switch (method) {
            case 'setTimeout':
              return clock.setTimeout(a as never, b as never);
            case 'at':
              return clock.at(a as never, b as never);
            case 'timeout':
              return clock.timeout(a as never);
            case 'sleep':
              return clock.sleep(a as never, b as never);
            default:
              return clock.advance(a as never);
          }
        };
        let result;
        try {
          result = outcomeOf(call, [specError]);
        } finally {
          clock.dispose();
        }
        if (result.accepted && result.value instanceof Promise) {
          result.value.catch(() => {});
        }
      },
    ),
    fuzzParameters(),
  );
});
