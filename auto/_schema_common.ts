/**
 * What the schema generator's parts share: the failure it throws, schema
 * paths, and safe readers of schema values. Private to the model folder.
 *
 * @module
 */
import type { Draw } from './_draw.ts';
import type { AutoModelSchemaReason } from './errors.ts';

/** Why a schema could not be satisfied, and where. */
export class Unsatisfiable extends Error {
  /** Dotted schema path, such as `parameters.properties.n.minimum`. */
  readonly path: string;
  /** The kind of failure. */
  readonly reason: AutoModelSchemaReason;
  /** What exactly. */
  readonly detail: string;

  /**
   * @param path Where.
   * @param reason The kind of failure.
   * @param detail What exactly.
   */
  constructor(path: string, reason: AutoModelSchemaReason, detail: string) {
    super(`${path}: ${detail}`);
    this.name = 'Unsatisfiable';
    this.path = path;
    this.reason = reason;
    this.detail = detail;
  }
}

/** A schema object. */
export type Schema = Record<string, unknown>;
/** A schema path, one keyword or name per segment. */
export type Path = readonly string[];

/** Largest string, array or object size generated. */
export const maxSize = 10_000;
/** Depth from which optional parts are left out, to end recursion. */
export const minimalDepth = 8;

/** What a keyword's generator needs from the walk. */
/** What a draw knows besides the schema. */
export interface Context {
  /**
   * How many argument sets the tool rejected before this one: bare numbers
   * and formatted strings start at the likeliest valid values (`1`, a
   * short URL) and widen with each attempt. Unset, they are drawn widely.
   */
  readonly attempt?: number | undefined;
  /**
   * Identifier-like values the request itself offers (from instructions,
   * user text, earlier tool outputs), tried first for a name-like string.
   */
  readonly offered?: readonly string[] | undefined;
  /** Leave optional fields out and nullable ones `null`. */
  readonly minimal?: boolean | undefined;
}

export interface Walk {
  /** The seeded draws. */
  readonly draw: Draw;
  /**
   * A value of a sub-schema.
   * @param schema The sub-schema.
   * @param path Its path.
   * @param depth Its nesting depth.
   * @param hint The property name it is the value of, if any.
   */
  value(schema: unknown, path: Path, depth: number, hint?: string): unknown;
}

export const at = (path: Path, ...more: (string | number)[]): string[] => [
  ...path,
  ...more.map(String),
];
export const dotted = (path: Path): string => path.join('.');
export const fail = (
  path: Path,
  reason: AutoModelSchemaReason,
  detail: string,
): Unsatisfiable => new Unsatisfiable(dotted(path), reason, detail);
export const isRecord = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export function same(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

export function copy(value: unknown, path: Path): unknown {
  try {
    // `JSON.parse(undefined)` throws too: a value JSON cannot hold.
    return JSON.parse(JSON.stringify(value) as string);
  } catch {
    // reported below
  }
  throw fail(path, 'invalid_schema', 'expected a JSON value');
}

export function put(target: Schema, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

export function count(s: Schema, key: string, path: Path): number | undefined {
  const v = s[key] as number | undefined;
  if (v === undefined) return undefined;
  // `Number.isInteger` is false for anything but an integer.
  if (!Number.isInteger(v) || v < 0) {
    throw fail(
      at(path, key),
      'invalid_schema',
      'expected a non-negative integer',
    );
  }
  if (key.startsWith('min') && v > maxSize) {
    throw fail(
      at(path, key),
      'unsupported_keyword',
      `sizes above ${maxSize} are not generated`,
    );
  }
  return v;
}
