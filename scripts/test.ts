/**
 * The one test command (`npm test`): every gate, each bounded and timed;
 * the first failure ends the run with exit code 1. Stages run side by side
 * while their cores fit the machine's (see `_gate.ts`), each after the
 * stages it needs: the npm build before what runs it, the pack before the
 * runtime tests (the two-copies test loads the packed package beside the
 * source), the pinned Node releases before the Node stages.
 *
 * It ends with a table of every stage: verdict, wall and CPU seconds, and
 * for test stages the counts its runner printed. `npm run test:quick`
 * (`--quick`) runs the Bun suite alone and prints the same table.
 *
 * Run: `deno run --allow-all scripts/test.ts [--quick] [--write] [--from NAME]
 * [--only NAME[,NAME...]] [--cores N]`
 */
import { calibrate, describeCalibration } from './_calibrate.ts';
import { writeBlock } from './_docs_block.ts';
import { docs, library, nodeVersions, writeRebasedConfig } from './_config.ts';
import { exitStopped, runStages, type Stage, stageTable } from './_gate.ts';
import { nodeBin } from './_toolchain.ts';
import { writeDocSuite } from './_doc_suite.ts';

// The library (from `deno.json`'s `publish.include`) and the published
// Markdown: `deno test --doc` runs their code blocks.
const docSources = [...library, ...docs];

// The code blocks that install a trace capture. The SDK starts its trace
// export timer when it is imported, before any test; a capture replaces the
// processors, which ends that timer during the test, and Deno's sanitizers
// (`--sanitize-ops`, `--sanitize-resources`; off by default) report a timer
// that started before a test and ended in it. So these blocks run in a stage
// of their own without the sanitizers (docs/tracing.md tells Deno users the
// same); everything else keeps them.
const tracedDocs = ['tracing/', 'docs/tracing.md', 'README.md'];
const sanitizedDocs = docSources.filter((path) => !tracedDocs.includes(path));

// The end-to-end record/replay tests talk to local servers: the only tests
// with (loopback) network access, run in a stage of their own on Deno.
const e2e = 'tests/e2e/';

/** The entries of `dir` as paths (folders with a slash), sorted. */
function entries(dir: string): string[] {
  const paths: string[] = [];
  for (const entry of Deno.readDirSync(dir)) {
    paths.push(`${dir}${entry.name}${entry.isDirectory ? '/' : ''}`);
  }
  return paths.sort();
}

/** Every `*_test.ts` under `dir`, sorted. */
function testFiles(dir: string): string[] {
  return entries(dir).flatMap((path) =>
    path.endsWith('/')
      ? testFiles(path)
      : path.endsWith('_test.ts')
      ? [path]
      : []
  );
}

/**
 * Deno runs the suite (`tests/` but the end-to-end folder, and the lint
 * plugin's tests, which run `Deno.lint.runPlugin`: Deno only) in one
 * module graph, through an entry module importing every test file: the SDK
 * loads once instead of once per file (a test module gets a worker of its
 * own), a third of the CPU time. `deno.json` excludes `.tmp/`, so the run
 * names a config written beside the entry that resolves as the root one
 * does. The library's JSDoc and the Markdown examples run the same way
 * (below).
 */
const denoEntry = '.tmp/deno-suite/all_test.ts';
const denoConfig = await writeRebasedConfig('.tmp/deno-suite');
await Deno.writeTextFile(
  denoEntry,
  '// Written by scripts/test.ts: the suite, one module graph.\n' +
    [
      ...testFiles('tests/').filter((path) => !path.startsWith(e2e)),
      ...testFiles('_tools/'),
    ]
      .map((path) => `import '../../${path}';\n`).join(''),
);

// The code blocks, as one suite each (`_doc_suite.ts`): the SDK loads once
// for them all, not once per block as under `--doc`. A block that changes
// the process when imported (the guard's preload) still runs under `--doc`,
// in a module of its own.
const sanitizedSuite = await writeDocSuite(
  sanitizedDocs,
  '.tmp/deno-suite/docs',
);
const tracedSuite = await writeDocSuite(tracedDocs, '.tmp/deno-suite/traced');
const docArgs = (suite: { entry: string; isolated: string[] }) =>
  suite.isolated.length === 0
    ? [suite.entry]
    : ['--doc', ...suite.isolated, suite.entry];

// Preloaded by every test runner: a rejection that escapes a test fails the
// run (proved by the `guard` stage).
const guard = 'tests/_support/unhandled_rejection_guard.ts';
const guardJs = guard.replace(/\.ts$/, '.js');

/**
 * The Node stages run the build's compiled tests (`npm/tests/`) in one
 * process, through an entry module that imports them all (the guard first,
 * by `--import`): the SDK loads once, not once per file, a fifth of the CPU
 * time of `node --test` over 120 files. Node 22+ refuses a folder
 * (`node --test npm/tests/`) and Node 20 a glob, so the files are named.
 * The end-to-end files run beside it, one process each as `node --test`
 * runs files: their servers and timers stay in their own process.
 */
const nodeEntry = '.tmp/node-suite/all_test.mjs';
const compiled = (path: string) => `npm/${path.replace(/\.ts$/, '.js')}`;
const nodeSuite = testFiles('tests/').filter((path) => !path.startsWith(e2e));
await Deno.mkdir('.tmp/node-suite', { recursive: true });
const writeEntry = (path: string, what: string, files: string[]) =>
  Deno.writeTextFile(
    path,
    `// Written by scripts/test.ts: ${what}, one process.\n` +
      files.map((file) => `import '../../${compiled(file)}';\n`).join(''),
  );
await writeEntry(nodeEntry, 'the compiled suite', nodeSuite);

/**
 * The Node releases between the oldest and the newest run the drop-in
 * subset, not the whole suite again. The library uses web standards only, so
 * what changes from one Node release to the next is the platform under
 * those standards; the oldest pinned release (20: the fewest of them, no
 * `SuppressedError`) and the newest (26) run every test and bracket it. On
 * 22 and 24 run the claims that lean on the release itself: the drop-in
 * differential suite against the SDK's own testing modules
 * (`tests/compat/`), the MCP examples through the runner
 * (`tests/mcp_examples/`) and the end-to-end files (the SDK's real OpenAI
 * models and WebSocket transport on the release's own `fetch` and
 * `WebSocket`). Still proved on every release elsewhere: the guide's
 * examples from the packed tarball, ESM (the `consumers` stage) and the
 * rejection guard (the `guard` stage).
 */
const dropInEntry = '.tmp/node-suite/drop_in_test.mjs';
const dropInFolders = ['tests/compat/', 'tests/mcp_examples/'];
await writeEntry(
  dropInEntry,
  'the compiled drop-in subset',
  nodeSuite.filter((path) => dropInFolders.some((f) => path.startsWith(f))),
);
const fullNodes = [nodeVersions[0]!, nodeVersions.at(-1)!];

function nodeStage(version: string): Stage {
  return {
    name: `node-${version.split('.')[0]}`,
    cmd: nodeBin(version),
    args: [
      '--test',
      '--test-reporter=spec',
      '--test-concurrency=2',
      '--expose-gc',
      '--import',
      `./npm/${guardJs}`,
      fullNodes.includes(version) ? nodeEntry : dropInEntry,
      ...testFiles(e2e).map(compiled),
    ],
    counts: 'node',
    needs: ['pack-smoke', 'toolchain'],
  };
}

const denoRun = (script: string, ...flags: string[]) => [
  'run',
  ...(flags.length > 0 ? flags : ['--allow-all']),
  script,
];

const stages: Stage[] = [
  // Listed in priority order: the build and the long matrices first.
  { name: 'build', cmd: 'deno', args: denoRun('scripts/build_npm.ts') },
  {
    // The pinned Node releases and consumer TypeScript compilers, from
    // `scripts/toolchain/package-lock.json` (see `_toolchain.ts`).
    name: 'toolchain',
    cmd: 'deno',
    args: denoRun('scripts/install_toolchain.ts'),
  },
  { name: 'fmt', cmd: 'deno', args: ['fmt', '--check'] },
  { name: 'lint', cmd: 'deno', args: ['lint'] },
  {
    // The layout measured and enforced: no import cycle, core never imports
    // an add-on, names per entry, what '.' loads and weighs, file sizes, the
    // README's size table (see graph.ts).
    name: 'graph',
    cmd: 'deno',
    args: ['run', '--allow-all', 'scripts/graph.ts'],
  },
  {
    name: 'examples',
    cmd: 'deno',
    args: denoRun(
      'scripts/check_examples.ts',
      '--allow-read',
      '--allow-env',
    ),
  },
  {
    name: 'publish',
    cmd: 'deno',
    args: ['publish', '--dry-run', '--allow-dirty'],
  },
  {
    // `deno doc --lint` on the `deno.json` entry points: every public symbol
    // documented, no public signature naming an unexported type of ours (a
    // reference to a listed public SDK type is tolerated: see doc_lint.ts).
    name: 'doc-lint',
    cmd: 'deno',
    args: denoRun('scripts/doc_lint.ts'),
  },
  {
    // The strict type check of everything, JSDoc and Markdown examples
    // included, and of the guide's verbatim examples (see check.ts).
    name: 'check',
    cmd: 'deno',
    args: denoRun('scripts/check.ts'),
  },
  {
    // The drop-in promise: a consumer written against the SDK's testing
    // modules type-checks against them and, imports swapped, against ours.
    name: 'compat-types',
    cmd: 'deno',
    args: denoRun('scripts/check_compat.ts'),
  },
  {
    name: 'pack-smoke',
    cmd: 'deno',
    args: denoRun('scripts/pack_smoke.ts'),
    needs: ['build'],
  },
  {
    // The packed tarball in fresh projects installed from their committed
    // lockfiles: the guide's examples on node --test (ESM and CommonJS, on
    // every Node release), Bun, Deno, vitest, Jest, ts-jest, and tsc per
    // version × module resolution (see consumers.ts).
    name: 'consumers',
    cmd: 'deno',
    args: denoRun('scripts/consumers.ts'),
    counts: 'summary',
    needs: ['build', 'toolchain'],
    limitMinutes: 20,
  },
  {
    // The packed tarball against the latest patch of every supported SDK
    // minor, each from its committed lockfile (see sdk_matrix.ts).
    name: 'sdk-matrix',
    cmd: 'deno',
    args: denoRun('scripts/sdk_matrix.ts'),
    counts: 'summary',
    needs: ['build', 'toolchain'],
    limitMinutes: 15,
  },
  {
    name: 'deno-test',
    cmd: 'deno',
    args: [
      'test',
      '--no-check',
      '--shuffle',
      '--parallel',
      '--allow-env',
      '--allow-read',
      '--deny-net',
      '--deny-run',
      // Only the file-backed fixture helper's unit tests write, and only
      // there (they remove what they write).
      '--allow-write=.tmp/fixture-files/',
      '--deny-ffi',
      // Deno 2.9 runs the ops and resources sanitizers only when asked.
      // The retention proof forces collections.
      '--v8-flags=--expose-gc',
      '--sanitize-ops',
      '--sanitize-resources',
      '--preload',
      guard,
      '--config',
      denoConfig,
      ...docArgs(sanitizedSuite),
      denoEntry,
    ],
    counts: 'deno',
    needs: ['pack-smoke'],
    // One core: the suite and the blocks are two module graphs (the
    // blocks' takes a second), so `--parallel` keeps one worker busy.
    cores: 1,
  },
  {
    name: 'deno-doc-traced',
    cmd: 'deno',
    args: [
      'test',
      '--no-check',
      '--allow-env',
      '--allow-read',
      '--deny-net',
      '--deny-run',
      '--deny-write',
      '--preload',
      guard,
      '--config',
      denoConfig,
      ...docArgs(tracedSuite),
    ],
    counts: 'deno',
    needs: ['pack-smoke'],
  },
  ...nodeVersions.map(nodeStage),
  {
    name: 'bun-test',
    cmd: 'bun',
    // Bun alone bounds each test, at 5 s by default: on a loaded two-core
    // machine a 1,000-case fuzz property has overrun that (Node and Deno set
    // no per-test bound). The stage itself stays bounded.
    args: ['test', '--timeout', '60000', '--preload', `./${guard}`, './tests/'],
    counts: 'bun',
    needs: ['pack-smoke'],
  },
  {
    name: 'e2e',
    cmd: 'deno',
    args: [
      'test',
      '--no-check',
      '--allow-env',
      '--allow-read',
      '--allow-net=127.0.0.1',
      // The file-backed fixture helper writes its fixtures under `.tmp/`.
      '--allow-write=.tmp/',
      // The fixture helper's cross-process test starts this Deno only.
      `--allow-run=${Deno.execPath()}`,
      '--deny-ffi',
      '--sanitize-ops',
      '--sanitize-resources',
      '--preload',
      guard,
      e2e,
    ],
    counts: 'deno',
  },
  {
    // Both entry points bundled with the SDK for the browser, run in
    // headless Chromium.
    name: 'browser',
    cmd: 'deno',
    args: denoRun('scripts/browser.ts'),
    counts: 'summary',
    needs: ['build'],
  },
  {
    name: 'guard',
    cmd: 'deno',
    args: denoRun('scripts/guard_proof.ts'),
    needs: ['build', 'toolchain'],
  },
  {
    // SIGTERM, SIGINT and SIGHUP to a run of the gate's own runner leave no
    // process of its stages' groups behind (see gate_stop_proof.ts).
    name: 'gate-stop',
    cmd: 'deno',
    args: denoRun('scripts/gate_stop_proof.ts'),
  },
  {
    name: 'transcripts',
    cmd: 'deno',
    args: denoRun('scripts/transcripts.ts'),
    needs: ['build', 'toolchain'],
  },
  {
    // StrykerJS in incremental mode from the committed baseline
    // (`tests/mutation/incremental.json`), its new state kept in `.tmp/`:
    // only mutants whose code or covering tests changed run again; fails
    // below the thresholds or on an unexplained survivor in the matching,
    // recording and error code (see `scripts/mutation.ts`).
    name: 'mutation',
    cmd: 'deno',
    args: denoRun('scripts/mutation.ts'),
    cores: 2,
  },
];

/** `npm run test:quick`: every test on Bun, no build, no type check. */
const quick: Stage[] = [{
  name: 'bun-test',
  cmd: 'bun',
  args: ['test', '--timeout', '60000', '--preload', `./${guard}`, './tests/'],
  counts: 'bun',
}];

const isQuick = Deno.args.includes('--quick');
const from = flag('--from');
const only = flag('--only')?.split(',');
const fromAt = from === undefined
  ? 0
  : stages.findIndex((stage) => stage.name === from);
if (fromAt === -1) throw new Error(`No stage named ${from}`);
const selected = isQuick
  ? quick
  : stages.slice(fromAt).filter((stage) =>
    only === undefined || only.includes(stage.name)
  );
const cores = Number(flag('--cores') ?? navigator.hardwareConcurrency);

/**
 * The fuzz seed of the whole gate: `FUZZ_SEED` when set, else one taken
 * from the commit, so a commit's gate draws the same cases on every run and
 * machine (a failure CI saw is seen again locally) while each new commit
 * explores new ones. `npm run test:quick` keeps fast-check's random seed.
 */
async function fuzzSeed(): Promise<string | undefined> {
  const given = Deno.env.get('FUZZ_SEED');
  if (given !== undefined) return given;
  const head = await new Deno.Command('git', {
    args: ['rev-parse', 'HEAD'],
    stdout: 'piped',
    stderr: 'null',
  }).output().catch(() => undefined);
  if (head?.success !== true) return undefined;
  const hex = new TextDecoder().decode(head.stdout).trim().slice(0, 7);
  return /^[0-9a-f]{7}$/.test(hex) ? String(parseInt(hex, 16)) : undefined;
}
const seed = isQuick ? undefined : await fuzzSeed();
if (seed !== undefined) {
  console.log(`fuzz: seed ${seed} (FUZZ_SEED=${seed} draws the same cases)`);
}

// The machine's speed, before any stage runs (a whole run only: the figure
// is for comparing whole runs).
const whole = isQuick || selected.length === stages.length;
const calibration = whole ? calibrate() : undefined;
if (calibration !== undefined) console.log(describeCalibration(calibration));

const t0 = performance.now();
const { results, stopped } = await runStages(selected, {
  cores,
  // The full gate is strict: checks that would skip when something they
  // need is missing (the packed second copy, the guide) fail instead.
  env: isQuick ? {} : {
    SCRIPTED_AGENTS_STRICT: '1',
    ...(seed === undefined ? {} : { FUZZ_SEED: seed }),
  },
  cpuDir: '.tmp/gate-cpu',
});
const wall = (performance.now() - t0) / 1000;
const table = stageTable(selected, results, wall);
console.log(`\n${table}`);
if (calibration !== undefined) {
  console.log(describeCalibration(calibration, wall));
}
const notRun = selected.filter((s) => !results.some((r) => r.name === s.name));
if (notRun.length > 0) {
  console.log(`not run: ${notRun.map((stage) => stage.name).join(', ')}`);
}
if (stopped !== undefined) exitStopped(stopped);
const passed = results.every((result) => result.ok) && notRun.length === 0;
// A passing run of the whole gate (or of `--quick`) keeps its table in
// `.tmp/` (outside the tree's tracked files); `--write` also prints it into
// CONTRIBUTING.md, so the timings there are measured, not typed.
if (passed && whole) {
  const [load] = Deno.loadavg();
  const block = isQuick ? 'quick-timings' : 'timings';
  const body = `${table}\n\nMeasured ${
    new Date().toISOString().slice(0, 10)
  } (Deno ${Deno.version.deno}; load average ${load!.toFixed(1)} at the end; ${
    describeCalibration(calibration!, wall)
  }).`;
  await Deno.mkdir('.tmp', { recursive: true });
  await Deno.writeTextFile(`.tmp/${block}.md`, `${body}\n`);
  if (Deno.args.includes('--write')) {
    await writeBlock('CONTRIBUTING.md', block, body);
  }
} else if (Deno.args.includes('--write')) {
  console.error('test: --write needs a passing run of every stage');
  Deno.exit(1);
}
if (!passed) Deno.exit(1);

function flag(name: string): string | undefined {
  const at = Deno.args.indexOf(name);
  return at === -1 ? undefined : Deno.args[at + 1];
}
