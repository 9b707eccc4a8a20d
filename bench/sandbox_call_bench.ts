/**
 * Scenario 2: one scripted sandbox call (`execCommand` with a fixed result)
 * against a bare async function.
 *
 * Each iteration makes {@link callsPerIteration} calls on a session built
 * for it outside the measured part, so timer overhead is spread over many
 * calls and no iteration shares a script with another.
 *
 * @module
 */
import type { ExecCommandArgs } from '@openai/agents/sandbox';
import { scriptedSandboxSession as sdkScriptedSandboxSession } from '@openai/agents/testing';
import { scriptedSandboxSession } from '@scripted/agents';
import { callsPerIteration, warmUpRow } from './_fixtures.ts';

const group = `sandbox execCommand, ${callsPerIteration} calls`;
const result = '/workspace\n';

function commandArgs(): ExecCommandArgs[] {
  const args: ExecCommandArgs[] = [];
  for (let i = 0; i < callsPerIteration; i++) {
    args.push({
      cmd: `ls -la /workspace/dir_${i}`,
      workdir: '/workspace',
      yieldTimeMs: 10_000,
      maxOutputTokens: 1_000,
    });
  }
  return args;
}

function steps(): { method: 'execCommand'; result: string }[] {
  return Array.from(
    { length: callsPerIteration },
    () => ({ method: 'execCommand' as const, result }),
  );
}

// Keeps results reachable so no call can be optimised away.
let sink: unknown;

warmUpRow(() => scriptedSandboxSession(steps()));

Deno.bench({
  name: 'floor: bare async function',
  group,
  baseline: true,
  async fn(b) {
    const execCommand = (_args: ExecCommandArgs): Promise<string> =>
      Promise.resolve(result);
    const args = commandArgs();
    b.start();
    for (let i = 0; i < callsPerIteration; i++) {
      sink = await execCommand(args[i]!);
    }
    b.end();
  },
});

Deno.bench({
  name: 'ours: scriptedSandboxSession.execCommand',
  group,
  async fn(b) {
    const session = scriptedSandboxSession(steps());
    const args = commandArgs();
    b.start();
    for (let i = 0; i < callsPerIteration; i++) {
      sink = await session.execCommand!(args[i]!);
    }
    b.end();
  },
});

Deno.bench({
  name: 'sdk: scriptedSandboxSession.execCommand',
  group,
  async fn(b) {
    const session = sdkScriptedSandboxSession(steps());
    const args = commandArgs();
    b.start();
    for (let i = 0; i < callsPerIteration; i++) {
      sink = await session.execCommand!(args[i]!);
    }
    b.end();
  },
});

export { sink };
