/**
 * Proves that a signal to the gate stops it whole (the `gate-stop` stage).
 * A driver (this script with `--driver`) runs `runStages` of `_gate.ts`, the
 * gate's own runner, over stages that each start two `sleep 300`s (one of
 * them ignoring SIGTERM, SIGINT and SIGHUP, so only SIGKILL ends it) and a
 * third stage that needs the first. The proof starts the driver in a session
 * of its own, waits until the four sleeps run, notes every process group of
 * the run (the driver's and each stage's), then signals the driver's group
 * as a CI runner's cancel does and checks that:
 *
 * - 10 s later no process of those groups is left (zombies aside: they hold
 *   nothing and their reaper is not ours);
 * - the driver exited 128 + the signal's number, printed `gate: stopped by
 *   SIG...` and each running stage's `stopped: the gate got SIG...`, and
 *   did not start the third stage;
 * - once per signal: SIGTERM and SIGINT with a one-second grace before
 *   SIGKILL, and SIGHUP sent twice with a minute's grace, so only the second
 *   signal's immediate SIGKILL ends the stubborn stage in time.
 *
 * Linux only (it reads `/proc`) and needs `setsid`, like the gate's process
 * groups.
 *
 * Run: `deno run --allow-all scripts/gate_stop_proof.ts`
 */
import {
  exitStopped,
  runStages,
  type Stage,
  stageTable,
  stoppedExitCode,
  type StopSignal,
} from './_gate.ts';

const sleepers = 'sleep 300 & sleep 300 & wait';
const stages: Stage[] = [
  { name: 'tree', cmd: 'sh', args: ['-c', sleepers] },
  {
    name: 'stubborn',
    cmd: 'sh',
    // Ignored signals stay ignored in the children: only SIGKILL ends them.
    args: ['-c', `trap '' TERM INT HUP; ${sleepers}`],
  },
  { name: 'after', cmd: 'true', args: [], needs: ['tree'] },
];

if (Deno.args[0] === '--driver') {
  const graceMs = Number(Deno.args[1]);
  const cpuDir = await Deno.makeTempDir({ prefix: 'gate-stop-' });
  const run = await runStages(stages, { cores: 2, env: {}, cpuDir, graceMs });
  await Deno.remove(cpuDir, { recursive: true });
  console.log(stageTable(stages, run.results, 0));
  if (run.stopped !== undefined) exitStopped(run.stopped);
  console.error('gate-stop driver: the stages ended without a signal');
  Deno.exit(1);
}

interface Proc {
  pid: number;
  comm: string;
  state: string;
  ppid: number;
  pgrp: number;
}

/** Every process `/proc` lists now. */
function processes(): Proc[] {
  const found: Proc[] = [];
  for (const entry of Deno.readDirSync('/proc')) {
    if (!/^\d+$/.test(entry.name)) continue;
    let stat: string;
    try {
      stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
    } catch {
      continue; // Ended while we looked.
    }
    // `pid (comm) state ppid pgrp ...`; comm may hold spaces and parentheses.
    const close = stat.lastIndexOf(')');
    const [state, ppid, pgrp] = stat.slice(close + 2).split(' ');
    found.push({
      pid: Number(entry.name),
      comm: stat.slice(stat.indexOf('(') + 1, close),
      state: state!,
      ppid: Number(ppid),
      pgrp: Number(pgrp),
    });
  }
  return found;
}

/** `root` and every process below it. */
function tree(all: Proc[], root: number): Proc[] {
  const below = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of all) {
      if (!below.has(p.pid) && below.has(p.ppid)) {
        below.add(p.pid);
        grew = true;
      }
    }
  }
  return all.filter((p) => below.has(p.pid));
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** One stop: returns what went wrong, empty when nothing did. */
async function prove(
  signal: StopSignal,
  times: number,
  graceMs: number,
): Promise<string[]> {
  const problems: string[] = [];
  const driver = new Deno.Command('setsid', {
    args: [
      Deno.execPath(),
      'run',
      '--allow-all',
      import.meta.filename!,
      '--driver',
      String(graceMs),
    ],
    stdin: 'null',
    stdout: 'piped',
    stderr: 'piped',
  }).spawn();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  const output = driver.output().then((out) =>
    decode(out.stdout) + decode(out.stderr)
  );
  // Spawned as no group's leader, `setsid` makes the driver one without
  // forking: its pid is its group's id.
  const groups = new Set([driver.pid]);
  const started = performance.now();
  for (;;) {
    const run = tree(processes(), driver.pid);
    for (const p of run) groups.add(p.pgrp);
    const sleeps = run.filter((p) => p.comm === 'sleep').length;
    if (sleeps === 4 && groups.size === 3) break;
    if (performance.now() - started > 60_000) {
      Deno.kill(-driver.pid, 'SIGKILL');
      for (const group of groups) Deno.kill(-group, 'SIGKILL');
      return [`${signal}: after 60 s, ${sleeps} of 4 sleeps were running`];
    }
    await sleep(100);
  }
  await sleep(500);
  const sent = performance.now();
  for (let i = 0; i < times; i++) {
    if (i > 0) await sleep(200);
    Deno.kill(-driver.pid, signal);
  }
  let left: Proc[] = [];
  for (;;) {
    left = processes().filter((p) => groups.has(p.pgrp) && p.state !== 'Z');
    if (left.length === 0 || performance.now() - sent > 10_000) break;
    await sleep(100);
  }
  const seconds = ((performance.now() - sent) / 1000).toFixed(1);
  if (left.length > 0) {
    problems.push(
      `${signal}: 10 s after it, ${left.length} process(es) of the run ` +
        `were left: ${left.map((p) => `${p.pid} ${p.comm}`).join(', ')}`,
    );
    for (const group of groups) {
      try {
        Deno.kill(-group, 'SIGKILL');
      } catch {
        // Gone.
      }
    }
  }
  const text = await output;
  const { code } = await driver.status;
  const expected = [
    `gate: stopped by ${signal}; exit ${stoppedExitCode(signal)}`,
    `=== tree stopped: the gate got ${signal}`,
    `=== stubborn stopped: the gate got ${signal}`,
  ];
  for (const line of expected) {
    if (!text.includes(line)) problems.push(`${signal}: no "${line}"`);
  }
  if (code !== stoppedExitCode(signal)) {
    problems.push(
      `${signal}: the driver exited ${code}, not ${stoppedExitCode(signal)}`,
    );
  }
  if (text.includes('=== after')) {
    problems.push(`${signal}: the stage "after" started after the signal`);
  }
  if (problems.length > 0) console.error(text);
  console.log(
    `gate-stop: ${signal} x${times} (grace ${graceMs / 1000} s): ` +
      `${groups.size} process groups, ${
        left.length === 0 ? `all gone in ${seconds} s` : `${left.length} left`
      }, exit ${code}`,
  );
  return problems;
}

const problems = [
  ...await prove('SIGTERM', 1, 1_000),
  ...await prove('SIGINT', 1, 1_000),
  // A minute's grace: only the second signal's SIGKILL ends it in time.
  ...await prove('SIGHUP', 2, 60_000),
];
if (problems.length > 0) {
  console.error(`gate-stop: ${problems.length} problem(s):`);
  for (const problem of problems) console.error(`- ${problem}`);
  Deno.exit(1);
}
console.log('gate-stop: every signal stopped the whole run');
