/**
 * A small JSON Schema checker for the schema drift lint: the keywords the
 * SDK writes for tool parameters and output types (draft-07 and 2020-12
 * alike): `type`, `properties`, `required`, `additionalProperties`,
 * `items`, `prefixItems`, `enum`, `const`, `anyOf`, `oneOf`, `allOf`,
 * `not`, local `$ref`s, and the string, number and array bounds. A
 * keyword it does not know is ignored (it never rejects for it).
 *
 * @module
 */
import { at } from '../_internal/read.ts';
import { describe } from '../_internal/format.ts';

/** One place a value does not match its schema. */
export interface SchemaIssue {
  /** The JSON path in the value: `''` for the whole, `city`, `items[0]`. */
  readonly path: string;
  /** What the schema wants there. */
  readonly expected: string;
  /** What the value holds, rendered short. */
  readonly received: string;
}

type Schema = Record<string, unknown>;

const maxIssues = 20;
const maxDepth = 64;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') {
    return Number.isInteger(value) ? 'integer' : 'number';
  }
  return typeof value;
}

function typeMatches(value: unknown, type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  const actual = typeOf(value);
  return types.some((t) =>
    t === actual || (t === 'number' && actual === 'integer')
  );
}

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Resolves `#/definitions/x` and `#/$defs/x` against the root schema. */
function resolve(root: unknown, ref: string): unknown {
  // Only local references (`#/...`); any other resolves to nothing.
  let node: unknown = root;
  for (const part of ref.slice(1).split('/').filter((p) => p !== '')) {
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(
      /~0/g,
      '~',
    );
    node = typeof node === 'object' && node !== null
      ? (node as Schema)[key]
      : undefined;
  }
  return node;
}

function bounds(value: unknown, schema: Schema): string | undefined {
  const n = (key: string) =>
    typeof schema[key] === 'number' ? schema[key] as number : undefined;
  if (typeof value === 'string') {
    const length = [...value].length;
    if (length < (n('minLength') ?? 0)) {
      return `a string of at least ${n('minLength')} characters`;
    }
    if (length > (n('maxLength') ?? Infinity)) {
      return `a string of at most ${n('maxLength')} characters`;
    }
    const pattern = schema.pattern;
    if (typeof pattern === 'string') {
      try {
        if (!new RegExp(pattern, 'u').test(value)) {
          return `a string matching /${pattern}/`;
        }
      } catch {
        // A pattern JavaScript cannot compile is not checked.
      }
    }
  }
  if (typeof value === 'number') {
    if (value < (n('minimum') ?? -Infinity)) return `at least ${n('minimum')}`;
    if (value > (n('maximum') ?? Infinity)) return `at most ${n('maximum')}`;
    if (value <= (n('exclusiveMinimum') ?? -Infinity)) {
      return `more than ${n('exclusiveMinimum')}`;
    }
    if (value >= (n('exclusiveMaximum') ?? Infinity)) {
      return `less than ${n('exclusiveMaximum')}`;
    }
  }
  if (Array.isArray(value)) {
    if (value.length < (n('minItems') ?? 0)) {
      return `an array of at least ${n('minItems')} items`;
    }
    if (value.length > (n('maxItems') ?? Infinity)) {
      return `an array of at most ${n('maxItems')} items`;
    }
  }
  return undefined;
}

/**
 * Every place `value` does not match `schema` (at most 20), each with its
 * path; an empty list when it matches.
 *
 * @param value A JSON value.
 * @param schema Its JSON schema.
 * @returns The issues.
 */
export function schemaIssues(value: unknown, schema: unknown): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const add = (path: string, expected: string, found: unknown) => {
    if (issues.length < maxIssues) {
      issues.push({ path, expected, received: describe(found) });
    }
  };
  const check = (v: unknown, s: unknown, path: string, depth: number) => {
    if (s === false) {
      return add(path, 'nothing (the schema allows no value)', v);
    }
    // `true`, a missing schema, and a reference loop past the depth: anything.
    if (typeof s !== 'object' || s === null || depth > maxDepth) return;
    const node = s as Schema;
    if (typeof node.$ref === 'string') {
      check(v, resolve(schema, node.$ref), path, depth + 1);
    }
    if ('const' in node && !equal(v, node.const)) {
      return add(path, describe(node.const), v);
    }
    if (Array.isArray(node.enum) && !node.enum.some((e) => equal(e, v))) {
      return add(path, `one of ${node.enum.map(describe).join(', ')}`, v);
    }
    if (node.type !== undefined && !typeMatches(v, node.type)) {
      const type = Array.isArray(node.type)
        ? node.type.join(' or ')
        : node.type;
      return add(path, `a value of type ${type}`, v);
    }
    const bound = bounds(v, node);
    if (bound !== undefined) return add(path, bound, v);
    for (const key of ['anyOf', 'oneOf'] as const) {
      const options = node[key];
      if (!Array.isArray(options)) continue;
      if (!options.some((o) => schemaIssuesFrom(v, o, schema).length === 0)) {
        add(path, `a value matching one of ${options.length} schemas`, v);
      }
    }
    if (Array.isArray(node.allOf)) {
      for (const part of node.allOf) check(v, part, path, depth + 1);
    }
    if (
      node.not !== undefined &&
      schemaIssuesFrom(v, node.not, schema).length === 0
    ) {
      add(path, 'a value not matching the "not" schema', v);
    }
    if (typeOf(v) === 'object') {
      const object = v as Record<string, unknown>;
      const properties = (node.properties ?? {}) as Schema;
      if (Array.isArray(node.required)) {
        for (const name of node.required) {
          if (typeof name === 'string' && !Object.hasOwn(object, name)) {
            add(at(path, name), 'a required property', undefined);
          }
        }
      }
      for (const [name, entry] of Object.entries(object)) {
        if (Object.hasOwn(properties, name)) {
          check(entry, properties[name], at(path, name), depth + 1);
        } else if (node.additionalProperties === false) {
          add(at(path, name), 'no such property', entry);
        } else {
          check(entry, node.additionalProperties, at(path, name), depth + 1);
        }
      }
    }
    if (Array.isArray(v)) {
      const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : [];
      v.forEach((entry, i) => {
        const item = i < prefix.length
          ? prefix[i]
          : Array.isArray(node.items)
          ? node.items[i]
          : node.items;
        check(entry, item, at(path, i), depth + 1);
      });
    }
  };
  check(value, schema, '', 0);
  return issues;
}

/** A sub-schema's issues, its `$ref`s resolved against the root. */
function schemaIssuesFrom(
  value: unknown,
  sub: unknown,
  root: unknown,
): SchemaIssue[] {
  if (typeof sub !== 'object' || sub === null) {
    return schemaIssues(value, sub);
  }
  // Definitions of the root stay reachable from the sub-schema.
  const defs = root as Schema;
  return schemaIssues(value, {
    definitions: defs.definitions,
    $defs: defs.$defs,
    ...(sub as Schema),
  });
}
