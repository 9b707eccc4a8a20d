/**
 * Test counts read from what a runner prints at the end of a run: `deno
 * test`'s result line, `bun test`'s totals, `node --test`'s summary (spec or
 * TAP reporter), and the `tests:` line this repository's own matrix scripts
 * print. The gate's stage table (`scripts/test.ts`) and the matrix scripts
 * read their counts here, so every figure they print is parsed, not typed.
 *
 * @module
 */

/** The tests a run counted. */
export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** The runners whose summaries {@link parseCounts} reads. */
export type Runner = 'deno' | 'bun' | 'node' | 'summary';

// Deno colours its output whenever FORCE_COLOR is set, even to 0.
const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The last match of a `g` regexp in `text`, or `undefined`. */
function last(text: string, regexp: RegExp): RegExpMatchArray | undefined {
  return [...text.matchAll(regexp)].at(-1);
}

/**
 * Reads the counts from a runner's output (the last summary it printed).
 *
 * @param runner Whose summary to look for.
 * @param output The run's stdout and stderr.
 * @returns The counts, or `undefined` when no summary was printed.
 */
export function parseCounts(
  runner: Runner,
  output: string,
): Counts | undefined {
  const text = output.replace(ansi, '');
  switch (runner) {
    case 'deno': {
      // `ok | 1522 passed (3 steps) | 0 failed | 2 ignored (1m54s)`
      const m = last(
        text,
        /^(?:ok|FAILED) \| (\d+) passed[^|]*\| (\d+) failed(?:[^|\n]*\| (\d+) ignored)?/gm,
      );
      return m && {
        passed: Number(m[1]),
        failed: Number(m[2]),
        skipped: Number(m[3] ?? 0),
      };
    }
    case 'bun': {
      // ` 1244 pass\n 7 skip\n 0 fail\n Ran 1251 tests across 120 files.`
      const m = last(
        text,
        /^ *(\d+) pass\n(?: *(\d+) skip\n)?(?: *(\d+) todo\n)?(?: *(\d+) fail\n)?/gm,
      );
      return m && {
        passed: Number(m[1]),
        failed: Number(m[4] ?? 0),
        skipped: Number(m[2] ?? 0) + Number(m[3] ?? 0),
      };
    }
    case 'node': {
      // The spec reporter's `ℹ pass 1246`, the TAP reporter's `# pass 1246`.
      const field = (name: string): number | undefined => {
        const m = last(text, new RegExp(`^[ℹ#] ${name} (\\d+)$`, 'gm'));
        return m && Number(m[1]);
      };
      const passed = field('pass');
      if (passed === undefined) return undefined;
      return {
        passed,
        failed: (field('fail') ?? 0) + (field('cancelled') ?? 0),
        skipped: (field('skipped') ?? 0) + (field('todo') ?? 0),
      };
    }
    case 'summary': {
      const m = last(
        text,
        /^tests: (\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/gm,
      );
      return m && {
        passed: Number(m[1]),
        failed: Number(m[2]),
        skipped: Number(m[3] ?? 0),
      };
    }
  }
}

/** The counts added up. */
export function addCounts(all: readonly (Counts | undefined)[]): Counts {
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  for (const counts of all) {
    if (counts === undefined) continue;
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
  return total;
}

/**
 * The `tests:` line a matrix script prints last, which the gate reads
 * ({@link parseCounts} with `'summary'`).
 */
export function summaryLine(counts: Counts): string {
  return `tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
}
