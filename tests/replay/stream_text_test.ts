import assert from 'node:assert/strict';
import test from 'node:test';
import { redacted, redaction } from '../../_internal/redact.ts';
import { StreamDeltas } from '../../replay/_stream_text.ts';

const key = `sk-proj-${'Ab1'.repeat(8)}`;
const plain = redaction([]);
const finish = (text: string) => `<${text}>`;

test('StreamDeltas redacts the deltas of one text together, each item its own', () => {
  const deltas = new StreamDeltas();
  const received = [
    { type: 'output_text_delta', delta: `a ${key.slice(0, 9)}` },
    { type: 'response_started' },
    { type: 'output_text_delta', delta: `${key.slice(9)} b` },
    // Another item: its own text, so the halves are not joined.
    { type: 'output_text_delta', itemId: 'x', delta: key.slice(0, 9) },
    { type: 'output_text_delta', itemId: 'y', delta: key.slice(9) },
    { type: 'output_text_delta', delta: 5 },
    'not an object',
    null,
  ];
  received.forEach((event, i) => deltas.note(i, event));
  const stored = structuredClone(received) as unknown[];
  deltas.apply(stored, plain, finish);
  assert.deepEqual(stored, [
    { type: 'output_text_delta', delta: `<a ${redacted}>` },
    { type: 'response_started' },
    { type: 'output_text_delta', delta: '< b>' },
    { type: 'output_text_delta', itemId: 'x', delta: `<${key.slice(0, 9)}>` },
    { type: 'output_text_delta', itemId: 'y', delta: `<${key.slice(9)}>` },
    { type: 'output_text_delta', delta: 5 },
    'not an object',
    null,
  ]);
});

test("StreamDeltas reads a raw provider event's delta, by its type, item, output and content", () => {
  const deltas = new StreamDeltas();
  const raw = (
    delta: string,
    fields: Record<string, unknown> = {},
  ) => ({ type: 'model', event: { type: 'r.delta', delta, ...fields } });
  const received = [
    raw(key.slice(0, 9), { item_id: 'i', output_index: 0, content_index: 0 }),
    raw(key.slice(0, 9), { item_id: 'i', output_index: 1, content_index: 0 }),
    raw(key.slice(9), { item_id: 'i', output_index: 0, content_index: 0 }),
    raw(key.slice(0, 9), { itemId: 'j', outputIndex: 0, contentIndex: 1 }),
    raw(key.slice(9), { itemId: 'j', outputIndex: 0, contentIndex: 1 }),
    raw(key.slice(0, 9), { itemId: 'j', outputIndex: 0, contentIndex: 2 }),
    { type: 'model', event: { type: 'r.delta', delta: 1 } },
    { type: 'model', event: 'x' },
  ];
  received.forEach((event, i) => deltas.note(i, event));
  const stored = structuredClone(received) as typeof received;
  deltas.apply(stored, plain, (text) => text);
  assert.deepEqual(
    stored.map((event) => (event.event as { delta?: unknown }).delta),
    [
      redacted,
      key.slice(0, 9),
      '',
      redacted,
      '',
      key.slice(0, 9),
      1,
      undefined,
    ],
  );
});

test('StreamDeltas finds a delta at a path of a log entry, named by its event', () => {
  const deltas = new StreamDeltas();
  const entries = [
    { event: 'a', args: [{ delta: key.slice(0, 9) }] },
    { event: 'b', args: [{ delta: key.slice(0, 9) }] },
    { event: 'a', args: [{ delta: key.slice(9) }] },
  ];
  entries.forEach((entry, i) =>
    deltas.note(i, entry.args[0], ['args', 0], entry.event)
  );
  // A stored entry that lost the path is left as it is.
  const stored = structuredClone(entries) as unknown[];
  stored[1] = { event: 'b', args: 'gone' };
  deltas.apply(stored, plain, (text) => text);
  assert.deepEqual(stored, [
    { event: 'a', args: [{ delta: redacted }] },
    { event: 'b', args: 'gone' },
    { event: 'a', args: [{ delta: '' }] },
  ]);
  // Marked values too, with the recording's redaction.
  const marked = new StreamDeltas();
  marked.note(0, { delta: 'x acme|li' });
  marked.note(1, { delta: 've|0123 y' });
  const out = [{ delta: '' }, { delta: '' }];
  marked.apply(out, redaction(['acme|live|0123']), (text) => text);
  assert.deepEqual(out, [{ delta: `x ${redacted}` }, { delta: ' y' }]);
  // Nothing noted: nothing changed.
  const none = [{ delta: key }];
  new StreamDeltas().apply(none, plain, finish);
  assert.deepEqual(none, [{ delta: key }]);
});
