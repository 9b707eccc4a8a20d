/**
 * Values generated from a JSON schema, deterministically from a seeded
 * PRNG: the arguments the automatic model sends to a tool, and the
 * structured output it answers with. Covers `type` (and type arrays),
 * `enum`/`const`, objects (`properties`, `required`, `additionalProperties`,
 * min/max properties), arrays (`items`, tuples, min/max items, unique
 * items), strings (formats, `pattern`, min/max length), numbers (bounds,
 * exclusive bounds, `multipleOf`, `integer`), `anyOf`/`oneOf`, `allOf`,
 * nullable type arrays and local `$ref`s. OpenAPI's `nullable: true` is
 * read as the annotation JSON Schema makes it: no `null` is generated. What it cannot satisfy throws
 * `Unsatisfiable` with the schema path. Private to the model folder.
 *
 * @module
 */
import type { Random } from './_random.ts';
import {
  at,
  copy,
  count,
  fail,
  isRecord,
  type Path,
  put,
  type Schema,
  Unsatisfiable,
} from './_schema_common.ts';
import {
  decimals,
  formatted,
  isMultiple,
  round,
  window,
  words,
} from './_schema_formats.ts';
import { merge, resolveRef } from './_schema_merge.ts';
import {
  patternRegExp,
  PatternUnsupported,
  stringFromPattern,
} from './_regex_strings.ts';

const unsupported = [
  'not',
  'if',
  'contains',
  'propertyNames',
  'patternProperties',
  'dependentSchemas',
  'dependentRequired',
  'dependencies',
  '$dynamicRef',
  '$recursiveRef',
];
const types = [
  'null',
  'boolean',
  'integer',
  'number',
  'string',
  'array',
  'object',
];
/** Depth beyond which optional parts are left out, to end recursion. */
const minimalDepth = 8;
const maxDepth = 48;
/** Values one schema may take, so branching recursion cannot explode. */
const maxValues = 20_000;

/** Generation state shared by one top-level schema. */
class Generator {
  readonly #root: unknown;
  readonly #random: Random;
  #budget = maxValues;

  constructor(root: unknown, random: Random) {
    this.#root = root;
    this.#random = random;
  }

  value(schema: unknown, path: Path, depth: number): unknown {
    if (depth > maxDepth) {
      throw fail(path, 'too_deep', `nesting deeper than ${maxDepth} levels`);
    }
    if (--this.#budget < 0) {
      throw fail(path, 'too_deep', `more than ${maxValues} values needed`);
    }
    const s = this.#flatten(schema, path, 0);
    for (const keyword of unsupported) {
      if (keyword in s) {
        throw fail(
          at(path, keyword),
          keyword.startsWith('$') ? 'unresolved_ref' : 'unsupported_keyword',
          `the keyword "${keyword}" is not supported`,
        );
      }
    }
    if ('const' in s) return copy(s.const, at(path, 'const'));
    if ('enum' in s) {
      if (!Array.isArray(s.enum) || s.enum.length === 0) {
        throw fail(
          at(path, 'enum'),
          'contradictory_bounds',
          'expected a non-empty enum array',
        );
      }
      return copy(this.#random.pick(s.enum), at(path, 'enum'));
    }
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      if (keyword in s) return this.#branch(s, keyword, path, depth);
    }
    const type = this.#type(s, path, depth);
    switch (type) {
      case 'null':
        return null;
      case 'boolean':
        return this.#random.chance(0.5);
      case 'integer':
      case 'number':
        return this.#number(s, type === 'integer', path);
      case 'string':
        return this.#string(s, path);
      case 'array':
        return this.#array(s, path, depth);
      default:
        return this.#object(s, path, depth);
    }
  }

  /** Resolves `$ref` and `allOf` into one schema object. */
  #flatten(schema: unknown, path: Path, hops: number): Schema {
    if (hops > maxDepth) {
      throw fail(path, 'too_deep', 'a cycle of "$ref"s or "allOf"s');
    }
    if (schema === true) return {};
    if (schema === false) {
      throw fail(
        path,
        'contradictory_bounds',
        'the schema "false" matches nothing',
      );
    }
    if (!isRecord(schema)) {
      throw fail(path, 'invalid_schema', 'expected a schema object or boolean');
    }
    let out: Schema = schema;
    if ('$ref' in out) {
      const { $ref, ...rest } = out;
      const target = resolveRef(this.#root, $ref, at(path, '$ref'));
      out = merge(
        this.#flatten(target, path, hops + 1),
        rest,
        path,
      );
    }
    if ('allOf' in out) {
      const { allOf, ...rest } = out;
      if (!Array.isArray(allOf)) {
        throw fail(at(path, 'allOf'), 'invalid_schema', 'expected an array');
      }
      out = rest;
      allOf.forEach((part, i) => {
        out = merge(
          out,
          this.#flatten(part, at(path, 'allOf', i), hops + 1),
          at(path, 'allOf', i),
        );
      });
    }
    return out;
  }

  #branch(
    s: Schema,
    keyword: 'anyOf' | 'oneOf',
    path: Path,
    depth: number,
  ): unknown {
    const { [keyword]: branches, ...rest } = s;
    if (!Array.isArray(branches) || branches.length === 0) {
      throw fail(
        at(path, keyword),
        'invalid_schema',
        'expected a non-empty array',
      );
    }
    const order = branches.map((_, i) => i);
    if (depth < minimalDepth) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = this.#random.int(0, i);
        // Both below the length, so both defined.
        [order[i], order[j]] = [order[j] as number, order[i] as number];
      }
    }
    let first: unknown;
    for (const i of order) {
      const where = at(path, keyword, i);
      try {
        const merged = merge(
          rest,
          this.#flatten(branches[i], where, 0),
          where,
        );
        return this.value(merged, where, depth + 1);
      } catch (error) {
        if (!(error instanceof Unsatisfiable)) throw error;
        first ??= error;
      }
    }
    throw first;
  }

  #type(s: Schema, path: Path, depth: number): string {
    let list: unknown[];
    if (s.type === undefined) {
      list = [inferType(s)];
    } else {
      list = Array.isArray(s.type) ? s.type : [s.type];
      if (list.length === 0 || list.some((t) => !types.includes(t as string))) {
        throw fail(
          at(path, 'type'),
          'invalid_schema',
          `expected one of ${types.join(', ')}`,
        );
      }
    }
    const others = list.filter((t) => t !== 'null') as string[];
    if (others.length === 0) return 'null';
    if (others.length < list.length) {
      if (depth >= minimalDepth || this.#random.chance(0.25)) return 'null';
    }
    return this.#random.pick(others);
  }

  #number(s: Schema, integer: boolean, path: Path): number {
    const num = (key: string): number | undefined => {
      const v = s[key];
      if (v === undefined || typeof v === 'boolean') return undefined;
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        throw fail(at(path, key), 'invalid_schema', 'expected a finite number');
      }
      return v;
    };
    let lo = num('minimum') ?? -Infinity;
    let hi = num('maximum') ?? Infinity;
    let loOpen = s.exclusiveMinimum === true;
    let hiOpen = s.exclusiveMaximum === true;
    const exMin = num('exclusiveMinimum');
    const exMax = num('exclusiveMaximum');
    if (exMin !== undefined && exMin >= lo) [lo, loOpen] = [exMin, true];
    if (exMax !== undefined && exMax <= hi) [hi, hiOpen] = [exMax, true];
    const step = num('multipleOf');
    if (step !== undefined && step <= 0) {
      throw fail(
        at(path, 'multipleOf'),
        'invalid_schema',
        'expected a positive number',
      );
    }
    const where = at(path, loOpen ? 'exclusiveMinimum' : 'minimum');
    const inside = (v: number): boolean =>
      (loOpen ? v > lo : v >= lo) && (hiOpen ? v < hi : v <= hi) &&
      (!integer || Number.isInteger(v));
    if (lo > hi || (lo === hi && (loOpen || hiOpen))) {
      throw fail(
        where,
        'contradictory_bounds',
        `no number between ${lo} and ${hi}`,
      );
    }
    let unit = step;
    if (integer && unit !== undefined && !Number.isInteger(unit)) {
      // The smallest integer multiple of the step.
      const k = [...Array(1000).keys()].find((n) =>
        n > 0 && Number.isInteger(round(n * unit!, unit!))
      );
      if (k === undefined) {
        throw fail(
          at(path, 'multipleOf'),
          'contradictory_bounds',
          'no integer multiple found',
        );
      }
      unit = round(k * unit, unit);
    }
    if (step !== undefined && decimals(step) > 12) {
      // Multiples this fine do not survive decimal rounding; zero is one.
      if (inside(0)) return 0;
      throw fail(
        at(path, 'multipleOf'),
        'unsupported_keyword',
        `a multipleOf with more than 12 decimals (${step}) away from zero`,
      );
    }
    if (integer && unit === undefined) unit = 1;
    const [a, b] = window(lo, hi);
    if (unit !== undefined) {
      const u = unit;
      let kLo = Math.ceil(lo / u);
      let kHi = Math.floor(hi / u);
      // An open end: the window's multiples, or the next beyond the other
      // end (one more, when an exclusive bound rules that end out).
      if (!Number.isFinite(kLo)) kLo = Math.min(Math.ceil(a / u), kHi - 1);
      if (!Number.isFinite(kHi)) kHi = Math.max(Math.floor(b / u), kLo + 1);
      const wLo = Math.max(kLo, Math.ceil(a / u));
      const wHi = Math.min(kHi, Math.floor(b / u));
      const candidates: number[] = [];
      if (wLo <= wHi) candidates.push(this.#random.int(wLo, wHi));
      // Counted loops: beyond 2^53, k + 1 === k.
      for (let i = 0; i < 3; i++) {
        if (kLo + i <= kHi) candidates.push(kLo + i);
        if (kHi - i >= kLo) candidates.push(kHi - i);
      }
      for (const k of candidates) {
        const v = round(k * u, u);
        if (inside(v) && (step === undefined || isMultiple(v, step))) return v;
      }
      throw fail(
        at(path, step === undefined ? 'minimum' : 'multipleOf'),
        'contradictory_bounds',
        `no ${integer ? 'integer' : 'multiple'} between ${lo} and ${hi}`,
      );
    }
    const v = Math.round((a + this.#random.next() * (b - a)) * 100) / 100 + 0;
    if (inside(v)) return v;
    const mid = (a + b) / 2;
    if (inside(mid)) return mid;
    throw fail(
      where,
      'contradictory_bounds',
      `no number between ${lo} and ${hi}`,
    );
  }

  #string(s: Schema, path: Path): string {
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
    let regex: RegExp | undefined;
    try {
      regex = pattern === undefined ? undefined : patternRegExp(pattern);
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
        (regex === undefined || regex.test(text));
    };
    const format = typeof s.format === 'string' ? s.format : undefined;
    const candidates = format === undefined
      ? []
      : formatted(format, this.#random);
    for (const candidate of candidates) if (fits(candidate)) return candidate;
    if (pattern !== undefined) {
      try {
        return stringFromPattern(pattern, this.#random, {
          minLength: min,
          maxLength: max,
        });
      } catch (error) {
        if (!(error instanceof PatternUnsupported)) throw error;
        throw fail(
          at(path, 'pattern'),
          'unsupported_pattern',
          `cannot generate a match for ${
            JSON.stringify(pattern)
          }: ${error.message}`,
        );
      }
    }
    if (candidates.length > 0) {
      throw fail(
        at(path, 'format'),
        'contradictory_bounds',
        `no "${format}" string of length ${min}..${max}`,
      );
    }
    const upper = Math.min(max, Math.max(min, 12));
    const length = this.#random.int(Math.min(upper, Math.max(min, 4)), upper);
    let text = '';
    while (text.length < length) text += this.#random.pick(words);
    return text.slice(0, length);
  }

  #array(s: Schema, path: Path, depth: number): unknown[] {
    const tuple = Array.isArray(s.prefixItems)
      ? s.prefixItems
      : Array.isArray(s.items)
      ? s.items
      : [];
    const restKey = Array.isArray(s.prefixItems)
      ? 'items'
      : Array.isArray(s.items)
      ? 'additionalItems'
      : 'items';
    const rest = s[restKey];
    const min = count(s, 'minItems', path) ?? 0;
    let max = count(s, 'maxItems', path) ?? Infinity;
    if (rest === false) max = Math.min(max, tuple.length);
    if (min > max) {
      throw fail(
        at(path, 'minItems'),
        'contradictory_bounds',
        `minItems ${min} is above the ${max} items allowed`,
      );
    }
    let length: number;
    if (depth >= minimalDepth) {
      length = min;
    } else {
      const upper = Math.min(max, Math.max(min, 1) + 2);
      length = this.#random.int(Math.min(upper, Math.max(min, 1)), upper);
    }
    const unique = s.uniqueItems === true;
    const seen = new Set<string>();
    const out: unknown[] = [];
    for (let i = 0; i < length; i++) {
      const [schema, where] = i < tuple.length
        ? [
          tuple[i],
          at(path, Array.isArray(s.prefixItems) ? 'prefixItems' : 'items', i),
        ]
        : [rest === undefined ? true : rest, at(path, restKey)];
      let value = this.value(schema, where, depth + 1);
      for (let tries = 0; unique && seen.has(JSON.stringify(value)); tries++) {
        if (tries === 8) {
          if (out.length >= min) return out;
          throw fail(
            at(path, 'uniqueItems'),
            'contradictory_bounds',
            `fewer than ${min} distinct items found`,
          );
        }
        value = this.value(schema, where, depth + 1);
      }
      seen.add(JSON.stringify(value));
      out.push(value);
    }
    return out;
  }

  #object(s: Schema, path: Path, depth: number): Schema {
    const properties = s.properties ?? {};
    if (!isRecord(properties)) {
      throw fail(
        at(path, 'properties'),
        'invalid_schema',
        'expected an object',
      );
    }
    const required = s.required ?? [];
    if (
      !Array.isArray(required) || required.some((k) => typeof k !== 'string')
    ) {
      throw fail(
        at(path, 'required'),
        'invalid_schema',
        'expected an array of strings',
      );
    }
    const extra = s.additionalProperties;
    const min = count(s, 'minProperties', path) ?? 0;
    const max = count(s, 'maxProperties', path) ?? Infinity;
    const requiredSet = new Set(required as string[]);
    if (requiredSet.size > max) {
      throw fail(
        at(path, 'maxProperties'),
        'contradictory_bounds',
        `${requiredSet.size} required properties, at most ${max} allowed`,
      );
    }
    const keys: string[] = [];
    const optional: string[] = [];
    for (const key of Object.keys(properties)) {
      if (requiredSet.has(key)) keys.push(key);
      else optional.push(key);
    }
    for (const key of requiredSet) {
      if (Object.hasOwn(properties, key)) continue;
      if (extra === false) {
        throw fail(
          at(path, 'required'),
          'contradictory_bounds',
          `"${key}" is required but not a property, and additionalProperties is false`,
        );
      }
      keys.push(key);
    }
    const chosen = new Set(keys);
    const minimal = depth >= minimalDepth;
    for (const key of optional) {
      if (chosen.size >= max) break;
      if (!minimal && this.#random.chance(0.5)) chosen.add(key);
    }
    for (const key of optional) {
      if (chosen.size >= min) break;
      chosen.add(key);
    }
    const extras: string[] = [];
    while (chosen.size + extras.length < min) {
      if (extra === false) {
        throw fail(
          at(path, 'minProperties'),
          'contradictory_bounds',
          `${min} properties needed, additionalProperties is false`,
        );
      }
      extras.push(`extra_${extras.length + 1}`);
    }
    const out: Schema = {};
    const extraSchema = extra === undefined ? true : extra;
    for (const key of [...Object.keys(properties), ...keys]) {
      if (!chosen.has(key) || Object.hasOwn(out, key)) continue;
      const own = Object.hasOwn(properties, key);
      put(
        out,
        key,
        this.value(
          own ? properties[key] : extraSchema,
          own ? at(path, 'properties', key) : at(path, 'additionalProperties'),
          depth + 1,
        ),
      );
    }
    for (const key of extras) {
      put(
        out,
        key,
        this.value(extraSchema, at(path, 'additionalProperties'), depth + 1),
      );
    }
    return out;
  }
}

function inferType(s: Schema): string {
  const has = (...keys: string[]): boolean => keys.some((k) => k in s);
  if (
    has(
      'properties',
      'required',
      'additionalProperties',
      'minProperties',
      'maxProperties',
    )
  ) {
    return 'object';
  }
  if (has('items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems')) {
    return 'array';
  }
  if (
    has(
      'minimum',
      'maximum',
      'exclusiveMinimum',
      'exclusiveMaximum',
      'multipleOf',
    )
  ) {
    return 'number';
  }
  return 'string';
}

/**
 * A value valid against `schema`, drawn from `random`.
 *
 * @param schema The JSON schema (`$ref`s resolve against it).
 * @param random The seeded generator.
 * @param root The path's first segment, such as `parameters`.
 * @returns A JSON value.
 * @throws {Unsatisfiable} When the schema cannot be satisfied.
 */
export function valueFor(
  schema: unknown,
  random: Random,
  root: string,
): unknown {
  return new Generator(schema, random).value(schema, root.split('.'), 0);
}

export { Unsatisfiable };
