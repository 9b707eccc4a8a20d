/**
 * Message formatting shared by the error classes of every double.
 *
 * @module
 */

/**
 * Quotes a value for an error message: strings in double quotes, other
 * primitives as written, containers by kind.
 *
 * @param value The value to show.
 * @returns A short, single-line rendering of `value`.
 */
export function quote(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'undefined':
      return 'undefined';
    case 'function':
      return 'a function';
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) return `an array of ${value.length}`;
      return 'an object';
    default:
      return String(value);
  }
}

/**
 * Lists quoted names (`"a", "b"`), or `none` for an empty list.
 *
 * @param names The names to list.
 * @returns The list as one string.
 */
export function quoteList(names: readonly string[]): string {
  return names.length === 0 ? 'none' : names.map((n) => quote(n)).join(', ');
}

/**
 * `1 step` / `2 steps`.
 *
 * @param count How many.
 * @param noun The singular noun.
 * @returns The count with its noun.
 */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
