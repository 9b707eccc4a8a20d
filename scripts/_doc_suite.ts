/**
 * The documentation's code blocks as one test suite: every `ts` (or `js`)
 * block of the JSDoc of the `.ts` files and of the Markdown files named,
 * written as a module of its own (its imports hoisted, its body in a
 * `Deno.test` named as `deno test --doc` names it: `./path#from-to.ts`),
 * and one entry importing them all. Run by `deno test`, the SDK and the
 * library load once, where `deno test --doc` loads them once per block (in
 * a fresh isolate each); the stage table shows what that costs.
 *
 * What `--doc` does and this does too: blocks fenced `ts`, `typescript`,
 * `js`, `javascript` (with `tsx`, `jsx`, `mts`, `cts`, `mjs`), an `ignore`
 * attribute skips one, a relative import resolves against the documented
 * file. The type check of the blocks is the `check` stage's (`deno check
 * --doc`), so the suite runs with `--no-check`. What it does not do: isolate
 * blocks from each other. A block's imports run when the entry loads (as
 * they run when its module loads), so a block whose import changes the
 * process (`@scripted/agents/guard/preload`) is listed in
 * {@link isolatedImports} and run by `deno test --doc` instead.
 *
 * @module
 */
import ts from 'npm:typescript@6.0.3';

const languages = new Set([
  'ts',
  'typescript',
  'js',
  'javascript',
  'tsx',
  'jsx',
  'mts',
  'cts',
  'mjs',
]);

/** Imports that change the whole process when loaded. */
const isolatedImports: readonly string[] = [
  '@scripted/agents/guard/preload',
];

/** One code block: where it is and its text. */
export interface DocBlock {
  /** The documented file, relative (`model/scripted_model.ts`). */
  readonly file: string;
  /**
   * Where it is, as `deno test --doc` says it: the opening fence's line
   * and the line after the closing one, 1-based.
   */
  readonly from: number;
  readonly to: number;
  /** The code. */
  readonly code: string;
}

/**
 * The runnable code blocks of one file's text.
 *
 * @param file The file's path (its kind is read from the extension).
 * @param text Its text.
 * @returns The blocks, in order.
 */
export function blocksOf(file: string, text: string): DocBlock[] {
  const markdown = file.endsWith('.md');
  const lines = text.split('\n');
  const blocks: DocBlock[] = [];
  let open: { from: number; run: boolean; lines: string[] } | undefined;
  let inDoc = markdown;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (!markdown) {
      if (!inDoc) {
        if (/^\s*\/\*\*/.test(line)) inDoc = true;
        else continue;
      }
      const ends = line.includes('*/');
      line = line.replace(/^\s*\/?\*+\/?\s?/, '');
      if (ends) {
        inDoc = false;
        if (open === undefined) continue;
      }
    }
    const fence = /^\s*```\s*(\S*)\s*(.*)$/.exec(line);
    if (open === undefined) {
      if (fence !== null && fence[1] !== '') {
        const words = fence[2]!.split(/\s+/);
        open = {
          from: i + 1,
          run: languages.has(fence[1]!) && !words.includes('ignore'),
          lines: [],
        };
      }
      continue;
    }
    if (fence !== null && fence[1] === '') {
      if (open.run) {
        blocks.push({
          file,
          from: open.from,
          to: i + 2,
          code: open.lines.join('\n'),
        });
      }
      open = undefined;
      continue;
    }
    open.lines.push(line);
  }
  return blocks;
}

/**
 * One block as a test module: its import declarations first (relative
 * specifiers made absolute), then its statements inside a `Deno.test`.
 *
 * @param block The block.
 * @param root The file URL of the folder `block.file` is relative to.
 * @returns The module's text, or `undefined` for a block to leave to
 * `deno test --doc`.
 */
export function testModule(block: DocBlock, root: URL): string | undefined {
  const source = ts.createSourceFile(
    'block.ts',
    block.code,
    ts.ScriptTarget.ESNext,
    true,
  );
  const base = new URL(block.file, root);
  const imports: string[] = [];
  const body: string[] = [];
  for (const statement of source.statements) {
    const text = statement.getFullText(source);
    if (!ts.isImportDeclaration(statement)) {
      body.push(text);
      continue;
    }
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    if (isolatedImports.includes(specifier)) return undefined;
    const resolved = specifier.startsWith('.')
      ? new URL(specifier, base).href
      : specifier;
    imports.push(
      text.replace(
        statement.moduleSpecifier.getText(source),
        JSON.stringify(resolved),
      ).trim(),
    );
  }
  const name = `./${block.file}#${block.from}-${block.to}.ts`;
  return [
    ...imports,
    `Deno.test(${JSON.stringify(name)}, async () => {`,
    body.join('').replace(/^\n+/, ''),
    '});',
    '',
  ].join('\n');
}

/** Every `.ts` and `.md` file under `path` (a file, or a folder ending `/`). */
function filesUnder(path: string): string[] {
  if (!path.endsWith('/')) return [path];
  const found: string[] = [];
  for (const entry of Deno.readDirSync(path)) {
    const child = `${path}${entry.name}${entry.isDirectory ? '/' : ''}`;
    if (entry.isDirectory) found.push(...filesUnder(child));
    else if (/\.(ts|md)$/.test(entry.name)) found.push(child);
  }
  return found.sort();
}

/**
 * Writes the suite of `paths`' blocks into `dir`.
 *
 * @param paths Files and folders (ending `/`), relative to the working
 * directory.
 * @param dir Where to write (emptied first).
 * @returns The entry module's path, and the files holding a block left to
 * `deno test --doc`.
 */
export async function writeDocSuite(
  paths: readonly string[],
  dir: string,
): Promise<{ entry: string; isolated: string[] }> {
  await Deno.remove(dir, { recursive: true }).catch(() => {});
  await Deno.mkdir(dir, { recursive: true });
  const root = new URL(`file://${Deno.cwd()}/`);
  const modules: string[] = [];
  const isolated = new Set<string>();
  for (const file of paths.flatMap(filesUnder)) {
    for (const block of blocksOf(file, await Deno.readTextFile(file))) {
      const text = testModule(block, root);
      if (text === undefined) {
        isolated.add(file);
        continue;
      }
      const name = `${
        block.file.replace(/[^A-Za-z0-9]+/g, '_')
      }_${block.from}.ts`;
      await Deno.writeTextFile(`${dir}/${name}`, text);
      modules.push(name);
    }
  }
  const entry = `${dir}/all_doc_test.ts`;
  await Deno.writeTextFile(
    entry,
    `// Written by scripts/_doc_suite.ts: every code block, one process.\n` +
      modules.map((name) => `import './${name}';\n`).join(''),
  );
  return { entry, isolated: [...isolated] };
}
