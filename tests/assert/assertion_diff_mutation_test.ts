import assert from 'node:assert/strict';
import test from 'node:test';
import { Agent, Runner } from '@openai/agents';
import { z } from 'zod';
import { assistantMessage, ScriptedModel } from '@scripted/agents';
import { assertFinalOutput, RunAssertionError } from '@scripted/agents/assert';

const header = '- expected\n+ actual\n';

test('assertFinalOutput shows the exact line diff of a structured output', async () => {
  const model = new ScriptedModel([[
    assistantMessage(
      JSON.stringify({ city: 'Paris', days: 2, stops: ['Louvre'] }),
    ),
  ]]);
  const agent = new Agent({
    name: 'Planner',
    model,
    outputType: z.object({
      city: z.string(),
      days: z.number(),
      stops: z.array(z.string()),
    }),
  });
  const result = await new Runner({ tracingDisabled: true }).run(agent, 'Plan');
  assert.throws(
    () =>
      assertFinalOutput(result, {
        city: 'Rome',
        days: 2,
        stops: ['Colosseum', 'Forum'],
      }),
    (error: unknown) => {
      assert.ok(error instanceof RunAssertionError);
      assert.equal(error.path, 'city');
      assert.equal(
        error.message,
        `Unexpected final output at "city": expected "Rome", got "Paris"\n\n${header}\n` +
          [
            '  {',
            '-   "city": "Rome",',
            '+   "city": "Paris",',
            '    "days": 2,',
            '    "stops": [',
            '-     "Colosseum",',
            '-     "Forum"',
            '+     "Louvre"',
            '    ]',
            '  }',
          ].join('\n'),
      );
      return true;
    },
  );
});

test('assertFinalOutput shows a text output against a missing one', async () => {
  const model = new ScriptedModel([[assistantMessage('Bonjour')]]);
  const agent = new Agent({ name: 'Greeter', model });
  const result = await new Runner({ tracingDisabled: true }).run(agent, 'Hi');
  assertFinalOutput(result, 'Bonjour');
  assert.throws(() => assertFinalOutput(result, undefined), {
    name: 'RunAssertionError',
    message:
      `Unexpected final output: expected undefined, got "Bonjour"\n\n${header}\n- undefined\n+ "Bonjour"`,
  });
});
