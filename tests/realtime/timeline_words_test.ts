/**
 * What a Realtime timeline shows of a message: its words, one space
 * between them however the text was spaced, and a message's text parts
 * joined by a space.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import {
  IncompleteRealtimeScenarioError,
  ScriptedRealtimeTransport,
} from '@scripted/agents/realtime';

test('A timeline shows a message word by word and its text parts joined by a space', async () => {
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
    transport,
  });
  const taken = [
    transport.expectCall('connect'),
    transport.expectCall('sendMessage'),
    transport.expectCall('sendMessage'),
    transport.expectCall('sendMessage'),
  ];
  await session.connect({ apiKey: 'test' });
  session.sendMessage('  Hi   there\n\tyou  ');
  // Six words, however spaced, are all of them: no ellipsis.
  session.sendMessage('one  two  three  four  five  six');
  session.sendMessage({
    type: 'message',
    role: 'user',
    content: [
      { type: 'input_text', text: 'Two' },
      { type: 'input_text', text: 'parts' },
    ],
  });
  await Promise.all(taken);
  transport.expectCall('close');
  assert.throws(() => transport.assertComplete(), (error) => {
    assert(error instanceof IncompleteRealtimeScenarioError);
    assert.deepEqual(error.message.split('\n').slice(3, 6), [
      '  call 1 "sendMessage" "Hi there you" -> expectation 1 "sendMessage"',
      '  call 2 "sendMessage" "one two three four five six" -> expectation 2 "sendMessage"',
      '  call 3 "sendMessage" "Two parts" -> expectation 3 "sendMessage"',
    ]);
    return true;
  });
  session.close();
});
