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
 *   and Node (Node runs the build's compiled tests from `npm/tests/`). Where
 *   the SDK ships its testing modules (0.16+), the differential suite runs
 *   against them as well as against ours;
 * - `tsc --noEmit` type-checks a consumer against the packed `.d.ts`: the
 *   drop-in consumer (`tests/compat/consumer.ts`, its testing imports swapped
 *   to ours);
 * - `deno check` type-checks the library's source (the files JSR publishes).
 *
 * Projects live outside the clone, in
 * `$XDG_CACHE_HOME/scripted-agents/sdk-matrix/VERSION` (default
 * `~/.cache/...`): each keeps its `node_modules` and reinstalls only when its
 * `package.json` (SDK version, zod, tarball content hash) changes, so a
 * second run installs nothing (a changed build reinstalls just the tarball).
 *
 * Run after `scripts/build_npm.ts`:
 * `deno run --allow-all scripts/sdk_matrix.ts [VERSION ...]`
 */
import { config, library, sdkMatrix } from './_config.ts';
import { exists, must, pack, type Ran, run, sha256 } from './_consumer_kit.ts';

const repo = Deno.cwd();
const cacheRoot = `${
  Deno.env.get('XDG_CACHE_HOME') ?? `${Deno.env.get('HOME')}/.cache`
}/scripted-agents/sdk-matrix`;
const bin = `${repo}/node_modules/.bin`;
const zodVersion = JSON.parse(
  await Deno.readTextFile(`${repo}/package.json`),
).devDependencies.zod as string;

/** What one cell did: each step's outcome and seconds. */
export interface CellResult {
  version: string;
  ok: boolean;
  /** Whether the SDK ships `@openai/agents/testing` (0.16+). */
  sdkTesting: boolean;
  installSeconds: number;
  seconds: number;
  /** One entry per step: name, passed, seconds, detail (counts). */
  steps: { name: string; ok: boolean; seconds: number; detail: string }[];
  /** The failing steps' output. */
  failures: string[];
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

// Deno colours its output whenever FORCE_COLOR is set, even to 0.
const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The passed/failed counts a runner printed, as `N passed, M failed`. */
function counts(printed: string): string {
  const out = printed.replace(ansi, '');
  const deno = /ok \| (\d+) passed.*?\| (\d+) failed/.exec(out) ??
    /FAILED \| (\d+) passed.*?\| (\d+) failed/.exec(out);
  if (deno) return `${deno[1]} passed, ${deno[2]} failed`;
  const bun = /^\s*(\d+) pass\s*$[\s\S]*?^\s*(\d+) fail\s*$/m.exec(out);
  if (bun) return `${bun[1]} passed, ${bun[2]} failed`;
  const node = /^# pass (\d+)\s*$[\s\S]*?^# fail (\d+)/m.exec(out);
  if (node) return `${node[1]} passed, ${node[2]} failed`;
  return '';
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
 * whether the range could be widened to it.
 * @returns What passed, with timings.
 */
export async function runCell(
  version: string,
  tarball: string,
  options: { outOfRange?: boolean } = {},
): Promise<CellResult> {
  const t0 = performance.now();
  const dir = `${cacheRoot}/${version}`;
  const result: CellResult = {
    version,
    ok: true,
    sdkTesting: false,
    installSeconds: 0,
    seconds: 0,
    steps: [],
    failures: [],
  };
  const step = async (
    name: string,
    work: () => Promise<Ran>,
  ): Promise<void> => {
    const s0 = performance.now();
    let ran: Ran;
    try {
      ran = await work();
    } catch (error) {
      ran = { code: 1, out: String(error) };
    }
    const ok = ran.code === 0;
    result.steps.push({
      name,
      ok,
      seconds: (performance.now() - s0) / 1000,
      detail: counts(ran.out),
    });
    if (!ok) {
      result.ok = false;
      result.failures.push(`--- ${version} ${name}\n${ran.out.slice(-6000)}`);
    }
  };

  // Install: one step, from a package.json naming the SDK, zod and the
  // tarball (by content hash, so a new build changes the file).
  await Deno.mkdir(dir, { recursive: true });
  const tgz = tarball.replace(/^.*\//, '');
  for await (const entry of Deno.readDir(dir)) {
    if (entry.name.endsWith('.tgz') && entry.name !== tgz) {
      await Deno.remove(`${dir}/${entry.name}`);
    }
  }
  await Deno.copyFile(tarball, `${dir}/${tgz}`);
  const pkg = JSON.stringify(
    {
      name: `sdk-matrix-${version}`,
      private: true,
      type: 'module',
      dependencies: {
        '@openai/agents': version,
        '@scripted/agents': `file:./${tgz}`,
        zod: zodVersion,
      },
    },
    null,
    2,
  ) + '\n';
  await Deno.writeTextFile(`${dir}/package.json`, pkg);
  const peerFlags = options.outOfRange ? ['--legacy-peer-deps'] : [];
  const stamp = await sha256(pkg + peerFlags.join(' '));
  const stampFile = `${dir}/node_modules/.sdk-matrix-stamp`;
  if (
    !(await exists(stampFile)) ||
    (await Deno.readTextFile(stampFile)) !== stamp
  ) {
    const i0 = performance.now();
    const installed = await run('npm', [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
      ...peerFlags,
    ], { cwd: dir });
    result.installSeconds = (performance.now() - i0) / 1000;
    if (installed.code !== 0) {
      result.ok = false;
      result.failures.push(`--- ${version} npm install\n${installed.out}`);
      result.seconds = (performance.now() - t0) / 1000;
      return result;
    }
    await Deno.writeTextFile(stampFile, stamp);
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
    const esm = await run('node', ['smoke.mjs'], { cwd: dir });
    if (esm.code !== 0) return esm;
    return await run('node', ['smoke.cjs'], { cwd: dir });
  });

  // The tests: the examples verbatim, the differential suite with its
  // implementations pointed at the package.
  const agentsPkg = JSON.parse(
    await Deno.readTextFile(`${dir}/node_modules/@openai/agents/package.json`),
  );
  result.sdkTesting = './testing' in (agentsPkg.exports ?? {});
  const impls = implsSource(result.sdkTesting);
  for (const folder of ['examples', 'compat', '_support']) {
    await copy(`${repo}/tests/${folder}`, `${dir}/tests/${folder}`);
    await copy(`${repo}/npm/tests/${folder}`, `${dir}/node/tests/${folder}`);
  }
  // The consumer is type-checked, not run (below).
  await Deno.remove(`${dir}/tests/compat/consumer.ts`);
  await Deno.remove(`${dir}/node/tests/compat/consumer.js`);
  await Deno.writeTextFile(`${dir}/tests/compat/_impls.ts`, impls);
  await Deno.writeTextFile(`${dir}/node/tests/compat/_impls.js`, impls);
  // `deliberate_test` reads the README two folders above itself.
  await Deno.copyFile(`${repo}/README.md`, `${dir}/README.md`);
  await Deno.copyFile(`${repo}/README.md`, `${dir}/node/README.md`);
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
  const suites = ['tests/examples/', 'tests/compat/'];
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
  await step('deno', () =>
    run(`${bin}/deno`, [
      'test',
      '--no-check',
      '--allow-env',
      '--allow-read',
      '--deny-net',
      'all_test.ts',
    ], { cwd: dir }));
  await step('bun', () =>
    run(`${bin}/bun`, [
      'test',
      '--timeout',
      '60000',
      '--preload',
      `./${guard}.ts`,
      ...suites.map((suite) => `./${suite}`),
    ], { cwd: dir }));
  await step('node', () => run('node', ['node/all_test.mjs'], { cwd: dir }));

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
    () => run(`${bin}/tsc`, ['-p', '.'], { cwd: dir }),
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
  const tarball = await pack();
  const queue = [...versions];
  const results: CellResult[] = [];
  const worker = async (): Promise<void> => {
    for (let version = queue.shift(); version; version = queue.shift()) {
      const cell = await runCell(version, tarball, {
        outOfRange: options.outOfRange ?? false,
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
    `${s.name} ${s.ok ? 'ok' : 'FAILED'}${s.detail ? ` (${s.detail})` : ''} ${
      s.seconds.toFixed(1)
    }s`
  ).join('; ');
  return `${cell.version}${cell.sdkTesting ? ' [+sdk testing]' : ''}: ${
    cell.ok ? 'ok' : 'FAILED'
  } in ${cell.seconds.toFixed(1)}s (install ${
    cell.installSeconds.toFixed(1)
  }s): ${steps}`;
}

if (import.meta.main) {
  const t0 = performance.now();
  const versions = Deno.args.length > 0 ? Deno.args : sdkMatrix;
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
  if (failed.length > 0) Deno.exit(1);
}
