import assert from 'node:assert/strict';
import test from 'node:test';
import { Agent, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  modelResponder,
  ScriptedModel,
} from '@scripted/agents';

const runner = new Runner({ tracingDisabled: true });

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((
      rest,
    ) => [item, ...rest])
  );
}

// One turn calls `lookup` for a, b and c; the runner runs the three tool
// calls concurrently, and each finishes only after the one before it in
// `order` finished, so they complete in exactly that order.
async function runTurn(order: readonly string[]): Promise<{
  started: string[];
  finished: string[];
  model: ScriptedModel;
  finalOutput: unknown;
}> {
  const signal = AbortSignal.timeout(5_000);
  const started: string[] = [];
  const finished: string[] = [];
  const done = new Map<string, () => void>();
  const donePromise = new Map<string, Promise<void>>();
  for (const key of order) {
    donePromise.set(key, new Promise((resolve) => done.set(key, resolve)));
  }
  const lookup = tool({
    name: 'lookup',
    description: 'Looks a key up.',
    parameters: z.object({ key: z.string() }),
    execute: async ({ key }) => {
      started.push(key);
      const rank = order.indexOf(key);
      if (rank > 0) {
        await Promise.race([
          donePromise.get(order[rank - 1]!),
          new Promise((_, reject) =>
            signal.addEventListener('abort', () => reject(signal.reason))
          ),
        ]);
      }
      finished.push(key);
      done.get(key)!();
      return `value of ${key}`;
    },
  });
  const model = new ScriptedModel([
    // One scripted turn, three function calls: the tools run in parallel.
    ['a', 'b', 'c'].map((key) =>
      functionCall('lookup', { key }, { callId: `call_${key}` })
    ),
    modelResponder((call) => {
      const input = call.request.input;
      assert(Array.isArray(input));
      const outputs = new Map<string, string>();
      for (const item of input) {
        if (item.type === 'function_call_result') {
          outputs.set(item.callId, JSON.stringify(item.output));
        }
      }
      // Every call got its own tool's result, whatever finished first.
      for (const key of ['a', 'b', 'c']) {
        assert.match(outputs.get(`call_${key}`) ?? '', new RegExp(`of ${key}`));
      }
      return [assistantMessage('All three looked up.')];
    }),
  ]);
  const result = await runner.run(
    new Agent({ name: 'Parallel', model, tools: [lookup] }),
    'Look up a, b and c.',
    { signal },
  );
  return { started, finished, model, finalOutput: result.finalOutput };
}

test('ScriptedModel scripts parallel function tools that finish in reverse order', async () => {
  const { started, finished, model, finalOutput } = await runTurn([
    'c',
    'b',
    'a',
  ]);
  // All three started before any finished: they really ran concurrently.
  assert.deepEqual(started, ['a', 'b', 'c']);
  assert.deepEqual(finished, ['c', 'b', 'a']);
  assert.equal(finalOutput, 'All three looked up.');
  assert.equal(model.calls.length, 2);
  model.assertComplete();
});

test('ScriptedModel scripts parallel function tools in every completion order', async () => {
  for (const order of permutations(['a', 'b', 'c'])) {
    const { finished, model, finalOutput } = await runTurn(order);
    assert.deepEqual(finished, order);
    assert.equal(finalOutput, 'All three looked up.', order.join(''));
    model.assertComplete();
  }
});
