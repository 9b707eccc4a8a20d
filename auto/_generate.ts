/**
 * One generated value as JSON text: drawn from the schema, checked against
 * a schema the test handed over (a zod schema, or anything with
 * `safeParse`) and drawn again while it rejects, and a failure turned into
 * `AutoModelSchemaError`. Private to the auto folder.
 *
 * @module
 */
import { drawing } from './_draw.ts';
import type { Context } from './_schema_common.ts';
import { Unsatisfiable, valueFor } from './_schema_values.ts';
import { AutoModelSchemaError } from './errors.ts';

/**
 * A schema a draw is checked against before it is sent, such as a zod
 * schema (`autoModel({ schemas: { tool_name: schema } })`).
 *
 * @example
 * ```ts
 * import type { AutoModelCheckSchema } from '@scripted/agents/auto';
 * import { z } from 'zod';
 *
 * const check: AutoModelCheckSchema = z.object({ n: z.number().max(3) });
 * ```
 */
export interface AutoModelCheckSchema {
  /** Whether the value is valid (zod's `safeParse`). */
  safeParse(value: unknown): { readonly success: boolean };
}

/** Draws tried against a check before the last one is sent anyway. */
export const checkTries = 100;

/** Where the value goes, for the error. */
export interface Where {
  readonly root: string;
  readonly toolName: string | undefined;
  readonly callIndex: number;
}

/**
 * A value of the schema as JSON text. With a `check`, draws that it
 * rejects are replaced (each one an attempt further, so bare numbers
 * widen), up to `checkTries`; the last one is sent when none passes, so
 * the tool's own rejection reports it.
 *
 * @param schema The JSON schema.
 * @param parts What seeds the draws.
 * @param where Where the value goes.
 * @param context The attempt, offered values, minimal.
 * @param check A schema the value must pass, if any.
 * @returns The JSON text.
 * @throws {AutoModelSchemaError} When the schema cannot be satisfied.
 */
export function generate(
  schema: unknown,
  parts: readonly (string | number)[],
  where: Where,
  context: Context = {},
  check?: AutoModelCheckSchema,
): string {
  const base = context.attempt ?? 0;
  try {
    let value: unknown;
    for (let i = 0; i < (check === undefined ? 1 : checkTries); i++) {
      const seed = i === 0 ? parts : [...parts, 'check', i];
      const attempt = context.attempt === undefined && i === 0
        ? undefined
        : base + i;
      value = drawing(
        seed,
        (draw) => valueFor(schema, draw, where.root, { ...context, attempt }),
      );
      if (check === undefined || check.safeParse(value).success) break;
    }
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof Unsatisfiable)) throw error;
    throw new AutoModelSchemaError({
      toolName: where.toolName,
      path: error.path,
      reason: error.reason,
      detail: error.detail,
      callIndex: where.callIndex,
    });
  }
}
