/**
 * `npm run lockfiles`: writes the committed lockfile of every project the
 * gate installs, so that a rerun of one commit installs the same trees:
 *
 * - each consumer template with a `package.json` (`scripts/consumers/SET/`);
 * - each SDK version of the matrix (`scripts/sdk_matrix/VERSION/`, its
 *   `package.json` written here too; folders of versions no longer in
 *   `sdkMatrix` are removed);
 * - the gate's toolchain (`scripts/toolchain/`: the Node releases and the
 *   consumer TypeScript compilers, see `_toolchain.ts`).
 *
 * Each lock is resolved afresh (`npm install --package-lock-only`, the old
 * lock removed first): the newest releases the `package.json` ranges allow.
 * A project that installs the packed package names it
 * `file:./scripted-agents.tgz`; its lock entry keeps no integrity, since its
 * content is each build's, not a release's.
 *
 * Run after `scripts/build_npm.ts`:
 * `deno run --allow-all scripts/lockfiles.ts [NAME-SUBSTRING ...]`
 */
import { sdkMatrix } from './_config.ts';
import { exists, must, pack, tarballName, templates } from './_consumer_kit.ts';
import { toolchainJson, toolchainProject } from './_toolchain.ts';
import { sdkProject, sdkProjectJson } from './sdk_matrix.ts';

interface Project {
  /** What the log calls it. */
  name: string;
  /** The committed folder its `package.json` and lock live in. */
  folder: string;
  /** The `package.json` to write first, when it is generated. */
  packageJson?: string;
}

const projects: Project[] = [
  {
    name: 'toolchain',
    folder: toolchainProject,
    packageJson: toolchainJson(),
  },
];
for await (const entry of Deno.readDir(templates)) {
  const folder = `${templates}/${entry.name}/`;
  if (entry.isDirectory && (await exists(`${folder}package.json`))) {
    projects.push({ name: `consumers/${entry.name}`, folder });
  }
}
for (const version of sdkMatrix) {
  projects.push({
    name: `sdk-matrix/${version}`,
    folder: sdkProject(version),
    packageJson: sdkProjectJson(version),
  });
}
projects.sort((a, b) => a.name.localeCompare(b.name));

// Folders of SDK versions that left the matrix.
const sdkRoot = sdkProject('');
await Deno.mkdir(sdkRoot, { recursive: true });
for await (const entry of Deno.readDir(sdkRoot)) {
  if (entry.isDirectory && !sdkMatrix.includes(entry.name)) {
    await Deno.remove(`${sdkRoot}${entry.name}`, { recursive: true });
    console.log(`lockfiles: removed sdk-matrix/${entry.name}`);
  }
}

const filters = Deno.args;
const chosen = projects.filter((project) =>
  filters.length === 0 || filters.some((f) => project.name.includes(f))
);
const tarball = await pack('lockfiles');
const scratch = `${Deno.cwd()}/.tmp/lockfiles`;
await Deno.remove(scratch, { recursive: true }).catch(() => {});

/** Resolves one project's lock in a scratch folder and commits it. */
async function lock(project: Project): Promise<void> {
  const t0 = performance.now();
  await Deno.mkdir(project.folder, { recursive: true });
  if (project.packageJson !== undefined) {
    await Deno.writeTextFile(
      `${project.folder}package.json`,
      project.packageJson,
    );
  }
  const dir = `${scratch}/${project.name.replaceAll('/', '_')}`;
  await Deno.mkdir(dir, { recursive: true });
  const packageJson = await Deno.readTextFile(`${project.folder}package.json`);
  await Deno.writeTextFile(`${dir}/package.json`, packageJson);
  const ours = packageJson.includes(`file:./${tarballName}`);
  if (ours) await Deno.copyFile(tarball, `${dir}/${tarballName}`);
  await must('npm', [
    'install',
    '--package-lock-only',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
  ], dir);
  const lockfile = JSON.parse(
    await Deno.readTextFile(`${dir}/package-lock.json`),
  );
  const entry = lockfile.packages?.['node_modules/@scripted/agents'];
  if (ours && entry === undefined) {
    throw new Error(`${project.name}: the lock has no @scripted/agents`);
  }
  if (entry !== undefined) delete entry.integrity;
  await Deno.writeTextFile(
    `${project.folder}package-lock.json`,
    JSON.stringify(lockfile, null, 2) + '\n',
  );
  const count = Object.keys(lockfile.packages ?? {}).length - 1;
  console.log(
    `lockfiles: ${project.name}: ${count} packages (${
      ((performance.now() - t0) / 1000).toFixed(1)
    }s)`,
  );
}

// Resolution waits on the registry: four at a time.
const queue = [...chosen];
await Promise.all(
  Array.from({ length: 4 }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await lock(next);
    }
  }),
);
console.log(
  `lockfiles: ${chosen.length} lockfiles written; commit them with the change that needed them`,
);
