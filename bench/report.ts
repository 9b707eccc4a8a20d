/**
 * Runs every bench file once (`deno bench --json bench/`) and prints the
 * Markdown table of ratios within that one run: ours and the SDK's testing
 * module against the floor, ours against the SDK's module, and the target
 * of each scenario.
 *
 *     deno task bench:report            # runs the benches, then reports
 *     deno task bench:report run.json   # reports a saved `deno bench --json`
 *     deno task bench:report --write    # and writes it into CONTRIBUTING.md
 *
 * Ratios use the mean time per iteration (what `deno bench` itself compares)
 * and, in brackets, the 75th percentile, which shrugs off the odd
 * full-heap collection or a neighbour's burst on a shared machine.
 *
 * @module
 */

interface Stats {
  avg: number;
  p75: number;
  n: number;
}

interface BenchRecord {
  group?: string;
  name: string;
  results: { ok?: Stats }[];
}

/** What a scenario must reach: `ours / against <= max`. */
interface Target {
  label: string;
  against: 'floor' | 'sdk';
  max: number;
}

const targets: [prefix: string, target: Target][] = [
  ['model call', { label: '<= 1.5x floor', against: 'floor', max: 1.5 }],
  ['sandbox', { label: '<= 0.5x SDK', against: 'sdk', max: 0.5 }],
  ['realtime sendAudio', { label: '<= 0.3x SDK', against: 'sdk', max: 0.3 }],
  ['realtime emit', { label: '<= 1.0x SDK', against: 'sdk', max: 1 }],
  ['Runner tool loop', { label: '<= 1.10x floor', against: 'floor', max: 1.1 }],
];

import { writeBlock } from '../scripts/_docs_block.ts';

const write = Deno.args.includes('--write');
const lines: string[] = [];
/** Prints a line of the report and keeps it for `--write`. */
function say(line: string): void {
  console.log(line);
  lines.push(line);
}

async function benchJson(): Promise<string> {
  const saved = Deno.args.find((arg) => !arg.startsWith('--'));
  if (saved !== undefined) return await Deno.readTextFile(saved);
  const output = await new Deno.Command(Deno.execPath(), {
    args: ['bench', '--json', '--allow-all', '--no-check', 'bench/'],
    stdout: 'piped',
    stderr: 'inherit',
  }).output();
  if (!output.success) throw new Error('deno bench failed');
  return new TextDecoder().decode(output.stdout);
}

const format = (ns: number): string =>
  ns >= 1e6
    ? `${(ns / 1e6).toFixed(2)} ms`
    : ns >= 1e3
    ? `${(ns / 1e3).toFixed(1)} µs`
    : `${ns.toFixed(0)} ns`;

/** `yes` when mean and 75th percentile both meet the target. */
function verdict(mean: number, p75: number, max: number): string {
  if (mean <= max && p75 <= max) return 'yes';
  if (mean <= max) return 'mean only';
  return p75 <= max ? 'p75 only' : 'no';
}

const ratio = (a: Stats, b: Stats): string =>
  `${(a.avg / b.avg).toFixed(2)}x (${(a.p75 / b.p75).toFixed(2)}x)`;

const report = JSON.parse(await benchJson()) as {
  runtime: string;
  cpu: string;
  benches: BenchRecord[];
};
const groups = new Map<string, Map<string, Stats>>();
const infos: [group: string, name: string, stats: Stats][] = [];
for (const bench of report.benches) {
  const stats = bench.results[0]?.ok;
  if (bench.group === undefined || stats === undefined) continue;
  const role = bench.name.split(':')[0] ?? bench.name;
  if (role === 'info') infos.push([bench.group, bench.name, stats]);
  const rows = groups.get(bench.group) ?? new Map<string, Stats>();
  rows.set(role, stats);
  groups.set(bench.group, rows);
}

say(`${report.runtime}, ${report.cpu}`);
say('');
say(
  '| scenario | floor | ours | SDK module | ours / floor | SDK / floor ' +
    '| ours / SDK | target | met |',
);
say('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
let missed = 0;
for (const [group, rows] of groups) {
  const floor = rows.get('floor');
  const ours = rows.get('ours');
  const sdk = rows.get('sdk');
  if (!floor || !ours || !sdk) continue;
  const target = targets.find(([prefix]) => group.startsWith(prefix))?.[1];
  const against = target?.against === 'sdk' ? sdk : floor;
  const met = target === undefined
    ? ''
    : verdict(ours.avg / against.avg, ours.p75 / against.p75, target.max);
  if (met !== 'yes' && met !== '') missed++;
  say(
    `| ${group} | ${format(floor.avg)} | ${format(ours.avg)} | ${
      format(sdk.avg)
    } | ${ratio(ours, floor)} | ${ratio(sdk, floor)} | ${ratio(ours, sdk)} | ${
      target?.label ?? ''
    } | ${met} |`,
  );
}
say('');
say('Times are the mean per iteration; ratios are mean (75th percentile).');
say('');
for (const [group, name, stats] of infos) {
  const rows = groups.get(group);
  const floor = rows?.get('floor');
  const sdk = rows?.get('sdk');
  if (!floor || !sdk) continue;
  say(
    `- ${group}, ${name}: ${format(stats.avg)}; ${ratio(stats, floor)} floor, ${
      ratio(stats, sdk)
    } SDK`,
  );
}
for (const [group, rows] of groups) {
  const auto = rows.get('auto');
  const script = rows.get('script');
  if (!auto || !script) continue;
  say(
    `- ${group}: auto ${format(auto.avg)}, script ${
      format(script.avg)
    }: auto / script ${ratio(auto, script)}`,
  );
}
for (const [group, rows] of groups) {
  const hand = rows.get('hand');
  if (!hand) continue;
  for (const [role, stats] of rows) {
    if (role === 'hand') continue;
    say(
      `- ${group}, ${role}: ${format(stats.avg)}: ${role} / hand-written ${
        ratio(stats, hand)
      }`,
    );
  }
}
// An MCP run against the same tools as function tools.
for (const [group, rows] of groups) {
  const fn = rows.get('function');
  if (!fn) continue;
  for (const role of ['mcp', 'mcp cached']) {
    const stats = rows.get(role);
    if (!stats) continue;
    say(
      `- ${group}, ${role}: ${format(stats.avg)}, function tools ${
        format(fn.avg)
      }: ${role} / function ${ratio(stats, fn)}`,
    );
  }
}
// A group timed alone against a stated bound (`target < N ms`).
for (const [group, rows] of groups) {
  const bound = /target < (\d+) ms/.exec(group)?.[1];
  const ours = rows.get('ours');
  if (bound === undefined || !ours || rows.has('floor')) continue;
  const met = ours.avg <= Number(bound) * 1e6 &&
    ours.p75 <= Number(bound) * 1e6;
  if (!met) missed++;
  say(
    `- ${group}: ${format(ours.avg)} (p75 ${format(ours.p75)}): ${
      met ? 'met' : 'missed'
    }`,
  );
}
// A traced run against the same run untraced, bounded
// (`traced <= N x untraced` in the group's name): the trace capture's bench.
for (const [group, rows] of groups) {
  const bound = /traced <= ([\d.]+)x untraced/.exec(group)?.[1];
  const tracedRun = rows.get('traced');
  const untracedRun = rows.get('untraced');
  if (bound === undefined || !tracedRun || !untracedRun) continue;
  const met = verdict(
    tracedRun.avg / untracedRun.avg,
    tracedRun.p75 / untracedRun.p75,
    Number(bound),
  );
  if (met !== 'yes') missed++;
  const sdkShare = rows.get('sdk-tracing');
  say(
    `- ${group}: untraced ${format(untracedRun.avg)}, traced ${
      format(tracedRun.avg)
    }: traced / untraced ${ratio(tracedRun, untracedRun)}${
      sdkShare ? `, SDK tracing alone ${ratio(sdkShare, untracedRun)}` : ''
    }: ${met === 'yes' ? 'met' : `missed (${met})`}`,
  );
}
if (missed > 0) {
  say(`${missed} target(s) missed by the mean or the 75th percentile`);
}
if (write) {
  await writeBlock('CONTRIBUTING.md', 'bench', lines.join('\n'));
}
