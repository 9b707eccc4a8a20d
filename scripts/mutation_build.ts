/**
 * The mutation run's build (Stryker's `buildCommand`, run in its sandbox on
 * the instrumented sources): the library and the tests compiled to ESM in
 * `.tmp/mutation/` without type checking (Stryker marks instrumented files
 * `@ts-nocheck`), with the README and a `package.json` beside them, so
 * `@scripted/agents` resolves to the compiled entry points as in `npm/`.
 *
 * Run: `deno run --allow-read --allow-write --allow-run --allow-env scripts/mutation_build.ts`
 */
import { config, library } from './_config.ts';

const outDir = '.tmp/mutation';
await Deno.remove(outDir, { recursive: true }).catch(() => {});
// The library (`publish.include`) and the tests the runner loads; the
// end-to-end and fuzz tests are not run per mutant.
const tsconfig = '.tmp/mutation.tsconfig.json';
await Deno.mkdir('.tmp', { recursive: true });
await Deno.writeTextFile(
  tsconfig,
  JSON.stringify({
    extends: '../tsconfig.json',
    compilerOptions: {
      rootDir: '..',
      outDir: 'mutation',
      noCheck: true,
      declaration: false,
      isolatedDeclarations: false,
      sourceMap: false,
    },
    include: [...library, 'tests/'].map((path) =>
      `../${path.replace(/\/$/, '')}`
    ),
    exclude: ['e2e', 'reliability', 'mutation'].map((f) => `../tests/${f}`),
  }),
);
const { code } = await new Deno.Command('tsc', {
  args: ['-p', tsconfig],
  stdout: 'inherit',
  stderr: 'inherit',
}).output();
if (code !== 0) Deno.exit(code);

const exportsMap = Object.fromEntries(
  Object.entries(config.exports).map((
    [entry, source],
  ) => [entry, source.replace(/\.ts$/, '.js')]),
);
// `tests/compat/deliberate_test.ts` reads `docs/core.md` two folders up, as
// from `npm/tests/compat/`.
await Deno.mkdir(`${outDir}/docs`, { recursive: true });
await Deno.copyFile('docs/core.md', `${outDir}/docs/core.md`);
await Deno.writeTextFile(
  `${outDir}/package.json`,
  JSON.stringify({ name: config.name, type: 'module', exports: exportsMap }) +
    '\n',
);
