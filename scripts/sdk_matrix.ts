/**
 * The SDK matrix (`npm test` stage `sdk-matrix`): the packed package against
 * the latest patch of every supported SDK minor (`sdkMatrix` in
 * `_config.ts`), two versions at a time. Each version gets a project of its
 * own, installed in one step (`@openai/agents@VERSION`, `zod` and the
 * tarball), in which:
 *
 * - exactly one `@openai/agents-core` (and one `@openai/agents-realtime`)
 *   is installed, the version asked for, and on Node a run's usage is an
 *   `instanceof` the SDK's `Usage` from ESM and from CommonJS;
 * - the guide's ten examples (`tests/examples/`, verbatim: they import
 *   `@scripted/agents` by name) and the drop-in differential suite
 *   (`tests/compat/`, its `_impls` pointed at the package) run on Deno, Bun
 *   and Node 24 (the build's compiled tests from `npm/tests/`), with the
 *   MCP examples (`tests/mcp_examples/`: a scripted MCP server through the
 *   runner, plain and streamed, `cacheToolsList` on and off) and the
 *   guard's tests (`tests/guard/` but its input checks: every SDK class it
 *   patches is imported, each kind of real call is blocked through the
 *   SDK, and `restore()` puts every method back, on that minor). Where
 *   the SDK ships its testing modules (0.16+), the differential suite runs
 *   against them as well as against ours;
 * - `tsc --noEmit` (TypeScript 7, from the toolchain) type-checks a consumer
 *   against the packed `.d.ts`: the drop-in consumer
 *   (`tests/compat/consumer.ts`, its testing imports swapped to ours);
 * - `deno check` type-checks the library's source (the files JSR publishes).
 *
 * Each version's project is committed as `scripts/sdk_matrix/VERSION/`
 * (`package.json` and lockfile, written by `npm run lockfiles`) and
 * installed with `npm ci` outside the clone, in
 * `$XDG_CACHE_HOME/scripted-agents/sdk-matrix/VERSION` (default
 * `~/.cache/...`): it keeps its `node_modules` and reinstalls only when the
 * lock changes (a changed build replaces just the packed package). A
 * version without a committed lock (`npm run sdk:latest` on a new release)
 * is installed with `npm install`, from its ranges.
 *
 * The gate's run leaves out the development SDK (`@openai/agents` in the
 * root `package.json`): the main stages already run everything a cell runs
 * on it (see `gateVersions`). Naming versions runs exactly those.
 *
 * In the gate's run the tests run on Deno, Bun and Node for the oldest and
 * the newest of its versions only, and on Node alone for the minors between
 * (see `testRuntimes`): what differs from one minor to the next is the SDK,
 * the same JavaScript on every runtime, and Node (the runtime of the
 * `instanceof` smoke) runs every minor's tests; the runtime axis is the
 * main stages' (every test on Deno, Bun and Node on the development SDK),
 * and the two ends of the range check it against an older SDK. Every
 * minor keeps its type checks (`tsc consumer`, `deno check src`: the SDK's
 * types are what change most). A named or `--all` run tests every version on
 * all three.
 *
 * Run after `scripts/build_npm.ts`:
 * `deno run --allow-all scripts/sdk_matrix.ts [--all | VERSION ...]`
 */
import {
  cacheRoot,
  config,
  library,
  nodeVersions,
  sdkMatrix,
} from './_config.ts';
import { installToolchain, nodeBin, tscBin } from './_toolchain.ts';
import { addCounts, type Counts, parseCounts, summaryLine } from './_counts.ts';
import {
  exists,
  installLocked,
  must,
  pack,
  type Ran,
  run,
  tarballName,
  unpackOurs,
} from './_consumer_kit.ts';

const repo = Deno.cwd();
const projectsRoot = `${cacheRoot}/sdk-matrix`;
const bin = `${repo}/node_modules/.bin`;
const rootPackage = JSON.parse(
  await Deno.readTextFile(new URL('../package.json', import.meta.url)),
);
const zodVersion = rootPackage.devDependencies.zod as string;

/**
 * The development SDK: the main stages (`deno-test`, `bun-test`, the Node
 * stages, `pack-smoke`, `consumers`, `check`, `compat-types`) run the
 * differential suite, the examples, the packed package's one-core proof and
 * both type checks on it, so the gate's matrix leaves it out.
 */
export const developmentSdk = rootPackage.devDependencies[
  '@openai/agents'
] as string;

/** The versions the gate's `sdk-matrix` stage runs: all but the development SDK. */
export const gateVersions: readonly string[] = sdkMatrix.filter((version) =>
  version !== developmentSdk
);

/** A runtime a cell's tests run on. */
export type TestRuntime = 'deno' | 'bun' | 'node';

/**
 * The runtimes `version`'s tests run on in a run of `versions`: all three
 * for every version, but in the gate's run (`gateVersions`) Node alone for
 * the versions between the first and the last (see the module doc).
 */
export function testRuntimes(
  version: string,
  versions: readonly string[],
): TestRuntime[] {
  const ends = [versions[0], versions.at(-1)];
  return versions !== gateVersions || ends.includes(version)
    ? ['deno', 'bun', 'node']
    : ['node'];
}

/** The committed folder of a version's project (ends with a slash). */
export function sdkProject(version: string): string {
  return new URL(
    `./sdk_matrix/${version}${version ? '/' : ''}`,
    import.meta.url,
  )
    .pathname;
}

/**
 * The consumer's TypeScript: the toolchain's current major (7, native and
 * several times faster than 6 here), one install for every project. The
 * TypeScript versions themselves are the `consumers` stage's axis.
 */
const consumerTsc = tscBin('7.0.2');

/**
 * The Node release the projects run on: the toolchain's active LTS, its
 * compile cache shared by the projects (the other releases are the Node
 * stages' and the consumer matrix's axis).
 */
const node = nodeBin(nodeVersions.find((v) => v.startsWith('24.'))!);
const nodeEnv = { NODE_COMPILE_CACHE: `${projectsRoot}/.node-compile-cache` };

/** The `package.json` of a version's project: the SDK, zod, the package. */
export function sdkProjectJson(version: string): string {
  return JSON.stringify(
    {
      name: `sdk-matrix-${version}`,
      private: true,
      type: 'module',
      dependencies: {
        '@openai/agents': version,
        '@scripted/agents': `file:./${tarballName}`,
        zod: zodVersion,
      },
    },
    null,
    2,
  ) + '\n';
}

/** What one cell did: each step's outcome and seconds. */
export interface CellResult {
  version: string;
  ok: boolean;
  /** Whether the SDK ships `@openai/agents/testing` (0.16+). */
  sdkTesting: boolean;
  installSeconds: number;
  seconds: number;
  /** CPU seconds of the install and the steps' processes. */
  cpuSeconds: number;
  /** One entry per step: name, passed, seconds, a test step's counts. */
  steps: {
    name: string;
    ok: boolean;
    seconds: number;
    cpuSeconds: number;
    counts?: Counts;
  }[];
  /** The failing steps' output. */
  failures: string[];
}

/**
 * Installs a version without a committed lock from its `package.json`'s
 * ranges (`npm install`), then unpacks this build's package over what npm
 * kept (the tarball's name does not change with its content).
 *
 * @returns The install's seconds.
 */
async function installFromRanges(
  dir: string,
  pkg: string,
  tarball: string,
  flags: string[],
): Promise<number> {
  await Deno.copyFile(tarball, `${dir}/${tarballName}`);
  await Deno.remove(`${dir}/package-lock.json`).catch(() => {});
  // A locked install's stamp no longer describes this tree.
  await Deno.remove(`${dir}/node_modules/.locked-stamp`).catch(() => {});
  await Deno.writeTextFile(`${dir}/package.json`, pkg);
  const t0 = performance.now();
  await must('npm', [
    'install',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    '--loglevel=error',
    ...flags,
  ], dir);
  await unpackOurs(dir, tarball);
  return (performance.now() - t0) / 1000;
}

/** Every installed copy of `name` under `dir/node_modules`, as `path@version`. */
async function copiesOf(dir: string, name: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(modules: string): Promise<void> {
    if (!(await exists(modules))) return;
    for await (const entry of Deno.readDir(modules)) {
      if (!entry.isDirectory) continue;
      const packages = entry.name.startsWith('@')
        ? [...Deno.readDirSync(`${modules}/${entry.name}`)]
          .filter((e) => e.isDirectory)
          .map((e) => `${entry.name}/${e.name}`)
        : [entry.name];
      for (const pkg of packages) {
        const at = `${modules}/${pkg}`;
        if (pkg === name) {
          const { version } = JSON.parse(
            await Deno.readTextFile(`${at}/package.json`),
          );
          found.push(`${at.slice(dir.length + 1)}@${version}`);
        }
        await walk(`${at}/node_modules`);
      }
    }
  }
  await walk(`${dir}/node_modules`);
  return found;
}

/** Copies `from` (a file or folder) to `to`, replacing it. */
async function copy(from: string, to: string): Promise<void> {
  await Deno.remove(to, { recursive: true }).catch(() => {});
  await Deno.mkdir(to.replace(/\/[^/]+\/?$/, ''), { recursive: true });
  await must('cp', ['-R', from, to], repo);
}

/**
 * The differential suite's implementations, pointed at the package: the
 * SDK's testing modules first where this SDK ships them, then ours. Plain
 * JavaScript, so the same text serves as `_impls.ts` (Deno, Bun) and
 * `_impls.js` (Node).
 */
function implsSource(sdkTesting: boolean): string {
  const sdk = sdkTesting
    ? `import * as sdkTesting from '@openai/agents/testing';
import * as sdkRealtime from '@openai/agents/realtime/testing';
`
    : '';
  return `// Written by scripts/sdk_matrix.ts: the package, not the source.
${sdk}import * as oursTesting from '@scripted/agents';
import * as oursRealtime from '@scripted/agents/realtime';

export const impls = [
${
    sdkTesting
      ? "  { name: 'sdk', testing: sdkTesting, realtime: sdkRealtime },\n"
      : ''
  }  { name: 'ours', testing: oursTesting, realtime: oursRealtime },
];
`;
}

const smokeEsm = `
import assert from 'node:assert/strict';
import { Agent, Runner, Usage } from '@openai/agents';
import { assistantMessage, ScriptedModel } from '@scripted/agents';
const model = new ScriptedModel([[assistantMessage('one core')]]);
const agent = new Agent({ name: 'Smoke', model });
const result = await new Runner({ tracingDisabled: true }).run(agent, 'hi');
assert.equal(result.finalOutput, 'one core');
assert.ok(result.rawResponses[0].usage instanceof Usage, 'ESM: usage instanceof Usage');
model.assertComplete();
`;
const smokeCjs = `
const assert = require('node:assert/strict');
const { Agent, Runner, Usage } = require('@openai/agents');
const { assistantMessage, ScriptedModel } = require('@scripted/agents');
(async () => {
  const model = new ScriptedModel([[assistantMessage('one core')]]);
  const agent = new Agent({ name: 'Smoke', model });
  const result = await new Runner({ tracingDisabled: true }).run(agent, 'hi');
  assert.ok(result.rawResponses[0].usage instanceof Usage, 'CommonJS: usage instanceof Usage');
  model.assertComplete();
})().catch((error) => { console.error(error); process.exitCode = 1; });
`;

/**
 * Lays out and installs the project of one SDK version (cached), then runs
 * every check in it.
 *
 * @param version The `@openai/agents` version, `x.y.z`.
 * @param tarball The packed package.
 * @param options `outOfRange`: install with `--legacy-peer-deps`, for a
 * release outside the peer range (npm refuses it otherwise), to learn
 * whether the range could be widened to it; `runtimes`: where the tests run
 * (all three unless given).
 * @returns What passed, with timings.
 */
export async function runCell(
  version: string,
  tarball: string,
  options: { outOfRange?: boolean; runtimes?: readonly TestRuntime[] } = {},
): Promise<CellResult> {
  const runtimes = options.runtimes ?? ['deno', 'bun', 'node'];
  const t0 = performance.now();
  const dir = `${projectsRoot}/${version}`;
  const result: CellResult = {
    version,
    ok: true,
    sdkTesting: false,
    installSeconds: 0,
    seconds: 0,
    cpuSeconds: 0,
    steps: [],
    failures: [],
  };
  const step = async (
    name: string,
    work: () => Promise<Ran>,
    runner?: 'deno' | 'bun' | 'node',
  ): Promise<void> => {
    const s0 = performance.now();
    let ran: Ran;
    try {
      ran = await work();
    } catch (error) {
      ran = { code: 1, out: String(error) };
    }
    const counts = runner && parseCounts(runner, ran.out);
    const ok = ran.code === 0 && (runner === undefined || counts !== undefined);
    result.cpuSeconds += ran.cpuSeconds ?? 0;
    result.steps.push({
      name,
      ok,
      seconds: (performance.now() - s0) / 1000,
      cpuSeconds: ran.cpuSeconds ?? 0,
      ...(counts && { counts }),
    });
    if (!ok) {
      result.ok = false;
      result.failures.push(`--- ${version} ${name}\n${ran.out.slice(-6000)}`);
    }
  };

  // Install: the committed lock (`npm ci`), or for a version without one
  // the package.json's ranges (`npm install`); cached either way.
  await Deno.mkdir(dir, { recursive: true });
  const pkg = sdkProjectJson(version);
  const committed = sdkProject(version);
  try {
    if (await exists(`${committed}package-lock.json`)) {
      if ((await Deno.readTextFile(`${committed}package.json`)) !== pkg) {
        throw new Error(
          `scripts/sdk_matrix/${version}/package.json is stale: run \`npm run lockfiles\``,
        );
      }
      for (const file of ['package.json', 'package-lock.json']) {
        await Deno.copyFile(`${committed}${file}`, `${dir}/${file}`);
      }
      const installed = await installLocked(dir, tarball);
      result.installSeconds = installed.seconds;
      result.cpuSeconds += installed.cpuSeconds;
    } else {
      result.installSeconds = await installFromRanges(
        dir,
        pkg,
        tarball,
        options.outOfRange ? ['--legacy-peer-deps'] : [],
      );
    }
  } catch (error) {
    result.ok = false;
    result.failures.push(`--- ${version} install\n${String(error)}`);
    result.seconds = (performance.now() - t0) / 1000;
    return result;
  }

  // One SDK core, the version asked for; the smoke runs prove `instanceof`.
  await step('one core', async () => {
    const problems: string[] = [];
    for (const name of ['@openai/agents-core', '@openai/agents-realtime']) {
      const copies = await copiesOf(dir, name);
      const expected = `node_modules/${name}@${version}`;
      if (copies.length !== 1 || copies[0] !== expected) {
        problems.push(
          `Expected one ${name}, ${expected}: found ${copies.length}: ${
            copies.join(', ')
          }`,
        );
      }
    }
    if (problems.length > 0) return { code: 1, out: problems.join('\n') };
    await Deno.writeTextFile(`${dir}/smoke.mjs`, smokeEsm);
    await Deno.writeTextFile(`${dir}/smoke.cjs`, smokeCjs);
    const esm = await run(node, ['smoke.mjs'], { cwd: dir, env: nodeEnv });
    if (esm.code !== 0) return esm;
    const cjs = await run(node, ['smoke.cjs'], { cwd: dir, env: nodeEnv });
    return {
      ...cjs,
      cpuSeconds: (esm.cpuSeconds ?? 0) + (cjs.cpuSeconds ?? 0),
    };
  });

  // The tests: the examples verbatim, the differential suite with its
  // implementations pointed at the package.
  const agentsPkg = JSON.parse(
    await Deno.readTextFile(`${dir}/node_modules/@openai/agents/package.json`),
  );
  result.sdkTesting = './testing' in (agentsPkg.exports ?? {});
  const impls = implsSource(result.sdkTesting);
  for (
    const folder of ['examples', 'compat', '_support', 'mcp_examples', 'guard']
  ) {
    await copy(`${repo}/tests/${folder}`, `${dir}/tests/${folder}`);
    await copy(`${repo}/npm/tests/${folder}`, `${dir}/node/tests/${folder}`);
  }
  // The consumer is type-checked, not run (below).
  await Deno.remove(`${dir}/tests/compat/consumer.ts`);
  await Deno.remove(`${dir}/node/tests/compat/consumer.js`);
  // The guard's input checks read the library's private helpers and do
  // not touch the SDK: the main stages run them.
  await Deno.remove(`${dir}/tests/guard/inputs_test.ts`);
  await Deno.remove(`${dir}/node/tests/guard/inputs_test.js`);
  await Deno.writeTextFile(`${dir}/tests/compat/_impls.ts`, impls);
  await Deno.writeTextFile(`${dir}/node/tests/compat/_impls.js`, impls);
  // `deliberate_test` reads `docs/core.md` two folders above itself.
  for (const root of [dir, `${dir}/node`]) {
    await Deno.mkdir(`${root}/docs`, { recursive: true });
    await Deno.copyFile(`${repo}/docs/core.md`, `${root}/docs/core.md`);
  }
  // The library's source, for `deno check`, and the config it needs.
  for (const path of library) {
    await copy(`${repo}/${path}`, `${dir}/src/${path}`);
  }
  await Deno.writeTextFile(
    `${dir}/deno.json`,
    JSON.stringify({
      compilerOptions: config.compilerOptions,
      nodeModulesDir: 'manual',
      lock: false,
    }),
  );

  // Deno and Node run every test file in one process, through an entry
  // module importing them all (the guard first): the SDK loads once, not
  // once per file, about a fifth of the CPU time of a process per file.
  const guard = 'tests/_support/unhandled_rejection_guard';
  const suites = [
    'tests/examples/',
    'tests/compat/',
    'tests/mcp_examples/',
    'tests/guard/',
  ];
  const testFiles: string[] = [];
  for (const suite of suites) {
    for await (const entry of Deno.readDir(`${dir}/${suite}`)) {
      if (entry.name.endsWith('_test.ts')) {
        testFiles.push(`${suite}${entry.name}`);
      }
    }
  }
  testFiles.sort();
  const entry = (ext: string) =>
    [`${guard}.${ext}`, ...testFiles]
      .map((file) => `import './${file.replace(/\.ts$/, `.${ext}`)}';\n`)
      .join('');
  await Deno.writeTextFile(`${dir}/all_test.ts`, entry('ts'));
  await Deno.writeTextFile(`${dir}/node/all_test.mjs`, entry('js'));
  if (runtimes.includes('deno')) {
    await step('deno', () =>
      run(`${bin}/deno`, [
        'test',
        '--no-check',
        '--allow-env',
        '--allow-read',
        '--deny-net',
        'all_test.ts',
      ], { cwd: dir }), 'deno');
  }
  if (runtimes.includes('bun')) {
    await step('bun', () =>
      run(`${bin}/bun`, [
        'test',
        '--timeout',
        '60000',
        '--preload',
        `./${guard}.ts`,
        ...suites.map((suite) => `./${suite}`),
      ], { cwd: dir }), 'bun');
  }
  await step(
    'node',
    () => run(node, ['node/all_test.mjs'], { cwd: dir, env: nodeEnv }),
    'node',
  );

  // A consumer of the packed types: the drop-in consumer, imports swapped.
  const consumer = (await Deno.readTextFile(
    `${repo}/tests/compat/consumer.ts`,
  ))
    .replaceAll(
      "from '@openai/agents/realtime/testing'",
      "from '@scripted/agents/realtime'",
    )
    .replaceAll("from '@openai/agents/testing'", "from '@scripted/agents'");
  await Deno.writeTextFile(`${dir}/consumer.ts`, consumer);
  await Deno.writeTextFile(
    `${dir}/tsconfig.json`,
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        exactOptionalPropertyTypes: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        // Kept in the project: an unchanged tarball rechecks nothing.
        incremental: true,
        tsBuildInfoFile: '.tsbuildinfo',
      },
      files: ['consumer.ts'],
    }),
  );
  await step(
    'tsc consumer',
    () => run(consumerTsc, ['-p', '.'], { cwd: dir }),
  );
  await step('deno check src', () =>
    run(`${bin}/deno`, [
      'check',
      '--quiet',
      ...Object.values(config.exports).map((entry) =>
        `src/${entry.replace(/^\.\//, '')}`
      ),
    ], { cwd: dir, env: { NO_COLOR: '1' } }));

  result.seconds = (performance.now() - t0) / 1000;
  return result;
}

/** Runs `versions`, `parallel` at a time, in order of completion. */
export async function runMatrix(
  versions: readonly string[],
  options: {
    parallel?: number;
    outOfRange?: boolean;
    report?: (cell: CellResult) => void;
  } = {},
): Promise<CellResult[]> {
  const tarball = await pack('sdk-matrix');
  await installToolchain();
  const queue = [...versions];
  const results: CellResult[] = [];
  const worker = async (): Promise<void> => {
    for (let version = queue.shift(); version; version = queue.shift()) {
      const cell = await runCell(version, tarball, {
        outOfRange: options.outOfRange ?? false,
        runtimes: testRuntimes(version, versions),
      });
      results.push(cell);
      options.report?.(cell);
    }
  };
  await Promise.all(
    Array.from({ length: options.parallel ?? 2 }, () => worker()),
  );
  return versions.map((v) => results.find((cell) => cell.version === v)!);
}

/** One line per cell: version, verdict, each step with counts and time. */
export function describeCell(cell: CellResult): string {
  const steps = cell.steps.map((s) =>
    `${s.name} ${s.ok ? 'ok' : 'FAILED'}${
      s.counts ? ` (${s.counts.passed} passed, ${s.counts.failed} failed)` : ''
    } ${s.seconds.toFixed(1)}s`
  ).join('; ');
  return `${cell.version}${cell.sdkTesting ? ' [+sdk testing]' : ''}: ${
    cell.ok ? 'ok' : 'FAILED'
  } in ${cell.seconds.toFixed(1)}s, ${
    cell.cpuSeconds.toFixed(1)
  }s CPU (install ${cell.installSeconds.toFixed(1)}s): ${steps}`;
}

if (import.meta.main) {
  const t0 = performance.now();
  // `--all`: every version of the matrix, the development SDK's too.
  const named = Deno.args.filter((arg) => arg !== '--all');
  const versions = named.length > 0
    ? named
    : Deno.args.includes('--all')
    ? sdkMatrix
    : gateVersions;
  if (versions === gateVersions) {
    console.log(
      `sdk-matrix: ${developmentSdk} (the development SDK) is left out: the main stages run it`,
    );
  }
  const cells = await runMatrix(versions, {
    report: (cell) => console.log(describeCell(cell)),
  });
  const failed = cells.filter((cell) => !cell.ok);
  for (const cell of failed) console.error(cell.failures.join('\n'));
  console.log(
    `sdk-matrix: ${
      cells.length - failed.length
    }/${cells.length} SDK versions passed in ${
      ((performance.now() - t0) / 1000).toFixed(1)
    }s`,
  );
  console.log(
    summaryLine(
      addCounts(cells.flatMap((cell) => cell.steps.map((s) => s.counts))),
    ),
  );
  if (failed.length > 0) Deno.exit(1);
}
