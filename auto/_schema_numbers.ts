/**
 * Numbers for the generator: `minimum`/`maximum` (inclusive and exclusive),
 * `multipleOf` and `integer`. A tool may check more than its schema says
 * (an SDK may send a loosened schema), so a plain `number` is a small
 * positive integer whenever one fits the bounds, and a decimal only where
 * none does. Private to the auto folder.
 *
 * @module
 */
import type { Draw } from './_draw.ts';
import { at, fail, type Path, type Schema } from './_schema_common.ts';

/** The preferred range: small and positive. */
const small: readonly [number, number] = [1, 10];

/** A finite window inside `[lo, hi]`, as near `[1, 10]` as it allows. */
export function window(lo: number, hi: number): [number, number] {
  const [a, b] = small;
  if (hi < a) return [Math.max(lo, hi - (b - a)), hi];
  const start = Math.max(lo, a);
  return [start, Math.min(hi, start + (b - a))];
}

/** The decimal places of `n`, exponents included. */
export function decimals(n: number): number {
  const text = String(n);
  const e = text.indexOf('e-');
  if (e !== -1) {
    return Number(text.slice(e + 2)) +
      (text.split('.')[1]?.split('e')[0]?.length ?? 0);
  }
  return text.split('.')[1]?.length ?? 0;
}

/** `value` rounded to the decimals of `step`, so 3 × 0.1 is 0.3. */
export function round(value: number, step: number): number {
  const places = Math.min(decimals(step), 15);
  return Number(value.toFixed(places));
}

/** Whether `value` is a multiple of `step`, up to float error. */
export function isMultiple(value: number, step: number): boolean {
  const q = value / step;
  return Math.abs(q - Math.round(q)) < 1e-9;
}

/** The bounds and step of a number schema, checked. */
interface Bounds {
  readonly lo: number;
  readonly hi: number;
  readonly inside: (v: number) => boolean;
  readonly step: number | undefined;
  /** The lower bound's keyword: `minimum` or `exclusiveMinimum`. */
  readonly where: Path;
}

function bounds(s: Schema, integer: boolean, path: Path): Bounds {
  const num = (key: string): number | undefined => {
    const v = s[key];
    if (v === undefined || typeof v === 'boolean') return undefined;
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw fail(at(path, key), 'invalid_schema', 'expected a finite number');
    }
    return v;
  };
  let lo = num('minimum') ?? -Infinity;
  let hi = num('maximum') ?? Infinity;
  let loOpen = s.exclusiveMinimum === true;
  let hiOpen = s.exclusiveMaximum === true;
  const exMin = num('exclusiveMinimum');
  const exMax = num('exclusiveMaximum');
  if (exMin !== undefined && exMin >= lo) [lo, loOpen] = [exMin, true];
  if (exMax !== undefined && exMax <= hi) [hi, hiOpen] = [exMax, true];
  const step = num('multipleOf');
  if (step !== undefined && step <= 0) {
    throw fail(
      at(path, 'multipleOf'),
      'invalid_schema',
      'expected a positive number',
    );
  }
  const where = at(path, loOpen ? 'exclusiveMinimum' : 'minimum');
  if (lo > hi || (lo === hi && (loOpen || hiOpen))) {
    throw fail(
      where,
      'contradictory_bounds',
      `no number between ${lo} and ${hi}`,
    );
  }
  const inside = (v: number): boolean =>
    (loOpen ? v > lo : v >= lo) && (hiOpen ? v < hi : v <= hi) &&
    (!integer || Number.isInteger(v)) &&
    (step === undefined || isMultiple(v, step));
  return { lo, hi, inside, step, where };
}

/** A multiple of `unit` inside the bounds, preferably in the window. */
function multiple(b: Bounds, unit: number, draw: Draw): number | undefined {
  const at = (k: number): number => round(k * unit, unit);
  // Tolerant of float error: 0.7 / 0.1 is 6.999….
  let kLo = Math.ceil(b.lo / unit - 1e-9);
  let kHi = Math.floor(b.hi / unit + 1e-9);
  // Exclusive ends: the next multiple inward.
  if (Number.isFinite(kLo) && !b.inside(at(kLo))) kLo += 1;
  if (Number.isFinite(kHi) && !b.inside(at(kHi))) kHi -= 1;
  const [a, z] = window(
    Number.isFinite(kLo) ? at(kLo) : b.lo,
    Number.isFinite(kHi) ? at(kHi) : b.hi,
  );
  // An open end: the window's multiples, or the next beyond the other end.
  if (!Number.isFinite(kLo)) kLo = Math.min(Math.ceil(a / unit), kHi - 1);
  if (!Number.isFinite(kHi)) kHi = Math.max(Math.floor(z / unit), kLo + 1);
  const wLo = Math.max(kLo, Math.ceil(a / unit - 1e-9));
  const wHi = Math.min(kHi, Math.floor(z / unit + 1e-9));
  const candidates: number[] = [];
  if (wLo <= wHi) candidates.push(draw.int(wLo, wHi));
  // None in the window: the nearest beyond it, then the extremes.
  candidates.push(Math.max(kLo, wLo), Math.min(kHi, wHi));
  // Counted loops: beyond 2^53, k + 1 === k.
  for (let i = 0; i < 3; i++) {
    if (kLo + i <= kHi) candidates.push(kLo + i);
    if (kHi - i >= kLo) candidates.push(kHi - i);
  }
  return candidates.map(at).find(b.inside);
}

/** The smallest integer multiple of a step (up to 1000 steps), if any. */
function integerUnit(step: number): number | undefined {
  if (Number.isInteger(step)) return step;
  for (let n = 1; n < 1000; n++) {
    const v = round(n * step, step);
    if (Number.isInteger(v)) return v;
  }
  return undefined;
}

/**
 * A number the schema accepts.
 *
 * @param s The flattened schema.
 * @param integer Whether the type is `integer`.
 * @param path Its path.
 * @param draw The seeded draws.
 * @returns The number.
 * @throws {Unsatisfiable} When no number fits.
 */
export function numberValue(
  s: Schema,
  integer: boolean,
  path: Path,
  draw: Draw,
): number {
  const b = bounds(s, integer, path);
  const { lo, hi, step } = b;
  let unit = step;
  if (integer && unit !== undefined) {
    unit = integerUnit(unit);
    if (unit === undefined) {
      throw fail(
        at(path, 'multipleOf'),
        'contradictory_bounds',
        'no integer multiple found',
      );
    }
  }
  if (step !== undefined && decimals(step) > 12) {
    // Multiples this fine do not survive decimal rounding; zero is one.
    if (b.inside(0)) return 0;
    throw fail(
      at(path, 'multipleOf'),
      'unsupported_keyword',
      `a multipleOf with more than 12 decimals (${step}) away from zero`,
    );
  }
  // Whole numbers first: a loosened schema may hide an integer check.
  const wholeUnit = unit === undefined ? 1 : integerUnit(unit);
  const whole = wholeUnit === undefined
    ? undefined
    : multiple(b, wholeUnit, draw);
  if (whole !== undefined) return whole;
  if (unit !== undefined) {
    const v = multiple(b, unit, draw);
    if (v !== undefined) return v;
  }
  if (unit !== undefined || integer) {
    throw fail(
      at(path, step === undefined ? 'minimum' : 'multipleOf'),
      'contradictory_bounds',
      `no ${integer ? 'integer' : 'multiple'} between ${lo} and ${hi}`,
    );
  }
  // No whole number fits, so the range is finite and narrow.
  const v = Math.round((lo + draw.fraction() * (hi - lo)) * 100) / 100 + 0;
  if (b.inside(v)) return v;
  const mid = (lo + hi) / 2;
  if (b.inside(mid)) return mid;
  throw fail(
    b.where,
    'contradictory_bounds',
    `no number between ${lo} and ${hi}`,
  );
}
