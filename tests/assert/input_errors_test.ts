/**
 * Every input error of the run checks, field by field: which assertion,
 * why, where and what the value must be (the runtime's own error text,
 * which differs between engines, is not compared).
 */
import { Agent } from '@openai/agents';
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
