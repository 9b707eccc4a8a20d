import assert from 'node:assert/strict';
import process from 'node:process';
import test from 'node:test';
import {
  assistantMessage,
  ScriptedModel,
  scriptedSandboxSession,
} from '@scripted/agents';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import type { ModelRequest } from '@openai/agents';

// Recorded calls are detached snapshots: once the caller drops what it
// passed, nothing of it may stay reachable through the double.

type Gc = () => void;

// V8's forced GC is exact. JavaScriptCore (Bun) scans stacks conservatively:
// a forced collection there leaves a varying handful of stray objects alive
// (up to 15 of 600 seen), so the proof runs where it can be exact.
function findGc(): Gc | undefined {
  const global = globalThis as { gc?: () => void; Bun?: unknown };
  if (global.Bun !== undefined) return undefined;
  return typeof global.gc === 'function' ? () => global.gc!() : undefined;
}

const gc = findGc();
const onBun = 'Bun' in globalThis;
// `npm test` runs Deno with --v8-flags=--expose-gc and Node with --expose-gc.
const strict = process.env.SCRIPTED_AGENTS_STRICT === '1' && !onBun;
const skip = gc === undefined && !strict
  ? onBun
    ? 'JavaScriptCore has no exact forced GC'
    : 'needs a forced GC: --expose-gc (Node), --v8-flags=--expose-gc (Deno)'
  : false;

async function collect(): Promise<void> {
  assert(gc !== undefined, 'no forced GC in this runtime');
  // A WeakRef made in this job stays alive until the job ends.
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    gc();
  }
}

function assertCollected(refs: WeakRef<object>[]): void {
  const alive = refs.filter((ref) => ref.deref() !== undefined).length;
  assert.equal(alive, 0, `${alive} of ${refs.length} originals are reachable`);
}

function request(i: number): ModelRequest {
  return {
    input: [
      { type: 'message', role: 'user', content: `question ${i}` },
      {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: `${i}` }],
      },
    ],
    modelSettings: { temperature: i },
    tools: [],
    handoffs: [],
    outputType: 'text',
    tracing: false,
  };
}

test(
  'ScriptedModel keeps no original request object alive',
  { skip },
  async () => {
    const calls = 200;
    const model = new ScriptedModel(
      Array.from({ length: calls }, () => [assistantMessage('ok')]),
    );
    const refs: WeakRef<object>[] = [];
    // Each call in its own frame, so no local of the test keeps the last.
    const call = async (i: number): Promise<void> => {
      const sent = request(i);
      const input = sent.input as object[];
      const item = input[1];
      assert.ok(item !== undefined, 'the request has a second input item');
      refs.push(new WeakRef(sent), new WeakRef(input), new WeakRef(item));
      await model.getResponse(sent);
    };
    for (let i = 0; i < calls; i++) await call(i);
    await collect();
    assertCollected(refs);
    assert.equal(model.calls.length, calls);
    assert.deepEqual(model.lastCall?.request.input, request(calls - 1).input);
  },
);

test(
  'scriptedSandboxSession and ScriptedRealtimeTransport keep no argument alive',
  { skip },
  async () => {
    const calls = 100;
    const sandbox = scriptedSandboxSession(
      Array.from({ length: calls }, () => ({
        method: 'execCommand' as const,
        result: '',
      })),
    );
    const transport = new ScriptedRealtimeTransport();
    const refs: WeakRef<object>[] = [];
    // Each call in its own frame, so no local of the test keeps the last.
    const call = async (i: number): Promise<void> => {
      const args = { cmd: `echo ${i}`, workdir: '/w' };
      refs.push(new WeakRef(args));
      await sandbox.execCommand!(args);
      const event = { type: 'custom', payload: { i } };
      const audio = new Uint8Array([i]).buffer;
      refs.push(new WeakRef(event), new WeakRef(event.payload));
      refs.push(new WeakRef(audio));
      transport.sendEvent(event as never);
      transport.sendAudio(audio, { commit: false });
    };
    for (let i = 0; i < calls; i++) await call(i);
    await collect();
    assertCollected(refs);
    assert.equal(sandbox.calls.length, calls);
    assert.equal(transport.calls.length, calls * 2);
    sandbox.assertComplete();
  },
);
