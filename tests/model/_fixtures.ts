/**
 * Shared helpers of the model tests.
 *
 * @module
 */
import {
  Agent,
  type Model,
  type ModelRequest,
  type ModelSettings,
  Runner,
} from '@openai/agents';

/** A runner that makes no tracing requests. */
export const runner: Runner = new Runner({ tracingDisabled: true });

/**
 * An agent around `model`.
 *
 * @param model The model.
 * @param modelSettings Optional model settings.
 * @returns The agent.
 */
export function agentWith(model: Model, modelSettings?: ModelSettings): Agent {
  return new Agent({
    name: 'Assistant',
    model,
    ...(modelSettings === undefined ? {} : { modelSettings }),
  });
}

/**
 * A minimal normalized request, for calling the model directly.
 *
 * @param overrides Fields to set.
 * @returns The request.
 */
export function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    input: 'Hello',
    modelSettings: {},
    tools: [],
    handoffs: [],
    outputType: 'text',
    tracing: false,
    ...overrides,
  };
}

/**
 * Reads an async iterable to the end.
 *
 * @param iterable The iterable.
 * @returns Every value.
 */
export async function drain<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const value of iterable) out.push(value);
  return out;
}

/**
 * Runs `agent` streamed, consumed to completion.
 *
 * @param agent The agent.
 * @param input The user input.
 * @param options Extra run options.
 * @returns The finished result and the raw model events it streamed.
 */
export async function runStreamed(
  agent: Agent,
  input: string,
  options: { signal?: AbortSignal } = {},
): Promise<{ finalOutput: unknown; raw: { type: string }[] }> {
  const result = await runner.run(agent, input, { ...options, stream: true });
  const raw: { type: string }[] = [];
  for await (const event of result) {
    if (event.type === 'raw_model_stream_event') raw.push(event.data);
  }
  await result.completed;
  return { finalOutput: result.finalOutput, raw };
}
