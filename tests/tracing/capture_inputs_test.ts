/**
 * `installTraceCapture({ restore })` checks at the call the whole processor
 * shape the SDK uses on what it puts back (the four `on…` hooks,
 * `shutdown`, `forceFlush`, and `start` if present), so that a partial
 * processor never reaches the SDK and the next capture installs cleanly.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  Agent,
  run,
  setTraceProcessors,
  setTracingDisabled,
  type TracingProcessor,
} from '@openai/agents';
import { assistantMessage, ScriptedModel } from '@scripted/agents';
import {
  installTraceCapture,
  InvalidTraceAssertionInputError,
} from '@scripted/agents/tracing';

const resolved = () => Promise.resolve();

function processor(
  calls: string[] = [],
  without?: keyof TracingProcessor,
): TracingProcessor {
  const full: Record<string, unknown> = {
    onTraceStart: resolved,
    onTraceEnd: resolved,
    onSpanStart: resolved,
    onSpanEnd: resolved,
    shutdown: () => {
      calls.push('shutdown');
      return Promise.resolve();
    },
    forceFlush: resolved,
  };
  if (without !== undefined) delete full[without];
  return full as unknown as TracingProcessor;
}

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

const shape = 'a tracing processor';

type Case = [string, unknown, string, string, string, string | RegExp];

const cases: Case[] = [
  [
    'no onTraceStart',
    [processor([], 'onTraceStart')],
    'invalid_type',
    'options.restore[0].onTraceStart',
    shape,
    'undefined',
  ],
  [
    'no onTraceEnd',
    [processor([], 'onTraceEnd')],
    'invalid_type',
    'options.restore[0].onTraceEnd',
    shape,
    'undefined',
  ],
  [
    'no onSpanStart',
    [processor([], 'onSpanStart')],
    'invalid_type',
    'options.restore[0].onSpanStart',
    shape,
    'undefined',
  ],
  [
    'no onSpanEnd',
    [processor([], 'onSpanEnd')],
    'invalid_type',
    'options.restore[0].onSpanEnd',
    shape,
    'undefined',
  ],
  [
    'no shutdown',
    [processor([], 'shutdown')],
    'invalid_type',
    'options.restore[0].shutdown',
    shape,
    'undefined',
  ],
  [
    'no forceFlush',
    [processor(), processor([], 'forceFlush')],
    'invalid_type',
    'options.restore[1].forceFlush',
    shape,
    'undefined',
  ],
  [
    'a start that is not a function',
    [{ ...processor(), start: 1 }],
    'invalid_type',
    'options.restore[0].start',
    'a function',
    '1',
  ],
  [
    'only onSpanEnd',
    [{ onSpanEnd: resolved }],
    'invalid_type',
    'options.restore[0].onTraceStart',
    shape,
    'undefined',
  ],
  [
    'a revoked processor',
    [revoked()],
    'unreadable',
    'options.restore[0]',
    'readable',
    /^the error "[^"]+"$/,
  ],
  [
    'a throwing shutdown getter',
    [Object.defineProperty(processor([], 'shutdown'), 'shutdown', {
      get(): never {
        throw new Error('boom');
      },
    })],
    'unreadable',
    'options.restore[0].shutdown',
    'readable',
    'the error "boom"',
  ],
];

for (const [name, restore, reason, path, issue, received] of cases) {
  test(`installTraceCapture rejects a restore processor with ${name}`, () => {
    assert.throws(
      () => installTraceCapture({ restore: restore as never }),
      (error) => {
        assert.ok(
          error instanceof InvalidTraceAssertionInputError,
          String(error),
        );
        assert.equal(error.name, 'InvalidTraceAssertionInputError');
        assert.equal(error.assertion, 'installTraceCapture');
        assert.equal(error.reason, reason);
        assert.equal(error.path, path);
        assert.equal(error.issue, issue);
        if (typeof received === 'string') {
          assert.equal(error.received, received);
        } else assert.match(error.received, received);
        assert.equal(
          error.message,
          `Invalid installTraceCapture input: expected "${path}" to be ${issue}, got ${error.received}`,
        );
        return true;
      },
    );
  });
}

test('A rejected restore list installs nothing: the next capture records', async () => {
  assert.throws(
    () => installTraceCapture({ restore: [{ onSpanEnd: resolved }] as never }),
    InvalidTraceAssertionInputError,
  );
  using capture = installTraceCapture();
  await run(
    new Agent({
      name: 'A',
      model: new ScriptedModel([[assistantMessage('Hi')]]),
    }),
    'Hello',
  );
  assert.equal(capture.traces.length, 1);
});

test('After uninstall() put a whole processor back, the next capture installs and the SDK shuts it down', async () => {
  const calls: string[] = [];
  const restored = processor(calls);
  try {
    installTraceCapture({ restore: [restored] }).uninstall();
    // The next capture replaces the restored processor: the SDK shuts it down.
    using capture = installTraceCapture();
    await run(
      new Agent({
        name: 'A',
        model: new ScriptedModel([[assistantMessage('Hi')]]),
      }),
      'Hello',
    );
    assert.equal(capture.traces.length, 1);
    assert.deepEqual(calls, ['shutdown']);
  } finally {
    setTraceProcessors([]);
    setTracingDisabled(true);
  }
});
