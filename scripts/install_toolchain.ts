/**
 * Installs the gate's toolchain (the Node releases of `nodeVersions` and the
 * TypeScript compilers of `typescriptVersions`) from
 * `scripts/toolchain/package-lock.json` into
 * `~/.cache/scripted-agents/toolchain/` (cached until the lock changes): the
 * `toolchain` stage of `npm test`.
 *
 * Run: `deno run --allow-all scripts/install_toolchain.ts`
 */
import { nodeVersions } from './_config.ts';
import {
  installToolchain,
  toolchainHome,
  typescriptVersions,
} from './_toolchain.ts';

const seconds = await installToolchain();
console.log(
  `toolchain: node ${nodeVersions.join(', ')}; typescript ${
    typescriptVersions.join(', ')
  }; in ${toolchainHome} (${
    seconds === 0 ? 'cached' : `installed in ${seconds.toFixed(1)}s`
  })`,
);
