/**
 * Cross-check for the noisiest scenarios on a shared machine: runs floor,
 * ours and the SDK's module round-robin (rotating which goes first) inside
 * one process, so load bursts and heap growth hit every variant alike, and
 * prints mean and median ratios. `deno bench` runs each row to completion
 * before the next, so a burst on the 2-core machine lands on one row only.
 *
 *     deno run --allow-env --allow-read --no-check bench/interleaved.ts [rounds]
 *
 * @module
 */
import { audioChunk, audioEvent, callsPerIteration } from './_fixtures.ts';
import { type RigName, rigs } from './_realtime.ts';
import { loopModels, runLoop, turns } from './_tool_loop.ts';

/** One measured sample of a variant, in milliseconds. */
type Sample = () => Promise<number>;

const rounds = Number(Deno.args[0] ?? 60);
let sink = 0;

function toolLoop(variant: keyof typeof loopModels): Sample {
  return async () => {
    let start = 0;
    let end = 0;
    await runLoop(
      loopModels[variant](),
      () => start = performance.now(),
      () => end = performance.now(),
    );
    return end - start;
  };
}

function realtime(kind: 'sendAudio' | 'emit', rig: RigName): Sample {
  return async () => {
    const { session, emit } = await rigs[rig]();
    session.on('audio', () => sink++);
    const events = Array.from({ length: callsPerIteration }, audioEvent);
    const start = performance.now();
    for (let i = 0; i < callsPerIteration; i++) {
      if (kind === 'sendAudio') session.sendAudio(audioChunk);
      else emit(events[i]!);
    }
    const elapsed = performance.now() - start;
    session.close();
    return elapsed;
  };
}

const scenarios: Record<string, Record<'floor' | 'ours' | 'sdk', Sample>> = {
  [`Runner tool loop, ${turns} turns`]: {
    floor: toolLoop('floor'),
    ours: toolLoop('ours'),
    sdk: toolLoop('sdk'),
  },
  [`realtime sendAudio, ${callsPerIteration} calls`]: {
    floor: realtime('sendAudio', 'floor'),
    ours: realtime('sendAudio', 'ours'),
    sdk: realtime('sendAudio', 'sdk'),
  },
  [`realtime emit audio, ${callsPerIteration} events`]: {
    floor: realtime('emit', 'floor'),
    ours: realtime('emit', 'ours'),
    sdk: realtime('emit', 'sdk'),
  },
};

const mean = (xs: number[]): number =>
  xs.reduce((a, b) => a + b, 0) / xs.length;
const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const warmUpRounds = Math.ceil(rounds / 6);

console.log('| scenario | ours / floor | SDK / floor | ours / SDK |');
console.log('| --- | ---: | ---: | ---: |');
for (const [name, variants] of Object.entries(scenarios)) {
  const entries = Object.entries(variants);
  const times = new Map<string, number[]>(entries.map(([v]) => [v, []]));
  for (let round = 0; round < warmUpRounds + rounds; round++) {
    for (let k = 0; k < entries.length; k++) {
      const [variant, sample] = entries[(k + round) % entries.length]!;
      const elapsed = await sample();
      if (round >= warmUpRounds) times.get(variant)!.push(elapsed);
    }
  }
  const floor = times.get('floor')!;
  const ours = times.get('ours')!;
  const sdk = times.get('sdk')!;
  const ratio = (a: number[], b: number[]): string =>
    `${(mean(a) / mean(b)).toFixed(2)}x (${
      (median(a) / median(b)).toFixed(2)
    }x)`;
  console.log(
    `| ${name} | ${ratio(ours, floor)} | ${ratio(sdk, floor)} | ${
      ratio(ours, sdk)
    } |`,
  );
}
console.log(`\nMean (median) of ${rounds} interleaved rounds per variant.`);
if (sink < 0) console.log(sink);
