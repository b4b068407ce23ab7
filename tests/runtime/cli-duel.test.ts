/**
 * `digiscript duel` and `digiscript simulate`, run as subprocesses through
 * bin/digiscript.mjs with the project's Node 22: the printed log and result, determinism
 * per seed, the JSON save replaying to its digest, exit code 2 with a clear message for bad
 * decks, and the simulation report.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { loadGame, type SavedGame } from "../../runtime/core/engine.ts";
import { DBE, type DbeSetup } from "../../runtime/rulesets/dbe/index.ts";
import { bundledDb } from "../../compiler/cli/decks.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BIN = join(ROOT, "bin", "digiscript.mjs");
const LOCAL_NODE = join(ROOT, "node_modules", ".bin", "node");
const NODE = existsSync(LOCAL_NODE) ? LOCAL_NODE : process.execPath;
const T = 180_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(...args: string[]): Promise<Run> {
  return new Promise((done) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
    delete env.FORCE_COLOR;
    execFile(NODE, [BIN, ...args], { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === "number" ? err.code : 1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

const DUEL = ["duel", "--deck", "dragon-core", "--deck", "nature-core"];

/** Every run the tests need, started together (each is a separate Node process). */
const runs: Record<string, Run> = {};
const COMMANDS: Record<string, string[]> = {
  seed5: [...DUEL, "--seed", "5"],
  seed5again: [...DUEL, "--seed", "5"],
  seed6: [...DUEL, "--seed", "6"],
  json5: [...DUEL, "--seed", "5", "--json"],
  json8: [...DUEL, "--seed", "8", "--agents", "greedy,random", "--json"],
  oneDeck: ["duel", "--deck", "dragon-core"],
  noDeck: ["duel"],
  unknownDeck: ["duel", "--deck", "dragon-core", "--deck", "no-such-deck"],
  rush: ["duel", "--cards", "tests/runtime/fixtures/designer", "--deck", "tests/runtime/fixtures/designer/fixture.deck", "--deck", "nature-core"],
  full: ["duel", "--deck", "dragon-rush", "--deck", "nature-wall", "--seed", "3"],
  badAgents: [...DUEL, "--agents", "random,clever"],
  simulate: ["simulate", "--games", "40", "--workers", "2", "--json"],
  simulate1: ["simulate", "--games", "40", "--workers", "1", "--json"],
  simulateBad: ["simulate", "--games", "0"],
};

beforeAll(async () => {
  const entries = await Promise.all(Object.entries(COMMANDS).map(async ([k, args]) => [k, await cli(...args)] as const));
  for (const [k, r] of entries) runs[k] = r;
}, T);

/** The "Result:" line of a duel log. */
const RESULT = /^Result: P([12]) \((.+)\) wins — (.+); (\d+) turns, (\d+) decisions; seed (\d+); digest ([0-9a-f]{16})$/m;

describe("digiscript duel", () => {
  it("prints the turns and a Result line", () => {
    const r = runs.seed5!;
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^── Pre-Game Setup ──$/m);
    const m = RESULT.exec(r.stdout);
    expect(m, r.stdout.slice(-400)).not.toBeNull();
    const [, seat, name, , turns, , seed] = m!;
    expect(seed).toBe("5");
    expect(name).toBe(seat === "1" ? "Dragon Core" : "Nature Core");
    // the seats first, then one header per turn played naming its turn player, in order
    expect(r.stdout.split("\n")[0]).toBe("P1 (Dragon Core) — P2 (Nature Core)");
    const headers = [...r.stdout.matchAll(/^── Turn (\d+): P[12] \((Dragon|Nature) Core\) ──$/gm)].map((x) => Number(x[1]));
    expect(headers).toEqual(Array.from({ length: Number(turns) }, (_, i) => i + 1));
    // events are grouped under the phase step the rules name ("Prep Phase, step 2 (Draw)")
    expect(r.stdout).toMatch(/^ {2}Prep Phase, step 2 \(Draw\)$/m);
    expect(r.stdout).toMatch(/^ {4}P[12] draws /m);
  });

  it("is identical for the same seed, and differs for another seed", () => {
    expect(runs.seed5again!.code).toBe(0);
    expect(runs.seed5again!.stdout).toBe(runs.seed5!.stdout);
    expect(runs.seed6!.code).toBe(0);
    expect(runs.seed6!.stdout).not.toBe(runs.seed5!.stdout);
    expect(RESULT.exec(runs.seed6!.stdout)?.[6]).toBe("6");
  });

  it("--json prints a save whose choices replay with loadGame to its digest", async () => {
    const db = await bundledDb();
    for (const key of ["json5", "json8"]) {
      const r = runs[key]!;
      expect(r.code, r.stderr).toBe(0);
      const save = JSON.parse(r.stdout) as SavedGame<DbeSetup>;
      expect(save.format).toBe("digiscript-game/1");
      expect(save.ruleset).toBe("dbe");
      expect(save.setup.seats.map((s) => s.name)).toEqual(["Dragon Core", "Nature Core"]);
      expect(save.choices.length).toBeGreaterThan(0);
      expect(save.digest).toMatch(/^[0-9a-f]{64}$/);
      const g = loadGame(DBE, db, save);
      expect(g.over).toBe(true);
      expect(g.digest()).toBe(save.digest);
      expect(g.choices).toEqual(save.choices);
    }
  }, T);

  it("--json describes the same game as the printed log", () => {
    const save = JSON.parse(runs.json5!.stdout) as SavedGame<DbeSetup>;
    expect(save.seed).toBe(5);
    const m = RESULT.exec(runs.seed5!.stdout)!;
    expect(save.digest.slice(0, 16)).toBe(m[7]);
    expect(save.choices).toHaveLength(Number(m[5]));
  });

  it("a duel with one deck, or none, exits 2 asking for two decks", () => {
    for (const [key, n] of [["oneDeck", 1], ["noDeck", 0]] as const) {
      const r = runs[key]!;
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain(`duel needs exactly two --deck options, got ${n}`);
      expect(r.stderr).not.toMatch(/internal error|at .*\.ts:\d+/);
    }
  });

  it("an unknown deck exits 2 naming the missing file", () => {
    const r = runs.unknownDeck!;
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/deck file not found: .*no-such-deck\.deck/);
    expect(r.stderr).not.toMatch(/internal error/);
  });

  it("a deck with cards the runtime cannot perform exits 2 naming the card and the construct", () => {
    const r = runs.rush!;
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/fixture\.deck cannot be played/);
    expect(r.stderr).toMatch(/FX-001 Grudgemon: the runtime cannot yet perform trigger "When … ko"/);
    expect(r.stderr).not.toMatch(/internal error/);
  });

  it("the bundled decks dragon-rush and nature-wall play a full game", () => {
    const r = runs.full!;
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\nResult: .* — .*; \d+ turns/);
  });

  it("an unknown agent kind exits 2", () => {
    const r = runs.badAgents!;
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/random, greedy/);
  });
});

describe("digiscript simulate", () => {
  interface Report {
    games: number;
    wins: { wins: number; rate: number; low: number; high: number }[];
    draws: number;
    meanTurns: number;
    koSources: Record<string, number>;
    violations: unknown[];
    replays: number;
    decks: string[];
    agents: string[];
    seed: number;
    workers: number;
  }

  it("--games 40 --workers 2 --json reports 40 games, wins + draws = 40, no violations", () => {
    const r = runs.simulate!;
    expect(r.code, r.stderr).toBe(0);
    const rep = JSON.parse(r.stdout) as Report;
    expect(rep.games).toBe(40);
    expect(rep.wins).toHaveLength(2);
    expect(rep.wins[0]!.wins + rep.wins[1]!.wins + rep.draws).toBe(40);
    for (const w of rep.wins) {
      expect(w.rate).toBeCloseTo(w.wins / 40, 12);
      expect(w.low).toBeLessThanOrEqual(w.rate);
      expect(w.high).toBeGreaterThanOrEqual(w.rate);
    }
    expect(rep.violations).toEqual([]);
    expect(rep.decks).toEqual(["Dragon Core", "Nature Core"]);
    expect(rep.agents).toEqual(["random", "random"]);
    expect(rep.workers).toBe(2);
    expect(rep.meanTurns).toBeGreaterThan(1);
    expect(Object.values(rep.koSources).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    // --replay-every defaults to 100: of seeds 1..40 only the first is replayed
    expect(rep.replays).toBe(1);
  });

  it("the report does not depend on the number of workers", () => {
    const a = JSON.parse(runs.simulate!.stdout) as Report;
    const b = JSON.parse(runs.simulate1!.stdout) as Report;
    expect(runs.simulate1!.code).toBe(0);
    for (const k of ["games", "wins", "draws", "meanTurns", "koSources", "violations", "replays"] as const) expect(b[k], k).toEqual(a[k]);
  });

  it("--games 0 exits 2", () => {
    expect(runs.simulateBad!.code).toBe(2);
    expect(runs.simulateBad!.stderr).toMatch(/--games must be a positive whole number/);
  });
});
