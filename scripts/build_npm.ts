/**
 * Builds the npm package into `npm/`: ESM `.js` and `.d.ts` from the same
 * source JSR publishes (the job dnt would do), tests compiled beside it so
 * Node 20 can run them, and a `package.json` derived from `deno.json`.
 *
 * Run: `deno run --allow-read --allow-write --allow-run --allow-env scripts/build_npm.ts [--out DIR]`
 */

// `--out DIR` builds elsewhere (e.g. `.tmp/mine`), so parallel work does not
// clobber `npm/`.
const outAt = Deno.args.indexOf('--out');
const outDir = outAt === -1 ? 'npm' : Deno.args[outAt + 1];

interface DenoConfig {
  name: string;
  version: string;
  license: string;
  exports: Record<string, string>;
  imports: Record<string, string>;
}

/** Splits `npm:@scope/name@^1.2.3` into its name and range. */
function parseNpmSpecifier(
  specifier: string,
): { name: string; range: string } {
  const match = /^npm:\/?((?:@[^/@]+\/)?[^/@]+)@([^/]+)\/?$/.exec(specifier);
  if (!match) throw new Error(`Not an npm specifier: ${specifier}`);
  return { name: match[1], range: match[2] };
}

async function run(cmd: string, args: string[]): Promise<void> {
  const { code } = await new Deno.Command(cmd, {
    args,
    stdout: 'inherit',
    stderr: 'inherit',
  }).output();
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${code}`);
}

const config: DenoConfig = JSON.parse(await Deno.readTextFile('deno.json'));

await Deno.remove(outDir, { recursive: true }).catch(() => {});
await run('node_modules/.bin/tsc', ['-p', 'tsconfig.json', '--outDir', outDir]);

const exportsMap: Record<string, { types: string; default: string }> = {};
for (const [entry, source] of Object.entries(config.exports)) {
  const base = source.replace(/\.ts$/, '');
  exportsMap[entry] = { types: `${base}.d.ts`, default: `${base}.js` };
}

const peers = ['@openai/agents-core', '@openai/agents-realtime'];
const peerDependencies: Record<string, string> = {};
for (const name of peers) {
  const specifier = config.imports[name];
  if (!specifier) throw new Error(`deno.json imports lacks ${name}`);
  peerDependencies[name] = parseNpmSpecifier(specifier).range;
}

const pkg = {
  name: config.name,
  version: config.version,
  description:
    'Deterministic, in-memory test doubles for the OpenAI Agents JS SDK: a scripted Model, sandbox session and Realtime transport.',
  license: config.license,
  type: 'module',
  exports: exportsMap,
  files: [
    'mod.js',
    'mod.d.ts',
    'model/',
    'sandbox/',
    'realtime/',
    'fixtures/',
    '_internal/',
    'README.md',
    'LICENSE',
  ],
  sideEffects: false,
  engines: { node: '>=20' },
  peerDependencies,
  peerDependenciesMeta: {
    '@openai/agents-realtime': { optional: true },
  },
  keywords: ['openai', 'agents', 'testing', 'test-double', 'mock', 'deno'],
};

await Deno.writeTextFile(
  `${outDir}/package.json`,
  JSON.stringify(pkg, null, 2) + '\n',
);
await Deno.copyFile('README.md', `${outDir}/README.md`);
await Deno.copyFile('LICENSE', `${outDir}/LICENSE`);
console.log(`built ${config.name}@${config.version} into ${outDir}/`);
