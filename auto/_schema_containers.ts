/**
 * Arrays and objects for the generator: `items`, `prefixItems` (and the
 * draft-7 tuple form with `additionalItems`), `minItems`/`maxItems`,
 * `uniqueItems`, `properties`, `required`, `additionalProperties` and
 * `minProperties`/`maxProperties`. Each property's value is drawn with its
 * name as a hint (an `email` property gets an email). Private to the auto
 * folder.
 *
 * @module
 */
import {
  at,
  count,
  fail,
  isRecord,
  minimalDepth,
  type Path,
  put,
  type Schema,
  type Walk,
} from './_schema_common.ts';

/**
 * An array the schema accepts.
 *
 * @param walk The walk, for the items.
 * @param s The flattened schema.
 * @param path Its path.
 * @param depth Its depth.
 * @param hint The property name the array is the value of, if any.
 * @returns The array.
 * @throws {Unsatisfiable} When no array fits.
 */
export function arrayValue(
  walk: Walk,
  s: Schema,
  path: Path,
  depth: number,
  hint: string | undefined,
): unknown[] {
  const prefix = Array.isArray(s.prefixItems);
  const tuple = prefix
    ? s.prefixItems as unknown[]
    : Array.isArray(s.items)
    ? s.items
    : [];
  const restKey = !prefix && Array.isArray(s.items)
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
  let length = min;
  if (depth < minimalDepth) {
    const upper = Math.min(max, Math.max(min, 1) + 2);
    length = walk.draw.int(Math.min(upper, Math.max(min, 1)), upper);
  }
  const unique = s.uniqueItems === true;
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (let i = 0; i < length; i++) {
    const [schema, where] = i < tuple.length
      ? [tuple[i], at(path, prefix ? 'prefixItems' : 'items', i)]
      : [rest === undefined ? true : rest, at(path, restKey)];
    let value = walk.value(schema, where, depth + 1, hint);
    for (let tries = 0; unique && seen.has(JSON.stringify(value)); tries++) {
      if (tries === 8) {
        if (out.length >= min) return out;
        throw fail(
          at(path, 'uniqueItems'),
          'contradictory_bounds',
          `fewer than ${min} distinct items found`,
        );
      }
      value = walk.value(schema, where, depth + 1, hint);
    }
    seen.add(JSON.stringify(value));
    out.push(value);
  }
  return out;
}

/** The property names to fill: required ones, some optional, extras. */
function chooseKeys(
  walk: Walk,
  s: Schema,
  properties: Schema,
  path: Path,
  depth: number,
): { chosen: Set<string>; keys: string[]; extras: string[] } {
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
  for (const key of optional) {
    if (chosen.size >= max) break;
    if (depth < minimalDepth && walk.draw.chance(0.5)) chosen.add(key);
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
  return { chosen, keys, extras };
}

/**
 * An object the schema accepts.
 *
 * @param walk The walk, for the property values.
 * @param s The flattened schema.
 * @param path Its path.
 * @param depth Its depth.
 * @returns The object.
 * @throws {Unsatisfiable} When no object fits.
 */
export function objectValue(
  walk: Walk,
  s: Schema,
  path: Path,
  depth: number,
): Schema {
  const properties = s.properties ?? {};
  if (!isRecord(properties)) {
    throw fail(at(path, 'properties'), 'invalid_schema', 'expected an object');
  }
  const { chosen, keys, extras } = chooseKeys(
    walk,
    s,
    properties,
    path,
    depth,
  );
  const extraSchema = s.additionalProperties === undefined
    ? true
    : s.additionalProperties;
  const out: Schema = {};
  for (const key of [...Object.keys(properties), ...keys]) {
    if (!chosen.has(key) || Object.hasOwn(out, key)) continue;
    const own = Object.hasOwn(properties, key);
    put(
      out,
      key,
      walk.value(
        own ? properties[key] : extraSchema,
        own ? at(path, 'properties', key) : at(path, 'additionalProperties'),
        depth + 1,
        key,
      ),
    );
  }
  for (const key of extras) {
    put(
      out,
      key,
      walk.value(extraSchema, at(path, 'additionalProperties'), depth + 1),
    );
  }
  return out;
}
