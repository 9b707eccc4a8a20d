import assert from 'node:assert/strict';
import test from 'node:test';
import { Agent, Runner, Usage } from '@openai/agents';
import {
  assistantMessage,
  InvalidScriptedModelStepError,
  modelResponder,
  modelResponse,
  ScriptedModel,
} from '@scripted/agents';

const runner = new Runner({ tracingDisabled: true });
const usage = {
  requests: 1,
  inputTokens: 10,
  outputTokens: 5,
  totalTokens: 15,
};

function agentOn(model: ScriptedModel): Agent {
  return new Agent({ name: 'Counter', model });
}

test('ScriptedModel defaultUsage fills the usage of responses that give none', async () => {
  const model = new ScriptedModel([
    [assistantMessage('one')],
    modelResponder(() => [assistantMessage('two')]),
  ], { defaultUsage: usage });
  const first = await runner.run(agentOn(model), 'Hi');
  assert.equal(first.state.usage.inputTokens, 10);
  assert.equal(first.state.usage.totalTokens, 15);
  const second = await runner.run(agentOn(model), 'Again', { stream: true });
  await second.completed;
  assert.equal(second.finalOutput, 'two');
  assert.equal(second.state.usage.outputTokens, 5);
  model.assertComplete();
});

test('ScriptedModel defaultUsage leaves a response that gives its own usage alone', async () => {
  const model = new ScriptedModel([
    modelResponse({
      output: [assistantMessage('own')],
      usage: new Usage({ inputTokens: 1, outputTokens: 2, totalTokens: 3 }),
    }),
  ], { defaultUsage: usage });
  const result = await runner.run(agentOn(model), 'Hi');
  assert.equal(result.state.usage.totalTokens, 3);
});

test('ScriptedModel defaultUsage setter applies to later calls and undefined restores zero tokens', async () => {
  const model = new ScriptedModel([
    [assistantMessage('a')],
    [assistantMessage('b')],
    [assistantMessage('c')],
  ]);
  assert.equal(model.defaultUsage, undefined);
  const zero = await runner.run(agentOn(model), 'Hi');
  assert.equal(zero.state.usage.totalTokens, 0);
  model.defaultUsage = new Usage({
    inputTokens: 7,
    outputTokens: 0,
    totalTokens: 7,
  });
  assert.equal(model.defaultUsage?.inputTokens, 7);
  assert(Object.isFrozen(model.defaultUsage));
  const seven = await runner.run(agentOn(model), 'Hi');
  assert.equal(seven.state.usage.totalTokens, 7);
  model.defaultUsage = undefined;
  const again = await runner.run(agentOn(model), 'Hi');
  assert.equal(again.state.usage.totalTokens, 0);
});

test('ScriptedModel defaultUsage is copied where it is given', async () => {
  const mine = { inputTokens: 2, outputTokens: 2, totalTokens: 4 };
  const model = new ScriptedModel([[assistantMessage('a')]], {
    defaultUsage: mine,
  });
  mine.totalTokens = 99;
  const result = await runner.run(agentOn(model), 'Hi');
  assert.equal(result.state.usage.totalTokens, 4);
});

test('ScriptedModel rejects malformed options and default usage with structured fields', () => {
  const cases: [() => unknown, Record<string, unknown>][] = [
    [
      () => new ScriptedModel([], { defaultUsage: 'many' as never }),
      { issue: 'invalid_usage', path: 'defaultUsage', received: '"many"' },
    ],
    [
      () =>
        new ScriptedModel([], {
          defaultUsage: { inputTokens: 'x' } as never,
        }),
      {
        issue: 'invalid_usage',
        path: 'defaultUsage.inputTokens',
        received: '"x"',
      },
    ],
    [
      () => new ScriptedModel([], { defaultUsag: usage } as never),
      {
        issue: 'unknown_property',
        path: 'modelOptions.defaultUsag',
        received: '"defaultUsag"',
        suggestion: 'defaultUsage',
      },
    ],
    [
      () => new ScriptedModel([], 42 as never),
      { issue: 'invalid_option', path: 'modelOptions', received: '42' },
    ],
    [
      () => {
        new ScriptedModel().defaultUsage = {
          inputTokens: Number.NaN,
        } as never;
      },
      {
        issue: 'invalid_usage',
        path: 'defaultUsage.inputTokens',
        received: 'NaN',
      },
    ],
  ];
  for (const [make, fields] of cases) {
    assert.throws(make, (error) => {
      assert(error instanceof InvalidScriptedModelStepError);
      assert.equal(error.name, 'InvalidScriptedModelStepError');
      assert.equal(error.reason, 'invalid_input');
      assert.equal(error.inputIndex, undefined);
      assert.equal(error.callIndex, undefined);
      for (const [key, value] of Object.entries(fields)) {
        assert.equal(error[key as keyof typeof error], value, key);
      }
      assert.match(error.message, /^Invalid model option: expected /);
      assert.equal(error.message.endsWith('.'), false);
      return true;
    });
  }
});

test('ScriptedModel keeps the previous default usage when a set is rejected', () => {
  const model = new ScriptedModel([], { defaultUsage: usage });
  assert.throws(() => {
    model.defaultUsage = null as never;
  }, InvalidScriptedModelStepError);
  assert.equal(model.defaultUsage?.totalTokens, 15);
});
