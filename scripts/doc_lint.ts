/**
 * The `doc-lint` stage: `deno doc --lint` on the entry points of `deno.json`'s
 * `exports`. Fails on any documentation problem except a `private-type-ref`
 * to one of the SDK types listed below: Deno reports those because the SDK is
 * read from a local `node_modules` (`file:` URLs), although they are public
 * types of another package (denoland/deno#27364).
 *
 * Run: `deno run --allow-all scripts/doc_lint.ts`
 */

/** SDK types our public signatures name; each is public in its package. */
const sdkTypes = new Set([
  'AgentOutputItem',
  'AssistantMessageItem',
  'FunctionCallItem',
  'Model',
  'ModelRequest',
  'ModelResponse',
  'ModelRetryAdvice',
  'ModelRetryAdviceRequest',
  'RealtimeSession',
  'RealtimeTransportEventTypes',
  'RealtimeTransportLayer',
  'RealtimeTransportLayerConnectOptions',
  'SandboxSession',
  'StreamEvent',
  'Usage',
  'UsageInput',
]);

const config = JSON.parse(await Deno.readTextFile('deno.json')) as {
  exports: Record<string, string>;
};
const entries = Object.values(config.exports);
const output = await new Deno.Command(Deno.execPath(), {
  args: ['doc', '--lint', ...entries],
  stdout: 'piped',
  stderr: 'piped',
  env: { NO_COLOR: '1' },
}).output();
const text = new TextDecoder().decode(output.stdout) +
  new TextDecoder().decode(output.stderr);

const problems: string[] = [];
let allowed = 0;
for (const block of text.split(/\n(?=error\[)/)) {
  const head = /^error\[([\w-]+)\]: (.*)/.exec(block.trimStart());
  if (head === null) continue;
  const [, code, message] = head;
  const ref = /references private type '([^']+)'/.exec(message ?? '');
  if (code === 'private-type-ref' && ref?.[1] && sdkTypes.has(ref[1])) {
    allowed++;
    continue;
  }
  const at = /-->\s*(\S+)/.exec(block)?.[1] ?? 'unknown location';
  problems.push(`${code}: ${message} (${at})`);
}
console.log(
  `deno doc --lint ${entries.join(' ')}: ${problems.length} problems, ` +
    `${allowed} private-type-ref to SDK types allowed`,
);
for (const problem of problems) console.error(problem);
if (problems.length > 0 || (!output.success && allowed === 0)) Deno.exit(1);
