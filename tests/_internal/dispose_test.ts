import assert from 'node:assert/strict';
import test from 'node:test';
import { Agent, Runner } from '@openai/agents';
import {
  assistantMessage,
  ScriptedModel,
  scriptedSandboxSession,
  UnconsumedModelStepsError,
  UnconsumedSandboxStepsError,
  UnexpectedModelCallError,
} from '@scripted/agents';
import {
  IncompleteRealtimeScenarioError,
  ScriptedRealtimeTransport,
} from '@scripted/agents/realtime';
import { createSession } from '../realtime/_helpers.ts';

const runner = new Runner({ tracingDisabled: true });

// What `using` throws when both the body and the disposal failed: the
// runtime's `SuppressedError`, or on a runtime without one (Node 20) the
// TypeScript downlevel's error of the same name and fields.
function suppressed(
  error: unknown,
): { error: unknown; suppressed: unknown } {
  assert(error instanceof Error);
  assert.equal(error.name, 'SuppressedError');
  // Read from the global object: Node 20 has none, and the compiled tests
  // target a library without its type.
  const native = (globalThis as { SuppressedError?: unknown }).SuppressedError;
  if (typeof native === 'function') assert(error instanceof native);
  return error as unknown as { error: unknown; suppressed: unknown };
}

test('ScriptedModel asserts completeness at the end of a using scope', () => {
  assert.throws(
    () => {
      using model = new ScriptedModel([[assistantMessage('unused')]]);
      assert.equal(model.remainingSteps, 1);
    },
    (error) =>
      error instanceof UnconsumedModelStepsError &&
      error.name === 'UnconsumedModelStepsError' &&
      error.remainingSteps === 1,
  );
});

test('ScriptedModel disposes quietly after a complete run', async () => {
  let finalOutput: unknown;
  {
    using model = new ScriptedModel([[assistantMessage('Paris.')]]);
    const result = await runner.run(
      new Agent({ name: 'Geographer', model }),
      'Capital of France?',
    );
    finalOutput = result.finalOutput;
  }
  assert.equal(finalOutput, 'Paris.');
});

test('ScriptedModel keeps the body error and the completeness failure in a SuppressedError', () => {
  const bodyError = new Error('the assertion in the test body');
  let caught: unknown;
  try {
    using model = new ScriptedModel([[assistantMessage('unused')]]);
    void model;
    throw bodyError;
  } catch (error) {
    caught = error;
  }
  const both = suppressed(caught);
  assert.equal(both.suppressed, bodyError);
  assert(both.error instanceof UnconsumedModelStepsError);
  assert.equal(both.error.remainingSteps, 1);
});

test('ScriptedModel rethrows remembered drift at scope end though the body caught it', async () => {
  let drift: unknown;
  assert.throws(
    () => {
      using model = new ScriptedModel();
      model.getResponse({
        input: 'Hi',
        modelSettings: {},
        tools: [],
        handoffs: [],
        outputType: 'text',
        tracing: false,
      }).catch((error: unknown) => {
        drift = error;
      });
    },
    (error) => error instanceof UnexpectedModelCallError,
  );
  await Promise.resolve();
  assert(drift instanceof UnexpectedModelCallError);
});

test('ScriptedModel disposes through a transparent proxy and under the Node key', () => {
  const model = new ScriptedModel([[assistantMessage('unused')]]);
  const spy = new Proxy(model, {});
  assert.throws(() => {
    using _ = spy;
  }, UnconsumedModelStepsError);
  const nodeKey = Symbol.for('nodejs.dispose');
  const dispose = (model as unknown as Record<symbol, unknown>)[nodeKey];
  assert.equal(typeof dispose, 'function');
  assert.equal(dispose, model[Symbol.dispose]);
  assert.equal(Object.keys(model).includes('Symbol(nodejs.dispose)'), false);
});

test('scriptedSandboxSession asserts completeness at the end of a using scope', () => {
  assert.throws(
    () => {
      using sandbox = scriptedSandboxSession([
        { method: 'supportsPty', result: false },
        { method: 'execCommand', result: '' },
      ]);
      assert.equal(sandbox.supportsPty(), false);
    },
    (error) =>
      error instanceof UnconsumedSandboxStepsError &&
      error.remainingSteps === 1 &&
      error.pendingMethods.length === 1 &&
      error.pendingMethods[0] === 'execCommand',
  );
  {
    using sandbox = scriptedSandboxSession([
      { method: 'supportsPty', result: true },
    ]);
    assert.equal(sandbox.supportsPty(), true);
  }
});

test('scriptedSandboxSession keeps the body error in a SuppressedError', () => {
  const bodyError = new TypeError('body');
  let caught: unknown;
  try {
    using sandbox = scriptedSandboxSession([
      { method: 'execCommand', result: '' },
    ]);
    void sandbox;
    throw bodyError;
  } catch (error) {
    caught = error;
  }
  const both = suppressed(caught);
  assert.equal(both.suppressed, bodyError);
  assert(both.error instanceof UnconsumedSandboxStepsError);
});

test('ScriptedRealtimeTransport asserts completeness at the end of a using scope', async () => {
  assert.throws(
    () => {
      using transport = new ScriptedRealtimeTransport();
      transport.mute(true);
    },
    (error) =>
      error instanceof IncompleteRealtimeScenarioError &&
      error.unconsumedCalls.length === 1 &&
      error.unconsumedCalls[0]?.method === 'mute',
  );
  {
    const { session, transport } = createSession();
    using _ = transport;
    await transport.runScenario({
      scenario: async ({ expectCall }) => {
        await expectCall('connect');
        await expectCall('close');
      },
      exercise: async () => {
        await session.connect({ apiKey: 'test' });
        session.close();
      },
      signal: AbortSignal.timeout(5_000),
    });
  }
});

test('ScriptedRealtimeTransport asserts completeness at the end of an await using scope', async () => {
  await assert.rejects(
    async () => {
      await using transport = new ScriptedRealtimeTransport();
      transport.interrupt();
    },
    (error) =>
      error instanceof IncompleteRealtimeScenarioError &&
      error.unconsumedCalls[0]?.method === 'interrupt',
  );
  const bodyError = new Error('body');
  let caught: unknown;
  try {
    await using transport = new ScriptedRealtimeTransport();
    transport.interrupt();
    throw bodyError;
  } catch (error) {
    caught = error;
  }
  const both = suppressed(caught);
  assert.equal(both.suppressed, bodyError);
  assert(both.error instanceof IncompleteRealtimeScenarioError);
});
