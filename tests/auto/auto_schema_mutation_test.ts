import { Agent, tool } from '@openai/agents';
import { autoModel, AutoModelSchemaError } from '@scripted/agents/auto';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';
import { request, runner } from '../model/_fixtures.ts';

const outputType = z.object({
  status: z.enum(['open', 'closed', 'pending']),
  count: z.number().int().min(1).max(4),
  ratio: z.number().gt(0).lt(1),
  tags: z.array(z.string().min(2).max(6)).min(1).max(3),
  when: z.string().datetime(),
  owner: z.object({ email: z.string().email(), id: z.string().uuid() }),
  note: z.string().nullable(),
  choice: z.union([z.literal('a'), z.number().int().multipleOf(5)]),
});

async function finalOutput(seed: number): Promise<z.infer<typeof outputType>> {
  const agent = new Agent({
    name: 'Reporter',
    model: autoModel({ seed }),
    outputType,
  });
  const result = await runner.run(agent, 'Report');
  return result.finalOutput as z.infer<typeof outputType>;
}

test('autoModel output types parse for many seeds and reach every enum member', async () => {
  const statuses = new Set<string>();
  const counts = new Set<number>();
  const notes = new Set<string>();
  const choices = new Set<string>();
  for (let seed = 0; seed < 12; seed++) {
    const output = await finalOutput(seed);
    const parsed = outputType.safeParse(output);
    assert(parsed.success, `seed ${seed}: ${JSON.stringify(output)}`);
    statuses.add(output.status);
    counts.add(output.count);
    notes.add(output.note === null ? 'null' : typeof output.note);
    choices.add(typeof output.choice);
  }
  assert.deepEqual([...statuses].sort(), ['closed', 'open', 'pending']);
  assert.deepEqual([...counts].sort(), [1, 2, 3, 4]);
  // A nullable field is never null: the tool may hide an .optional().
  assert.deepEqual([...notes].sort(), ['string']);
  assert.deepEqual([...choices].sort(), ['number', 'string']);
});

test('autoModel output types are the same for a seed on every run', async () => {
  assert.deepEqual(await finalOutput(3), await finalOutput(3));
  assert.notDeepEqual(await finalOutput(3), await finalOutput(4));
});

test('autoModel tool arguments follow the tool schema through a real run', async () => {
  const seen: unknown[] = [];
  const schedule = tool({
    name: 'schedule',
    description: 'Schedules a meeting.',
    parameters: z.object({
      day: z.string().date(),
      attendees: z.array(z.string().email()).min(2).max(2),
      minutes: z.number().int().multipleOf(15).min(15).max(60),
      room: z.enum(['north', 'south']).nullable(),
    }),
    execute: (args) => {
      seen.push(args);
      return 'ok';
    },
  });
  for (let seed = 0; seed < 8; seed++) {
    const agent = new Agent({
      name: 'Planner',
      model: autoModel({ seed }),
      tools: [schedule],
    });
    await runner.run(agent, 'Plan');
  }
  assert.equal(seen.length, 8);
  for (const args of seen as Record<string, unknown>[]) {
    assert.match(
      args.day as string,
      /^20[0-3]\d-(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])$/,
    );
    assert.equal((args.attendees as string[]).length, 2);
    for (const email of args.attendees as string[]) {
      assert(z.email().safeParse(email).success, email);
    }
    assert([15, 30, 45, 60].includes(args.minutes as number));
    assert(['north', 'south'].includes(args.room as string));
  }
});

test('autoModel reports an output type it cannot satisfy with the full error', async () => {
  const agent = new Agent({
    name: 'Impossible',
    model: autoModel({ seed: 1 }),
    outputType: z.object({ n: z.number().min(5).max(1) }),
  });
  await assert.rejects(runner.run(agent, 'Go'), (error: unknown) => {
    assert(error instanceof AutoModelSchemaError);
    assert.equal(error.toolName, undefined);
    assert.equal(error.path, 'outputType.schema.properties.n.minimum');
    assert.equal(error.reason, 'contradictory_bounds');
    assert.equal(error.detail, 'no number between 5 and 1');
    assert.equal(error.callIndex, 0);
    assert.equal(
      error.message,
      'Auto model cannot satisfy the schema of the output type (call 0) at ' +
        '"outputType.schema.properties.n.minimum": contradictory_bounds: ' +
        'no number between 5 and 1',
    );
    return true;
  });
});

test('autoModel tool arguments for fixed seeds are exactly the recorded ones', async () => {
  // The guide promises the same calls for a seed on Deno, Bun and Node; these
  // pin the draws (order of branches, nullable types, optional properties).
  const parameters = {
    type: 'object',
    properties: {
      name: { type: 'string' },
      size: { type: 'integer', minimum: 1, maximum: 50 },
      price: { type: 'number', minimum: 0, maximum: 10 },
      kind: {
        anyOf: [{ const: 'a' }, { const: 'b' }, { const: 'c' }, {
          type: 'boolean',
        }],
      },
      maybe: { type: ['string', 'null'] },
      list: { type: 'array', items: { type: 'integer', multipleOf: 3 } },
      flag: { type: 'boolean' },
      id: { type: 'string', format: 'uuid' },
    },
    required: ['name', 'size', 'kind', 'list'],
  };
  const argumentsFor = async (seed: number): Promise<string> => {
    const response = await autoModel({ seed }).getResponse(request({
      tools: [{
        type: 'function',
        name: 'probe',
        description: 'Probes.',
        parameters: parameters as never,
        strict: false,
      }],
    }));
    return (response.output[0] as { arguments: string }).arguments;
  };
  assert.equal(
    await argumentsFor(7),
    '{"name":"Cedar orchid","size":5,"kind":"c","list":[6]}',
  );
  assert.equal(
    await argumentsFor(8),
    '{"name":"Kestrel lumen","size":8,"price":1,"kind":"b","list":[6,9],' +
      '"flag":true,"id":"95ef11c0-e86a-42fc-9112-63333fb639db"}',
  );
});
