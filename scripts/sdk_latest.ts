/**
 * `npm run sdk:latest`: the newest `@openai/agents` on the registry against
 * the supported range, for a scheduled job. It runs the `sdk-matrix` cell
 * for that version (scripts/sdk_matrix.ts: install beside the packed
 * package, one SDK core, examples and differential suite on Deno, Bun and
 * Node, consumer and source type checks) and fails when
 *
 * - the newest release is outside the range (`sdkRange` in `_config.ts`):
 *   the range is widened deliberately, after this run passes on it; or
 * - it is inside the range and a check fails on it.
 *
 * A release outside the range is installed with `--legacy-peer-deps` (npm
 * refuses it otherwise), so the run still says whether its checks pass.
 *
 * A passing release that is newer than the matrix's pin of its minor is
 * reported, to be added to `sdkMatrix` (and the README's table).
 *
 * Run after `scripts/build_npm.ts`:
 * `deno run --allow-all scripts/sdk_latest.ts [--version X.Y.Z]`
 * (`--version` checks a given release instead of the registry's newest).
 */
import {
  inSdkRange,
  sdkMatrix,
  sdkPeerRange,
  versionParts,
} from './_config.ts';
import { must } from './_consumer_kit.ts';
import { describeCell, runMatrix } from './sdk_matrix.ts';

const at = Deno.args.indexOf('--version');
const version = at === -1
  ? JSON.parse(
    await must('npm', ['view', '@openai/agents', 'version', '--json'], '.'),
  ) as string
  : Deno.args[at + 1];
if (version === undefined) throw new Error('Missing version after --version');
versionParts(version);

const inRange = inSdkRange(version);
console.log(
  `sdk:latest: @openai/agents ${version} is ${
    inRange ? 'inside' : 'outside'
  } the supported range ${sdkPeerRange}; running its matrix cell`,
);
const [cell] = await runMatrix([version], { outOfRange: !inRange });
if (cell === undefined) throw new Error('The matrix returned no cell');
console.log(describeCell(cell));
if (!cell.ok) console.error(cell.failures.join('\n'));

const [, minor] = versionParts(version);
const pinned = sdkMatrix.find((v) => versionParts(v)[1] === minor);
if (!inRange) {
  console.error(
    `sdk:latest: @openai/agents ${version} is outside the supported range: ${sdkPeerRange}. ` +
      (cell.ok
        ? `Its checks pass: widen sdkRange in scripts/_config.ts, add ${version} to sdkMatrix and the README's table`
        : 'Its checks fail (above): fix them before widening the range'),
  );
  Deno.exit(1);
}
if (!cell.ok) {
  console.error(
    `sdk:latest: @openai/agents ${version} is inside the supported range but fails its checks (above)`,
  );
  Deno.exit(1);
}
if (
  pinned === undefined || versionParts(pinned)[2] < versionParts(version)[2]
) {
  console.log(
    `sdk:latest: ${version} passes; the matrix pins ${
      pinned ?? 'nothing'
    } for 0.${minor}: add ${version} to sdkMatrix in scripts/_config.ts and the README's table`,
  );
} else {
  console.log(
    `sdk:latest: ${version} passes; the matrix pins ${pinned} for 0.${minor}`,
  );
}
