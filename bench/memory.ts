/**
 * Scenario 5: memory. Records 10,000 calls of a 100-item request and reports
 * the heap growth per recorded call against the heap one retained
 * `structuredClone` of the same request takes, for ours and for the SDK's
 * testing module. Then proves, with a `WeakRef` to every original request,
 * its input array and its first item, and forced garbage collection, that no
 * original request object is retained while the records still are.
 *
 * Run it with `deno task bench:memory`, which is:
 *
 *     deno run --v8-flags=--expose-gc --allow-env --allow-read bench/memory.ts
 *
 * Optional arguments: `--calls=N` (default 10000), `--items=N` (default 100).
 * Exits with status 1 if an original request object is still reachable or
 * the heap per call of ours exceeds 1.2× the structured clone.
 *
 * @module
 */
import type { Model, ModelRequest } from '@openai/agents';
import {
  assistantMessage as sdkAssistantMessage,
  ScriptedModel as SdkScriptedModel,
} from '@openai/agents/testing';
import { assistantMessage, ScriptedModel } from '@scripted/agents';
import { modelRequest } from './_fixtures.ts';

const option = (name: string, fallback: number): number => {
  const arg = Deno.args.find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? fallback : Number(arg.split('=')[1]);
};
const calls = option('calls', 10_000);
const items = option('items', 100);
const heapTarget = 1.2;

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) {
  throw new Error('Run with --v8-flags=--expose-gc: gc() is not available');
}
const collect: () => void = gc;

/** Full collections across macrotasks, so `WeakRef`s can clear. */
async function settle(): Promise<void> {
  for (let i = 0; i < 4; i++) {
    collect();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  collect();
}

async function heapUsed(): Promise<number> {
  await settle();
  return Deno.memoryUsage().heapUsed;
}

type Recorder = (request: ModelRequest) => Promise<unknown>;

/** A recorder and the object that holds what it recorded. */
interface Subject {
  holder: unknown;
  record: Recorder;
}

const subjects: Record<string, () => Subject> = {
  'structuredClone (floor)': () => {
    const kept: unknown[] = [];
    return {
      holder: kept,
      record: (request) => Promise.resolve(kept.push(structuredClone(request))),
    };
  },
  // Keeps the originals: proves the WeakRef check does see retention.
  'control: keeps the original': () => {
    const kept: unknown[] = [];
    return {
      holder: kept,
      record: (request) => Promise.resolve(kept.push(request)),
    };
  },
  'ours: ScriptedModel': () =>
    model(
      new ScriptedModel(
        Array.from({ length: calls }, () => [assistantMessage('Done.')]),
      ),
    ),
  'sdk: ScriptedModel': () =>
    model(
      new SdkScriptedModel(
        Array.from({ length: calls }, () => [sdkAssistantMessage('Done.')]),
      ),
    ),
};

function model(scripted: Model): Subject {
  return { holder: scripted, record: (r) => scripted.getResponse(r) };
}

/** Heap growth per recorded call, in bytes. */
async function heapPerCall(
  build: () => Subject,
  salted: boolean,
): Promise<number> {
  const subject = build();
  const before = await heapUsed();
  for (let i = 1; i <= calls; i++) {
    await subject.record(modelRequest(items, salted ? i : 0));
  }
  const after = await heapUsed();
  // Keep the records alive until after the measurement.
  if (subject.holder === undefined) throw new Error('unreachable');
  return (after - before) / calls;
}

/** How many original request objects outlive their call. */
async function retainedOriginals(build: () => Subject): Promise<number> {
  const subject = build();
  const refs: WeakRef<object>[] = [];
  for (let i = 1; i <= calls; i++) await recordWatched(subject, refs, i);
  await settle();
  const alive = refs.filter((ref) => ref.deref() !== undefined).length;
  if (subject.holder === undefined) throw new Error('unreachable');
  return alive;
}

// A frame of its own, so no suspended frame of the caller holds the request.
async function recordWatched(
  subject: Subject,
  refs: WeakRef<object>[],
  salt: number,
): Promise<void> {
  const request = modelRequest(items, salt);
  const input = request.input as object[];
  const item = input[0];
  if (item === undefined) throw new Error('The request has no input item');
  refs.push(new WeakRef(request), new WeakRef(input), new WeakRef(item));
  await subject.record(request);
}

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
const rows: string[] = [];
let failed = false;
let floor = 0;
for (const [name, build] of Object.entries(subjects)) {
  const perCall = await heapPerCall(build, true);
  const repeated = await heapPerCall(build, false);
  if (floor === 0) floor = perCall;
  const alive = name.startsWith('structuredClone')
    ? '-'
    : String(await retainedOriginals(build));
  const ratio = perCall / floor;
  if (name.startsWith('ours')) {
    failed ||= alive !== '0' || ratio > heapTarget;
  }
  if (name.startsWith('control') && alive !== String(3 * calls)) {
    throw new Error(`The retention check is broken: ${alive} alive`);
  }
  rows.push(
    `| ${name} | ${kib(perCall)} | ${ratio.toFixed(2)}x | ${
      kib(repeated)
    } | ${alive} |`,
  );
}

console.log(
  `Recording ${calls} calls of a ${items}-item request ` +
    `(heap after forced GC; target ours <= ${heapTarget}x the clone, ` +
    `0 originals retained)\n`,
);
console.log(
  '| recorder | heap per call | vs structuredClone | ' +
    'same request repeated | originals alive |',
);
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
console.log(
  `\nEvery call gets a distinct request (ids and texts differ); the ` +
    `"same request repeated" column records one request's content ` +
    `${calls} times (fresh objects each time), where a recorder may share ` +
    `unchanged snapshots. WeakRefs checked per recorder: ${3 * calls} ` +
    `(each request, its input array and its first item).`,
);
if (failed) {
  console.error('\nMemory target missed (see the ours row)');
  Deno.exit(1);
}
