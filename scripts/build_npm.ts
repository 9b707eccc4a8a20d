/**
 * Builds the npm package into `npm/`: a dual package from the same source JSR
 * publishes (the job dnt would do).
 *
 * - ESM: `.js` + `.d.ts` at the top of `npm/` (tests compiled beside it, in
 *   `npm/tests/`, so Node 20 can run them; they are not packed).
 * - CommonJS: `.js` + `.d.ts` in `npm/cjs/`, whose own `package.json` says
 *   `"type": "commonjs"`, so Node and TypeScript read both as CommonJS. The
 *   CommonJS build `require()`s the SDK, so a CommonJS project loads the
 *   SDK's CommonJS build once (`instanceof Usage` holds).
 * - `package.json` derived from `deno.json`: `exports` with `import` /
 *   `require` conditions (each with its `types`), and top-level `main`,
 *   `module`, `types` and `typesVersions` for `moduleResolution: "node"`.
 *
 * The files come from `deno.json`'s `publish.include` (see `_config.ts`):
 * the library's files and folders are compiled with the tests beside them
 * (`tsconfig.json`'s options), the guide's verbatim examples with the same
 * options but `noUncheckedIndexedAccess` (see `check.ts`), each through a
 * config written to `.tmp/build-<out>/` that extends `tsconfig.json`.
 *
 * Run: `deno run --allow-read --allow-write --allow-run --allow-env scripts/build_npm.ts [--out DIR]`
 */
import {
  config,
  dependencyHomes,
  guideExamples,
  inSdkRange,
  library,
  nodeVersions,
  sdkPeerRange,
} from './_config.ts';

// `--out DIR` builds elsewhere (e.g. `.tmp/mine`), so parallel work does not
// clobber `npm/`.
const outAt = Deno.args.indexOf('--out');
const outDir = outAt === -1 ? 'npm' : Deno.args[outAt + 1];
if (outDir === undefined) throw new Error('Missing directory after --out');

/** Splits `npm:@scope/name@^1.2.3` into its name and range. */
function parseNpmSpecifier(
  specifier: string,
): { name: string; range: string } {
  const match = /^npm:\/?((?:@[^/@]+\/)?[^/@]+)@([^/]+)\/?$/.exec(specifier);
  const [, name, range] = match ?? [];
  if (name === undefined || range === undefined) {
    throw new Error(`Not an npm specifier: ${specifier}`);
  }
  return { name, range };
}

async function run(cmd: string, args: string[]): Promise<void> {
  const { code } = await new Deno.Command(cmd, {
    args,
    stdout: 'inherit',
    stderr: 'inherit',
  }).output();
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${code}`);
}

await Deno.remove(outDir, { recursive: true }).catch(() => {});

// The configs live two folders down (one folder per output, so parallel
// builds do not share them): their paths are rebased.
const configDir = `.tmp/build-${outDir.replaceAll(/[^\w.-]/g, '_')}`;
function up(path: string): string {
  return `../../${path.replace(/\/$/, '')}`;
}
const outPath = outDir.startsWith('/') ? outDir : up(outDir);
const builds: [name: string, tsconfig: Record<string, unknown>][] = [
  ['tsconfig.json', {
    compilerOptions: { rootDir: '../..', outDir: outPath },
    include: [...library, 'tests/'].map(up),
    exclude: [up(guideExamples)],
  }],
  ['tsconfig.examples.json', {
    compilerOptions: {
      rootDir: '../..',
      outDir: outPath,
      noUncheckedIndexedAccess: false,
      // Emitted only: `check.ts` type-checks the guide's examples under
      // these options, and the consumer matrix under each TypeScript.
      noCheck: true,
    },
    include: [up(guideExamples)],
    exclude: [],
  }],
];
await Deno.mkdir(configDir, { recursive: true });
for (const [name, tsconfig] of builds) {
  await Deno.writeTextFile(
    `${configDir}/${name}`,
    JSON.stringify({ extends: '../../tsconfig.json', ...tsconfig }, null, 2),
  );
  await run('node_modules/.bin/tsc', ['-p', `${configDir}/${name}`]);
}
await buildCommonJs(`${outDir}/cjs`);

// `deno.json` is JSR's manifest; npm's is the `package.json` written here.
const published = config.publish.include.filter((path) => path !== 'deno.json');

interface Conditions {
  types: string;
  default: string;
}
const exportsMap: Record<
  string,
  { import: Conditions; require: Conditions } | string
> = {};
const typesVersions: Record<string, string[]> = {};
for (const [entry, source] of Object.entries(config.exports)) {
  const base = source.replace(/\.ts$/, '');
  exportsMap[entry] = {
    import: { types: `${base}.d.ts`, default: `${base}.js` },
    require: {
      types: base.replace(/^\.\//, './cjs/') + '.d.ts',
      default: base.replace(/^\.\//, './cjs/') + '.js',
    },
  };
  if (entry !== '.') {
    // `moduleResolution: "node"` ignores `exports`: map the subpath.
    typesVersions[entry.replace(/^\.\//, '')] = [
      base.replace(/^\.\//, './cjs/') + '.d.ts',
    ];
  }
}
exportsMap['./package.json'] = './package.json';

// The peers carry the supported range (`sdkRange`), not deno.json's caret:
// Deno rejects bounded ranges in `npm:` specifiers. The development SDK
// deno.json names must lie inside it.
const peers = [
  '@openai/agents',
  '@openai/agents-core',
  '@openai/agents-realtime',
];
const peerDependencies: Record<string, string> = {};
for (const name of peers) {
  const specifier = config.imports[name];
  if (!specifier) throw new Error(`deno.json imports lacks ${name}`);
  const devVersion = parseNpmSpecifier(specifier).range.replace(/^\^/, '');
  if (!inSdkRange(devVersion)) {
    throw new Error(
      `deno.json's ${name} (${devVersion}) is outside the supported range: ${sdkPeerRange}`,
    );
  }
  peerDependencies[name] = sdkPeerRange;
}

// The runtime dependencies (`dependencyHomes`), each pinned exactly and
// imported by one add-on only (the graph stage checks it): fast-check draws
// the auto model's values (`./auto`), since values may shift between its
// releases and the same seed must give the same calls; @cfworker/json-schema
// checks the lint's arguments against their schemas (`./assert`), the same
// verdicts on every install. Named in npm's order (sorted), as the lockfiles
// list them.
const dependencies: Record<string, string> = {};
for (const name of Object.keys(dependencyHomes).sort()) {
  const { range } = parseNpmSpecifier(config.imports[name] ?? '');
  if (!/^\d+\.\d+\.\d+$/.test(range)) {
    throw new Error(`deno.json must pin ${name} exactly: ${range}`);
  }
  dependencies[name] = range;
}

const pkg = {
  name: config.name,
  version: config.version,
  description:
    'Deterministic, in-memory test doubles for the OpenAI Agents JS SDK: a scripted Model, sandbox session and Realtime transport.',
  license: config.license,
  type: 'module',
  // Legacy resolvers (`moduleResolution: "node"`, old bundlers) read these.
  main: './cjs/mod.js',
  module: './mod.js',
  types: './cjs/mod.d.ts',
  typesVersions: { '*': typesVersions },
  exports: exportsMap,
  // What JSR publishes, `.ts` files as their `.js` and `.d.ts`.
  files: [
    ...published.flatMap((path) =>
      path.endsWith('.ts')
        ? [path.replace(/\.ts$/, '.js'), path.replace(/\.ts$/, '.d.ts')]
        : [path]
    ),
    'cjs/',
  ],
  sideEffects: false,
  // The oldest Node release the gate tests on (`nodeVersions`); it tests
  // every supported major up to the newest.
  engines: { node: `>=${nodeVersions[0]!.split('.')[0]}` },
  dependencies,
  peerDependencies,
  // npm places a required peer at the project's top level, resolved on its
  // own: a required `@openai/agents-core` peer became the newest release in
  // range beside an older `@openai/agents`, whose exact-version core then
  // nested (two copies). The required peer is `@openai/agents`, which
  // resolves to the project's own; the core and the realtime package are
  // optional peers, so they come from it, one copy each, in either order of
  // `npm install @openai/agents@0.11.8 @scripted/agents` (sdk-matrix proves
  // it). Projects using `@openai/agents-core` alone still satisfy them.
  peerDependenciesMeta: {
    '@openai/agents-core': { optional: true },
    '@openai/agents-realtime': { optional: true },
  },
  keywords: ['openai', 'agents', 'testing', 'test-double', 'mock', 'deno'],
};

await Deno.writeTextFile(
  `${outDir}/package.json`,
  JSON.stringify(pkg, null, 2) + '\n',
);
for (const path of published) {
  if (library.includes(path)) continue;
  if (path.endsWith('/')) {
    // A folder of documents (the guides): its files, as they are.
    await Deno.mkdir(`${outDir}/${path}`, { recursive: true });
    for (const entry of Deno.readDirSync(path)) {
      if (entry.isFile) {
        await Deno.copyFile(
          `${path}${entry.name}`,
          `${outDir}/${path}${entry.name}`,
        );
      }
    }
  } else {
    await Deno.copyFile(path, `${outDir}/${path}`);
  }
}
console.log(`built ${config.name}@${config.version} into ${outDir}/`);

/**
 * Compiles the library (not its tests) to CommonJS in `target`. TypeScript
 * decides a file's module format from the nearest `package.json`, so the
 * sources are copied into a `"type": "commonjs"` folder and compiled there
 * with the same `NodeNext` settings: the output is exactly what Node's
 * `require` expects, and the SDK resolves through its `require` condition.
 */
async function buildCommonJs(target: string): Promise<void> {
  const staging = '.tmp/build_cjs';
  await Deno.remove(staging, { recursive: true }).catch(() => {});
  await Deno.mkdir(staging, { recursive: true });
  const librarySources = library.map((path) => path.replace(/\/$/, ''));
  for (const source of librarySources) {
    await run('cp', ['-R', source, `${staging}/${source}`]);
  }
  const commonJs = JSON.stringify({ type: 'commonjs' }) + '\n';
  await Deno.writeTextFile(`${staging}/package.json`, commonJs);
  await Deno.writeTextFile(
    `${staging}/tsconfig.json`,
    JSON.stringify({
      extends: '../../tsconfig.json',
      compilerOptions: {
        rootDir: '.',
        outDir: new URL(target, `file://${Deno.cwd()}/`).pathname,
        types: [],
        // `verbatimModuleSyntax` forbids `import`/`export` in a CommonJS
        // file; here they are meant to become `require`/`exports`.
        verbatimModuleSyntax: false,
      },
      include: librarySources,
      exclude: [],
    }),
  );
  await run('node_modules/.bin/tsc', ['-p', `${staging}/tsconfig.json`]);
  await Deno.writeTextFile(`${target}/package.json`, commonJs);
  await Deno.remove(staging, { recursive: true });
}
