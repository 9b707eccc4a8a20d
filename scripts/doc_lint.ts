/**
 * The `doc-lint` stage: `deno doc --lint` on the entry points of `deno.json`'s
 * `exports`. Fails on any documentation problem except a `private-type-ref`
 * to one of the SDK types listed below, and tolerates even those only when
 * the stage proves them public SDK types: each name is type-checked as an
 * export of its SDK package, and no library file declares a type of that
 * name (so a private type of ours cannot hide behind an SDK name).
 *
 * Why any is tolerated: Deno 2.9's `deno doc --lint` reports every type of
 * an npm package that a public signature names as private, whether the
 * package comes from a local `node_modules` or from the npm registry into
 * `DENO_DIR` (both are `file:` modules to it; denoland/deno#27364). The
 * issue's ways out were measured (#12, 2026-12-01): re-exporting the 14 SDK
 * types from our entry points (`export type { ModelRequest, … } from
 * '@openai/agents-core'`) clears our 40 problems but makes Deno lint the SDK's
 * own declarations, 167 problems, all in the SDK's `.d.ts` files (its
 * undocumented members, its unexported types), with `node_modules` and with
 * `DENO_DIR` alike; an alias of ours (`export type X = ModelRequest`,
 * `interface X extends ModelRequest`) is itself reported. Only `@internal` or
 * `@ignore` silence the lint, and they would hide public types.
 *
 * Run: `deno run --allow-all scripts/doc_lint.ts`
 */

/**
 * SDK types our public signatures name, each with where the SDK exports it: a
 * package, or `protocol` for the `protocol` namespace of the core package.
 */
const sdkTypes: Readonly<Record<string, string>> = {
  Agent: '@openai/agents-core',
  AgentInputItem: '@openai/agents-core',
  AgentOutputItem: '@openai/agents-core',
  AssistantMessageItem: '@openai/agents-core',
  FunctionCallItem: '@openai/agents-core',
  Handoff: '@openai/agents-core',
  Model: '@openai/agents-core',
  ModelRequest: '@openai/agents-core',
  ModelResponse: '@openai/agents-core',
  ModelRetryAdvice: '@openai/agents-core',
  ModelRetryAdviceRequest: '@openai/agents-core',
  RunItem: '@openai/agents-core',
  RunState: '@openai/agents-core',
  RunToolApprovalItem: '@openai/agents-core',
  StreamEvent: '@openai/agents-core',
  TracingProcessor: '@openai/agents-core',
  Usage: '@openai/agents-core',
  CallToolResult: '@openai/agents-core',
  CallToolResultContent: '@openai/agents-core',
  MCPServer: '@openai/agents-core',
  MCPServerWithResources: '@openai/agents-core',
  MCPResource: '@openai/agents-core',
  MCPResourceTemplate: '@openai/agents-core',
  MCPListResourcesResult: '@openai/agents-core',
  MCPListResourceTemplatesResult: '@openai/agents-core',
  MCPReadResourceResult: '@openai/agents-core',
  ApplyPatchCallItem: 'protocol',
  ApplyPatchOperation: 'protocol',
  ComputerAction: 'protocol',
  ComputerUseCallItem: 'protocol',
  HostedToolCallItem: 'protocol',
  ReasoningItem: 'protocol',
  ShellCallItem: 'protocol',
  SandboxSession: '@openai/agents-core/sandbox',
  RealtimeSession: '@openai/agents-realtime',
  RealtimeTransportEventTypes: '@openai/agents-realtime',
  RealtimeTransportLayer: '@openai/agents-realtime',
  RealtimeTransportLayerConnectOptions: '@openai/agents-realtime',
};

const config = JSON.parse(await Deno.readTextFile('deno.json')) as {
  exports: Record<string, string>;
  publish: { include: string[] };
};
const decoder = new TextDecoder();

async function run(args: string[]): Promise<{ ok: boolean; text: string }> {
  const output = await new Deno.Command(Deno.execPath(), {
    args,
    stdout: 'piped',
    stderr: 'piped',
    env: { NO_COLOR: '1' },
  }).output();
  return {
    ok: output.success,
    text: decoder.decode(output.stdout) + decoder.decode(output.stderr),
  };
}

/** Every `.ts` file of the published library folders. */
async function libraryFiles(): Promise<string[]> {
  const files: string[] = [];
  const walk = async (path: string): Promise<void> => {
    const info = await Deno.stat(path);
    if (info.isFile) {
      if (path.endsWith('.ts')) files.push(path);
      return;
    }
    for await (const entry of Deno.readDir(path)) {
      await walk(`${path.replace(/\/$/, '')}/${entry.name}`);
    }
  };
  for (const path of config.publish.include) await walk(path);
  return files;
}

/** Problems with the allow-list itself: names that are not public SDK types. */
async function checkAllowList(): Promise<string[]> {
  const problems: string[] = [];
  const byPackage = new Map<string, string[]>();
  for (const [name, pkg] of Object.entries(sdkTypes)) {
    byPackage.set(pkg, [...(byPackage.get(pkg) ?? []), name]);
  }
  const source = [...byPackage].map(([pkg, names]) =>
    pkg === 'protocol'
      ? `import type { protocol } from '@openai/agents-core';\n` +
        names.map((name) => `export type _${name} = protocol.${name};\n`)
          .join('')
      : `import type { ${names.join(', ')} } from '${pkg}';\n`
  ).join('');
  // Beside this script: `deno check` skips files in excluded folders (.tmp/).
  const probe = 'scripts/_doc_lint_probe.ts';
  await Deno.writeTextFile(probe, source);
  let checked;
  try {
    checked = await run(['check', '--quiet', probe]);
  } finally {
    await Deno.remove(probe);
  }
  if (!checked.ok || checked.text.includes('No matching files')) {
    problems.push(
      `allow-list: a listed name is not a type export of its SDK package:\n${checked.text}`,
    );
  }
  const names = Object.keys(sdkTypes).join('|');
  const declaration = new RegExp(
    // A declaration, not an `import { type X, … }` line.
    `^\\s*(?:export\\s+)?(?:declare\\s+)?(?:type|interface|class|enum)\\s+(${names})\\b\\s*(?:[<={]|extends\\b|implements\\b)`,
    'm',
  );
  for (const file of await libraryFiles()) {
    const found = declaration.exec(await Deno.readTextFile(file))?.[1];
    if (found !== undefined) {
      problems.push(
        `allow-list: ${file} declares its own "${found}", which the SDK allowance would hide`,
      );
    }
  }
  return problems;
}

const entries = Object.values(config.exports);
const linted = await run(['doc', '--lint', ...entries]);

const problems: string[] = await checkAllowList();
let allowed = 0;
for (const block of linted.text.split(/\n(?=error\[)/)) {
  const head = /^error\[([\w-]+)\]: (.*)/.exec(block.trimStart());
  if (head === null) continue;
  const [, code, message] = head;
  const ref = /references private type '([^']+)'/.exec(message ?? '');
  if (code === 'private-type-ref' && ref?.[1] && ref[1] in sdkTypes) {
    allowed++;
    continue;
  }
  const at = /-->\s*(\S+)/.exec(block)?.[1] ?? 'unknown location';
  problems.push(`${code}: ${message} (${at})`);
}
console.log(
  `deno doc --lint ${entries.join(' ')}: ${problems.length} problems, ` +
    `${allowed} private-type-ref to public SDK types allowed`,
);
for (const problem of problems) console.error(problem);
if (problems.length > 0 || (!linted.ok && allowed === 0)) Deno.exit(1);
