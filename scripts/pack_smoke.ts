/**
 * Pack smoke check: `npm pack` the built package, install the tarball into
 * a throwaway consumer project (which finds the real SDK in the repository's
 * `node_modules`), check that the tarball holds no tests and holds ESM and
 * CommonJS with types for both entry points, type-check an ESM and a
 * CommonJS consumer file against the shipped `.d.ts`, and run on Node:
 *
 * - ESM: both entry points import, one `Runner.run` through `ScriptedModel`;
 * - CommonJS: both entry points `require()` the CommonJS build, which loads
 *   the SDK's CommonJS build, so the run's usage is an `instanceof` the
 *   `Usage` that `@openai/agents` exports (one SDK core);
 * - both in one process: the ESM and CommonJS copies are distinct, and the
 *   same failure from each is the same by `name` and fields.
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
    'cjs/package.json',
    'cjs/mod.js',
    'cjs/mod.d.ts',
    'cjs/realtime/mod.js',
    'cjs/realtime/mod.d.ts',
    'package.json',
    'README.md',
    'docs/core.md',
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
    files: ['smoke.ts', 'smoke.cts'],
  }),
);
// The same consumer as CommonJS: under NodeNext a `.cts` file resolves
// through the `require` condition, to the CommonJS types.
await Deno.writeTextFile(
  `${consumer}/smoke.cts`,
  `
import { Usage } from '@openai/agents';
import { ScriptedModel, UnexpectedModelCallError } from '@scripted/agents';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';

export const model: ScriptedModel = new ScriptedModel([]);
export const transport: ScriptedRealtimeTransport =
  new ScriptedRealtimeTransport();
export const usage: Usage = new Usage();
export function callIndexOf(error: UnexpectedModelCallError): number {
  return error.callIndex;
}
`,
);
await Deno.writeTextFile(
  `${consumer}/smoke.cjs`,
  `
const assert = require('node:assert/strict');
const { Agent, Runner, Usage } = require('@openai/agents');
const { assistantMessage, ScriptedModel } = require('@scripted/agents');
const { ScriptedRealtimeTransport } = require('@scripted/agents/realtime');

assert.ok(require.resolve('@scripted/agents').endsWith('/cjs/mod.js'));
assert.ok(
  require.resolve('@scripted/agents/realtime').endsWith('/cjs/realtime/mod.js'),
);
(async () => {
  const model = new ScriptedModel([[assistantMessage('packed')]]);
  const agent = new Agent({ name: 'Smoke', model });
  const result = await new Runner({ tracingDisabled: true }).run(agent, 'hi');
  assert.equal(result.finalOutput, 'packed');
  // One SDK core: the usage our CommonJS build made is the SDK's Usage.
  assert.ok(result.rawResponses[0].usage instanceof Usage, 'usage instanceof Usage');
  model.assertComplete();
  assert.equal(new ScriptedRealtimeTransport().status, 'disconnected');
  console.log('pack smoke: CommonJS require of both entry points; usage instanceof Usage holds');
})().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
`,
);
await Deno.writeTextFile(
  `${consumer}/cross.mjs`,
  `
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { Agent, Runner } from '@openai/agents';
import * as esm from '@scripted/agents';
import * as esmRealtime from '@scripted/agents/realtime';

const require = createRequire(import.meta.url);
const cjs = require('@scripted/agents');
const cjsRealtime = require('@scripted/agents/realtime');
assert.notEqual(esm.ScriptedModel, cjs.ScriptedModel, 'two copies');

function identity(error) {
  assert.ok(error instanceof Error);
  const out = { name: error.name, message: error.message };
  for (const key of Object.keys(error)) out[key] = error[key];
  return out;
}
async function failureOf(work) {
  try {
    await work();
  } catch (error) {
    return error;
  }
  assert.fail('expected a failure');
}

// The same unexpected model call through each copy.
async function unexpectedCall(copy) {
  const model = new copy.ScriptedModel([[copy.assistantMessage('one')]]);
  const runner = new Runner({ tracingDisabled: true });
  await runner.run(new Agent({ name: 'A', model }), 'first');
  return failureOf(() => runner.run(new Agent({ name: 'A', model }), 'again'));
}
const fromEsm = await unexpectedCall(esm);
const fromCjs = await unexpectedCall(cjs);
assert.ok(fromEsm instanceof esm.UnexpectedModelCallError);
assert.ok(fromCjs instanceof cjs.UnexpectedModelCallError);
assert.equal(fromEsm.name, 'UnexpectedModelCallError');
assert.deepEqual(identity(fromCjs), identity(fromEsm));

// The same unmet realtime expectation through each copy.
const realtimeEsm = await failureOf(async () => {
  const transport = new esmRealtime.ScriptedRealtimeTransport();
  await transport.connect({ apiKey: 'k' });
  transport.assertClosed();
});
const realtimeCjs = await failureOf(async () => {
  const transport = new cjsRealtime.ScriptedRealtimeTransport();
  await transport.connect({ apiKey: 'k' });
  transport.assertClosed();
});
assert.equal(realtimeEsm.name, 'RealtimeTransportNotClosedError');
assert.deepEqual(identity(realtimeCjs), identity(realtimeEsm));
console.log('pack smoke: ESM and CommonJS copies load side by side; their errors match by name and fields');
`,
);
await run('../../../node_modules/.bin/tsc', ['-p', 'tsconfig.json'], consumer);
console.log('pack smoke: consumer type-checks against the shipped .d.ts');
console.log((await run('node', ['smoke.mjs'], consumer)).trim());
console.log((await run('node', ['smoke.cjs'], consumer)).trim());
console.log((await run('node', ['cross.mjs'], consumer)).trim());
