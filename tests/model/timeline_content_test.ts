/**
 * Every line of a failing model's timeline says what its step or call
 * held: function calls (tool and call id), a handoff, a message's first
 * words, an error's class, a stream's output; the input's last item for a
 * call. Credentials are removed, lines stay within the bound.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { Agent } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  modelError,
  modelResponder,
  modelStream,
  ScriptedModel,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from '@scripted/agents';
import { handoffCall, reasoning } from '@scripted/agents/items';
import { agentWith, request, runner } from './_fixtures.ts';

const planted = 'sk-proj-PLANTEDabcdefghijklmnopqrstuvwxyz0123';

test('each pending step says what it holds, credentials removed', async () => {
  const billing = new Agent({ name: 'Billing' });
  function* lazy() {
    yield* [] as never[];
  }
  const model = new ScriptedModel([
    [assistantMessage('one two three four five six seven eight')],
    [
      functionCall('lookup', {}, { callId: 'c1' }),
      handoffCall(billing, { callId: 'c2' }),
    ],
    [],
    [assistantMessage('   ')],
    [reasoning('thinking')],
    modelError(new RangeError('x')),
    modelError('boom'),
    modelStream([]),
    modelStream([{
      type: 'response_done',
      response: {
        id: 'r1',
        usage: {
          requests: 1,
          inputTokens: 0,
          outputTokens: 0,
          totalTokens: 0,
          inputTokensDetails: [],
          outputTokensDetails: [],
        },
        output: [assistantMessage('streamed text')],
      },
    }] as never),
    modelStream(lazy()),
    modelResponder(() => [assistantMessage('later')]),
    [assistantMessage(`the key is ${planted}`)],
  ]);
  await runner.run(agentWith(model), 'Hi');
  assert.throws(() => model.assertComplete(), (error: unknown) => {
    assert(error instanceof UnconsumedModelStepsError);
    const lines = error.message.split('\n');
    assert.deepEqual(lines.slice(1), [
      'Timeline (12 steps, 1 call; ">" marks the first divergence):',
      '  call 0 "getResponse" user "Hi" -> step 0 "response" "one two three four five six …"',
      '> step 1 "response" lookup(c1), handoff transfer_to_Billing…: pending',
      '  step 2 "response" no output: pending',
      '  step 3 "response" assistant: pending',
      '  step 4 "response" reasoning: pending',
      '  step 5 "error" RangeError: pending',
      '  step 6 "error" string: pending',
      '  step 7 "stream" 0 events: pending',
      '  step 8 "stream" "streamed text": pending',
      '  step 9 "stream": pending',
      '  step 10 "responder": pending',
      '  step 11 "response" "the key is [redacted]": pending',
    ]);
    assert.ok(!error.message.includes('PLANTED'));
    return true;
  });
});

test('each call says the last item of its input', async () => {
  const model = new ScriptedModel([
    [assistantMessage('a')],
    [assistantMessage('b')],
    [assistantMessage('c')],
    [assistantMessage('d')],
    [assistantMessage('a b c d e f')],
  ]);
  const inputs = [
    [],
    [{
      role: 'user',
      content: [null, { type: 'input_text', text: 'parts' }],
    }],
    [
      { role: 'user', content: 'Hi' },
      {
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'Hello there' }],
      },
    ],
    [{ role: 'user', content: [{ type: 'input_image', image: 'x' }] }],
    [{ type: 'message', role: 'developer' }],
    `${planted} and a long tail of many more words here`,
  ];
  let error: unknown;
  for (const input of inputs) {
    error = await model.getResponse(request({ input: input as never })).catch(
      (e: unknown) => e,
    );
  }
  assert(error instanceof UnexpectedModelCallError);
  assert.deepEqual(error.message.split('\n').slice(1), [
    'Timeline (5 steps, 6 calls; ">" marks the first divergence):',
    '  call 0 "getResponse" -> step 0 "response" "a"',
    '  call 1 "getResponse" user "parts" -> step 1 "response" "b"',
    '  call 2 "getResponse" "Hello there" -> step 2 "response" "c"',
    '  call 3 "getResponse" user -> step 3 "response" "d"',
    '  call 4 "getResponse" developer -> step 4 "response" "a b c d e f"',
    '> call 5 "getResponse" user "[redacted] and a long tail of …": matched no step',
  ]);
});
