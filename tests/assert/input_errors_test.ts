/**
 * Every input error of the run checks, field by field: which assertion,
 * why, where and what the value must be (the runtime's own error text,
 * which differs between engines, is not compared).
 */
import { Agent } from '@openai/agents';
import { z } from 'zod';
import * as A from '@scripted/agents/assert';
import assert from 'node:assert/strict';
import test from 'node:test';

const agent = new Agent({ name: 'A' });
const revoked = Proxy.revocable({}, {});
revoked.revoke();
const throwing = new Proxy({}, {
  get() {
    throw new Error('hostile get');
  },
});

const cases: [string, () => unknown][] = [
  ['guardrailResults(undefined)', () => A.guardrailResults(undefined)],
  ['guardrailResults(revoked)', () => A.guardrailResults(revoked.proxy)],
  [
    'guardrailResults({state: 1, name:"x"})',
    () => A.guardrailResults({ state: { _inputGuardrailResults: 5 } }),
  ],
  [
    'guardrailResults error result',
    () =>
      A.guardrailResults({
        name: 'InputGuardrailTripwireTriggered',
        result: 4,
      }),
  ],
  [
    'guardrailResults error getter',
    () =>
      A.guardrailResults({
        name: 'InputGuardrailTripwireTriggered',
        get result() {
          throw new Error('x');
        },
      }),
  ],
  [
    'guardrailResults bad name',
    () =>
      A.guardrailResults({
        inputGuardrailResults: [{ guardrail: { name: 3 }, output: {} }],
      }),
  ],
  [
    'guardrailResults bad output',
    () =>
      A.guardrailResults({
        inputGuardrailResults: [{ guardrail: { name: 'g' }, output: 3 }],
      }),
  ],
  [
    'guardrailResults error.error getter',
    () =>
      A.guardrailResults({
        name: 'ToolCallError',
        get error() {
          throw new Error('x');
        },
      }),
  ],
  [
    'assertGuardrails expected',
    () => A.assertGuardrails({ inputGuardrailResults: [] }, 3 as never),
  ],
  [
    'assertGuardrails entry',
    () => A.assertGuardrails({ inputGuardrailResults: [] }, [3] as never),
  ],
  [
    'assertGuardrails name',
    () => A.assertGuardrails({ inputGuardrailResults: [] }, [{ name: '' }]),
  ],
  [
    'assertNothing model',
    () =>
      A.assertNothingAfterTripwire({
        name: 'InputGuardrailTripwireTriggered',
        result: { guardrail: { name: 'g' }, output: {} },
      }, 3 as never),
  ],
  [
    'assertNothing model.calls',
    () =>
      A.assertNothingAfterTripwire({
        name: 'InputGuardrailTripwireTriggered',
        result: { guardrail: { name: 'g' }, output: {} },
      }, { calls: 'x' } as never),
  ],
  [
    'pendingApprovals item',
    () => A.pendingApprovals({ interruptions: [{ rawItem: { name: 4 } }] }),
  ],
  ['pendingApprovals list', () => A.pendingApprovals({ interruptions: 7 })],
  ['pendingApprovals revoked', () => A.pendingApprovals(revoked.proxy)],
  ['pendingApprovals throwing item', () => A.pendingApprovals([throwing])],
  [
    'assertApprovals expected',
    () => A.assertApprovals({ newItems: [] }, 3 as never),
  ],
  [
    'assertApprovals approved entry',
    () => A.assertApprovals({ newItems: [] }, { approved: [3] } as never),
  ],
  [
    'assertApprovals approved name',
    () => A.assertApprovals({ newItems: [] }, { approved: [{ name: '' }] }),
  ],
  [
    'assertApprovals rejected',
    () => A.assertApprovals({ newItems: [] }, { rejected: [''] }),
  ],
  [
    'assertApprovals rejected type',
    () => A.assertApprovals({ newItems: [] }, { rejected: 'x' } as never),
  ],
  [
    'assertApprovals message',
    () => A.assertApprovals({ newItems: [] }, { rejectionMessage: 3 } as never),
  ],
  [
    'assertApprovals history throwing',
    () => A.assertApprovals([throwing], { rejected: ['x'] }),
  ],
  ['assertApprovals revoked', () => A.assertApprovals(revoked.proxy, {})],
  ['runSnapshot options', () => A.runSnapshot({ newItems: [] }, 3 as never)],
  [
    'runSnapshot secrets type',
    () => A.runSnapshot({ newItems: [] }, { secrets: 'x' } as never),
  ],
  [
    'runSnapshot models type',
    () => A.runSnapshot({ newItems: [] }, { models: 'x' } as never),
  ],
  [
    'runSnapshot model not object',
    () => A.runSnapshot({ newItems: [] }, { models: [3] } as never),
  ],
  [
    'runSnapshot lastAgent getter',
    () =>
      A.runSnapshot({
        newItems: [],
        get lastAgent() {
          throw new Error('x');
        },
      }),
  ],
  [
    'runSnapshot finalOutput getter',
    () =>
      A.runSnapshot({
        newItems: [],
        get finalOutput() {
          throw new Error('x');
        },
      }),
  ],
  ['runSnapshot toJSON throws', () =>
    A.runSnapshot({
      newItems: [{
        toJSON() {
          throw new Error('x');
        },
      }],
    })],
  ['runSnapshot deep', () => {
    let v: unknown = 1;
    for (let i = 0; i < 150; i++) v = [v];
    return A.runSnapshot({ newItems: [], finalOutput: v });
  }],
  [
    'runSnapshot many',
    () =>
      A.runSnapshot({
        newItems: [],
        finalOutput: Array.from({ length: 100_001 }, () => 1),
      }),
  ],
  [
    'runSnapshot key getter',
    () =>
      A.runSnapshot({
        newItems: [],
        finalOutput: {
          get x() {
            throw new Error('x');
          },
        },
      }),
  ],
  [
    'runSnapshot revoked output',
    () => A.runSnapshot({ newItems: [], finalOutput: revoked.proxy }),
  ],
  ['lint script throwing', () => A.lintScript(agent, throwing)],
  ['lint step throwing', () => A.lintScript(agent, [[throwing]])],
  ['lint agent tools getter', () =>
    A.lintScript({
      get tools() {
        throw new Error('x');
      },
    }, [[]])],
  [
    'lint agent handoffs bad',
    () => A.lintScript({ name: 'A', tools: [], handoffs: [3] }, [[]]),
  ],
  ['lint fixture calls', () => A.lintScript(agent, { kind: 'model' })],
  ['assertScriptMatches json', () => A.assertScriptMatches(agent, '{')],
];

const expected: Record<string, [string, string, string, string]> = {
  'guardrailResults(undefined)': [
    'guardrailResults',
    'invalid_type',
    'outcome',
    'a RunResult, a StreamedRunResult or the error a run threw',
  ],
  'guardrailResults(revoked)': [
    'guardrailResults',
    'unreadable',
    'outcome',
    'readable',
  ],
  'guardrailResults({state: 1, name:"x"})': [
    'guardrailResults',
    'invalid_type',
    'outcome.state._inputGuardrailResults',
    'an array',
  ],
  'guardrailResults error result': [
    'guardrailResults',
    'invalid_type',
    'outcome.result',
    'a guardrail result',
  ],
  'guardrailResults error getter': [
    'guardrailResults',
    'unreadable',
    'outcome.result',
    'readable',
  ],
  'guardrailResults bad name': [
    'guardrailResults',
    'invalid_type',
    'outcome.inputGuardrailResults[0].guardrail.name',
    'a string',
  ],
  'guardrailResults bad output': [
    'guardrailResults',
    'invalid_type',
    'outcome.inputGuardrailResults[0].output',
    'a guardrail output',
  ],
  'guardrailResults error.error getter': [
    'guardrailResults',
    'unreadable',
    'outcome.error',
    'readable',
  ],
  'assertGuardrails expected': [
    'assertGuardrails',
    'invalid_type',
    'expected',
    'an array of expected guardrails',
  ],
  'assertGuardrails entry': [
    'assertGuardrails',
    'invalid_type',
    'expected[0]',
    'an object with a "name"',
  ],
  'assertGuardrails name': [
    'assertGuardrails',
    'invalid_value',
    'expected[0].name',
    'a non-empty string',
  ],
  'assertNothing model': [
    'assertNothingAfterTripwire',
    'invalid_type',
    'model',
    'a double with recorded "calls"',
  ],
  'assertNothing model.calls': [
    'assertNothingAfterTripwire',
    'invalid_type',
    'model.calls',
    'an array of recorded calls',
  ],
  'pendingApprovals item': [
    'pendingApprovals',
    'invalid_type',
    'result.interruptions[0].toolName',
    'an approval item naming its tool',
  ],
  'pendingApprovals list': [
    'pendingApprovals',
    'invalid_type',
    'result.interruptions',
    'an array of approval items',
  ],
  'pendingApprovals revoked': [
    'pendingApprovals',
    'unreadable',
    'result',
    'readable',
  ],
  'pendingApprovals throwing item': [
    'pendingApprovals',
    'unreadable',
    'interruptions[0].rawItem',
    'readable',
  ],
  'assertApprovals expected': [
    'assertApprovals',
    'invalid_type',
    'expected',
    'an object',
  ],
  'assertApprovals approved entry': [
    'assertApprovals',
    'invalid_type',
    'expected.approved[0]',
    'a tool name or call id, or { name, arguments }',
  ],
  'assertApprovals approved name': [
    'assertApprovals',
    'invalid_value',
    'expected.approved[0].name',
    'a non-empty string',
  ],
  'assertApprovals rejected': [
    'assertApprovals',
    'invalid_value',
    'expected.rejected[0]',
    'a non-empty string',
  ],
  'assertApprovals rejected type': [
    'assertApprovals',
    'invalid_type',
    'expected.rejected',
    'an array of tool names or call ids',
  ],
  'assertApprovals message': [
    'assertApprovals',
    'invalid_type',
    'expected.rejectionMessage',
    'a string',
  ],
  'assertApprovals history throwing': [
    'assertApprovals',
    'unreadable',
    'result',
    'readable',
  ],
  'assertApprovals revoked': [
    'assertApprovals',
    'unreadable',
    'result',
    'readable',
  ],
  'runSnapshot options': [
    'runSnapshot',
    'invalid_type',
    'options',
    'an object',
  ],
  'runSnapshot secrets type': [
    'runSnapshot',
    'invalid_type',
    'options.secrets',
    'an array of strings',
  ],
  'runSnapshot models type': [
    'runSnapshot',
    'invalid_type',
    'options.models',
    'an array',
  ],
  'runSnapshot model not object': [
    'runSnapshot',
    'invalid_type',
    'options.models[0]',
    'a double with recorded "calls"',
  ],
  'runSnapshot lastAgent getter': [
    'runSnapshot',
    'unreadable',
    'result.lastAgent',
    'readable',
  ],
  'runSnapshot finalOutput getter': [
    'runSnapshot',
    'unreadable',
    'result.finalOutput',
    'readable',
  ],
  'runSnapshot toJSON throws': [
    'runSnapshot',
    'unreadable',
    'snapshot.items[0]',
    'readable',
  ],
  'runSnapshot deep': [
    'runSnapshot',
    'invalid_value',
    'snapshot.finalOutput[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]',
    'data without cycles, at most 100 deep',
  ],
  'runSnapshot many': [
    'runSnapshot',
    'invalid_value',
    'snapshot.finalOutput',
    'a list of at most 100000',
  ],
  'runSnapshot key getter': [
    'runSnapshot',
    'unreadable',
    'snapshot.finalOutput.x',
    'readable',
  ],
  'runSnapshot revoked output': [
    'runSnapshot',
    'unreadable',
    'snapshot.finalOutput',
    'readable',
  ],
  'lint script throwing': ['lintScript', 'unreadable', 'script', 'readable'],
  'lint step throwing': ['lintScript', 'unreadable', 'script', 'readable'],
  'lint agent tools getter': [
    'lintScript',
    'unreadable',
    'agent.tools',
    'readable',
  ],
  'lint agent handoffs bad': [
    'lintScript',
    'unreadable',
    'agent.handoffs',
    'readable',
  ],
  'lint fixture calls': [
    'lintScript',
    'invalid_type',
    'script.calls',
    'an array',
  ],
  'assertScriptMatches json': [
    'assertScriptMatches',
    'invalid_value',
    'script',
    'a model fixture as JSON text',
  ],
};

test('Each unusable input gets its structured error: assertion, reason, path, issue', () => {
  assert.equal(cases.length, Object.keys(expected).length);
  for (const [label, attempt] of cases) {
    const want = expected[label];
    assert.ok(want, label);
    assert.throws(attempt, (error: unknown) => {
      assert.ok(
        error instanceof A.InvalidRunAssertionInputError,
        `${label}: ${error}`,
      );
      assert.deepEqual(
        [error.assertion, error.reason, error.path, error.issue],
        want,
        label,
      );
      assert.equal(error.name, 'InvalidRunAssertionInputError');
      assert.equal(error.message.includes(error.issue), true, label);
      if (error.reason === 'unreadable') {
        assert.ok(error.cause instanceof Error);
      }
      return true;
    });
  }
});

const boom = () => {
  throw new Error('boom');
};
const gone = () => {
  const r = Proxy.revocable({}, {});
  r.revoke();
  return r.proxy;
};
const hostileHas = new Proxy({}, { has: boom });
const tr = { guardrail: { name: 'g' }, output: {} };
const tripwire = (state: object) => ({
  name: 'InputGuardrailTripwireTriggered',
  result: tr,
  state,
});
const one = { rawItem: { name: 'one', callId: 'c1' } };
const more: [string, () => unknown][] = [
  ['guardrailResults plain object', () => A.guardrailResults({})],
  ['guardrailResults has trap', () => A.guardrailResults(hostileHas)],
  ['guardrailResults state getter', () =>
    A.guardrailResults({
      get state() {
        return boom();
      },
    })],
  [
    'assertNothing calls getter',
    () =>
      A.assertNothingAfterTripwire(tripwire({}), {
        get calls() {
          return boom();
        },
      } as never),
  ],
  [
    'assertNothing modelResponses getter',
    () =>
      A.assertNothingAfterTripwire(
        tripwire({
          get _modelResponses() {
            return boom();
          },
        }),
        { calls: [] } as never,
      ),
  ],
  [
    'assertNothing generatedItems getter',
    () =>
      A.assertNothingAfterTripwire(
        tripwire({
          get _generatedItems() {
            return boom();
          },
        }),
        { calls: [] } as never,
      ),
  ],
  ['pendingApprovals number', () => A.pendingApprovals(5)],
  [
    'pendingApprovals interruptions getter',
    () =>
      A.pendingApprovals({
        get interruptions() {
          return boom();
        },
      }),
  ],
  [
    'pendingApprovals toolName getter',
    () =>
      A.pendingApprovals([{
        get toolName() {
          return boom();
        },
      }]),
  ],
  [
    'assertApprovals approved type',
    () => A.assertApprovals({ newItems: [] }, { approved: 'x' } as never),
  ],
  [
    'runSnapshot bigint',
    () => A.runSnapshot({ newItems: [], finalOutput: 1n }),
  ],
  [
    'runSnapshot too many values',
    () =>
      A.runSnapshot({
        newItems: [],
        finalOutput: Array.from({ length: 50_001 }, () => [1]),
      }),
  ],
  [
    'runSnapshot calls type',
    () =>
      A.runSnapshot({ newItems: [] }, { models: [{ calls: 'x' }] } as never),
  ],
  [
    'runSnapshot calls getter',
    () =>
      A.runSnapshot({ newItems: [] }, {
        models: [{
          get calls() {
            return boom();
          },
        }],
      } as never),
  ],
  [
    'runSnapshot request getter',
    () =>
      A.runSnapshot(
        { newItems: [] },
        {
          models: [{
            calls: [{
              request: {
                get input() {
                  return boom();
                },
              },
            }],
          }],
        } as never,
      ),
  ],
  [
    'runSnapshot input revoked',
    () =>
      A.runSnapshot(
        { newItems: [] },
        { models: [{ calls: [{ request: { input: gone() } }] }] } as never,
      ),
  ],
  [
    'runSnapshot toJSON key',
    () =>
      A.runSnapshot({
        newItems: [],
        finalOutput: [{
          toJSON: (key: string) => {
            if (key !== '') throw new Error(key);
            return 1;
          },
        }, 1n],
      }),
  ],
  [
    'lint fixture events revoked',
    () => A.lintScript(agent, { kind: 'model', calls: [{ events: gone() }] }),
  ],
  [
    'lint fixture calls revoked',
    () => A.lintScript(agent, { kind: 'model', calls: gone() }),
  ],
  ['lint script number', () => A.lintScript(agent, 5)],
  ['lint fixture kind', () => A.lintScript(agent, { kind: 'realtime' })],
  [
    'lint fixture response getter',
    () => A.lintScript(agent, { kind: 'model', calls: [{ response: gone() }] }),
  ],
  [
    'lint fixture events bad',
    () =>
      A.lintScript(agent, {
        kind: 'model',
        calls: [{
          events: [{ type: 'response_done', response: { output: gone() } }],
        }],
      }),
  ],
  [
    'lint step response getter',
    () => A.lintScript(agent, [{ type: 'response', response: gone() }]),
  ],
  [
    'lint step events getter',
    () => A.lintScript(agent, [{ type: 'stream', events: gone() }]),
  ],
  ['lint step output getter', () => A.lintScript(agent, [{ output: gone() }])],
  [
    'lint content getter',
    () =>
      A.lintScript(
        new Agent({ name: 'T', outputType: z.object({ a: z.string() }) }),
        [[{ type: 'message', role: 'assistant', content: gone() }]],
      ),
  ],
  [
    'lint handoffs getter',
    () =>
      A.lintScript({
        name: 'x',
        tools: [],
        get handoffs() {
          return boom();
        },
      }, [[]]),
  ],
  [
    'lint mcp getter',
    () =>
      A.lintScript({
        name: 'x',
        tools: [],
        handoffs: [],
        get mcpServers() {
          return boom();
        },
      }, [[]]),
  ],
  [
    'lint parameters getter',
    () =>
      A.lintScript({
        name: 'x',
        tools: [{
          name: 'add',
          type: 'function',
          get parameters() {
            return boom();
          },
        }],
        handoffs: [],
      }, [[{ type: 'function_call', name: 'add', arguments: '{}' }]]),
  ],
  [
    'lint output type throws',
    () =>
      A.lintScript({
        name: 'x',
        tools: [],
        handoffs: [],
        outputType: { safeParse: boom },
      }, [[{
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: '{}' }],
      }]]),
  ],
];
const asyncMore: [string, () => Promise<unknown>][] = [
  [
    'decide reject type',
    () =>
      A.decideRealtimeApprovals({
        approve: async () => {},
        reject: async () => {},
      }, { interruptions: [], reject: 'x' } as never),
  ],
  [
    'decide message type',
    () =>
      A.decideRealtimeApprovals({
        approve: async () => {},
        reject: async () => {},
      }, { interruptions: [], rejectionMessage: 3 } as never),
  ],
  [
    'decide unknown',
    () =>
      A.decideRealtimeApprovals({
        approve: async () => {},
        reject: async () => {},
      }, { interruptions: [one as never], approve: ['c1'], reject: ['x'] }),
  ],
  [
    'decide both',
    () =>
      A.decideRealtimeApprovals({
        approve: async () => {},
        reject: async () => {},
      }, { interruptions: [one as never], approve: ['c1'], reject: ['one'] }),
  ],
  [
    'decide session',
    () => A.decideRealtimeApprovals(null as never, { interruptions: [] }),
  ],
  [
    'decide interruptions getter',
    () =>
      A.decideRealtimeApprovals({
        approve: async () => {},
        reject: async () => {},
      }, {
        get interruptions() {
          return boom();
        },
      } as never),
  ],
  [
    'decideApprovals agent getter',
    () =>
      A.decideApprovals(
        { interruptions: [], state: {} } as never,
        {
          get agent() {
            return boom();
          },
        } as never,
      ),
  ],
  [
    'decideApprovals agent type',
    () =>
      A.decideApprovals(
        { interruptions: [], state: {} } as never,
        { agent: 1 } as never,
      ),
  ],
  [
    'decideApprovals state getter',
    () =>
      A.decideApprovals({
        interruptions: [],
        get state() {
          return boom();
        },
      } as never, { agent }),
  ],
  [
    'decideApprovals state type',
    () =>
      A.decideApprovals({ interruptions: [], state: {} } as never, { agent }),
  ],
];
const moreExpected: Record<string, [string, string, string, string]> = {
  'guardrailResults plain object': [
    'guardrailResults',
    'invalid_type',
    'outcome',
    'a RunResult, a StreamedRunResult or the error a run threw',
  ],
  'guardrailResults has trap': [
    'guardrailResults',
    'unreadable',
    'outcome',
    'readable',
  ],
  'guardrailResults state getter': [
    'guardrailResults',
    'unreadable',
    'outcome.state',
    'readable',
  ],
  'assertNothing calls getter': [
    'assertNothingAfterTripwire',
    'unreadable',
    'model.calls',
    'readable',
  ],
  'assertNothing modelResponses getter': [
    'assertNothingAfterTripwire',
    'unreadable',
    'outcome.state._modelResponses',
    'readable',
  ],
  'assertNothing generatedItems getter': [
    'assertNothingAfterTripwire',
    'unreadable',
    'outcome.state._generatedItems',
    'readable',
  ],
  'pendingApprovals number': [
    'pendingApprovals',
    'invalid_type',
    'result',
    'a RunResult with "interruptions", or an array of them',
  ],
  'pendingApprovals interruptions getter': [
    'pendingApprovals',
    'unreadable',
    'result.interruptions',
    'readable',
  ],
  'pendingApprovals toolName getter': [
    'pendingApprovals',
    'unreadable',
    'interruptions[0].toolName',
    'readable',
  ],
  'assertApprovals approved type': [
    'assertApprovals',
    'invalid_type',
    'expected.approved',
    'an array',
  ],
  'runSnapshot bigint': [
    'runSnapshot',
    'invalid_type',
    'snapshot.finalOutput',
    'a JSON value',
  ],
  'runSnapshot too many values': [
    'runSnapshot',
    'invalid_value',
    'snapshot.finalOutput[49998][0]',
    'at most 100000 values in a snapshot',
  ],
  'runSnapshot calls type': [
    'runSnapshot',
    'invalid_type',
    'options.models[0].calls',
    'an array of recorded calls',
  ],
  'runSnapshot calls getter': [
    'runSnapshot',
    'unreadable',
    'options.models[0].calls',
    'readable',
  ],
  'runSnapshot request getter': [
    'runSnapshot',
    'unreadable',
    'options.models[0].calls[0].request.input',
    'readable',
  ],
  'runSnapshot input revoked': [
    'runSnapshot',
    'unreadable',
    'options.models[0].calls[0].request.input',
    'readable',
  ],
  'runSnapshot toJSON key': [
    'runSnapshot',
    'invalid_type',
    'snapshot.finalOutput[1]',
    'a JSON value',
  ],
  'lint fixture events revoked': [
    'lintScript',
    'unreadable',
    'script.calls[0].events',
    'readable',
  ],
  'lint fixture calls revoked': [
    'lintScript',
    'unreadable',
    'script.calls',
    'readable',
  ],
  'lint script number': [
    'lintScript',
    'invalid_type',
    'script',
    'an array of model steps, or a model fixture',
  ],
  'lint fixture kind': [
    'lintScript',
    'invalid_value',
    'script.kind',
    '"model" (a model fixture)',
  ],
  'lint fixture response getter': [
    'lintScript',
    'unreadable',
    'script.calls[0].response',
    'readable',
  ],
  'lint fixture events bad': [
    'lintScript',
    'unreadable',
    'script.calls[0].events.response_done.response.output',
    'readable',
  ],
  'lint step response getter': [
    'lintScript',
    'unreadable',
    'script[0].response',
    'readable',
  ],
  'lint step events getter': [
    'lintScript',
    'unreadable',
    'script[0].events',
    'readable',
  ],
  'lint step output getter': [
    'lintScript',
    'unreadable',
    'script[0].output',
    'readable',
  ],
  'lint content getter': [
    'lintScript',
    'unreadable',
    'script[0][0].content',
    'readable',
  ],
  'lint handoffs getter': [
    'lintScript',
    'unreadable',
    'agent.handoffs',
    'readable',
  ],
  'lint mcp getter': [
    'lintScript',
    'unreadable',
    'agent.mcpServers',
    'readable',
  ],
  'lint parameters getter': [
    'lintScript',
    'unreadable',
    'agent.tools.add',
    'readable',
  ],
  'lint output type throws': [
    'lintScript',
    'unreadable',
    'agent.outputType',
    'readable',
  ],
  'decide reject type': [
    'decideRealtimeApprovals',
    'invalid_type',
    'decisions.reject',
    'an array of tool names or call ids',
  ],
  'decide message type': [
    'decideRealtimeApprovals',
    'invalid_type',
    'decisions.rejectionMessage',
    'a string',
  ],
  'decide unknown': [
    'decideRealtimeApprovals',
    'invalid_value',
    'decisions.reject[0]',
    'the tool name or call id of an interruption',
  ],
  'decide both': [
    'decideRealtimeApprovals',
    'invalid_value',
    'decisions.interruptions[0]',
    'exactly one decision (approve or reject)',
  ],
  'decide session': [
    'decideRealtimeApprovals',
    'invalid_type',
    'session',
    'a RealtimeSession',
  ],
  'decide interruptions getter': [
    'decideRealtimeApprovals',
    'unreadable',
    'decisions.interruptions',
    'readable',
  ],
  'decideApprovals agent getter': [
    'decideApprovals',
    'unreadable',
    'decisions.agent',
    'readable',
  ],
  'decideApprovals agent type': [
    'decideApprovals',
    'invalid_type',
    'decisions.agent',
    'an Agent',
  ],
  'decideApprovals state getter': [
    'decideApprovals',
    'unreadable',
    'result.state',
    'readable',
  ],
  'decideApprovals state type': [
    'decideApprovals',
    'invalid_type',
    'result.state',
    'a RunState (the result of an interrupted run)',
  ],
};

test('Hostile reads and decisions name their path too (sync and async)', async () => {
  assert.equal(
    more.length + asyncMore.length,
    Object.keys(moreExpected).length,
  );
  const check = (label: string, error: unknown) => {
    const want = moreExpected[label];
    assert.ok(want, label);
    assert.ok(
      error instanceof A.InvalidRunAssertionInputError,
      `${label}: ${error}`,
    );
    assert.deepEqual(
      [error.assertion, error.reason, error.path, error.issue],
      want,
      label,
    );
    return true;
  };
  for (const [label, attempt] of more) {
    assert.throws(attempt, (error: unknown) => check(label, error));
  }
  for (const [label, attempt] of asyncMore) {
    await assert.rejects(attempt(), (error: unknown) => check(label, error));
  }
});
