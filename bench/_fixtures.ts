/**
 * Shared inputs for the benchmarks: realistic model requests, the bare
 * hand-written floors (a `Model` and a `RealtimeTransportLayer` that do the
 * least a double must do) and small helpers.
 *
 * Not a bench file itself (no `_bench` suffix), so `deno bench bench/` only
 * imports it.
 *
 * @module
 */
import {
  type AgentInputItem,
  type AgentOutputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  RuntimeEventEmitter,
  type StreamEvent,
  Usage,
} from '@openai/agents';
import type {
  RealtimeTransportEventTypes,
  RealtimeTransportLayer,
} from '@openai/agents/realtime';

/** Input sizes of scenario 1. */
export const inputSizes: readonly number[] = [10, 100, 1_000, 10_000];

/**
 * One realistic conversation item at position `i`: a user message, an
 * assistant message, a function call and its result, in turn.
 *
 * @param i Position in the conversation.
 * @param salt Distinguishes conversations: item ids and texts carry it.
 * @returns A fresh item; every call allocates new objects.
 */
export function conversationItem(i: number, salt = 0): AgentInputItem {
  const turn = salt === 0
    ? `${Math.floor(i / 4)}`
    : `${Math.floor(i / 4)}.${salt}`;
  switch (i % 4) {
    case 0:
      return {
        type: 'message',
        role: 'user',
        content: `Question ${turn}: what is the weather in city ${turn}?`,
      };
    case 1:
      return {
        type: 'function_call',
        id: `fc_${turn}`,
        callId: `call_${turn}`,
        name: 'get_weather',
        arguments: `{"city":"City ${turn}","unit":"celsius"}`,
        status: 'completed',
      };
    case 2:
      return {
        type: 'function_call_result',
        callId: `call_${turn}`,
        name: 'get_weather',
        status: 'completed',
        output: { type: 'text', text: `City ${turn}: sunny, 21 degrees` },
      };
    default:
      return {
        type: 'message',
        role: 'assistant',
        id: `msg_${turn}`,
        status: 'completed',
        content: [{
          type: 'output_text',
          text: `It is sunny in City ${turn} (21 degrees Celsius).`,
        }],
      };
  }
}

/**
 * The input items of a conversation of `n` items.
 *
 * @param n Number of items.
 * @param salt Distinguishes conversations (see {@link conversationItem}).
 * @returns Fresh items.
 */
export function conversation(n: number, salt = 0): AgentInputItem[] {
  const items = new Array<AgentInputItem>(n);
  for (let i = 0; i < n; i++) items[i] = conversationItem(i, salt);
  return items;
}

/**
 * A normalized model request as the Runner builds it, carrying `n` items.
 *
 * @param n Number of input items.
 * @param salt Distinguishes requests (see {@link conversationItem}).
 * @returns A fresh request (new objects on every call).
 */
export function modelRequest(n: number, salt = 0): ModelRequest {
  return {
    systemInstructions: 'You are a weather assistant. Answer briefly.',
    input: conversation(n, salt),
    modelSettings: { temperature: 0, parallelToolCalls: false },
    tools: [{
      type: 'function',
      name: 'get_weather',
      description: 'Gets the weather for a city.',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string' }, unit: { type: 'string' } },
        required: ['city', 'unit'],
        additionalProperties: false,
      },
      strict: true,
    }],
    toolsExplicitlyProvided: true,
    outputType: 'text',
    handoffs: [],
    tracing: false,
  };
}

/**
 * The outputs of the scripted tool loop: `turns` function calls of `lookup`,
 * one per turn, then a final answer.
 *
 * @param turns Number of tool turns.
 * @returns One output array per model call.
 */
export function toolLoopOutputs(turns: number): AgentOutputItem[][] {
  const outputs: AgentOutputItem[][] = [];
  for (let i = 0; i < turns; i++) {
    outputs.push([{
      type: 'function_call',
      callId: `call_${i}`,
      name: 'lookup',
      arguments: `{"i":${i}}`,
      status: 'completed',
    }]);
  }
  outputs.push([{
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text: 'Done.' }],
  }]);
  return outputs;
}

/**
 * The floor of scenario 4: a hand-written `Model` that returns fixed outputs
 * in order and records nothing.
 */
export class BareModel implements Model {
  #outputs: AgentOutputItem[][];
  #next = 0;

  /** @param outputs One output array per call, in order. */
  constructor(outputs: AgentOutputItem[][]) {
    this.#outputs = outputs;
  }

  /**
   * Returns the next outputs.
   *
   * @returns The next response.
   */
  getResponse(): Promise<ModelResponse> {
    const index = this.#next++;
    const output = this.#outputs[index];
    if (output === undefined) {
      return Promise.reject(new Error(`No output scripted for call ${index}`));
    }
    return Promise.resolve({
      output,
      usage: new Usage({ requests: 1, inputTokens: 0, outputTokens: 0 }),
      responseId: `resp_${index}`,
    });
  }

  /**
   * Not used by the benchmarks.
   *
   * @returns Never.
   */
  getStreamedResponse(): AsyncIterable<StreamEvent> {
    throw new Error('BareModel does not stream');
  }
}

/** A recorded call of {@link BareTransport}. */
export interface BareCall {
  /** Method name. */
  readonly method: string;
  /** Arguments, buffers copied. */
  readonly args: readonly unknown[];
}

/**
 * The floor of scenario 3: a hand-written transport that records each call
 * with the least a detached record needs (a copy of the audio buffer) and
 * delivers events through the SDK's own event emitter.
 */
export class BareTransport extends RuntimeEventEmitter<
  RealtimeTransportEventTypes
> implements RealtimeTransportLayer {
  /** Connection status. */
  status: RealtimeTransportLayer['status'] = 'disconnected';
  /** Recorded calls. */
  readonly calls: BareCall[] = [];
  /** Muting is not handled. */
  readonly muted: null = null;

  /** @returns Resolves once connected. */
  connect(): Promise<void> {
    this.status = 'connected';
    return Promise.resolve();
  }
  /** @param audio The chunk. @param options Options. */
  sendAudio(audio: ArrayBuffer, options: { commit?: boolean }): void {
    this.calls.push({
      method: 'sendAudio',
      args: [audio.slice(0), { ...options }],
    });
  }
  /** No-op. */
  sendEvent(): void {}
  /** No-op. */
  sendMessage(): void {}
  /** No-op. */
  addImage(): void {}
  /** No-op. */
  updateSessionConfig(): void {}
  /** Disconnects. */
  close(): void {
    this.status = 'disconnected';
  }
  /** No-op. */
  mute(): void {}
  /** No-op. */
  sendFunctionCallOutput(): void {}
  /** No-op. */
  interrupt(): void {}
  /** No-op. */
  resetHistory(): void {}
  /** No-op. */
  sendMcpResponse(): void {}
}

/**
 * Not a floor: the bare cost of slab recording, which `ScriptedRealtimeTransport`
 * adopted (`realtime/_audio.ts`). It copies each chunk's bytes into a shared
 * slab at call time (so the record is still detached from the caller's
 * buffer) and only allocates the recorded `ArrayBuffer` when the call is
 * read; unlike ours it builds no call records.
 */
export class SlabTransport extends BareTransport {
  #slab = new Uint8Array(1 << 16);
  #used = 0;
  readonly #pending: { slab: Uint8Array; start: number; end: number }[] = [];

  /** @param audio The chunk. */
  override sendAudio(audio: ArrayBuffer): void {
    const length = audio.byteLength;
    if (this.#used + length > this.#slab.length) {
      this.#slab = new Uint8Array(Math.max(1 << 16, length));
      this.#used = 0;
    }
    const start = this.#used;
    this.#slab.set(new Uint8Array(audio), start);
    this.#used = start + length;
    this.#pending.push({ slab: this.#slab, start, end: this.#used });
  }

  /** @returns The recorded chunks, materialised as `ArrayBuffer`s. */
  recordedAudio(): ArrayBuffer[] {
    return this.#pending.map(({ slab, start, end }) =>
      slab.slice(start, end).buffer
    );
  }
}

/** A 960-byte audio chunk (20 ms of 24 kHz mono PCM16 is 960 bytes). */
export const audioChunk: ArrayBuffer = new Uint8Array(960).fill(7).buffer;

/**
 * The inbound audio event of scenario 3.
 *
 * @returns A fresh event carrying a 960-byte chunk.
 */
export function audioEvent(): {
  type: 'audio';
  responseId: string;
  data: ArrayBuffer;
} {
  return { type: 'audio', responseId: 'resp_1', data: audioChunk.slice(0) };
}

/**
 * Registers a first, uncompared row that runs `work` for a second. On these
 * machines the first allocation-heavy row of a bench file runs several times
 * slower than the same work later in the process (the heap is still growing
 * and concurrent GC work competes for the two cores); `deno bench`'s own
 * warm-up does not absorb it, so without this row the cost would be charged
 * to whichever compared row happens to run first. `bench/report.ts` skips
 * the group.
 *
 * @param work The heaviest floor work of the file, one iteration.
 */
export function warmUpRow(work: () => unknown): void {
  Deno.bench({
    name: 'warm-up (not compared)',
    group: 'warm-up',
    warmup: 1,
    n: 1,
    async fn() {
      const until = performance.now() + 1_000;
      while (performance.now() < until) await work();
    },
  });
}

/**
 * Calls per iteration in the per-call micro benchmarks (2 and 3): enough
 * that the measured part of even the bare floor lasts well over 10 µs.
 */
export const callsPerIteration = 1_000;

/**
 * Model calls per iteration of scenario 1 for `n` input items: about a
 * thousand items per iteration, and at least one call.
 *
 * @param n Input items per call.
 * @returns Calls per iteration.
 */
export function callsFor(n: number): number {
  return Math.max(1, Math.ceil(1_000 / n));
}
