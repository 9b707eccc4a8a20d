/**
 * The machine's speed, measured the same way before every gate run: a fixed
 * single-threaded workload (xorshift draws sorted, integer and memory work,
 * no I/O) timed three times, the fastest kept (the least disturbed). The
 * gate prints it beside its own times, so a run's seconds can be compared
 * with another machine's or another hour's. It measures one core's speed,
 * not how busy the machine is: the load average printed beside it does.
 *
 * @module
 */

/**
 * What the workload takes on the reference machine: this project's 2-core
 * machine (AMD EPYC, Deno 2.9.6), the middle of five {@link calibrate}
 * readings taken on 2026-12-07. A run whose calibration is slower ran on a
 * slower core.
 */
export const referenceSeconds = 0.85;

function work(): number {
  let x = 2463534242;
  const draws = new Float64Array(2_000_000);
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < draws.length; i++) {
      x ^= x << 13;
      x >>>= 0;
      x ^= x >>> 17;
      x ^= x << 5;
      x >>>= 0;
      draws[i] = x;
    }
    draws.sort();
  }
  let sum = 0;
  for (let i = 0; i < draws.length; i += 1000) sum += draws[i]!;
  return sum;
}

/** The workload's checksum: a run that computes another is not this one. */
const checksum = 4292705467081;

/** One calibration: the fastest of three timings, in seconds. */
export interface Calibration {
  /** The fastest timing of the workload, in seconds. */
  readonly seconds: number;
  /** The machine's speed as a fraction of the reference (1: as fast). */
  readonly speed: number;
  /** The one-minute load average when it was taken. */
  readonly load: number;
}

/**
 * Times the workload three times.
 *
 * @returns The calibration.
 */
export function calibrate(): Calibration {
  const load = Deno.loadavg()[0] ?? 0;
  let seconds = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    if (work() !== checksum) throw new Error('calibration: wrong checksum');
    seconds = Math.min(seconds, (performance.now() - start) / 1000);
  }
  return { seconds, speed: referenceSeconds / seconds, load };
}

/**
 * The calibration as the gate prints it.
 *
 * @param calibration What {@link calibrate} measured.
 * @param wallSeconds The gate's wall time, when it ended.
 * @returns One line.
 */
export function describeCalibration(
  calibration: Calibration,
  wallSeconds?: number,
): string {
  const { seconds, speed, load } = calibration;
  const scaled = wallSeconds === undefined
    ? ''
    : `; ${wallSeconds.toFixed(0)} s here is about ${
      (wallSeconds * speed).toFixed(0)
    } s at the reference speed`;
  return `calibration: ${seconds.toFixed(2)} s for the fixed workload ` +
    `(scripts/_calibrate.ts, fastest of 3; the reference machine ` +
    `${referenceSeconds.toFixed(2)} s): speed ${
      speed.toFixed(2)
    }× the reference, load average ${load.toFixed(1)} at the start${scaled}`;
}
