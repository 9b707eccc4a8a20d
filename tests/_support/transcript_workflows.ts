/**
 * A fixed set of workflows through the real SDK and the three doubles, and
 * the transcript of everything they recorded: every model, sandbox and
 * realtime call, every stream and session event, every error. Run by
 * `print_transcript.ts` on Deno, Bun and Node; `scripts/transcripts.ts`
 * compares the hashes.
 *
 * @module
 */
import { Agent, Runner, tool } from '@openai/agents';
import { SandboxAgent, shell } from '@openai/agents/sandbox';
import {
  RealtimeAgent,
  RealtimeSession,
  tool as realtimeTool,
} from '@openai/agents/realtime';
import {
  assistantMessage,
  functionCall,
  modelError,
  ScriptedModel,
  scriptedSandboxSession,
} from '@scripted/agents';
import { autoModelWorkflow } from './transcript_auto_model.ts';
import { runSnapshotWorkflow } from './transcript_run_snapshot.ts';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import { z } from 'zod';
import { canonical } from './canonical.ts';

/** One workflow's record. */
export type Entry = Record<string, unknown>;

function caught(error: unknown): Entry {
  return { error };
}

function attempt(work: () => unknown): unknown {
  try {
    return { value: work() };
  } catch (error) {
    return caught(error);
  }
}

async function settle(work: () => Promise<unknown>): Promise<unknown> {
  try {
    return { value: await work() };
  } catch (error) {
    return caught(error);
  }
}

function weatherAgent(model: ScriptedModel): Agent {
  const weather = tool({
    name: 'get_weather',
    description: 'Gets the weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => `${city}: sunny`,
  });
  return new Agent({ name: 'Weather assistant', model, tools: [weather] });
}

function weatherScript(): ScriptedModel {
  return new ScriptedModel([
    [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
    [assistantMessage('It is sunny in Tokyo.')],
  ]);
}

async function modelPlain(): Promise<Entry> {
  const model = weatherScript();
  const runner = new Runner({ tracingDisabled: true });
  const result = await runner.run(weatherAgent(model), 'Weather in Tokyo?');
  model.assertComplete();
  return {
    finalOutput: result.finalOutput,
    rawResponses: result.rawResponses,
    newItems: result.newItems.map((item) => item.rawItem),
    calls: model.calls,
  };
}

async function modelStreamed(): Promise<Entry> {
  const model = weatherScript();
  const runner = new Runner({ tracingDisabled: true });
  const result = await runner.run(weatherAgent(model), 'Weather in Tokyo?', {
    stream: true,
  });
  const events: unknown[] = [];
  for await (const event of result) {
    events.push(
      event.type === 'raw_model_stream_event'
        ? { type: event.type, data: event.data }
        : event.type === 'run_item_stream_event'
        ? { type: event.type, name: event.name, item: event.item.rawItem }
        : { type: event.type, agent: event.agent.name },
    );
  }
  await result.completed;
  model.assertComplete();
  return { finalOutput: result.finalOutput, events, calls: model.calls };
}

async function modelErrors(): Promise<Entry> {
  const failing = new ScriptedModel([modelError(new Error('model down'))]);
  const runner = new Runner({ tracingDisabled: true });
  const failed = await settle(() =>
    runner.run(new Agent({ name: 'A', model: failing }), 'hi')
  );
  // A tool loop whose second turn was never scripted.
  const short = new ScriptedModel([
    [functionCall('get_weather', { city: 'Oslo' }, { callId: 'call_2' })],
  ]);
  const drift = await settle(() =>
    runner.run(weatherAgent(short), 'Weather in Oslo?')
  );
  const unconsumed = new ScriptedModel([[assistantMessage('unused')]]);
  return {
    failed,
    failingCalls: failing.calls,
    drift,
    driftCalls: short.calls,
    driftAssert: attempt(() => short.assertComplete()),
    unconsumed: attempt(() => unconsumed.assertComplete()),
    invalid: attempt(() => new ScriptedModel([{ type: 'nope' } as never])),
  };
}

async function sandbox(): Promise<Entry> {
  const session = scriptedSandboxSession([
    { method: 'execCommand', result: '/workspace\n' },
  ]);
  const model = new ScriptedModel([
    [functionCall('exec_command', { cmd: 'pwd' }, { callId: 'call_1' })],
    [assistantMessage('The workspace is /workspace.')],
  ]);
  const agent = new SandboxAgent({
    name: 'Workspace assistant',
    model,
    capabilities: [shell()],
  });
  const runner = new Runner({ tracingDisabled: true });
  const result = await runner.run(agent, 'Which directory?', {
    sandbox: { session },
  });
  const wrong = scriptedSandboxSession([
    { method: 'readFile', result: 'x' },
  ]) as unknown as {
    readFile(...args: unknown[]): Promise<unknown>;
    assertComplete(): void;
  };
  return {
    finalOutput: result.finalOutput,
    sandboxCalls: session.calls,
    modelCalls: model.calls,
    remaining: session.remainingSteps,
    unexpected: await settle(() => wrong.readFile({ path: 'a' }, 'extra')),
    afterScript: await settle(() => wrong.readFile({ path: 'b' })),
    assertComplete: attempt(() => wrong.assertComplete()),
    invalid: attempt(() =>
      scriptedSandboxSession([{ method: 'fly', result: 1 } as never])
    ),
  };
}

async function realtime(): Promise<Entry> {
  const lookupOrder = realtimeTool({
    name: 'lookup_order',
    description: 'Looks up an order by ID.',
    parameters: z.object({ orderId: z.string() }),
    execute: ({ orderId }) => `Order ${orderId} has shipped.`,
  });
  const agent = new RealtimeAgent({
    name: 'Order assistant',
    instructions: 'Help customers track their orders.',
    tools: [lookupOrder],
  });
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(agent, { transport });
  const events: unknown[] = [];
  for (
    const name of [
      'agent_tool_start',
      'agent_tool_end',
      'history_added',
      'audio_interrupted',
      'error',
    ] as const
  ) {
    session.on(name, (...args: unknown[]) => {
      events.push({ event: name, args: args.slice(1) });
    });
  }
  let release!: () => void;
  let fail!: (error: unknown) => void;
  const toolDone = new Promise<void>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  void toolDone.catch(() => undefined);
  const controller = new AbortController();
  await transport.runScenario({
    signal: controller.signal,
    scenario: async ({ expectCall, emit }) => {
      try {
        await expectCall('connect');
        await expectCall('sendMessage');
        emit('item_update', {
          itemId: 'user_1',
          type: 'message',
          role: 'user',
          status: 'completed',
          content: [{ type: 'input_text', text: 'Where is order 123?' }],
        });
        emit('turn_started', {
          type: 'response_started',
          providerData: { response: { id: 'response_1' } },
        });
        emit('function_call', {
          type: 'function_call',
          name: 'lookup_order',
          callId: 'call_1',
          arguments: JSON.stringify({ orderId: 'order_123' }),
          responseId: 'response_1',
        });
        await expectCall('sendFunctionCallOutput');
        emit('audio_interrupted');
        release();
        await expectCall('close');
      } catch (error) {
        fail(error);
        throw error;
      }
    },
    exercise: async () => {
      try {
        await session.connect({ apiKey: 'transcript-key' });
        session.sendMessage('Where is order 123?');
        await toolDone;
      } finally {
        session.close();
      }
    },
  });
  transport.assertComplete();
  transport.assertClosed();
  const strict = new ScriptedRealtimeTransport();
  const mismatch = strict.expectCall('sendMessage');
  void mismatch.catch(() => undefined);
  const unexpected = await settle(() => strict.mute(true) as never);
  return {
    calls: transport.calls,
    history: session.history,
    events,
    status: transport.status,
    unexpected,
    mismatch: await settle(() => mismatch),
    complete: attempt(() => strict.assertComplete()),
    notClosed: await settle(async () => {
      await strict.connect({ apiKey: 'k' } as never);
      strict.assertClosed();
    }),
    badInput: attempt(() => strict.expectCall('fly' as never)),
  };
}

/**
 * Runs every workflow in a fixed order and returns the canonical record.
 *
 * @returns The transcript as plain data.
 */
export async function runWorkflows(): Promise<unknown> {
  const transcript: Record<string, Entry> = {};
  transcript.modelPlain = await modelPlain();
  transcript.modelStreamed = await modelStreamed();
  transcript.modelErrors = await modelErrors();
  transcript.sandbox = await sandbox();
  transcript.realtime = await realtime();
  transcript.autoModel = await autoModelWorkflow();
  transcript.runSnapshot = await runSnapshotWorkflow();
  return canonical(transcript);
}
