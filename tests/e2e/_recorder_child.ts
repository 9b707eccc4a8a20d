/**
 * A recording process for `fixture_process_test.ts`, run by Deno, Bun or
 * Node as a child:
 *
 * - `record <path> <label> <kilobytes> <times>`: records one run whose
 *   answer is `<label>` padded to the size, then writes the fixture
 *   `<times>` times (`0`: until killed), printing `wrote <n>` after each;
 * - `mode <path>`: opens the fixture with the process's own environment
 *   (`CI`, `RECORD`) and prints what happened as JSON.
 *
 * @module
 */
import process from 'node:process';
import { Agent, Runner } from '@openai/agents';
import { assistantMessage, ScriptedModel } from '@scripted/agents';
import { modelFixture } from '@scripted/agents/replay/files';

const [command, path, label, kilobytes, times] = process.argv.slice(2);

async function record(): Promise<void> {
  const answer = `${label} ${'x'.repeat(Number(kilobytes) * 1024)}`;
  const fixture = await modelFixture(path!, {
    real: () => new ScriptedModel([[assistantMessage(answer)]]),
    record: true,
    env: {},
  });
  const agent = new Agent({ name: 'Writer', model: fixture.model });
  await new Runner({ tracingDisabled: true }).run(agent, 'Write.');
  const count = Number(times);
  for (let n = 1; count === 0 || n <= count; n++) {
    await fixture.finish();
    process.stdout.write(`wrote ${n}\n`);
  }
}

async function mode(): Promise<void> {
  let built = 0;
  try {
    const fixture = await modelFixture(path!, {
      real: () => {
        built++;
        return new ScriptedModel([]);
      },
    });
    process.stdout.write(`${JSON.stringify({ mode: fixture.mode, built })}\n`);
  } catch (error) {
    const { name, reason, file, message } = error as Record<string, unknown>;
    process.stdout.write(
      `${JSON.stringify({ name, reason, file, message, built })}\n`,
    );
  }
}

await (command === 'record' ? record() : mode());
