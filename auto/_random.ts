/**
 * A small seeded PRNG (mulberry32 over a FNV-1a hash of the seed parts), so
 * the automatic model draws the same values on every runtime. Private to the
 * model folder.
 *
 * @module
 */

/** Seeded random draws. */
export interface Random {
  /** A float in `[0, 1)`. */
  next(): number;
  /** An integer in `[min, max]` (both inclusive). */
  int(min: number, max: number): number;
  /** `true` with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
}

/**
 * FNV-1a (32-bit) of the parts, joined by a separator no part can forge.
 *
 * @param parts Strings and numbers identifying one draw sequence.
 * @returns A 32-bit unsigned hash.
 */
function hash(parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  const text = parts.map(String).join('\u0000');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A PRNG seeded by `parts` (the user's seed, the call index, a tool name).
 *
 * @param parts What identifies the sequence.
 * @returns The generator.
 */
export function seeded(parts: readonly (string | number)[]): Random {
  let state = hash(parts);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) {
        throw new RangeError('Cannot pick from an empty list');
      }
      // In range: `next()` is below 1, so the index is below the length.
      return items[Math.floor(next() * items.length)] as T;
    },
  };
}
