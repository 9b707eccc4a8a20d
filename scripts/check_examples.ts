/**
 * Checks that every test in `tests/examples/` is the guide's example
 * verbatim, but for the import path (`@openai/agents/testing` →
 * `@scripted/agents`, `@openai/agents/realtime/testing` →
 * `@scripted/agents/realtime`). The guide lives outside the repository
 * (`../shared/spec/testing-guide.ko.md`, or `GUIDE=path`); without it the
 * check says so and skips.
 *
 * Run: `deno run --allow-read --allow-env scripts/check_examples.ts`
 */

const guidePath = Deno.env.get('GUIDE') ?? '../shared/spec/testing-guide.ko.md';
const examplesDir = 'tests/examples';

let guide: string;
try {
  guide = await Deno.readTextFile(guidePath);
} catch {
  // CI lays the guide beside the clone; a clone elsewhere may lack it. The
  // full gate (`npm test`) is strict: there a missing guide fails too.
  if (
    Deno.env.get('CI') === 'true' ||
    Deno.env.get('SCRIPTED_AGENTS_STRICT') === '1'
  ) {
    console.error(`examples: no guide at ${guidePath}`);
    Deno.exit(1);
  }
  console.log(`examples: no guide at ${guidePath}; skipped`);
  Deno.exit(0);
}

// An example starts at an `import` line after a blank line and ends at the
// last top-level `});` before the prose resumes.
const lines = guide.split('\n');
/** The guide's line `at`, `''` past either end. */
function line(at: number): string {
  return lines[at] ?? '';
}
const examples: string[] = [];
for (let i = 0; i < lines.length; i++) {
  if (!line(i).startsWith('import ') || (i > 0 && line(i - 1) !== '')) {
    continue;
  }
  let last = -1;
  let k = i;
  for (; k < lines.length; k++) {
    if (line(k) === '});') last = k;
    const prose = k > i && line(k) !== '' && line(k - 1) === '' &&
      !/^( |import|\}|test\(|function|const|\/\/|\))/.test(line(k));
    if (prose) break;
  }
  examples.push(lines.slice(i, last + 1).join('\n') + '\n');
  i = last;
}

const files = new Map<string, string>();
for await (const entry of Deno.readDir(examplesDir)) {
  if (entry.isFile && entry.name.endsWith('_test.ts')) {
    files.set(
      entry.name,
      await Deno.readTextFile(`${examplesDir}/${entry.name}`),
    );
  }
}

const problems: string[] = [];
const matched = new Set<string>();
let tests = 0;
for (const example of examples) {
  const expected = example
    .replaceAll(
      `'@openai/agents/realtime/testing'`,
      `'@scripted/agents/realtime'`,
    )
    .replaceAll(`'@openai/agents/testing'`, `'@scripted/agents'`);
  const names = [...expected.matchAll(/^test\('([^']+)'/gm)].map((m) => m[1]);
  tests += names.length;
  const found = [...files].find(([, text]) => text === expected);
  if (found) {
    matched.add(found[0]);
  } else {
    problems.push(`no verbatim copy of the example with ${names.join(', ')}`);
  }
}
for (const name of files.keys()) {
  if (!matched.has(name)) problems.push(`${name} is not a guide example`);
}
if (problems.length > 0 || tests !== 10) {
  console.error(`examples: ${tests} guide tests found, expected 10`);
  for (const problem of problems) console.error(`  ${problem}`);
  Deno.exit(1);
}
console.log(
  `examples: all ${tests} guide tests are verbatim in ${files.size} files of ${examplesDir}/`,
);
