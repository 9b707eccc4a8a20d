/**
 * The one test command (`npm test`): every gate in order, each timed, the
 * first failure ends the run with its exit code.
 *
 * Run: `deno run --allow-all scripts/test.ts [--from NAME] [--only NAME]`
 */

interface Stage {
  name: string;
  cmd: string;
  args: string[];
}

const docSources = ['mod.ts', 'model/', 'sandbox/', 'realtime/', 'README.md'];

const stages: Stage[] = [
  { name: 'fmt', cmd: 'deno', args: ['fmt', '--check'] },
  { name: 'lint', cmd: 'deno', args: ['lint'] },
  {
    name: 'publish',
    cmd: 'deno',
    args: ['publish', '--dry-run', '--allow-dirty'],
  },
  {
    name: 'check',
    cmd: 'deno',
    args: [
      'check',
      '--doc',
      'mod.ts',
      'realtime/mod.ts',
      'tests/',
      'README.md',
    ],
  },
  {
    name: 'deno-test',
    cmd: 'deno',
    args: [
      'test',
      '--no-check',
      '--doc',
      '--shuffle',
      '--allow-env',
      '--allow-read',
      '--deny-net',
      '--deny-run',
      '--deny-write',
      '--deny-ffi',
      ...docSources,
      'tests/',
    ],
  },
  { name: 'bun-test', cmd: 'bun', args: ['test', './tests/'] },
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
    name: 'transcripts',
    cmd: 'deno',
    args: ['run', '--allow-all', 'scripts/transcripts.ts'],
  },
  { name: 'node-test', cmd: 'node', args: ['--test', 'npm/tests/'] },
];

const from = flag('--from');
const only = flag('--only');
let started = from === undefined;
const total = performance.now();
for (const stage of stages) {
  if (stage.name === from) started = true;
  if (!started || (only !== undefined && stage.name !== only)) continue;
  if (stage.name === 'transcripts' && !exists('scripts/transcripts.ts')) {
    continue;
  }
  console.log(`\n=== ${stage.name}: ${stage.cmd} ${stage.args.join(' ')}`);
  const t0 = performance.now();
  const { code } = await new Deno.Command(stage.cmd, {
    args: stage.args,
    stdout: 'inherit',
    stderr: 'inherit',
  }).output();
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
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

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}
