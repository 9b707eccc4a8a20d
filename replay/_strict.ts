/**
 * Reading a fixture given as an object: a copy that holds only JSON data,
 * within a size and depth budget, or a structured failure naming the path.
 *
 * @module
 */
import { describe } from '../_internal/format.ts';
import { at } from '../_internal/read.ts';
import { setOwn } from '../_internal/snapshot.ts';
import type { Json, JsonObject } from '../_internal/encode.ts';

/** Why a value is not JSON data, with where. */
export class FixtureShapeError extends Error {
  /** Where in the fixture, like `calls[2].request` (`''` for the root). */
  readonly path: string;
  /** What was expected there. */
  readonly expected: string;
  /** What was found. */
  readonly received: string;

  /**
   * @param fields The structured fields.
   */
  constructor(fields: { path: string; expected: string; received: string }) {
    super(`${fields.path}: expected ${fields.expected}`);
    this.name = 'FixtureShapeError';
    this.path = fields.path;
    this.expected = fields.expected;
    this.received = fields.received;
  }
}

// A fixture bigger than this is a mistake, not a recording.
const nodeBudget = 2_000_000;
const maxDepth = 200;

/**
 * Copies `value` as strict JSON data: only `null`, booleans, finite
 * numbers, strings, arrays and plain objects, within a size and depth
 * budget. Proxies, getters and anything else JSON cannot hold fail with a
 * {@link FixtureShapeError} naming the path.
 *
 * @param value Untrusted data.
 * @returns The copy.
 * @throws {FixtureShapeError} For anything that is not JSON data.
 */
export function strictJson(value: unknown): Json {
  const budget = { left: nodeBudget };
  try {
    return strictCopy(value, '', 0, budget);
  } catch (error) {
    if (error instanceof FixtureShapeError) throw error;
    throw new FixtureShapeError({
      path: '',
      expected: 'plain JSON data',
      received: 'a value that threw when read',
    });
  }
}

function tooMany(path: string, received: string): FixtureShapeError {
  return new FixtureShapeError({
    path,
    expected: `at most ${nodeBudget} values in a fixture`,
    received,
  });
}

function strictCopy(
  value: unknown,
  path: string,
  depth: number,
  budget: { left: number },
): Json {
  if (--budget.left < 0) throw tooMany(path, 'more');
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (Number.isFinite(value)) return value;
      break;
    case 'object': {
      if (value === null) return null;
      if (depth > maxDepth) {
        throw new FixtureShapeError({
          path,
          expected: `data nested at most ${maxDepth} deep`,
          received: 'deeper data',
        });
      }
      if (Array.isArray(value)) return strictArray(value, path, depth, budget);
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) break;
      const out: JsonObject = {};
      for (const key of Object.keys(value)) {
        const descriptor = Object.getOwnPropertyDescriptor(value, key);
        if (descriptor === undefined || !('value' in descriptor)) {
          throw new FixtureShapeError({
            path: at(path, key),
            expected: 'a data property',
            received: 'an accessor',
          });
        }
        const where = at(path, key);
        setOwn(
          out,
          key,
          strictCopy(descriptor.value, where, depth + 1, budget),
        );
      }
      return out;
    }
  }
  throw new FixtureShapeError({
    path,
    expected:
      'JSON data (null, a boolean, a finite number, a string, an array or a plain object)',
    received: describe(value),
  });
}

function strictArray(
  value: unknown[],
  path: string,
  depth: number,
  budget: { left: number },
): Json[] {
  const length = value.length;
  if (length > budget.left) throw tooMany(path, `an array of ${length}`);
  const out: Json[] = [];
  for (let i = 0; i < length; i++) {
    if (!Object.hasOwn(value, i)) {
      throw new FixtureShapeError({
        path: at(path, i),
        expected: 'a value (not a hole)',
        received: 'a hole',
      });
    }
    out.push(strictCopy(value[i], at(path, i), depth + 1, budget));
  }
  return out;
}
