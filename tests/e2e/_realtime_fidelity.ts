/**
 * The machinery of the realtime fidelity suite: what a session and its
 * transport show during a turn (every session event, every transport event
 * by name — raw and normalized — the final history and usage), put in a
 * comparable form, and the two ways of running a turn: the SDK's real
 * `OpenAIRealtimeWebSocket` against the wire stand-in, and the turn
 * builders on `ScriptedRealtimeTransport`.
 *
 * @module
 */
import {
  OpenAIRealtimeWebSocket,
  RealtimeAgent,
  RealtimeSession,
  type RealtimeTransportLayer,
} from '@openai/agents/realtime';
import { WebSocket } from 'ws';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import type { RealtimeScenarioRunContext } from '@scripted/agents/realtime';
import {
  type RealtimeServer,
  startRealtimeServer,
} from './_realtime_server.ts';

/** The session events a `RealtimeSession` emits. */
const sessionEvents = [
  'agent_start',
  'agent_end',
  'agent_handoff',
  'agent_tool_start',
  'agent_tool_end',
  'transport_event',
  'audio_start',
  'audio_stopped',
  'audio',
  'audio_interrupted',
  'guardrail_tripped',
  'history_updated',
  'history_added',
  'error',
  'tool_approval_requested',
  'mcp_tool_call_completed',
  'mcp_tools_changed',
] as const;

/** What a transport emits: normalized events, `*`, and raw by name. */
const transportEvents = [
  '*',
  'item_update',
  'item_deleted',
  'turn_started',
  'turn_done',
  'usage_update',
  'audio',
  'audio_done',
  'audio_interrupted',
  'audio_transcript_delta',
  'output_text_delta',
  'function_call',
  'mcp_approval_request',
  'mcp_tool_call_completed',
  'mcp_tools_listed',
  'error',
  'connection_change',
  'session.created',
  'session.updated',
  'rate_limits.updated',
  'response.created',
  'response.done',
  'response.output_item.added',
  'response.output_item.done',
  'response.content_part.added',
  'response.content_part.done',
  'response.output_text.delta',
  'response.output_text.done',
  'response.output_audio.delta',
  'response.output_audio.done',
  'response.output_audio_transcript.delta',
  'response.output_audio_transcript.done',
  'response.function_call_arguments.delta',
  'response.function_call_arguments.done',
  'conversation.item.added',
  'conversation.item.done',
  'conversation.item.retrieved',
  'conversation.item.truncated',
  'conversation.item.deleted',
  'conversation.item.input_audio_transcription.delta',
  'conversation.item.input_audio_transcription.completed',
  'input_audio_buffer.speech_started',
  'input_audio_buffer.speech_stopped',
  'input_audio_buffer.committed',
] as const;

/** Everything one run showed, comparable with `assert.deepStrictEqual`. */
export interface Observed {
  /** `session:<name>` and `transport:<name>` entries, in emission order. */
  readonly events: readonly (readonly [string, unknown])[];
  readonly history: unknown;
  readonly usage: unknown;
}

// deno-lint-ignore no-explicit-any
type AnySession = RealtimeSession<any>;

/** A comparable description of an event argument (no functions, no cycles). */
function describe(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' ? '[function]' : value;
  }
  if (depth > 12) return '[deep]';
  if (value instanceof ArrayBuffer) return { ArrayBuffer: value.byteLength };
  if (Array.isArray(value)) return value.map((v) => describe(v, depth + 1));
  const name = (value as { constructor?: { name?: string } }).constructor
    ?.name;
  if (value instanceof RealtimeAgent) return { agent: value.name };
  if (name === 'RunContext') return '[context]';
  if (name === 'Usage' || name === 'RequestUsage') {
    return describe(JSON.parse(JSON.stringify(value)), depth + 1);
  }
  if (value instanceof Error) {
    return { error: value.name, message: value.message };
  }
  const out: Record<string, unknown> = {};
  if (name !== undefined && name !== 'Object') out['[class]'] = name;
  for (const [key, v] of Object.entries(value)) {
    if (key === 'invoke' || key === 'needsApproval') continue;
    out[key] = describe(v, depth + 1);
  }
  return out;
}

const idKeys = new Set([
  'event_id',
  'id',
  'item_id',
  'previous_item_id',
  'itemId',
  'previousItemId',
  'response_id',
  'responseId',
  'approval_request_id',
  'conversation_id',
]);

/**
 * Renames every id (values of id keys) to `#1`, `#2`, ... by first
 * appearance: the two runs generate different ids, but the same references.
 */
export function canonicalIds<T>(value: T): T {
  const names = new Map<string, string>();
  const rename = (id: string): string => {
    let name = names.get(id);
    if (name === undefined) {
      name = `#${names.size + 1}`;
      names.set(id, name);
    }
    return name;
  };
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(v)) {
      out[key] = idKeys.has(key) && typeof child === 'string'
        ? rename(child)
        : walk(child);
    }
    return out;
  };
  return walk(value) as T;
}

/**
 * Records what `session` and its transport emit until `stop()` (ids as
 * generated: compare after {@link canonicalIds}).
 */
export function observe(session: AnySession): { stop(): Observed } {
  const events: [string, unknown][] = [];
  const removers: (() => void)[] = [];
  const emitter = session as unknown as {
    on(type: string, listener: (...args: unknown[]) => void): void;
    off(type: string, listener: (...args: unknown[]) => void): void;
  };
  const historyNow = (): unknown => describe(session.history);
  for (const type of sessionEvents) {
    const listener = (...args: unknown[]): void => {
      const shown = args.filter((arg) => describe(arg) !== '[context]').map((
        arg,
      ) => describe(arg));
      if (type === 'agent_tool_start' || type === 'agent_tool_end') {
        shown.push({ historyThen: historyNow() });
      }
      events.push([`session:${type}`, shown]);
    };
    emitter.on(type, listener);
    removers.push(() => emitter.off(type, listener));
  }
  const transport = session.transport as unknown as {
    on(type: string, listener: (...args: unknown[]) => void): void;
    off(type: string, listener: (...args: unknown[]) => void): void;
  };
  for (const type of transportEvents) {
    const listener = (...args: unknown[]): void => {
      events.push([`transport:${type}`, args.map((arg) => describe(arg))]);
    };
    transport.on(type, listener);
    removers.push(() => transport.off(type, listener));
  }
  return {
    stop: () => {
      for (const remove of removers.splice(0)) remove();
      return {
        events: [...events],
        history: describe(session.history),
        usage: describe(session.usage),
      };
    },
  };
}

/**
 * The playback clock of the real transport, which measures what was heard
 * with `Date.now()` from the first audio chunk: while a run lasts,
 * `Date.now` is the base plus `heardMs`, set where the user is cut off.
 */
export class PlaybackClock {
  /** Milliseconds heard since the first audio chunk was received. */
  heardMs = 0;
  /** Set as `heardMs` when the user's `speech_started` arrives. */
  heardAtSpeech: number | undefined;
  readonly #base = 1_000_000;
  readonly #original = Date.now;

  install(): void {
    Date.now = () => this.#base + this.heardMs;
  }

  restore(): void {
    Date.now = this.#original;
  }
}

/** What a scenario's server side gets. */
export interface RealSide {
  readonly server: RealtimeServer;
  readonly session: AnySession;
  readonly clock: PlaybackClock;
}

/** What the app side gets: the session, and where the user was cut off. */
export interface AppContext {
  readonly session: AnySession;
  /** The user heard `ms` of the playing audio (the real transport's clock). */
  heard(ms: number): void;
}

/** The app's side, the same in both runs. */
export type AppSide = (app: AppContext) => Promise<void>;

/**
 * Runs a turn through the SDK's `OpenAIRealtimeWebSocket` against the wire
 * stand-in: the server side plays the turn while `app` drives the session.
 * The socket delivers one server event per task (`ws`'s WHATWG-compatible
 * `allowSynchronousEvents: false`), so the order is deterministic.
 */
export async function runReal(options: {
  agent: () => RealtimeAgent;
  server: (side: RealSide) => Promise<void>;
  app: AppSide;
  signal: AbortSignal;
}): Promise<Observed> {
  const server = await startRealtimeServer([]);
  const clock = new PlaybackClock();
  clock.install();
  const transport = new OpenAIRealtimeWebSocket({
    url: server.url,
    createWebSocket: ({ url, apiKey }) =>
      Promise.resolve(
        new WebSocket(url, {
          headers: { Authorization: `Bearer ${apiKey}` },
          allowSynchronousEvents: false,
        }),
      ),
  });
  const session = new RealtimeSession(options.agent(), {
    transport: transport as RealtimeTransportLayer,
    model: 'gpt-realtime',
  });
  try {
    await session.connect({ apiKey: 'sk-fidelity' });
    await server.settle();
    transport.on('*', (event) => {
      const at = clock.heardAtSpeech;
      if (
        event.type === 'input_audio_buffer.speech_started' && at !== undefined
      ) {
        clock.heardMs = at;
      }
    });
    const observer = observe(session);
    const side = { server, session, clock };
    const app = { session, heard: (ms: number) => void (clock.heardMs = ms) };
    await bounded(
      Promise.all([options.server(side), options.app(app)]),
      options.signal,
    );
    await server.settle();
    return observer.stop();
  } finally {
    clock.restore();
    session.close();
    await server.close();
  }
}

/**
 * Runs the same turn through the builders on `ScriptedRealtimeTransport`:
 * `scenario` emits it, `app` drives the session.
 */
export async function runSimulated(options: {
  agent: () => RealtimeAgent;
  scenario: (ctx: RealtimeScenarioRunContext) => Promise<void>;
  app: AppSide;
  signal: AbortSignal;
}): Promise<Observed> {
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(options.agent(), {
    transport,
    model: 'gpt-realtime',
  });
  const connected = transport.expectCall('connect');
  await session.connect({ apiKey: 'sk-fidelity' });
  await connected;
  const observer = observe(session);
  await transport.runScenario({
    signal: options.signal,
    scenario: options.scenario,
    exercise: () => options.app({ session, heard: () => {} }),
  });
  const observed = observer.stop();
  const closed = transport.expectCall('close');
  session.close();
  await closed;
  transport.assertComplete();
  return observed;
}

function bounded<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const abort = (): void => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() =>
      signal.removeEventListener('abort', abort)
    );
  });
}

/**
 * Resolves when `session` emitted `type` (a session event, or a raw server
 * event type for `transport_event`) `count` times from now.
 */
export function sessionSaw(
  session: AnySession,
  type: string,
  count = 1,
): Promise<void> {
  const emitter = session as unknown as {
    on(type: string, listener: (...args: unknown[]) => void): void;
    off(type: string, listener: (...args: unknown[]) => void): void;
  };
  const raw = type.includes('.');
  const on = raw ? 'transport_event' : type;
  return new Promise((resolve) => {
    let seen = 0;
    const listener = (...args: unknown[]): void => {
      if (raw && (args[0] as { type?: string })?.type !== type) return;
      if (++seen < count) return;
      emitter.off(on, listener);
      resolve();
    };
    emitter.on(on, listener);
  });
}
