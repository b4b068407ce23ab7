/**
 * The game's seeded pseudo-random number generator: xoroshiro128+ from `pure-rand`.
 *
 * Every random event of a game (shuffles, random discards, blind choices of the random
 * agent) draws from this one generator, so a seed plus the decision log replays a game
 * bit for bit (issue "Replay"). `Math.random` is never used by the runtime.
 */
import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { describeValue } from "./describe.ts";

/**
 * The smallest and largest seed of a game: the generator is seeded with a 32-bit signed
 * integer, so the valid seeds are exactly the whole numbers −2³¹ … 2³¹−1, and two distinct
 * valid seeds are two distinct games. Anything else (7.9, 7 + 2³², a string) is refused
 * rather than silently reduced to one of them.
 */
export const SEED_MIN = -(2 ** 31);
/** The largest seed of a game (2³¹−1); see {@link SEED_MIN}. */
export const SEED_MAX = 2 ** 31 - 1;

/**
 * Why a value is not a valid seed, or null when it is one.
 * @param seed any value (from a save, a CLI option or a program)
 * @returns "expected a whole number from -2147483648 to 2147483647, got 7.9", or null
 */
export function seedProblem(seed: unknown): string | null {
  if (typeof seed === "number" && Number.isInteger(seed) && seed >= SEED_MIN && seed <= SEED_MAX) return null;
  return `expected a whole number from ${SEED_MIN} to ${SEED_MAX}, got ${describeValue(seed)}`;
}

/**
 * Check a seed: the one validation that {@link Rng}, `new Game`, saved games and the CLI use.
 * @param seed the value to check
 * @param what how to name it in the message (default "seed")
 * @returns the seed, unchanged
 * @throws RangeError "seed: expected a whole number from -2147483648 to 2147483647, got 7.9"
 */
export function checkSeed(seed: unknown, what = "seed"): number {
  const problem = seedProblem(seed);
  if (problem !== null) throw new RangeError(`${what}: ${problem}`);
  return seed as number;
}

/** A seeded generator with the few draws the rules need. */
export class Rng {
  private gen: ReturnType<typeof xoroshiro128plus>;

  /**
   * @param seed a seed from {@link SEED_MIN} to {@link SEED_MAX}, or a state previously
   *   returned by {@link Rng.state}
   * @throws RangeError when a number seed is not a whole number in that range ({@link checkSeed})
   */
  constructor(seed: number | readonly number[]) {
    this.gen = typeof seed === "number" ? xoroshiro128plus(checkSeed(seed)) : xoroshiro128plusFromState(seed);
  }

  /** A uniformly drawn integer in `[from, to]` (both included). Throws if `to < from`. */
  int(from: number, to: number): number {
    if (to < from) throw new RangeError(`Rng.int: empty range [${from}, ${to}]`);
    return uniformInt(this.gen, from, to);
  }

  /**
   * Shuffle an array in place (Fisher–Yates) and return it.
   * @param xs the array; each permutation is equally likely
   */
  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      const t = xs[i]!;
      xs[i] = xs[j]!;
      xs[j] = t;
    }
    return xs;
  }

  /** Put the generator back to a state returned by {@link Rng.state} (a rolled-back transaction). */
  restore(state: readonly number[]): void {
    this.gen = xoroshiro128plusFromState(state);
  }

  /** The generator's internal state (four 32-bit words), for digests and saved games. */
  state(): number[] {
    return [...this.gen.getState()];
  }
}
