/**
 * The tool loop of scenario 4, shared by `tool_loop_bench.ts` and
 * `interleaved.ts`: a real `Runner` and agent with one tool, driven for
 * {@link turns} tool turns and a final answer by the bare floor, ours or the
 * SDK's module.
 *
 * @module
 */
import {
  Agent,
  type AgentOutputItem,
  type Model,
  Runner,
  tool,
} from '@openai/agents';
import {
  assistantMessage as sdkAssistantMessage,
  functionCall as sdkFunctionCall,
  ScriptedModel as SdkScriptedModel,
} from '@openai/agents/testing';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import { z } from 'zod';
import { BareModel, toolLoopOutputs } from './_fixtures.ts';

/** Tool turns before the final answer. */
export const turns = 50;

const runner = new Runner({ tracingDisabled: true });
const lookup = tool({
  name: 'lookup',
  description: 'Looks up a record.',
  parameters: z.object({ i: z.number() }),
  execute: ({ i }) => Promise.resolve(`record ${i}`),
});

/** One function call per tool turn, then the final answer. */
function script(
  call: (i: number) => AgentOutputItem,
  final: AgentOutputItem,
): AgentOutputItem[][] {
  const steps: AgentOutputItem[][] = [];
  for (let i = 0; i < turns; i++) steps.push([call(i)]);
  steps.push([final]);
  return steps;
}

/** Fresh models for one loop each: the floor, ours and the SDK's module. */
export const loopModels: Record<'floor' | 'ours' | 'sdk', () => Model> = {
  floor: () => new BareModel(toolLoopOutputs(turns)),
  ours: () =>
    new ScriptedModel(script(
      (i) => functionCall('lookup', { i }, { callId: `call_${i}` }),
      assistantMessage('Done.'),
    )),
  sdk: () =>
    new SdkScriptedModel(script(
      (i) => sdkFunctionCall('lookup', { i }, { callId: `call_${i}` }),
      sdkAssistantMessage('Done.'),
    )),
};

/**
 * Runs the loop once on `model`; only the run itself sits between `start`
 * and `end`.
 *
 * @param model A fresh model from {@link loopModels}.
 * @param start Called right before the run.
 * @param end Called right after the run.
 * @throws {Error} When the run does not end with the final answer.
 */
export async function runLoop(
  model: Model,
  start: () => void = () => {},
  end: () => void = () => {},
): Promise<void> {
  const agent = new Agent({ name: 'Looper', model, tools: [lookup] });
  start();
  const result = await runner.run(agent, 'Look up every record.', {
    maxTurns: turns + 5,
  });
  end();
  if (result.finalOutput !== 'Done.') throw new Error('loop did not finish');
}
