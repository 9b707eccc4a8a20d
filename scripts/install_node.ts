/**
 * Installs the Node.js releases the gate runs on (`nodeVersions` in
 * `_config.ts`) from `scripts/node/package-lock.json` into
 * `~/.cache/scripted-agents/node/` (cached until the lock changes): the
 * `node-install` stage of `npm test`.
 *
 * Run: `deno run --allow-all scripts/install_node.ts`
 */
import { nodeVersions } from './_config.ts';
import { installNodes, nodeHome } from './_node.ts';

const seconds = await installNodes();
console.log(
  `node: ${nodeVersions.map((v) => `v${v}`).join(', ')} in ${nodeHome} (${
    seconds === 0 ? 'cached' : `installed in ${seconds.toFixed(1)}s`
  })`,
);
