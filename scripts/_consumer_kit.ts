/**
 * Shared by the `consumers` and `browser` stages: pack the npm build once
 * into `.tmp/consumers/pkg/`, and lay out and install a consumer project from
 * a template in `scripts/consumers/` with one cached `npm install`.
 *
 * @module
 */

/** Where consumer projects live (gitignored). */
export const work: string = `${Deno.cwd()}/.tmp/consumers`;
/** The consumer templates. */
export const templates: string = `${Deno.cwd()}/scripts/consumers`;

/** The output of a finished command. */
export interface Ran {
  /** Exit code. */
  code: number;
  /** stdout then stderr. */
  out: string;
}

/** Runs a command, bounded to five minutes, capturing its output. */
export async function run(
  cmd: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<Ran> {
  const out = await new Deno.Command(cmd, {
    args,
    cwd: options.cwd,
    env: { NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
    stdout: 'piped',
    stderr: 'piped',
    // A hung tool fails its step instead of hanging the stage.
    signal: AbortSignal.timeout(5 * 60 * 1000),
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code: out.code, out: decode(out.stdout) + decode(out.stderr) };
}

/** Runs a command and throws with its output when it fails. */
export async function must(
  cmd: string,
  args: string[],
  cwd: string,
): Promise<string> {
  const ran = await run(cmd, args, { cwd });
  if (ran.code !== 0) {
    throw new Error(
      `${cmd} ${args.join(' ')} (in ${cwd}) exited ${ran.code}\n${ran.out}`,
    );
  }
  return ran.out;
}

/** The hex SHA-256 of bytes or text. */
export async function sha256(
  bytes: Uint8Array<ArrayBuffer> | string,
): Promise<string> {
  const data = typeof bytes === 'string'
    ? new TextEncoder().encode(bytes)
    : bytes;
  const digest = await crypto.subtle.digest('SHA-256', data);
  return Array.from(
    new Uint8Array(digest),
    (b) => b.toString(16).padStart(2, '0'),
  ).join('');
}

/** Whether a path exists. */
export async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Packs `npm/` into `.tmp/consumers/pkg/scripted-agents-HASH.tgz` (the
 * content hash in the name, so a changed build changes each project's
 * dependency and npm replaces just this package) and returns its path.
 */
export async function pack(): Promise<string> {
  const dir = `${work}/pkg`;
  await Deno.mkdir(dir, { recursive: true });
  const packed = JSON.parse(
    await must(
      'npm',
      ['pack', '--json', '--pack-destination', dir, './npm'],
      Deno.cwd(),
    ),
  )[0] as { filename: string };
  const packedPath = `${dir}/${packed.filename.replace(/^.*\//, '')}`;
  const hash = (await sha256(await Deno.readFile(packedPath))).slice(0, 12);
  const tarball = `${dir}/scripted-agents-${hash}.tgz`;
  await Deno.rename(packedPath, tarball);
  for await (const entry of Deno.readDir(dir)) {
    if (`${dir}/${entry.name}` !== tarball) {
      await Deno.remove(`${dir}/${entry.name}`);
    }
  }
  return tarball;
}

/**
 * Lays the template `set` out in `.tmp/consumers/SET` (keeping its
 * `node_modules`), adds the tarball as a dependency when given, and runs
 * `npm install` unless the same `package.json` was installed there before.
 *
 * @returns The project folder and the install's seconds (0 when cached).
 */
export async function install(
  set: string,
  tarball?: string,
): Promise<{ dir: string; seconds: number }> {
  const dir = `${work}/${set}`;
  await Deno.mkdir(dir, { recursive: true });
  await must('cp', ['-R', `${templates}/${set}/.`, dir], Deno.cwd());
  const pkg = JSON.parse(await Deno.readTextFile(`${dir}/package.json`));
  if (tarball !== undefined) {
    pkg.devDependencies['@scripted/agents'] = `file:../pkg/${
      tarball.replace(/^.*\//, '')
    }`;
  }
  const text = JSON.stringify(pkg, null, 2) + '\n';
  await Deno.writeTextFile(`${dir}/package.json`, text);
  const stamp = await sha256(text);
  const stampFile = `${dir}/node_modules/.consumer-stamp`;
  if (
    await exists(stampFile) && (await Deno.readTextFile(stampFile)) === stamp
  ) {
    return { dir, seconds: 0 };
  }
  const t0 = performance.now();
  await must('npm', [
    'install',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    '--loglevel=error',
  ], dir);
  await Deno.writeTextFile(stampFile, stamp);
  return { dir, seconds: (performance.now() - t0) / 1000 };
}
