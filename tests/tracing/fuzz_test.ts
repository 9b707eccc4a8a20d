import { Agent } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import {
  AmbiguousTraceError,
  type CapturedTrace,
  installTraceCapture,
  InvalidTraceAssertionInputError,
  SpanNotFoundError,
  SpanOrderError,
  TraceAssertionError,
  TraceNotFoundError,
} from '@scripted/agents/tracing';
import assert from 'node:assert/strict';
import test from 'node:test';
import fc from 'fast-check';
import { anyValue, fuzzParameters, materialize } from '../_support/fuzz.ts';
import { add, run } from './_fixtures.ts';

const structured = [
  TraceAssertionError,
  InvalidTraceAssertionInputError,
  SpanOrderError,
  SpanNotFoundError,
  TraceNotFoundError,
  AmbiguousTraceError,
];

/** Calls `fn`; a throw must be one of the capture's structured errors. */
function onlyStructured(fn: () => unknown): void {
  try {
    fn();
  } catch (error) {
    assert.ok(
      structured.some((type) => error instanceof type),
      `not a structured error: ${String(error)}`,
    );
    assert.equal((error as Error).name, (error as Error).constructor.name);
    assert.equal(typeof (error as Error).message, 'string');
  }
}

const parameters = () => ({
  ...fuzzParameters(),
  numRuns: Math.min(fuzzParameters().numRuns ?? 200, 200),
});

async function recorded(): Promise<CapturedTrace> {
  using capture = installTraceCapture();
  const model = new ScriptedModel([
    [functionCall('add', { a: 1, b: 2 }, { callId: 'call_1' })],
    [assistantMessage('3')],
  ]);
  await run(new Agent({ name: 'A', model, tools: [add] }), 'x', {
    streamed: false,
  });
  return capture.trace();
}

test('trace assertions given any input throw only structured errors', async () => {
  const trace = await recorded();
  const methods = [
    'assertAgents',
    'assertToolCalls',
    'assertHandoffs',
    'assertGuardrails',
    'assertMcpListTools',
    'assertMcpCalls',
    'assertGenerations',
  ] as const;
  fc.assert(
    fc.property(fc.constantFrom(...methods), anyValue, (method, value) => {
      onlyStructured(() => trace[method](materialize(value) as never));
    }),
    parameters(),
  );
  fc.assert(
    fc.property(anyValue, anyValue, (anchor, types) => {
      onlyStructured(() =>
        trace.assertNoSpansAfter(
          materialize(anchor) as never,
          materialize(types) as never,
        )
      );
    }),
    parameters(),
  );
});

test('capture selectors and options given any input throw only structured errors', () => {
  using capture = installTraceCapture();
  fc.assert(
    fc.property(anyValue, (selector) => {
      onlyStructured(() => capture.trace(materialize(selector) as never));
    }),
    parameters(),
  );
  fc.assert(
    fc.property(anyValue, (options) => {
      onlyStructured(() =>
        installTraceCapture(materialize(options) as never).uninstall()
      );
    }),
    parameters(),
  );
  assert.equal(capture.installed, true);
});
