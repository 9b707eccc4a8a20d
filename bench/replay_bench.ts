/**
 * Replay: the 50-turn `Runner` tool loop of scenario 4, answered by a
 * recorded fixture (`replayModel`, comparing the default aspects: tool
 * schemas, instructions, input, each redacted as the recording was) against
 * the same script written by hand (`new ScriptedModel([...])`), side by
 * side, with the bare hand-written `Model` as the floor.
 *
 * The fixture is recorded once, when the file loads, by running the loop
 * under `recordModel()`. Every iteration builds a fresh model; the
 * `replay + parse` row also counts reading the JSON text.
 *
 * @module
 */
import { recordModel, replayModel } from '@scripted/agents/replay';
import { warmUpRow } from './_fixtures.ts';
import { loopModels, runLoop, turns } from './_tool_loop.ts';

const group = `Replay of a ${turns}-turn tool loop: fixture vs hand-written`;
const sampling = { warmup: 10, n: 60 };

const recorder = recordModel(loopModels.ours());
await runLoop(recorder);
const json = recorder.fixtureJson();
const fixture = JSON.parse(json);

warmUpRow(() => runLoop(loopModels.floor()));

Deno.bench({
  name: 'floor: bare Model',
  group,
  ...sampling,
  async fn(b) {
    await runLoop(loopModels.floor(), () => b.start(), () => b.end());
  },
});

Deno.bench({
  name: 'hand: ScriptedModel script',
  group,
  ...sampling,
  baseline: true,
  async fn(b) {
    await runLoop(loopModels.ours(), () => b.start(), () => b.end());
  },
});

Deno.bench({
  name: 'replay: replayModel(fixture)',
  group,
  ...sampling,
  async fn(b) {
    const model = replayModel(fixture);
    await runLoop(model, () => b.start(), () => b.end());
  },
});

Deno.bench({
  name: 'replay + parse: replayModel(JSON text) inside the timing',
  group,
  ...sampling,
  async fn(b) {
    b.start();
    await runLoop(replayModel(json));
    b.end();
  },
});
