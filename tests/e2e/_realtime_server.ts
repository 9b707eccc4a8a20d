/**
 * A local stand-in for the Realtime API's (GA) WebSocket endpoint on
 * 127.0.0.1 (the `ws` package's server), built like the real API: one
 * conversation per connection whose items chain by `previous_item_id`, a
 * session object with the server's defaults that `session.update` merges
 * into, responses played from a queue of plans (what "the model" says),
 * server VAD (speech start cancels the response in progress, as
 * `interrupt_response` does), and answers to `conversation.item.create`,
 * `.retrieve`, `.truncate`, `.delete`, `response.create` and
 * `response.cancel`.
 *
 * Where each shape comes from:
 * - every server event's fields: the `openai` package's GA realtime types
 *   (`resources/realtime/realtime.d.ts`: `ResponseCreatedEvent`,
 *   `ConversationItemAdded`/`Done`, `ResponseContentPartAddedEvent` (part
 *   types `text`/`audio`), `RealtimeConversationItemAssistantMessage`
 *   (content types `output_text`/`output_audio`), `RealtimeResponseUsage`
 *   (`input_tokens`, `output_tokens`, `total_tokens`, `*_token_details`),
 *   `RealtimeResponseStatus` (`turn_detected`/`client_cancelled`),
 *   `RateLimitsUpdatedEvent` ("emitted at the beginning of a Response"),
 *   `ResponseAudioDoneEvent` ("also emitted when a Response is interrupted,
 *   incomplete, or cancelled"), `ConversationItemTruncateEvent` ("truncating
 *   audio will delete the server-side text transcript"; an `audio_end_ms`
 *   past the audio is an error), `ConversationItemCreateEvent` (`root`
 *   inserts first, no `previous_item_id` appends));
 * - what the SDK accepts: the zod schemas the SDK's transport parses with
 *   (`@openai/agents-realtime`'s `openaiRealtimeEvents`), which reject a
 *   content part of type `output_text` and need `event_id` on every event.
 *
 * Deliberate simplifications: no audio bytes in items (`audio` is left
 * out of retrieved items), a fixed default usage, `session.created` holds
 * the defaults below, ids are counters (`item_3`, `event_12`).
 *
 * @module
 */
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

type Json = Record<string, unknown>;

/** Token usage in the GA `response.done` shape. */
export interface WireUsage {
  input_tokens: number;
  output_tokens: number;
  input_token_details?: Record<string, number>;
  output_token_details?: Record<string, number>;
}

interface PlanIds {
  /** The response id (default `resp_<n>`). */
  responseId?: string;
  /** The output item id (default `item_<n>`). */
  itemId?: string;
  /** The `response.done` usage (default {@link defaultWireUsage}). */
  usage?: WireUsage;
}

/** What "the model" generates for one response. */
export type ServerPlan =
  | PlanIds & { type: 'text'; deltas: readonly string[] }
  | PlanIds & {
    type: 'audio';
    deltas: readonly string[];
    /** Bytes per chunk (default 960: 20 ms of 24 kHz PCM16). */
    chunkBytes?: number;
    /** Per chunk: audio then transcript delta (default), or the reverse. */
    order?: 'audio-first' | 'transcript-first';
    /**
     * Stop after `after` chunks: `speech`, the user barges in (server VAD
     * cancels the response); `client`, hold until `response.cancel` (the
     * app's `interrupt()`) or {@link RealtimeServer.resume}.
     */
    cut?: { after: number; by: 'speech' | 'client' };
  }
  | PlanIds & {
    type: 'function_call';
    name: string;
    callId: string;
    arguments: string;
  }
  | PlanIds & {
    type: 'mcp_approval';
    serverLabel: string;
    name: string;
    arguments: string;
  };

/** What the user says (server VAD and input transcription). */
export interface UserSpeech {
  /** The final transcript. */
  transcript: string;
  /** Its transcription deltas (default: the transcript in one delta). */
  deltas?: readonly string[];
  /** `audio_end_ms` (default: where speech started + 1000). */
  audioEndMs?: number;
}

/** A running Realtime stand-in. */
export interface RealtimeServer {
  /** `ws://127.0.0.1:<port>/v1/realtime`. */
  readonly url: string;
  /** Client messages received, parsed, in order. */
  readonly received: Record<string, unknown>[];
  /** The `Authorization` header of each connection. */
  readonly authorizations: (string | undefined)[];
  /** Queues plans for the next responses (after the constructor's). */
  plan(...plans: ServerPlan[]): void;
  /**
   * The user starts speaking at `audioStartMs` (default 0) of the input
   * buffer: `input_audio_buffer.speech_started`.
   */
  speechStarted(audioStartMs?: number): Promise<void>;
  /** The rest of the user's turn: stop, commit, item, transcription. */
  userTurn(speech: UserSpeech): Promise<void>;
  /** Plays the rest of a response held by a `client` cut. */
  resume(): Promise<void>;
  /**
   * Resolves once the client processed every event sent so far and the
   * server answered every message that caused (a ping the client answers
   * after the events before it, repeated until nothing new arrived).
   */
  settle(): Promise<void>;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

/** The assistant's final words in the canned turn. */
export const realtimeAnswer = 'It is 18°C and cloudy in Paris.';

/** The usage a plan without `usage` reports. */
export const defaultWireUsage: WireUsage = {
  input_tokens: 50,
  output_tokens: 10,
  input_token_details: { text_tokens: 50, audio_tokens: 0, cached_tokens: 0 },
  output_token_details: { text_tokens: 10, audio_tokens: 0 },
};

/** The canned exchange: a `get_weather` call, then the answer in text. */
const cannedPlans: ServerPlan[] = [
  {
    type: 'function_call',
    name: 'get_weather',
    callId: 'call_rt_1',
    arguments: '{"city":"Paris"}',
    itemId: 'item_fc_1',
  },
  {
    type: 'text',
    deltas: [realtimeAnswer.slice(0, 12), realtimeAnswer.slice(12)],
  },
];

/** `session.created`: the server's defaults (GA `RealtimeSession`). */
function defaultSession(): Json {
  return {
    type: 'realtime',
    object: 'realtime.session',
    id: 'sess_local_1',
    model: 'gpt-realtime',
    output_modalities: ['audio'],
    instructions: '',
    tools: [],
    tool_choice: 'auto',
    max_output_tokens: 'inf',
    tracing: null,
    truncation: 'auto',
    prompt: null,
    expires_at: 0,
    include: null,
    audio: {
      input: {
        format: { type: 'audio/pcm', rate: 24000 },
        transcription: null,
        noise_reduction: null,
        turn_detection: vadDefaults({ type: 'server_vad' }),
      },
      output: {
        format: { type: 'audio/pcm', rate: 24000 },
        voice: 'marin',
        speed: 1,
      },
    },
  };
}

/** The server fills the defaults of the turn detection type it is given. */
function vadDefaults(given: Json | null): Json | null {
  if (given === null) return null;
  const defaults: Json = given.type === 'semantic_vad'
    ? { type: 'semantic_vad', eagerness: 'auto' }
    : {
      type: 'server_vad',
      threshold: 0.5,
      prefix_padding_ms: 300,
      silence_duration_ms: 200,
      idle_timeout_ms: null,
    };
  return {
    ...defaults,
    create_response: true,
    interrupt_response: true,
    ...given,
  };
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `session.update`: a deep merge; turn detection gets its defaults. */
function mergeSession(session: Json, update: Json): Json {
  const merged: Json = { ...session };
  for (const [key, value] of Object.entries(update)) {
    if (value === undefined) continue;
    if (key === 'turn_detection') {
      merged[key] = vadDefaults(value as Json | null);
    } else if (isRecord(value) && isRecord(merged[key])) {
      merged[key] = mergeSession(merged[key] as Json, value);
    } else {
      merged[key] = value;
    }
  }
  return merged;
}

function base64Silence(bytes: number): string {
  let binary = '';
  for (let i = 0; i < bytes; i++) binary += '\0';
  return btoa(binary);
}

/** The state of one connection: the conversation and what is playing. */
class Connection {
  readonly #socket: WebSocket;
  readonly #plans: ServerPlan[];
  readonly #received: Json[];
  #events = 0;
  #ids = 0;
  #responses = 0;
  #session: Json = defaultSession();
  /** Item ids in conversation order, and the items (wire shape). */
  readonly #order: string[] = [];
  readonly #items = new Map<string, Json>();
  /** Audio bytes per assistant audio item, for truncation. */
  readonly #audioBytes = new Map<string, number>();
  /** The response a `client` cut holds. */
  #held: { finish: (reason?: string) => void } | undefined;
  #pongs: (() => void)[] = [];
  #speechItem: string | undefined;
  #speechStart = 0;

  constructor(socket: WebSocket, plans: ServerPlan[], received: Json[]) {
    this.#socket = socket;
    this.#plans = plans;
    this.#received = received;
    socket.on('pong', () => this.#pongs.shift()?.());
    socket.on('message', (data) => this.#onMessage(String(data)));
    this.#send({ type: 'session.created', session: this.#session });
  }

  #send(event: Json): void {
    this.#socket.send(
      JSON.stringify({ event_id: `event_${++this.#events}`, ...event }),
    );
  }

  #id(prefix: string): string {
    return `${prefix}_${++this.#ids}`;
  }

  #error(code: string, message: string, clientEvent: Json): void {
    this.#send({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        code,
        message,
        param: null,
        event_id: clientEvent.event_id ?? null,
      },
    });
  }

  /** Adds an item after `previous` (`undefined`: append); its predecessor. */
  #insert(item: Json, previous?: string): string | null {
    const id = item.id as string;
    const at = previous === undefined
      ? this.#order.length
      : previous === 'root'
      ? 0
      : this.#order.indexOf(previous) + 1;
    this.#order.splice(at, 0, id);
    this.#items.set(id, item);
    return at === 0 ? null : this.#order[at - 1] as string;
  }

  #previousOf(id: string): string | null {
    const at = this.#order.indexOf(id);
    return at <= 0 ? null : this.#order[at - 1] as string;
  }

  #onMessage(text: string): void {
    const message = JSON.parse(text) as Json;
    this.#received.push(message);
    switch (message.type) {
      case 'session.update':
        this.#session = mergeSession(this.#session, message.session as Json);
        this.#send({ type: 'session.updated', session: this.#session });
        return;
      case 'conversation.item.create':
        return this.#create(message);
      case 'conversation.item.retrieve': {
        const item = this.#items.get(message.item_id as string);
        if (item === undefined) {
          return this.#error('item_not_found', 'No such item', message);
        }
        this.#send({ type: 'conversation.item.retrieved', item });
        return;
      }
      case 'conversation.item.truncate':
        return this.#truncate(message);
      case 'conversation.item.delete': {
        const id = message.item_id as string;
        if (!this.#items.delete(id)) {
          return this.#error('item_not_found', 'No such item', message);
        }
        this.#order.splice(this.#order.indexOf(id), 1);
        this.#send({ type: 'conversation.item.deleted', item_id: id });
        return;
      }
      case 'response.create':
        return this.#respond(message);
      case 'response.cancel': {
        const held = this.#held;
        if (held === undefined) {
          return this.#error(
            'response_cancel_not_active',
            'Cancellation failed: no active response found',
            message,
          );
        }
        held.finish('client_cancelled');
        return;
      }
    }
  }

  #create(message: Json): void {
    const given = message.item as Json;
    const previous = message.previous_item_id as string | undefined;
    if (
      previous !== undefined && previous !== 'root' &&
      !this.#items.has(previous)
    ) {
      return this.#error('item_not_found', 'Previous item not found', message);
    }
    const item: Json = {
      id: (given.id as string | undefined) ?? this.#id('item'),
      object: 'realtime.item',
      ...given,
    };
    if (item.type === 'message') item.status ??= 'completed';
    const previousItemId = this.#insert(item, previous);
    this.#send({
      type: 'conversation.item.added',
      previous_item_id: previousItemId,
      item,
    });
    this.#send({
      type: 'conversation.item.done',
      previous_item_id: previousItemId,
      item,
    });
  }

  #truncate(message: Json): void {
    const id = message.item_id as string;
    const item = this.#items.get(id);
    const index = message.content_index as number;
    const part = (item?.content as Json[] | undefined)?.[index];
    if (item === undefined || part?.type !== 'output_audio') {
      return this.#error(
        'invalid_value',
        'Only model output audio messages can be truncated',
        message,
      );
    }
    const end = message.audio_end_ms as number;
    if (end > Math.floor((this.#audioBytes.get(id) ?? 0) / 48)) {
      return this.#error(
        'invalid_value',
        'Audio content is shorter than audio_end_ms',
        message,
      );
    }
    // The transcript is deleted: what the user did not hear must go.
    const { transcript: _deleted, ...rest } = part;
    (item.content as Json[])[index] = rest;
    this.#send({
      type: 'conversation.item.truncated',
      item_id: id,
      content_index: index,
      audio_end_ms: end,
    });
  }

  #respond(message: Json): void {
    const plan = this.#plans.shift();
    if (plan === undefined) {
      return this.#error('no_plan', 'The stand-in has no response planned', {
        ...message,
      });
    }
    this.#play(plan);
  }

  /** Plays one plan as the model would: one burst of events. */
  #play(plan: ServerPlan): void {
    const responseId = plan.responseId ?? `resp_${++this.#responses}`;
    const itemId = plan.itemId ?? this.#id('item');
    const modalities = plan.type === 'text'
      ? ['text']
      : plan.type === 'audio'
      ? ['audio']
      : this.#session.output_modalities;
    const audio = this.#session.audio as { output: Json };
    const response: Json = {
      object: 'realtime.response',
      id: responseId,
      status: 'in_progress',
      status_details: null,
      output: [],
      conversation_id: 'conv_local_1',
      output_modalities: modalities,
      max_output_tokens: 'inf',
      audio: {
        output: { format: audio.output.format, voice: audio.output.voice },
      },
      usage: null,
      metadata: null,
    };
    this.#send({ type: 'response.created', response });
    this.#send({
      type: 'rate_limits.updated',
      rate_limits: [
        {
          name: 'requests',
          limit: 5000,
          remaining: 4999,
          reset_seconds: 0.012,
        },
        {
          name: 'tokens',
          limit: 400000,
          remaining: 399000,
          reset_seconds: 0.15,
        },
      ],
    });
    const at = { response_id: responseId, output_index: 0 };
    const done = (item: Json, status: string, reason?: string): void => {
      this.#items.set(itemId, item);
      this.#send({ type: 'response.output_item.done', ...at, item });
      this.#send({
        type: 'conversation.item.done',
        previous_item_id: this.#previousOf(itemId),
        item,
      });
      this.#send({
        type: 'response.done',
        response: {
          ...response,
          status,
          status_details: reason === undefined
            ? null
            : { type: 'cancelled', reason },
          output: [item],
          usage: {
            total_tokens: (plan.usage ?? defaultWireUsage).input_tokens +
              (plan.usage ?? defaultWireUsage).output_tokens,
            ...(plan.usage ?? defaultWireUsage),
          },
        },
      });
    };
    const added = (item: Json): void => {
      this.#send({ type: 'response.output_item.added', ...at, item });
      this.#send({
        type: 'conversation.item.added',
        previous_item_id: this.#insert(item),
        item,
      });
    };
    if (plan.type === 'function_call') {
      const item: Json = {
        id: itemId,
        object: 'realtime.item',
        type: 'function_call',
        status: 'in_progress',
        name: plan.name,
        call_id: plan.callId,
        arguments: '',
      };
      added(item);
      const call = { ...at, item_id: itemId, call_id: plan.callId };
      this.#send({
        type: 'response.function_call_arguments.delta',
        ...call,
        delta: plan.arguments,
      });
      this.#send({
        type: 'response.function_call_arguments.done',
        ...call,
        arguments: plan.arguments,
      });
      done(
        { ...item, status: 'completed', arguments: plan.arguments },
        'completed',
      );
      return;
    }
    if (plan.type === 'mcp_approval') {
      const item: Json = {
        id: itemId,
        object: 'realtime.item',
        type: 'mcp_approval_request',
        server_label: plan.serverLabel,
        name: plan.name,
        arguments: plan.arguments,
      };
      added(item);
      done(item, 'completed');
      return;
    }
    const message: Json = {
      id: itemId,
      object: 'realtime.item',
      type: 'message',
      status: 'in_progress',
      role: 'assistant',
      content: [],
    };
    added(message);
    const part = { ...at, item_id: itemId, content_index: 0 };
    if (plan.type === 'text') {
      this.#send({
        type: 'response.content_part.added',
        ...part,
        part: { type: 'text', text: '' },
      });
      for (const delta of plan.deltas) {
        this.#send({ type: 'response.output_text.delta', ...part, delta });
      }
      const text = plan.deltas.join('');
      this.#send({ type: 'response.output_text.done', ...part, text });
      this.#send({
        type: 'response.content_part.done',
        ...part,
        part: { type: 'text', text },
      });
      done({
        ...message,
        status: 'completed',
        content: [{ type: 'output_text', text }],
      }, 'completed');
      return;
    }
    this.#send({
      type: 'response.content_part.added',
      ...part,
      part: { type: 'audio', transcript: '' },
    });
    const bytes = plan.chunkBytes ?? 960;
    let played = 0;
    const playTo = (count: number): void => {
      for (; played < count; played++) {
        const events = [
          {
            type: 'response.output_audio.delta',
            ...part,
            delta: base64Silence(bytes),
          },
          {
            type: 'response.output_audio_transcript.delta',
            ...part,
            delta: plan.deltas[played],
          },
        ];
        if (plan.order === 'transcript-first') events.reverse();
        for (const event of events) this.#send(event);
        this.#audioBytes.set(itemId, (played + 1) * bytes);
      }
    };
    const finish = (reason?: string): void => {
      this.#held = undefined;
      if (reason === undefined) playTo(plan.deltas.length);
      const transcript = plan.deltas.slice(0, played).join('');
      this.#send({ type: 'response.output_audio.done', ...part });
      this.#send({
        type: 'response.output_audio_transcript.done',
        ...part,
        transcript,
      });
      this.#send({
        type: 'response.content_part.done',
        ...part,
        part: { type: 'audio', transcript },
      });
      done(
        {
          ...message,
          status: reason === undefined ? 'completed' : 'incomplete',
          content: [{ type: 'output_audio', transcript }],
        },
        reason === undefined ? 'completed' : 'cancelled',
        reason,
      );
    };
    if (plan.cut === undefined) return finish();
    playTo(plan.cut.after);
    if (plan.cut.by === 'client') {
      this.#held = { finish };
      return;
    }
    this.#speechStarted();
    finish('turn_detected');
  }

  #speechStarted(audioStartMs = 0): void {
    this.#speechItem = this.#id('item');
    this.#speechStart = audioStartMs;
    this.#send({
      type: 'input_audio_buffer.speech_started',
      audio_start_ms: audioStartMs,
      item_id: this.#speechItem,
    });
  }

  /** Server VAD: speech start cancels the response in progress. */
  speechStarted(audioStartMs?: number): void {
    this.#speechStarted(audioStartMs);
    this.#held?.finish('turn_detected');
  }

  userTurn(speech: UserSpeech): void {
    const itemId = this.#speechItem ?? this.#id('item');
    this.#speechItem = undefined;
    this.#send({
      type: 'input_audio_buffer.speech_stopped',
      audio_end_ms: speech.audioEndMs ?? this.#speechStart + 1000,
      item_id: itemId,
    });
    const item: Json = {
      id: itemId,
      object: 'realtime.item',
      type: 'message',
      status: 'completed',
      role: 'user',
      content: [{ type: 'input_audio', transcript: null }],
    };
    const previous = this.#insert(item);
    this.#send({
      type: 'input_audio_buffer.committed',
      previous_item_id: previous,
      item_id: itemId,
    });
    this.#send({
      type: 'conversation.item.added',
      previous_item_id: previous,
      item,
    });
    this.#send({
      type: 'conversation.item.done',
      previous_item_id: previous,
      item,
    });
    const at = { item_id: itemId, content_index: 0 };
    for (const delta of speech.deltas ?? [speech.transcript]) {
      this.#send({
        type: 'conversation.item.input_audio_transcription.delta',
        ...at,
        delta,
      });
    }
    this.#items.set(itemId, {
      ...item,
      content: [{ type: 'input_audio', transcript: speech.transcript }],
    });
    this.#send({
      type: 'conversation.item.input_audio_transcription.completed',
      ...at,
      transcript: speech.transcript,
      usage: {
        type: 'tokens',
        total_tokens: 12,
        input_tokens: 8,
        input_token_details: { text_tokens: 0, audio_tokens: 8 },
        output_tokens: 4,
      },
    });
    const detection = (this.#session.audio as { input: Json }).input
      .turn_detection as Json | null;
    if (detection?.create_response === true && this.#plans.length > 0) {
      this.#play(this.#plans.shift() as ServerPlan);
    }
  }

  resume(): void {
    this.#held?.finish();
  }

  /** One ping round trip; whether a client message arrived meanwhile. */
  async roundTrip(): Promise<boolean> {
    const before = this.#received.length;
    await new Promise<void>((resolve) => {
      this.#pongs.push(resolve);
      this.#socket.ping();
    });
    return this.#received.length !== before;
  }
}

/**
 * Starts the stand-in on an ephemeral port.
 *
 * @param plans The responses, in order (default: the canned tool call,
 *   then the text answer {@link realtimeAnswer}).
 * @returns The running server.
 */
export async function startRealtimeServer(
  plans: readonly ServerPlan[] = cannedPlans,
): Promise<RealtimeServer> {
  const received: Record<string, unknown>[] = [];
  const authorizations: (string | undefined)[] = [];
  const queue = [...plans];
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  let connection: Connection | undefined;
  server.on('connection', (socket, request) => {
    authorizations.push(request.headers.authorization);
    connection = new Connection(socket, queue, received);
  });
  const current = (): Connection => {
    if (connection === undefined) throw new Error('No client connected');
    return connection;
  };
  const settle = async (): Promise<void> => {
    while (await current().roundTrip()) {
      // A client message arrived: its answer may cause another.
    }
  };
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/v1/realtime`,
    received,
    authorizations,
    plan: (...more) => void queue.push(...more),
    speechStarted: (audioStartMs) => (
      current().speechStarted(audioStartMs), settle()
    ),
    userTurn: (speech) => (current().userTurn(speech), settle()),
    resume: () => (current().resume(), settle()),
    settle,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
