/**
 * Runs an agent through the real Runner, plain or streamed (the stream
 * drained and completed), so each check is tested on both paths.
 *
 * @module
 */
import { type Agent, Runner, type RunState } from '@openai/agents';

// The tests run agents of every context and output type, and read fields
// of plain and streamed results alike.
// deno-lint-ignore no-explicit-any
type AnyAgent = Agent<any, any>;
// deno-lint-ignore no-explicit-any
type AnyState = RunState<any, any>;
// deno-lint-ignore no-explicit-any
type AnyResult = any;

export const runner: Runner = new Runner({ tracingDisabled: true });

export type Mode = 'plain' | 'streamed';
export const modes: readonly Mode[] = ['plain', 'streamed'];

/** The run's result, or what it threw (as a value, never a rejection). */
export async function outcome(
  agent: AnyAgent,
  input: string | AnyState,
  mode: Mode,
): Promise<AnyResult> {
  try {
    return await run(agent, input, mode);
  } catch (error) {
    return error;
  }
}

/** The run's result; rejects as the run does. */
export async function run(
  agent: AnyAgent,
  input: string | AnyState,
  mode: Mode,
  using: Runner = runner,
): Promise<AnyResult> {
  if (mode === 'plain') return await using.run(agent, input);
  const result = await using.run(agent, input, { stream: true });
  for await (const _event of result) {
    // Drained: the run only advances while its events are read.
  }
  await result.completed;
  if (result.error !== null && result.error !== undefined) throw result.error;
  return result;
}
