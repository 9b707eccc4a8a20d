/**
 * Proves the suite-wide unhandled-rejection guard on Deno, Bun and every
 * pinned Node release (`_toolchain.ts`): with the guard preloaded exactly as
 * `scripts/test.ts` preloads it, a file that leaks one rejection fails the
 * run and the output names the rejection (and, on Deno and Node, the guard's
 * own report line), while a clean file passes.
 *
 * Run after the npm build:
 * `deno run --allow-all scripts/guard_proof.ts [--npm DIR]`
 */
import { guardMarker } from '../tests/_support/unhandled_rejection_guard.ts';
import { leakToken } from '../tests/_support/fixtures/leaked_rejection_fixture.ts';
import { nodeVersions } from './_config.ts';
import { installToolchain, nodeBin } from './_toolchain.ts';

const npmAt = Deno.args.indexOf('--npm');
const npmDir = npmAt === -1 ? 'npm' : Deno.args[npmAt + 1];

const guard = 'tests/_support/unhandled_rejection_guard.ts';
const fixtures = 'tests/_support/fixtures';

interface Runtime {
  name: string;
  /** Whether the guard's own listener fires on this runtime. */
  guardReports: boolean;
  command(fixture: string): [string, string[]];
}

const denoTestFlags: string[] = [
  '--no-check',
  '--allow-env',
  '--allow-read',
  '--deny-net',
  '--deny-run',
  '--deny-write',
];

const runtimes: Runtime[] = [
  {
    name: 'deno',
    guardReports: true,
    command: (fixture) => [
      'deno',
      [
        'test',
        ...denoTestFlags,
        '--preload',
        guard,
        `${fixtures}/${fixture}.ts`,
      ],
    ],
  },
  {
    name: 'bun',
    // bun test owns rejections and fails the run itself; no user listener runs.
    guardReports: false,
    command: (fixture) => [
      'bun',
      ['test', '--preload', `./${guard}`, `./${fixtures}/${fixture}.ts`],
    ],
  },
  ...nodeVersions.map((version): Runtime => ({
    name: `node${version.split('.')[0]}`,
    guardReports: true,
    command: (fixture) => [
      nodeBin(version),
      [
        '--test',
        '--import',
        `./${npmDir}/${guard.replace(/\.ts$/, '.js')}`,
        `${npmDir}/${fixtures}/${fixture}.js`,
      ],
    ],
  })),
];
await installToolchain();

async function run(cmd: string, args: string[]): Promise<[number, string]> {
  const out = await new Deno.Command(cmd, {
    args,
    stdout: 'piped',
    stderr: 'piped',
    env: { NO_COLOR: '1' },
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return [out.code, decode(out.stdout) + decode(out.stderr)];
}

const failures: string[] = [];
for (const runtime of runtimes) {
  const [leakCmd, leakArgs] = runtime.command('leaked_rejection_fixture');
  const [leakCode, leakOut] = await run(leakCmd, leakArgs);
  const problems: string[] = [];
  if (leakCode === 0) problems.push('a leaked rejection did not fail the run');
  if (!leakOut.includes(leakToken)) {
    problems.push('the output does not name the leaked rejection');
  }
  if (runtime.guardReports && !leakOut.includes(`${guardMarker}: `)) {
    problems.push(`the guard did not report (no "${guardMarker}:" line)`);
  }
  const [cleanCmd, cleanArgs] = runtime.command('clean_fixture');
  const [cleanCode, cleanOut] = await run(cleanCmd, cleanArgs);
  if (cleanCode !== 0) problems.push(`a clean file failed (exit ${cleanCode})`);
  if (cleanOut.includes(`${guardMarker}: `)) {
    problems.push('the guard reported on a clean file');
  }
  if (problems.length === 0) {
    console.log(
      `${runtime.name}: leaked rejection fails the run (exit ${leakCode}${
        runtime.guardReports ? ', guard reported it' : ', runner reported it'
      }); clean file passes`,
    );
  } else {
    failures.push(`${runtime.name}: ${problems.join('; ')}`);
    console.error(`${runtime.name} output of the leaking file:\n${leakOut}`);
    if (cleanCode !== 0) {
      console.error(`${runtime.name} clean output:\n${cleanOut}`);
    }
  }
}
if (failures.length > 0) {
  console.error(`\nGuard proof failed:\n${failures.join('\n')}`);
  Deno.exit(1);
}
console.log(
  `guard proof: passed on ${
    runtimes.map((runtime) => runtime.name).join(', ')
  }`,
);
