/**
 * Realistic agents on `autoModel`, written for issue #25: tools whose zod
 * schema the SDK loosens (optional fields, integer and format constraints),
 * a programmatic-only tool, a destructive tool, a triage with handoffs and a
 * sandbox agent on a scripted session with its shell tools opted in. For
 * each of five seeds, every tool a model may call must run successfully.
 *
 * @module
 */
import { Agent, handoff, Runner, tool } from '@openai/agents';
import { SandboxAgent, shell } from '@openai/agents/sandbox';
import { scriptedSandboxSession } from '@scripted/agents';
import { autoModel } from '@scripted/agents/auto';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';

const runner = new Runner({ tracingDisabled: true });
const seeds = [0, 1, 2, 3, 4];

/** Counts successful runs of each tool; a tool that should not run throws. */
function ledger() {
  const ran = new Map<string, unknown[]>();
  const record = (name: string, args: unknown) => {
    ran.set(name, [...ran.get(name) ?? [], args]);
  };
  return { ran, record };
}

function storeAgent(model: ReturnType<typeof autoModel>, log = ledger()) {
  const listOrders = tool({
    name: 'list_orders',
    description: 'Lists the orders of a customer.',
    parameters: z.object({
      page: z.number().int().min(1),
      customerEmail: z.string().email(),
      status: z.string().optional(),
      since: z.iso.date().optional(),
    }),
    execute: (args) => {
      log.record('list_orders', args);
      return `page ${args.page} of ${args.customerEmail}`;
    },
  });
  const getInvoice = tool({
    name: 'get_invoice',
    description: 'Gets an invoice.',
    parameters: z.object({
      invoiceId: z.string().uuid(),
      currency: z.enum(['EUR', 'USD']),
      website: z.string().url().optional(),
      phone: z.e164().optional(),
      copies: z.number().int().min(1).max(5).optional(),
    }),
    execute: (args) => {
      log.record('get_invoice', args);
      return `invoice ${args.invoiceId}`;
    },
  });
  const inventory = tool({
    name: 'get_inventory',
    description: 'Reads the inventory (programmatic callers only).',
    parameters: z.object({ sku: z.string() }),
    allowedCallers: ['programmatic'],
    execute: () => {
      throw new Error('a model may not call get_inventory directly');
    },
  });
  const deleteOrder = tool({
    name: 'delete_order',
    description: 'Deletes an order for good.',
    parameters: z.object({ orderId: z.string() }),
    execute: (args) => {
      log.record('delete_order', args);
      return 'deleted';
    },
  });
  const agent = new Agent({
    name: 'Store',
    model,
    tools: [listOrders, getInvoice, inventory, deleteOrder],
  });
  return { agent, log };
}

test('a store agent: each callable tool runs, for every seed, with loosened zod schemas', async () => {
  for (const seed of seeds) {
    const model = autoModel({ seed });
    const { agent, log } = storeAgent(model);
    const result = await runner.run(agent, 'Show my orders');
    model.assertComplete();
    assert.deepEqual([...log.ran.keys()].sort(), [
      'get_invoice',
      'list_orders',
    ]);
    for (const [name, calls] of log.ran) {
      assert.equal(calls.length, 1, `${name} ran once for seed ${seed}`);
    }
    assert.match(String(result.finalOutput), /page \d+ of/);
    // No programmatic-only, no destructive tool was called.
    const called = result.rawResponses.flatMap((response) =>
      response.output.map((item) => (item as { name?: string }).name)
    );
    assert(called.includes('list_orders'));
    assert(!called.includes('get_inventory'));
    assert(!called.includes('delete_order'));
  }
});

test('a destructive tool runs only when opted in by name', async () => {
  for (const seed of seeds) {
    const model = autoModel({ seed, allow: ['delete_order'] });
    const { agent, log } = storeAgent(model);
    await runner.run(agent, 'Clean up');
    model.assertComplete();
    assert.deepEqual([...log.ran.keys()].sort(), [
      'delete_order',
      'get_invoice',
      'list_orders',
    ]);
  }
});

test('a triage agent sharing one model reaches the named handoff', async () => {
  for (const seed of seeds) {
    const log = ledger();
    const model = autoModel({ seed, handoff: ['Billing agent'] });
    const refund = tool({
      name: 'refund',
      description: 'Refunds a payment.',
      parameters: z.object({
        paymentId: z.string().uuid(),
        amount: z.number().int().positive().max(500),
        reason: z.string().max(40).optional(),
      }),
      execute: (args) => {
        log.record('refund', args);
        return 'refunded';
      },
    });
    const billing = new Agent({
      name: 'Billing agent',
      model,
      tools: [refund],
    });
    const spanish = new Agent({ name: 'Spanish agent', model });
    const triage = new Agent({
      name: 'Triage',
      model,
      handoffs: [spanish, handoff(billing)],
    });
    const result = await runner.run(triage, 'I want my money back');
    assert.equal(result.lastAgent?.name, 'Billing agent');
    assert.equal(log.ran.get('refund')?.length, 1);
    model.assertComplete();
  }
});

test('a sandbox agent runs its opted-in shell tools against a scripted session', async () => {
  for (const seed of seeds) {
    const commands: string[] = [];
    const sandbox = scriptedSandboxSession([
      {
        method: 'execCommand',
        respond: (call) => {
          commands.push(call.args[0].cmd);
          return '/workspace\n';
        },
      },
    ]);
    const model = autoModel({ seed, allow: ['exec_command'] });
    const agent = new SandboxAgent({
      name: 'Workspace',
      model,
      capabilities: [shell()],
      // One call per response: the session sees them in script order.
      modelSettings: { parallelToolCalls: false },
    });
    await runner.run(agent, 'Where are we?', { sandbox: { session: sandbox } });
    model.assertComplete();
    sandbox.assertComplete();
    assert.equal(commands.length, 1);
    assert(['pwd', 'ls', 'echo hello', 'date'].includes(commands[0]!));
  }
});

test('a sandbox agent without opt-in runs no command', async () => {
  const sandbox = scriptedSandboxSession([
    { method: 'execCommand', result: 'never' },
  ]);
  const model = autoModel({ text: 'Nothing to run.' });
  const agent = new SandboxAgent({
    name: 'Workspace',
    model,
    capabilities: [shell()],
  });
  const result = await runner.run(agent, 'Hi', {
    sandbox: { session: sandbox },
  });
  assert.equal(result.finalOutput, 'Nothing to run.');
  assert.equal(sandbox.calls.length, 0);
  model.assertComplete();
});
