/**
 * The schema drift lint's JSON Schema check: `@cfworker/json-schema`
 * (drafts 4, 7, 2019-09 and 2020-12; no `eval`), the draft the schema's
 * `$schema` names, else 2020-12. Its output units become the lint's issues:
 * one per keyword that failed, at the JSON path of the value, with what the
 * keyword wants. A combinator that failed (`anyOf`, `oneOf`, `not`,
 * `contains`, `propertyNames`) is one issue, not one per branch; a keyword
 * that only carries its sub-schemas' failures (`properties`, `items`,
 * `allOf`, `$ref`, …) is none, its sub-schemas' are. A property the value
 * lacks (`required`, `dependentRequired`, `dependencies`) is an issue at its
 * path, and so is a property name `propertyNames` rejects.
 *
 * The validator reads a copy of the schema (it marks the schemas it reads).
 * What it cannot use is not checked, as before: a sub-schema that is
 * neither an object nor a boolean, a `pattern` JavaScript cannot compile,
 * and a schema it throws on (a `$ref` it cannot resolve, a `$ref` loop that
 * never reaches the value).
 *
 * @module
 */
import {
  dereference,
  type OutputUnit,
  type Schema,
  schemaArrayKeyword,
  type SchemaDraft,
  schemaKeyword,
  schemaMapKeyword,
  validate,
} from '@cfworker/json-schema';
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

type Node = Record<string, unknown>;

const maxIssues = 20;

/** Keywords whose failure is their sub-schemas' failures, reported instead. */
const carriers = new Set([
  '$ref',
  '$recursiveRef',
  'allOf',
  'if',
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'dependentSchemas',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
]);

/** Keywords reported once, their branches' failures left out. */
const opaque = new Set(['anyOf', 'oneOf', 'not', 'contains', 'propertyNames']);

/**
 * The draft a schema declares in `$schema`; 2020-12 when it declares none.
 *
 * @param schema The schema.
 * @returns The draft.
 */
export function draftOf(schema: unknown): SchemaDraft {
  const uri = typeof schema === 'object' && schema !== null
    ? (schema as Node).$schema
    : undefined;
  if (typeof uri !== 'string') return '2020-12';
  if (/draft-0[34]\b/.test(uri)) return '4';
  if (/draft-0[67]\b/.test(uri)) return '7';
  return /2019-09/.test(uri) ? '2019-09' : '2020-12';
}

// A copy the validator may mark, without what it cannot use.
function usable(schema: unknown): unknown {
  if (typeof schema === 'boolean') return schema;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return true;
  }
  const out: Node = {};
  for (const [key, value] of Object.entries(schema as Node)) {
    if (key === 'pattern' && !compiles(value)) continue;
    if (schemaArrayKeyword[key] && Array.isArray(value)) {
      out[key] = value.map(usable);
    } else if (schemaMapKeyword[key]) {
      out[key] = typeof value === 'object' && value !== null
        ? Object.fromEntries(
          Object.entries(value).map(([name, sub]) => [name, usable(sub)]),
        )
        : {};
    } else {
      out[key] = schemaKeyword[key] ? usable(value) : value;
    }
  }
  return out;
}

function compiles(pattern: unknown): boolean {
  try {
    new RegExp(String(pattern), 'u');
  } catch {
    return false;
  }
  return true;
}

// A JSON pointer's segments, unescaped (`#/a~1b/0` is `a/b`, `0`).
function segments(pointer: string): string[] {
  return pointer.split('/').slice(1).map((part) =>
    decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')
  );
}

/** The value at an instance location, and its JSON path. */
function locate(value: unknown, pointer: string): [unknown, string] {
  let node = value;
  let path = '';
  for (const key of segments(pointer)) {
    const index = Array.isArray(node) ? Number(key) : undefined;
    path = at(path, index ?? key);
    node = (node as Node)[key];
  }
  return [node, path];
}

/** Keywords that name a property the value lacks. */
const requirers = new Set(['required', 'dependentRequired', 'dependencies']);

/** The schema object that holds a failed keyword, following references. */
function holder(
  root: unknown,
  lookup: Record<string, unknown>,
  unit: OutputUnit,
): Node {
  let node = root as Node;
  for (const key of segments(unit.keywordLocation).slice(0, -1)) {
    const ref = key === '$ref'
      ? node.__absolute_ref__
      : key === '$recursiveRef'
      ? node.__absolute_recursive_ref__
      : undefined;
    node = (ref === undefined ? node[key] : lookup[ref as string]) as Node;
  }
  return node;
}

function bound(keyword: string, schema: Node): string | undefined {
  const n = schema[keyword];
  switch (keyword) {
    case 'minLength':
      return `a string of at least ${n} characters`;
    case 'maxLength':
      return `a string of at most ${n} characters`;
    case 'minItems':
      return `an array of at least ${n} items`;
    case 'maxItems':
      return `an array of at most ${n} items`;
    case 'minProperties':
      return `an object of at least ${n} properties`;
    case 'maxProperties':
      return `an object of at most ${n} properties`;
    case 'minimum':
      return schema.exclusiveMinimum === true
        ? `more than ${n}`
        : `at least ${n}`;
    case 'maximum':
      return schema.exclusiveMaximum === true
        ? `less than ${n}`
        : `at most ${n}`;
    case 'exclusiveMinimum':
      return `more than ${n}`;
    case 'exclusiveMaximum':
      return `less than ${n}`;
    case 'multipleOf':
      return `a multiple of ${n}`;
    case 'minContains':
      return `an array of at least ${n} items matching the "contains" schema`;
    case 'maxContains':
      return `an array of at most ${n} items matching the "contains" schema`;
  }
  return undefined;
}

/** What a failed keyword wants, in the lint's words. */
function wanted(keyword: string, schema: Node, unit: OutputUnit): string {
  const value = schema[keyword];
  const count = Array.isArray(value) ? value.length : 0;
  switch (keyword) {
    case 'type':
      return `a value of type ${[value].flat().join(' or ')}`;
    case 'const':
      return describe(value);
    case 'enum':
      return `one of ${(value as unknown[]).map(describe).join(', ')}`;
    case 'pattern':
      return `a string matching /${value}/`;
    case 'format':
      return `a string of format ${describe(value)}`;
    case 'uniqueItems':
      return 'an array of unique items';
    case 'anyOf':
      return `a value matching one of ${count} schemas`;
    case 'oneOf':
      return `a value matching exactly one of ${count} schemas (it matches ${
        /\((\d+) matches\)/.exec(unit.error)![1]
      })`;
    case 'not':
      return 'a value not matching the "not" schema';
  }
  return bound(keyword, schema) ?? unit.error;
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
  const root = usable(schema) as Schema | boolean;
  let lookup: Record<string, unknown>;
  let units: OutputUnit[];
  try {
    lookup = dereference(root);
    units = validate(value, root, draftOf(schema), lookup as never, false)
      .errors;
  } catch {
    return [];
  }
  const issues: SchemaIssue[] = [];
  // A failed `minContains` follows the failures of the items it counted.
  const hidden = units.filter((unit) => unit.keyword === 'minContains')
    .map((unit) => unit.keywordLocation.replace(/minContains$/, 'contains'));
  let previous = '#';
  for (const unit of units) {
    // A `false` sub-schema names the place it failed, not its own: it is
    // the sub-schema of the unit before it.
    const place = unit.keyword === 'false'
      ? `${previous}/false`
      : unit.keywordLocation;
    const parent = previous;
    previous = place;
    if (hidden.some((branch) => place.startsWith(`${branch}/`))) continue;
    if (opaque.has(unit.keyword)) hidden.push(place);
    if (carriers.has(unit.keyword) || issues.length === maxIssues) continue;
    const [found, path] = locate(value, unit.instanceLocation);
    const missing = requirers.has(unit.keyword)
      ? /does not have (?:required property )?"(.*)"\./.exec(unit.error)
      : null;
    if (missing !== null) {
      issues.push({
        path: at(path, missing[1]!),
        expected: 'a required property',
        received: describe(undefined),
      });
      continue;
    }
    // A `dependencies` schema that failed: its failures are reported.
    if (unit.keyword === 'dependencies') continue;
    const name = unit.keyword === 'propertyNames'
      ? /Property name "(.*)" does not match schema\./.exec(unit.error)![1]!
      : undefined;
    if (name !== undefined) {
      issues.push({
        path: at(path, name),
        expected: 'a property name matching the "propertyNames" schema',
        received: describe(name),
      });
      continue;
    }
    issues.push({
      path,
      expected: unit.keyword !== 'false'
        ? wanted(unit.keyword, holder(root, lookup, unit), unit)
        : /\/(additional|unevaluated)Properties$/.test(parent)
        ? 'no such property'
        : 'nothing (the schema allows no value)',
      received: describe(found),
    });
  }
  return issues;
}
