/**
 * Validation of fault specs for `injectFaults()`: each fault is read once
 * with the one input reader into a normalized record.
 *
 * @module
 */
import { either } from '../../_internal/format.ts';
import { array, fields, number, oneOf, string } from '../../_internal/read.ts';
import type { VirtualClock } from './clock.ts';
import type { RealtimeFault } from './fault_types.ts';
import { invalid } from './_read.ts';

/** A validated fault. */
export interface Fault {
  readonly index: number;
  readonly kind: RealtimeFault['kind'];
  readonly event: string;
  readonly nth: number;
  readonly copies: number;
  readonly ms: number;
  readonly window: number;
  readonly order: readonly number[] | undefined;
  readonly error: unknown;
  used: boolean;
}

type FaultKind = RealtimeFault['kind'];

/** The keys each fault kind may have besides `kind`, `event` and `nth`. */
const kindKeys: Readonly<Record<FaultKind, readonly string[]>> = {
  drop: [],
  duplicate: ['copies'],
  delay: ['ms'],
  reorder: ['window', 'order'],
  disconnect: ['error'],
};
const kinds = Object.keys(kindKeys) as readonly FaultKind[];

export const maxWindow = 1_000;

/** Reads one fault (inside `injectFaults`' `inSpec`). */
export function readFault(
  path: string,
  value: unknown,
  index: number,
  clock: VirtualClock | undefined,
): Fault {
  const { fields: r } = fields(value, path, [
    'kind',
    'event',
    'nth',
    'copies',
    'ms',
    'window',
    'order',
    'error',
  ]);
  // The reader words a missing choice as nothing: say the kinds.
  const expected = `one of ${either(kinds)}`;
  const kind = oneOf(
    r.kind,
    `${path}.kind`,
    kinds,
    r.kind === undefined ? { expected } : { label: 'unknown_kind' },
  );
  const allowed = kindKeys[kind];
  for (const key of ['copies', 'ms', 'window', 'order', 'error'] as const) {
    if (r[key] !== undefined && !allowed.includes(key)) {
      throw invalid(
        'unknown_key',
        `${path}.${key}`,
        `absent for a "${kind}" fault`,
        r[key],
      );
    }
  }
  const event = string(r.event, `${path}.event`, { nonEmpty: true });
  if (event === '*') {
    throw invalid(
      'invalid_value',
      `${path}.event`,
      'a named inbound event (not "*")',
      event,
    );
  }
  const count = { optional: true, integer: true, min: 1 } as const;
  const nth = number(r.nth, `${path}.nth`, count) ?? 1;
  // Another kind has no copies (checked above): it reads as the default.
  const copies = number(r.copies, `${path}.copies`, {
    ...count,
    max: maxWindow,
  }) ?? 1;
  const ms = kind === 'delay' ? number(r.ms, `${path}.ms`, { min: 0 }) : 0;
  if (kind === 'delay' && clock === undefined) {
    throw invalid(
      'requires_clock',
      `${path}.ms`,
      'used with a clock (injectFaults(transport, faults, { clock }))',
      ms,
    );
  }
  let window = 0;
  let order: number[] | undefined;
  if (kind === 'reorder') {
    window = number(r.window, `${path}.window`, {
      integer: true,
      min: 2,
      max: maxWindow,
    });
    if (r.order !== undefined) {
      order = readOrder(`${path}.order`, r.order, window);
    }
  }
  return {
    index,
    kind,
    event,
    nth,
    copies,
    ms,
    window,
    order,
    error: r.error,
    used: false,
  };
}

function readOrder(path: string, value: unknown, window: number): number[] {
  const items = array(value, path, { max: maxWindow });
  const seen = new Set<unknown>();
  for (const item of items) {
    // `Number.isInteger` is false for anything but a number.
    if (
      !Number.isInteger(item) || (item as number) < 0 ||
      (item as number) >= window || seen.has(item)
    ) {
      break;
    }
    seen.add(item);
  }
  if (seen.size !== window || items.length !== window) {
    throw invalid(
      'invalid_value',
      path,
      `a permutation of 0..${window - 1}`,
      value,
    );
  }
  return items as number[];
}
