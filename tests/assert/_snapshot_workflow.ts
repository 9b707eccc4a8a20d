/**
 * One run for the snapshot tests and the cross-runtime transcript: a
 * triage agent hands off to a support agent that calls two tools in
 * parallel; the order they finish in is chosen (`ab` or `ba`) with gates,
 * never timers, and the call ids and times differ per order.
 *
 * @module
 */
import { Agent, tool } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import { handoffCall } from '@scripted/agents/items';
import { type RunSnapshot, runSnapshot } from '@scripted/agents/assert';
import { z } from 'zod';
import { type Mode, run } from './_run.ts';

export async function snapshotWorkflow(
  mode: Mode,
  order: 'ab' | 'ba',
): Promise<{ snapshot: RunSnapshot; finished: string[] }> {
  const finished: string[] = [];
  const gates = new Map<string, () => void>();
  const waits = new Map<string, Promise<void>>();
  for (const name of ['a', 'b']) {
    waits.set(name, new Promise<void>((resolve) => gates.set(name, resolve)));
  }
  // The tool finishing second waits for the first.
  const later = order === 'ab' ? 'b' : 'a';
  const other = (name: string) => (name === 'a' ? 'b' : 'a');
  const time = order === 'ab'
    ? '2026-01-01T00:00:00.000Z'
    : '2026-06-30T12:34:56Z';
  const make = (name: string) =>
    tool({
      name,
      description: `Tool ${name}`,
      parameters: z.object({ q: z.string() }),
      execute: async ({ q }) => {
        if (name === later) await waits.get(other(name));
        finished.push(name);
        gates.get(name)!();
        return `${name}(${q}) at ${time}`;
      },
    });
  const model = new ScriptedModel();
  const support = new Agent({
    name: 'Support',
    model,
    tools: [make('a'), make('b')],
  });
  const triage = new Agent({
    name: 'Triage',
    model,
    handoffs: [support],
    inputGuardrails: [{
      name: 'fine',
      runInParallel: false,
      execute: () =>
        Promise.resolve({
          tripwireTriggered: false,
          outputInfo: 'sk-proj-abcdefghijklmnop1234',
        }),
    }],
  });
  const ids = `call_${order}`;
  model.enqueue(
    [handoffCall(support, { callId: `${ids}_h` })],
    [
      functionCall('a', { q: 'x' }, { callId: `${ids}_1` }),
      functionCall('b', { q: 'y' }, { callId: `${ids}_2` }),
    ],
    [assistantMessage('Done; the password is hunter2-password')],
  );
  const result = await run(triage, 'Help me', mode);
  const snapshot = runSnapshot(result, {
    models: [model],
    secrets: ['hunter2-password'],
  });
  return { snapshot, finished };
}
