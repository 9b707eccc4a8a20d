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
 * The library's code as `publish.include` lists it: its `.ts` files and its
 * folders (`mod.ts`, `model/`, ...), in that order.
 */
export const library: readonly string[] = config.publish.include.filter(
  (path) => path.endsWith('/') || path.endsWith('.ts'),
);

/** The published Markdown files, whose code blocks are examples too. */
export const docs: readonly string[] = config.publish.include.filter((
  path,
) => path.endsWith('.md'));

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
