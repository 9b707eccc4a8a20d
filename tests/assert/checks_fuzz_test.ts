/**
 * Fuzzed input to the run checks (guardrails, approvals, snapshot, lint):
 * whatever is passed, each accepts it or throws one of its structured
 * errors — never a TypeError from inside, never a hang. Modest run counts:
 * the gate's time matters.
 */
import { Agent, tool } from '@openai/agents';
import { ScriptedModel } from '@scripted/agents';
import {
  assertApprovals,
  assertGuardrails,
  assertNothingAfterTripwire,
  assertScriptMatches,
  decideApprovals,
  decideRealtimeApprovals,
  guardrailResults,
  lintScript,
  pendingApprovals,
  runSnapshot,
} from '@scripted/agents/assert';
import fc from 'fast-check';
import test from 'node:test';
import { z } from 'zod';
import {
  anyValue,
  asyncOutcomeOf,
  fuzzParameters,
  isHostileThrow,
  materialize,
  outcomeOf,
} from '../_support/fuzz.ts';

const names = ['InvalidRunAssertionInputError', 'RunAssertionError'];
const lintNames = [...names, 'ScriptDriftError'];
const parameters = () => ({
  ...fuzzParameters(),
  numRuns: Math.min(fuzzParameters().numRuns!, 150),
});

const agent = new Agent({
  name: 'A',
  tools: [tool({
    name: 'get_weather',
    description: 'Weather',
    parameters: z.object({ city: z.string(), days: z.array(z.number()) }),
    execute: () => 'x',
  })],
  outputType: z.object({ n: z.number() }),
});

/** A run-shaped value with fuzzed parts, so readers get past the surface. */
const runShaped = fc.record({
  newItems: fc.oneof(fc.array(anyValue, { maxLength: 4 }), anyValue),
  finalOutput: anyValue,
  inputGuardrailResults: fc.oneof(
    fc.array(anyValue, { maxLength: 3 }),
    anyValue,
  ),
  interruptions: fc.oneof(fc.array(anyValue, { maxLength: 3 }), anyValue),
  state: anyValue,
}, { requiredKeys: [] });
const value = fc.oneof(anyValue, runShaped);

test('Guardrail checks accept or throw their structured errors, whatever they read', () => {
  const model = new ScriptedModel();
  fc.assert(
    fc.property(value, anyValue, (outcome, expected) => {
      outcomeOf(() => guardrailResults(materialize(outcome)), names);
      outcomeOf(
        () =>
          assertGuardrails(
            materialize(outcome),
            materialize(expected) as never,
          ),
        names,
      );
      outcomeOf(
        () =>
          assertNothingAfterTripwire(
            {
              name: 'InputGuardrailTripwireTriggered',
              result: materialize(outcome),
              state: materialize(expected),
            },
            model,
          ),
        names,
      );
    }),
    parameters(),
  );
});

const decisionsValue = fc.oneof(
  anyValue,
  fc.record({
    agent: fc.constant(agent),
    approve: fc.oneof(fc.array(fc.string(), { maxLength: 2 }), anyValue),
    reject: fc.oneof(fc.array(fc.string(), { maxLength: 2 }), anyValue),
    rejectionMessage: anyValue,
  }, { requiredKeys: ['agent'] }),
);

test('Snapshot and approval readers accept or throw their structured errors', async () => {
  await fc.assert(
    fc.asyncProperty(
      value,
      anyValue,
      decisionsValue,
      async (result, options, decisions) => {
        outcomeOf(
          () => runSnapshot(materialize(result), materialize(options) as never),
          names,
        );
        outcomeOf(() => pendingApprovals(materialize(result)), names);
        outcomeOf(
          () =>
            assertApprovals(materialize(result), materialize(options) as never),
          names,
        );
        await asyncOutcomeOf(
          () =>
            decideApprovals(
              materialize(result) as never,
              materialize(decisions) as never,
            ),
          names,
          isHostileThrow,
        );
        await asyncOutcomeOf(
          () =>
            decideRealtimeApprovals(
              {
                approve: () => Promise.resolve(),
                reject: () => Promise.resolve(),
              },
              materialize(options) as never,
            ),
          names,
          isHostileThrow,
        );
      },
    ),
    parameters(),
  );
});

const step = fc.oneof(
  anyValue,
  fc.array(
    fc.record({
      type: fc.constantFrom('function_call', 'message'),
      name: fc.oneof(
        fc.constantFrom('get_weather', 'transfer_to_B'),
        fc.string(),
      ),
      arguments: fc.oneof(fc.json(), fc.string(), anyValue),
      role: fc.constant('assistant'),
      content: fc.oneof(
        fc.array(
          fc.record({
            type: fc.constant('output_text'),
            text: fc.oneof(fc.json(), fc.string()),
          }),
          { maxLength: 2 },
        ),
        anyValue,
      ),
    }, { requiredKeys: ['type'] }),
    { maxLength: 3 },
  ),
);

test('The lint reports problems or throws its structured errors, whatever the script', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.array(step, { maxLength: 4 }),
        anyValue,
        fc.record({
          kind: fc.constant('model'),
          calls: fc.array(
            fc.record({ response: fc.record({ output: step }) }),
            { maxLength: 3 },
          ),
        }),
      ),
      (script) => {
        const input = materialize(script);
        const outcome = outcomeOf(() => lintScript(agent, input), names);
        outcomeOf(() => assertScriptMatches(agent, input), lintNames);
        if (outcome.accepted) {
          const report = outcome.value as { ok: boolean; problems: unknown[] };
          if (report.ok !== (report.problems.length === 0)) {
            throw new Error('ok disagrees with the problems');
          }
        }
      },
    ),
    parameters(),
  );
});
