import type { StreamEvent } from '@openai/agents';
import {
  assistantMessage,
  InvalidScriptedModelStepError,
  modelResponder,
  modelResponse,
  ScriptedModel,
  type ScriptedModelInput,
} from '@scripted/agents';
import assert from 'node:assert/strict';
import test from 'node:test';
import { agentWith, runner, runStreamed } from './_fixtures.ts';

type Done = Extract<StreamEvent, { type: 'response_done' }>;

/** The usage the runner saw, non-streamed then streamed. */
async function usageSeen(
  step: () => ScriptedModelInput,
): Promise<{ plain: Record<string, unknown>; streamed: Done['response'] }> {
  const plainRun = await runner.run(
    agentWith(new ScriptedModel([step()])),
    'x',
  );
  assert.equal(plainRun.finalOutput, 'hi');
  const { finalOutput, raw } = await runStreamed(
    agentWith(new ScriptedModel([step()])),
    'x',
  );
  assert.equal(finalOutput, 'hi');
  const done = raw.at(-1) as unknown as Done;
  assert.equal(done.type, 'response_done');
  return {
    plain: { ...plainRun.rawResponses[0]!.usage },
    streamed: done.response,
  };
}

function assertInvalidUsage(
  error: unknown,
  where: { inputIndex?: number; callIndex?: number },
  base = '',
): true {
  assert(error instanceof InvalidScriptedModelStepError);
  assert.equal(error.name, 'InvalidScriptedModelStepError');
  assert.equal(error.reason, 'invalid_response');
  assert.equal(error.inputIndex, where.inputIndex);
  assert.equal(error.callIndex, where.callIndex);
  // As in the SDK module, an invalid response names no step type.
  assert.equal(error.stepType, undefined);
  if (error.issue === 'unreadable') {
    assert(error.cause instanceof Error);
    assert.equal(error.path, `${base}usage`);
  } else {
    assert.equal(error.issue, 'invalid_usage');
    assert(error.path?.startsWith(`${base}usage`), error.path);
    assert(error.message.includes(`expected "${error.path}" to be `));
  }
  return true;
}

test('ScriptedModel derives totalTokens of camelCase usage without a total, streamed and not', async () => {
  const { plain, streamed } = await usageSeen(() => ({
    output: [assistantMessage('hi')],
    usage: { inputTokens: 5, outputTokens: 2 } as never,
  }));
  for (const usage of [plain, streamed.usage]) {
    assert.deepEqual(
      [
        usage.requests,
        usage.inputTokens,
        usage.outputTokens,
        usage.totalTokens,
      ],
      [1, 5, 2, 7],
    );
  }
});

test('ScriptedModel reads snake_case usage, streamed and not', async () => {
  const { plain, streamed } = await usageSeen(() =>
    modelResponse({
      output: [assistantMessage('hi')],
      usage: {
        input_tokens: 5,
        output_tokens: 2,
        total_tokens: 9,
        input_tokens_details: { cached_tokens: 1 },
        output_tokens_details: { reasoning_tokens: 2 },
      } as never,
    })
  );
  for (const usage of [plain, streamed.usage]) {
    assert.deepEqual(
      [usage.inputTokens, usage.outputTokens, usage.totalTokens],
      [5, 2, 9],
    );
    assert.deepEqual(usage.inputTokensDetails, [{ cached_tokens: 1 }]);
    assert.deepEqual(usage.outputTokensDetails, [{ reasoning_tokens: 2 }]);
    assert.equal('input_tokens' in usage, false);
  }
});

test('ScriptedModel keeps per-request usage entries as fresh plain data', async () => {
  const entries = [{ input_tokens: 3, output_tokens: 1, endpoint: 'e' }];
  const { plain, streamed } = await usageSeen(() => ({
    output: [assistantMessage('hi')],
    usage: {
      inputTokens: 3,
      outputTokens: 1,
      requestUsageEntries: entries,
    } as never,
  }));
  for (const usage of [plain, streamed.usage]) {
    const [entry] = usage.requestUsageEntries as Record<string, unknown>[];
    assert.deepEqual(
      [entry!.inputTokens, entry!.outputTokens, entry!.totalTokens],
      [3, 1, 4],
    );
    assert.equal(entry!.endpoint, 'e');
  }
  entries[0]!.input_tokens = 99;
  const again = await usageSeen(() => ({
    output: [assistantMessage('hi')],
    usage: {
      inputTokens: 3,
      outputTokens: 1,
      requestUsageEntries: entries,
    } as never,
  }));
  assert.equal(again.streamed.usage.inputTokens, 3);
});

test('ScriptedModel rejects usage that is not an object or throws when read, at definition', () => {
  const hostile = {
    get inputTokens(): number {
      throw new Error('boom');
    },
  };
  const bad: unknown[] = [
    5,
    null,
    [],
    hostile,
    { inputTokens: 'five' },
    { inputTokens: 1, outputTokens: Infinity },
    { input_tokens_details: 'cached' },
    { outputTokensDetails: { reasoning_tokens: '2' } },
    { requestUsageEntries: [{ inputTokens: '1' }] },
    { requests: 'one' },
  ];
  for (const usage of bad) {
    const output = [assistantMessage('hi')];
    assert.throws(
      () =>
        new ScriptedModel(
          [[assistantMessage('ok')], { output, usage }] as ScriptedModelInput[],
        ),
      (error: unknown) => assertInvalidUsage(error, { inputIndex: 1 }),
      `usage ${String(usage)}`,
    );
    assert.throws(
      () => modelResponse({ output, usage: usage as never }),
      (error: unknown) => assertInvalidUsage(error, {}, 'response.'),
    );
  }
});

test('ScriptedModel rejects invalid usage from a responder through the runner, streamed and not', async () => {
  const step = (): ScriptedModelInput =>
    modelResponder(() => ({
      output: [assistantMessage('hi')],
      usage: { inputTokens: 'five' } as never,
    }));
  await assert.rejects(
    runner.run(agentWith(new ScriptedModel([step()])), 'x'),
    (error: unknown) =>
      assertInvalidUsage(error, { callIndex: 0 }, 'respond().'),
  );
  await assert.rejects(
    runStreamed(agentWith(new ScriptedModel([step()])), 'x'),
    (error: unknown) =>
      assertInvalidUsage(error, { callIndex: 0 }, 'respond().'),
  );
});
