/**
 * The `autoModel` workflow of the transcripts: seeded tool calls, a
 * structured output, a streamed run, an `autoStep` in a script and a schema
 * failure. The same seed must record the same calls on Deno, Bun and Node.
 *
 * @module
 */
import { Agent, Runner, tool } from '@openai/agents';
import { assistantMessage, ScriptedModel } from '@scripted/agents';
import { autoModel, autoStep } from '@scripted/agents/auto';
import { z } from 'zod';

const bookingParameters = z.object({
  city: z.enum(['Tokyo', 'Paris', 'Lima']),
  guests: z.number().int().min(1).max(8),
  budget: z.number().gt(0).lte(500).multipleOf(0.5),
  ratio: z.number().min(0).max(1),
  checkIn: z.iso.date(),
  arrival: z.string().datetime(),
  email: z.string().email(),
  requestId: z.string().uuid(),
  code: z.string().regex(/^[A-Z]{3}-\d{4}$/),
  note: z.string().min(3).max(10).nullable(),
  rooms: z.array(z.object({ beds: z.number().int().min(1).max(3) })).min(1)
    .max(3),
});

function travelAgent(model: ScriptedModel, executed: unknown[]): Agent {
  const book = tool({
    name: 'book_hotel',
    description: 'Books a hotel.',
    parameters: bookingParameters,
    execute: (args) => {
      executed.push(args);
      return `booked ${args.city}`;
    },
  });
  return new Agent({ name: 'Travel', model, tools: [book] });
}

/**
 * Runs the workflow.
 *
 * @returns Its record.
 */
export async function autoModelWorkflow(): Promise<Record<string, unknown>> {
  const runner = new Runner({ tracingDisabled: true });
  const executed: unknown[] = [];
  const plain = autoModel({ seed: 42 });
  const plainResult = await runner.run(travelAgent(plain, executed), 'Book');
  plain.assertComplete();

  const streamedModel = autoModel({ seed: 42 });
  const streamed = await runner.run(
    travelAgent(streamedModel, executed),
    'Book',
    { stream: true },
  );
  const events: unknown[] = [];
  for await (const event of streamed) {
    if (event.type === 'raw_model_stream_event') events.push(event.data);
  }
  await streamed.completed;

  const structuredModel = autoModel({ seed: 'structured' });
  const structured = await runner.run(
    new Agent({
      name: 'Reviewer',
      model: structuredModel,
      outputType: z.object({
        verdict: z.enum(['approve', 'reject']),
        score: z.number().min(0).max(10),
        reasons: z.array(z.string()).min(1).max(3),
      }),
    }),
    'Review',
  );

  const mixed = new ScriptedModel([
    autoStep({ seed: 7 }),
    [assistantMessage('Booked.')],
  ]);
  const mixedResult = await runner.run(travelAgent(mixed, executed), 'Book');
  mixed.assertComplete();

  const failing = autoModel();
  let failure: unknown;
  try {
    await runner.run(
      new Agent({
        name: 'Packer',
        model: failing,
        tools: [tool({
          name: 'pack',
          description: 'Packs.',
          strict: false,
          parameters: {
            type: 'object',
            properties: { items: { type: 'array', minItems: 3, maxItems: 2 } },
            required: ['items'],
            additionalProperties: true,
          },
          execute: () => 'never',
        })],
      }),
      'Pack',
    );
  } catch (error) {
    failure = error;
  }

  return {
    plain: {
      finalOutput: plainResult.finalOutput,
      rawResponses: plainResult.rawResponses,
      calls: plain.calls,
    },
    streamed: {
      finalOutput: streamed.finalOutput,
      events,
      calls: streamedModel.calls,
    },
    structured: {
      finalOutput: structured.finalOutput,
      rawResponses: structured.rawResponses,
    },
    mixed: { finalOutput: mixedResult.finalOutput, calls: mixed.calls },
    executed,
    failure,
    failingCalls: failing.calls,
  };
}
