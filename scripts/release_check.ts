/**
 * The release check (`npm run release:check`): publishes nothing, proves a
 * release would go through.
 *
 * 1. `deno.json`'s version is semver, and the npm package built from it
 *    (`scripts/build_npm.ts`, into `.tmp/release/npm`) has the same name and
 *    version.
 * 2. `CHANGELOG.md` has a dated section for that version
 *    (`## [X.Y.Z] - YYYY-MM-DD`, Keep a Changelog).
 * 3. `deno publish --dry-run --allow-dirty` passes (JSR).
 * 4. `npm publish --dry-run` from the build folder passes (npm).
 *
 * Run: `deno run --allow-all scripts/release_check.ts`
 */

const out = '.tmp/release/npm';
const problems: string[] = [];

async function run(cmd: string, args: string[], cwd = '.'): Promise<string> {
  const done = await new Deno.Command(cmd, {
    args,
    cwd,
    stdout: 'piped',
    stderr: 'piped',
    signal: AbortSignal.timeout(5 * 60 * 1000),
  }).output();
  const text = new TextDecoder().decode(done.stdout) +
    new TextDecoder().decode(done.stderr);
  if (done.code !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} exited ${done.code}\n${text}`);
  }
  return text;
}

const deno = JSON.parse(await Deno.readTextFile('deno.json')) as {
  name: string;
  version: string;
};
const version = deno.version;
if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) {
  problems.push(`deno.json version is not semver: "${version}"`);
}

await run('deno', ['run', '--allow-all', 'scripts/build_npm.ts', '--out', out]);
const built = JSON.parse(await Deno.readTextFile(`${out}/package.json`)) as {
  name: string;
  version: string;
};
if (built.version !== version || built.name !== deno.name) {
  problems.push(
    `the built package.json is ${built.name}@${built.version}, ` +
      `deno.json says ${deno.name}@${version}`,
  );
}
console.log(`release: ${deno.name}@${version} (deno.json and the npm build)`);

const changelog = await Deno.readTextFile('CHANGELOG.md');
const escaped = version.replaceAll('.', '\\.');
if (
  !new RegExp(`^## \\[${escaped}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm').test(
    changelog,
  )
) {
  problems.push(
    `CHANGELOG.md has no dated section for ${version}: ` +
      `expected a line "## [${version}] - YYYY-MM-DD"`,
  );
}
console.log('release: CHANGELOG.md checked');

try {
  await run('deno', ['publish', '--dry-run', '--allow-dirty']);
  console.log('release: deno publish --dry-run passed');
} catch (error) {
  problems.push(`deno publish --dry-run failed: ${(error as Error).message}`);
}
try {
  const text = await run(
    'npm',
    ['publish', '--dry-run', '--access', 'public'],
    out,
  );
  const total = /total files:\s*(\d+)/i.exec(text)?.[1];
  console.log(
    `release: npm publish --dry-run passed (${
      total ?? '?'
    } files, from ${out})`,
  );
} catch (error) {
  problems.push(`npm publish --dry-run failed: ${(error as Error).message}`);
}

if (problems.length > 0) {
  console.error(`\nrelease check failed:\n- ${problems.join('\n- ')}`);
  Deno.exit(1);
}
console.log(
  `\nrelease check passed: ${deno.name}@${version} is ready to publish`,
);
