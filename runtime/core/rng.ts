/**
 * The game's seeded pseudo-random number generator: xoroshiro128+ from `pure-rand`.
 *
 * Every random event of a game (shuffles, random discards, blind choices of the random
 * agent) draws from this one generator, so a seed plus the decision log replays a game
 * bit for bit (issue "Replay"). `Math.random` is never used by the runtime.
 */
import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";

/** A seeded generator with the few draws the rules need. */
export class Rng {
  private gen: ReturnType<typeof xoroshiro128plus>;

  /**
   * @param seed a 32-bit integer seed, or a state previously returned by {@link Rng.state}
   */
  constructor(seed: number | readonly number[]) {
    this.gen = typeof seed === "number" ? xoroshiro128plus(seed | 0) : xoroshiro128plusFromState(seed);
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
