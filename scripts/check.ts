/**
 * The type check (`deno task check`, the `check` stage of `npm test`), in
 * two runs of `deno check`:
 *
 * 1. The library (`publish.include`'s code), the JSDoc and Markdown examples
 *    (`--doc` checks the code blocks of the files named, not of their
 *    imports, so every library folder is named), the tests, benches, scripts
 *    and lint plugin, under `deno.json`'s `compilerOptions` (std's strict
 *    set).
 * 2. The guide's verbatim examples (`tests/examples/`) under the same options
 *    but `noUncheckedIndexedAccess`: they are the guide's user code, which
 *    indexes arrays as users do (`emit('item_update', conversation[0])`), and
 *    must not be edited to suit this repository's stricter setting. The
 *    config for that run is written to `.tmp/check-examples/` (gitignored)
 *    with the same import map, its relative targets rebased.
 *
 * Run: `deno run --allow-all scripts/check.ts`
 */
import {
  config,
  docs,
  guideExamples,
  library,
  tooling,
  writeRebasedConfig,
} from './_config.ts';

const deno = Deno.execPath();

async function check(args: string[]): Promise<boolean> {
  console.log(`deno check ${args.join(' ')}`);
  const { code } = await new Deno.Command(deno, {
    args: ['check', ...args],
    stdout: 'inherit',
    stderr: 'inherit',
  }).output();
  return code === 0;
}

// Every entry of the tooling folders but the guide's examples.
const sources: string[] = [];
for (const folder of tooling) {
  if (!guideExamples.startsWith(folder)) {
    sources.push(folder);
    continue;
  }
  const names: string[] = [];
  for await (const entry of Deno.readDir(folder)) {
    const path = `${folder}${entry.name}${entry.isDirectory ? '/' : ''}`;
    if (path !== guideExamples) names.push(path);
  }
  sources.push(...names.sort());
}
const strict = await check(['--doc', ...library, ...docs, ...sources]);

const { noUncheckedIndexedAccess: _, ...compilerOptions } =
  config.compilerOptions ?? {};
const examplesConfig = await writeRebasedConfig(
  '.tmp/check-examples',
  compilerOptions,
);
const guide = await check(['--config', examplesConfig, guideExamples]);

if (!strict || !guide) {
  console.error(
    `check failed: ${
      [!strict && 'the strict check', !guide && "the guide's examples"]
        .filter(Boolean).join(' and ')
    }`,
  );
  Deno.exit(1);
}
