/**
 * Shared pieces of the tracing tests: a tool, a hand-written MCP server,
 * a processor that records (or fails on) every event, and a run helper
 * for plain and streamed runs.
 *
 * @module
 */
import {
  type Agent,
  type FunctionTool,
  type MCPServer,
  Runner,
  tool,
  type TracingProcessor,
} from '@openai/agents';
import { z } from 'zod';

const addParameters: z.ZodObject<{ a: z.ZodNumber; b: z.ZodNumber }> = z
  .object({ a: z.number(), b: z.number() });

/** A function tool adding two numbers. */
export const add: FunctionTool<unknown, typeof addParameters> = tool({
  name: 'add',
  description: 'Adds two numbers',
  parameters: addParameters,
  execute: ({ a, b }) => String(a + b),
});

/** A minimal MCP server (the SDK's interface, written by hand). */
export function handMcpServer(name: string): MCPServer & { listed: number } {
  const server = {
    name,
    listed: 0,
    cacheToolsList: false,
    connect: () => Promise.resolve(),
    close: () => Promise.resolve(),
    invalidateToolsCache: () => Promise.resolve(),
    listTools() {
      server.listed++;
      return Promise.resolve([{
        name: 'read_file',
        description: 'Reads a file',
        inputSchema: {
          type: 'object' as const,
          properties: { path: { type: 'string' } },
          required: ['path'],
          additionalProperties: false,
        },
      }]);
    },
    callTool(_tool: string, args: Record<string, unknown> | null) {
      return Promise.resolve([{ type: 'text', text: `text of ${args?.path}` }]);
    },
  };
  return server as unknown as MCPServer & { listed: number };
}

/** A processor that counts every event it hears. */
export function countingProcessor(): TracingProcessor & { events: string[] } {
  const events: string[] = [];
  return {
    events,
    onTraceStart: (t) => Promise.resolve(void events.push(`trace ${t.name}`)),
    onTraceEnd: () => Promise.resolve(void events.push('trace end')),
    onSpanStart: (s) =>
      Promise.resolve(void events.push(`span ${s.spanData.type}`)),
    onSpanEnd: () => Promise.resolve(void events.push('span end')),
    shutdown: () => Promise.resolve(),
    forceFlush: () => Promise.resolve(),
  };
}

/** Runs `agent` plain or streamed and returns once it completed. */
export async function run(
  agent: Agent<unknown, 'text'>,
  input: string,
  options: { streamed: boolean; workflowName?: string; runner?: Runner },
): Promise<void> {
  const runner = options.runner ?? new Runner(
    options.workflowName === undefined
      ? {}
      : { workflowName: options.workflowName },
  );
  if (!options.streamed) {
    await runner.run(agent, input);
    return;
  }
  const result = await runner.run(agent, input, { stream: true });
  for await (const _ of result.toStream()) { /* drain */ }
  await result.completed;
  if (result.error !== null && result.error !== undefined) throw result.error;
}

/** What `fn` throws, checked to be a `type`; fails when it returns. */
export function thrown<E>(
  fn: () => unknown,
  type: abstract new (...args: never[]) => E,
): E {
  try {
    fn();
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`Expected a ${type.name}, nothing was thrown`);
}
