/**
 * The gate's runner (`scripts/test.ts`): stages run side by side while their
 * declared cores fit the machine's, each after the stages it needs, each
 * bounded, timed (wall and CPU) and, for test stages, counted from its
 * runner's summary. The first failure stops the run; a table of every stage
 * that ran closes the log either way.
 *
 * One stage at a time holds the console and streams; a stage running beside
 * it is buffered and printed whole when it gets the console, so each
 * stage's output stays in one piece.
 *
 * SIGTERM, SIGINT or SIGHUP to the runner (a CI runner's cancel or time-out
 * signals the whole process group; each stage runs in a process group of
 * its own, which that signal does not reach) stops it whole: no stage
 * starts after it, every running stage's group gets SIGTERM, then SIGKILL
 * after a grace period (a second signal sends SIGKILL at once), and
 * {@link runStages} returns once every stage has ended, saying which signal
 * stopped it; the caller exits with {@link stoppedExitCode}. Proved by
 * `scripts/gate_stop_proof.ts` (the `gate-stop` stage).
 *
 * @module
 */
import { type Counts, parseCounts, type Runner } from './_counts.ts';
import { readCpu, withCpu } from './_cpu.ts';

/** One stage of the gate. */
export interface Stage {
  name: string;
  cmd: string;
  args: string[];
  /** Minutes before the stage is killed; ten unless given. */
  limitMinutes?: number;
  /** Whose test summary to read the stage's counts from. */
  counts?: Runner;
  /** Stages that must pass before this one starts. */
  needs?: string[];
  /**
   * How many cores it keeps busy (1 unless given): stages run side by side
   * while their cores add up to at most the run's.
   */
  cores?: number;
  /** Extra environment. */
  env?: Record<string, string>;
}

/** The signals that stop the gate. */
export const stopSignals = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/** One of {@link stopSignals}. */
export type StopSignal = typeof stopSignals[number];

const signalNumbers: Record<StopSignal, number> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGTERM: 15,
};

/** The exit code of a gate a signal stopped: 128 + the signal's number. */
export function stoppedExitCode(signal: StopSignal): number {
  return 128 + signalNumbers[signal];
}

/**
 * Ends a run a signal stopped: says so (the table printed before it names
 * the stages it stopped) and exits 128 + the signal's number.
 */
export function exitStopped(signal: StopSignal): never {
  console.error(`gate: stopped by ${signal}; exit ${stoppedExitCode(signal)}`);
  Deno.exit(stoppedExitCode(signal));
}

/** What a run of the stages did. */
export interface GateRun {
  /** One result per stage that ran, in the order they finished. */
  results: StageResult[];
  /** The signal that stopped the run, if one did. */
  stopped?: StopSignal;
}

/** What one stage did. */
export interface StageResult {
  name: string;
  ok: boolean;
  /** Wall-clock seconds. */
  seconds: number;
  /**
   * CPU seconds (user + system) of the stage's processes, waited-for
   * children included; `undefined` where not measured.
   */
  cpuSeconds?: number | undefined;
  counts?: Counts | undefined;
  /** Why it failed. */
  failure?: string;
}

// Each stage but the matrices takes well under a minute here; ten is a hang.
const defaultLimitMinutes = 10;

// A process that outlives SIGTERM (a Stryker worker busy in a mutant's
// endless loop did, burning a core after its stage had failed) gets SIGKILL
// this much later.
const defaultGraceMs = 5_000;

const encoder = new TextEncoder();

/** Whether `setsid` is on the PATH (util-linux): then a stage is a group. */
const hasSetsid = await new Deno.Command('sh', {
  args: ['-c', 'command -v setsid'],
  stdout: 'null',
  stderr: 'null',
}).output().then((out) => out.success, () => false);

/**
 * Runs `stages` respecting `needs` and `cores`, `cores` in all at a time.
 *
 * @param stages The stages, in priority order.
 * @param options `cores`: the run's cores; `env`: environment for every
 * stage; `cpuDir`: a folder for the CPU readings; `graceMs`: how long a
 * stopped stage has between SIGTERM and SIGKILL (five seconds unless given).
 * @returns One result per stage that ran, in the order they finished, and
 * the signal that stopped the run, if one did.
 */
export async function runStages(
  stages: readonly Stage[],
  options: {
    cores: number;
    env: Record<string, string>;
    cpuDir: string;
    graceMs?: number;
  },
): Promise<GateRun> {
  await Deno.mkdir(options.cpuDir, { recursive: true });
  const names = new Set(stages.map((stage) => stage.name));
  const waiting = [...stages];
  const passed = new Set<string>();
  const results: StageResult[] = [];
  const running = new Map<
    string,
    { cores: number; stop: (reason: string, now?: boolean) => void }
  >();
  // Stages whose output waits for the console, in start order.
  const queue: Output[] = [];
  let failed = false;
  let stopped: StopSignal | undefined;
  let startReady = () => {};

  const onSignal = (signal: StopSignal) => () => {
    // A second signal does not wait for the grace period.
    const now = stopped !== undefined;
    stopped ??= signal;
    failed = true;
    const left = [...running.keys()];
    console.error(
      `\ngate: ${signal} received: ${
        now ? 'killing' : 'stopping'
      } ${left.length} running stage(s)${
        left.length > 0 ? ` (${left.join(', ')})` : ''
      }; no other stage starts`,
    );
    for (const { stop } of running.values()) {
      stop(`stopped: the gate got ${stopped}`, now);
    }
    startReady();
  };
  const listeners = stopSignals.map((signal) => {
    const listener = onSignal(signal);
    Deno.addSignalListener(signal, listener);
    return [signal, listener] as const;
  });
  try {
    await new Promise<void>((resolve) => {
      startReady = () => {
        if (failed && running.size === 0) return resolve();
        if (failed) return;
        if (waiting.length === 0 && running.size === 0) return resolve();
        const busy = [...running.values()].reduce((n, r) => n + r.cores, 0);
        for (let i = 0; i < waiting.length; i++) {
          const stage = waiting[i]!;
          const ready = (stage.needs ?? []).every((need) =>
            passed.has(need) || !names.has(need)
          );
          // A stage wider than the run still runs, alone.
          const cores = Math.min(stage.cores ?? 1, options.cores);
          if (!ready || busy + cores > options.cores) continue;
          waiting.splice(i, 1);
          const output = new Output(stage.name);
          queue.push(output);
          promote(queue);
          const control: Control = {};
          const stop = (reason: string, now = false) => {
            control.reason ??= reason;
            control.kill?.(now);
          };
          running.set(stage.name, { cores, stop });
          runStage(stage, output, control, {
            ...options,
            graceMs: options.graceMs ?? defaultGraceMs,
          }).then((result) => {
            running.delete(stage.name);
            output.close(result);
            promote(queue);
            results.push(result);
            if (result.ok) passed.add(stage.name);
            else if (!failed) {
              failed = true;
              for (const { stop } of running.values()) {
                stop('stopped: another stage failed');
              }
            }
            startReady();
          });
          return startReady();
        }
        // Nothing runs and nothing can start: the rest need what failed.
        if (running.size === 0) resolve();
      };
      startReady();
    });
  } finally {
    for (const [signal, listener] of listeners) {
      Deno.removeSignalListener(signal, listener);
    }
  }
  return stopped === undefined ? { results } : { results, stopped };
}

/**
 * A stage's output: streamed while it holds the console, buffered before,
 * then closed with its verdict line.
 */
class Output {
  readonly name: string;
  #chunks: { err: boolean; bytes: Uint8Array }[] = [];
  #decoders = [new TextDecoder(), new TextDecoder()];
  #live = false;
  #closed = false;
  /** The text, for the counts. */
  text = '';

  constructor(name: string) {
    this.name = name;
  }

  get closed(): boolean {
    return this.#closed;
  }

  write(err: boolean, bytes: Uint8Array): void {
    this.text += this.#decoders[err ? 1 : 0]!.decode(bytes, { stream: true });
    if (this.#live) (err ? Deno.stderr : Deno.stdout).writeSync(bytes);
    else this.#chunks.push({ err, bytes });
  }

  line(text: string, err = false): void {
    this.write(err, encoder.encode(`${text}\n`));
  }

  /** Takes the console: prints what was buffered, then streams. */
  goLive(): void {
    if (this.#live) return;
    this.#live = true;
    for (const { err, bytes } of this.#chunks) {
      (err ? Deno.stderr : Deno.stdout).writeSync(bytes);
    }
    this.#chunks = [];
  }

  close(result: StageResult): void {
    const wall = `${result.seconds.toFixed(1)}s`;
    const cpu = result.cpuSeconds === undefined
      ? ''
      : `, ${result.cpuSeconds.toFixed(1)}s CPU`;
    if (result.ok) this.line(`=== ${this.name} passed in ${wall}${cpu}`);
    else this.line(`\n=== ${this.name} ${result.failure} after ${wall}`, true);
    this.#closed = true;
  }
}

/** Gives the console to the oldest stage whose output is not all printed. */
function promote(queue: Output[]): void {
  while (queue.length > 0) {
    const head = queue[0]!;
    head.goLive();
    if (!head.closed) return;
    queue.shift();
  }
}

/**
 * How the runner stops a running stage: `reason` once it is asked to (why
 * the stage failed), `kill` once the stage's process is started.
 */
interface Control {
  reason?: string;
  /** SIGTERM to the stage's group, SIGKILL after the grace (or `now`). */
  kill?: (now: boolean) => void;
}

async function runStage(
  stage: Stage,
  output: Output,
  control: Control,
  options: { env: Record<string, string>; cpuDir: string; graceMs: number },
): Promise<StageResult> {
  output.line(`\n=== ${stage.name}: ${stage.cmd} ${stage.args.join(' ')}`);
  const cpuFile = `${options.cpuDir}/${stage.name.replace(/\W/g, '_')}`;
  await Deno.remove(cpuFile).catch(() => {});
  const [bash, args] = withCpu(cpuFile, stage.cmd, stage.args);
  const t0 = performance.now();
  const limitMs = (stage.limitMinutes ?? defaultLimitMinutes) * 60_000;
  let timedOut = false;
  let code = 1;
  try {
    // In a session of its own the stage is one process group: a kill ends
    // its whole tree, not just its first process.
    const proc = new Deno.Command(hasSetsid ? 'setsid' : bash, {
      args: hasSetsid ? [bash, ...args] : args,
      env: { ...options.env, ...stage.env },
      stdin: 'null',
      stdout: 'piped',
      stderr: 'piped',
    }).spawn();
    const signal = (name: Deno.Signal) => {
      try {
        if (hasSetsid) Deno.kill(-proc.pid, name);
        else proc.kill(name);
      } catch {
        // Already gone.
      }
    };
    let hardKill: ReturnType<typeof setTimeout> | undefined;
    control.kill = (now) => {
      if (now) return signal('SIGKILL');
      signal('SIGTERM');
      hardKill ??= setTimeout(() => signal('SIGKILL'), options.graceMs);
    };
    // Asked to stop while it was starting.
    if (control.reason !== undefined) control.kill(false);
    // Nothing may hang: a stage past its bound is killed and fails the run.
    const timer = setTimeout(() => {
      timedOut = true;
      control.kill?.(false);
    }, limitMs);
    const pump = async (stream: ReadableStream<Uint8Array>, err: boolean) => {
      for await (const bytes of stream) output.write(err, bytes);
    };
    await Promise.all([pump(proc.stdout, false), pump(proc.stderr, true)]);
    code = (await proc.status).code;
    clearTimeout(timer);
    clearTimeout(hardKill);
    // Whatever the stage left running in its group ends with it.
    if (hasSetsid) signal('SIGKILL');
  } catch (error) {
    output.line(String(error), true);
  }
  const seconds = (performance.now() - t0) / 1000;
  const result: StageResult = {
    name: stage.name,
    ok: code === 0 && !timedOut && control.reason === undefined,
    seconds,
    cpuSeconds: await readCpu(cpuFile),
  };
  if (stage.counts !== undefined) {
    result.counts = parseCounts(stage.counts, output.text);
    if (result.ok && result.counts === undefined) {
      result.ok = false;
      result.failure = `printed no ${stage.counts} test summary`;
    }
  }
  if (timedOut) {
    result.failure = `killed: still running at its ${limitMs / 1000}s bound`;
  } else if (control.reason !== undefined) result.failure = control.reason;
  else if (!result.ok) result.failure ??= `failed (exit ${code})`;
  return result;
}

/**
 * The closing table: each stage's verdict, wall and CPU seconds and test
 * counts, in the order the stages are listed, then the totals.
 */
export function stageTable(
  stages: readonly Stage[],
  results: readonly StageResult[],
  wallSeconds: number,
): string {
  const rows = [
    '| stage | result | wall s | CPU s | tests passed | failed | skipped |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  let cpu = 0;
  let tests = 0;
  for (const stage of stages) {
    const r = results.find((result) => result.name === stage.name);
    if (r === undefined) continue;
    cpu += r.cpuSeconds ?? 0;
    tests += r.counts?.passed ?? 0;
    const c = r.counts;
    rows.push(
      `| ${r.name} | ${r.ok ? 'pass' : 'FAIL'} | ${r.seconds.toFixed(1)} | ${
        r.cpuSeconds?.toFixed(1) ?? '-'
      } | ${c?.passed ?? ''} | ${c?.failed ?? ''} | ${c?.skipped ?? ''} |`,
    );
  }
  const passedCount = results.filter((r) => r.ok).length;
  rows.push(
    '',
    `gate: ${passedCount} of ${results.length} stages passed in ${
      wallSeconds.toFixed(1)
    }s wall, ${
      cpu.toFixed(1)
    }s CPU, on ${navigator.hardwareConcurrency} cores; ${tests} tests passed`,
  );
  return rows.join('\n');
}
