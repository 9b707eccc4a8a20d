import { assistantMessage, ScriptedModel } from '@scripted/agents';
import assert from 'node:assert/strict';
import test from 'node:test';
import { request } from './_fixtures.ts';

type Item = { type: string; role: string; content: string; extra?: unknown };

test('Recorded requests share frozen items that did not change between calls', async () => {
  const history: Item[] = [{ type: 'message', role: 'user', content: 'a' }];
  const model = new ScriptedModel([
    [assistantMessage('1')],
    [assistantMessage('2')],
  ]);
  await model.getResponse(request({ input: history as never }));
  history.push({ type: 'message', role: 'user', content: 'b' });
  await model.getResponse(
    request({ input: history.map((item) => ({ ...item })) as never }),
  );
  const [first, second] = model.calls.map((call) =>
    call.request.input as Item[]
  );
  assert.equal(second![0], first![0]);
  assert.deepEqual(second, history);
  assert(Object.isFrozen(second[1]));
});

test('Recorded requests copy items changed in place since the previous call', async () => {
  const shared = { nested: [1, 2] };
  const history: Item[] = [
    { type: 'message', role: 'user', content: 'a', extra: shared },
    { type: 'message', role: 'user', content: 'b' },
  ];
  const model = new ScriptedModel([
    [assistantMessage('1')],
    [assistantMessage('2')],
    [assistantMessage('3')],
  ]);
  await model.getResponse(request({ input: history as never }));
  shared.nested.push(3);
  history[1]!.content = 'B';
  await model.getResponse(request({ input: history as never }));
  const [first, second] = model.calls.map((call) =>
    call.request.input as Item[]
  );
  assert.deepEqual(first![0]!.extra, { nested: [1, 2] });
  assert.deepEqual(second![0]!.extra, { nested: [1, 2, 3] });
  assert.equal(first![1]!.content, 'b');
  assert.equal(second![1]!.content, 'B');
  assert.notEqual(second![0], first![0]);

  // Same values in a new key order are not the same snapshot.
  const reordered = {
    content: 'a',
    type: 'message',
    role: 'user',
    extra: { nested: [1, 2, 3] },
  };
  await model.getResponse(request({ input: [reordered] as never }));
  const third = model.lastCall!.request.input as Item[];
  assert.deepEqual(Object.keys(third[0]!), [
    'content',
    'type',
    'role',
    'extra',
  ]);
});

test('Recorded requests reuse unchanged settings and tools structurally', async () => {
  const parameters = { type: 'object', properties: { q: { type: 'string' } } };
  const make = () =>
    request({
      modelSettings: { temperature: 0 },
      tools: [{
        type: 'function',
        name: 't',
        description: 'd',
        parameters,
        strict: true,
      }] as never,
    });
  const model = new ScriptedModel([
    [assistantMessage('1')],
    [assistantMessage('2')],
  ]);
  await model.getResponse(make());
  await model.getResponse(make());
  const [first, second] = model.calls.map((call) => call.request);
  assert.equal(second!.tools, first!.tools);
  assert.equal(second!.modelSettings, first!.modelSettings);
  assert.deepEqual(second!.tools[0], {
    type: 'function',
    name: 't',
    description: 'd',
    parameters,
    strict: true,
  });
});

test('Recorded requests reuse the whole input when no item changed', async () => {
  const history = [{ type: 'message', role: 'user', content: 'same' }];
  const model = new ScriptedModel([
    [assistantMessage('1')],
    [assistantMessage('2')],
    [assistantMessage('3')],
  ]);
  await model.getResponse(request({ input: history as never }));
  await model.getResponse(request({ input: [{ ...history[0] }] as never }));
  await model.getResponse(request({ input: [] as never }));
  const [first, second, third] = model.calls.map((call) => call.request.input);
  assert.equal(second, first);
  assert.deepEqual(third, []);
  assert.notEqual(third, first);
});
