// The browser stage's page: bundled by esbuild (--platform=browser) with the
// packed package and the SDK, run in headless Chromium. Each check records
// its outcome in `globalThis.__results`; `globalThis.__done` ends the run.
import { Agent, Runner, Usage } from '@openai/agents';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import {
  assistantMessage,
  ScriptedModel,
  scriptedSandboxSession,
  UnexpectedModelCallError,
} from '@scripted/agents';
import {
  RealtimeTransportNotClosedError,
  ScriptedRealtimeTransport,
} from '@scripted/agents/realtime';

type Check = () => Promise<void> | void;
const results: { name: string; ok: boolean; detail?: string }[] = [];
const g = globalThis as unknown as {
  __results: typeof results;
  __done: boolean;
};
g.__results = results;

function ok(value: unknown, what: string): void {
  if (!value) throw new Error(`Expected ${what}`);
}
function equal(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}
function throwsTypeError(work: () => void, what: string): void {
  try {
    work();
  } catch (error) {
    if (error instanceof TypeError) return;
    throw error;
  }
  throw new Error(`Expected a TypeError: ${what}`);
}

const runner = new Runner({ tracingDisabled: true });
const checks: [string, Check][] = [
  ['plain run', async () => {
    const model = new ScriptedModel([[assistantMessage('Paris.')]]);
    const agent = new Agent({ name: 'Geography', model });
    const result = await runner.run(agent, 'Capital of France?');
    equal(result.finalOutput, 'Paris.', 'finalOutput');
    equal(model.calls.length, 1, 'calls');
    equal(model.firstCall?.request.input, [
      { type: 'message', role: 'user', content: 'Capital of France?' },
    ], 'recorded input');
    ok(result.rawResponses[0].usage instanceof Usage, 'one SDK core: Usage');
    model.assertComplete();
  }],
  ['streamed run', async () => {
    const model = new ScriptedModel([[assistantMessage('Streamed.')]]);
    const agent = new Agent({ name: 'Streamer', model });
    const result = await runner.run(agent, 'hi', { stream: true });
    let text = '';
    for await (const chunk of result.toTextStream()) text += chunk;
    await result.completed;
    equal(text, 'Streamed.', 'streamed text');
    equal(result.finalOutput, 'Streamed.', 'finalOutput');
    equal(model.lastCall?.streamed, true, 'recorded as streamed');
    model.assertComplete();
  }],
  ['drift caught', async () => {
    const model = new ScriptedModel([[assistantMessage('Once.')]]);
    const agent = new Agent({ name: 'Once', model });
    await runner.run(agent, 'first');
    let caught: unknown;
    try {
      await runner.run(agent, 'second');
    } catch (error) {
      caught = error; // the application swallows the mismatch
    }
    ok(caught instanceof UnexpectedModelCallError, 'UnexpectedModelCallError');
    let rethrown: unknown;
    try {
      model.assertComplete();
    } catch (error) {
      rethrown = error;
    }
    ok(rethrown === caught, 'assertComplete rethrows the same error');
    equal((rethrown as UnexpectedModelCallError).callIndex, 1, 'callIndex');
  }],
  ['realtime scenario', async () => {
    const transport = new ScriptedRealtimeTransport();
    const session = new RealtimeSession(
      new RealtimeAgent({ name: 'Assistant' }),
      { transport },
    );
    await transport.runScenario({
      signal: AbortSignal.timeout(5_000),
      scenario: async ({ expectCall }) => {
        await expectCall('connect');
        await expectCall('sendMessage', (call) => {
          equal(call.message, 'Hello', 'sent message');
        });
        await expectCall('close');
      },
      exercise: async () => {
        try {
          await session.connect({ apiKey: 'test' });
          session.sendMessage('Hello');
        } finally {
          session.close();
        }
      },
    });
    equal(transport.calls.map((c) => c.method), [
      'connect',
      'sendMessage',
      'close',
    ], 'recorded methods');
    transport.assertComplete();
    transport.assertClosed();
    const open = new ScriptedRealtimeTransport();
    await open.connect({ apiKey: 'k' });
    let notClosed: unknown;
    try {
      open.assertClosed();
    } catch (error) {
      notClosed = error;
    }
    ok(
      notClosed instanceof RealtimeTransportNotClosedError,
      'RealtimeTransportNotClosedError',
    );
  }],
  ['recorded calls are frozen and detached', async () => {
    const model = new ScriptedModel([[assistantMessage('Frozen.')]]);
    const input = [
      { type: 'message' as const, role: 'user' as const, content: 'x' },
    ];
    await runner.run(new Agent({ name: 'F', model }), input);
    const call = model.calls[0];
    ok(Object.isFrozen(model.calls), 'model.calls frozen');
    ok(Object.isFrozen(call), 'a recorded call frozen');
    ok(Object.isFrozen(call.request.input), 'recorded input frozen');
    throwsTypeError(() => {
      (call.request.input as unknown[]).push('late');
    }, 'push into a recorded input');
    input[0].content = 'changed';
    equal(
      (call.request.input as { content: string }[])[0].content,
      'x',
      'detached from the caller',
    );

    const sandbox = scriptedSandboxSession([
      { method: 'execCommand', result: '/workspace\n' },
    ]);
    await sandbox.execCommand!({ cmd: 'pwd' });
    ok(Object.isFrozen(sandbox.calls), 'sandbox.calls frozen');
    ok(Object.isFrozen(sandbox.calls[0]), 'a sandbox call frozen');
    sandbox.assertComplete();

    const transport = new ScriptedRealtimeTransport();
    await transport.connect({ apiKey: 'k' });
    const audio = new Uint8Array([1, 2, 3]);
    transport.sendAudio(audio.buffer, { commit: false });
    audio[0] = 9;
    const sent = transport.calls[1] as { audio: ArrayBuffer };
    ok(Object.isFrozen(transport.calls), 'transport.calls frozen');
    ok(Object.isFrozen(transport.calls[1]), 'a transport call frozen');
    equal(Array.from(new Uint8Array(sent.audio)), [1, 2, 3], 'audio copied');
    transport.close();
  }],
];

for (const [name, check] of checks) {
  try {
    await check();
    results.push({ name, ok: true });
  } catch (error) {
    results.push({
      name,
      ok: false,
      detail: error instanceof Error
        ? `${error.name}: ${error.message}\n${error.stack}`
        : String(error),
    });
  }
}
g.__done = true;
