/**
 * Generation spans for a model that emits none. The SDK's runner opens
 * agent, turn, tool, handoff and guardrail spans itself; generation spans
 * are opened by the model (the OpenAI models do). A scripted model, like
 * the SDK's own fakes, opens none: wrap it to trace each call as a
 * generation with its usage.
 *
 * @module
 */
import {
  createGenerationSpan,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
} from '@openai/agents-core';
import { fields, func, string } from '../_internal/read.ts';
import { inputChecking } from './errors.ts';

/**
 * Options of {@link withGenerationSpans}.
 *
 * @example
 * ```ts
 * import type { GenerationSpanOptions } from '@scripted/agents/tracing';
 *
 * const options: GenerationSpanOptions = { model: 'gpt-test' };
 * ```
 */
export interface GenerationSpanOptions {
  /** The model name the spans report (default `scripted`). */
  readonly model?: string | undefined;
}

type GenerationSpan = ReturnType<typeof createGenerationSpan>;

function open(
  request: ModelRequest,
  model: string,
): GenerationSpan | undefined {
  // `tracing: false`: the run disabled tracing for the model.
  if (request.tracing === false) return undefined;
  const span = createGenerationSpan({ data: { model } });
  if (request.tracing === true) {
    span.spanData.input = typeof request.input === 'string'
      ? [{ role: 'user', content: request.input }]
      : [...request.input] as Record<string, unknown>[];
  }
  span.start();
  return span;
}

function close(
  span: GenerationSpan | undefined,
  request: ModelRequest,
  response: Pick<ModelResponse, 'usage' | 'output'> | undefined,
): void {
  if (span === undefined) return;
  if (response !== undefined) {
    span.spanData.usage = {
      input_tokens: response.usage.inputTokens,
      output_tokens: response.usage.outputTokens,
    };
    if (request.tracing === true) {
      span.spanData.output = response.output as Record<string, unknown>[];
    }
  }
  span.end();
}

function fail(span: GenerationSpan | undefined, error: unknown): void {
  span?.setError({
    message: error instanceof Error ? error.message : String(error),
  });
}

/**
 * Wraps a model so each call is traced as a generation span (model name,
 * usage, and input and output when the run traces sensitive data), as
 * the OpenAI models trace theirs; the wrapped model is called unchanged.
 * Keep the original to read its recorded calls.
 *
 * @example
 * ```ts
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from '@scripted/agents';
 * import {
 *   installTraceCapture,
 *   withGenerationSpans,
 * } from '@scripted/agents/tracing';
 *
 * using capture = installTraceCapture();
 * const model = new ScriptedModel([[assistantMessage('Hi')]], {
 *   defaultUsage: { requests: 1, inputTokens: 7, outputTokens: 3, totalTokens: 10 },
 * });
 * const agent = new Agent({ name: 'A', model: withGenerationSpans(model) });
 * await new Runner().run(agent, 'Hello');
 * capture.trace().assertGenerations({
 *   count: 1,
 *   usage: { input_tokens: 7, output_tokens: 3 },
 * });
 * ```
 *
 * @param model The model to wrap.
 * @param options `model`: the name the spans report.
 * @returns A model that traces each call.
 * @throws {InvalidTraceAssertionInputError} When `model` is not a model or
 * `options` is malformed.
 */
export function withGenerationSpans(
  model: Model,
  options?: GenerationSpanOptions,
): Model {
  const name = inputChecking('withGenerationSpans', () => {
    const methods = fields(model, 'model', [
      'getResponse',
      'getStreamedResponse',
    ], { unknownKeys: 'allow', expected: 'a model' }).fields;
    func(methods.getResponse, 'model.getResponse');
    func(methods.getStreamedResponse, 'model.getStreamedResponse');
    const read = fields(options, 'options', ['model'], { optional: true })
      .fields;
    return string(read.model, 'options.model', {
      optional: true,
      nonEmpty: true,
    }) ?? 'scripted';
  });
  return {
    async getResponse(request: ModelRequest): Promise<ModelResponse> {
      const span = open(request, name);
      try {
        const response = await model.getResponse(request);
        close(span, request, response);
        return response;
      } catch (error) {
        fail(span, error);
        close(span, request, undefined);
        throw error;
      }
    },
    async *getStreamedResponse(
      request: ModelRequest,
    ): AsyncIterable<StreamEvent> {
      const span = open(request, name);
      let done: Pick<ModelResponse, 'usage' | 'output'> | undefined;
      try {
        for await (const event of model.getStreamedResponse(request)) {
          if (event.type === 'response_done') {
            done = {
              usage: {
                inputTokens: event.response.usage.inputTokens,
                outputTokens: event.response.usage.outputTokens,
              } as ModelResponse['usage'],
              output: event.response.output,
            };
          }
          yield event;
        }
      } catch (error) {
        fail(span, error);
        throw error;
      } finally {
        close(span, request, done);
      }
    },
  };
}
