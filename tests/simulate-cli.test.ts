/**
 * `digiscript simulate` plays the same games wherever they run (this thread or a worker
 * pool), picks its workers as documented (`chooseWorkers`), and says in its report how the
 * invariants were checked (issue 11 §4).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { busyCores, chooseWorkers, POOL_MIN_GAMES } from "../compiler/cli/commands/simulate.ts";
import { runCli } from "./helpers.ts";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "digiscript-sim-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("chooseWorkers", () => {
  it("auto: one thread (no pool) below POOL_MIN_GAMES games or on one core, a worker per core from there", () => {
    expect(chooseWorkers("auto", POOL_MIN_GAMES - 1, 2, 0)).toBe(1);
    expect(chooseWorkers("auto", POOL_MIN_GAMES, 2, 0)).toBe(2);
    expect(chooseWorkers("auto", POOL_MIN_GAMES * 10, 1, 0)).toBe(1);
    expect(chooseWorkers("auto", POOL_MIN_GAMES, 8, 0)).toBe(8);
  });

  it("auto: a worker per core other jobs leave free (cores less the busy ones, rounded), no pool for fewer than two", () => {
    // 2 cores: a pool only while the other jobs use less than half a core.
    expect(chooseWorkers("auto", POOL_MIN_GAMES, 2, 0.4)).toBe(2);
    expect(chooseWorkers("auto", POOL_MIN_GAMES, 2, 0.6)).toBe(1);
    expect(chooseWorkers("auto", POOL_MIN_GAMES * 10, 2, 2.2)).toBe(1);
    // 8 cores, 3 busy: 5 workers; all busy: this thread.
    expect(chooseWorkers("auto", POOL_MIN_GAMES, 8, 3)).toBe(5);
    expect(chooseWorkers("auto", POOL_MIN_GAMES, 8, 12)).toBe(1);
    // Nothing busy, or a nonsense negative count: every core is free.
    expect(chooseWorkers("auto", POOL_MIN_GAMES, 4, 0)).toBe(4);
    expect(chooseWorkers("auto", POOL_MIN_GAMES, 4, -1)).toBe(4);
    // A number is not second-guessed by the load.
    expect(chooseWorkers(2, POOL_MIN_GAMES, 2, 5)).toBe(2);
  });

  it("busyCores counts a core kept busy during its window (0 where the process may use only some of the cores)", async () => {
    // A thread of this process spins through the whole window: at least most of one core is busy.
    const spin = new Worker("const t = Date.now(); while (Date.now() - t < 1500);", { eval: true });
    await new Promise((r) => setTimeout(r, 200));
    const busy = await busyCores(500);
    await spin.terminate();
    if (cpus().length === availableParallelism()) {
      expect(busy).toBeGreaterThan(0.5);
      expect(busy).toBeLessThanOrEqual(cpus().length);
    } else expect(busy).toBe(0);
  });

  it("a number is kept, capped at twice the cores", () => {
    expect(chooseWorkers(1, 1_000_000, 2)).toBe(1);
    expect(chooseWorkers(3, 10, 2)).toBe(3);
    expect(chooseWorkers(64, 10, 2)).toBe(4);
  });
});

describe("digiscript simulate", () => {
  it("the same seeds give the same report on this thread and on a pool of 2 workers", async () => {
    const args = ["simulate", "--games", "120", "--seed", "41", "--replay-every", "40", "--json"];
    const [here, pool] = await Promise.all([runCli(dir, [...args, "--workers", "1"]), runCli(dir, [...args, "--workers", "2"])]);
    expect(here.code, here.stderr).toBe(0);
    expect(pool.code, pool.stderr).toBe(0);
    const a = JSON.parse(here.stdout) as Record<string, unknown>;
    const b = JSON.parse(pool.stdout) as Record<string, unknown>;
    expect(a.workers).toBe(1);
    expect(b.workers).toBe(2);
    for (const r of [a, b]) delete r.ms, delete r.workers;
    expect(b).toEqual(a);
    expect(a.games).toBe(120);
    expect(a.replays).toBe(3);
    // Seeds 41 … 160: only seed 100 is a multiple of 100.
    expect(a.fullyChecked).toBe(1);
    expect(a.violationCount).toBe(0);
  }, 120_000);

  it("the report says where the games ran and how the invariants were checked", async () => {
    const r = await runCli(dir, ["simulate", "--games", "30", "--seed", "90"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^30 games in [\d.]+ s \(\d+ games\/s on one thread\)/);
    expect(r.stdout).toContain("invariants: HP and KO points after every step of all 30 games; card conservation too at each game's end, and after every step of 1 sampled game (seed a multiple of 100)");
    expect(r.stdout).toContain("invariant violations: 0");
  }, 60_000);

  it("--workers accepts auto and refuses other words", async () => {
    const r = await runCli(dir, ["simulate", "--games", "2", "--workers", "many"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--workers <k\|auto>.*expected "auto" or a whole number of worker threads/);
  }, 60_000);
});
