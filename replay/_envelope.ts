/**
 * The fixture envelope shared by the model and Realtime formats (`version`,
 * `kind`, `sdkVersion` and the list), read strictly, and the structured
 * failures of reading a fixture.
 *
 * @module
 */
import * as core from '@openai/agents-core';
import { describe, either } from '../_internal/format.ts';
import type { Json } from '../_internal/encode.ts';
import { jsonSyntaxError } from './_json_position.ts';
import { defaultRedaction, type Redaction } from '../_internal/redact.ts';
import { at } from '../_internal/read.ts';
import { type FixtureShapeError, strictJson } from './_strict.ts';
import {
  InvalidRecordingError,
  type InvalidRecordingReason,
  type RecordingKind,
} from './errors.ts';

/** The fixture format this version writes and reads. */
export const fixtureVersion = 1;

/**
 * The SDK version, when the SDK exposes one at runtime (its `METADATA`;
 * `@openai/agents-core` up to 0.20 does not export it).
 *
 * @param sdk The SDK module to read (`@openai/agents-core`).
 * @returns The version, or `undefined`.
 */
export function exposedSdkVersion(sdk: object = core): string | undefined {
  // Looked up by name, so a bundler does not reject a missing export.
  const metadata = Reflect.get(sdk, 'METADATA') as
    | { version?: unknown }
    | undefined;
  const version = metadata?.version;
  return typeof version === 'string' ? version : undefined;
}

/**
 * Renders a value found in a fixture for a message, credentials removed.
 *
 * @param value The value.
 * @param redaction The redaction of the replay.
 * @returns The rendering.
 */
export function received(
  value: unknown,
  redaction: Redaction = defaultRedaction,
): string {
  return describe(typeof value === 'string' ? redaction.text(value) : value);
}

/** The fields of {@link invalid}. */
export interface InvalidFields {
  readonly reason: InvalidRecordingReason;
  readonly path: string;
  readonly expected: string;
  readonly value: unknown;
  readonly callIndex?: number | undefined;
  readonly redaction?: Redaction | undefined;
}

/**
 * An `InvalidRecordingError` for `value`, rendered without credentials.
 *
 * @param fields What was wrong, where.
 * @returns The error.
 */
export function invalid(fields: InvalidFields): InvalidRecordingError {
  return new InvalidRecordingError({
    reason: fields.reason,
    path: fields.path,
    expected: fields.expected,
    received: received(fields.value, fields.redaction),
    callIndex: fields.callIndex,
  });
}

/**
 * The failure builder of one call or log entry: `invalid_call` errors for
 * the call at `callIndex`, rendered without credentials.
 *
 * @param callIndex The call's position.
 * @param redaction The replay's redaction.
 * @returns A function from path, expectation and value to the error.
 */
export function callFailure(
  callIndex: number,
  redaction: Redaction,
): (path: string, expected: string, value: unknown) => InvalidRecordingError {
  return (path, expected, value) =>
    invalid({
      reason: 'invalid_call',
      path,
      expected,
      value,
      callIndex,
      redaction,
    });
}

/** What a zod schema's `safeParse` reports, as far as read here. */
interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly expected?: unknown;
  /** The choices of a discriminated union. */
  readonly options?: readonly unknown[];
  /** The choices of an enum. */
  readonly values?: readonly unknown[];
  /** The issues of each branch of a union none of which matched. */
  readonly errors?: readonly (readonly {
    readonly path: readonly unknown[];
    readonly expected?: unknown;
  }[])[];
}

/**
 * Checks `value` against one of the SDK's `protocol` schemas.
 *
 * @param schema The schema (`protocol.OutputModelItem`…).
 * @param value The value.
 * @param path Its path in the fixture.
 * @param callIndex The call it belongs to.
 * @param redaction The redaction of the replay.
 * @throws {InvalidRecordingError} `invalid_call` at the first issue's path.
 */
export function checkSchema(
  schema: {
    safeParse(value: unknown): {
      success: boolean;
      error?: { issues: readonly object[] };
    };
  },
  value: Json,
  path: string,
  callIndex: number,
  redaction: Redaction,
): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  const issue = result.error!.issues[0] as SchemaIssue;
  let where = path;
  let found: unknown = value;
  // Object and array keys only: the SDK's schemas have no symbol keys.
  for (const key of issue.path as (string | number)[]) {
    where = at(where, key);
    // Every step but the last is an object zod looked into.
    found = (found as Record<string | number, unknown>)[key];
  }
  throw invalid({
    reason: 'invalid_call',
    path: where,
    expected: expectation(issue),
    value: found,
    callIndex,
    redaction,
  });
}

/** `a string`, `an array` (with its article). */
function kind(name: string): string {
  return `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`;
}

/**
 * What a zod issue expected, in words: the choices of a union or enum, the
 * kinds a plain union allows (`a record or an array`), the type expected,
 * else zod's own message.
 */
function expectation(issue: SchemaIssue): string {
  const choices = issue.options ?? issue.values;
  if (choices !== undefined) {
    return `one of ${
      either(choices.filter((choice) => typeof choice === 'string'))
    }`;
  }
  // The kind each branch wanted of the value itself (not inside it).
  const kinds: string[] = [];
  issue.errors?.forEach((branch) =>
    branch.forEach((inner) => {
      if (inner.path.length === 0 && typeof inner.expected === 'string') {
        kinds.push(kind(inner.expected));
      }
    })
  );
  if (kinds.length > 0) return either(kinds).replaceAll('"', '');
  return typeof issue.expected === 'string'
    ? kind(issue.expected)
    : issue.message;
}

function parse(text: string): Json {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(source);
  } catch {
    const error = jsonSyntaxError(source);
    throw new InvalidRecordingError({
      reason: 'invalid_json',
      path: '',
      expected: error?.expected ?? 'a JSON document',
      received: error?.received ?? 'text JSON cannot parse',
      line: error?.line,
      column: error?.column,
    });
  }
}

function copy(fixture: unknown): Json {
  try {
    return strictJson(fixture);
  } catch (error) {
    const shape = error as FixtureShapeError;
    throw new InvalidRecordingError({
      reason: 'invalid_fixture',
      path: shape.path,
      expected: shape.expected,
      received: shape.received,
    });
  }
}

/**
 * Reads a fixture given as a JSON string or an object: parses it (a syntax
 * error names its line and column), copies it as strict JSON data and
 * checks the envelope (`version`, `kind`, `sdkVersion`, and the list:
 * `calls` for a model, `log` for a Realtime transport).
 *
 * @param fixture The fixture.
 * @param kind The double that replays it.
 * @returns The envelope's `sdkVersion`, its list, and the whole fixture
 * as read (`data`: an MCP fixture's `name`).
 * @throws {InvalidRecordingError} For anything malformed.
 */
export function readEnvelope(
  fixture: unknown,
  kind: RecordingKind,
): {
  sdkVersion: string;
  list: Json[];
  data: { readonly [key: string]: Json };
} {
  const data = typeof fixture === 'string' ? parse(fixture) : copy(fixture);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw invalid({
      reason: 'invalid_fixture',
      path: '',
      expected: 'a fixture object',
      value: data,
    });
  }
  const version = data.version;
  const newer = Number.isInteger(version) &&
    (version as number) > fixtureVersion;
  if (newer || version !== fixtureVersion) {
    throw invalid({
      reason: newer ? 'newer_version' : 'unsupported_version',
      path: 'version',
      expected: `fixture version ${fixtureVersion}`,
      value: version,
    });
  }
  if (data.kind !== kind) {
    throw invalid({
      reason: 'wrong_kind',
      path: 'kind',
      expected: `a "${kind}" recording`,
      value: data.kind,
    });
  }
  if (typeof data.sdkVersion !== 'string') {
    throw invalid({
      reason: 'invalid_fixture',
      path: 'sdkVersion',
      expected: 'a string',
      value: data.sdkVersion,
    });
  }
  const listKey = kind === 'model' ? 'calls' : 'log';
  const items = data[listKey];
  if (!Array.isArray(items)) {
    throw invalid({
      reason: 'invalid_fixture',
      path: listKey,
      expected: 'an array',
      value: items,
    });
  }
  return { sdkVersion: data.sdkVersion, list: items, data };
}
