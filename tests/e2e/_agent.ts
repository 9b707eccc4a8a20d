/**
 * The agent the end-to-end tests record and replay: a travel assistant with
 * two tools, run plain or streamed, and what a run shows (final output,
 * tool calls, history) in comparable form.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { Agent, type Model, Runner, tool } from '@openai/agents';
import { z } from 'zod';

/** The prompt of the recorded run. */
export const prompt = 'What is the weather and the local time in Paris?';
/** The instructions of the recorded agent. */
export const instructions = 'You are a concise travel assistant.';

/** What one run showed. */
export interface RunView {
  readonly finalOutput: unknown;
  readonly toolCalls: readonly string[];
  readonly history: unknown;
}

/** The installed SDK's version, written into fixtures. */
export function sdkVersion(): string {
  const text = readFileSync(
    'node_modules/@openai/agents-core/package.json',
    'utf8',
  );
  return JSON.parse(text).version;
}

/** A unique fake key per test, so a leak is unambiguous. */
export function uniqueKey(): string {
  return `sk-test-e2e-${crypto.randomUUID()}`;
}

/**
 * Runs the travel agent on `model`.
 *
 * @param model The model (recording, replaying or plain).
 * @param options `stream`, and overrides that make the run drift.
 * @returns What the run showed.
 */
export async function runTravelAgent(
  model: Model,
  options: {
    stream: boolean;
    prompt?: string;
    instructions?: string;
    withoutTimeTool?: boolean;
  },
): Promise<RunView> {
  const toolCalls: string[] = [];
  const getWeather = tool({
    name: 'get_weather',
    description: 'Current weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => {
      toolCalls.push(`get_weather(${city})`);
      return `${city}: 18°C, cloudy`;
    },
  });
  const getTime = tool({
    name: 'get_time',
    description: 'Local time for a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => {
      toolCalls.push(`get_time(${city})`);
      return `${city}: 14:05`;
    },
  });
  const agent = new Agent({
    name: 'Travel assistant',
    instructions: options.instructions ?? instructions,
    model,
    tools: options.withoutTimeTool ? [getWeather] : [getWeather, getTime],
  });
  const runner = new Runner({ tracingDisabled: true });
  const input = options.prompt ?? prompt;
  if (options.stream) {
    const result = await runner.run(agent, input, { stream: true });
    for await (const _event of result) { /* drain */ }
    await result.completed;
    if (result.error) throw result.error;
    return {
      finalOutput: result.finalOutput,
      toolCalls,
      history: result.history,
    };
  }
  const result = await runner.run(agent, input);
  return {
    finalOutput: result.finalOutput,
    toolCalls,
    history: result.history,
  };
}

/**
 * Every string reachable from `value` (keys, values, error fields).
 *
 * @param value Anything.
 * @returns The strings.
 */
export function reachableStrings(value: unknown): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (typeof node === 'string') {
      out.push(node);
      return;
    }
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    for (const key of Object.getOwnPropertyNames(node)) {
      out.push(key);
      let field: unknown;
      try {
        field = (node as Record<string, unknown>)[key];
      } catch {
        continue;
      }
      visit(field);
    }
  };
  visit(value);
  return out;
}
