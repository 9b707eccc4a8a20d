/**
 * The token usage a turn builder's response reports (`response.done`), and
 * the default every response reports unless its spec gives one.
 *
 * @module
 */

/**
 * The token usage of one response, as `session.usage` counts it: the
 * builder sends it in the Realtime API's `response.done` shape
 * (`input_tokens`, `output_tokens`, `total_tokens` = their sum,
 * `input_token_details`, `output_token_details`), and the session adds it
 * to its `usage`. The details keep the API's snake_case keys, as the
 * SDK's `Usage` does.
 *
 * @example
 * ```ts
 * import type { RealtimeTurnUsage } from '@scripted/agents/realtime/sim';
 *
 * const usage: RealtimeTurnUsage = {
 *   inputTokens: 120,
 *   outputTokens: 30,
 *   outputTokensDetails: { text_tokens: 6, audio_tokens: 24 },
 * };
 * console.log(usage.inputTokens + usage.outputTokens);
 * ```
 */
export interface RealtimeTurnUsage {
  /** Input tokens (text, audio and cached ones included). */
  readonly inputTokens: number;
  /** Output tokens (text and audio). */
  readonly outputTokens: number;
  /** `input_token_details`, e.g. `{ text_tokens, audio_tokens, cached_tokens }`. */
  readonly inputTokensDetails?: Readonly<Record<string, number>>;
  /** `output_token_details`, e.g. `{ text_tokens, audio_tokens }`. */
  readonly outputTokensDetails?: Readonly<Record<string, number>>;
}

/**
 * What a response reports when its spec has no `usage`: 50 input tokens
 * (all text, none cached) and 10 output tokens (all text), so after `n`
 * builder responses `session.usage` holds `n` requests, `50 × n` input and
 * `10 × n` output tokens.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import { defaultTurnUsage, textTurn } from '@scripted/agents/realtime/sim';
 *
 * const transport = new ScriptedRealtimeTransport();
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
 *   transport,
 * });
 * const connected = transport.expectCall('connect');
 * await session.connect({ apiKey: 'test' });
 * await connected;
 * textTurn(transport, { text: 'Hi' });
 * textTurn(transport, { text: 'Hi again' });
 * assert.equal(session.usage.requests, 2);
 * assert.equal(session.usage.inputTokens, 2 * defaultTurnUsage.inputTokens);
 * assert.equal(session.usage.outputTokens, 2 * defaultTurnUsage.outputTokens);
 * const closed = transport.expectCall('close');
 * session.close();
 * await closed;
 * ```
 */
export const defaultTurnUsage: RealtimeTurnUsage = Object.freeze({
  inputTokens: 50,
  outputTokens: 10,
  inputTokensDetails: Object.freeze({
    text_tokens: 50,
    audio_tokens: 0,
    cached_tokens: 0,
  }),
  outputTokensDetails: Object.freeze({ text_tokens: 10, audio_tokens: 0 }),
});
