import assert from 'node:assert/strict';
import test from 'node:test';
import fc from 'fast-check';
import {
  anyOrder,
  ScriptedModel,
  type ScriptedSandboxInput,
  scriptedSandboxSession,
} from '@scripted/agents';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import {
  anyValue,
  fuzzParameters,
  hostileValue,
  materialize,
  mutatedRecord,
  outcomeOf,
  smallValue,
  structured,
} from '../_support/fuzz.ts';

const stepError = ['InvalidScriptedSandboxStepError'];
const reasons = [
  'invalid_input',
  'unknown_method',
  'invalid_matcher',
  'invalid_outcome',
];
const methods = ['execCommand', 'readFile', 'supportsPty'] as const;
const method = fc.constantFrom(...methods);

const validStep = fc.record({
  method,
  result: fc.jsonValue({ maxDepth: 1 }),
});

// A group member: a valid step, anything at all, a mutated step, or a
// (possibly empty) nested group.
const member: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: validStep },
  { weight: 1, arbitrary: anyValue },
  { weight: 1, arbitrary: validStep.chain((step) => mutatedRecord(step)) },
  {
    weight: 1,
    arbitrary: fc.array(validStep, { maxLength: 2 }).map((steps) => ({
      anyOrder: steps,
    })),
  },
);

// A group: built by `anyOrder()`, written by hand (with any `anyOrder`
// value), or mutated.
const group: fc.Arbitrary<unknown> = fc.oneof(
  fc.array(member, { maxLength: 4 }).map((members) =>
    anyOrder(...members as never[])
  ),
  fc.record({ anyOrder: fc.oneof(anyValue, hostileValue) }),
  fc.array(member, { maxLength: 3 }).chain((members) =>
    mutatedRecord({ anyOrder: members })
  ),
);

const entry = fc.oneof(
  { weight: 2, arbitrary: validStep },
  { weight: 3, arbitrary: group },
);

// How many steps a script holds, when every entry is valid.
function stepCount(entries: readonly unknown[]): number {
  return entries.reduce<number>((count, entry) => {
    const members = (entry as { anyOrder?: unknown }).anyOrder;
    return count + (Array.isArray(members) ? members.length : 1);
  }, 0);
}

test('scriptedSandboxSession accepts well-formed anyOrder groups and rejects malformed ones with structured errors only', () => {
  fc.assert(
    fc.property(fc.array(entry, { maxLength: 4 }), (inputs) => {
      const entries = inputs.map(materialize);
      const result = outcomeOf(
        () => scriptedSandboxSession(entries as never),
        stepError,
      );
      if (!result.accepted) {
        const { error } = result;
        assert(reasons.includes(error.reason as string), String(error.reason));
        assert.equal(typeof error.issue, 'string');
        assert.equal(typeof error.inputIndex, 'number');
        assert(
          (error.inputIndex as number) < Math.max(1, entries.length),
          'inputIndex out of range',
        );
        assert(
          error.groupIndex === undefined ||
            typeof error.groupIndex === 'number',
        );
        return;
      }
      const session = result.value as { remainingSteps: number };
      assert.equal(session.remainingSteps, stepCount(entries));
    }),
    fuzzParameters(),
  );
});

test('anyOrder takes any permutation of its calls, and any other call fails with a listed candidate', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(method, { minLength: 1, maxLength: 4 }),
      fc.array(method, { maxLength: 5 }),
      async (scripted, called) => {
        const sandbox = scriptedSandboxSession([
          anyOrder(
            ...scripted.map((name): ScriptedSandboxInput => ({
              method: name,
              result: true,
            } as ScriptedSandboxInput)),
          ),
        ]);
        const session = sandbox as unknown as Record<
          string,
          ((args: unknown) => unknown) | undefined
        >;
        const left = [...scripted];
        let drift: unknown;
        for (const name of called) {
          const call = session[name];
          if (call === undefined) continue; // Not installed: not scripted.
          let failure: { error: unknown } | undefined;
          try {
            await call.call(sandbox, { cmd: 'x', path: 'x' });
          } catch (error) {
            failure = { error };
          }
          const at = left.indexOf(name);
          if (at >= 0) {
            assert.equal(failure, undefined, `call to ${name} failed`);
            left.splice(at, 1);
            continue;
          }
          assert(failure !== undefined, `extra call to ${name} passed`);
          const error = structured(failure.error, [
            'UnexpectedSandboxCallError',
          ]);
          // Inside the group its unused steps are listed; after it, the
          // script has ended and there is nothing to list.
          assert.deepEqual(
            (error.candidates as { method: string }[] | undefined)?.map((c) =>
              c.method
            ),
            left.length === 0 ? undefined : left,
          );
          drift ??= failure.error;
        }
        assert.equal(sandbox.remainingSteps, left.length);
        if (drift !== undefined) {
          assert.throws(() => sandbox.assertComplete(), (e) => e === drift);
        } else if (left.length > 0) {
          assert.throws(
            () => sandbox.assertComplete(),
            (e) =>
              structured(e, ['UnconsumedSandboxStepsError']).remainingSteps ===
                left.length,
          );
        } else {
          sandbox.assertComplete();
        }
      },
    ),
    fuzzParameters(),
  );
});

const expectation = fc.oneof(
  fc.record({ method: fc.constantFrom('mute', 'interrupt', 'close') }),
  fc.record({
    method: fc.constantFrom('mute', 'interrupt'),
    matcher: fc.oneof(
      fc.constant(() => true),
      fc.constant(async () => await Promise.resolve(true)),
      smallValue,
    ),
  }),
  fc.record({ method: anyValue }),
  anyValue,
  hostileValue,
  fc.record({ method: fc.constant('mute') }).chain((value) =>
    mutatedRecord(value)
  ),
);

test('expectAnyOrder accepts well-formed expectations and rejects the rest with structured errors only', () => {
  fc.assert(
    fc.property(fc.array(expectation, { maxLength: 4 }), (inputs) => {
      const transport = new ScriptedRealtimeTransport();
      const result = outcomeOf(
        () => transport.expectAnyOrder(...inputs.map(materialize) as never[]),
        ['InvalidRealtimeScenarioInputError'],
      );
      if (result.accepted) {
        (result.value as Promise<unknown>).catch(() => undefined);
        assert(inputs.length > 0, 'Accepted an empty group');
        return;
      }
      assert.equal(result.error.operation, 'expectAnyOrder');
      assert.equal(typeof result.error.reason, 'string');
      assert.equal(typeof result.error.path, 'string');
      assert.match(result.error.path as string, /^expectations/);
    }),
    fuzzParameters(),
  );
});

const usageLike = fc.oneof(
  anyValue,
  hostileValue,
  fc.record({
    requests: fc.oneof(fc.nat(), anyValue),
    inputTokens: fc.oneof(fc.nat(), anyValue),
    outputTokens: fc.nat(),
    totalTokens: fc.nat(),
  }, { requiredKeys: [] }),
  fc.record({ inputTokens: fc.nat(), outputTokens: fc.nat() }).chain((value) =>
    mutatedRecord(value)
  ),
);

function checkUsageOutcome(
  result: ReturnType<typeof outcomeOf>,
): void {
  if (result.accepted) return;
  const { error } = result;
  assert.equal(error.reason, 'invalid_input');
  assert.equal(typeof error.issue, 'string');
  assert.equal(typeof error.path, 'string');
  assert.match(error.path as string, /^(defaultUsage|modelOptions)/);
  assert.equal(error.inputIndex, undefined);
  assert.match(error.message as string, /^Invalid model option: expected /);
}

test('ScriptedModel takes any defaultUsage or options with structured errors only', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        usageLike.map((usage) => ({ defaultUsage: usage })),
        anyValue,
        hostileValue,
      ),
      (options) => {
        const made = materialize(options);
        checkUsageOutcome(
          outcomeOf(
            () => new ScriptedModel([], made as never),
            ['InvalidScriptedModelStepError'],
          ),
        );
      },
    ),
    fuzzParameters(),
  );
});

test('ScriptedModel defaultUsage setter takes any value with structured errors only, keeping the old one on failure', () => {
  fc.assert(
    fc.property(usageLike, (usage) => {
      const model = new ScriptedModel([], {
        defaultUsage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      });
      const result = outcomeOf(() => {
        model.defaultUsage = materialize(usage) as never;
      }, ['InvalidScriptedModelStepError']);
      checkUsageOutcome(result);
      if (!result.accepted) {
        assert.equal(model.defaultUsage?.totalTokens, 2);
      }
    }),
    fuzzParameters(),
  );
});
