/**
 * Strings for the generator: `format`, `pattern` (fast-check's
 * `stringMatching`), `minLength`/`maxLength` (in code points), the format a
 * property's name suggests, and short plain words otherwise. Private to the
 * auto folder.
 *
 * @module
 */
import * as fc from 'fast-check';
import type { Draw } from './_draw.ts';
import {
  at,
  type Context,
  count,
  fail,
  type Path,
  type Schema,
} from './_schema_common.ts';
import {
  formatOfName,
  formatted,
  isIdentifierName,
  words,
} from './_schema_formats.ts';

interface Compiled {
  /** The pattern, to check a candidate. */
  readonly regex: RegExp;
  /** The pattern without empty groups, which fast-check cannot repeat. */
  readonly source: RegExp;
  readonly arbitraries: Map<string, fc.Arbitrary<string>>;
}

/** The last patterns compiled (both their `RegExp` and their arbitraries). */
const compiled = new Map<string, Compiled>();
const cacheSize = 256;

/** Forgets the compiled patterns (tests rebuild them under a mutant). */
export function forgetPatterns(): void {
  compiled.clear();
}

/**
 * A pattern's `RegExp`, in Unicode mode when it compiles there (JSON Schema
 * patterns are ECMA-262 with Unicode semantics).
 *
 * @param pattern The `pattern` keyword.
 * @returns The compiled pattern.
 * @throws {SyntaxError} When it is not a regular expression.
 */
function compile(pattern: string): Compiled {
  let entry = compiled.get(pattern);
  if (entry === undefined) {
    let regex: RegExp;
    try {
      regex = new RegExp(pattern, 'u');
    } catch (error) {
      try {
        regex = new RegExp(pattern);
      } catch {
        throw error;
      }
    }
    let simple = pattern;
    for (let prev = ''; prev !== simple;) {
      prev = simple;
      simple = simple.replaceAll(/\(\?:\)[*+?]?/g, '');
    }
    entry = {
      regex,
      source: simple === pattern ? regex : new RegExp(simple, regex.flags),
      arbitraries: new Map(),
    };
    if (compiled.size >= cacheSize) {
      compiled.delete(compiled.keys().next().value!);
    }
    compiled.set(pattern, entry);
  }
  return entry;
}

const sizes = ['xsmall', 'small', 'medium'] as const;
const triesPerSize = 10;

/**
 * A match of the pattern within the length bounds, if one is drawn.
 *
 * @throws {Error} fast-check's error for syntax it cannot generate.
 */
function matching(
  entry: Compiled,
  fits: (text: string) => boolean,
  max: number,
  draw: Draw,
): string | undefined {
  if (!entry.arbitraries.has('')) {
    // Checks the syntax: what fast-check cannot generate throws here.
    entry.arbitraries.set('', fc.stringMatching(entry.source));
  }
  for (const size of sizes) {
    const key = `${size}:${max}`;
    let arbitrary = entry.arbitraries.get(key);
    if (arbitrary === undefined) {
      try {
        arbitrary = fc.stringMatching(entry.source, {
          size,
          ...(max === Infinity ? {} : { maxLength: max }),
        });
      } catch {
        // No match is short enough.
        return undefined;
      }
      entry.arbitraries.set(key, arbitrary);
    }
    for (let i = 0; i < triesPerSize; i++) {
      const text = draw.from(arbitrary);
      if (fits(text)) return text;
    }
  }
  return undefined;
}

/**
 * A string the schema accepts.
 *
 * @param s The flattened schema.
 * @param path Its path.
 * @param draw The seeded draws.
 * @param hint The property name it is the value of, if any.
 * @param context The attempt and the values the request offers.
 * @returns The string.
 * @throws {Unsatisfiable} When no string fits.
 */
export function stringValue(
  s: Schema,
  path: Path,
  draw: Draw,
  hint: string | undefined,
  context: Context = {},
): string {
  const min = count(s, 'minLength', path) ?? 0;
  const max = count(s, 'maxLength', path) ?? Infinity;
  if (min > max) {
    throw fail(
      at(path, 'minLength'),
      'contradictory_bounds',
      `minLength ${min} is above maxLength ${max}`,
    );
  }
  const pattern = s.pattern;
  if (pattern !== undefined && typeof pattern !== 'string') {
    throw fail(at(path, 'pattern'), 'invalid_schema', 'expected a string');
  }
  let entry: Compiled | undefined;
  try {
    entry = pattern === undefined ? undefined : compile(pattern);
  } catch (error) {
    throw fail(
      at(path, 'pattern'),
      'unsupported_pattern',
      String((error as Error).message),
    );
  }
  const fits = (text: string): boolean => {
    const length = Array.from(text).length;
    return length >= min && length <= max &&
      (entry === undefined || entry.regex.test(text));
  };
  const format = typeof s.format === 'string' ? s.format : undefined;
  const { attempt } = context;
  const candidates = format === undefined
    ? []
    : formatted(format, draw, attempt);
  for (const candidate of candidates) if (fits(candidate)) return candidate;
  const offered = format === undefined && hint !== undefined &&
      isIdentifierName(hint)
    ? (context.offered ?? []).slice(attempt ?? 0)
    : [];
  for (const candidate of offered) if (fits(candidate)) return candidate;
  if (entry !== undefined) {
    let text: string | undefined;
    try {
      text = matching(entry, fits, max, draw);
    } catch (error) {
      throw fail(
        at(path, 'pattern'),
        'unsupported_pattern',
        `cannot generate a match for ${JSON.stringify(pattern)}: ${
          (error as Error).message
        }`,
      );
    }
    if (text !== undefined) return text;
    throw fail(
      at(path, 'pattern'),
      'unsupported_pattern',
      `no match of ${JSON.stringify(pattern)} of length ${min}..${max} found`,
    );
  }
  if (candidates.length > 0) {
    throw fail(
      at(path, 'format'),
      'contradictory_bounds',
      `no "${format}" string of length ${min}..${max}`,
    );
  }
  const named = format === undefined && hint !== undefined
    ? formatOfName(hint)
    : undefined;
  if (named !== undefined) {
    for (const candidate of formatted(named, draw, attempt)) {
      if (fits(candidate)) return candidate;
    }
  }
  const upper = Math.min(max, Math.max(min, 12));
  const length = draw.int(Math.min(upper, Math.max(min, 4)), upper);
  let text = '';
  while (text.length < length) text += draw.pick(words);
  return text.slice(0, length);
}
