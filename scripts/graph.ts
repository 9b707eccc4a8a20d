/**
 * The layout's shape, measured and enforced (the `graph` stage of
 * `npm test`): the library's import graph, read with the TypeScript
 * compiler from every file `deno.json`'s `publish.include` lists.
 *
 * It fails when:
 * - any import cycle exists, type-only imports included;
 * - a core folder (`mod.ts`, `model/`, `sandbox/`, `realtime/` but
 *   `realtime/sim/`, `mcp/`) or `_internal/` imports an add-on;
 * - an add-on imports another folder's file other than a core folder's
 *   `mod.ts` or `_internal/` (so never another folder's `_` file);
 * - `realtime/` (the double or its add-on) imports `model/`;
 * - `_internal/` (the floor every folder builds on) imports a file of any
 *   other folder, type-only imports included;
 * - a runtime dependency ({@link dependencyHomes}) is imported outside the
 *   one folder that needs it;
 * - a name is exported by two entry points, or an entry exports more than
 *   {@link maxNames} names;
 * - `import '@scripted/agents'` loads more than {@link coreBudget} files or
 *   code lines, or bundles (minified, gzipped, SDK external) to more than
 *   {@link coreBudget}'s KiB;
 * - a library file has more than {@link maxFileLines} code lines;
 * - the README's size table (between `<!-- sizes -->` markers) differs
 *   from the measurement by more than 10% (`--write` rewrites it).
 *
 * It prints, per entry: the files and code lines its runtime imports load,
 * its exported names, and its bundle size; then the largest file.
 *
 * Run: `deno run --allow-all scripts/graph.ts [--write]`
 */
import ts from 'npm:typescript@6.0.3';
import { config, dependencyHomes, library } from './_config.ts';
import { writeBlock } from './_docs_block.ts';

/** The most names one entry point may export. */
export const maxNames = 60;
/** The most code lines one library file may have. */
export const maxFileLines = 300;
/**
 * What `import '@scripted/agents'` may load and weigh: 30 files, 4,000
 * code lines and 15 KiB, raised by what the failure timeline
 * (`_internal/timeline.ts` and its use in the model and sandbox) cost when
 * it came: 3,985 → 4,173 lines (+188), 14.1 → 15.2 KiB (+1.1), 29 → 30
 * files.
 */
export const coreBudget = { files: 30, lines: 4188, gzipKiB: 16.1 } as const;

/** Folders that hold the core doubles (the drop-in and the transport). */
const coreFolders = ['model/', 'sandbox/', 'realtime/', 'mcp/'];
const sharedFolder = '_internal/';

interface Edge {
  readonly to: string;
  readonly typeOnly: boolean;
}

interface FileInfo {
  readonly path: string;
  readonly codeLines: number;
  readonly edges: Edge[];
  /** The packages it imports (bare specifiers). */
  readonly packages: string[];
  /** The names the file exports (for entry files). */
  readonly exported: string[];
}

function listFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(dir)) {
      const path = `${dir}${entry.name}`;
      if (entry.isDirectory) walk(`${path}/`);
      else if (path.endsWith('.ts')) out.push(path);
    }
  };
  for (const item of library) {
    if (item.endsWith('/')) walk(item);
    else out.push(item);
  }
  return out.sort();
}

/** Lines that hold at least one token (comments and blanks do not count). */
function countCodeLines(source: ts.SourceFile): number {
  const lines = new Set<number>();
  const visit = (node: ts.Node) => {
    if (ts.isJSDoc(node)) return;
    const children = node.getChildren(source);
    if (children.length > 0) {
      for (const child of children) visit(child);
      return;
    }
    const start = node.getStart(source);
    if (node.getEnd() <= start) return;
    const first = source.getLineAndCharacterOfPosition(start).line;
    const last = source.getLineAndCharacterOfPosition(node.getEnd() - 1).line;
    for (let line = first; line <= last; line++) lines.add(line);
  };
  visit(source);
  return lines.size;
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

function readFile(path: string): FileInfo {
  const text = Deno.readTextFileSync(path);
  const source = ts.createSourceFile(
    path,
    text,
    ts.ScriptTarget.Latest,
    true,
  );
  const edges: Edge[] = [];
  const packages: string[] = [];
  const exported: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      const to = resolve(path, specifier);
      if (to === undefined) {
        packages.push(specifier);
        continue;
      }
      const clause = statement.importClause;
      const named = clause?.namedBindings;
      const typeOnly = clause !== undefined && (clause.isTypeOnly ||
        (clause.name === undefined && named !== undefined &&
          ts.isNamedImports(named) && named.elements.length > 0 &&
          named.elements.every((element) => element.isTypeOnly)));
      edges.push({ to, typeOnly });
    } else if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (clause !== undefined && ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          exported.push(element.name.text);
        }
      }
      if (statement.moduleSpecifier === undefined) continue;
      const to = resolve(
        path,
        (statement.moduleSpecifier as ts.StringLiteral).text,
      );
      if (to === undefined) continue;
      const typeOnly = statement.isTypeOnly ||
        (clause !== undefined && ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((element) => element.isTypeOnly));
      edges.push({ to, typeOnly });
    } else if (
      ts.canHaveModifiers(statement) &&
      ts.getModifiers(statement)?.some((modifier) =>
        modifier.kind === ts.SyntaxKind.ExportKeyword
      )
    ) {
      const name = (statement as { name?: ts.Identifier }).name;
      if (name !== undefined) exported.push(name.text);
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name)) {
            exported.push(declaration.name.text);
          }
        }
      }
    }
  }
  return {
    path,
    codeLines: countCodeLines(source),
    edges,
    packages,
    exported,
  };
}

const files = new Map<string, FileInfo>();
for (const path of listFiles()) files.set(path, readFile(path));

// --- what each entry exports (names re-exported with `export *` count too)
function exportsOf(path: string, seen = new Set<string>()): Set<string> {
  const info = files.get(path);
  const names = new Set<string>(info?.exported ?? []);
  if (info === undefined || seen.has(path)) return names;
  seen.add(path);
  const text = Deno.readTextFileSync(path);
  for (const match of text.matchAll(/^export \* from '([^']+)';/gm)) {
    const to = resolve(path, match[1]!);
    if (to !== undefined) {
      for (const name of exportsOf(to, seen)) names.add(name);
    }
  }
  return names;
}

const failures: string[] = [];
const entries = Object.entries(config.exports).map(([entry, file]) => ({
  entry: entry === '.'
    ? '@scripted/agents'
    : `@scripted/agents${entry.slice(1)}`,
  file: file.replace(/^\.\//, ''),
}));

// --- cycles (Tarjan), type-only edges included
function cycles(): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    on.add(node);
    for (const { to } of files.get(node)?.edges ?? []) {
      if (!files.has(to) || to === node) continue;
      if (!indexOf.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (on.has(to)) {
        low.set(node, Math.min(low.get(node)!, indexOf.get(to)!));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        on.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of files.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}
const circles = cycles();
for (const circle of circles) {
  failures.push(`import cycle: ${circle.join(' -> ')}`);
}

// --- the layout rules
const folderOf = (path: string): string => {
  if (!path.includes('/')) return '';
  if (path.startsWith('realtime/sim/')) return 'realtime/sim/';
  return `${path.split('/')[0]}/`;
};
const isCore = (folder: string) =>
  folder === '' || coreFolders.includes(folder);
const isAddOn = (folder: string) => !isCore(folder) && folder !== sharedFolder;
let crossImports = 0;
for (const info of files.values()) {
  const from = folderOf(info.path);
  for (const name of info.packages) {
    const home = dependencyHomes[name];
    if (home !== undefined && home !== from) {
      failures.push(`${info.path} imports ${name}: only ${home} does`);
    }
  }
  for (const { to } of info.edges) {
    if (!files.has(to)) {
      failures.push(`${info.path} imports ${to}, which is not a library file`);
      continue;
    }
    const target = folderOf(to);
    if (target === from) continue;
    crossImports++;
    if (isCore(from) && isAddOn(target)) {
      failures.push(`core file ${info.path} imports the add-on file ${to}`);
    }
    if (
      isAddOn(from) && target !== sharedFolder &&
      !(isCore(target) && to.endsWith('mod.ts'))
    ) {
      failures.push(
        `add-on file ${info.path} imports ${to}: an add-on uses only a core folder's mod.ts and _internal/`,
      );
    }
    if (from === sharedFolder) {
      failures.push(
        `${info.path} imports ${to}: _internal/ imports no other folder`,
      );
    }
    if (from.startsWith('realtime/') && target === 'model/') {
      failures.push(
        `${info.path} imports ${to}: realtime/ never imports model/`,
      );
    }
  }
}

// --- names per entry, and names in two entries
const owners = new Map<string, string>();
const nameCounts: Record<string, number> = {};
for (const { entry, file } of entries) {
  const names = exportsOf(file);
  nameCounts[entry] = names.size;
  if (names.size > maxNames) {
    failures.push(`${entry} exports ${names.size} names (at most ${maxNames})`);
  }
  for (const name of names) {
    const other = owners.get(name);
    if (other !== undefined) {
      failures.push(`${name} is exported by both ${other} and ${entry}`);
    }
    owners.set(name, entry);
  }
}

// --- what each entry loads at run time
function loaded(file: string): Set<string> {
  const seen = new Set<string>();
  const walk = (path: string) => {
    if (seen.has(path) || !files.has(path)) return;
    seen.add(path);
    for (const edge of files.get(path)!.edges) {
      if (!edge.typeOnly) walk(edge.to);
    }
  };
  walk(file);
  return seen;
}

async function bundleSize(file: string): Promise<{ min: number; gz: number }> {
  await Deno.mkdir('.tmp/graph', { recursive: true });
  const out = `.tmp/graph/${file.replace(/\W/g, '_')}.js`;
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      'bundle',
      '--quiet',
      '--minify',
      '--platform',
      'browser',
      '--external',
      '@openai/*',
      '--external',
      'npm:@openai/*',
      '--external',
      'fast-check',
      '--external',
      'npm:fast-check*',
      '--external',
      '@cfworker/json-schema',
      '--external',
      'npm:@cfworker/json-schema*',
      '--external',
      'zod',
      '--external',
      'npm:zod*',
      '--external',
      'node:*',
      '-o',
      out,
      file,
    ],
    stdout: 'null',
    stderr: 'piped',
  }).output();
  if (code !== 0) {
    throw new Error(`deno bundle ${file}: ${new TextDecoder().decode(stderr)}`);
  }
  const bytes = await Deno.readFile(out);
  const gz = await new Response(
    new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip')),
  ).arrayBuffer();
  return { min: bytes.length / 1024, gz: gz.byteLength / 1024 };
}

interface Row {
  entry: string;
  files: number;
  lines: number;
  names: number;
  min: number;
  gz: number;
}
const rows: Row[] = [];
for (const { entry, file } of entries) {
  const set = loaded(file);
  let lines = 0;
  for (const path of set) lines += files.get(path)!.codeLines;
  const size = await bundleSize(file);
  rows.push({
    entry,
    files: set.size,
    lines,
    names: nameCounts[entry]!,
    min: size.min,
    gz: size.gz,
  });
}
const core = rows[0]!;
if (core.files > coreBudget.files) {
  failures.push(
    `@scripted/agents loads ${core.files} files (at most ${coreBudget.files})`,
  );
}
if (core.lines > coreBudget.lines) {
  failures.push(
    `@scripted/agents loads ${core.lines} code lines (at most ${coreBudget.lines})`,
  );
}
if (core.gz > coreBudget.gzipKiB) {
  failures.push(
    `@scripted/agents bundles to ${
      core.gz.toFixed(1)
    } KiB gzipped (at most ${coreBudget.gzipKiB})`,
  );
}

// --- file sizes
const sorted = [...files.values()].sort((a, b) => b.codeLines - a.codeLines);
for (const info of sorted) {
  if (info.codeLines > maxFileLines) {
    failures.push(
      `${info.path} has ${info.codeLines} code lines (at most ${maxFileLines})`,
    );
  }
}
let totalLines = 0;
for (const info of files.values()) totalLines += info.codeLines;

// --- report
const table = [
  '| entry | files loaded | code lines loaded | names | minified | gzipped |',
  '| --- | --: | --: | --: | --: | --: |',
  ...rows.map((row) =>
    `| \`${row.entry}\` | ${row.files} | ${row.lines} | ${row.names} | ${
      row.min.toFixed(1)
    } KiB | ${row.gz.toFixed(1)} KiB |`
  ),
].join('\n');
console.log(table);
console.log(
  `graph: ${files.size} library files, ${totalLines} code lines; ` +
    `${crossImports} cross-folder imports; ${circles.length} cycles; ` +
    `largest file ${sorted[0]!.path} (${sorted[0]!.codeLines} code lines)`,
);

// --- the README's table, checked against the measurement
const readmePath = 'README.md';
const marker = /<!-- sizes -->\n([\s\S]*?)<!-- \/sizes -->/;
const readme = Deno.readTextFileSync(readmePath);
const current = marker.exec(readme);
if (Deno.args.includes('--write')) {
  await writeBlock(readmePath, 'sizes', table);
} else if (current === null) {
  failures.push(`${readmePath} has no <!-- sizes --> table`);
} else {
  // Each stated number within 10% of the measured one.
  const stated = [...current[1]!.matchAll(/\d+(?:\.\d+)?/g)].map((m) =>
    Number(m[0])
  );
  const measured = [...table.matchAll(/\d+(?:\.\d+)?/g)].map((m) =>
    Number(m[0])
  );
  const stale = stated.length !== measured.length ||
    stated.some((value, i) =>
      Math.abs(value - measured[i]!) > 0.1 * Math.max(measured[i]!, 1)
    );
  if (stale) {
    failures.push(
      `${readmePath}'s size table is stale by more than 10%: run \`deno run -A scripts/graph.ts --write\``,
    );
  }
}

if (failures.length > 0) {
  console.error(`\ngraph: ${failures.length} problem(s)`);
  for (const failure of failures) console.error(`- ${failure}`);
  Deno.exit(1);
}
console.log('graph: the layout holds');
