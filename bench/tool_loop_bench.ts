/**
 * Scenario 4: a real `Runner` tool loop of 50 tool turns then a final
 * answer, scripted, against a bare hand-written `Model` returning the same
 * outputs.
 *
 * Every iteration builds a fresh model and agent outside the measured part.
 *
 * @module
 */
import { warmUpRow } from './_fixtures.ts';
import { loopModels, runLoop, turns } from './_tool_loop.ts';

const group = `Runner tool loop, ${turns} tool turns + final answer`;
// Each iteration takes tens of milliseconds: ask for enough of them that
// the odd garbage collection or scheduling hiccup averages out.
const sampling = { warmup: 10, n: 60 };
const names = {
  floor: 'floor: bare Model',
  ours: 'ours: ScriptedModel',
  sdk: 'sdk: ScriptedModel',
} as const;

warmUpRow(() => runLoop(loopModels.floor()));

for (const variant of ['floor', 'ours', 'sdk'] as const) {
  Deno.bench({
    name: names[variant],
    group,
    ...sampling,
    baseline: variant === 'floor',
    async fn(b) {
      await runLoop(loopModels[variant](), () => b.start(), () => b.end());
    },
  });
}
