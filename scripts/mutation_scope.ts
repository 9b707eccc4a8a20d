/**
 * The mutation inner loop: Stryker over a few library files only, without
 * touching the committed incremental result, then every mutant the suite
 * lets through printed with its place and its code, so a test can be
 * written against it. About 15 s plus the mutants' own tests.
 *
 * Run: `deno run --allow-all scripts/mutation_scope.ts model/_random.ts
 * [more files] [--concurrency N]`. The report is written to
 * `reports/scope/mutation.json` (the full run's stays where it is).
 */

interface Position {
  line: number;
  column: number;
}

interface ScopeMutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: Position; end: Position };
}

const files: string[] = [];
let concurrency = 1;
for (let i = 0; i < Deno.args.length; i++) {
  const arg = Deno.args[i] ?? '';
  if (arg === '--concurrency') concurrency = Number(Deno.args[++i]);
  else files.push(arg);
}
if (files.length === 0 || !(concurrency >= 1)) {
  console.error(
    'Usage: scripts/mutation_scope.ts FILE... [--concurrency N]: give at least one library file',
  );
  Deno.exit(2);
}

const config = JSON.parse(await Deno.readTextFile('stryker.config.json'));
delete config.$schema;
delete config.incrementalFile;
delete config.htmlReporter;
const reportPath = 'reports/scope/mutation.json';
Object.assign(config, {
  mutate: files,
  incremental: false,
  concurrency,
  reporters: ['json', 'clear-text'],
  jsonReporter: { fileName: reportPath },
});
await Deno.mkdir('.tmp', { recursive: true });
await Deno.writeTextFile('.tmp/stryker.scope.json', JSON.stringify(config));
const { code } = await new Deno.Command('node_modules/.bin/stryker', {
  args: ['run', '.tmp/stryker.scope.json'],
  stdout: 'inherit',
  stderr: 'inherit',
}).output();
if (code !== 0) Deno.exit(code);

const report = JSON.parse(await Deno.readTextFile(reportPath)) as {
  files: Record<string, { source: string; mutants: ScopeMutant[] }>;
};
for (const [file, { source, mutants }] of Object.entries(report.files)) {
  const lines = source.split('\n');
  for (const mutant of mutants) {
    if (mutant.status !== 'Survived' && mutant.status !== 'NoCoverage') {
      continue;
    }
    const { start, end } = mutant.location;
    const first = lines[start.line - 1] ?? '';
    const original = start.line === end.line
      ? first.slice(start.column - 1, end.column - 1)
      : `${first.slice(start.column - 1)}…`;
    console.log(
      `${file}:${start.line}:${start.column} ${mutant.status} ${mutant.mutatorName}: ${
        JSON.stringify(original.slice(0, 120))
      } -> ${JSON.stringify((mutant.replacement ?? '').slice(0, 120))}`,
    );
  }
}
