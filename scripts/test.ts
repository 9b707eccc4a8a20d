/**
 * The one test command (`npm test`): every gate in order, each timed, the
 * first failure ends the run with its exit code.
 *
 * The npm build and pack come before the runtime tests: the two-copies test
 * loads the packed package beside the source, and Node runs the build.
 *
 * Run: `deno run --allow-all scripts/test.ts [--from NAME] [--only NAME]`
 */
import { docs, library } from './_config.ts';

interface Stage {
  name: string;
  cmd: string;
  args: string[];
  /** Minutes before the stage is killed; ten unless given. */
  limitMinutes?: number;
}

// The library (from `deno.json`'s `publish.include`) and the published
// Markdown: `deno test --doc` runs their code blocks.
const docSources = [...library, ...docs];

// The end-to-end record/replay tests talk to local servers: the only tests
// with (loopback) network access, run in a stage of their own on Deno.
const e2e = 'tests/e2e/';

/**
 * `tests/` minus the end-to-end folder, as a list of its entries: Deno 2.9
 * drops `--ignore` when several paths are given.
 */
function testsWithoutE2e(): string[] {
  const roots: string[] = [];
  for (const entry of Deno.readDirSync('tests')) {
    const path = `tests/${entry.name}${entry.isDirectory ? '/' : ''}`;
    if (path !== e2e) roots.push(path);
  }
  return roots.sort();
}

// Preloaded by every test runner: a rejection that escapes a test fails the
// run (proved by the `guard` stage).
const guard = 'tests/_support/unhandled_rejection_guard.ts';
const guardJs = guard.replace(/\.ts$/, '.js');

const stages: Stage[] = [
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
    args: ['run', '--allow-read', '--allow-env', 'scripts/check_examples.ts'],
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
    args: ['run', '--allow-all', 'scripts/doc_lint.ts'],
  },
  {
    // The strict type check of everything, JSDoc and Markdown examples
    // included, and of the guide's verbatim examples (see check.ts).
    name: 'check',
    cmd: 'deno',
    args: ['run', '--allow-all', 'scripts/check.ts'],
  },
  {
    // The drop-in promise: a consumer written against the SDK's testing
    // modules type-checks against them and, imports swapped, against ours.
    name: 'compat-types',
    cmd: 'deno',
    args: ['run', '--allow-all', 'scripts/check_compat.ts'],
  },
  {
    name: 'build',
    cmd: 'deno',
    args: ['run', '--allow-all', 'scripts/build_npm.ts'],
  },
  {
    name: 'pack-smoke',
    cmd: 'deno',
    args: ['run', '--allow-all', 'scripts/pack_smoke.ts'],
  },
  {
    // The packed tarball in fresh projects: the guide's examples on node
    // --test (ESM and CommonJS), Bun, Deno, vitest, Jest, ts-jest, and tsc
    // 5.4/5.8/6.0 × nodenext/bundler/node. Installs are cached in .tmp/.
    name: 'consumers',
    cmd: 'deno',
    args: ['run', '--allow-all', 'scripts/consumers.ts'],
    // Cold (every tool set installed, every declaration file checked) on a
    // loaded two-core machine it has taken over ten minutes.
    limitMinutes: 20,
  },
  {
    // The packed tarball against the latest patch of every supported SDK
    // minor (0.11 to 0.20), two at a time: one SDK core per project, the
    // guide's examples and the differential suite on Deno, Bun and Node, a
    // consumer's tsc and the source's deno check. Installs are cached in
    // ~/.cache/scripted-agents/sdk-matrix/.
    name: 'sdk-matrix',
    cmd: 'deno',
    args: ['run', '--allow-all', 'scripts/sdk_matrix.ts'],
    // Cold (ten SDK installs) on a loaded two-core machine.
    limitMinutes: 15,
  },
  {
    // Both entry points bundled with the SDK for the browser, run in
    // headless Chromium.
    name: 'browser',
    cmd: 'deno',
    args: ['run', '--allow-all', 'scripts/browser.ts'],
  },
  {
    name: 'deno-test',
    cmd: 'deno',
    args: [
      'test',
      '--no-check',
      '--doc',
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
      ...docSources,
      ...testsWithoutE2e(),
      // The lint plugin's tests: Deno only (they run `Deno.lint.runPlugin`).
      '_tools/',
    ],
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
      '--deny-run',
      '--deny-ffi',
      '--sanitize-ops',
      '--sanitize-resources',
      '--preload',
      guard,
      e2e,
    ],
  },
  {
    name: 'bun-test',
    cmd: 'bun',
    // Bun alone bounds each test, at 5 s by default: on a loaded two-core
    // machine a 1,000-case fuzz property has overrun that (Node and Deno set
    // no per-test bound). The stage itself stays bounded.
    args: ['test', '--timeout', '60000', '--preload', `./${guard}`, './tests/'],
  },
  {
    name: 'guard',
    cmd: 'deno',
    args: [
      'run',
      '--allow-read',
      '--allow-run',
      '--allow-env',
      'scripts/guard_proof.ts',
    ],
  },
  {
    name: 'transcripts',
    cmd: 'deno',
    args: ['run', '--allow-all', 'scripts/transcripts.ts'],
  },
  {
    // StrykerJS in incremental mode against the committed result
    // (`tests/mutation/incremental.json`): only mutants whose code or
    // covering tests changed run again; fails below the thresholds or on an
    // unexplained survivor in the matching, recording and error code (see
    // `scripts/mutation.ts`).
    name: 'mutation',
    cmd: 'deno',
    args: ['run', '--allow-all', 'scripts/mutation.ts'],
  },
  {
    name: 'node-test',
    cmd: 'node',
    // The runner passes --import on to every per-file child process.
    args: [
      '--test',
      // Node 20 defaults to one file at a time on two cores.
      '--test-concurrency=2',
      '--expose-gc',
      '--import',
      `./npm/${guardJs}`,
      'npm/tests/',
    ],
  },
];

// Each stage but the consumer matrix takes well under a minute here; ten is
// a hang.
const defaultLimitMinutes = 10;

const from = flag('--from');
const only = flag('--only');
let started = from === undefined;
const total = performance.now();
for (const stage of stages) {
  if (stage.name === from) started = true;
  if (!started || (only !== undefined && stage.name !== only)) continue;
  console.log(`\n=== ${stage.name}: ${stage.cmd} ${stage.args.join(' ')}`);
  const t0 = performance.now();
  // Nothing may hang: a stage past its bound is killed and fails the run.
  const stageLimitMs = (stage.limitMinutes ?? defaultLimitMinutes) * 60_000;
  const bound = AbortSignal.timeout(stageLimitMs);
  const { code } = await new Deno.Command(stage.cmd, {
    args: stage.args,
    signal: bound,
    // The full gate is strict: checks that would skip when something they
    // need is missing (the packed second copy, the guide) fail instead.
    env: { SCRIPTED_AGENTS_STRICT: '1' },
    stdout: 'inherit',
    stderr: 'inherit',
  }).output();
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  if (bound.aborted) {
    console.error(
      `\n=== ${stage.name} killed: still running after ${stageLimitMs / 1000}s`,
    );
    Deno.exit(1);
  }
  if (code !== 0) {
    console.error(
      `\n=== ${stage.name} failed (exit ${code}) after ${seconds}s`,
    );
    Deno.exit(code);
  }
  console.log(`=== ${stage.name} passed in ${seconds}s`);
}
console.log(
  `\n=== all stages passed in ${
    ((performance.now() - total) / 1000).toFixed(1)
  }s`,
);

function flag(name: string): string | undefined {
  const at = Deno.args.indexOf(name);
  return at === -1 ? undefined : Deno.args[at + 1];
}
