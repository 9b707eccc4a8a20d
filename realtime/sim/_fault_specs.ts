/**
 * Validation of fault specs for `injectFaults()`: each fault is read once,
 * hostile-safe, into a normalized record.
 *
 * @module
 */
import { closest, listNames } from '../../_internal/format.ts';
import type { VirtualClock } from './clock.ts';
import type { RealtimeFault } from './fault_types.ts';
import {
  readArray,
  readNumber,
  readRecord,
  readString,
  specError,
  type SpecRecord,
} from './_read.ts';

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

function isKind(value: unknown): value is FaultKind {
  return typeof value === 'string' && Object.hasOwn(kindKeys, value);
}

export const maxWindow = 1_000;

export function readFault(
  op: string,
  path: string,
  value: unknown,
  index: number,
  clock: VirtualClock | undefined,
): Fault {
  const r: SpecRecord = readRecord(op, path, value, [
    'kind',
    'event',
    'nth',
    'copies',
    'ms',
    'window',
    'order',
    'error',
  ]);
  const kind = r.kind;
  if (!isKind(kind)) {
    throw specError(
      op,
      kind === undefined ? 'missing' : 'unknown_kind',
      `${path}.kind`,
      `one of ${listNames(kinds, kinds.length)}`,
      kind,
      closest(kind, kinds),
    );
  }
  const allowed = kindKeys[kind];
  for (const key of ['copies', 'ms', 'window', 'order', 'error']) {
    if (r[key] !== undefined && !allowed.includes(key)) {
      throw specError(
        op,
        'unknown_key',
        `${path}.${key}`,
        `absent for a "${kind}" fault`,
        r[key],
      );
    }
  }
  const event = readString(op, `${path}.event`, r.event, {
    nonEmpty: true,
  }) as string;
  if (event === '*') {
    throw specError(
      op,
      'invalid_value',
      `${path}.event`,
      'a named inbound event (not "*")',
      event,
    );
  }
  const nth = readNumber(op, `${path}.nth`, r.nth, {
    optional: true,
    integer: true,
    min: 1,
  }) ?? 1;
  // Another kind has no copies (checked above): it reads as the default.
  const copies = readNumber(op, `${path}.copies`, r.copies, {
    optional: true,
    integer: true,
    min: 1,
  }) ?? 1;
  if (copies > maxWindow) {
    throw specError(
      op,
      'invalid_value',
      `${path}.copies`,
      `at most ${maxWindow}`,
      copies,
    );
  }
  const ms = kind === 'delay'
    ? readNumber(op, `${path}.ms`, r.ms, { min: 0 }) as number
    : 0;
  if (kind === 'delay' && clock === undefined) {
    throw specError(
      op,
      'requires_clock',
      `${path}.ms`,
      'used with a clock (injectFaults(transport, faults, { clock }))',
      ms,
    );
  }
  let window = 0;
  let order: number[] | undefined;
  if (kind === 'reorder') {
    window = readNumber(op, `${path}.window`, r.window, {
      integer: true,
      min: 2,
    }) as number;
    if (window > maxWindow) {
      throw specError(
        op,
        'invalid_value',
        `${path}.window`,
        `at most ${maxWindow}`,
        window,
      );
    }
    if (r.order !== undefined) {
      order = readOrder(op, `${path}.order`, r.order, window);
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

function readOrder(
  op: string,
  path: string,
  value: unknown,
  window: number,
): number[] {
  const items = readArray(op, path, value, { max: maxWindow });
  const seen = new Set<unknown>();
  for (const item of items) {
    if (
      // `Number.isInteger` is false for anything but a number.
      !Number.isInteger(item) || (item as number) < 0 ||
      (item as number) >= window || seen.has(item)
    ) {
      throw specError(
        op,
        'invalid_value',
        path,
        `a permutation of 0..${window - 1}`,
        value,
      );
    }
    seen.add(item);
  }
  if (items.length !== window) {
    throw specError(
      op,
      'invalid_value',
      path,
      `a permutation of 0..${window - 1}`,
      value,
    );
  }
  return items as number[];
}
