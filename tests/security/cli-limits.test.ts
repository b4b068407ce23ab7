/**
 * CLI limits (hostile input, item 3): `simulate` option values are validated (exit 2 with a
 * clear message), and batches are streamed to the worker pool with a bounded number in
 * flight and added up as they arrive, so memory does not grow with `--games` (it used to
 * build every batch up front and keep every GameSummary, and ran out of memory at
 * `--games 1000000000`). Seeds given on the command line are checked like saved ones.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { batchesOf, pump, type SimBatch } from "../../runtime/sim/stream.ts";
import { MAX_REPORTED_VIOLATIONS, SimAccumulator, summarize, wilson, type GameSummary } from "../../runtime/sim/simulate.ts";
import { checkSimulateOptions } from "../../compiler/cli/commands/simulate.ts";
import { UserError } from "../../compiler/cli/errors.ts";

function summary(seed: number, winner: 0 | 1 | "draw", turns: number, violations: string[] = [], koSources: Record<string, number> = {}): GameSummary {
  return { seed, winner, reason: "", turns, decisions: 0, koSources, violations, digest: "", replayed: false, fullyChecked: false };
}

// ─── Streaming ───────────────────────────────────────────────────────────────

describe("batchesOf: batches made on demand", () => {
  it("covers seed … seed + games − 1 in batches of 50, replaying one game in replayEvery", () => {
    const all = [...batchesOf(10, 120, 25)];
    expect(all.map((b) => b.seeds.length)).toEqual([50, 50, 20]);
    expect(all.flatMap((b) => b.seeds)).toEqual(Array.from({ length: 120 }, (_, i) => 10 + i));
    expect(all.flatMap((b) => b.replay)).toEqual([10, 35, 60, 85, 110]);
    expect([...batchesOf(1, 3, 0)]).toEqual([{ seeds: [1, 2, 3], replay: [] }]);
  });

  it("is lazy: a billion games cost nothing until batches are pulled", () => {
    const it = batchesOf(1, 1_000_000_000, 100);
    const first = it.next().value as SimBatch;
    expect(first.seeds).toHaveLength(50);
    expect(first.replay).toEqual([1]);
    expect((it.next().value as SimBatch).seeds[0]).toBe(51);
  });
});

describe("pump: a bounded number of runs in flight", () => {
  /** A run whose promises the test resolves by hand. */
  function manual() {
    const waiting: { batch: SimBatch; resolve: (r: number) => void }[] = [];
    return { waiting, run: (batch: SimBatch) => new Promise<number>((resolve) => waiting.push({ batch, resolve })) };
  }

  it("creates at most `limit` batches before the first result, then one per result", async () => {
    let created = 0;
    const source = (function* () {
      for (const b of batchesOf(1, 1_000_000_000, 0)) {
        created++;
        yield b;
        if (created === 40) return;
      }
    })();
    const m = manual();
    const results: number[] = [];
    const done = pump(source, m.run, 4, (r) => results.push(r));
    await Promise.resolve();
    expect(created).toBe(4);
    expect(m.waiting).toHaveLength(4);
    // Nothing more is pulled while all four are in flight.
    await new Promise((r) => setTimeout(r, 5));
    expect(created).toBe(4);
    m.waiting.shift()!.resolve(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(results).toEqual([1]);
    expect(created).toBe(5);
    while (m.waiting.length) {
      m.waiting.shift()!.resolve(results.length + 1);
      await new Promise((r) => setTimeout(r, 0));
    }
    await done;
    expect(created).toBe(40);
    expect(results).toHaveLength(40);
  });

  it("stops pulling after a failure and throws the first error", async () => {
    let pulled = 0;
    const source = (function* () {
      for (let i = 0; i < 1000; i++) {
        pulled++;
        yield i;
      }
    })();
    await expect(pump(source, async (i) => (i === 3 ? Promise.reject(new Error("worker died")) : i), 2, () => {})).rejects.toThrow("worker died");
    expect(pulled).toBeLessThan(10);
  });
});

describe("SimAccumulator: a streaming report in bounded memory", () => {
  it("gives the same report as summarize, whatever the order the games arrive in", () => {
    const games = Array.from({ length: 300 }, (_, i) => summary(i + 1, i % 3 === 0 ? 0 : i % 3 === 1 ? 1 : "draw", 5 + (i % 7), i % 50 === 0 ? [`bad ${i}`] : [], { hp: i % 2, threeFlats: i % 5 === 0 ? 1 : 0 }));
    const forward = new SimAccumulator();
    const backward = new SimAccumulator();
    for (const g of games) forward.add(g);
    for (const g of [...games].reverse()) backward.add(g);
    expect(backward.report()).toEqual(forward.report());
    const r = forward.report();
    expect(r).toEqual(summarize(games));
    expect(r.games).toBe(300);
    expect(r.wins[0]).toEqual(wilson(100, 300));
    expect(r.draws).toBe(100);
    expect(r.violations.map((v) => v.seed)).toEqual([1, 51, 101, 151, 201, 251]);
    expect(r.violationCount).toBe(6);
  });

  it("keeps at most MAX_REPORTED_VIOLATIONS messages (the lowest seeds) and counts them all", () => {
    const acc = new SimAccumulator();
    // 100,000 games with two violations each, arriving from the highest seed down.
    for (let seed = 100_000; seed >= 1; seed--) acc.add(summary(seed, 0, 1, ["first", "second"]));
    const r = acc.report();
    expect(r.violationCount).toBe(200_000);
    expect(r.violations).toHaveLength(MAX_REPORTED_VIOLATIONS);
    expect(r.violations.slice(0, 4)).toEqual([
      { seed: 1, message: "first" },
      { seed: 1, message: "second" },
      { seed: 2, message: "first" },
      { seed: 2, message: "second" },
    ]);
    expect(r.violations.at(-1)!.seed).toBe(MAX_REPORTED_VIOLATIONS / 2);
  });
});

// ─── Option values ───────────────────────────────────────────────────────────

describe("checkSimulateOptions", () => {
  const ok = { games: 10, workers: 2, turnLimit: 200, replayEvery: 100, seed: 1 };

  it("accepts the defaults, replay-every 0 and the full seed range", () => {
    expect(() => checkSimulateOptions(ok)).not.toThrow();
    expect(() => checkSimulateOptions({ ...ok, replayEvery: 0 })).not.toThrow();
    expect(() => checkSimulateOptions({ ...ok, seed: 2 ** 31 - 10 })).not.toThrow();
    expect(() => checkSimulateOptions({ ...ok, seed: -(2 ** 31) })).not.toThrow();
  });

  it.each([
    [{ turnLimit: -1 }, "--turn-limit must be a positive whole number, got -1"],
    [{ turnLimit: 0 }, "--turn-limit must be a positive whole number, got 0"],
    [{ games: 0 }, "--games must be a positive whole number, got 0"],
    [{ workers: -2 }, "--workers must be a positive whole number, got -2"],
    [{ replayEvery: -1 }, "--replay-every must be a whole number ≥ 0 (0: no replays), got -1"],
    [{ seed: 2 ** 31 - 5 }, "--seed 2147483643 with --games 10: game i plays seed + i, so the last seed would be 2147483652, above 2147483647"],
    [{ seed: 7.5 }, "--seed: expected a whole number from -2147483648 to 2147483647, got 7.5"],
  ] as const)("refuses %o", (change, message) => {
    expect(() => checkSimulateOptions({ ...ok, ...change })).toThrow(UserError);
    expect(() => checkSimulateOptions({ ...ok, ...change })).toThrow(message);
  });
});

// ─── Through the CLI ─────────────────────────────────────────────────────────

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BIN = join(ROOT, "bin", "digiscript.mjs");
const LOCAL_NODE = join(ROOT, "node_modules", ".bin", "node");
const NODE = existsSync(LOCAL_NODE) ? LOCAL_NODE : process.execPath;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(...args: string[]): Promise<Run> {
  return new Promise((done) => {
    execFile(NODE, [BIN, ...args], { cwd: ROOT, timeout: 50_000 }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

const REFUSED: Record<string, [string[], RegExp]> = {
  turnLimitNegative: [["simulate", "--turn-limit", "-1"], /--turn-limit must be a positive whole number, got -1/],
  turnLimitZero: [["simulate", "--turn-limit", "0"], /--turn-limit must be a positive whole number, got 0/],
  turnLimitFraction: [["simulate", "--turn-limit", "2.5"], /--turn-limit <n>.*expected a whole number/],
  gamesNegative: [["simulate", "--games", "-3"], /--games must be a positive whole number, got -3/],
  workersZero: [["simulate", "--workers", "0"], /--workers must be a positive whole number, got 0/],
  replayEveryNegative: [["simulate", "--replay-every", "-1"], /--replay-every must be a whole number ≥ 0/],
  seedTooHigh: [["simulate", "--seed", "2147483647", "--games", "2"], /the last seed would be 2147483648, above 2147483647/],
  simulateSeedFraction: [["simulate", "--seed", "7.9"], /--seed <n>.*expected a whole number from -2147483648 to 2147483647, got "7\.9"/],
  duelSeedFraction: [["duel", "--deck", "dragon-core", "--deck", "nature-core", "--seed", "7.9"], /--seed <n>.*got "7\.9"/],
  duelSeedWrapped: [["duel", "--deck", "dragon-core", "--deck", "nature-core", "--seed", String(7 + 2 ** 32)], /--seed <n>.*got "4294967303"/],
};

describe("simulate and duel refuse bad option values (exit 2)", () => {
  const runs: Record<string, Run> = {};

  beforeAll(async () => {
    const entries = await Promise.all(Object.entries(REFUSED).map(async ([k, [args]]) => [k, await cli(...args)] as const));
    for (const [k, r] of entries) runs[k] = r;
  }, 60_000);

  it.each(Object.keys(REFUSED))("%s", (k) => {
    const r = runs[k]!;
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(REFUSED[k]![1]);
    expect(r.stderr).not.toMatch(/internal error|at .*\.ts:\d+/);
  });
});
