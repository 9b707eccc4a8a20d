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
import {
  at,
  type Context,
  fail,
  type Path,
  type Schema,
} from './_schema_common.ts';

/** The preferred range: small and positive. */
const small: readonly [number, number] = [1, 10];

/**
 * The highest value of a bare number by attempt: `1` first (a tool bounded
 * at `max(3)` whose bounds the SDK dropped accepts it), then up to 3, then
 * the whole preferred range.
 */
const reach: readonly number[] = [1, 3, 10];

const boundKeys = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
];

/**
 * A bare number's value on an attempt, or `undefined` when the schema has
 * bounds or no attempt is known.
 */
function bare(s: Schema, attempt: number | undefined, draw: Draw) {
  if (attempt === undefined || boundKeys.some((key) => key in s)) {
    return undefined;
  }
  return draw.int(1, reach[Math.min(attempt, reach.length - 1)]!);
}

/** A finite window inside `[lo, hi]`, as near `[1, 10]` as it allows. */
export function window(lo: number, hi: number): [number, number] {
  const [a, b] = small;
  if (hi < a) return [Math.max(lo, hi - (b - a)), hi];
  const start = Math.max(lo, a);
  return [start, Math.min(hi, start + (b - a))];
}

/** The decimal places of `n`, exponents included. */
export function decimals(n: number): number {
  const [mantissa = '', exponent = '0'] = String(n).split('e-');
  return (mantissa.split('.')[1] ?? '').length + Number(exponent);
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

function bounds(s: Schema, path: Path): Bounds {
  const num = (key: string): number | undefined => {
    const v = s[key];
    if (v === undefined || typeof v === 'boolean') return undefined;
    // `Number.isFinite` is false for anything but a finite number.
    if (!Number.isFinite(v)) {
      throw fail(at(path, key), 'invalid_schema', 'expected a finite number');
    }
    return v as number;
  };
  let lo = num('minimum') ?? -Infinity;
  let hi = num('maximum') ?? Infinity;
  let loOpen = s.exclusiveMinimum === true;
  let hiOpen = s.exclusiveMaximum === true;
  // An exclusive bound only narrows a bound it reaches.
  const exMin = num('exclusiveMinimum') ?? -Infinity;
  const exMax = num('exclusiveMaximum') ?? Infinity;
  if (exMin >= lo) [lo, loOpen] = [exMin, true];
  if (exMax <= hi) [hi, hiOpen] = [exMax, true];
  const step = num('multipleOf');
  if ((step ?? 1) <= 0) {
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
  const wLo = Math.max(kLo, Math.ceil(a / unit - 1e-9));
  const wHi = Math.min(kHi, Math.floor(z / unit + 1e-9));
  const candidates: number[] = [];
  if (wLo <= wHi) candidates.push(draw.int(wLo, wHi));
  // None in the window: the nearest beyond it, then the extremes (an open
  // end is infinite, and never inside).
  candidates.push(Math.max(kLo, wLo), Math.min(kHi, wHi), kLo, kHi);
  return candidates.map(at).find(b.inside);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The smallest integer multiple of a step: `0.5` → `1`, `1.5` → `3`,
 * `0.4` → `2` (the step as a fraction over a power of ten, reduced).
 */
function integerUnit(step: number): number {
  const scale = 10 ** Math.min(decimals(step), 15);
  const scaled = Math.round(step * scale);
  return scaled / gcd(scaled, scale);
}

/**
 * A number the schema accepts (an integer has a unit, so only a `number`
 * without `multipleOf` reaches the decimals).
 *
 * @param s The flattened schema.
 * @param integer Whether the type is `integer`.
 * @param path Its path.
 * @param draw The seeded draws.
 * @param context The attempt: a bare number starts at `1`.
 * @returns The number.
 * @throws {Unsatisfiable} When no number fits.
 */
export function numberValue(
  s: Schema,
  integer: boolean,
  path: Path,
  draw: Draw,
  context: Context = {},
): number {
  const first = bare(s, context.attempt, draw);
  if (first !== undefined) return first;
  const b = bounds(s, path);
  const { lo, hi, step } = b;
  const unit = integer ? integerUnit(step ?? 1) : step;
  if (decimals(step ?? 1) > 12) {
    // Multiples this fine do not survive decimal rounding; zero is one.
    if (b.inside(0)) return 0;
    throw fail(
      at(path, 'multipleOf'),
      'unsupported_keyword',
      `a multipleOf with more than 12 decimals (${step}) away from zero`,
    );
  }
  // Whole numbers first: a loosened schema may hide an integer check.
  const whole = multiple(b, integerUnit(unit ?? 1), draw);
  if (whole !== undefined) return whole;
  if (unit !== undefined) {
    const v = multiple(b, unit, draw);
    if (v !== undefined) return v;
    throw fail(
      at(path, step === undefined ? 'minimum' : 'multipleOf'),
      'contradictory_bounds',
      `no ${integer ? 'integer' : 'multiple'} between ${lo} and ${hi}`,
    );
  }
  // No whole number fits, so the range is finite and narrow.
  // (Zero is whole: the rounding cannot make a -0 that is inside.)
  const v = Math.round((lo + draw.fraction() * (hi - lo)) * 100) / 100;
  if (b.inside(v)) return v;
  const mid = (lo + hi) / 2;
  if (b.inside(mid)) return mid;
  throw fail(
    b.where,
    'contradictory_bounds',
    `no number between ${lo} and ${hi}`,
  );
}
