/**
 * Pack smoke check: `npm pack` the built package, install the tarball into
 * a throwaway consumer project (which finds the real SDK in the repository's
 * `node_modules`), check that the tarball holds no tests, type-check a
 * consumer file against the shipped `.d.ts`, and run it on Node: both entry
 * points import, and one `Runner.run` goes through `ScriptedModel`.
 *
 * Run after `scripts/build_npm.ts`:
 * `deno run --allow-read --allow-write --allow-run --allow-env scripts/pack_smoke.ts`
 */

const work = '.tmp/pack_smoke';

async function run(
  cmd: string,
  args: string[],
  cwd = '.',
): Promise<string> {
  const out = await new Deno.Command(cmd, {
    args,
    cwd,
    stdout: 'piped',
    stderr: 'piped',
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  if (out.code !== 0) {
    throw new Error(
      `${cmd} ${args.join(' ')} exited ${out.code}\n${text}\n` +
        new TextDecoder().decode(out.stderr),
    );
  }
  return text;
}

await Deno.remove(work, { recursive: true }).catch(() => {});
await Deno.mkdir(`${work}/consumer`, { recursive: true });

const packed = JSON.parse(
  await run('npm', ['pack', '--json', '--pack-destination', work, './npm']),
)[0] as { filename: string; files: { path: string }[] };
const paths = packed.files.map((file) => file.path);
const tests = paths.filter((path) => /(^|\/)tests?\/|_test\./.test(path));
if (tests.length > 0) throw new Error(`tarball holds tests: ${tests}`);
// The lint plugin is tooling (`_tools/`), neither built nor published.
const tools = paths.filter((path) => /(^|\/)_tools\/|lint_plugin/.test(path));
if (tools.length > 0) throw new Error(`tarball holds tooling: ${tools}`);
for (
  const required of [
    'mod.js',
    'mod.d.ts',
    'realtime/mod.js',
    'realtime/mod.d.ts',
    'package.json',
    'README.md',
    'LICENSE',
  ]
) {
  if (!paths.includes(required)) {
    throw new Error(`tarball lacks ${required}`);
  }
}

const consumer = `${work}/consumer`;
await Deno.writeTextFile(
  `${consumer}/package.json`,
  JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
);
// Peers resolve from the repository's node_modules, two folders up.
await run('npm', [
  'install',
  '--no-audit',
  '--no-fund',
  '--legacy-peer-deps',
  '--no-package-lock',
  `../${packed.filename.replace(/^.*\//, '')}`,
], consumer);

const source = `
import { Agent, Runner } from '@openai/agents';
import { assistantMessage, ScriptedModel } from '@scripted/agents';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';

const model: ScriptedModel = new ScriptedModel([[assistantMessage('packed')]]);
const agent = new Agent({ name: 'Smoke', model });
const result = await new Runner({ tracingDisabled: true }).run(agent, 'hi');
if (result.finalOutput !== 'packed') throw new Error('unexpected output');
model.assertComplete();
const transport: ScriptedRealtimeTransport = new ScriptedRealtimeTransport();
if (transport.status !== 'disconnected') throw new Error('unexpected status');
console.log('pack smoke: both entry points import; one Runner.run passed');
`;
await Deno.writeTextFile(`${consumer}/smoke.ts`, source);
await Deno.writeTextFile(
  `${consumer}/smoke.mjs`,
  source
    .replace(/const model: ScriptedModel/, 'const model')
    .replace(/const transport: ScriptedRealtimeTransport/, 'const transport'),
);
await Deno.writeTextFile(
  `${consumer}/tsconfig.json`,
  JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    },
    files: ['smoke.ts'],
  }),
);
await run('../../../node_modules/.bin/tsc', ['-p', 'tsconfig.json'], consumer);
console.log('pack smoke: consumer type-checks against the shipped .d.ts');
console.log((await run('node', ['smoke.mjs'], consumer)).trim());
