import { Runner } from '@openai/agents';
import { SandboxAgent, shell } from '@openai/agents/sandbox';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
  type scriptedSandboxSession,
} from '@scripted/agents';

/**
 * Runs one shell command through the real SandboxAgent runtime (`shell()`)
 * against `session`, and returns the run's final output.
 */
export async function runCommand(
  session: ReturnType<typeof scriptedSandboxSession>,
  cmd: string,
): Promise<unknown> {
  const model = new ScriptedModel([
    [functionCall('exec_command', { cmd }, { callId: 'call_1' })],
    [assistantMessage('Done.')],
  ]);
  const agent = new SandboxAgent({
    name: 'Workspace assistant',
    model,
    capabilities: [shell()],
  });
  const result = await new Runner({ tracingDisabled: true }).run(
    agent,
    'Go',
    { sandbox: { session } },
  );
  model.assertComplete();
  return result.finalOutput;
}
