/**
 * Values generated from a JSON schema with seeded draws: the arguments the
 * automatic model sends to a tool, and the structured output it answers
 * with. This file walks the schema — `$ref` (local), `allOf`,
 * `anyOf`/`oneOf`, `const`, `enum`, `type` (and type arrays) — and hands
 * each type to its keyword's file (`_schema_numbers.ts`,
 * `_schema_strings.ts`, `_schema_containers.ts`). A tool may check more
 * than the schema it sends (an SDK may turn an optional field into a
 * required nullable one), so a nullable value is not `null` unless the
 * recursion must end. OpenAPI's `nullable: true` is read as the annotation
 * JSON Schema makes it. What it cannot satisfy throws `Unsatisfiable` with
 * the schema path. Private to the auto folder.
 *
 * @module
 */
import type { Draw } from './_draw.ts';
import {
  at,
  type Context,
  copy,
  fail,
  isRecord,
  minimalDepth,
  type Path,
  type Schema,
  Unsatisfiable,
  type Walk,
} from './_schema_common.ts';
import { arrayValue, objectValue } from './_schema_containers.ts';
import { merge, resolveRef } from './_schema_merge.ts';
import { numberValue } from './_schema_numbers.ts';
import { stringValue } from './_schema_strings.ts';

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
const maxDepth = 48;
/** Values one schema may take, so branching recursion cannot explode. */
const maxValues = 20_000;

/** Whether a branch is the `null` of an optional field. */
function isNull(branch: unknown): boolean {
  try {
    return isRecord(branch) &&
      (branch.type === 'null' ||
        (Array.isArray(branch.type) && branch.type.length === 1 &&
          branch.type[0] === 'null'));
  } catch {
    // A branch that throws when read fails where it is generated.
    return false;
  }
}

/** Generation state shared by one top-level schema. */
class Generator implements Walk {
  readonly #root: unknown;
  readonly draw: Draw;
  readonly context: Context;
  #budget = maxValues;

  constructor(root: unknown, draw: Draw, context: Context) {
    this.#root = root;
    this.draw = draw;
    this.context = context;
  }

  value(schema: unknown, path: Path, depth: number, hint?: string): unknown {
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
      return copy(this.draw.pick(s.enum), at(path, 'enum'));
    }
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      if (keyword in s) return this.#branch(s, keyword, path, depth, hint);
    }
    const type = this.#type(s, path, depth);
    switch (type) {
      case 'null':
        return null;
      case 'boolean':
        return this.draw.chance(0.5);
      case 'integer':
      case 'number':
        return numberValue(
          s,
          type === 'integer',
          path,
          this.draw,
          this.context,
        );
      case 'string':
        return stringValue(s, path, this.draw, hint, this.context);
      case 'array':
        return arrayValue(this, s, path, depth, hint);
      default:
        return objectValue(this, s, path, depth);
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
      out = merge(this.#flatten(target, path, hops + 1), rest, path);
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
    hint: string | undefined,
  ): unknown {
    const { [keyword]: branches, ...rest } = s;
    if (!Array.isArray(branches) || branches.length === 0) {
      throw fail(
        at(path, keyword),
        'invalid_schema',
        'expected a non-empty array',
      );
    }
    let order = branches.map((_, i) => i);
    if (depth < minimalDepth) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = this.draw.int(0, i);
        // Both below the length, so both defined.
        [order[i], order[j]] = [order[j] as number, order[i] as number];
      }
    }
    // `null` last while there is room (an optional field), first deep down.
    const nulls = order.filter((i) => isNull(branches[i]));
    const others = order.filter((i) => !isNull(branches[i]));
    order = depth < minimalDepth
      ? [...others, ...nulls]
      : [...nulls, ...others];
    let first: unknown;
    for (const i of order) {
      const where = at(path, keyword, i);
      try {
        const merged = merge(rest, this.#flatten(branches[i], where, 0), where);
        return this.value(merged, where, depth + 1, hint);
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
    if (others.length < list.length && depth >= minimalDepth) return 'null';
    return this.draw.pick(others);
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
 * A value valid against `schema`, drawn from `draw`.
 *
 * @param schema The JSON schema (`$ref`s resolve against it).
 * @param draw The seeded draws.
 * @param root The path's first segment, such as `parameters`.
 * @param context The attempt, the values the request offers, and whether
 * to leave optional fields out (default: none of them).
 * @returns A JSON value.
 * @throws {Unsatisfiable} When the schema cannot be satisfied.
 */
export function valueFor(
  schema: unknown,
  draw: Draw,
  root: string,
  context: Context = {},
): unknown {
  // A minimal value is the one deep nesting draws: no optional field, every
  // nullable one `null`, the shortest arrays.
  const depth = context.minimal === true ? minimalDepth : 0;
  return new Generator(schema, draw, context).value(
    schema,
    root.split('.'),
    depth,
  );
}

export { Unsatisfiable };
