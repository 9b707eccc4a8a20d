/**
 * StrykerJS's side of the mutation stage (`scripts/mutation.ts`): the
 * config, written at run time, the incremental state, and the run.
 *
 * - The config is `stryker.config.json` plus what is derived: `mutate` from
 *   `deno.json`'s `publish.include` (every library folder and `.ts` file),
 *   and the incremental file, kept in `.tmp/mutation-state/`.
 * - The committed result (`tests/mutation/incremental.json`) is the
 *   baseline, written only by a full run (`npm run mutation`). A run of the
 *   gate copies it to `.tmp/mutation-state/` (or keeps the state there when
 *   it was grown from the same baseline) and lets Stryker update that copy:
 *   `npm test` never writes in the tree.
 * - Every result is stored with a digest of what it was computed from (the
 *   library, the tests, the lockfile, the configs). When the digest of the
 *   tree matches, Stryker would reuse every result, so it is not started and
 *   the stored result is checked as it is.
 * - Stored results keep only what Stryker's incremental mode reads: each
 *   mutant's place, mutator, replacement, status and tests (a killed
 *   mutant's killing tests only: Stryker counts them as covering), each
 *   file's and test file's source. One file, mutant or test per line.
 *
 * @module
 */
import { library } from './_config.ts';
import { exists, sha256 } from './_consumer_kit.ts';

/** The committed baseline. */
export const baselinePath = 'tests/mutation/incremental.json';
/** The working state, outside the tree. */
export const stateDir = '.tmp/mutation-state';
const statePath = `${stateDir}/incremental.json`;
/** The baseline the state was grown from: its SHA-256. */
const statePedigree = `${stateDir}/baseline.sha256`;
/** The config Stryker runs with, written here. */
const configPath = `${stateDir}/stryker.config.json`;

/** The `mutate` globs: the library as `publish.include` lists it. */
export function mutateGlobs(): string[] {
  return library.map((path) => path.endsWith('/') ? `${path}**/*.ts` : path);
}

/** Writes the run's Stryker config and returns its path. */
export async function writeConfig(): Promise<string> {
  const base = JSON.parse(await Deno.readTextFile('stryker.config.json'));
  delete base.$schema;
  const config = {
    ...base,
    mutate: mutateGlobs(),
    incremental: true,
    incrementalFile: statePath,
  };
  await Deno.mkdir(stateDir, { recursive: true });
  await Deno.writeTextFile(configPath, JSON.stringify(config, null, 2) + '\n');
  return configPath;
}

/** Every file under `dir`, sorted. */
function walk(dir: string): string[] {
  const found: string[] = [];
  for (const entry of Deno.readDirSync(dir)) {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory) found.push(...walk(`${path}/`));
    else found.push(path);
  }
  return found.sort();
}

/**
 * The digest of everything a mutation result depends on: the library's
 * code, every test file the mutation build compiles (`tests/`, but the
 * stored results and the equivalent list, which only the check reads, and
 * `tests/e2e/` and `tests/reliability/`, which the build leaves out), the
 * installed packages (`package-lock.json`), the configs (the run's Stryker
 * config, at `configFile`) and the build.
 */
export async function inputsDigest(configFile: string): Promise<string> {
  const skip = new Set([baselinePath, 'tests/mutation/equivalent.json']);
  const notBuilt = ['tests/e2e/', 'tests/reliability/'];
  const files = [
    ...library.flatMap((path) =>
      path.endsWith('/') ? walk(path).filter((f) => f.endsWith('.ts')) : [path]
    ),
    ...walk('tests/').filter((path) =>
      !skip.has(path) && !notBuilt.some((folder) => path.startsWith(folder))
    ),
    'README.md',
    'docs/core.md',
    'deno.json',
    'tsconfig.json',
    'package-lock.json',
    configFile,
    'scripts/mutation_build.ts',
  ];
  const parts: string[] = [];
  for (const file of files) {
    parts.push(`${file}\0${await sha256(await Deno.readFile(file))}`);
  }
  return await sha256(parts.join('\n'));
}

/** A stored result: Stryker's incremental report plus our digest. */
interface Stored {
  inputs?: string;
  files: Record<
    string,
    { language?: string; source: string; mutants: Record<string, unknown>[] }
  >;
  testFiles?: Record<
    string,
    { source?: string; tests: Record<string, unknown>[] }
  >;
  [key: string]: unknown;
}

/**
 * A report cut to what Stryker's incremental mode reads, one file, mutant
 * or test per line, with the digest of its inputs.
 */
export function serialize(report: Stored, inputs: string): string {
  const mutantFields = [
    'id',
    'mutatorName',
    'replacement',
    'location',
    'status',
    'killedBy',
    'coveredBy',
  ];
  const cutMutant = (mutant: Record<string, unknown>) => {
    const kept: Record<string, unknown> = {};
    for (const field of mutantFields) {
      // A killed mutant's killing tests are its old coverage to Stryker.
      if (field === 'coveredBy' && mutant.status === 'Killed') continue;
      if (mutant[field] !== undefined) kept[field] = mutant[field];
    }
    return JSON.stringify(kept);
  };
  const q = JSON.stringify;
  const files = Object.entries(report.files).sort(([a], [b]) => a < b ? -1 : 1)
    .map(([name, file]) =>
      `${q(name)}:{"language":${q(file.language ?? 'typescript')},"source":${
        q(file.source)
      },"mutants":[\n${file.mutants.map(cutMutant).join(',\n')}]}`
    );
  const testFiles = Object.entries(report.testFiles ?? {}).sort(([a], [b]) =>
    a < b ? -1 : 1
  ).map(([name, file]) =>
    `${q(name)}:{${
      file.source === undefined ? '' : `"source":${q(file.source)},`
    }"tests":[\n${
      file.tests.map((t) =>
        q({
          id: t.id,
          name: t.name,
          ...(t.location ? { location: t.location } : {}),
        })
      ).join(',\n')
    }]}`
  );
  return `{"schemaVersion":"1.0","inputs":${q(inputs)},\n"files":{\n${
    files.join(',\n')
  }},\n"testFiles":{\n${testFiles.join(',\n')}}}\n`;
}

/**
 * Puts the state Stryker will read in `.tmp/mutation-state/`: the one there
 * when it was grown from the committed baseline, else a copy of it.
 *
 * @returns The state, parsed.
 */
export async function prepareState(): Promise<Stored> {
  await Deno.mkdir(stateDir, { recursive: true });
  const baseline = await Deno.readTextFile(baselinePath).catch(() => '');
  const pedigree = await sha256(baseline);
  const kept = await Deno.readTextFile(statePedigree).catch(() => '');
  if (kept !== pedigree || !(await exists(statePath))) {
    if (baseline === '') await Deno.remove(statePath).catch(() => {});
    else await Deno.writeTextFile(statePath, baseline);
    await Deno.writeTextFile(statePedigree, pedigree);
  }
  const state = await Deno.readTextFile(statePath).catch(() => '');
  return state === '' ? { files: {} } : JSON.parse(state);
}

/**
 * Stores the result Stryker just wrote in the state: cut, with the digest
 * of its inputs; and, for a full run, as the committed baseline too.
 */
export async function storeState(
  inputs: string,
  options: { baseline: boolean },
): Promise<void> {
  const report = JSON.parse(await Deno.readTextFile(statePath)) as Stored;
  const text = serialize(report, inputs);
  await Deno.writeTextFile(statePath, text);
  if (options.baseline) {
    await Deno.writeTextFile(baselinePath, text);
    await Deno.writeTextFile(statePedigree, await sha256(text));
  }
}

/** What Stryker said about reuse: `R of T mutant result(s) are reused`. */
export interface StrykerRun {
  code: number;
  reused?: { reused: number; total: number };
}

/** Runs Stryker with the written config, its output passed through. */
export async function runStryker(
  configFile: string,
  args: string[],
): Promise<StrykerRun> {
  const child = new Deno.Command('node_modules/.bin/stryker', {
    args: ['run', configFile, ...args],
    stdout: 'piped',
    stderr: 'inherit',
  }).spawn();
  let text = '';
  const decoder = new TextDecoder();
  for await (const bytes of child.stdout) {
    Deno.stdout.writeSync(bytes);
    text += decoder.decode(bytes, { stream: true });
  }
  const { code } = await child.status;
  const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
  const m = /(\d+) of (\d+) mutant result\(s\) are reused/.exec(
    text.replace(ansi, ''),
  );
  return {
    code,
    ...(m && { reused: { reused: Number(m[1]), total: Number(m[2]) } }),
  };
}
