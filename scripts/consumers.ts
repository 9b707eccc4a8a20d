/**
 * The consumer matrix: the packed npm tarball installed into fresh projects
 * (the templates in `scripts/consumers/`, each from its committed lockfile),
 * and the guide's example tests (`tests/examples/`, which already import
 * `@scripted/agents`) run the way each kind of user runs them:
 *
 * | cell                    | how                                                          |
 * | ----------------------- | ------------------------------------------------------------ |
 * | node --test (ESM)       | examples compiled by `tsc` (NodeNext, ESM), on every Node    |
 * | node --test (CommonJS)  | the same in a `"type": "commonjs"` folder, Node 20 and 26    |
 * | node --test (.ts)       | the `.ts` examples as they are (type stripping, Node 24)     |
 * | bun test                | the `.ts` examples as they are                               |
 * | deno test (npm tarball) | the `.ts` examples, type-checked, `--allow-env`              |
 * | deno test (import map)  | the same against this checkout's source (README's recipe)    |
 * | vitest 4 (forks)        | `import { test, onTestFinished } from 'vitest'`, Node 20     |
 * | vitest 5 (forks)        | the same on vitest 5, Node 24 (vitest 5 needs Node 22+)      |
 * | vitest 5 (vmThreads)    | the same, `--pool=vmThreads`                                 |
 * | jest (ESM)              | the ESM build of the examples, `--experimental-vm-modules`   |
 * | ts-jest (CommonJS)      | ts-jest's default preset on the `.ts` examples               |
 * | tsc X × resolution      | `tsc --noEmit` on TS 5.4/5.8/6.0/7.0 × nodenext/bundler/node |
 *
 * Every cell runs under the real-call guard, loaded as docs/guard.md gives
 * it for its runner (`node --import`, `node --require` for CommonJS,
 * `bun test --preload`, Deno's `--preload` file, the templates'
 * `vitest.config.mjs` and Jest configs' setup files), with one more file
 * beside the examples (`consumers/_guard/setup_files.test.ts`) proving it
 * on: a `fetch` and a real model request fail with `RealCallBlockedError`;
 * the examples, the library's doubles, pass under it.
 *
 * Node runs are on the pinned releases (`nodeVersions`, see `_toolchain.ts`),
 * sharing one compile cache (`NODE_COMPILE_CACHE`, Node 22+). Cells run two
 * at a time. The TypeScript cells run the `node` template's 6.0 and the
 * toolchain's 5.4 and 7.0 (`_toolchain.ts`); the 6.0 nodenext check is the ESM
 * build the `node --test` cells run. Only 7.0 under nodenext checks every
 * declaration file (ours, the SDK's: `skipLibCheck: false`), the one cell
 * where that costs little. Left out, because another cell gives their
 * coverage: vitest 4's vmThreads pool (the vm realm is vitest 5's vmThreads
 * cell; vitest 4 itself is its forks cell); TypeScript 5.8 (bracketed by
 * 5.4 and 6.0 on every resolution; ts-jest type-checks the examples with it
 * under node10); TypeScript 5.4 under bundler (the same `import` conditions
 * as its nodenext cell; 6.0 and 7.0 check bundler). TypeScript 7 has no
 * `moduleResolution: "node"` (node10). Node 22 and 24 run the ESM cell
 * only: a `require` resolves the package's `require` condition, its
 * CommonJS build, on every release alike (Node 22.12+'s `require(esm)`
 * applies only where that resolves to ESM, which it does not), so the
 * CommonJS cells on the oldest and the newest release prove it, and ts-jest
 * (CommonJS, Node 20) and the SDK matrix's CommonJS smoke (Node 24, every
 * SDK minor) load the same build.
 *
 * Installs are cached in `.tmp/consumers/`: `npm ci` per template, again
 * only when its lock changes (a new build replaces just the package).
 *
 * Run after `scripts/build_npm.ts`:
 * `deno run --allow-all scripts/consumers.ts [--only CELL-SUBSTRING]`
 */

import { config, nodeVersions } from './_config.ts';
import {
  addCounts,
  type Counts,
  parseCounts,
  type Runner,
  summaryLine,
} from './_counts.ts';
import {
  exists,
  install,
  type Installed,
  pack,
  run,
  templates,
  work,
} from './_consumer_kit.ts';
import { installToolchain, nodeBin, tscBin } from './_toolchain.ts';

const root = Deno.cwd();
const bin = (name: string): string => `${root}/node_modules/.bin/${name}`;
/** The pinned release of a Node major. */
function nodeOf(major: number): string {
  const version = nodeVersions.find((v) => v.startsWith(`${major}.`));
  if (version === undefined) throw new Error(`No pinned Node ${major}`);
  return version;
}
const oldestNode = nodeVersions[0]!;
const lts = nodeOf(24);

/**
 * Failures tolerated, each for a reason outside this stage, as
 * `{ cellName: [{ test, why }] }`. Only the named test of the named cell may
 * fail; any other failure fails the stage, and a tolerated test that passes
 * is reported so its entry can go. Empty: the cross-realm snapshot (issue
 * #10) made every cell pass.
 */
const tolerated: Record<string, { test: string; why: string }[]> = {};

interface CellRun {
  /** Tests counted; a tsc cell counts the files it type-checked. */
  counts: Counts;
  failures: string[];
  log: string;
  code: number;
  cpuSeconds?: number | undefined;
}

interface Outcome {
  cell: string;
  /** Whether it counts tests (a runner), not files (tsc). */
  tests: boolean;
  counts: Counts;
  seconds: number;
  cpuSeconds: number;
  ok: boolean;
  note: string;
}

// 1. Pack the build; the pinned Node releases; one install per template, in
// parallel.
const tarball = await pack('consumers');
await installToolchain();
const sets = ['node', 'vitest', 'vitest5', 'jest'] as const;
const installs: Record<string, Installed> = {};
await Promise.all(sets.map(async (set) => {
  installs[set] = await install(set, tarball);
}));
console.log(
  'installs: ' +
    Object.entries(installs).map(([set, i]) =>
      `${set} ${
        i.seconds === 0
          ? 'cached'
          : `${i.seconds.toFixed(1)}s (${i.cpuSeconds.toFixed(1)}s CPU)`
      }`
    ).join(', '),
);

// 2. The examples, laid out for each runner.
const examples: { name: string; source: string }[] = [];
for await (const entry of Deno.readDir(`${root}/tests/examples`)) {
  if (entry.isFile && entry.name.endsWith('_test.ts')) {
    examples.push({
      name: entry.name.replace(/_test\.ts$/, '.test.ts'),
      source: await Deno.readTextFile(`${root}/tests/examples/${entry.name}`),
    });
  }
}
examples.sort((a, b) => a.name.localeCompare(b.name));
const nodeTestImport = "import test from 'node:test';";
for (const { source, name } of examples) {
  if (!source.includes(nodeTestImport)) {
    throw new Error(`${name} does not import test from node:test`);
  }
}

async function writeAll(
  dir: string,
  transform: (source: string) => string,
  rename: (name: string) => string = (name) => name,
): Promise<void> {
  await Deno.remove(dir, { recursive: true }).catch(() => {});
  await Deno.mkdir(dir, { recursive: true });
  for (const { name, source } of examples) {
    await Deno.writeTextFile(`${dir}/${rename(name)}`, transform(source));
  }
}

const node = `${work}/node`;
await writeAll(`${node}/src`, (s) => s);
await writeAll(`${node}/cjs/src`, (s) => s);
// Every cell runs under the real-call guard, loaded the way docs/guard.md
// gives it for that runner (`--import`/`--require`, `--preload`, a setup
// file); this file, beside the examples, proves it is on there (nothing in
// it loads the guard before its calls).
const guardCheck = await Deno.readTextFile(
  `${templates}/_guard/setup_files.test.ts`,
);
const guardCheckName = 'guard_preload.test.ts';
// Deno's `--preload` takes a file, not a package name.
const denoPreload = 'guard.preload.ts';
for (const dir of [`${node}/src`, `${node}/cjs/src`]) {
  await Deno.writeTextFile(`${dir}/${guardCheckName}`, guardCheck);
}
await Deno.writeTextFile(
  `${node}/src/${denoPreload}`,
  "import '@scripted/agents/guard/preload';\n",
);
const preload = '@scripted/agents/guard/preload';
/**
 * In another realm (Jest; vitest's vm pools) `node:assert`'s
 * `rejects(promise, errorObject)` rejects its argument: it checks
 * `instanceof Error` against its own realm's `Error`. Compare identity with
 * a function instead (the README's runner notes say so).
 */
function sameErrorByFunction(source: string): string {
  const rewritten = source.replace(
    /assert\.rejects\(([^;]*?), failure\);/g,
    'assert.rejects($1, (error) => error === failure);',
  );
  if (source.includes(', failure);') && rewritten === source) {
    throw new Error('the rejects rewrite no longer matches the example');
  }
  return rewritten;
}
// vitest: its own test import; `t.after` becomes `onTestFinished`.
// The forks pool runs in Node's own realm and takes the rest unchanged; the
// vmThreads pool gets the rejects rewrite too.
const forVitest = (s: string) =>
  s.replace(nodeTestImport, "import { onTestFinished, test } from 'vitest';")
    .replaceAll('t.after(', 'onTestFinished(');
await writeAll(`${work}/vitest/forks`, forVitest);
await writeAll(`${work}/vitest5/forks`, forVitest);
await writeAll(
  `${work}/vitest5/vm`,
  (s) => sameErrorByFunction(forVitest(s)),
);
// vitest and Jest: the setup files of the templates' configs.
for (const folder of ['vitest/forks', 'vitest5/forks', 'vitest5/vm']) {
  await Deno.writeTextFile(
    `${work}/${folder}/${guardCheckName}`,
    forVitest(guardCheck),
  );
}
// ts-jest: Jest has no per-test cleanup hook; a ten-line adapter keeps
// `t.after` (scripts/consumers/jest/ts/node_test.ts).
await writeAll(
  `${work}/jest/ts`,
  (s) =>
    sameErrorByFunction(
      s.replace(nodeTestImport, "import test from './node_test';"),
    ),
);
await Deno.writeTextFile(
  `${work}/jest/ts/${guardCheckName}`,
  guardCheck.replace(nodeTestImport, "import test from './node_test';"),
);
await Deno.writeTextFile(
  `${work}/jest/ts/node_test.ts`,
  await Deno.readTextFile(`${templates}/jest/ts/node_test.ts`),
);

// The TypeScript releases: the `node` template's own, the toolchain's.
const compilers: Record<string, string> = {
  '5.4': tscBin('5.4.5'),
  '6.0': `${node}/node_modules/typescript/bin/tsc`,
  '7.0': tscBin('7.0.2'),
};
// The ESM and CommonJS builds of the examples (TypeScript 6.0, NodeNext,
// type-checked): the ESM one is the `tsc 6.0 nodenext` cell.
await Deno.remove(`${node}/out`, { recursive: true }).catch(() => {});
await Deno.remove(`${node}/cjs/out`, { recursive: true }).catch(() => {});
const buildStarted = performance.now();
const builds = await Promise.all(
  [node, `${node}/cjs`].map((cwd) =>
    run(compilers['6.0']!, ['-p', '.'], { cwd })
  ),
);
const buildSeconds = (performance.now() - buildStarted) / 1000;
for (const build of builds) {
  if (build.code !== 0) {
    console.error(`consumers: the examples' build failed\n${build.out}`);
    Deno.exit(1);
  }
}

const jest = `${work}/jest`;
// Jest ESM mode runs the ESM build of the examples; `node:test` becomes the
// adapter.
await Deno.remove(`${jest}/esm`, { recursive: true }).catch(() => {});
await Deno.mkdir(`${jest}/esm`, { recursive: true });
await Deno.writeTextFile(
  `${jest}/esm/node_test.mjs`,
  await Deno.readTextFile(`${templates}/jest/esm/node_test.mjs`),
);
await Deno.writeTextFile(
  `${jest}/esm/${guardCheckName.replace(/\.ts$/, '.mjs')}`,
  guardCheck.replace(nodeTestImport, "import test from './node_test.mjs';"),
);
for (const { name } of examples) {
  const js = await Deno.readTextFile(
    `${node}/out/${name.replace(/\.ts$/, '.js')}`,
  );
  await Deno.writeTextFile(
    `${jest}/esm/${name.replace(/\.ts$/, '.mjs')}`,
    sameErrorByFunction(
      js.replace(nodeTestImport, "import test from './node_test.mjs';"),
    ),
  );
}

// 3. The cells.
const only = Deno.args.includes('--only')
  ? Deno.args[Deno.args.indexOf('--only') + 1]
  : undefined;
const cells: { name: string; tests: boolean; body: () => Promise<CellRun> }[] =
  [];
function cell(
  name: string,
  body: () => Promise<CellRun>,
  tests = true,
): void {
  if (only === undefined || name.includes(only)) {
    cells.push({ name, tests, body });
  }
}

/** The first capture group of every match of `regexp` (flag `g`) in `text`. */
function captures(text: string, regexp: RegExp): string[] {
  return [...text.matchAll(regexp)].flatMap((m) =>
    m[1] === undefined ? [] : [m[1]]
  );
}

/** Names of the failing tests, as each runner prints them. */
const failurePatterns: Record<Exclude<Runner, 'summary'>, RegExp> = {
  node: /^✖ (.+?) \(\d/gm,
  bun: /^\(fail\) (.+?)(?: \[[\d.]+m?s\])?$/gm,
  deno: /^(.+?) => .*$/gm,
};

/** Runs a test runner and reads its counts and failures from its output. */
async function runner(
  kind: Exclude<Runner, 'summary'>,
  cmd: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<CellRun> {
  const ran = await run(cmd, args, { cwd, env });
  const counts = parseCounts(kind, ran.out) ??
    { passed: 0, failed: 0, skipped: 0 };
  const failures = kind === 'deno' && ran.code === 0
    ? []
    : captures(ran.out, failurePatterns[kind]);
  return {
    counts,
    failures,
    log: ran.out,
    code: ran.code,
    cpuSeconds: ran.cpuSeconds,
  };
}

// Node 22+ caches compiled modules here across the cells' processes.
const compileCache = { NODE_COMPILE_CACHE: `${work}/node-compile-cache` };
const compiledExamples = [...examples.map((e) => e.name), guardCheckName]
  .map((name) => `out/${name.replace(/\.ts$/, '.js')}`);
for (const version of nodeVersions) {
  const major = version.split('.')[0];
  // Files, not a folder: Node 22+ refuses `node --test out/`.
  const nodeTest = (cwd: string, load: '--import' | '--require') =>
    runner(
      'node',
      nodeBin(version),
      [
        load,
        preload,
        '--test',
        '--test-concurrency=2',
        '--test-reporter=spec',
        ...compiledExamples,
      ],
      cwd,
      compileCache,
    );
  cell(`node ${major} --test (ESM)`, () => nodeTest(node, '--import'));
  // The CommonJS build on the oldest and the newest release (module doc).
  if (version !== oldestNode && version !== nodeVersions.at(-1)) continue;
  cell(`node ${major} --test (CommonJS)`, async () => {
    const compiled = await Deno.readTextFile(
      `${node}/cjs/out/fixed_answer.test.js`,
    );
    if (!compiled.includes('require("@scripted/agents")')) {
      throw new Error(
        'the CommonJS build of the examples does not require() the package',
      );
    }
    return nodeTest(`${node}/cjs`, '--require');
  });
}
// Node 22.18+ strips types unflagged: the `.ts` examples run as they are.
cell(
  `node ${lts.split('.')[0]} --test (.ts, type stripping)`,
  () =>
    runner('node', nodeBin(lts), [
      '--import',
      preload,
      '--test',
      '--test-concurrency=2',
      '--test-reporter=spec',
      ...[...examples.map((e) => e.name), guardCheckName].map((name) =>
        `src/${name}`
      ),
    ], node),
);
cell(
  'bun test',
  () =>
    runner('bun', bin('bun'), ['test', '--preload', preload, './src/'], node),
);
const denoTest = (cwd: string, env: Record<string, string> = {}) =>
  runner(
    'deno',
    bin('deno'),
    [
      'test',
      '--allow-env',
      '--deny-net',
      '--preload',
      `./${denoPreload}`,
      '.',
    ],
    cwd,
    {
      DENO_NO_UPDATE_CHECK: '1',
      ...env,
    },
  );
// Deno on the npm tarball (node_modules, as a Node project has it).
cell('deno test (npm tarball)', () => denoTest(`${node}/src`));
// Deno as the README says to use it before JSR: an import-map entry per
// entry point to this checkout's source (from `deno.json`), the SDK from npm
// through Deno's own cache (`DENO_DIR`, the user's).
cell('deno test (import map to checkout)', async () => {
  const dir = `${work}/deno`;
  await Deno.remove(dir, { recursive: true }).catch(() => {});
  await Deno.mkdir(dir, { recursive: true });
  const imports: Record<string, string> = {};
  for (const [entry, source] of Object.entries(config.exports)) {
    imports[entry === '.' ? config.name : `${config.name}/${entry.slice(2)}`] =
      `../../../${source.replace(/^\.\//, '')}`;
  }
  for (const [name, target] of Object.entries(config.imports)) {
    if (target.startsWith('npm:')) imports[name] = target;
  }
  await Deno.writeTextFile(
    `${dir}/deno.json`,
    JSON.stringify({ imports, nodeModulesDir: 'none', lock: false }, null, 2),
  );
  for (const { name, source } of examples) {
    await Deno.writeTextFile(`${dir}/${name}`, source);
  }
  await Deno.writeTextFile(`${dir}/${guardCheckName}`, guardCheck);
  await Deno.copyFile(`${node}/src/${denoPreload}`, `${dir}/${denoPreload}`);
  return denoTest(dir);
});

/** Counts from a Jest-shaped JSON report (Jest's `--json`, vitest's `json`). */
async function jsonCounts(
  path: string,
): Promise<{ counts: Counts; failures: string[] }> {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (!(await exists(path))) return { counts, failures: [] };
  const report = JSON.parse(await Deno.readTextFile(path));
  const failures: string[] = [];
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failures.push(test.title ?? test.fullName);
    }
  }
  counts.passed = report.numPassedTests ?? 0;
  counts.failed = report.numFailedTests ?? 0;
  counts.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  return { counts, failures };
}

/** vitest in `set`'s project, on a pinned Node, one pool, one folder. */
async function vitest(
  set: string,
  version: string,
  pool: string,
  folder: string,
): Promise<CellRun> {
  const dir = `${work}/${set}`;
  const report = `${dir}/report-${pool}.json`;
  await Deno.remove(report).catch(() => {});
  const ran = await run(nodeBin(version), [
    'node_modules/vitest/vitest.mjs',
    'run',
    `--pool=${pool}`,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    `${folder}/`,
  ], { cwd: dir, env: compileCache });
  return {
    ...(await jsonCounts(report)),
    log: ran.out,
    code: ran.code,
    cpuSeconds: ran.cpuSeconds,
  };
}
cell('vitest 4 (forks)', () => vitest('vitest', oldestNode, 'forks', 'forks'));
cell('vitest 5 (forks)', () => vitest('vitest5', lts, 'forks', 'forks'));
cell('vitest 5 (vmThreads)', () => vitest('vitest5', lts, 'vmThreads', 'vm'));

async function jestCell(config: string, nodeArgs: string[]): Promise<CellRun> {
  const report = `${jest}/report-${config}.json`;
  await Deno.remove(report).catch(() => {});
  const ran = await run(nodeBin(oldestNode), [
    ...nodeArgs,
    'node_modules/jest/bin/jest.js',
    '--config',
    config,
    '--ci',
    '--json',
    `--outputFile=${report}`,
  ], { cwd: jest, env: compileCache });
  return {
    ...(await jsonCounts(report)),
    log: ran.out,
    code: ran.code,
    cpuSeconds: ran.cpuSeconds,
  };
}
cell(
  'jest (ESM, vm modules)',
  () =>
    jestCell('jest.esm.config.cjs', [
      '--experimental-vm-modules',
      '--no-warnings',
    ]),
);
cell('ts-jest (CommonJS)', () => jestCell('jest.config.cjs', []));

// tsc --noEmit of the examples as a consumer project, per TypeScript
// version and module resolution.
const resolutions: Record<string, Record<string, unknown>> = {
  nodenext: { module: 'NodeNext', moduleResolution: 'NodeNext' },
  bundler: { module: 'ESNext', moduleResolution: 'Bundler' },
  node: { module: 'CommonJS', moduleResolution: 'Node', esModuleInterop: true },
};
/** Cells not run here (see the module doc): version → resolutions. */
const notChecked: Record<string, string[]> = {
  '5.4': ['bundler'],
  // The ESM build above.
  '6.0': ['nodenext'],
  '7.0': ['node'],
};
for (const [version, tsc] of Object.entries(compilers)) {
  for (const [resolution, options] of Object.entries(resolutions)) {
    if (notChecked[version]?.includes(resolution)) continue;
    cell(`tsc ${version} ${resolution}`, async () => {
      const config = `tsconfig.check-${version}-${resolution}.json`;
      await Deno.writeTextFile(
        `${node}/${config}`,
        JSON.stringify(
          {
            compilerOptions: {
              target: 'ES2022',
              strict: true,
              noEmit: true,
              types: ['node'],
              // 7.0 checks every declaration file (ours, the SDK's) once,
              // under nodenext; the other cells prove that the package
              // resolves and types the examples.
              skipLibCheck: version !== '7.0' || resolution !== 'nodenext',
              // Unchanged declaration files keep their diagnostics between
              // runs.
              incremental: true,
              tsBuildInfoFile: `.tsbuildinfo-${version}-${resolution}`,
              ...options,
              // TypeScript 6.0 deprecates `moduleResolution: "node"` (node10).
              ...(resolution === 'node' && version === '6.0'
                ? { ignoreDeprecations: '6.0' }
                : {}),
            },
            include: ['src'],
          },
          null,
          2,
        ),
      );
      const ran = await run(tsc, ['-p', config], { cwd: node });
      const errors = [...ran.out.matchAll(/error TS\d+/g)].length;
      return {
        counts: {
          passed: ran.code === 0 ? examples.length : 0,
          failed: ran.code === 0 ? 0 : Math.max(errors, 1),
          skipped: 0,
        },
        failures: [],
        log: ran.out,
        code: ran.code,
        cpuSeconds: ran.cpuSeconds,
      };
    }, false);
  }
}

async function runCell(
  name: string,
  tests: boolean,
  body: () => Promise<CellRun>,
): Promise<Outcome> {
  const t0 = performance.now();
  let result: CellRun;
  try {
    result = await body();
  } catch (error) {
    result = {
      counts: { passed: 0, failed: 0, skipped: 0 },
      failures: [],
      log: String(error),
      code: 1,
    };
  }
  const seconds = (performance.now() - t0) / 1000;
  const { counts } = result;
  const clean = result.code === 0 && counts.failed === 0 && counts.passed > 0;
  const allowance = tolerated[name] ?? [];
  const excused = (test: string) => allowance.find((a) => a.test === test);
  let ok = clean;
  let note = '';
  if (
    !clean && result.code !== 0 && counts.failed > 0 &&
    result.failures.length === counts.failed &&
    result.failures.every(excused)
  ) {
    ok = true;
    note = `tolerated: ${
      [...new Set(result.failures.map((t) => excused(t)!.why))].join('; ')
    }`;
  } else if (clean && allowance.length > 0) {
    note = 'passes now: drop it from the tolerated list';
  }
  let line = `${
    ok ? (clean ? 'pass' : 'tolr') : 'FAIL'
  }  ${name}: ${counts.passed} passed, ${counts.failed} failed (${
    seconds.toFixed(1)
  }s, ${(result.cpuSeconds ?? 0).toFixed(1)}s CPU)`;
  if (!clean) {
    line = `\n--- ${name}: exit ${result.code}\n${
      result.log.trim().slice(-6000)
    }\n\n${line}`;
  }
  console.log(line);
  const cpuSeconds = result.cpuSeconds ?? 0;
  return { cell: name, tests, counts, seconds, cpuSeconds, ok, note };
}

// Two at a time: most cells keep one core busy.
const queue = [...cells];
const outcomes: Outcome[] = [];
// The ESM build passed (it would have thrown): its type check is a cell.
outcomes.push({
  cell: 'tsc 6.0 nodenext (the ESM build)',
  tests: false,
  counts: { passed: examples.length, failed: 0, skipped: 0 },
  seconds: buildSeconds,
  cpuSeconds: builds[0]!.cpuSeconds ?? 0,
  ok: true,
  note: '',
});
await Promise.all([0, 1].map(async () => {
  for (let next = queue.shift(); next; next = queue.shift()) {
    outcomes.push(await runCell(next.name, next.tests, next.body));
  }
}));
const order = (o: Outcome) => cells.findIndex((c) => c.name === o.cell);
outcomes.sort((a, b) => order(a) - order(b));

// 4. The matrix.
console.log(
  '\n| cell | passed | failed | seconds | CPU seconds | note |\n|---|---:|---:|---:|---:|---|',
);
for (const o of outcomes) {
  console.log(
    `| ${o.cell} | ${o.counts.passed} | ${o.counts.failed} | ${
      o.seconds.toFixed(1)
    } | ${o.cpuSeconds.toFixed(1)} | ${o.ok ? (o.note || 'ok') : 'FAIL'} |`,
  );
}
console.log('(a tsc cell counts the example files it type-checked)');
const bad = outcomes.filter((o) => !o.ok);
console.log(
  `\nconsumers: ${
    outcomes.length - bad.length
  } of ${outcomes.length} cells pass` +
    (bad.length ? `; failing: ${bad.map((o) => o.cell).join(', ')}` : ''),
);
// The tests the runner cells ran (the tsc cells count files, not tests).
console.log(
  summaryLine(addCounts(outcomes.filter((o) => o.tests).map((o) => o.counts))),
);
if (bad.length > 0) Deno.exit(1);
