/**
 * The automatic model against the equivalent hand-written script, side by
 * side: (a) a real `Runner` run of an agent with two zod tools (one with a
 * rich schema: enums, formats, patterns, bounds, nested arrays), where
 * `autoModel()` generates the two calls and the answer and the script
 * spells out the same calls; (b) the model call alone that generates those
 * arguments, against a scripted call returning them.
 *
 * `bench/report.ts` prints each group's `auto / script` ratio.
 *
 * @module
 */
import {
  Agent,
  type AgentOutputItem,
  type ModelRequest,
  Runner,
  type SerializedTool,
  tool,
} from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import { autoModel } from '@scripted/agents/auto';
import { z } from 'zod';
import { warmUpRow } from './_fixtures.ts';

const runner = new Runner({ tracingDisabled: true });
const book = tool({
  name: 'book_hotel',
  description: 'Books a hotel.',
  parameters: z.object({
    city: z.enum(['Tokyo', 'Paris', 'Lima']),
    guests: z.number().int().min(1).max(8),
    budget: z.number().gt(0).lte(500).multipleOf(0.5),
    checkIn: z.iso.date(),
    email: z.string().email(),
    requestId: z.string().uuid(),
    code: z.string().regex(/^[A-Z]{3}-\d{4}$/),
    note: z.string().min(3).max(10).nullable(),
    rooms: z.array(z.object({ beds: z.number().int().min(1).max(3) })).min(1)
      .max(3),
  }),
  execute: (args) => `booked ${args.city}`,
});
const weather = tool({
  name: 'get_weather',
  description: 'Gets the weather.',
  parameters: z.object({ city: z.enum(['Tokyo', 'Paris', 'Lima']) }),
  execute: ({ city }) => `${city}: sunny`,
});
const tools = [book, weather];

/** The calls autoModel makes, written out by hand (as a script would). */
function scriptedCalls(): AgentOutputItem[] {
  return [
    functionCall('book_hotel', {
      city: 'Lima',
      guests: 1,
      budget: 3,
      checkIn: '2021-03-27',
      email: '33@3ld.vb.exx',
      requestId: 'e1260e6b-b36c-42f6-b106-b9434e883b58',
      code: 'HBU-5333',
      note: 'nectarce',
      rooms: [{ beds: 2 }, { beds: 1 }, { beds: 1 }],
    }, { callId: 'call_auto_0_0' }),
    functionCall('get_weather', { city: 'Tokyo' }, {
      callId: 'call_auto_0_1',
    }),
  ];
}

function script(): ScriptedModel {
  return new ScriptedModel([
    scriptedCalls(),
    [assistantMessage(
      '{"book_hotel":"booked Lima","get_weather":"Tokyo: sunny"}',
    )],
  ]);
}

async function run(
  model: ScriptedModel,
  start: () => void,
  end: () => void,
): Promise<void> {
  const agent = new Agent({ name: 'Travel', model, tools });
  start();
  const result = await runner.run(agent, 'Book a trip');
  end();
  if (typeof result.finalOutput !== 'string') throw new Error('no answer');
}

warmUpRow(() => run(autoModel({ seed: 42 }), () => {}, () => {}));

const loop = 'autoModel: Runner run, 2 zod tools + answer';
Deno.bench({
  name: 'script: ScriptedModel',
  group: loop,
  baseline: true,
  n: 200,
  async fn(b) {
    await run(script(), () => b.start(), () => b.end());
  },
});
Deno.bench({
  name: 'auto: autoModel()',
  group: loop,
  n: 200,
  async fn(b) {
    await run(autoModel({ seed: 42 }), () => b.start(), () => b.end());
  },
});

// The serialized tools, as a Runner sends them.
const serialized: SerializedTool[] = tools.map((t) => ({
  type: 'function',
  name: t.name,
  description: t.description,
  parameters: t.parameters,
  strict: t.strict,
}));
const request = (): ModelRequest => ({
  input: 'Book a trip',
  modelSettings: {},
  tools: serialized,
  handoffs: [],
  outputType: 'text',
  tracing: false,
});
// The comparison is fair only while both models answer the same.
const generated = await autoModel({ seed: 42 }).getResponse(request());
if (JSON.stringify(generated.output) !== JSON.stringify(scriptedCalls())) {
  throw new Error('the script no longer matches what autoModel generates');
}
const calls = 20;
const call = `autoModel: the tool-call response (${calls} per iteration)`;
let sink: unknown;
Deno.bench({
  name: 'script: ScriptedModel.getResponse',
  group: call,
  baseline: true,
  async fn(b) {
    const model = new ScriptedModel(
      Array.from({ length: calls }, () => scriptedCalls()),
    );
    b.start();
    for (let i = 0; i < calls; i++) sink = await model.getResponse(request());
    b.end();
  },
});
Deno.bench({
  name: 'auto: autoModel().getResponse',
  group: call,
  async fn(b) {
    const model = autoModel({ seed: 42 });
    b.start();
    for (let i = 0; i < calls; i++) sink = await model.getResponse(request());
    b.end();
  },
});
if (sink === 0) console.log(sink);
