/**
 * Structural comparison and a line diff for the run assertions' messages,
 * redacted as fixtures are (what a message prints, a public CI log keeps).
 * Nothing here throws on a hostile value in the rendering (a revoked proxy,
 * a throwing getter reads as `an unreadable value`); the comparison may
 * throw, and its caller reports that as unreadable input.
 *
 * @module
 */
import { describe } from './format.ts';
import { at } from './read.ts';
import { redactedCopy } from './redacted_copy.ts';
import { isPlainPrototype } from './snapshot.ts';

/** Longest rendering, in lines, before it is cut with `…`. */
const maxLines = 120;
/** Deepest nesting rendered. */
const maxDepth = 8;

function isPlain(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return false;
  }
  const proto = Object.getPrototypeOf(value);
  return proto === null || isPlainPrototype(proto);
}

/**
 * Where two values first differ, walking arrays by index and plain objects
 * by key (a key holding `undefined` counts as absent); other objects are
 * compared by identity, primitives with `Object.is` (`0` equals `-0`).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { firstDifference } from './diff.ts';
 *
 * assert.equal(firstDifference({ a: [1] }, { a: [1] }), undefined);
 * assert.equal(firstDifference({ a: [1] }, { a: [2] }), 'a[0]');
 * assert.equal(firstDifference(1, 2), '');
 * ```
 *
 * @param expected The expected value.
 * @param actual The actual value.
 * @param path The path of both (`''` for the root).
 * @param depth How deep the walk is (past 100, identity decides).
 * @returns The path of the first difference (`''` for the root), or
 * `undefined` when they are equal.
 */
export function firstDifference(
  expected: unknown,
  actual: unknown,
  path = '',
  depth = 0,
): string | undefined {
  if (expected === actual || Object.is(expected, actual)) return undefined;
  // A cycle, or absurd depth: compared by identity from here.
  if (depth > 100) return path;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const length = Math.max(expected.length, actual.length);
    for (let i = 0; i < length; i++) {
      if (i >= expected.length || i >= actual.length) return at(path, i);
      const found = firstDifference(
        expected[i],
        actual[i],
        at(path, i),
        depth + 1,
      );
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (isPlain(expected) && isPlain(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const key of keys) {
      const found = firstDifference(
        expected[key],
        actual[key],
        at(path, key),
        depth + 1,
      );
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return path;
}

/**
 * The value at a path {@link firstDifference} returned; never throws.
 *
 * @param value The root value.
 * @param path The path.
 * @returns The value there, or `undefined`.
 */
export function valueAt(value: unknown, path: string): unknown {
  try {
    const steps = path.match(/[A-Za-z_$][\w$]*|\[(\d+|"(?:[^"\\]|\\.)*")\]/g) ??
      [];
    let current = value;
    for (const step of steps) {
      if (typeof current !== 'object' || current === null) return undefined;
      const key = step.startsWith('[')
        ? (step[1] === '"'
          ? JSON.parse(step.slice(1, -1))
          : Number(step.slice(1, -1)))
        : step;
      current = (current as Record<string, unknown>)[key];
    }
    return current;
  } catch {
    return undefined;
  }
}

/**
 * A copy of `value` as a message may print it, removing what fixtures
 * remove (`./encode.ts`): the strings under credential keys (not a JSON
 * schema's property names), credential shapes in text and keys, JSON text
 * key by key. Numbers, booleans and what is shown by kind only (class
 * instances, functions) stay; cycles are kept; only what the rendering
 * reaches is copied. May throw on a hostile value, as reading it would.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { printable } from './diff.ts';
 *
 * assert.deepEqual(printable({ password: 'hunter22', n: 1 }), {
 *   password: '[redacted]',
 *   n: 1,
 * });
 * ```
 *
 * @param value The value.
 * @returns The copy.
 */
export function printable(value: unknown): unknown {
  return redactedCopy(value, { maxItems: maxLines + 1, maxDepth });
}

/**
 * The value at `path` of `root` as a message shows it (redacted, as
 * {@link describe} renders it); never throws.
 *
 * @param root The root value.
 * @param path A path {@link firstDifference} returned.
 * @returns The rendering.
 */
export function shownAt(root: unknown, path: string): string {
  try {
    return describe(valueAt(printable(root), path));
  } catch {
    return 'an unreadable value';
  }
}

function scalar(value: unknown): string {
  if (typeof value === 'string') {
    const text = value.length > 200 ? `${value.slice(0, 200)}…` : value;
    return JSON.stringify(text);
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return describe(value);
}

function render(
  value: unknown,
  indent: string,
  prefix: string,
  suffix: string,
  depth: number,
  seen: Set<unknown>,
  out: string[],
): void {
  if (out.length > maxLines) return;
  if (typeof value !== 'object' || value === null) {
    out.push(`${indent}${prefix}${scalar(value)}${suffix}`);
    return;
  }
  const array = Array.isArray(value);
  if ((!array && !isPlain(value)) || depth >= maxDepth || seen.has(value)) {
    const what = seen.has(value) ? 'a circular reference' : describe(value);
    out.push(`${indent}${prefix}${what}${suffix}`);
    return;
  }
  const entries: [string, unknown][] = array
    ? Array.from(
      { length: Math.min((value as unknown[]).length, maxLines + 1) },
      (_, i) => ['', (value as unknown[])[i]],
    )
    : Object.keys(value).slice(0, maxLines + 1).filter((k) =>
      (value as Record<string, unknown>)[k] !== undefined
    ).map((k) => [
      `${JSON.stringify(k)}: `,
      (value as Record<string, unknown>)[k],
    ]);
  const [open, close] = array ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) {
    out.push(`${indent}${prefix}${open}${close}${suffix}`);
    return;
  }
  seen.add(value);
  out.push(`${indent}${prefix}${open}`);
  entries.forEach(([key, entry], i) => {
    render(
      entry,
      `${indent}  `,
      key,
      i < entries.length - 1 ? ',' : '',
      depth + 1,
      seen,
      out,
    );
  });
  out.push(`${indent}${close}${suffix}`);
  seen.delete(value);
}

/**
 * Renders a value as indented JSON-like lines (strings quoted, other
 * values by kind), at most {@link maxLines} of them, redacted as
 * {@link printable} redacts; never throws.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { toLines } from './diff.ts';
 *
 * assert.deepEqual(toLines({ a: [1] }), ['{', '  "a": [', '    1', '  ]', '}']);
 * ```
 *
 * @param value The value.
 * @returns The lines.
 */
export function toLines(value: unknown): string[] {
  const out: string[] = [];
  try {
    render(printable(value), '', '', '', 0, new Set(), out);
  } catch {
    return ['an unreadable value'];
  }
  return out.length > maxLines ? [...out.slice(0, maxLines), '…'] : out;
}

/**
 * A line diff of two renderings, as test runners print one: a header
 * (`- expected`, `+ actual`), then each line prefixed with `- ` (only
 * expected), `+ ` (only actual) or two spaces (both).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { lineDiff } from './diff.ts';
 *
 * assert.equal(
 *   lineDiff(['[', '  1', ']'], ['[', '  2', ']']),
 *   '- expected\n+ actual\n\n  [\n-   1\n+   2\n  ]',
 * );
 * ```
 *
 * @param expected The expected lines.
 * @param actual The actual lines.
 * @returns The diff, lines joined with `\n`.
 */
export function lineDiff(
  expected: readonly string[],
  actual: readonly string[],
): string {
  const n = expected.length;
  const m = actual.length;
  // Longest common subsequence, from the end.
  const table = Array.from(
    { length: n + 1 },
    () => new Array<number>(m + 1).fill(0),
  );
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i]![j] = expected[i] === actual[j]
        ? table[i + 1]![j + 1]! + 1
        : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const out = ['- expected', '+ actual', ''];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && expected[i] === actual[j]) {
      out.push(`  ${expected[i++]}`);
      j++;
    } else if (i < n && (j >= m || table[i + 1]![j]! >= table[i]![j + 1]!)) {
      out.push(`- ${expected[i++]}`);
    } else {
      out.push(`+ ${actual[j++]}`);
    }
  }
  return out.join('\n');
}
