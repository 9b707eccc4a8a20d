/**
 * Fixture files across real processes: a recorder killed mid-write, two
 * recorders racing a reader, and `CI` read from a child's own environment.
 * Each child is this runtime's own executable (`Deno.execPath()` or
 * `process.execPath`) running `_recorder_child`; under Deno the test needs
 * `--allow-run` for that executable (it skips without, and fails under
 * `npm test`, which must grant it).
 *
 * @module
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import process from 'node:process';
import test from 'node:test';
import { fileURLToPath } from 'node:url';
import { type ModelFixture, replayModel } from '@scripted/agents/replay';

interface DenoRuntime {
  execPath(): string;
  permissions: {
    querySync(descriptor: { name: 'run'; command: string }): { state: string };
  };
}
const deno = (globalThis as { Deno?: DenoRuntime }).Deno;

const child = fileURLToPath(
  new URL(
    `./_recorder_child.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`,
    import.meta.url,
  ),
);

/** Why the children cannot run here, if they cannot. */
function cannotSpawn(): string | false {
  if (deno === undefined) return false;
  const { state } = deno.permissions.querySync({
    name: 'run',
    command: deno.execPath(),
  });
  if (state === 'granted') return false;
  const why =
    `needs --allow-run=${deno.execPath()} to start recording processes`;
  // `npm test` must grant it: there, a skip would hide the proof.
  if (process.env.SCRIPTED_AGENTS_STRICT === '1') {
    throw new Error(`fixture_process_test ${why}`);
  }
  return why;
}

const skip = cannotSpawn();

/** Starts `_recorder_child` with `args`, its environment `env` only. */
function start(args: string[], env: Record<string, string>): ChildProcess {
  const [command, prefix] = deno === undefined
    ? [process.execPath, []]
    : [deno.execPath(), [
      'run',
      '--allow-read',
      '--allow-write=.tmp/',
      '--allow-env',
    ]];
  return spawn(command, [...prefix, child, ...args], {
    // The child's own environment: no CI, no RECORD unless given.
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The child's stdout lines so far, and its exit. */
function watch(running: ChildProcess) {
  const lines: string[] = [];
  let errors = '';
  let pending = '';
  running.stdout!.setEncoding('utf8');
  running.stdout!.on('data', (chunk: string) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop()!;
    lines.push(...parts);
  });
  running.stderr!.setEncoding('utf8');
  running.stderr!.on('data', (chunk: string) => (errors += chunk));
  const exited = new Promise<number | string | null>((resolve) => {
    running.on('close', (code, signal) => resolve(code ?? signal));
  });
  return { lines, exited, errors: () => errors };
}

/**
 * Waits, within `signal`, until `ready()` holds: between checks, `poll()`
 * when given (as fast as it answers), else 2 ms.
 */
async function until(
  ready: () => boolean,
  signal: AbortSignal,
  poll?: () => Promise<void>,
): Promise<void> {
  while (!ready()) {
    signal.throwIfAborted();
    await (poll?.() ?? new Promise((resolve) => setTimeout(resolve, 2)));
  }
}

/** Reads the fixture: absent, or whole (it parses and replays). */
async function readWhole(path: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return undefined;
    throw error;
  }
  const fixture = JSON.parse(text) as ModelFixture;
  replayModel(fixture);
  const output = fixture.calls[0]!.response as {
    output: { content: { text: string }[] }[];
  };
  return output.output[0]!.content[0]!.text.split(' ')[0];
}

function folder(): string {
  return `.tmp/e2e-fixtures/${crypto.randomUUID()}`;
}

test(
  'A recording killed mid-write leaves the old fixture or the new one, whole',
  {
    skip,
  },
  async () => {
    const dir = folder();
    const path = `${dir}/killed.json`;
    await mkdir(dir, { recursive: true });
    const signal = AbortSignal.timeout(120_000);
    let midWrite = 0;
    let writing = false;
    try {
      // A first whole fixture, to be replaced.
      const first = watch(start(['record', path, 'first', '1', '1'], {}));
      assert.equal(await first.exited, 0, first.errors());
      assert.equal(await readWhole(path), 'first');
      // Kill writers while they write until two kills land mid-write (a
      // temporary file left behind shows it): each writer rewrites the
      // fixture in a loop once it wrote it whole, and is killed the moment
      // a temporary file is seen (a kill at a random moment mostly lands
      // between writes: on Node, up to 40 processes were started for two).
      for (let attempt = 0; attempt < 40 && midWrite < 2; attempt++) {
        const running = start(
          ['record', path, `kill${attempt}`, '2048', '0'],
          {},
        );
        const watched = watch(running);
        await until(() => watched.lines.length > 0, signal);
        await until(() => writing, signal, async () => {
          writing = (await readdir(dir)).some((name) => name.endsWith('.tmp'));
        });
        writing = false;
        running.kill('SIGKILL');
        assert.equal(await watched.exited, 'SIGKILL', watched.errors());
        const label = await readWhole(path);
        assert.match(String(label), /^kill\d+$/);
        const left = (await readdir(dir)).filter((name) =>
          name !== 'killed.json'
        );
        if (left.length > 0) {
          midWrite++;
          assert.ok(
            left.every((name) => /^\.killed\.json\..+\.tmp$/.test(name)),
          );
          for (const name of left) await rm(`${dir}/${name}`);
        }
      }
      assert.equal(midWrite, 2, 'no kill landed while a fixture was written');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
);

test(
  'Two recorders racing a reader leave one whole fixture, and every read is whole',
  {
    skip,
  },
  async () => {
    const dir = folder();
    const path = `${dir}/raced.json`;
    await mkdir(dir, { recursive: true });
    const signal = AbortSignal.timeout(120_000);
    try {
      const writers = ['alpha', 'beta'].map((label, i) =>
        watch(start(['record', path, label, String(512 + i * 256), '40'], {}))
      );
      let done = false;
      const exited = Promise.all(writers.map((writer) => writer.exited)).then(
        (codes) => {
          done = true;
          return codes;
        },
      );
      const seen = new Map<string, number>();
      let reads = 0;
      while (!done) {
        signal.throwIfAborted();
        const label = await readWhole(path);
        reads++;
        if (label !== undefined) seen.set(label, (seen.get(label) ?? 0) + 1);
      }
      assert.deepEqual(
        await exited,
        [0, 0],
        writers.map((w) => w.errors()).join(),
      );
      assert.deepEqual(writers.map((writer) => writer.lines.length), [40, 40]);
      assert.ok(reads >= 10, `only ${reads} reads`);
      assert.ok(seen.size >= 1);
      assert.match(String(await readWhole(path)), /^(alpha|beta)$/);
      assert.deepEqual(await readdir(dir), ['raced.json']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
);

test(
  'A process with CI=true fails naming the missing fixture, and builds no model',
  {
    skip,
  },
  async () => {
    const dir = folder();
    const path = `${dir}/missing.json`;
    const run = async (env: Record<string, string>) => {
      const watched = watch(start(['mode', path], env));
      assert.equal(await watched.exited, 0, watched.errors());
      return JSON.parse(watched.lines[0]!);
    };
    assert.deepEqual(await run({ CI: 'true' }), {
      name: 'FixtureFileError',
      reason: 'missing_in_ci',
      file: path,
      message:
        `Fixture file "${path}" is missing and CI is set (CI="true"): not recording in CI; record it locally with RECORD=1 <your test command> and commit it, or pass record: true`,
      built: 0,
    });
    const recordInCi = await run({ CI: 'true', RECORD: '1' });
    assert.equal(recordInCi.reason, 'record_in_ci');
    assert.equal(recordInCi.built, 0);
    const badFlag = await run({ RECORD: 'maybe' });
    assert.equal(badFlag.reason, 'invalid_record_flag');
    assert.equal(badFlag.built, 0);
    // Outside CI, the same process records.
    assert.deepEqual(await run({ RECORD: 'TRUE' }), {
      mode: 'record',
      built: 1,
    });
    assert.deepEqual(await run({}), { mode: 'record', built: 1 });
  },
);
