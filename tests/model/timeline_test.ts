/**
 * A failing scripted model ends its message with the timeline: its steps
 * and the calls the real Runner made, the first divergence marked.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { Agent, Runner, tool } from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from '@scripted/agents';

const runner = new Runner({ tracingDisabled: true });
const add = tool({
  name: 'add',
  description: 'Adds two numbers.',
  parameters: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => String(a + b),
});

test('An unexpected model call ends with the timeline, and assertComplete() rethrows it as it was', async () => {
  const model = new ScriptedModel([
    [functionCall('add', { a: 1, b: 2 }, { callId: 'c0' })],
  ]);
  const error = await runner.run(
    new Agent({ name: 'Adder', model, tools: [add] }),
    'Add 1 and 2',
  ).catch((e: unknown) => e);
  assert(error instanceof UnexpectedModelCallError);
  // The fields are as they were; the first line is the fields' sentence.
  assert.equal(error.callIndex, 1);
  assert.equal(error.streamed, false);
  assert.equal(
    error.message,
    [
      'Unexpected model call 1 to "getResponse": expected no more calls, no steps left',
      'Timeline (1 step, 2 calls; ">" marks the first divergence):',
      '  call 0 "getResponse" -> step 0 "response"',
      '> call 1 "getResponse": matched no step',
    ].join('\n'),
  );
  // Drift: the remembered error, the same object and message.
  assert.throws(() => model.assertComplete(), (thrown) => thrown === error);
});

test('A streamed run names getStreamedResponse in the timeline', async () => {
  const model = new ScriptedModel([
    [functionCall('add', { a: 1, b: 2 }, { callId: 'c0' })],
  ]);
  const error = await (async () => {
    const result = await runner.run(
      new Agent({ name: 'Adder', model, tools: [add] }),
      'Add 1 and 2',
      { stream: true },
    );
    for await (const _ of result) { /* drain */ }
    await result.completed;
  })().then(() => undefined, (e: unknown) => e);
  assert(error instanceof UnexpectedModelCallError);
  assert.equal(error.streamed, true);
  assert.deepEqual(error.message.split('\n').slice(1), [
    'Timeline (1 step, 2 calls; ">" marks the first divergence):',
    '  call 0 "getStreamedResponse" -> step 0 "response"',
    '> call 1 "getStreamedResponse": matched no step',
  ]);
});

test('An incomplete model script marks the first step left', async () => {
  const model = new ScriptedModel([
    [assistantMessage('Hello')],
    [assistantMessage('never asked')],
  ]);
  await runner.run(new Agent({ name: 'Greeter', model }), 'Hi');
  assert.throws(() => model.assertComplete(), (error) => {
    assert(error instanceof UnconsumedModelStepsError);
    assert.equal(error.remainingSteps, 1);
    assert.deepEqual(error.pendingStepTypes, ['response']);
    assert.equal(
      error.message,
      [
        'Incomplete model script: 1 step left ("response")',
        'Timeline (2 steps, 1 call; ">" marks the first divergence):',
        '  call 0 "getResponse" -> step 0 "response"',
        '> step 1 "response": pending',
      ].join('\n'),
    );
    return true;
  });
});

test('A long run keeps the timeline to 20 lines around the divergence', async () => {
  const model = new ScriptedModel(
    Array.from({ length: 30 }, (_, i) => [
      functionCall('add', { a: i, b: 1 }, { callId: `c${i}` }),
    ]),
  );
  const error = await runner.run(
    new Agent({ name: 'Adder', model, tools: [add] }),
    'Count',
    { maxTurns: 40 },
  ).catch((e: unknown) => e);
  assert(error instanceof UnexpectedModelCallError);
  const lines = error.message.split('\n');
  // The sentence, then the heading and at most 19 more lines.
  assert.equal(lines.length, 21);
  assert.deepEqual(lines.slice(1, 4), [
    'Timeline (30 steps, 31 calls; ">" marks the first divergence):',
    '  … 13 steps and 13 calls left out',
    '  call 13 "getResponse" -> step 13 "response"',
  ]);
  assert.equal(lines.at(-1), '> call 30 "getResponse": matched no step');
});
