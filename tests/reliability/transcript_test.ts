import assert from 'node:assert/strict';
import test from 'node:test';
import { runWorkflows } from '../_support/transcript_workflows.ts';

interface Transcript {
  modelPlain: { finalOutput: string; calls: unknown[] };
  modelStreamed: { finalOutput: string; events: { type: string }[] };
  modelErrors: { drift: { error: { name: string; callIndex: number } } };
  sandbox: { sandboxCalls: { method: string }[] };
  realtime: { calls: { method: string }[]; unexpected: { error: unknown } };
}

test('Transcript workflows record the same canonical JSON on every run', async () => {
  const first = JSON.stringify(await runWorkflows());
  const second = JSON.stringify(await runWorkflows());
  assert.equal(second, first);
});

test('Transcript workflows record every double through the real SDK', async () => {
  const transcript = await runWorkflows() as Transcript;
  assert.equal(transcript.modelPlain.finalOutput, 'It is sunny in Tokyo.');
  assert.equal(transcript.modelPlain.calls.length, 2);
  assert.equal(transcript.modelStreamed.finalOutput, 'It is sunny in Tokyo.');
  assert(
    transcript.modelStreamed.events.some((event) =>
      event.type === 'raw_model_stream_event'
    ),
  );
  assert.equal(
    transcript.modelErrors.drift.error.name,
    'UnexpectedModelCallError',
  );
  assert.equal(transcript.modelErrors.drift.error.callIndex, 1);
  assert.deepEqual(
    transcript.sandbox.sandboxCalls.map((call) => call.method),
    ['execCommand'],
  );
  assert.deepEqual(
    transcript.realtime.calls.map((call) => call.method),
    ['connect', 'sendMessage', 'sendFunctionCallOutput', 'close'],
  );
  assert.notEqual(transcript.realtime.unexpected.error, undefined);
});
