import assert from 'node:assert/strict';
import test from 'node:test';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';

function uniqueKey(): string {
  return `sk-test-${crypto.randomUUID()}`;
}

/** Every string reachable from `root`: own keys (enumerable or not), values,
 * symbol-keyed values, error causes, map and set entries, getters' results. */
function reachableStrings(root: unknown): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): void => {
    if (typeof value === 'string') {
      out.push(value);
      return;
    }
    if (typeof value !== 'object' || value === null || depth > 20) return;
    if (seen.has(value)) return;
    seen.add(value);
    if (value instanceof Map) {
      for (const [k, v] of value) visit(k, depth + 1), visit(v, depth + 1);
    }
    if (value instanceof Set) { for (const v of value) visit(v, depth + 1); }
    for (
      let object: object | null = value;
      object !== null && object !== Object.prototype &&
      object !== Array.prototype && object !== Error.prototype;
      object = Object.getPrototypeOf(object)
    ) {
      for (const key of Reflect.ownKeys(object)) {
        if (typeof key === 'string') out.push(key);
        let field: unknown;
        try {
          field = (value as Record<PropertyKey, unknown>)[key];
        } catch {
          continue;
        }
        if (typeof field !== 'function') visit(field, depth + 1);
      }
    }
  };
  visit(root, 0);
  return out;
}

function assertNoKey(what: string, value: unknown, key: string): void {
  const json = JSON.stringify(value) ?? '';
  assert(!json.includes(key), `${what}: the key is in JSON.stringify`);
  const leaked = reachableStrings(value).filter((text) => text.includes(key));
  assert.deepEqual(leaked, [], `${what}: the key is reachable`);
}

test('reachableStrings finds a key hidden in a non-enumerable field', () => {
  // The search must be able to fail, or the tests below prove nothing.
  const key = uniqueKey();
  const hidden = Object.defineProperty({}, 'secret', { value: { key } });
  const error = new Error('x', { cause: new Map([['k', key]]) });
  assert(reachableStrings(hidden).includes(key));
  assert(reachableStrings(error).includes(key));
});

test('ScriptedRealtimeTransport keeps a connect key out of calls, errors and JSON', async () => {
  for (const provide of ['string', 'function'] as const) {
    const key = uniqueKey();
    const apiKey = provide === 'string' ? key : () => Promise.resolve(key);
    const transport = new ScriptedRealtimeTransport();
    const session = new RealtimeSession(
      new RealtimeAgent({ name: 'Assistant' }),
      { transport },
    );
    const errors: unknown[] = [];
    // A matcher sees the recorded call, never the key.
    const seenByMatcher: unknown[] = [];
    const connected = transport.expectCall('connect', (call) => {
      seenByMatcher.push(call);
    });
    await session.connect({ apiKey });
    const call = await connected;
    assert.equal(call.method, 'connect');
    // A second connect nobody expected: an unexpected-call error.
    const wrong = transport.expectCall('sendMessage');
    wrong.catch((error) => errors.push(error));
    await transport.connect({ apiKey } as never).catch((error) =>
      errors.push(error)
    );
    await wrong.catch(() => undefined);
    // A matcher rejecting a keyed connect.
    transport.expectCall('connect', () => false).catch((error) =>
      errors.push(error)
    );
    await transport.connect({ apiKey } as never).catch((error) =>
      errors.push(error)
    );
    // The completion errors carry the recorded calls.
    for (const check of [() => transport.assertComplete()]) {
      try {
        check();
      } catch (error) {
        errors.push(error);
      }
    }
    // Injected failures of connect.
    transport.failNextCall('connect', new Error('refused'));
    transport.expectCall('connect').catch((error) => errors.push(error));
    await transport.connect({ apiKey } as never).catch((error) =>
      errors.push(error)
    );
    session.close();

    assert(errors.length >= 3, `only ${errors.length} errors were produced`);
    assert(transport.calls.length >= 3);
    assertNoKey(`${provide} calls`, transport.calls, key);
    assertNoKey(`${provide} matcher`, seenByMatcher, key);
    for (const error of errors) {
      const { message, name } = error as Error;
      assertNoKey(`${provide} ${name} message`, message, key);
      assertNoKey(`${provide} ${name} fields`, error, key);
    }
    assertNoKey(`${provide} transport`, transport, key);
    for (const record of transport.calls) {
      assertNoKey(`${provide} record`, JSON.parse(JSON.stringify(record)), key);
    }
    const connects = transport.calls.filter((c) => c.method === 'connect');
    for (const record of connects) {
      assert.equal(
        (record as unknown as { options: { apiKeyProvided: boolean } })
          .options.apiKeyProvided,
        true,
      );
    }
  }
});
