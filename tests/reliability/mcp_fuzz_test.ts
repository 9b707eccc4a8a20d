import assert from 'node:assert/strict';
import test from 'node:test';
import fc from 'fast-check';
import { ScriptedMcpServer } from '@scripted/agents/mcp';
import {
  anyValue,
  asyncOutcomeOf,
  fuzzParameters,
  fuzzRuns,
  hostileValue,
  materialize,
  mutatedRecord,
  outcomeOf,
} from '../_support/fuzz.ts';

// Modest by default (the MCP script reader shares the one input reader the
// other doubles' fuzzing covers at length); `FUZZ_RUNS` still sets it.
function params(): fc.Parameters<unknown> {
  const runs = fuzzRuns();
  return { ...fuzzParameters(), numRuns: runs === 1000 ? 200 : runs };
}

const scriptErrors = ['InvalidMcpScriptError'];
const callErrors = [
  'InvalidMcpScriptError',
  'UnexpectedMcpCallError',
  'UnknownMcpToolError',
  'McpCallMatcherError',
];

const validStep = { tool: 'a', result: 'A' };
const tool = { name: 'a', inputSchema: { properties: {}, required: [] } };
const script = fc.record({
  name: fc.oneof(fc.constant('s'), anyValue),
  tools: fc.oneof(
    fc.constant([tool]),
    fc.array(fc.oneof(mutatedRecord(tool), anyValue), { maxLength: 3 }),
    hostileValue,
  ),
  calls: fc.oneof(
    fc.constant([validStep]),
    fc.array(
      fc.oneof(
        mutatedRecord(validStep),
        mutatedRecord({ anyOrder: [validStep] }),
        anyValue,
      ),
      { maxLength: 3 },
    ),
    hostileValue,
  ),
  resources: fc.option(
    fc.oneof(mutatedRecord({ resources: [], contents: {} }), anyValue),
    { nil: undefined },
  ),
  cacheToolsList: fc.option(anyValue, { nil: undefined }),
  toolFilter: fc.option(anyValue, { nil: undefined }),
}, { requiredKeys: [] });

test('any script is a server or an InvalidMcpScriptError, never a crash', () => {
  fc.assert(
    fc.property(fc.oneof(script, mutatedRecord({ tools: [] }), hostileValue), (
      input,
    ) => {
      const made = materialize(input);
      const outcome = outcomeOf(
        () => new ScriptedMcpServer(made as never),
        scriptErrors,
      );
      if (!outcome.accepted) {
        assert.equal(typeof outcome.error.path, 'string');
        assert.equal(typeof outcome.error.code, 'string');
      }
    }),
    params(),
  );
});

test('any call on a scripted server answers or fails with a contract error', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.record({
          // What the SDK could pass: data, not hostile values (the script
          // reader above is the one that meets those).
          name: fc.oneof(fc.constantFrom('a', 'b'), fc.anything()),
          args: fc.oneof(fc.constant({}), fc.anything()),
        }),
        { maxLength: 4 },
      ),
      async (calls) => {
        const server = new ScriptedMcpServer({
          tools: [{ name: 'a' }, { name: 'b' }],
          calls: [
            { tool: 'a', match: (args) => args !== null, result: 'A' },
            { tool: 'b', respond: (call) => JSON.stringify(call.name) },
          ],
        });
        for (const call of calls) {
          await asyncOutcomeOf(
            () =>
              server.callTool(
                materialize(call.name) as string,
                materialize(call.args) as never,
              ),
            callErrors,
          );
        }
        assert.equal(server.calls.length, calls.length);
        outcomeOf(() => server.assertComplete(), [
          ...callErrors,
          'IncompleteMcpScriptError',
        ]);
      },
    ),
    params(),
  );
});
