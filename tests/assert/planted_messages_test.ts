/**
 * Nothing a failure prints holds a planted credential: the failure message
 * (and the fields a runner prints with it) of a failing assertion of each
 * entry. Messages apply the fixed rules (no `secrets` option reaches
 * them), so the values a test marks secret are not part of this check.
 *
 * @module
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { Agent, Runner } from '@openai/agents';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import {
  assistantMessage,
  ScriptedModel,
  scriptedSandboxSession,
} from '@scripted/agents';
import { assertFinalOutput, assertToolCalls } from '@scripted/agents/assert';
import { ScriptedMcpServer } from '@scripted/agents/mcp';
import {
  InvalidRealtimeScenarioInputError,
  ScriptedRealtimeTransport,
} from '@scripted/agents/realtime';
import { installTraceCapture } from '@scripted/agents/tracing';
import { replayModel } from '@scripted/agents/replay';
import { assertNonePlanted, plant, type Planted } from '../replay/_planted.ts';
import { plantedArguments, plantedRun } from './_planted_run.ts';
import { modes, run } from './_run.ts';

/** The planted values the fixed rules catch (not the `secrets` ones). */
function byRules(planted: Planted): Planted {
  const marked = new Set([planted.custom, planted.listed]);
  return {
    ...planted,
    secretParts: planted.secretParts.filter((part) => !marked.has(part)),
  };
}

/** Asserts what a runner prints of `error` holds no planted value. */
function assertPrintsNone(error: unknown, planted: Planted): void {
  assert.ok(error instanceof Error, String(error));
  const fields = { ...error } as Record<string, unknown>;
  delete fields.cause;
  assertNonePlanted(
    `${error.message}\n${JSON.stringify(fields)}`,
    byRules(planted),
  );
}

function thrownBy(attempt: () => unknown): unknown {
  try {
    attempt();
  } catch (error) {
    return error;
  }
  return assert.fail('expected a failure');
}

for (const mode of modes) {
  test(`${mode}: the run assertions' failures print no planted value`, async () => {
    const planted = plant();
    const { result } = await plantedRun(planted, mode);
    const calls = thrownBy(() =>
      assertToolCalls(result, [{ name: 'lookup', arguments: { city: 'Rome' } }])
    );
    // The check can fail: the diff prints the run's arguments.
    assert.match((calls as Error).message, /"city": "Paris"/);
    assert.match((calls as Error).message, /"api_key": "\[redacted\]"/);
    assertPrintsNone(calls, planted);
    const output = thrownBy(() =>
      assertFinalOutput(result, { password: planted.byKey.password })
    );
    assert.match((output as Error).message, /Unexpected final output/);
    assertPrintsNone(output, planted);
    // A credential at the differing path is redacted in the headline too.
    const headline = thrownBy(() =>
      assertToolCalls(result, [{
        name: 'lookup',
        arguments: { api_key: 'other-value-1' },
      }])
    );
    assert.match(
      (headline as Error).message,
      /^Unexpected tool calls at "\[0\]\.arguments\.api_key": expected "\[redacted\]", got "\[redacted\]"/,
    );
  });
}

test('MCP failures print no planted value: an unknown resource, an unexpected call', async () => {
  const planted = plant();
  const { byKey, shapes } = planted;
  const uri = `https://svc:${byKey.password}@host/r?api-key=${byKey.api_key}`;
  const server = new ScriptedMcpServer({
    tools: [{ name: 'other' }],
    calls: [{ tool: 'other', result: 'x' }],
    resources: {
      contents: {
        [`${shapes.userinfo}?sig=${byKey.client_secret}`]: [],
      },
    },
  });
  const resource = await server.readResource(uri).catch((error) => error);
  assert.equal(resource.name, 'UnknownMcpResourceError');
  assert.equal(resource.uri, 'https://[redacted]@host/r?api-key=[redacted]');
  assert.deepEqual(resource.knownUris, [
    'https://[redacted]@git.example.com/repo.git?sig=[redacted]',
  ]);
  assert.equal(
    resource.message,
    'Unknown MCP resource "https://[redacted]@host/r?api-key=[redacted]": ' +
      'expected one of the scripted URIs ("https://[redacted]@git.example.com/repo.…")',
  );
  assertPrintsNone(resource, planted);
  const call = await server.callTool('lookup', plantedArguments(planted))
    .catch((error) => error);
  assert.match(call.name, /Mcp/);
  assertPrintsNone(call, planted);
});

test('Realtime failures and recorded connect options print no planted value', async () => {
  const planted = plant();
  const { byKey, shapes } = planted;
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
    transport,
  });
  const errors: unknown[] = [];
  transport.expectCall('connect').catch((error) => errors.push(error));
  const url =
    `wss://svc:${byKey.password}@rt.example.com/v1?api-key=${byKey.api_key}`;
  await session.connect({ apiKey: shapes.openai, url });
  const options =
    (transport.calls[0] as unknown as { options: { url: string } })
      .options;
  assert.equal(
    options.url,
    'wss://[redacted]@rt.example.com/v1?api-key=[redacted]',
  );
  // A matcher throwing a string holding a credential.
  transport.expectCall('sendMessage', () => {
    throw `rejected ${shapes.bearer}`;
  }).catch((error) => errors.push(error));
  try {
    transport.sendMessage(`Hi ${shapes.github}`, {});
  } catch (error) {
    errors.push(error);
  }
  session.close();
  assert.ok(errors.length >= 1, 'the matcher rejected nothing');
  const rejected = errors.find((error) =>
    (error as Error).name === 'RealtimeCallMatcherError'
  ) as Error;
  assert.match(rejected.message, /threw "rejected Bearer \[redacted\]"/);
  for (const error of errors) assertPrintsNone(error, planted);
  assertNonePlanted(JSON.stringify(transport.calls[0]), byRules(planted));
});

test('A model replay mismatch and a used-up model print no planted value', async () => {
  const planted = plant();
  const { model, secrets } = await plantedRun(planted, 'plain');
  const replay = replayModel(model.fixtureJson(), { secrets });
  const other = plant();
  const agent = new Agent({
    name: 'Vault',
    instructions: `Use ${other.shapes.bearer} ${other.byKey.password}`,
    model: replay,
  });
  const mismatch = await run(agent, `Deploy ${other.shapes.openai}`, 'plain')
    .catch((error) => error);
  assert.equal(mismatch.name, 'ReplayMismatchError');
  assertPrintsNone(mismatch, planted);
  assertPrintsNone(mismatch, other);
  const empty = new ScriptedModel();
  const used = await run(
    new Agent({ name: 'A', model: empty, instructions: other.shapes.jwt }),
    `Hi ${other.shapes.openai}`,
    'plain',
  ).catch((error) => error);
  assertPrintsNone(used, other);
});

test('Sandbox failures print no planted value: a rejected call, an unexpected one', async () => {
  const planted = plant();
  const { shapes, byKey } = planted;
  const sandbox = scriptedSandboxSession<'execCommand'>([{
    method: 'execCommand',
    match: () => false,
    result: 'ok',
  }]);
  const cmd = `curl -H "Authorization: ${shapes.bearer}" ${shapes.query} ` +
    `-d password=${byKey.password}`;
  const rejected = await sandbox.execCommand({ cmd }).catch((error) => error);
  assert.equal(rejected.name, 'SandboxCallMatcherError');
  assertPrintsNone(rejected, planted);
  const other = scriptedSandboxSession<'readFile' | 'execCommand'>([
    { method: 'readFile', result: 'x' },
    { method: 'execCommand', result: 'ok' },
  ]);
  const unexpected = await other.execCommand({ cmd }).catch((error) => error);
  assert.equal(unexpected.name, 'UnexpectedSandboxCallError');
  assertPrintsNone(unexpected, planted);
});

test('Input errors print what they received redacted: assert, tracing, realtime', async () => {
  const planted = plant();
  const bad = `Bearer ${planted.shapes.openai}`;
  const run = thrownBy(() => assertFinalOutput(bad as never, 'x')) as {
    name: string;
    received: string;
    message: string;
  };
  assert.equal(run.name, 'InvalidRunAssertionInputError');
  assert.match(run.received, /^"Bearer \[redacted\]…"$/);
  assert.match(run.message, /got "Bearer \[redacted\]…"$/);
  assertPrintsNone(run, planted);
  using capture = installTraceCapture();
  await new Runner().run(
    new Agent({
      name: 'A',
      model: new ScriptedModel([[assistantMessage('Hi')]]),
    }),
    'Hi',
  );
  const traced = thrownBy(() =>
    capture.trace().assertAgents([bad] as never)
  ) as { name: string; received: string };
  assertPrintsNone(traced, planted);
  const trace = thrownBy(() => capture.trace().assertAgents(bad as never)) as {
    name: string;
    received: string;
  };
  assert.equal(trace.name, 'InvalidTraceAssertionInputError');
  assert.match(trace.received, /^"Bearer \[redacted\]…"$/);
  assertPrintsNone(trace, planted);
  const transport = new ScriptedRealtimeTransport();
  const realtime = thrownBy(() => transport.expectCall(bad as never)) as {
    name: string;
    received: string;
  };
  assert.equal(realtime.name, 'InvalidRealtimeScenarioInputError');
  assert.match(realtime.received, /^"Bearer \[redacted\]…"$/);
  assertPrintsNone(realtime, planted);
  // No value: the reason's own wording stays.
  assert.equal(
    new InvalidRealtimeScenarioInputError({
      reason: 'scenario_running',
      operation: 'expectCall',
    }).received,
    undefined,
  );
});
