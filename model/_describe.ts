/**
 * Short, safe renderings of what a malformed input holds, and the "did you
 * mean" lookup for misspelled names. Private to the model folder (the same
 * rendering rules as the sandbox's).
 *
 * @module
 */
import { quote } from '../_internal/format.ts';

/** Longest string shown in full; longer ones are cut. */
const maxShown = 40;
/** Most key names listed before "and N more". */
const maxKeys = 3;
/** Longest name compared for a suggestion (bounds the edit distance). */
const maxCompared = 64;

function short(text: string): string {
  return text.length > maxShown
    ? `${quote(text.slice(0, maxShown))}... (${text.length} characters)`
    : quote(text);
}

/**
 * Renders a found value: strings quoted (cut when long), other primitives as
 * written, containers by kind. Never throws.
 *
 * @param value What was found.
 * @returns The rendering, or `undefined` when inspecting `value` threw (a
 * revoked proxy, say).
 */
export function describeValue(value: unknown): string | undefined {
  try {
    if (typeof value === 'string') return short(value);
    if (typeof value === 'symbol') return 'a symbol';
    if (typeof value === 'bigint') return `${value}n`;
    return quote(value);
  } catch {
    return undefined;
  }
}

/**
 * Lists key names, quoted and cut, at most a few then "and N more".
 *
 * @param keys The names (at least one).
 * @returns The list as one string.
 */
export function describeKeys(keys: readonly string[]): string {
  const shown = keys.slice(0, maxKeys).map(short).join(', ');
  const more = keys.length - maxKeys;
  return more > 0 ? `${shown} and ${more} more` : shown;
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] +
        (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length];
}

/**
 * The candidate closest to `name` by edit distance (case-insensitive), if it
 * is close enough to be a likely typo: at most a third of the name's length,
 * and at most 3 edits.
 *
 * @param name What was written.
 * @param candidates The valid names.
 * @returns The suggestion, or `undefined` when nothing is close.
 */
export function closest<T extends string>(
  name: unknown,
  candidates: readonly T[],
): T | undefined {
  if (typeof name !== 'string' || name.length > maxCompared) return undefined;
  const limit = Math.min(3, Math.floor(name.length / 3));
  const lower = name.toLowerCase();
  let best: T | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const d = distance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
