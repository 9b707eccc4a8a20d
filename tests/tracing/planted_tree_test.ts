/**
 * `trace.tree()` (documented for snapshots) and the trace assertions'
 * failures hold no planted credential (`../replay/_planted.ts`) of a run
 * carrying them in tool arguments, outputs, instructions and URLs;
 * `trace.spans` stays whole (the data in memory).
 *
 * @module
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { Runner } from '@openai/agents';
import { installTraceCapture } from '@scripted/agents/tracing';
import { plantedRun } from '../assert/_planted_run.ts';
import { modes } from '../assert/_run.ts';
import { assertNonePlanted, plant, type Planted } from '../replay/_planted.ts';

/** The planted values the fixed rules catch (not the `secrets` ones). */
function byRules(planted: Planted): Planted {
  const marked = new Set([planted.custom, planted.listed]);
  return {
    ...planted,
    secretParts: planted.secretParts.filter((part) => !marked.has(part)),
  };
}

function failure(attempt: () => void): Error {
  try {
    attempt();
  } catch (error) {
    assert.equal((error as Error).name, 'TraceAssertionError');
    return error as Error;
  }
  return assert.fail('expected a failure');
}

for (const mode of modes) {
  test(`${mode}: trace.tree() and the trace assertions' failures print no planted value`, async () => {
    const planted = plant();
    using capture = installTraceCapture();
    await plantedRun(planted, mode, new Runner());
    const trace = capture.trace();
    // The check can fail: the spans hold the planted values.
    const spans = JSON.stringify(trace.spans);
    assert.ok(spans.includes(planted.byKey.api_key));
    assert.ok(spans.includes(planted.shapes.openai));
    const tree = trace.tree();
    assertNonePlanted(JSON.stringify(tree), byRules(planted));
    // What is redacted keeps its shape: the tool span and its arguments.
    const text = JSON.stringify(tree);
    assert.match(text, /\\"city\\":\\"Paris\\"/);
    assert.match(text, /\\"api_key\\":\\"\[redacted\]\\"/);
    const calls = failure(() => trace.assertToolCalls([{ name: 'other' }]));
    assert.match(calls.message, /"lookup"/);
    assertNonePlanted(
      `${calls.message}\n${JSON.stringify({ ...calls })}`,
      byRules(planted),
    );
    const args = failure(() =>
      trace.assertToolCalls([{ name: 'lookup', arguments: { city: 'Rome' } }])
    );
    assert.match(args.message, /"api_key": "\[redacted\]"/);
    assertNonePlanted(
      `${args.message}\n${JSON.stringify({ ...args })}`,
      byRules(planted),
    );
  });
}
