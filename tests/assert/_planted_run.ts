/**
 * A run carrying every planted credential (`../replay/_planted.ts`) in its
 * tool arguments (nested in JSON text, a marked value as a key), tool
 * output, instructions, user text and URLs; recorded as a model fixture.
 *
 * @module
 */
import { Agent, type Runner, tool } from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import { type RecordingModel, recordModel } from '@scripted/agents/replay';
import type { Planted } from '../replay/_planted.ts';
import { run } from './_run.ts';

/** Tool arguments holding every planted value, nested in JSON text. */
export function plantedArguments(planted: Planted): Record<string, unknown> {
  const { byKey, shapes, custom, listed } = planted;
  return {
    city: 'Paris',
    api_key: byKey.api_key,
    credentials: { pass: byKey.credentials },
    api_keys: [byKey.OPENAI_API_KEY],
    // A marked value used as an object key.
    [listed]: 'the key is the secret',
    nested: { [custom]: 1, note: `${shapes.bearer} ${shapes.userinfo}` },
    shapes: Object.values(shapes).join(' '),
  };
}

/** What {@link plantedRun} gives: the run's result and its models. */
export interface PlantedRun {
  // deno-lint-ignore no-explicit-any
  readonly result: any;
  readonly inner: ScriptedModel;
  readonly model: RecordingModel;
  readonly secrets: string[];
}

/** A run whose model, tool and instructions carry every planted value. */
export async function plantedRun(
  planted: Planted,
  mode: 'plain' | 'streamed',
  runner?: Runner,
): Promise<PlantedRun> {
  const { byKey, shapes, custom, listed } = planted;
  const inner = new ScriptedModel([
    [functionCall('lookup', plantedArguments(planted), { callId: 'c1' })],
    [assistantMessage(`Done: ${shapes.openai} ${custom} ${shapes.query}`)],
  ]);
  const secrets = [custom, listed];
  const model = recordModel(inner, { secrets });
  const agent = new Agent({
    name: 'Vault',
    instructions: `Use ${shapes.bearer} at ${shapes.userinfo}; ${listed}.`,
    model,
    tools: [tool({
      name: 'lookup',
      description: 'Looks a city up with a key.',
      parameters: z.object({
        city: z.string(),
        api_key: z.string(),
        credentials: z.object({ pass: z.string() }),
        api_keys: z.array(z.string()),
        [listed]: z.string(),
        nested: z.object({ [custom]: z.number(), note: z.string() }),
        shapes: z.string(),
      }),
      execute: () =>
        JSON.stringify({
          github_token: byKey.github_token,
          private_key: shapes.pem,
          session: { password: byKey.password, token: byKey.session_token },
          echo: `${shapes.jwt} ${shapes.aws} ${shapes.slack} ${shapes.google}`,
        }),
    })],
  });
  const result = await run(
    agent,
    `Deploy ${shapes.githubPat} ${custom}`,
    mode,
    runner,
  );
  return { result, inner, model, secrets };
}
