/**
 * Mutation testing (StrykerJS, `stryker.config.json`) and its gate.
 *
 * - `npm run mutation` (`--full`): every mutant of the library, rewriting
 *   the baseline `tests/mutation/incremental.json` (committed).
 * - The `mutation` stage of `npm test` (no flag): Stryker's incremental mode
 *   from that baseline, its new state kept in `.tmp/mutation-state/` (the
 *   tree is not written), so only the mutants whose code or covering tests
 *   changed since run again; when nothing they depend on changed, Stryker
 *   is not started and the stored result is checked (see `_stryker.ts`).
 *
 * Either way the JSON report (`reports/mutation/mutation.json`, beside the
 * HTML one) is then checked:
 * - the overall score is at least {@link overallThreshold}%, and each group
 *   of {@link groups} at least its threshold;
 * - every surviving (or uncovered) mutant in a file of a group is listed in
 *   `tests/mutation/equivalent.json` with a one-line reason it is
 *   equivalent, and every listed mutant still survives (a killed one is
 *   removed from the list). Survivors known when the gate came in and not
 *   yet worked through are listed too, marked `untriaged`: the gate then
 *   fails on any new survivor (a deleted test, a weakened assertion, new
 *   code without tests) while the list is worked down.
 *
 * Scores are Stryker's: detected (killed, timed out) over valid (detected,
 * survived, uncovered). Static mutants (code run when a module loads) are
 * ignored (`ignoreStatic`): each would reload every test file.
 *
 * Run: `deno run --allow-all scripts/mutation.ts [--full | --baseline]
 * [--check-only] [--list-survivors] [--write]` (`--baseline`: incremental,
 * then kept as the committed baseline) (`--list-survivors` prints the unexplained
 * survivors as list entries; `--write`, implied by `--full`, rewrites the
 * score table in CONTRIBUTING.md).
 */

import { writeBlock } from './_docs_block.ts';
import {
  inputsDigest,
  prepareState,
  runStryker,
  storeState,
  writeConfig,
} from './_stryker.ts';

/**
 * The overall mutation score below which the gate fails, in percent. The
 * target is 85% (issue #18); the thresholds here are a ratchet, set to the
 * score measured when the gate came in and raised as survivors are killed.
 */
export const overallThreshold = 98;

/** A group of files the gate holds to a threshold and an explained list. */
export interface Group {
  /** What the files do. */
  readonly name: string;
  /** Minimum score of the group, in percent. */
  readonly threshold: number;
  /** The files, as Stryker reports them. */
  readonly files: readonly string[];
}

/**
 * The code the suite sells: each double's matching and recording (with the
 * drift memory and snapshots they share), target 90%, and the error
 * classification (every error class and the shared message templates); every
 * survivor there is listed. Thresholds are the measured floors (a ratchet).
 */
export const groups: readonly Group[] = [
  {
    name: 'shared matching, drift memory, snapshots',
    threshold: 94,
    files: [
      '_internal/matcher.ts',
      '_internal/recording.ts',
      '_internal/snapshot.ts',
    ],
  },
  {
    name: 'model matching and recording',
    threshold: 97,
    files: [
      'model/scripted_model.ts',
      'model/_calls.ts',
      'model/_request_snapshot.ts',
      'replay/record_model.ts',
      'replay/replay_model.ts',
    ],
  },
  {
    name: 'sandbox matching and recording',
    threshold: 96,
    files: ['sandbox/scripted_session.ts'],
  },
  {
    name: 'realtime matching and recording',
    threshold: 98,
    files: [
      'realtime/_ledger.ts',
      'realtime/_match.ts',
      'realtime/calls.ts',
      'realtime/_trail.ts',
      'replay/record_realtime.ts',
      'replay/replay_realtime.ts',
    ],
  },
  {
    name: 'mcp matching and recording',
    threshold: 99,
    files: [
      'mcp/_read.ts',
      'mcp/_script.ts',
      'mcp/scripted_server.ts',
      'mcp/errors.ts',
      'mcp/input_errors.ts',
      'replay/_mcp_log.ts',
      'replay/record_mcp.ts',
      'replay/replay_mcp.ts',
    ],
  },
  {
    name: 'error classification',
    threshold: 99,
    files: [
      '_internal/messages.ts',
      'model/errors.ts',
      'model/step_errors.ts',
      'sandbox/errors.ts',
      'sandbox/step_errors.ts',
      'auto/errors.ts',
      'assert/errors.ts',
      'replay/errors.ts',
      'replay/file_errors.ts',
      'realtime/errors.ts',
      'realtime/input_errors.ts',
      'realtime/_error_messages.ts',
      'realtime/sim/errors.ts',
      '_internal/timeline.ts',
      '_internal/brief.ts',
    ],
  },
  {
    name: 'tracing capture and assertions',
    threshold: 100,
    files: [
      'tracing/capture.ts',
      'tracing/errors.ts',
      'tracing/generation.ts',
      'tracing/project.ts',
      'tracing/select.ts',
      'tracing/trace.ts',
      'tracing/tree.ts',
    ],
  },
  {
    name: 'run checks',
    threshold: 96,
    files: [
      'assert/guardrails.ts',
      'assert/approvals.ts',
      'assert/assert_approvals.ts',
      'assert/snapshot.ts',
      'assert/lint.ts',
      'assert/_json_schema.ts',
      'assert/_read.ts',
      'assert/run_parity.ts',
      'assert/_parity_path.ts',
      'assert/_parity_read.ts',
    ],
  },
  {
    // A guard that lets a call through passes silently: every survivor is
    // listed. The floor is the score it entered with (306 of 309).
    name: 'real-call guard',
    threshold: 99,
    files: [
      'guard/block.ts',
      'guard/errors.ts',
      'guard/_hosts.ts',
      'guard/_patches.ts',
    ],
  },
];

const reportPath = 'reports/mutation/mutation.json';
const equivalentPath = 'tests/mutation/equivalent.json';

interface Position {
  line: number;
  column: number;
}

interface ReportMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: Position; end: Position };
}

interface Report {
  files: Record<string, { source: string; mutants: ReportMutant[] }>;
}

/** One listed equivalent mutant: found by its code, not its line. */
export interface EquivalentEntry {
  file: string;
  /** Where it was when listed (a hint: lines move). */
  line: number;
  mutator: string;
  /** The mutated code as written. */
  original: string;
  replacement: string;
  /**
   * Why no test can tell it from the original; for an `untriaged` entry,
   * what a killing test would need.
   */
  reason: string;
  /**
   * `untriaged`: a survivor known when the gate was introduced and not yet
   * killed or shown equivalent (the list to work down); absent: equivalent.
   */
  kind?: 'untriaged';
}

const detected = new Set(['Killed', 'Timeout']);
const undetected = new Set(['Survived', 'NoCoverage']);

/** The code a mutant replaces, from the report's copy of the source. */
function originalOf(source: string, mutant: ReportMutant): string {
  const lines = source.split('\n');
  const { start, end } = mutant.location;
  if (start.line === end.line) {
    return (lines[start.line - 1] ?? '').slice(
      start.column - 1,
      end.column - 1,
    );
  }
  return [
    (lines[start.line - 1] ?? '').slice(start.column - 1),
    ...lines.slice(start.line, end.line - 1),
    (lines[end.line - 1] ?? '').slice(0, end.column - 1),
  ].join('\n');
}

function keyOf(
  file: string,
  mutator: string,
  original: string,
  replacement: string,
): string {
  return JSON.stringify([file, mutator, original, replacement]);
}

interface Tally {
  detected: number;
  valid: number;
}

function score({ detected, valid }: Tally): string {
  return valid === 0 ? 'n/a' : ((100 * detected) / valid).toFixed(2);
}

/**
 * Checks the report against the thresholds and the equivalent list; returns
 * the problems found (empty when the gate passes) and prints the scores.
 *
 * @param report The parsed JSON report.
 * @param equivalent The parsed equivalent list.
 * @returns The problems, one line each.
 */
export function check(
  report: Report,
  equivalent: readonly EquivalentEntry[],
  unexplained: EquivalentEntry[] = [],
  printed: { table?: string } = {},
): string[] {
  const problems: string[] = [];
  const listed = new Map<string, number>();
  for (const entry of equivalent) {
    const key = keyOf(
      entry.file,
      entry.mutator,
      entry.original,
      entry.replacement,
    );
    listed.set(key, (listed.get(key) ?? 0) + 1);
  }
  const grouped = new Map<string, Group>();
  for (const group of groups) {
    for (const file of group.files) {
      grouped.set(file, group);
      // A group naming a file the run did not mutate holds nothing: say so
      // rather than pass on an empty tally (files move).
      if (!(file in report.files)) {
        problems.push(
          `Group "${group.name}" lists ${file}, which the report does not hold (moved or renamed?)`,
        );
      }
    }
  }
  const total: Tally = { detected: 0, valid: 0 };
  const perFolder = new Map<string, Tally>();
  const perGroup = new Map<string, Tally>();
  let ignored = 0;
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const folder = file.includes('/') ? file.slice(0, file.indexOf('/')) : '.';
    const group = grouped.get(file);
    for (const mutant of mutants) {
      if (mutant.status === 'Ignored') ignored++;
      const isDetected = detected.has(mutant.status);
      if (!isDetected && !undetected.has(mutant.status)) continue;
      for (
        const tally of [
          total,
          perFolder.get(folder) ??
            perFolder.set(folder, { detected: 0, valid: 0 }).get(folder)!,
          ...(group === undefined ? [] : [
            perGroup.get(group.name) ??
              perGroup.set(group.name, { detected: 0, valid: 0 }).get(
                group.name,
              )!,
          ]),
        ]
      ) {
        tally.valid++;
        if (isDetected) tally.detected++;
      }
      if (isDetected || group === undefined) continue;
      const original = originalOf(source, mutant);
      const replacement = mutant.replacement ?? '';
      const key = keyOf(file, mutant.mutatorName, original, replacement);
      const left = listed.get(key) ?? 0;
      if (left > 0) {
        listed.set(key, left - 1);
        continue;
      }
      unexplained.push({
        file,
        line: mutant.location.start.line,
        mutator: mutant.mutatorName,
        original,
        replacement,
        reason: '',
        kind: 'untriaged',
      });
      problems.push(
        `${file}:${mutant.location.start.line}:${mutant.location.start.column} ` +
          `${mutant.status} ${mutant.mutatorName}: ${
            JSON.stringify(original)
          } -> ${
            JSON.stringify(replacement)
          } is neither killed nor listed in ${equivalentPath}`,
      );
    }
  }
  for (const [key, left] of listed) {
    if (left === 0) continue;
    const [file, mutator, original, replacement] = JSON.parse(key) as string[];
    problems.push(
      `${equivalentPath} lists ${file} ${mutator}: ${
        JSON.stringify(original)
      } -> ${JSON.stringify(replacement)}, which no longer survives: remove it`,
    );
  }
  console.log(
    `mutation score ${score(total)}% (threshold ${overallThreshold}%)`,
  );
  console.log(`  ${ignored} static mutants ignored`);
  for (const [folder, tally] of [...perFolder].sort()) {
    console.log(
      `  ${folder}/: ${score(tally)}% (${tally.detected}/${tally.valid})`,
    );
  }
  for (const group of groups) {
    const tally = perGroup.get(group.name) ?? { detected: 0, valid: 0 };
    console.log(
      `  ${group.name}: ${
        score(tally)
      }% (${tally.detected}/${tally.valid}, threshold ${group.threshold}%)`,
    );
    if (
      tally.valid > 0 && tally.detected * 100 < group.threshold * tally.valid
    ) {
      problems.push(
        `Mutation score of ${group.name} is ${
          score(tally)
        }%, below ${group.threshold}%`,
      );
    }
  }
  if (total.detected * 100 < overallThreshold * total.valid) {
    problems.push(
      `Mutation score is ${score(total)}%, below ${overallThreshold}%`,
    );
  }
  const untriaged = equivalent.filter((entry) => entry.kind === 'untriaged');
  console.log(
    `  ${
      equivalent.length - untriaged.length
    } mutants listed as equivalent, ${untriaged.length} known survivors untriaged`,
  );
  const row = (code: string, tally: Tally, threshold = '') =>
    `| ${code} | ${
      score(tally)
    }% | ${tally.detected} / ${tally.valid} | ${threshold} |`;
  printed.table = [
    '| code | score | detected / valid | threshold |',
    '| --- | --: | --: | --: |',
    row('everything', total, `${overallThreshold}%`),
    ...[...perFolder].sort().map(([folder, tally]) =>
      row(folder === '.' ? '`mod.ts`' : `\`${folder}/\``, tally)
    ),
    ...groups.map((group) =>
      row(
        group.name,
        perGroup.get(group.name) ?? { detected: 0, valid: 0 },
        `${group.threshold}%`,
      )
    ),
    '',
    `${ignored} static mutants ignored; in the listed groups ${
      equivalent.length - untriaged.length
    } survivors are listed as equivalent, each with its reason, and ${untriaged.length} as \`untriaged\`.`,
  ].join('\n');
  return problems;
}

if (import.meta.main) {
  const started = performance.now();
  const full = Deno.args.includes('--full');
  let report: Report;
  if (Deno.args.includes('--check-only')) {
    report = JSON.parse(await Deno.readTextFile(reportPath));
  } else {
    const configFile = await writeConfig();
    const state = await prepareState();
    const inputs = await inputsDigest(configFile);
    if (!full && state.inputs === inputs) {
      // Stryker would reuse every result: nothing it depends on changed.
      console.log(
        `mutation: the library, tests, lockfile and configs are those of the stored result (inputs ${
          inputs.slice(0, 12)
        }): Stryker not started, every result reused`,
      );
      report = state as unknown as Report;
    } else {
      const ran = await runStryker(configFile, full ? ['--force'] : []);
      if (ran.code !== 0) {
        console.error(`stryker exited ${ran.code}`);
        Deno.exit(ran.code);
      }
      // `--baseline`: an incremental run whose result becomes the committed
      // baseline (after a small change, instead of a full run).
      await storeState(inputs, {
        baseline: full || Deno.args.includes('--baseline'),
      });
      report = JSON.parse(await Deno.readTextFile(reportPath));
      if (ran.reused !== undefined) console.log(reuseNote(ran.reused, report));
    }
  }
  const equivalent = JSON.parse(
    await Deno.readTextFile(equivalentPath),
  ) as EquivalentEntry[];
  const unexplained: EquivalentEntry[] = [];
  const printed: { table?: string } = {};
  const problems = check(report, equivalent, unexplained, printed);
  // A full run (the committed baseline) or `--write` reprints the table the
  // contributing guide shows, so no score there is typed by hand.
  if (full || Deno.args.includes('--write')) {
    await writeBlock('CONTRIBUTING.md', 'mutation', printed.table!);
  }
  if (Deno.args.includes('--list-survivors')) {
    // The entries to add to the list, each to be killed or given a reason.
    console.log(JSON.stringify(unexplained, null, 2));
  }
  console.log(
    `mutation: ${((performance.now() - started) / 1000).toFixed(1)}s`,
  );
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) Deno.exit(1);
}

/**
 * Says which results Stryker did not reuse: the static mutants, which
 * `ignoreStatic` never runs (Stryker reuses no `Ignored` result and ignores
 * them again), and those it ran again.
 */
function reuseNote(
  { reused, total }: { reused: number; total: number },
  report: Report,
): string {
  const ignored = Object.values(report.files)
    .flatMap((file) => file.mutants)
    .filter((mutant) => mutant.status === 'Ignored').length;
  const ran = total - reused - ignored;
  return `mutation: ${reused} of ${total} results reused; the other ${
    total - reused
  }: ${ignored} static mutants (ignoreStatic: never run, reported Ignored) and ${ran} run again (their code or covering tests changed)`;
}
