/**
 * Types that hold on every supported SDK release (0.11 to 0.20): where a
 * declaration is newer than the oldest supported release, it is derived from
 * what every release has, or added as optional where the installed release
 * lacks it. Runtime behaviour is the same on every release; only the
 * declarations differ.
 *
 * @module
 */
import type { Usage } from '@openai/agents-core';

/**
 * What `new Usage(input)` accepts (the SDK exports it as `UsageInput` from
 * 0.11.5 on; derived from the constructor, so older releases type-check).
 */
export type UsageInput = NonNullable<ConstructorParameters<typeof Usage>[0]>;

/**
 * `T` with the optional fields of `F` that `T` does not declare: a field a
 * newer SDK release added keeps the installed release's own type where it
 * exists, and is `F`'s where the installed release lacks it.
 *
 * @example `Newer<ModelResponse, { rawUsage: Record<string, unknown> }>`
 */
export type Newer<T, F extends Record<string, unknown>> =
  & T
  & { [K in Exclude<keyof F, keyof T>]?: F[K] };
