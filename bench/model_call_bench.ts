/**
 * Scenario 1: one recorded model call (`getResponse`) whose request carries
 * N input items, against one `structuredClone` of that input (the floor: a
 * detached snapshot needs at least one copy).
 *
 * Every iteration builds fresh models and fresh requests outside the
 * measured part, so no call can reuse work of another. Small inputs make
 * several calls per iteration (see {@link callsFor}) so every measured part
 * lasts well over the 10 µs below which `deno bench` ignores `b.start()`.
 *
 * @module
 */
import {
  assistantMessage as sdkAssistantMessage,
  ScriptedModel as SdkScriptedModel,
} from '@openai/agents/testing';
import { assistantMessage, ScriptedModel } from '@scripted/agents';
import { snapshot } from '../_internal/snapshot.ts';
import { callsFor, inputSizes, modelRequest, warmUpRow } from './_fixtures.ts';

// Keeps results reachable so no call can be optimised away.
let sink: unknown;

warmUpRow(() => structuredClone(modelRequest(1_000).input));

for (const n of inputSizes) {
  const calls = callsFor(n);
  const group = `model call, ${n} input items (${calls} per iteration)`;
  const requests = () => Array.from({ length: calls }, () => modelRequest(n));

  Deno.bench({
    name: `floor: structuredClone(input) [${n}]`,
    group,
    baseline: true,
    fn(b) {
      const inputs = requests().map((request) => request.input);
      b.start();
      for (let i = 0; i < calls; i++) sink = structuredClone(inputs[i]);
      b.end();
    },
  });

  Deno.bench({
    name: `ours: ScriptedModel.getResponse [${n}]`,
    group,
    async fn(b) {
      const pending = requests();
      const models = pending.map(() =>
        new ScriptedModel([[assistantMessage('Done.')]])
      );
      b.start();
      for (let i = 0; i < calls; i++) {
        sink = await models[i]!.getResponse(pending[i]!);
      }
      b.end();
    },
  });

  Deno.bench({
    name: `sdk: ScriptedModel.getResponse [${n}]`,
    group,
    async fn(b) {
      const pending = requests();
      const models = pending.map(() =>
        new SdkScriptedModel([[sdkAssistantMessage('Done.')]])
      );
      b.start();
      for (let i = 0; i < calls; i++) {
        sink = await models[i]!.getResponse(pending[i]!);
      }
      b.end();
    },
  });

  Deno.bench({
    name: `info: snapshot(request) alone [${n}]`,
    group,
    fn(b) {
      const pending = requests();
      b.start();
      for (let i = 0; i < calls; i++) sink = snapshot(pending[i]);
      b.end();
    },
  });
}

export { sink };
