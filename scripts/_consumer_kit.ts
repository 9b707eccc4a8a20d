/**
 * Shared by the `consumers`, `browser` and `sdk-matrix` stages: pack the npm
 * build, and lay out and install a project from its committed lockfile
 * (`npm ci`, cached until the lock changes; `npm run lockfiles` refreshes
 * the locks).
 *
 * @module
 */

import { readCpu, withCpu } from './_cpu.ts';

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
  /** CPU seconds of the command and what it waited for, when measured. */
  cpuSeconds?: number | undefined;
}

/**
 * Runs a command, bounded to five minutes, capturing its output and its CPU
 * time.
 */
export async function run(
  cmd: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<Ran> {
  const cpuFile = await Deno.makeTempFile({ prefix: 'cpu-' });
  const [bash, wrapped] = withCpu(cpuFile, cmd, args);
  const out = await new Deno.Command(bash, {
    args: wrapped,
    cwd: options.cwd,
    env: { NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
    stdout: 'piped',
    stderr: 'piped',
    // A hung tool fails its step instead of hanging the stage.
    signal: AbortSignal.timeout(5 * 60 * 1000),
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return {
    code: out.code,
    out: decode(out.stdout) + decode(out.stderr),
    cpuSeconds: await readCpu(cpuFile),
  };
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

/** The name the packed package has in every project that installs it. */
export const tarballName = 'scripted-agents.tgz';

/**
 * Packs `npm/` into `.tmp/consumers/pkg-LABEL/scripted-agents.tgz` (a
 * folder per caller: the gate runs its matrices side by side) and returns
 * its path. Each project names it `file:./scripted-agents.tgz` in its
 * `package.json` (a copy beside it), so its committed lockfile does not
 * change with the build.
 */
export async function pack(label: string): Promise<string> {
  const dir = `${work}/pkg-${label}`;
  await Deno.remove(dir, { recursive: true }).catch(() => {});
  await Deno.mkdir(dir, { recursive: true });
  const packed = JSON.parse(
    await must(
      'npm',
      ['pack', '--json', '--pack-destination', dir, './npm'],
      Deno.cwd(),
    ),
  )[0] as { filename: string };
  const tarball = `${dir}/${tarballName}`;
  await Deno.rename(`${dir}/${packed.filename.replace(/^.*\//, '')}`, tarball);
  return tarball;
}

/**
 * Installs the locked tree of the project in `dir` (its `package.json` and
 * committed `package-lock.json` already there): `npm ci`, unless the same
 * pair was installed there before. The packed package, when given, is
 * copied beside them first (the lock names it `file:./scripted-agents.tgz`,
 * without an integrity: its content is this build's) and, on a cached
 * tree, unpacked over the old copy, as npm would.
 *
 * @returns The install's wall and CPU seconds (0 when cached).
 */
export async function installLocked(
  dir: string,
  tarball?: string,
): Promise<Installed> {
  if (tarball !== undefined) {
    await Deno.copyFile(tarball, `${dir}/${tarballName}`);
  }
  const lockPath = `${dir}/package-lock.json`;
  if (!(await exists(lockPath))) {
    throw new Error(
      `${dir} has no package-lock.json: run \`npm run lockfiles\``,
    );
  }
  const lockText = await Deno.readTextFile(lockPath);
  if (tarball !== undefined) await checkLockedOurs(dir, lockText, tarball);
  const stamp = await sha256(
    (await Deno.readTextFile(`${dir}/package.json`)) + lockText,
  );
  const stampFile = `${dir}/node_modules/.locked-stamp`;
  if (
    await exists(stampFile) && (await Deno.readTextFile(stampFile)) === stamp
  ) {
    if (tarball !== undefined) await unpackOurs(dir, tarball);
    return { seconds: 0, cpuSeconds: 0 };
  }
  const t0 = performance.now();
  // `npm ci` installs exactly the lock, and fails when package.json and the
  // lock disagree: refresh them with `npm run lockfiles`.
  const args = [
    'ci',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    '--loglevel=error',
  ];
  const ran = await run('npm', args, { cwd: dir });
  if (ran.code !== 0) {
    throw new Error(
      `npm ${args.join(' ')} (in ${dir}) exited ${ran.code}\n${ran.out}`,
    );
  }
  await Deno.writeTextFile(stampFile, stamp);
  return {
    seconds: (performance.now() - t0) / 1000,
    cpuSeconds: ran.cpuSeconds ?? 0,
  };
}

/** What an install took. */
export interface Installed {
  /** Wall-clock seconds, 0 when cached. */
  seconds: number;
  /** CPU seconds, 0 when cached. */
  cpuSeconds: number;
}

/**
 * Fails when the lock's entry for the packed package no longer lists the
 * build's dependencies and peers: `npm ci` installs what the lock lists, so
 * a dependency added since would be missing.
 */
async function checkLockedOurs(
  dir: string,
  lockText: string,
  tarball: string,
): Promise<void> {
  const locked = JSON.parse(lockText).packages
    ?.['node_modules/@scripted/agents'];
  const listing = await must(
    'tar',
    ['-xzOf', tarball, 'package/package.json'],
    dir,
  );
  const built = JSON.parse(listing);
  const fields = ['dependencies', 'peerDependencies'] as const;
  const same = (a: unknown, b: unknown) =>
    JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});
  if (
    locked === undefined ||
    !fields.every((field) => same(locked[field], built[field]))
  ) {
    throw new Error(
      `${dir}/package-lock.json does not list the build's dependencies and peers of @scripted/agents: run \`npm run lockfiles\``,
    );
  }
}

/**
 * Unpacks the packed package into `dir/node_modules/@scripted/agents`,
 * replacing what was there: what npm does for a tarball dependency whose
 * dependencies the lock already installed (`checkLockedOurs`); its peers
 * are the project's.
 */
export async function unpackOurs(dir: string, tarball: string): Promise<void> {
  const target = `${dir}/node_modules/@scripted/agents`;
  await Deno.remove(target, { recursive: true }).catch(() => {});
  await Deno.mkdir(target, { recursive: true });
  await must(
    'tar',
    ['-xzf', tarball, '--strip-components=1', '-C', target],
    dir,
  );
}

/**
 * Lays the template `set` out in `.tmp/consumers/SET` (keeping its
 * `node_modules`) and installs its locked tree, with the packed package
 * when given.
 *
 * @returns The project folder and what the install took (0 when cached).
 */
export async function install(
  set: string,
  tarball?: string,
): Promise<Installed & { dir: string }> {
  const dir = `${work}/${set}`;
  await Deno.mkdir(dir, { recursive: true });
  await must('cp', ['-R', `${templates}/${set}/.`, dir], Deno.cwd());
  return { dir, ...(await installLocked(dir, tarball)) };
}
