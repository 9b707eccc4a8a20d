/**
 * `modelStream`, `modelStreamResponder` and `modelResponder` reject a
 * revoked proxy of a function at the call (as `respond`, as `events` or as
 * its iterator method), with an `InvalidScriptedModelStepError` whose
 * issue is `unreadable`, not while the stream runs; what passes still
 * streams through a real `Runner.run`.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { Agent, Runner } from '@openai/agents';
import {
  InvalidScriptedModelStepError,
  modelResponder,
  modelStream,
  modelStreamResponder,
  ScriptedModel,
} from '@scripted/agents';

function revokedFunction(): () => never {
  const { proxy, revoke } = Proxy.revocable(function () {}, {});
  revoke();
  return proxy as () => never;
}

function revokedObject(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

type Case = [
  name: string,
  call: () => unknown,
  stepType: string,
  reason: string,
  issue: string,
  path: string,
  received: string | RegExp,
];

const anyError = /^the error "[^"]+"$/u;

const cases: Case[] = [
  [
    'modelStreamResponder(revoked function)',
    () => modelStreamResponder(revokedFunction()),
    'stream_responder',
    'invalid_input',
    'unreadable',
    'respond',
    anyError,
  ],
  [
    'modelResponder(revoked function)',
    () => modelResponder(revokedFunction()),
    'responder',
    'invalid_input',
    'unreadable',
    'respond',
    anyError,
  ],
  [
    'modelStream(revoked function)',
    () => modelStream(revokedFunction() as never),
    'stream',
    'invalid_input',
    'unreadable',
    'events',
    anyError,
  ],
  [
    'modelStream(revoked async iterator method)',
    () => modelStream({ [Symbol.asyncIterator]: revokedFunction() } as never),
    'stream',
    'invalid_input',
    'unreadable',
    'events',
    anyError,
  ],
  [
    'modelStream(revoked iterator method)',
    () => modelStream({ [Symbol.iterator]: revokedFunction() } as never),
    'stream',
    'invalid_input',
    'unreadable',
    'events',
    anyError,
  ],
  // A revoked object is no function: as before, the responder is missing.
  [
    'modelStreamResponder(revoked object)',
    () => modelStreamResponder(revokedObject() as never),
    'stream_responder',
    'missing_responder',
    'invalid_responder',
    'respond',
    'an unreadable value',
  ],
  [
    'modelStreamResponder(42)',
    () => modelStreamResponder(42 as never),
    'stream_responder',
    'missing_responder',
    'invalid_responder',
    'respond',
    '42',
  ],
  [
    'modelStream(42)',
    () => modelStream(42 as never),
    'stream',
    'invalid_stream',
    'invalid_stream',
    'events',
    '42',
  ],
  [
    'modelStream({ [Symbol.iterator]: 1 })',
    () => modelStream({ [Symbol.iterator]: 1 } as never),
    'stream',
    'invalid_stream',
    'invalid_stream',
    'events',
    'an object',
  ],
];

for (const [name, call, stepType, reason, issue, path, received] of cases) {
  test(`${name} is rejected at the call`, () => {
    assert.throws(call, (error) => {
      assert.ok(error instanceof InvalidScriptedModelStepError, String(error));
      assert.equal(error.name, 'InvalidScriptedModelStepError');
      assert.equal(error.reason, reason);
      assert.equal(error.issue, issue);
      assert.equal(error.stepType, stepType);
      assert.equal(error.path, path);
      if (typeof received === 'string') {
        assert.equal(error.received, received);
        assert.ok(error.message.endsWith(`, got ${received}`), error.message);
      } else {
        // What the read threw is in the message only.
        assert.equal(error.received, undefined);
        assert.equal(error.expected, `"${path}" to be readable`);
        assert.match(error.message.split(', got ')[1]!, received);
      }
      assert.match(
        error.message,
        new RegExp(
          `^Invalid model step \\("${stepType}"\\): expected "${path}" to be `,
        ),
      );
      return true;
    });
  });
}

test('A stream whose iterator methods are functions still streams through a real run', async () => {
  const text = (delta: string) => ({
    type: 'output_text_delta' as const,
    delta,
  });
  const done = {
    type: 'response_done' as const,
    response: {
      id: 'r',
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      output: [{
        type: 'message' as const,
        role: 'assistant' as const,
        status: 'completed' as const,
        content: [{ type: 'output_text' as const, text: 'Hi' }],
      }],
    },
  };
  const model = new ScriptedModel([
    modelStream({
      *[Symbol.iterator]() {
        yield text('H');
        yield text('i');
        yield done;
      },
    } as never),
    modelStreamResponder(() => [text('H'), text('i'), done] as never),
  ]);
  const runner = new Runner({ tracingDisabled: true });
  for (let i = 0; i < 2; i++) {
    const result = await runner.run(new Agent({ name: 'A', model }), 'Hello', {
      stream: true,
    });
    await result.completed;
    assert.equal(result.finalOutput, 'Hi');
  }
  model.assertComplete();
});
