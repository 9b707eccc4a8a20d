/**
 * Seeded draws through fast-check: one fast-check `Random`, seeded from the
 * user's seed and what identifies the value (call index, tool name), feeds
 * both the schema walk (sizes, branches, picks) and fast-check's own
 * arbitraries (patterns, formats). fast-check is pinned, so the same seed
 * gives the same values on every runtime. Private to the auto folder.
 *
 * @module
 */
import * as fc from 'fast-check';

/** Seeded draws for one generated value. */
export interface Draw {
  /** An integer in `[min, max]` (both inclusive). */
  int(min: number, max: number): number;
  /** `true` with probability `p`. */
  chance(p: number): boolean;
  /** A float in `[0, 1)`. */
  fraction(): number;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** A value of a fast-check arbitrary. */
  from<T>(arbitrary: fc.Arbitrary<T>): T;
}

const scale = 2 ** 30;

function draws(random: fc.Random): Draw {
  const fraction = (): number => random.nextInt(0, scale - 1) / scale;
  return {
    int: (min, max) => random.nextInt(min, max),
    chance: (p) => fraction() < p,
    fraction,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) {
        throw new RangeError('Cannot pick from an empty list');
      }
      return items[random.nextInt(0, items.length - 1)] as T;
    },
    from: (arbitrary) => arbitrary.generate(random, undefined).value,
  };
}

/** An arbitrary whose one value is whatever `body` builds from the draws. */
class Drawn<T> extends fc.Arbitrary<T> {
  readonly #body: (draw: Draw) => T;

  constructor(body: (draw: Draw) => T) {
    super();
    this.#body = body;
  }

  generate(random: fc.Random): fc.Value<T> {
    return new fc.Value(this.#body(draws(random)), undefined);
  }

  canShrinkWithoutContext(_value: unknown): _value is T {
    return false;
  }

  shrink(): fc.Stream<fc.Value<T>> {
    return fc.Stream.nil();
  }
}

/**
 * Runs `body` with draws seeded by `parts` (joined by a separator no part
 * can forge, hashed with fast-check's `hash`). The random generator is named,
 * so a suite's `fc.configureGlobal` cannot change the values.
 *
 * @param parts What identifies the value: seed, call index, tool name.
 * @param body Builds the value; what it throws propagates.
 * @returns What `body` returned.
 */
export function drawing<T>(
  parts: readonly (string | number)[],
  body: (draw: Draw) => T,
): T {
  const seed = fc.hash(parts.map(String).join('\u0000'));
  const [value] = fc.sample(new Drawn(body), {
    seed,
    numRuns: 1,
    randomType: 'xorshift128plus',
  });
  return value as T;
}
