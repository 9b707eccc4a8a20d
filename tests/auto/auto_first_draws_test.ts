/**
 * The auto model's first draws are the likely-valid ones (issue #34): a
 * tool bounded at `max(3)` whose bounds the SDK dropped runs for every seed,
 * a test's own zod schema checks a draw before it is sent, a name-like
 * string comes from the request, an opted-in command runs without optional
 * words, and every skipped tool is reported. Through `Agent` + `run` +
 * `tool`.
 *
 * @module
 */
import { Agent, run, Runner, tool, webSearchTool } from '@openai/agents';
import { SandboxAgent, shell } from '@openai/agents/sandbox';
import { scriptedSandboxSession } from '@scripted/agents';
import { autoModel, AutoModelToolRejectedError } from '@scripted/agents/auto';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';

const runner = new Runner({ tracingDisabled: true });
const seeds = [1, 2, 3, 4, 5];

const callbackSchema = z.object({
  phone: z.string().min(7).max(20),
  website: z.string().url().optional(),
  attempts: z.number().int().min(1).max(3),
});

function scheduleCallback(seen: z.infer<typeof callbackSchema>[]) {
  return tool({
    name: 'schedule_callback',
    description: 'Schedules a callback.',
    parameters: callbackSchema,
    execute: (args) => {
      seen.push(args);
      return `calling ${args.phone}`;
    },
  });
}

/** The arguments of the tool's calls answered before the model's last call. */
function argumentsOf(model: ReturnType<typeof autoModel>, name: string) {
  const input = model.lastCall?.request.input;
  return (Array.isArray(input) ? input : [])
    .filter((item) =>
      item.type === 'function_call' && (item as { name?: string }).name === name
    )
    .map((item) => JSON.parse((item as { arguments: string }).arguments));
}

test('a tool the SDK sends with bare number and string fields runs on the first draw, every seed', async () => {
  for (const seed of seeds) {
    const seen: z.infer<typeof callbackSchema>[] = [];
    const model = autoModel({ seed });
    const agent = new Agent({
      name: 'Callbacks',
      model,
      tools: [scheduleCallback(seen)],
    });
    // The SDK lost the bounds: `attempts` is a bare number.
    const result = await run(agent, 'Call me back');
    const sent = model.calls[0]!.request.tools[0] as {
      parameters: { properties: Record<string, unknown> };
    };
    assert.deepEqual(sent.parameters.properties.attempts, { type: 'number' });
    model.assertComplete();
    assert.equal(seen.length, 1, `seed ${seed}`);
    assert.equal(model.calls.length, 2, `seed ${seed}: no retry needed`);
    assert.equal(seen[0]!.attempts, 1);
    assert.match(seen[0]!.phone, /^\+1555\d{7}$/);
    // The short plain URL first.
    assert.equal(seen[0]!.website, 'https://a.io');
    assert.match(String(result.finalOutput), /calling \+1555/);
  }
});

test('a bare number widens with each rejected attempt: 1, then up to 3, then up to 10', async () => {
  const tried: number[][] = [];
  for (const seed of [0, 1, 2, 3, 4, 5, 6, 7]) {
    const model = autoModel({ seed, retries: 3, onRejected: 'warn' });
    const never = tool({
      name: 'count_to',
      description: 'Counts.',
      parameters: z.object({ n: z.number() }),
      execute: () => {
        throw new Error('no');
      },
    });
    await runner.run(new Agent({ name: 'A', model, tools: [never] }), 'Go');
    tried.push(argumentsOf(model, 'count_to').map((args) => args.n));
  }
  for (const row of tried) {
    assert.equal(row.length, 4);
    assert.equal(row[0], 1);
    assert(row[1]! >= 1 && row[1]! <= 3, String(row));
    assert(row[2]! >= 1 && row[2]! <= 10, String(row));
    assert(row[3]! >= 1 && row[3]! <= 10, String(row));
  }
  // The later attempts are drawn, not fixed.
  assert(tried.some((row) => row[1]! > 1));
  assert(tried.some((row) => row[2]! > 3 || row[3]! > 3));
});

test('a bounded number keeps its bounds on the first attempt', async () => {
  const seen: number[] = [];
  for (const seed of seeds) {
    const model = autoModel({ seed });
    const pick = tool({
      name: 'pick_page',
      description: 'Picks a page.',
      parameters: z.object({ page: z.number().int().min(5).max(6) }),
      execute: ({ page }) => {
        seen.push(page);
        return 'ok';
      },
    });
    await runner.run(new Agent({ name: 'A', model, tools: [pick] }), 'Go');
    model.assertComplete();
  }
  assert.deepEqual([...new Set(seen)].sort(), [5, 6]);
});

test('a schema handed to autoModel checks each draw before it is sent', async () => {
  // `.optional()` loosens the sent schema: `count` arrives as a bare number.
  const parameters = z.object({
    count: z.number().int().min(5).max(6).optional(),
  });
  const make = (seen: unknown[]) =>
    tool({
      name: 'reserve',
      description: 'Reserves seats.',
      parameters,
      execute: (args) => {
        seen.push(args);
        return 'reserved';
      },
    });
  for (const seed of seeds) {
    const seen: unknown[] = [];
    const model = autoModel({ seed, schemas: { reserve: parameters } });
    await runner.run(
      new Agent({ name: 'A', model, tools: [make(seen)] }),
      'Go',
    );
    model.assertComplete();
    assert.equal(model.calls.length, 2, `seed ${seed}: the first call ran`);
    assert.equal(seen.length, 1);
    const { count } = seen[0] as { count: number };
    assert(count === 5 || count === 6, String(count));
  }
  // Without it, the first draw (1) is rejected by the tool.
  const seen: unknown[] = [];
  const model = autoModel({ seed: 1, onRejected: 'warn' });
  await runner.run(new Agent({ name: 'A', model, tools: [make(seen)] }), 'Go');
  assert.deepEqual(argumentsOf(model, 'reserve')[0], { count: 1 });
});

test('a schema no draw passes sends the last draw, which the tool reports', async () => {
  let checked = 0;
  const never = {
    safeParse: () => {
      checked += 1;
      return { success: false };
    },
  };
  const seen: unknown[] = [];
  const model = autoModel({ schemas: { reserve: never }, retries: 0 });
  const reserve = tool({
    name: 'reserve',
    description: 'Reserves seats.',
    parameters: z.object({ count: z.number() }),
    execute: (args) => {
      seen.push(args);
      return 'reserved';
    },
  });
  await runner.run(new Agent({ name: 'A', model, tools: [reserve] }), 'Go');
  // 100 draws checked, the last one sent (and accepted by the tool itself).
  assert.equal(checked, 100);
  assert.equal(seen.length, 1);
  model.assertComplete();
});

test('the final answer is checked against outputSchema', async () => {
  const output = z.object({ score: z.number().int() }).refine(
    (value) => value.score >= 4,
  );
  for (const seed of seeds) {
    const model = autoModel({ seed, outputSchema: output });
    const agent = new Agent({ name: 'Scorer', model, outputType: output });
    const result = await runner.run(agent, 'Score it');
    assert((result.finalOutput as { score: number }).score >= 4);
    model.assertComplete();
  }
  // Without it, the first draw (1) fails the SDK's parse.
  const agent = new Agent({
    name: 'Scorer',
    model: autoModel({ seed: 1 }),
    outputType: output,
  });
  await assert.rejects(runner.run(agent, 'Score it'));
});

test('a name-like string is drawn from the values the request offers', async () => {
  const skills = ['credit-note-fixer', 'invoice-reader'];
  for (const seed of seeds) {
    const loaded: string[] = [];
    const loadSkill = tool({
      name: 'load_skill',
      description: 'Loads a skill by name.',
      parameters: z.object({ name: z.string() }),
      execute: ({ name }) => {
        if (!skills.includes(name)) throw new Error(`no skill ${name}`);
        loaded.push(name);
        return `loaded ${name}`;
      },
    });
    const model = autoModel({ seed });
    const agent = new Agent({
      name: 'Fixer',
      instructions: 'Load the credit-note-fixer skill first, then fix notes.',
      model,
      tools: [loadSkill],
    });
    await runner.run(agent, 'Fix the credit note');
    model.assertComplete();
    assert.deepEqual(loaded, ['credit-note-fixer'], `seed ${seed}`);
  }
});

test('a rejected offered name moves on to the next one the request offers', async () => {
  const opened: string[] = [];
  const openFile = tool({
    name: 'open_file',
    description: 'Opens a file.',
    parameters: z.object({ path: z.string() }),
    execute: ({ path }) => {
      if (path !== 'notes/todo.md') throw new Error('missing');
      opened.push(path);
      return 'opened';
    },
  });
  const model = autoModel({ seed: 1 });
  const agent = new Agent({ name: 'Reader', model, tools: [openFile] });
  await runner.run(agent, 'Open report-2024.pdf or notes/todo.md');
  model.assertComplete();
  assert.deepEqual(opened, ['notes/todo.md']);
  assert.deepEqual(argumentsOf(model, 'open_file').map((args) => args.path), [
    'report-2024.pdf',
    'notes/todo.md',
  ]);
});

test('an opted-in exec_command runs its command on a scripted session, no optional words', async () => {
  for (const seed of seeds) {
    const seen: Record<string, unknown>[] = [];
    const sandbox = scriptedSandboxSession([
      {
        method: 'execCommand',
        respond: (call) => {
          seen.push({ ...call.args[0] });
          return '/workspace\n';
        },
      },
    ]);
    const model = autoModel({ seed, allow: ['exec_command'] });
    const agent = new SandboxAgent({
      name: 'Workspace',
      model,
      capabilities: [shell()],
      modelSettings: { parallelToolCalls: false },
    });
    await runner.run(agent, 'Where?', { sandbox: { session: sandbox } });
    model.assertComplete();
    sandbox.assertComplete();
    assert.equal(seen.length, 1);
    const [args] = seen;
    assert(['pwd', 'ls', 'echo hello', 'date'].includes(String(args!.cmd)));
    // The nullable `workdir`, `shell` and `max_output_tokens` are left out.
    for (const key of ['workdir', 'shell', 'maxOutputTokens']) {
      assert.equal(args![key], undefined, `${key} for seed ${seed}`);
    }
    const sent = argumentsOf(model, 'exec_command')[0];
    assert.equal(sent.workdir, null);
    assert.equal(sent.shell, null);
    assert.equal(sent.max_output_tokens, null);
  }
});

test('an agent as a tool whose description says write-up is called', async () => {
  const writer = new Agent({
    name: 'Writer',
    model: autoModel({ text: 'The write-up.' }),
  });
  const summarize = writer.asTool({
    toolName: 'summarize_findings',
    toolDescription: 'Use to write a short write-up of the findings.',
  });
  const model = autoModel();
  const agent = new Agent({ name: 'Research', model, tools: [summarize] });
  const result = await runner.run(agent, 'Research it');
  assert.match(String(result.finalOutput), /The write-up\./);
  assert.deepEqual(model.skipped, []);
  model.assertComplete();
});

test('every skipped tool is listed with its reason, and in assertComplete()', async () => {
  const make = (name: string, extra: Record<string, unknown> = {}) =>
    tool({
      name,
      description: 'A tool.',
      parameters: z.object({}),
      execute: () => {
        throw new Error('rejects');
      },
      ...extra,
    });
  const model = autoModel({ retries: 0 });
  const agent = new Agent({
    name: 'A',
    model,
    tools: [
      make('delete_file'),
      make('run_shell'),
      make('inventory', { allowedCallers: ['programmatic'] }),
      make('later', { deferLoading: true }),
      make('lookup'),
      webSearchTool(),
    ],
  });
  await assert.rejects(runner.run(agent, 'Go'), AutoModelToolRejectedError);
  const skipped = [
    { name: 'delete_file', reason: 'changes_files' },
    { name: 'run_shell', reason: 'runs_commands' },
    { name: 'inventory', reason: 'programmatic_only' },
    { name: 'later', reason: 'deferred' },
    { name: 'web_search', reason: 'not_opted_in' },
  ];
  assert.deepEqual(model.skipped, skipped);
  assert.throws(
    () => model.assertComplete(),
    (error: unknown) => {
      assert(error instanceof AutoModelToolRejectedError);
      assert.equal(error.toolName, 'lookup');
      assert.deepEqual(error.skipped, skipped);
      assert(Object.isFrozen(error.skipped));
      assert(Object.isFrozen(error.skipped[0]));
      assert.equal(
        error.message,
        'Auto model call 1: expected tool "lookup" to run, it rejected all 1 argument sets tried: {} -> "An error occurred while running the tool. Please try again."; not called: "delete_file" (changes_files), "run_shell" (runs_commands), "inventory" (programmatic_only), "later" (deferred), "web_search" (not_opted_in)',
      );
      return true;
    },
  );
});

test('a name led by a reading verb reads, whatever else it says', async () => {
  const ran: string[] = [];
  const make = (name: string) =>
    tool({
      name,
      description: 'Reads.',
      parameters: z.object({}),
      execute: () => {
        ran.push(name);
        return 'ok';
      },
    });
  const names = [
    'get_updates',
    'list_saved_items',
    'read_edits',
    'fetch_inserts',
    'find_replacements',
    'search_appended',
    'show_deleted',
    'view_writes',
    'lookup_renames',
    'describe_patches',
    'query_created',
    'check_removed',
    // A command is a command, even when read.
    'get_shell',
    // Only the first word counts.
    'update_get',
  ];
  const model = autoModel();
  await runner.run(
    new Agent({ name: 'A', model, tools: names.map(make) }),
    'Go',
  );
  assert.deepEqual(ran, names.slice(0, 12));
  assert.deepEqual(model.skipped, [
    { name: 'get_shell', reason: 'runs_commands' },
    { name: 'update_get', reason: 'changes_files' },
  ]);
});
