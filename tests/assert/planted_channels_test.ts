/**
 * One redaction wherever a run is stored: the model fixture of a run and
 * its `runSnapshot` remove the same planted values (`../replay/_planted.ts`)
 * and keep the same schemas; an MCP fixture's server name is redacted too.
 *
 * @module
 */
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import test from 'node:test';
import { MCPServerStreamableHttp } from '@openai/agents';
import { ScriptedModel } from '@scripted/agents';
import { runSnapshot } from '@scripted/agents/assert';
import { ScriptedMcpServer } from '@scripted/agents/mcp';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import {
  recordMcpServer,
  recordModel,
  recordRealtimeTransport,
} from '@scripted/agents/replay';
import { mcpFixture } from '@scripted/agents/replay/files';
import { assertNonePlanted, plant, type Planted } from '../replay/_planted.ts';
import { plantedRun } from './_planted_run.ts';
import { modes } from './_run.ts';

for (const mode of modes) {
  test(`${mode}: a run's fixture and its snapshot remove the same planted values`, async () => {
    const planted = plant();
    const { result, inner, model, secrets } = await plantedRun(planted, mode);
    const fixture = model.fixtureJson();
    const snapshot = runSnapshot(result, { models: [inner], secrets });
    const snapshotJson = JSON.stringify(snapshot);
    // The check can fail: the run did carry the values.
    assert.ok(JSON.stringify(inner.calls).includes(planted.byKey.api_key));
    assertNonePlanted(fixture, planted);
    assertNonePlanted(snapshotJson, planted);
    // Nested credentials in the arguments' JSON text, removed in every place.
    const item = snapshot.items.find((entry) =>
      (entry as { type: string }).type === 'tool_call_item'
    ) as { rawItem: { arguments: string } };
    for (
      const args of [
        snapshot.toolCalls[0]!.arguments as Record<string, never>,
        JSON.parse(item.rawItem.arguments),
      ]
    ) {
      assert.deepEqual(args.credentials, { pass: '[redacted]' });
      assert.deepEqual(args.api_keys, ['[redacted]']);
      assert.equal(args['[redacted]'], 'the key is the secret');
      assert.equal(args.nested['[redacted]'], 1);
      assert.equal(args.city, 'Paris');
    }
    // A parameter named like a credential keeps its schema in both.
    const snapshotTool = (snapshot.modelCalls[0]![0] as {
      tools: { parameters: { properties: Record<string, unknown> } }[];
    }).tools[0]!;
    const fixtureTool = JSON.parse(fixture).calls[0].request.tools[0];
    for (
      const parameters of [snapshotTool.parameters, fixtureTool.parameters]
    ) {
      assert.deepEqual(parameters.properties.api_key, { type: 'string' });
      assert.deepEqual(parameters.properties.credentials, {
        type: 'object',
        properties: { pass: { type: 'string' } },
        required: ['pass'],
        additionalProperties: false,
      });
    }
    // The same schemas in both: the fixture's request and the snapshot's.
    assert.deepEqual(snapshotTool.parameters, fixtureTool.parameters);
  });
}

test('A snapshot redacts as the encoder does: JSON text key by key, numbers and booleans kept', () => {
  const snapshot = runSnapshot({
    newItems: [],
    finalOutput: {
      text: '{"credentials":{"pass":"p4ss-w0rd-1"},"n":1}',
      plain: 'not {json',
      token: { count: 3, on: false, value: 'abc' },
    },
  });
  assert.deepEqual(snapshot.finalOutput, {
    plain: 'not {json',
    text: '{"credentials":{"pass":"[redacted]"},"n":1}',
    token: { count: 3, on: false, value: '[redacted]' },
  });
});

/** The name the SDK gives a streamable HTTP server by default. */
function urlServerName(planted: Planted): string {
  return `streamable-http: https://svc:${planted.byKey.password}@host/mcp?api_key=${planted.byKey.api_key}`;
}

test('An MCP fixture redacts the server name the SDK gives URL servers', async () => {
  const planted = plant();
  const server = recordMcpServer(
    new ScriptedMcpServer({
      name: urlServerName(planted),
      tools: [{ name: 'lookup' }],
      calls: [{ tool: 'lookup', result: planted.shapes.openai }],
    }),
    { secrets: [planted.listed], sdkVersion: `v1 ${planted.listed}` },
  );
  await server.listTools();
  await server.callTool('lookup', { token: planted.byKey.session_token });
  const json = server.fixtureJson();
  assertNonePlanted(json, planted);
  const fixture = server.fixture();
  assert.equal(
    fixture.name,
    'streamable-http: https://[redacted]@host/mcp?api_key=[redacted]',
  );
  assert.equal(fixture.sdkVersion, 'v1 [redacted]');
});

test('mcpFixture redacts the server name with the environment secrets', async () => {
  const planted = plant();
  const folder = `.tmp/fixture-files/${crypto.randomUUID()}`;
  const path = `${folder}/mcp.json`;
  const name = `streamable-http: https://host/mcp/${planted.custom}`;
  try {
    const fixture = await mcpFixture(path, {
      record: true,
      env: { ACME_GATEWAY_API_KEY: planted.custom },
      real: () =>
        new ScriptedMcpServer({
          name,
          tools: [{ name: 'lookup' }],
          calls: [{ tool: 'lookup', result: 'ok' }],
        }),
    });
    await fixture.server.callTool('lookup', {});
    await fixture.finish();
    const stored = await readFile(path, 'utf8');
    assertNonePlanted(stored, planted);
    assert.equal(
      JSON.parse(stored).name,
      'streamable-http: https://host/mcp/[redacted]',
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('Every envelope field goes through the encoder: sdkVersion of model and realtime fixtures', () => {
  const planted = plant();
  const options = {
    secrets: [planted.listed],
    sdkVersion: `v1 ${planted.listed} ${planted.shapes.openai}`,
  };
  const model = recordModel(new ScriptedModel(), options);
  const transport = recordRealtimeTransport(
    new ScriptedRealtimeTransport(),
    options,
  );
  for (const fixture of [model.fixture(), transport.fixture()]) {
    assert.equal(fixture.sdkVersion, 'v1 [redacted] [redacted]');
  }
  assertNonePlanted(model.fixtureJson() + transport.fixtureJson(), planted);
});

test("The SDK's own name for a URL server is redacted in the MCP fixture", () => {
  const planted = plant();
  const url =
    `https://svc:${planted.byKey.password}@host/mcp?api_key=${planted.byKey.api_key}`;
  const real = new MCPServerStreamableHttp({ url });
  // The check can fail: the SDK puts the whole URL in the name.
  assert.equal(real.name, urlServerName(planted));
  const fixture = recordMcpServer(real).fixture();
  assert.equal(
    fixture.name,
    'streamable-http: https://[redacted]@host/mcp?api_key=[redacted]',
  );
  assertNonePlanted(JSON.stringify(fixture), planted);
});
