/**
 * The run snapshot's normalization in detail: JSON semantics, tokens,
 * times, redaction and what a model call shows.
 */
import { runSnapshot } from '@scripted/agents/assert';
import assert from 'node:assert/strict';
import test from 'node:test';

function output(value: unknown) {
  return runSnapshot({ newItems: [], finalOutput: value }).finalOutput;
}

test('Values read as JSON would store them', () => {
  assert.deepEqual(
    output({
      b: true,
      f: false,
      n: null,
      u: undefined,
      fn: () => 1,
      sym: Symbol('s'),
      inf: Infinity,
      nan: NaN,
      list: [undefined, () => 1, 1, 'x', Symbol('t')],
      when: { toJSON: () => 'later' },
      nested: { toJSON: (key: string) => `key ${key}` },
    }),
    {
      b: true,
      f: false,
      inf: null,
      list: [null, null, 1, 'x', null],
      n: null,
      nan: null,
      nested: 'key nested',
      when: 'later',
    },
  );
  assert.equal(output(undefined), undefined);
  assert.equal(output('plain'), 'plain');
  assert.equal(output(3), 3);
});

test('Ids become tokens in order of first appearance, one per id', () => {
  assert.deepEqual(
    output([
      { id: 'b', callId: 'a', other: 'b' },
      { responseId: 'a', previousResponseId: 'c', item_id: 'b' },
      { conversationId: 'd', traceId: 'e', spanId: 'f', groupId: 'g' },
      { call_id: 'h', itemId: 'i', previousItemId: 'j', response_id: 'k' },
      { id: 7 },
    ]),
    [
      { callId: '<id 1>', id: '<id 2>', other: 'b' },
      { item_id: '<id 2>', previousResponseId: '<id 3>', responseId: '<id 1>' },
      {
        conversationId: '<id 4>',
        groupId: '<id 5>',
        spanId: '<id 6>',
        traceId: '<id 7>',
      },
      {
        call_id: '<id 8>',
        itemId: '<id 9>',
        previousItemId: '<id 10>',
        response_id: '<id 11>',
      },
      { id: 7 },
    ],
  );
});

test('Times under time keys and ISO times in text become <time>', () => {
  assert.deepEqual(
    output({
      createdAt: 1,
      created_at: '2020',
      created: 5,
      timestamp: 9,
      time: 'noon',
      startedAt: 1,
      ended_at: 2,
      completedAt: 3,
      updated_at: 4,
      duration: 5,
      createdBy: 'me',
      note:
        'at 2026-01-02T03:04:05.678Z and 2026-01-02T03:04+01:00, not 2026-01-02',
    }),
    {
      completedAt: '<time>',
      created: '<time>',
      createdAt: '<time>',
      createdBy: 'me',
      created_at: '<time>',
      duration: 5,
      ended_at: '<time>',
      note: 'at <time> and <time>, not 2026-01-02',
      startedAt: '<time>',
      time: '<time>',
      timestamp: '<time>',
      updated_at: '<time>',
    },
  );
});

test('Credentials are redacted by key, by shape and by value', () => {
  const snapshot = runSnapshot({
    newItems: [],
    finalOutput: {
      apiKey: 'x',
      authorization: { scheme: 'Bearer' },
      password: undefined,
      text: 'key sk-proj-abcdefghijklmnopqrstuvwx and my-own-secret-value',
      inputTokens: 5,
    },
  }, { secrets: ['my-own-secret-value'] });
  assert.deepEqual(snapshot.finalOutput, {
    apiKey: '[redacted]',
    authorization: { scheme: '[redacted]' },
    inputTokens: 5,
    text: 'key [redacted] and [redacted]',
  });
});

test('A model call shows its index, mode and what was asked, nothing else', () => {
  const snapshot = runSnapshot({ newItems: [] }, {
    models: [
      { calls: [] },
      {
        calls: [{
          index: 0,
          streamed: true,
          request: {
            systemInstructions: 'Be brief',
            input: 'Hi',
            modelSettings: { temperature: 0 },
            tools: [],
            handoffs: [],
            outputType: 'text',
            previousResponseId: 'resp_1',
            conversationId: 'conv_1',
            prompt: { id: 'p' },
            tracing: false,
            signal: new AbortController().signal,
          } as never,
        }],
      },
    ],
  });
  assert.deepEqual(snapshot.modelCalls, [[], [{
    conversationId: '<id 1>',
    handoffs: [],
    index: 0,
    input: 'Hi',
    modelSettings: { temperature: 0 },
    outputType: 'text',
    previousResponseId: '<id 2>',
    prompt: { id: '<id 3>' },
    streamed: true,
    systemInstructions: 'Be brief',
    tools: [],
  }]]);
});

test('A result with guardrail results lists them; one without lists none', () => {
  const guarded = runSnapshot({
    newItems: [],
    inputGuardrailResults: [{
      guardrail: { type: 'input', name: 'g' },
      output: { tripwireTriggered: false, outputInfo: 1 },
    }],
    lastAgent: { name: 'Last' },
  });
  assert.deepEqual(guarded.guardrails, [{
    kind: 'input',
    name: 'g',
    outputInfo: 1,
    tripped: false,
  }]);
  assert.equal(guarded.agent, 'Last');
  // Interrupted: the final output is not read at all.
  let read = 0;
  const interrupted = runSnapshot({
    newItems: [],
    interruptions: [{
      rawItem: {
        type: 'function_call',
        name: 't',
        callId: 'c',
        arguments: '1',
      },
      agent: { name: 'A' },
    }],
    get finalOutput() {
      read++;
      return 'x';
    },
  });
  assert.equal(read, 0);
  assert.equal(interrupted.finalOutput, undefined);
  assert.deepEqual(interrupted.interruptions, [{
    agent: 'A',
    arguments: 1,
    callId: '<id 1>',
    toolName: 't',
  }]);
});
