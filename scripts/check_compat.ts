/**
 * The drop-in type check: `tests/compat/consumer.ts`, written against the
 * SDK's testing modules, must type-check with 0 errors as is (against
 * `@openai/agents/testing` and `@openai/agents/realtime/testing`) and with
 * those two imports swapped to ours (`@scripted/agents`,
 * `@scripted/agents/realtime`).
 *
 * The swapped copy is written to `.tmp/compat/` (gitignored) with a config
 * of its own: `deno.json` excludes `.tmp/`, and the copy needs the same
 * import map, its relative targets rebased. Both targets are checked at
 * once, one `deno check` each; the errors are printed per target and the
 * exit code is non-zero if either has any.
 *
 * Run: `deno run --allow-all scripts/check_compat.ts`
 */

const consumer = 'tests/compat/consumer.ts';
const outDir = '.tmp/compat';
const swaps: ReadonlyArray<readonly [string, string]> = [
  ["'@openai/agents/realtime/testing'", "'@scripted/agents/realtime'"],
  ["'@openai/agents/testing'", "'@scripted/agents'"],
];

interface DenoConfig {
  imports: Record<string, string>;
  compilerOptions?: Record<string, unknown>;
  nodeModulesDir?: string;
}

const source = await Deno.readTextFile(consumer);
let swapped = source;
for (const [from, to] of swaps) {
  if (!swapped.includes(`from ${from}`)) {
    console.error(`${consumer} has no import from ${from}`);
    Deno.exit(2);
  }
  swapped = swapped.replaceAll(`from ${from}`, `from ${to}`);
}

// The copy lives two folders down: rebase the map's relative targets.
const config: DenoConfig = JSON.parse(await Deno.readTextFile('deno.json'));
const imports: Record<string, string> = {};
for (const [name, target] of Object.entries(config.imports)) {
  imports[name] = target.startsWith('./') ? `../.${target}` : target;
}
await Deno.mkdir(outDir, { recursive: true });
await Deno.writeTextFile(`${outDir}/consumer.ts`, swapped);
await Deno.writeTextFile(
  `${outDir}/deno.json`,
  JSON.stringify(
    {
      // The same options as the SDK target, which `deno.json` configures.
      compilerOptions: config.compilerOptions,
      imports,
      nodeModulesDir: config.nodeModulesDir,
      lock: false,
    },
    null,
    2,
  ) + '\n',
);

interface Target {
  name: string;
  args: string[];
}

const targets: Target[] = [
  { name: 'SDK module (@openai/agents/testing)', args: [consumer] },
  {
    name: 'ours (@scripted/agents)',
    args: ['--config', `${outDir}/deno.json`, `${outDir}/consumer.ts`],
  },
];

const deno = Deno.execPath();
const results = await Promise.all(targets.map(async (target) => {
  const { code, stdout, stderr } = await new Deno.Command(deno, {
    args: ['check', '--quiet', ...target.args],
    env: { NO_COLOR: '1' },
    stdout: 'piped',
    stderr: 'piped',
  }).output();
  const text = new TextDecoder().decode(stdout) +
    new TextDecoder().decode(stderr);
  const errors = text.match(/^TS\d+ \[ERROR\]/gm)?.length ??
    (code === 0 ? 0 : 1);
  return { target, code, text, errors };
}));

let failed = false;
for (const { target, code, text, errors } of results) {
  if (code === 0) {
    console.log(`compat types, ${target.name}: 0 errors`);
    continue;
  }
  failed = true;
  console.log(`\ncompat types, ${target.name}: ${errors} errors`);
  console.log(text.trimEnd());
}
if (failed) {
  console.log(
    `\n${
      results.map((r) => `${r.target.name}: ${r.errors}`).join('; ')
    } (type errors)`,
  );
  Deno.exit(1);
}
