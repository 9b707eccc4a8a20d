import assert from 'node:assert/strict';
import test from 'node:test';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';

/** Every string reachable from `value`, including error fields and buffers. */
function strings(value: unknown, out: string[], seen: Set<unknown>): string[] {
  if (typeof value === 'string') {
    out.push(value);
    return out;
  }
  if (typeof value !== 'object' || value === null || seen.has(value)) {
    return out;
  }
  seen.add(value);
  if (value instanceof ArrayBuffer) {
    out.push(new TextDecoder().decode(value));
    return out;
  }
  for (const key of Object.getOwnPropertyNames(value)) {
    out.push(key);
    strings((value as Record<string, unknown>)[key], out, seen);
  }
  return out;
}

test('ScriptedRealtimeTransport never records or reports the connect key', async () => {
  const key = `sk-unique-${crypto.randomUUID()}`;
  const keyBytes = new TextEncoder().encode(key).buffer;
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(
    new RealtimeAgent({ name: 'Assistant' }),
    { transport, apiKey: key },
  );
  const errors: unknown[] = [];
  const capture = async (run: () => unknown): Promise<void> => {
    try {
      await run();
    } catch (error) {
      errors.push(error);
    }
  };

  // A mismatch on connect, a failed connect, a superseded connect.
  const wrong = transport.expectCall('close');
  await capture(() => session.connect({ apiKey: key }));
  await capture(() => wrong);
  transport.failNextCall('connect', new Error('offline'));
  await capture(() => session.connect({ apiKey: () => key }));
  const pending = transport.connect({ apiKey: key });
  transport.close();
  await capture(() => pending);
  // Session-level key, then a held connect left for assertComplete().
  await session.connect({} as { apiKey: string });
  await capture(() => transport.assertComplete());
  await capture(() => transport.assertClosed());
  await capture(() =>
    transport.runScenario({
      signal: AbortSignal.abort(),
      scenario: () => {},
      exercise: () => {},
    })
  );
  session.close();
  assert(errors.length >= 5);

  const haystack = [
    ...strings(transport.calls, [], new Set()),
    ...errors.flatMap((error) => [
      String(error),
      (error as Error).stack ?? '',
      ...strings(error, [], new Set()),
    ]),
    JSON.stringify(transport),
    JSON.stringify(transport.calls),
  ];
  assert(haystack.length > 20);
  for (const text of haystack) {
    assert.equal(text.includes(key), false, 'the key leaked');
    assert.equal(text.includes(key.slice(10)), false, 'part of the key leaked');
  }
  assert.equal(keyBytes.byteLength, key.length);
  const connects = transport.calls.filter((call) => call.method === 'connect');
  assert.equal(connects.length, 4);
  for (const call of connects) {
    assert(call.method === 'connect');
    assert.equal(call.options.apiKeyProvided, true);
  }
});
