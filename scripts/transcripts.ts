/**
 * Determinism across runtimes: runs the fixed workflows of
 * `tests/_support/transcript_workflows.ts` on Deno, Bun and every pinned Node
 * release (the built JS; see `_toolchain.ts`), hashes each canonical JSON transcript with SHA-256, prints the
 * hashes, and fails when they differ, pointing at the first differing line.
 *
 * Run after the npm build:
 * `deno run --allow-all scripts/transcripts.ts [--npm DIR]`
 */
import { nodeVersions } from './_config.ts';
import { installToolchain, nodeBin } from './_toolchain.ts';

const npmAt = Deno.args.indexOf('--npm');
const npmDir = npmAt === -1 ? 'npm' : Deno.args[npmAt + 1];
const printer = 'tests/_support/print_transcript';
const outDir = '.tmp/transcripts';

const runtimes: { name: string; cmd: string; args: string[] }[] = [
  {
    name: 'deno',
    cmd: 'deno',
    // No network, subprocess or write: the doubles make no request.
    args: [
      'run',
      '--no-check',
      '--allow-env',
      '--allow-read',
      '--deny-net',
      '--deny-run',
      '--deny-write',
      `${printer}.ts`,
    ],
  },
  { name: 'bun', cmd: 'bun', args: [`${printer}.ts`] },
  ...nodeVersions.map((version) => ({
    name: `node${version.split('.')[0]}`,
    cmd: nodeBin(version),
    args: [`${npmDir}/${printer}.js`],
  })),
];
await installToolchain();

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(text),
  );
  return [...new Uint8Array(digest)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
}

await Deno.mkdir(outDir, { recursive: true });
const results: { name: string; text: string; hash: string }[] = [];
for (const runtime of runtimes) {
  const out = await new Deno.Command(runtime.cmd, {
    args: runtime.args,
    stdout: 'piped',
    stderr: 'piped',
    env: { NO_COLOR: '1' },
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  if (out.code !== 0) {
    console.error(new TextDecoder().decode(out.stderr));
    console.error(`transcripts: ${runtime.name} exited ${out.code}`);
    Deno.exit(1);
  }
  await Deno.writeTextFile(`${outDir}/${runtime.name}.json`, text);
  const hash = await sha256(text);
  results.push({ name: runtime.name, text, hash });
  console.log(
    `${runtime.name.padEnd(6)} sha256 ${hash} (${text.length} bytes)`,
  );
}

const [first, ...rest] = results;
if (first === undefined) throw new Error('No runtime produced a transcript');
const differing = rest.filter((result) => result.hash !== first.hash);
if (differing.length === 0) {
  console.log(
    `transcripts: identical on ${
      results.map((r) => r.name).join(', ')
    }: ${first.hash}`,
  );
  Deno.exit(0);
}
for (const other of differing) {
  const a = first.text.split('\n');
  const b = other.text.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? Math.min(a.length, b.length) : line;
  console.error(
    `\ntranscripts: ${other.name} differs from ${first.name} at line ${
      at + 1
    }:\n  ${first.name}: ${a[at] ?? '<end>'}\n  ${other.name}: ${
      b[at] ?? '<end>'
    }\nFull diff: diff ${outDir}/${first.name}.json ${outDir}/${other.name}.json`,
  );
}
Deno.exit(1);
