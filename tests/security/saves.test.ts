/**
 * Saves accepted after tampering (hostile input, item 1): a save is untrusted input.
 *
 * - The digest is required (64 lowercase hex characters): a save with the digest deleted no
 *   longer loads with changed or truncated choices.
 * - The setup is checked by the ruleset (`Ruleset.checkSetup`): a save with a deck `duel`
 *   would refuse (50 × one card, a 3-card deck) does not load.
 * - Seeds are whole numbers from −2³¹ to 2³¹−1, checked in one place (`rng.ts` checkSeed) by
 *   `new Rng`, `new Game`, saves and the CLI: 7, 7 + 2³² and 7.9 are no longer one game.
 * - Every malformed save gets one line naming the field, never a raw TypeError.
 * - `replayGame` returns the game and whether the digest matched; `loadGame` throws on a
 *   mismatch; `digiscript replay <save.json>` prints the log and exits 0 / 1 / 2.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompiledCard } from "../../runtime/card.ts";
import { Game, loadGame, replayGame, SaveError, type CardDb, type SavedGame } from "../../runtime/core/engine.ts";
import { Rng, SEED_MAX, SEED_MIN, checkSeed } from "../../runtime/core/rng.ts";
import { runGame } from "../../runtime/core/agents.ts";
import { DBE, type DbeSetup } from "../../runtime/rulesets/dbe/index.ts";
import { DMB } from "../../runtime/rulesets/dmb/index.ts";
import { makeAgent } from "../../runtime/sim/simulate.ts";
import { bundledDb, deckPath, loadDeck } from "../../compiler/cli/decks.ts";

let db: CardDb<CompiledCard> & { all: CompiledCard[] };
let setup: DbeSetup;
let dmbSetup: DbeSetup;
/** A finished DBE game's save (dragon-core vs nature-core, seed 5). */
let save: SavedGame<DbeSetup>;

function play(ruleset = DBE, s = setup, seed = 5): Game<DbeSetup> {
  const g = new Game(ruleset, db, s, seed);
  runGame(g, [makeAgent("random", seed * 2 + 1), makeAgent("greedy", seed * 2 + 2)]);
  return g;
}

/** A deep copy of the save with changes. */
function edited(change: (s: Record<string, unknown>) => void): unknown {
  const s = JSON.parse(JSON.stringify(save)) as Record<string, unknown>;
  change(s);
  return s;
}

/** The error loadGame throws for a save (fails the test when it loads). */
function refusal(raw: unknown, ruleset = DBE): Error {
  try {
    loadGame(ruleset, db, raw);
  } catch (e) {
    return e as Error;
  }
  throw new Error("the save loaded");
}

beforeAll(async () => {
  db = await bundledDb();
  setup = { seats: [loadDeck(deckPath("dragon-core"), db, "dbe"), loadDeck(deckPath("nature-core"), db, "dbe")] };
  dmbSetup = { seats: [loadDeck(deckPath("dmb-dragon"), db, "dmb"), loadDeck(deckPath("dmb-nature"), db, "dmb")] };
  save = JSON.parse(JSON.stringify(play().save())) as SavedGame<DbeSetup>;
}, 60_000);

describe("the digest is required", () => {
  it("a save without its digest, or with an empty or malformed one, is refused naming the field", () => {
    for (const digest of [undefined, "", "abc", save.digest.toUpperCase(), `${save.digest}0`, 42]) {
      const e = refusal(edited((s) => (digest === undefined ? delete s.digest : (s.digest = digest))));
      expect(e).toBeInstanceOf(SaveError);
      expect(e.message).toMatch(/^save: digest: expected 64 lowercase hex characters \(the SHA-256 of the saved game\), got /);
    }
  });

  it("changed choices or a truncated choice list no longer load by deleting the digest", () => {
    const i = save.choices.findIndex((c) => c.length === 1);
    const changed = edited((s) => {
      (s.choices as number[][])[i] = [save.choices[i]![0]! === 0 ? 1 : 0];
      delete s.digest;
    });
    expect(() => loadGame(DBE, db, changed)).toThrow(/^save: (digest|choices\[\d+\]): /);
    const truncated = edited((s) => {
      s.choices = (s.choices as number[][]).slice(0, 10);
      delete s.digest;
    });
    expect(() => loadGame(DBE, db, truncated)).toThrow(/^save: digest: /);
    // With a digest present, a truncated list replays to another digest.
    const r = replayGame(DBE, db, edited((s) => (s.choices = (s.choices as number[][]).slice(0, 10))));
    expect(r.digestMatched).toBe(false);
    expect(r.game.over).toBe(false);
  });
});

describe("the setup is checked by the ruleset", () => {
  const seat = (main: string[], name = "Tampered") => ({ name, main, destiny: [], partner: null });

  it("a deck of 50 × one card is refused naming the seat, the card and the rule", () => {
    const e = refusal(edited((s) => ((s.setup as DbeSetup).seats[0] = seat(Array(50).fill("DS1-001")))));
    expect(e).toBeInstanceOf(SaveError);
    expect(e.message).toBe(
      'save: setup.seats[0]: deck "Tampered" cannot be played: 50 copies of DS1-001 Agumon in the Main Deck; up to 4 copies of any Digimon card are allowed (000_012504f4614e5b24.txt, Deck Construction)',
    );
  });

  it("a 3-card deck is refused by the deck size rule", () => {
    expect(() => loadGame(DBE, db, edited((s) => ((s.setup as DbeSetup).seats[1] = seat(["DS1-001", "DS1-002", "DS1-003"]))))).toThrow(
      /^save: setup\.seats\[1\]: deck "Tampered" cannot be played: a DBE deck is exactly 50 cards: 3 in the Main Deck \+ 0 in the Destiny Zone = 3 \(000_012504f4614e5b24\.txt, Deck Construction\)$/,
    );
  });

  it("unknown cards, a scenario setup, extra fields and a bad turn limit are refused", () => {
    expect(() => loadGame(DBE, db, edited((s) => ((s.setup as DbeSetup).seats[0].main[0] = "XX-999")))).toThrow(/^save: setup\.seats\[0\]: deck "[^"]+" uses cards no loaded set has: XX-999\. If the game was played with --cards, replay it with the same --cards <path>$/);
    expect(() => loadGame(DBE, db, edited((s) => ((s.setup as DbeSetup).scenario = true)))).toThrow(/^save: setup\.scenario: a scenario's cards were placed by hand/);
    expect(() => loadGame(DBE, db, edited((s) => ((s.setup as Record<string, unknown>).extra = 1)))).toThrow(/^save: setup: /);
    expect(() => loadGame(DBE, db, edited((s) => ((s.setup as DbeSetup).turnLimit = 0)))).toThrow(/^save: setup\.turnLimit: expected a whole number of turns ≥ 1, got 0$/);
    expect(() => loadGame(DBE, db, edited((s) => ((s.setup as DbeSetup).seats = [(s.setup as DbeSetup).seats[0]] as never)))).toThrow(/^save: setup\.seats: expected two seats, got 1$/);
  });

  it("DMB checks its own deck rules (40-card Main Deck)", () => {
    const g = play(DMB, dmbSetup, 3);
    const dmbSave = JSON.parse(JSON.stringify(g.save())) as SavedGame<DbeSetup>;
    expect(loadGame(DMB, db, dmbSave).digest()).toBe(g.digest());
    dmbSave.setup.seats[0].main.pop();
    expect(() => loadGame(DMB, db, dmbSave)).toThrow(/^save: setup\.seats\[0\]: .*a DMB deck is exactly 40 cards: the Main Deck has 39/);
  });

  it("a save of legal decks still loads to its digest", () => {
    const g = loadGame(DBE, db, save);
    expect(g.digest()).toBe(save.digest);
    expect(g.over).toBe(true);
  });
});

describe("seeds are validated whole numbers of the generator's range", () => {
  it("the range is the 32-bit signed integers", () => {
    expect([SEED_MIN, SEED_MAX]).toEqual([-(2 ** 31), 2 ** 31 - 1]);
    expect(checkSeed(SEED_MIN)).toBe(SEED_MIN);
    expect(checkSeed(SEED_MAX)).toBe(SEED_MAX);
  });

  it("7 + 2³², 7.9, NaN and strings are refused with a RangeError by Rng, Game and checkSeed", () => {
    for (const bad of [7 + 2 ** 32, 7.9, Number.NaN, SEED_MAX + 1, SEED_MIN - 1, Infinity]) {
      expect(() => new Rng(bad)).toThrow(RangeError);
      expect(() => new Game(DBE, db, setup, bad)).toThrow(/^seed: expected a whole number from -2147483648 to 2147483647, got /);
    }
    expect(() => checkSeed("7")).toThrow('seed: expected a whole number from -2147483648 to 2147483647, got "7"');
  });

  it("distinct valid seeds are distinct games (no reduction)", () => {
    const first = (seed: number) => Array.from({ length: 8 }, ((r) => () => r.int(0, 1000))(new Rng(seed)));
    expect(first(-1)).not.toEqual(first(SEED_MAX));
    expect(first(0)).not.toEqual(first(SEED_MIN));
  });

  it("a save whose seed is out of range, fractional, null or a string is refused naming the seed", () => {
    for (const seed of [7 + 2 ** 32, 7.9, null, "7"]) {
      expect(() => loadGame(DBE, db, edited((s) => (s.seed = seed)))).toThrow(/^save: seed: expected a whole number from -2147483648 to 2147483647, got /);
    }
  });
});

describe("malformed saves: one line naming the field, never a TypeError", () => {
  const cases: [string, () => unknown, RegExp][] = [
    ["null", () => null, /^save: expected a saved game \(a JSON object\), got null$/],
    ["an array", () => [], /^save: expected a saved game \(a JSON object\), got an array$/],
    ["a string", () => "save", /^save: expected a saved game \(a JSON object\), got "save"$/],
    ["no format", () => edited((s) => delete s.format), /^save: format: not a DigiScript saved game \(format nothing/],
    ["no ruleset", () => edited((s) => delete s.ruleset), /^save: ruleset: expected a ruleset id such as "dbe", got nothing$/],
    ["seed null", () => edited((s) => (s.seed = null)), /^save: seed: .*got null$/],
    ["seed a string", () => edited((s) => (s.seed = "x")), /^save: seed: .*got "x"$/],
    ["no setup", () => edited((s) => delete s.setup), /^save: setup: missing/],
    ["setup null", () => edited((s) => (s.setup = null)), /^save: setup: expected the game's setup/],
    ["a seat's card not a string", () => edited((s) => ((s.setup as { seats: { main: unknown[] }[] }).seats[1]!.main[4] = 5)), /^save: setup\.seats\[1\]\.main\[4\]: expected a set number, got 5$/],
    ["choices not an array", () => edited((s) => (s.choices = { 0: [1] })), /^save: choices: expected a list of answers .*got an object$/],
    ["a choice not an array", () => edited((s) => ((s.choices as unknown[])[3] = 1)), /^save: choices\[3\]: expected a list of option indices, got 1$/],
    ["a choice holding a string", () => edited((s) => ((s.choices as unknown[][])[3] = ["x"])), /^save: choices\[3\]\[0\]: expected a whole number ≥ 0, got "x"$/],
    ["a negative choice", () => edited((s) => ((s.choices as unknown[][])[3] = [-1])), /^save: choices\[3\]\[0\]: expected a whole number ≥ 0, got -1$/],
    ["a fractional choice", () => edited((s) => ((s.choices as unknown[][])[3] = [0.5])), /^save: choices\[3\]\[0\]: expected a whole number ≥ 0, got 0\.5$/],
    ["an illegal choice", () => edited((s) => ((s.choices as unknown[][])[3] = [99])), /^save: choices\[3\]: not a legal answer at its point of the replay: .*option 99 does not exist/],
    ["a choice after the end", () => edited((s) => (s.choices as unknown[][]).push([0])), /^save: choices\[\d+\]: the replayed game ended before choice \d+$/],
  ];

  it.each(cases)("%s", (_name, make, message) => {
    const e = refusal(make());
    expect(e).not.toBeInstanceOf(TypeError);
    expect(e).toBeInstanceOf(SaveError);
    expect(e.message).toMatch(message);
    expect(e.message).not.toContain("\n");
  });
});

describe("replayGame and loadGame", () => {
  it("replayGame reports a digest mismatch with the replayed game; loadGame throws on it", () => {
    const other = "0".repeat(64);
    const r = replayGame(DBE, db, { ...save, digest: other });
    expect(r.digestMatched).toBe(false);
    expect(r.savedDigest).toBe(other);
    expect(r.digest).toBe(save.digest);
    expect(r.game.over).toBe(true);
    expect(() => loadGame(DBE, db, { ...save, digest: other })).toThrow(/^replay: digest [0-9a-f]{12}… differs from the saved 000000000000…/);
    const ok = replayGame(DBE, db, save);
    expect(ok.digestMatched).toBe(true);
    expect(ok.digest).toBe(save.digest);
  });
});

// ─── digiscript replay ───────────────────────────────────────────────────────

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BIN = join(ROOT, "bin", "digiscript.mjs");
const LOCAL_NODE = join(ROOT, "node_modules", ".bin", "node");
const NODE = existsSync(LOCAL_NODE) ? LOCAL_NODE : process.execPath;
const T = 60_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(...args: string[]): Promise<Run> {
  return new Promise((done) => {
    execFile(NODE, [BIN, ...args], { cwd: ROOT, timeout: 50_000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

describe("digiscript replay <save.json>", () => {
  let dir = "";
  const runs: Record<string, Run> = {};

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "digiscript-replay-"));
    const duel = ["duel", "--deck", "dragon-core", "--deck", "nature-core", "--seed", "5"];
    const [log, json] = await Promise.all([cli(...duel), cli(...duel, "--json")]);
    runs.duel = log;
    const good = JSON.parse(json.stdout) as SavedGame;
    const write = (name: string, value: unknown) => {
      const f = join(dir, name);
      writeFileSync(f, typeof value === "string" ? value : JSON.stringify(value));
      return f;
    };
    const files: Record<string, string[]> = {
      good: [write("good.json", good)],
      goodJson: [write("good2.json", good), "--json"],
      mismatch: [write("mismatch.json", { ...good, digest: "0".repeat(64) })],
      noDigest: [write("nodigest.json", { ...good, digest: undefined })],
      badChoice: [write("badchoice.json", { ...good, choices: good.choices.map((c, i) => (i === 3 ? ["x"] : c)) })],
      badDeck: [write("baddeck.json", { ...good, setup: { seats: [{ name: "Tampered", main: Array(50).fill("DS1-001"), destiny: [], partner: null }, (good.setup as DbeSetup).seats[1]] } })],
      notJson: [write("broken.json", "{ not json")],
      missing: [join(dir, "no-such-save.json")],
    };
    const entries = await Promise.all(Object.entries(files).map(async ([k, args]) => [k, await cli("replay", ...args)] as const));
    for (const [k, r] of entries) runs[k] = r;
  }, T);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("replays a duel's save: the same log and Result line as the duel, the digest matched, exit 0", () => {
    const r = runs.good!;
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith(runs.duel!.stdout)).toBe(true);
    expect(r.stdout.slice(runs.duel!.stdout.length)).toMatch(/^Digest: matches the save \([0-9a-f]{16}\)\n$/);
  });

  it("--json prints the replay's result", () => {
    const r = runs.goodJson!;
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { digestMatched: boolean; savedDigest: string; digest: string; over: boolean; winner: unknown; turns: number; log: unknown[] };
    expect(out).toMatchObject({ digestMatched: true, over: true });
    expect(out.digest).toBe(out.savedDigest);
    expect(out.log.length).toBeGreaterThan(0);
  });

  it("a save that replays to another digest: the log, a 'Digest: differs' line, exit 1", () => {
    const r = runs.mismatch!;
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^Result: /m);
    expect(r.stdout).toMatch(/^Digest: differs — replayed [0-9a-f]{16}, saved 0{16} /m);
  });

  it("malformed saves and unreadable files: exit 2, one line naming the field, no stack trace", () => {
    const expected: Record<string, RegExp> = {
      noDigest: /^error: save: digest: expected 64 lowercase hex characters/,
      badChoice: /^error: save: choices\[3\]\[0\]: expected a whole number ≥ 0, got "x"$/,
      badDeck: /^error: save: setup\.seats\[0\]: deck "Tampered" cannot be played: 50 copies of DS1-001 Agumon/,
      notJson: /^error: .*broken\.json: not valid JSON/,
      missing: /^error: cannot read .*no-such-save\.json: no such file or directory$/,
    };
    for (const [k, re] of Object.entries(expected)) {
      const r = runs[k]!;
      expect(r.code, k).toBe(2);
      expect(r.stdout, k).toBe("");
      const lines = r.stderr.trimEnd().split("\n");
      expect(lines, k).toHaveLength(1);
      expect(lines[0], k).toMatch(re);
      expect(r.stderr, k).not.toMatch(/internal error|at .*\.ts:\d+/);
    }
  });
});
