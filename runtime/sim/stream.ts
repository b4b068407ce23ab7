/**
 * Streaming many simulated games to workers: batches are made lazily, one at a time, and at
 * most a fixed number are in flight, so memory does not grow with the number of games
 * (`digiscript simulate --games 1000000000` builds no list of a billion seeds).
 */

/** One batch for a worker: seeds to play, and which of them to replay. */
export interface SimBatch {
  seeds: number[];
  replay: number[];
}

/** Games per batch sent to a worker (default of {@link batchesOf}). */
export const BATCH_SIZE = 50;

/**
 * The batches of a simulation, made on demand: games `first`, `first + 1`, … `first + games − 1`
 * (game i plays seed `first + i`), `size` per batch; a game is replayed when
 * `(seed − first) % replayEvery === 0` (none when `replayEvery` is 0).
 * @param first the first seed; `games` ≥ 0 the number of games; `replayEvery` ≥ 0; `size` ≥ 1
 */
export function* batchesOf(first: number, games: number, replayEvery: number, size = BATCH_SIZE): Generator<SimBatch> {
  for (let i = 0; i < games; i += size) {
    const seeds: number[] = [];
    for (let k = 0, n = Math.min(size, games - i); k < n; k++) seeds.push(first + i + k);
    yield { seeds, replay: replayEvery > 0 ? seeds.filter((s) => (s - first) % replayEvery === 0) : [] };
  }
}

/**
 * Run `run` on every item of `items` with at most `limit` runs in flight, handing each result
 * to `done` as it arrives. Items are pulled from the iterator only when a run slot is free,
 * so at most `limit` items exist beyond those already done. After a run fails no new item
 * is started, the runs in flight are awaited, and the first error is thrown.
 * @param items the work, pulled lazily; `limit` ≥ 1 the most runs in flight
 * @param done called once per item, in completion order
 * @throws the first error of `run` or `done`
 */
export async function pump<T, R>(items: Iterator<T>, run: (item: T) => Promise<R>, limit: number, done: (result: R, item: T) => void): Promise<void> {
  let failed = false;
  let error: unknown;
  const lane = async (): Promise<void> => {
    while (!failed) {
      const next = items.next();
      if (next.done) return;
      try {
        done(await run(next.value), next.value);
      } catch (e) {
        if (!failed) error = e;
        failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.floor(limit)) }, lane));
  if (failed) throw error;
}
