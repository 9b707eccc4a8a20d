/**
 * Schema composition for the generator: local `$ref` resolution and the
 * merge of two schemas an `allOf` (or a `$ref` with siblings, or an `anyOf`
 * branch with its parent) requires together. Private to the model folder.
 *
 * @module
 */
import {
  at,
  fail,
  isRecord,
  type Path,
  put,
  same,
  type Schema,
} from './_schema_common.ts';

const annotations = new Set([
  'title',
  'description',
  'default',
  'examples',
  '$comment',
  '$schema',
  '$id',
  '$anchor',
  'readOnly',
  'writeOnly',
  'deprecated',
  '$defs',
  'definitions',
]);
const lowerBounds = new Set([
  'minimum',
  'minLength',
  'minItems',
  'minProperties',
]);
const upperBounds = new Set([
  'maximum',
  'maxLength',
  'maxItems',
  'maxProperties',
]);
/** The target of a local `$ref` (a JSON pointer into `root`). */
export function resolveRef(root: unknown, ref: unknown, path: Path): unknown {
  if (typeof ref !== 'string' || !ref.startsWith('#')) {
    throw fail(
      path,
      'unresolved_ref',
      `only local references ("#...") are supported, got ${
        typeof ref === 'string' ? JSON.stringify(ref) : typeof ref
      }`,
    );
  }
  let node: unknown = root;
  const pointer = ref.slice(1);
  if (pointer === '') return node;
  if (!pointer.startsWith('/')) {
    throw fail(
      path,
      'unresolved_ref',
      `cannot resolve ${JSON.stringify(ref)}`,
    );
  }
  for (const raw of pointer.slice(1).split('/')) {
    let token: string;
    try {
      token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      token = raw;
    }
    const next = typeof node === 'object' && node !== null &&
        Object.hasOwn(node, token)
      ? (node as Schema)[token]
      : undefined;
    if (next === undefined) {
      throw fail(path, 'unresolved_ref', `nothing at ${JSON.stringify(ref)}`);
    }
    node = next;
  }
  return node;
}

/** `allOf` of two flat schemas, as one schema. */
export function merge(a: Schema, b: Schema, path: Path): Schema {
  const out: Schema = { ...a };
  for (const key of Object.keys(b)) {
    const left = out[key];
    const right = b[key];
    if (!(key in out) || left === undefined) {
      put(out, key, right);
    } else if (annotations.has(key) || same(left, right)) {
      // The left value stands.
    } else if (key === 'type') {
      put(out, key, intersectTypes(left, right, at(path, key)));
    } else if (key === 'properties' && isRecord(left) && isRecord(right)) {
      const merged: Schema = { ...left };
      for (const name of Object.keys(right)) {
        put(
          merged,
          name,
          name in merged ? { allOf: [merged[name], right[name]] } : right[name],
        );
      }
      put(out, key, merged);
    } else if (
      key === 'required' && Array.isArray(left) && Array.isArray(right)
    ) {
      put(out, key, [...new Set([...left, ...right])]);
    } else if (
      key === 'enum' && Array.isArray(left) && Array.isArray(right)
    ) {
      put(out, key, left.filter((v) => right.some((w) => same(v, w))));
    } else if (
      (lowerBounds.has(key) || upperBounds.has(key) ||
        key === 'exclusiveMinimum' || key === 'exclusiveMaximum') &&
      typeof left === 'number' && typeof right === 'number'
    ) {
      const lower = lowerBounds.has(key) || key === 'exclusiveMinimum';
      put(out, key, lower ? Math.max(left, right) : Math.min(left, right));
    } else if (key === 'additionalProperties' || key === 'items') {
      put(
        out,
        key,
        left === false || right === false
          ? false
          : left === true
          ? right
          : right === true
          ? left
          : { allOf: [left, right] },
      );
    } else if (
      key === 'multipleOf' && typeof left === 'number' &&
      typeof right === 'number'
    ) {
      const big = Math.max(left, right);
      const small = Math.min(left, right);
      if (!Number.isInteger(big / small)) {
        throw fail(
          at(path, key),
          'unsupported_keyword',
          `multiples of both ${left} and ${right}`,
        );
      }
      put(out, key, big);
    } else if (key === 'const') {
      throw fail(
        at(path, key),
        'contradictory_bounds',
        'two different constants',
      );
    } else {
      throw fail(
        at(path, key),
        'unsupported_keyword',
        `two different "${key}" values in one "allOf"`,
      );
    }
  }
  return out;
}

function intersectTypes(left: unknown, right: unknown, path: Path): unknown {
  const list = (t: unknown): string[] => {
    const all = Array.isArray(t) ? t : [t];
    if (all.some((one) => typeof one !== 'string')) {
      throw fail(path, 'invalid_schema', 'expected type names');
    }
    return all;
  };
  const b = list(right);
  const both = list(left).flatMap((t) =>
    b.includes(t) ? [t] : t === 'integer' && b.includes('number') ||
        t === 'number' && b.includes('integer')
      ? ['integer']
      : []
  );
  if (both.length === 0) {
    throw fail(path, 'contradictory_bounds', 'no type satisfies both sides');
  }
  return both;
}
