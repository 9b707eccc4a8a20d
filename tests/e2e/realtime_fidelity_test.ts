/**
 * The realtime fidelity suite: every turn builder scenario runs twice —
 * through the SDK's real `OpenAIRealtimeWebSocket` in a real
 * `RealtimeSession` against the wire stand-in playing the same turn, and
 * through the builder on `ScriptedRealtimeTransport` — and the two must
 * show the same session events, the same transport events (raw on `*` and
 * by name, and normalized), the same final history and usage. A difference
 * fails unless it is a known limit below, documented with its reason in
 * `docs/realtime-sim.md`.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { RealtimeAgent, tool } from '@openai/agents/realtime';
import { z } from 'zod';
import {
  audioTurn,
  defaultTurnUsage,
  functionCallTurn,
  handoffTurn,
  interruptedTurn,
  mcpApprovalTurn,
  type RealtimeTurnUsage,
  textTurn,
  userSpeechTurn,
} from '@scripted/agents/realtime/sim';
import type { RealtimeScenarioRunContext } from '@scripted/agents/realtime';
import {
  type AppContext,
  type AppSide,
  canonicalIds,
  type Observed,
  type RealSide,
  runReal,
  runSimulated,
  sessionSaw,
} from './_realtime_fidelity.ts';
import type { WireUsage } from './_realtime_server.ts';

/** A difference the builders accept, documented in `docs/realtime-sim.md`. */
interface KnownLimit {
  /** Its name in the guide's list of known limits. */
  readonly id: string;
  /** Removes from the real run what the builders do not emit. */
  readonly apply: (observed: Observed) => Observed;
}

const sessionUpdated: KnownLimit = {
  id: 'no-session-updated',
  apply: (observed) => ({
    ...observed,
    events: observed.events.filter(([name, args]) =>
      name !== 'transport:session.updated' &&
      (args as { type?: string }[])[0]?.type !== 'session.updated'
    ),
  }),
};

interface Scenario {
  readonly name: string;
  readonly agent?: () => RealtimeAgent;
  /** The real run's server side: what the stand-in plays. */
  readonly server: (side: RealSide) => Promise<void>;
  /** The builder run's scenario: the same turn from the builders. */
  readonly builders: (ctx: RealtimeScenarioRunContext) => Promise<void>;
  /** The application, the same in both runs. */
  readonly app: AppSide;
  readonly limits?: readonly KnownLimit[];
  /** What the issue claims of the real transport, checked on both runs. */
  readonly claims?: (observed: Observed) => void;
}

/** The session events' names, in order (transport events left out). */
function sessionNames(observed: Observed): string[] {
  return observed.events
    .map(([name]) => name)
    .filter((name) =>
      name.startsWith('session:') && name !== 'session:transport_event' &&
      name !== 'session:history_updated' && name !== 'session:audio'
    )
    .map((name) => name.slice('session:'.length));
}

/** The arguments of every `name` event. */
function argsOf(observed: Observed, name: string): unknown[][] {
  return observed.events
    .filter(([entry]) => entry === name)
    .map(([, args]) => args as unknown[]);
}

const spokenUsage: RealtimeTurnUsage = {
  inputTokens: 230,
  outputTokens: 64,
  inputTokensDetails: { text_tokens: 30, audio_tokens: 200, cached_tokens: 0 },
  outputTokensDetails: { text_tokens: 14, audio_tokens: 50 },
};
/** The same usage as the server reports it. */
const spokenWireUsage: WireUsage = {
  input_tokens: 230,
  output_tokens: 64,
  input_token_details: { text_tokens: 30, audio_tokens: 200, cached_tokens: 0 },
  output_token_details: { text_tokens: 14, audio_tokens: 50 },
};

const answer = ['Your order ', 'shipped ', 'yesterday.'];
/** 20 ms per chunk (960 bytes of 24 kHz PCM16). */
const chunkMs = 20;

/** The app asks the transport for a response (`response.create`). */
function requestResponse(session: AppContext['session']): void {
  const request = session.transport.requestResponse;
  assert(request !== undefined);
  request.call(session.transport);
}

/** The app asks for a response and waits until `count` turns ended. */
function respond(count = 1): AppSide {
  return async ({ session }) => {
    const ended = sessionSaw(session, 'agent_end', count);
    requestResponse(session);
    await ended;
  };
}

const lookup = () =>
  tool({
    name: 'lookup_order',
    description: 'Looks up an order.',
    parameters: z.object({ orderId: z.string() }),
    execute: ({ orderId }) => `Order ${orderId} shipped`,
  });

const scenarios: Scenario[] = [
  {
    name: 'text answer (default usage)',
    server: ({ server }) => {
      // The stand-in's default usage: what the builders' default copies.
      server.plan({ type: 'text', deltas: ['Paris is ', 'the capital.'] });
      return Promise.resolve();
    },
    builders: async (ctx) => {
      await ctx.expectCall('requestResponse');
      textTurn(ctx, { text: ['Paris is ', 'the capital.'] });
    },
    app: respond(),
    claims: (observed) => {
      assert.equal(argsOf(observed, 'transport:item_update').length, 4);
      assert.equal(argsOf(observed, 'session:transport_event').length, 12);
      const [[done]] = argsOf(observed, 'transport:turn_done') as [
        [{ response: object }],
      ];
      assert.deepEqual(Object.keys(done.response), ['id', 'output', 'usage']);
      const usage = observed.usage as Record<string, unknown>;
      assert.equal(usage.requests, 1);
      assert.equal(usage.inputTokens, defaultTurnUsage.inputTokens);
      assert.equal(usage.outputTokens, defaultTurnUsage.outputTokens);
    },
  },
  {
    name: 'audio answer',
    server: ({ server }) => {
      server.plan({ type: 'audio', deltas: answer, usage: spokenWireUsage });
      return Promise.resolve();
    },
    builders: async (ctx) => {
      await ctx.expectCall('requestResponse');
      audioTurn(ctx, { transcript: answer, usage: spokenUsage });
    },
    app: respond(),
  },
  {
    name: 'audio answer, transcript deltas first',
    server: ({ server }) => {
      server.plan({ type: 'audio', deltas: answer, order: 'transcript-first' });
      return Promise.resolve();
    },
    builders: async (ctx) => {
      await ctx.expectCall('requestResponse');
      audioTurn(ctx, { transcript: answer, order: 'transcript-first' });
    },
    app: respond(),
  },
  {
    name: 'function call, then the spoken answer',
    agent: () => new RealtimeAgent({ name: 'Orders', tools: [lookup()] }),
    server: ({ server }) => {
      server.plan(
        {
          type: 'function_call',
          name: 'lookup_order',
          callId: 'call_1',
          arguments: '{"orderId":"42"}',
        },
        { type: 'audio', deltas: answer },
      );
      return Promise.resolve();
    },
    builders: async (ctx) => {
      await ctx.expectCall('requestResponse');
      await functionCallTurn(ctx, {
        name: 'lookup_order',
        arguments: { orderId: '42' },
        callId: 'call_1',
      });
      audioTurn(ctx, { transcript: answer });
    },
    app: respond(2),
    claims: (observed) => {
      // History read inside agent_tool_end already holds the output.
      const [end] = argsOf(observed, 'session:agent_tool_end');
      assert.deepEqual(
        (end?.at(-1) as { historyThen: unknown[] }).historyThen.map((item) => [
          (item as { status: string }).status,
          (item as { output: unknown }).output,
        ]),
        [['completed', 'Order 42 shipped']],
      );
    },
  },
  {
    name: 'function call that needs approval, approved by the app',
    agent: () =>
      new RealtimeAgent({
        name: 'Support',
        tools: [tool({
          name: 'refund',
          description: 'Refunds an order.',
          parameters: z.object({ amount: z.number() }),
          needsApproval: true,
          execute: ({ amount }) => `Refunded ${amount}`,
        })],
      }),
    server: ({ server }) => {
      server.plan(
        {
          type: 'function_call',
          name: 'refund',
          callId: 'call_r',
          arguments: '{"amount":5}',
        },
        { type: 'text', deltas: ['Done.'] },
      );
      return Promise.resolve();
    },
    builders: async (ctx) => {
      await ctx.expectCall('requestResponse');
      await functionCallTurn(ctx, {
        name: 'refund',
        arguments: { amount: 5 },
        callId: 'call_r',
      });
      textTurn(ctx, { text: 'Done.' });
    },
    app: async (app) => {
      app.session.on('tool_approval_requested', (_c, _a, request) => {
        void app.session.approve(request.approvalItem);
      });
      await respond(2)(app);
    },
  },
  {
    name: 'handoff, then the new agent answers',
    agent: () =>
      new RealtimeAgent({
        name: 'Triage',
        handoffs: [
          new RealtimeAgent({ name: 'Billing', instructions: 'Invoices.' }),
        ],
      }),
    server: ({ server }) => {
      server.plan(
        {
          type: 'function_call',
          name: 'transfer_to_Billing',
          callId: 'call_h',
          arguments: '{}',
        },
        { type: 'text', deltas: ['Billing here.'] },
      );
      return Promise.resolve();
    },
    builders: async (ctx) => {
      await ctx.expectCall('requestResponse');
      await handoffTurn(ctx, {
        toolName: 'transfer_to_Billing',
        callId: 'call_h',
      });
      textTurn(ctx, { text: 'Billing here.' });
    },
    app: respond(2),
    limits: [sessionUpdated],
  },
  {
    name: 'user speech with transcription deltas',
    server: async ({ server }) => {
      await server.speechStarted(120);
      await server.userTurn({
        transcript: 'Where is my order?',
        deltas: ['Where is', ' my order?'],
        audioEndMs: 1400,
      });
    },
    builders: (ctx) => {
      userSpeechTurn(ctx, {
        transcript: ['Where is', ' my order?'],
        audioStartMs: 120,
        audioEndMs: 1400,
      });
      return Promise.resolve();
    },
    app: () => Promise.resolve(),
  },
];

/** Speech after an audio answer the user heard `heard` chunks of. */
function speechAfterAnswer(heard: number): Scenario {
  return {
    name: `user speech after an audio answer (${heard} of 3 chunks heard)`,
    server: async ({ server, session, clock }) => {
      server.plan({ type: 'audio', deltas: answer });
      await sessionSaw(session, 'agent_end');
      await server.settle();
      clock.heardMs = heard * chunkMs;
      await server.speechStarted();
      await server.userTurn({ transcript: 'Thanks!' });
    },
    builders: async (ctx) => {
      await ctx.expectCall('requestResponse');
      audioTurn(ctx, { transcript: answer });
      userSpeechTurn(ctx, {
        transcript: 'Thanks!',
        ...(heard === 3 ? {} : { heard }),
      });
    },
    app: respond(),
  };
}

/** An answer cut by the user's speech after `heard` chunks. */
function cutBySpeech(heard: number): Scenario {
  return {
    name: `interruption by speech after ${heard} chunks heard`,
    server: ({ server, clock }) => {
      clock.heardAtSpeech = heard * chunkMs;
      server.plan({
        type: 'audio',
        deltas: answer,
        cut: { after: heard, by: 'speech' },
      });
      return Promise.resolve();
    },
    builders: async (ctx) => {
      await ctx.expectCall('requestResponse');
      await interruptedTurn(ctx, { transcript: answer, heard });
    },
    app: respond(),
    claims: (observed) => {
      const names = sessionNames(observed);
      assert.equal(names.includes('audio_interrupted'), heard > 0);
      assert(
        names.indexOf('audio_interrupted') < names.indexOf('audio_stopped'),
      );
    },
  };
}

/** An answer the app interrupts after `heard` chunks. */
function cutByApp(heard: number): Scenario {
  let interrupted: () => void = () => {};
  const interruptedOnce = new Promise<void>((resolve) => {
    interrupted = resolve;
  });
  return {
    name: `interruption by the app's interrupt() after ${heard} chunks heard`,
    server: async ({ server, session }) => {
      server.plan({
        type: 'audio',
        deltas: answer,
        cut: { after: heard, by: 'client' },
      });
      if (heard > 0) return;
      // interrupt() before any audio is a no-op: the answer plays on.
      await sessionSaw(session, 'response.content_part.added');
      await interruptedOnce;
      await server.settle();
      await server.resume();
    },
    builders: async (ctx) => {
      await ctx.expectCall('requestResponse');
      await interruptedTurn(ctx, {
        transcript: answer,
        heard,
        trigger: 'interrupt',
      });
    },
    app: async ({ session, heard: setHeard }) => {
      const ended = sessionSaw(session, 'agent_end');
      const playing = heard > 0
        ? sessionSaw(session, 'response.output_audio_transcript.delta', heard)
        : sessionSaw(session, 'response.content_part.added');
      requestResponse(session);
      await playing;
      setHeard(heard * chunkMs);
      session.interrupt();
      interrupted();
      await ended;
    },
    claims: (observed) => {
      const names = sessionNames(observed);
      assert.equal(names.includes('audio_interrupted'), heard > 0);
      const [[, output]] = argsOf(observed, 'session:agent_end') as [
        [unknown, string],
      ];
      assert.equal(
        output,
        heard > 0 ? answer.slice(0, heard).join('') : answer.join(''),
      );
    },
  };
}

/** The whole answer generated, then the cut after `heard` chunks heard. */
function lateBargeIn(trigger: 'speech' | 'interrupt'): Scenario {
  const heard = 1;
  return {
    name: `late barge-in by ${trigger} (generation done, ${heard} chunk heard)`,
    server: async ({ server, session, clock }) => {
      server.plan({ type: 'audio', deltas: answer });
      if (trigger === 'interrupt') return;
      await sessionSaw(session, 'agent_end');
      await server.settle();
      clock.heardMs = heard * chunkMs;
      await server.speechStarted();
    },
    builders: async (ctx) => {
      await ctx.expectCall('requestResponse');
      await interruptedTurn(ctx, {
        transcript: answer,
        heard,
        late: true,
        trigger,
      });
    },
    app: async (app) => {
      await respond()(app);
      if (trigger === 'speech') return;
      app.heard(heard * chunkMs);
      app.session.interrupt();
    },
    claims: (observed) => {
      assert.deepEqual(sessionNames(observed).slice(-2), [
        'agent_end',
        'audio_interrupted',
      ]);
      // The history keeps what was generated, not what was heard.
      assert.match(JSON.stringify(observed.history), /shipped yesterday/);
    },
  };
}

scenarios.push(
  speechAfterAnswer(3),
  speechAfterAnswer(1),
  cutBySpeech(2),
  cutBySpeech(0),
  cutByApp(2),
  cutByApp(0),
  lateBargeIn('speech'),
  lateBargeIn('interrupt'),
  {
    name: 'MCP approval inside a response, approved by the app',
    server: ({ server }) => {
      server.plan({
        type: 'mcp_approval',
        serverLabel: 'files',
        name: 'delete_file',
        arguments: '{"path":"/tmp/a"}',
      });
      return Promise.resolve();
    },
    builders: async (ctx) => {
      await ctx.expectCall('requestResponse');
      await mcpApprovalTurn(ctx, {
        serverLabel: 'files',
        name: 'delete_file',
        arguments: { path: '/tmp/a' },
      });
    },
    app: async ({ session }) => {
      const requested = new Promise<void>((resolve) => {
        session.on('tool_approval_requested', (_c, _a, request) => {
          void session.approve(request.approvalItem).then(resolve);
        });
      });
      await respond()({ session, heard: () => {} });
      await requested;
    },
    claims: (observed) => {
      assert.deepEqual(sessionNames(observed), [
        'agent_start',
        'history_added',
        'tool_approval_requested',
        'agent_end',
      ]);
      assert.deepEqual(argsOf(observed, 'session:agent_end')[0]?.[1], '');
      assert.equal((observed.usage as { requests: number }).requests, 1);
    },
  },
);

/** The first entry where the runs differ, for a readable failure. */
function firstDifference(real: Observed, built: Observed): string {
  const length = Math.max(real.events.length, built.events.length);
  for (let i = 0; i < length; i++) {
    try {
      assert.deepStrictEqual(built.events[i], real.events[i]);
    } catch {
      const show = (entry: unknown) => JSON.stringify(entry)?.slice(0, 600);
      return `event ${i}:\n  real:    ${show(real.events[i])}\n  builder: ${
        show(built.events[i])
      }\n  before:  ${show(real.events[i - 1])}`;
    }
  }
  return 'the events match; history or usage differ';
}

const guide = readFileSync('docs/realtime-sim.md', 'utf8');

for (const scenario of scenarios) {
  test(`fidelity: ${scenario.name}`, async () => {
    const agent = scenario.agent ??
      (() => new RealtimeAgent({ name: 'Assistant' }));
    const signal = AbortSignal.timeout(10_000);
    let real = await runReal({
      agent,
      server: scenario.server,
      app: scenario.app,
      signal,
    });
    for (const limit of scenario.limits ?? []) {
      assert(
        guide.includes(`\`${limit.id}\``),
        `known limit "${limit.id}" is not documented in docs/realtime-sim.md`,
      );
      real = limit.apply(real);
    }
    let built = await runSimulated({
      agent,
      scenario: scenario.builders,
      app: scenario.app,
      signal,
    });
    real = canonicalIds(real);
    built = canonicalIds(built);
    scenario.claims?.(real);
    try {
      assert.deepStrictEqual(built, real);
    } catch (error) {
      assert.fail(
        `${scenario.name}: the builder differs from the real transport at ${
          firstDifference(real, built)
        }\n${String(error).slice(0, 2000)}`,
      );
    }
  });
}
