import assert from 'node:assert/strict';
import process from 'node:process';
import test from 'node:test';
import { Agent, Runner } from '@openai/agents';
import * as coreA from '@scripted/agents';
import * as assertA from '@scripted/agents/assert';
import * as itemsA from '@scripted/agents/items';
import * as realtimeA from '@scripted/agents/realtime';

// The model-side entries of one copy, as one namespace.
const copyA = { ...coreA, ...itemsA, ...assertA };

// The second copy: the npm package as `npm install` lays it out, packed and
// installed by the pack-smoke stage (which `scripts/test.ts` runs before the
// runtime tests). Beside the source (Deno, Bun) or the build (Node) this is
// the JSR-plus-npm situation of two dependencies pulling two copies.
const defaultCopy = '.tmp/pack_smoke/consumer/node_modules/@scripted/agents';

function copyDir(): string {
  const dir = process.env.SCRIPTED_AGENTS_SECOND_COPY ?? defaultCopy;
  return new URL(dir.replace(/\/?$/, '/'), `file://${process.cwd()}/`).href;
}

type Copy = typeof copyA;
type RealtimeCopy = typeof realtimeA;

async function loadCopyB(): Promise<
  { model: Copy; realtime: RealtimeCopy } | string
> {
  const base = copyDir();
  let found: { model: Copy; realtime: RealtimeCopy };
  try {
    found = {
      model: {
        ...await import(`${base}mod.js`),
        ...await import(`${base}items/mod.js`),
        ...await import(`${base}assert/mod.js`),
      } as Copy,
      realtime: await import(`${base}realtime/mod.js`) as RealtimeCopy,
    };
  } catch (error) {
    return `no second copy at ${base}: ${(error as Error).message}`;
  }
  if (
    typeof found.model.ScriptedModel !== 'function' ||
    typeof found.realtime.ScriptedRealtimeTransport !== 'function'
  ) {
    return `the copy at ${base} is stale: run the build and pack-smoke stages`;
  }
  return found;
}

const loaded = await loadCopyB();
// Run alone, a missing copy skips (run `npm test`, which packs it first);
// under `npm test` (SCRIPTED_AGENTS_STRICT) or in CI it fails.
const strict = process.env.SCRIPTED_AGENTS_STRICT === '1' ||
  process.env.CI === 'true';
const skip = typeof loaded === 'string' && !strict ? loaded : false;

function copies(): { model: Copy; realtime: RealtimeCopy } {
  if (typeof loaded === 'string') assert.fail(loaded);
  return loaded;
}

/** What a test may rely on across copies: name and structured fields. */
function identity(error: unknown): Record<string, unknown> {
  assert(error instanceof Error);
  const out: Record<string, unknown> = { name: error.name };
  for (const key of Object.keys(error)) {
    out[key] = (error as unknown as Record<string, unknown>)[key];
  }
  out.message = error.message;
  return out;
}

async function failureOf(work: () => unknown): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  assert.fail('Expected a failure');
}

test(
  'Two loaded copies of the package are distinct module instances',
  { skip },
  () => {
    const { model, realtime } = copies();
    assert.notEqual(model.ScriptedModel, copyA.ScriptedModel);
    assert.notEqual(
      model.UnexpectedModelCallError,
      copyA.UnexpectedModelCallError,
    );
    assert.notEqual(
      realtime.ScriptedRealtimeTransport,
      realtimeA.ScriptedRealtimeTransport,
    );
  },
);

test(
  'Model errors from either copy agree on name and fields, not on instanceof',
  { skip },
  async () => {
    const { model: copyB } = copies();
    const runner = new Runner({ tracingDisabled: true });
    const runOut = (lib: Copy) =>
      failureOf(() =>
        runner.run(
          new Agent({ name: 'A', model: new lib.ScriptedModel([]) }),
          'hi',
        )
      );
    const [a, b] = [await runOut(copyA), await runOut(copyB)];
    assert.equal((b as Error).name, 'UnexpectedModelCallError');
    assert.deepEqual(identity(b), identity(a));
    assert.equal(b instanceof copyA.UnexpectedModelCallError, false);
    assert.equal(b instanceof copyB.UnexpectedModelCallError, true);

    const invalid = (lib: Copy) =>
      failureOf(() => new lib.ScriptedModel([{ type: 'nope' } as never]));
    const [ia, ib] = [await invalid(copyA), await invalid(copyB)];
    assert.equal((ib as Error).name, 'InvalidScriptedModelStepError');
    assert.equal((ib as { reason?: string }).reason, 'unknown_step_type');
    assert.equal((ib as { inputIndex?: number }).inputIndex, 0);
    assert.deepEqual(identity(ib), identity(ia));
    assert.equal(ib instanceof copyA.InvalidScriptedModelStepError, false);

    const unused = (lib: Copy) =>
      failureOf(() =>
        new lib.ScriptedModel([[lib.assistantMessage('x')]]).assertComplete()
      );
    const [ua, ub] = [await unused(copyA), await unused(copyB)];
    assert.equal((ub as Error).name, 'UnconsumedModelStepsError');
    assert.deepEqual(identity(ub), identity(ua));
    assert.equal(ub instanceof copyA.UnconsumedModelStepsError, false);
  },
);

test(
  'Run assertions and item builders of either copy read the same run alike',
  { skip },
  async () => {
    const { model: copyB } = copies();
    const model = new copyA.ScriptedModel();
    const billing = new Agent({ name: 'Billing', model });
    const triage = new Agent({ name: 'Triage', model, handoffs: [billing] });
    model.enqueue(
      [copyB.handoffCall(billing, { callId: 'call_1' })],
      [copyB.reasoning('ok'), copyA.assistantMessage('Done')],
    );
    const runner = new Runner({ tracingDisabled: true });
    const result = await runner.run(triage, 'hi');
    assert.deepEqual(copyB.handoffsTaken(result), copyA.handoffsTaken(result));
    copyB.assertHandoffs(result, [billing]);
    const wrong = (lib: Copy) =>
      failureOf(() => lib.assertFinalOutput(result, 'Other'));
    const [a, b] = [await wrong(copyA), await wrong(copyB)];
    assert.equal((b as Error).name, 'RunAssertionError');
    assert.deepEqual(identity(b), identity(a));
    assert.equal(b instanceof copyA.RunAssertionError, false);
  },
);

test(
  'Sandbox errors from either copy agree on name and fields, not on instanceof',
  { skip },
  async () => {
    const { model: copyB } = copies();
    const wrongCall = (lib: Copy) =>
      failureOf(() => {
        const session = lib.scriptedSandboxSession([
          { method: 'readFile', result: 'x' },
          { method: 'execCommand', result: 'y' },
        ]) as unknown as { execCommand(args: unknown): unknown };
        return session.execCommand({ cmd: 'ls' });
      });
    const [a, b] = [await wrongCall(copyA), await wrongCall(copyB)];
    assert.equal((b as Error).name, 'UnexpectedSandboxCallError');
    assert.deepEqual(identity(b), identity(a));
    assert.equal(b instanceof copyA.UnexpectedSandboxCallError, false);

    const invalid = (lib: Copy) =>
      failureOf(() =>
        lib.scriptedSandboxSession([
          { method: 'readFile', result: 'x' },
          { method: 'fly', result: 1 } as never,
        ])
      );
    const [ia, ib] = [await invalid(copyA), await invalid(copyB)];
    assert.equal((ib as Error).name, 'InvalidScriptedSandboxStepError');
    assert.equal((ib as { inputIndex?: number }).inputIndex, 1);
    assert.deepEqual(identity(ib), identity(ia));
    assert.equal(ib instanceof copyA.InvalidScriptedSandboxStepError, false);
  },
);

test(
  'Realtime errors from either copy agree on name and fields, not on instanceof',
  { skip },
  async () => {
    const { realtime: copyB } = copies();
    const unexpected = async (lib: RealtimeCopy) => {
      const transport = new lib.ScriptedRealtimeTransport();
      const expectation = transport.expectCall('sendMessage');
      expectation.catch(() => undefined);
      return await failureOf(() => transport.mute(true));
    };
    const [a, b] = [await unexpected(realtimeA), await unexpected(copyB)];
    assert.equal((b as Error).name, 'UnexpectedRealtimeCallError');
    assert.deepEqual(identity(b), identity(a));
    assert.equal(b instanceof realtimeA.UnexpectedRealtimeCallError, false);

    const notClosed = async (lib: RealtimeCopy) => {
      const transport = new lib.ScriptedRealtimeTransport();
      await transport.connect({ apiKey: 'k' } as never);
      return failureOf(() => transport.assertClosed());
    };
    const [na, nb] = [await notClosed(realtimeA), await notClosed(copyB)];
    assert.equal((nb as Error).name, 'RealtimeTransportNotClosedError');
    assert.equal((nb as { status?: string }).status, 'connected');
    assert.deepEqual(identity(nb), identity(na));
    assert.equal(
      nb instanceof realtimeA.RealtimeTransportNotClosedError,
      false,
    );
  },
);
