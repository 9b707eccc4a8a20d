/**
 * Trace capture overhead: a real `Runner` tool loop of 50 tool turns and a
 * final answer on a `ScriptedModel`, untraced (`tracingDisabled: true`)
 * against the same run traced into an installed `TraceCapture` (every span
 * recorded in memory). The third row runs the SDK's tracing into a
 * processor that does nothing: the SDK's own share of the cost. Target:
 * traced <= 1.2x untraced (`bench/report.ts` prints met or missed).
 *
 * @module
 */
import {
  Agent,
  type AgentOutputItem,
  Runner,
  setTraceProcessors,
  setTracingDisabled,
  tool,
} from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import { installTraceCapture } from '@scripted/agents/tracing';
import { z } from 'zod';
import { warmUpRow } from './_fixtures.ts';

const turns = 50;
const group =
  `Trace capture, ${turns} tool turns + final answer: traced <= 1.2x untraced`;
const sampling = { warmup: 10, n: 60 };

const lookup = tool({
  name: 'lookup',
  description: 'Looks up a record.',
  parameters: z.object({ i: z.number() }),
  execute: ({ i }) => Promise.resolve(`record ${i}`),
});

function model(): ScriptedModel {
  const steps: AgentOutputItem[][] = [];
  for (let i = 0; i < turns; i++) {
    steps.push([functionCall('lookup', { i }, { callId: `call_${i}` })]);
  }
  steps.push([assistantMessage('Done.')]);
  return new ScriptedModel(steps);
}

async function run(runner: Runner, timed?: Deno.BenchContext): Promise<void> {
  const agent = new Agent({ name: 'Looper', model: model(), tools: [lookup] });
  timed?.start();
  const result = await runner.run(agent, 'Go', { maxTurns: turns + 5 });
  timed?.end();
  if (result.finalOutput !== 'Done.') throw new Error('The loop did not end');
}

const untraced = new Runner({ tracingDisabled: true });
const traced = new Runner();
const noop = {
  onTraceStart: () => Promise.resolve(),
  onTraceEnd: () => Promise.resolve(),
  onSpanStart: () => Promise.resolve(),
  onSpanEnd: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
  forceFlush: () => Promise.resolve(),
};

// The capture must record what the bench claims: a run's spans, all of them.
{
  using capture = installTraceCapture();
  await run(traced);
  capture.trace().assertToolCalls(
    Array.from(
      { length: turns },
      (_, i) => ({ name: 'lookup', arguments: { i } }),
    ),
  );
}

warmUpRow(() => run(untraced));

Deno.bench({
  name: 'untraced: tracingDisabled',
  group,
  ...sampling,
  baseline: true,
  async fn(b) {
    await run(untraced, b);
  },
});

Deno.bench({
  name: 'traced: installTraceCapture',
  group,
  ...sampling,
  async fn(b) {
    using capture = installTraceCapture();
    await run(traced, b);
    if (capture.traces.length !== 1) throw new Error('No trace captured');
  },
});

Deno.bench({
  name: 'sdk-tracing: no-op processor',
  group,
  ...sampling,
  async fn(b) {
    setTraceProcessors([noop]);
    setTracingDisabled(false);
    try {
      await run(traced, b);
    } finally {
      setTraceProcessors([]);
      setTracingDisabled(true);
    }
  },
});
