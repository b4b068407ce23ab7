/**
 * `duel`, `simulate` and `replay` with `--ruleset dcg` (issue 14 "CLI"): DCG cards from the
 * sets given with `--cards` (DCG `.dgs` files, a compiled DCG set folder) or, by default, the
 * card pool `../shared/data/dcg/cards.json` imported and checked; games played with card effects
 * (`DCG_EFFECTS`); bad decks refused with the card and the rule (exit 2, no stack trace); cards
 * that do not compile or that the runtime cannot perform refused naming the card and the
 * diagnostic or construct; saves replayed to the same digest.
 *
 * The first suite writes its own small DCG set (set TDC) and always runs; the second uses the
 * real card data and is skipped without it (its body reads nothing: the data is read in the tests).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, runCli } from "../helpers.ts";
import { bundledDcgDeckNames, dcgDeckPath, loadDcgDeck, loadDcgPool } from "../../compiler/cli/dcg.ts";
import { dcgUnsupported } from "../../runtime/rulesets/dcg/effects/index.ts";

const HAVE_DCG_DATA = existsSync(resolve(ROOT, "../shared/data/dcg/cards.json"));

/** A DCG card block of the test set. */
function card(number: string, name: string, fields: Record<string, string>): string {
  return [`card ${number} ${name}`, ...Object.entries(fields).map(([k, v]) => `  ${k}: ${v}`), ""].join("\n");
}

const digimon = (color: string, level: number, cost: number, dp: number, from: string, extra: Record<string, string> = {}) => ({ kind: "Digimon", color, level: String(level), playcost: String(cost), digivolve: from, dp: String(dp), form: "Rookie", rarity: "Common", ...extra });

/** A small DCG set: 2 Digi-Eggs, 10 Digimon, a Tamer, 2 Options, a card whose text does not compile and one the runtime cannot perform. */
const SET = [
  "set TDC Test DCG cards for the CLI",
  "ruleset dcg",
  "",
  card("TDC-01", "Redegg", { kind: "Digi-Egg", color: "Red", level: "2", form: "In-Training", rarity: "Common", inherited: "[Your Turn] This Digimon gets +1000 DP." }),
  card("TDC-02", "Blueegg", { kind: "Digi-Egg", color: "Blue", level: "2", form: "In-Training", rarity: "Common" }),
  card("TDC-03", "Emberkit", digimon("Red", 3, 3, 3000, "0 from Lv.2", { effect: "[On Play] Reveal the top 3 cards of your deck. Add 1 red Digimon card among them to your hand. Place the remaining cards at the bottom of your deck in any order." })),
  card("TDC-04", "Sparkit", digimon("Red", 3, 2, 2000, "0 from Lv.2", { inherited: "[When Attacking] Trigger <Draw 1> (Draw 1 card from your deck)." })),
  card("TDC-05", "Tidekit", digimon("Blue", 3, 3, 3000, "0 from Lv.2", { effect: "<Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead)." })),
  card("TDC-06", "Cinderpaw", digimon("Red", 4, 5, 5000, "2 from Lv.3", { effect: "[When Digivolving] Delete 1 of your opponent's Digimon with 3000 DP or less.", inherited: "[Your Turn] This Digimon gets +1000 DP." })),
  card("TDC-07", "Wavewing", digimon("Blue", 4, 4, 4000, "2 from Lv.3 Blue", { effect: "[On Play] Return 1 of your opponent's Digimon with 4000 DP or less to its owner's hand.", inherited: "[Opponent's Turn] This Digimon gets +2000 DP." })),
  card("TDC-08", "Ashhorn", digimon("Red", 4, 4, 4000, "2 from Lv.3", { effect: "<Security Attack +1> (This Digimon checks 1 additional security card)." })),
  card("TDC-09", "Blazefang", digimon("Red", 5, 7, 7000, "3 from Lv.4", { effect: "[When Digivolving] 1 of your opponent's Digimon gets -4000 DP for the turn." })),
  card("TDC-10", "Deepcrest", digimon("Blue", 5, 7, 8000, "3 from Lv.4 Blue", { effect: "<Blocker> (When an opponent's Digimon attacks, you may suspend this Digimon to force the opponent to attack it instead)." })),
  card("TDC-11", "Sunlord", digimon("Red", 6, 12, 12000, "3 from Lv.5", { effect: "<Security Attack +1> (This Digimon checks 1 additional security card)." })),
  card("TDC-12", "Abysslord", digimon("Blue", 6, 12, 12000, "3 from Lv.5 Blue", { effect: "<Piercing> (When this Digimon attacks and deletes an opponent's Digimon and survives the battle, it performs any security checks it normally would)." })),
  card("TDC-13", "Rin Test", { kind: "Tamer", color: "Red", playcost: "2", rarity: "Rare", effect: "[Start of Your Turn] If you have a Digimon with 6000 DP or more in play, gain 1 memory.", security: "[Security] Play this card without paying its memory cost." }),
  card("TDC-14", "Flare Test", { kind: "Option", color: "Red", usecost: "3", rarity: "Common", effect: "[Main] Delete 1 of your opponent's Digimon with 5000 DP or less.", security: "[Security] Activate this card's [Main] effect." }),
  card("TDC-15", "Shield Test", { kind: "Option", color: "Blue", usecost: "1", rarity: "Common", effect: "[Main] 1 of your Digimon gets +3000 DP for the turn.", security: "[Security] All of your Security Digimon get +5000 DP until the end of the turn." }),
  card("TDC-16", "Bad Text", digimon("Red", 3, 3, 3000, "0 from Lv.2", { effect: "[On Play] Frobnicate the glorp of your opponent." })),
  card("TDC-17", "Armageddon Test", digimon("Red", 7, 15, 15000, "5 from Lv.6", { effect: "When playing this card from your hand, you may delete 1 of your [Sunlord] to reduce this card's play cost by 12." })),
].join("\n");

/** A `.deck` text. */
function deck(name: string, eggs: [number, string][], main: [number, string][]): string {
  return [`deck ${name}`, "ruleset dcg", "eggs:", ...eggs.map(([n, c]) => `${n} ${c}`), "main:", ...main.map(([n, c]) => `${n} ${c}`), ""].join("\n");
}

const FOURS = ["TDC-03", "TDC-04", "TDC-05", "TDC-06", "TDC-07", "TDC-08", "TDC-09", "TDC-10", "TDC-11", "TDC-12"].map((c) => [4, c] as [number, string]);
const DECK_A = deck("Mixed A", [[4, "TDC-01"], [1, "TDC-02"]], [...FOURS, [4, "TDC-13"], [4, "TDC-14"], [2, "TDC-15"]]);
const DECK_B = deck("Mixed B", [[3, "TDC-02"]], [...FOURS, [2, "TDC-13"], [4, "TDC-14"], [4, "TDC-15"]]);

let dir: string;
let set: string;
const at = (f: string) => join(dir, f);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "digiscript-dcg-cli-"));
  set = at("tdc.dgs");
  writeFileSync(set, SET);
  writeFileSync(at("a.deck"), DECK_A);
  writeFileSync(at("b.deck"), DECK_B);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The output of a user error: one `error:` line and its details, never a stack trace. */
function expectUserError(r: { code: number; stderr: string }): void {
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(/^(note: .*\n)*error: /);
  expect(r.stderr).not.toMatch(/internal error|\n\s+at .*:\d+:\d+/);
}

describe("--ruleset dcg with the sets given by --cards", () => {
  const decks = () => ["--deck", at("a.deck"), "--deck", at("b.deck")];

  it("duel plays a full game with card effects and prints the log by phase and the result", async () => {
    const r = await runCli(dir, ["duel", "--ruleset", "dcg", "--cards", set, ...decks(), "--seed", "7"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^P1 \(Mixed A\) — P2 \(Mixed B\)\n── Setup \(002 §5-2\) ──\n/);
    expect(r.stdout).toMatch(/── Turn 1: P[12] \(Mixed [AB]\), memory 0 on their side ──/);
    expect(r.stdout).toContain("  Main Phase (002 §6-6)\n");
    expect(r.stdout).toMatch(/── The game ends ──\n {4}P[12] \(Mixed [AB]\) wins: /);
    expect(r.stdout).toMatch(/\nResult: P[12] \(Mixed [AB]\) wins — .*; seed 7; digest [0-9a-f]{16}\n$/);
    // A card effect of the test set was performed (the log names the effect as it activates).
    expect(r.stdout).toMatch(/TDC-\d\d [A-Za-z ]+: .*activates \(002 §10-3\)/);
  }, 60_000);

  it("duel --json saves the game; replay reaches the same digest (exit 0) and prints the same log", async () => {
    const saved = await runCli(dir, ["duel", "--ruleset", "dcg", "--cards", set, ...decks(), "--seed", "11", "--json"]);
    expect(saved.code, saved.stderr).toBe(0);
    const save = JSON.parse(saved.stdout) as { ruleset: string; seed: number; setup: { seats: { name: string; main: string[]; eggs: string[] }[] }; digest: string };
    expect(save.ruleset).toBe("dcg");
    expect(save.seed).toBe(11);
    expect(save.setup.seats.map((s) => [s.name, s.main.length, s.eggs.length])).toEqual([["Mixed A", 50, 5], ["Mixed B", 50, 3]]);
    writeFileSync(at("save.json"), saved.stdout);
    const [log, replay] = await Promise.all([runCli(dir, ["duel", "--ruleset", "dcg", "--cards", set, ...decks(), "--seed", "11"]), runCli(dir, ["replay", at("save.json"), "--cards", set])]);
    expect(replay.code, replay.stderr).toBe(0);
    expect(replay.stdout).toContain(`Digest: matches the save (${save.digest.slice(0, 16)})`);
    expect(replay.stdout.slice(0, replay.stdout.lastIndexOf("Digest:"))).toBe(log.stdout);
    const json = await runCli(dir, ["replay", at("save.json"), "--cards", set, "--json"]);
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as { digestMatched: boolean; digest: string }).digest).toBe(save.digest);
  }, 60_000);

  it("the bundled decks with --cards of one's own set: refused, saying --cards replaces the card pool and how to keep it", async () => {
    const r = await runCli(dir, ["simulate", "--ruleset", "dcg", "--cards", set, "--games", "2"]);
    expectUserError(r);
    expect(r.stderr).toMatch(/unknown card number ST1-01/);
    expect(r.stderr).toContain(HAVE_DCG_DATA ? "--cards replaces the DCG card pool: to play its cards beside yours, give it too, --cards " : "the DCG card pool");
  }, 60_000);

  it("a DCG set whose ruleset line is a slip (ruleset DCG) is refused by --cards until it is fixed, naming the line", async () => {
    writeFileSync(at("slip.dgs"), SET.replace("ruleset dcg", "ruleset DCG"));
    const r = await runCli(dir, ["simulate", "--ruleset", "dcg", "--cards", at("slip.dgs"), ...decks(), "--games", "2"]);
    expectUserError(r);
    expect(r.stderr).toContain("the DCG sets given with --cards have errors outside their cards");
    expect(r.stderr).toMatch(/slip\.dgs:2:9: unknown ruleset "DCG"/);
  }, 60_000);

  it.skipIf(!HAVE_DCG_DATA)("with the card pool given in --cards, a deck's unknown number is not blamed on --cards replacing the pool", async () => {
    writeFileSync(at("unknown.deck"), deck("Unknown", [], [[4, "ZZ-99"]]));
    const r = await runCli(dir, ["duel", "--ruleset", "dcg", "--cards", resolve(ROOT, "../shared/data/dcg/cards.json"), "--cards", set, "--deck", at("unknown.deck"), "--deck", at("unknown.deck")]);
    expectUserError(r);
    expect(r.stderr).toMatch(/unknown card number ZZ-99/);
    expect(r.stderr).not.toContain("--cards replaces the DCG card pool");
  }, 60_000);

  it("replay without the --cards the game was played with names the unknown card and says which option replays it", async () => {
    const r = await runCli(dir, ["replay", at("save.json")]);
    expectUserError(r);
    expect(r.stderr).toMatch(/unknown card number TDC-\d\d/);
    expect(r.stderr).toContain("a game saved by `duel --cards <files>` replays with the same `--cards <files>`");
  }, 60_000);

  it("replay refuses a DCG save whose deck breaks a construction rule (exit 2, the field and the rule)", async () => {
    const save = JSON.parse(readFileSync(at("save.json"), "utf8")) as { setup: { seats: { main: string[] }[] } };
    save.setup.seats[0]!.main.pop();
    writeFileSync(at("short.json"), JSON.stringify(save));
    const r = await runCli(dir, ["replay", at("short.json"), "--cards", set]);
    expectUserError(r);
    expect(r.stderr).toContain("save: setup.seats[0]: deck \"Mixed A\" cannot be played: the deck has 49 cards; a DCG deck is exactly 50 (002 §5-1-1)");
  }, 60_000);

  it("simulate plays the same games on this thread and on 2 workers: 0 violations, replays to the same digest", async () => {
    const args = ["simulate", "--ruleset", "dcg", "--cards", set, ...decks(), "--games", "60", "--seed", "81", "--replay-every", "20", "--json"];
    const [here, pool] = await Promise.all([runCli(dir, [...args, "--workers", "1"]), runCli(dir, [...args, "--workers", "2"])]);
    expect(here.code, here.stderr).toBe(0);
    expect(pool.code, pool.stderr).toBe(0);
    const a = JSON.parse(here.stdout) as Record<string, unknown>;
    const b = JSON.parse(pool.stdout) as Record<string, unknown>;
    expect([a.workers, b.workers]).toEqual([1, 2]);
    for (const r of [a, b]) delete r.ms, delete r.workers;
    expect(b).toEqual(a);
    expect(a).toMatchObject({ games: 60, replays: 3, fullyChecked: 1, violationCount: 0, decks: ["Mixed A", "Mixed B"] });
  }, 120_000);

  it("the simulate report names the DCG invariants", async () => {
    const r = await runCli(dir, ["simulate", "--ruleset", "dcg", "--cards", set, ...decks(), "--games", "20", "--seed", "95", "--workers", "1"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^20 DCG games with card effects in [\d.]+ s \(\d+ games\/s on one thread\)/);
    expect(r.stdout).toContain("invariants: memory in −10…+10 after every step of all 20 games; card conservation and the objects in play too at each game's end, and after every step of 1 sampled game (seed a multiple of 100)");
    expect(r.stdout).toMatch(/deletions: /);
    expect(r.stdout).toContain("invariant violations: 0");
  }, 60_000);

  it("a compiled DCG set folder (compile --out) plays the same game as its .dgs file", async () => {
    const out = at("out");
    await runCli(dir, ["compile", set, "--out", out]);
    expect(existsSync(join(out, "TDC", "cards.json"))).toBe(true);
    const args = [...decks(), "--seed", "5"];
    const [fromDgs, fromFolder, fromParent] = await Promise.all([
      runCli(dir, ["duel", "--ruleset", "dcg", "--cards", set, ...args]),
      runCli(dir, ["duel", "--ruleset", "dcg", "--cards", join(out, "TDC"), ...args]),
      runCli(dir, ["duel", "--ruleset", "dcg", "--cards", out, ...args]),
    ]);
    expect(fromFolder.code, fromFolder.stderr).toBe(0);
    expect(fromFolder.stdout).toBe(fromDgs.stdout);
    expect(fromParent.stdout).toBe(fromDgs.stdout);
  }, 60_000);

  it("a given set with a bundled DCG set's code replaces it, openly (no clash of card numbers)", async () => {
    writeFileSync(at("dsx.dgs"), readFileSync(join(ROOT, "cards/dcg/example.dgs"), "utf8"));
    const r = await runCli(dir, ["duel", "--ruleset", "dcg", "--cards", at("dsx.dgs"), "--cards", set, ...decks()]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/note: set DSX from .*dsx\.dgs replaces the bundled set DSX \(.*cards\/dcg\/example\.dgs\)/);
  }, 60_000);

  it("an illegal deck: every problem with its line, card and rule (50 cards, 0–5 Digi-Eggs, 4 of a number, unknown cards, pile kinds)", async () => {
    writeFileSync(at("bad.deck"), deck("Bad", [[6, "TDC-01"]], [[5, "TDC-03"], [4, "TDC-04"], [1, "XX-99"], [1, "TDC-02"]]));
    const r = await runCli(dir, ["duel", "--ruleset", "dcg", "--cards", set, "--deck", at("a.deck"), "--deck", at("bad.deck")]);
    expectUserError(r);
    // Paths are shown relative to the working folder (here the test's folder).
    const bad = "bad.deck";
    expect(r.stderr).toContain(`error: deck ${bad} cannot be played:`);
    expect(r.stderr).toContain(`${bad}:4: 6 copies of TDC-01 Redegg; at most 4 cards with the same card number (002 §5-1-1)`);
    expect(r.stderr).toContain(`${bad}:6: 5 copies of TDC-03 Emberkit; at most 4 cards with the same card number (002 §5-1-1)`);
    expect(r.stderr).toContain(`${bad}:8: unknown card number XX-99`);
    expect(r.stderr).toContain(`${bad}:9: TDC-02 Blueegg is a Digi-Egg card; the deck holds only Digimon, Tamer and Option cards`);
    expect(r.stderr).toContain(`${bad}: the deck has 11 cards; a DCG deck is exactly 50 (002 §5-1-1)`);
    expect(r.stderr).toContain(`${bad}: the Digi-Egg deck has 6 cards; at most 5 (002 §5-1-1)`);
  }, 60_000);

  it("a deck with a card whose text does not compile, or that the runtime cannot perform, is refused naming the card and why", async () => {
    writeFileSync(at("c.deck"), deck("Refused", [[4, "TDC-01"]], [...FOURS.slice(1), [3, "TDC-03"], [1, "TDC-16"], [4, "TDC-13"], [4, "TDC-14"], [1, "TDC-15"], [1, "TDC-17"]]));
    const r = await runCli(dir, ["simulate", "--ruleset", "dcg", "--cards", set, "--deck", at("a.deck"), "--deck", at("c.deck"), "--games", "5"]);
    expectUserError(r);
    expect(r.stderr).toContain("note: 1 card of the given DCG sets has errors and cannot be played");
    expect(r.stderr).toMatch(/c\.deck:\d+: TDC-16 Bad Text does not compile, so it cannot be played \(.*tdc\.dgs:\d+:\d+: could not read "Frobnicate"/);
    expect(r.stderr).toMatch(/c\.deck:\d+: TDC-17 Armageddon Test: the DCG runtime cannot yet perform .*cost reduction made by a triggered effect/);
  }, 60_000);

  it("an unknown bundled deck names the bundled DCG decks; a DBE deck or set is refused with the ruleset to use, and a DCG deck in a DBE duel", async () => {
    const [unknown, dbeDeck, dbeSet, dcgDeckInDbe] = await Promise.all([
      runCli(dir, ["duel", "--ruleset", "dcg", "--cards", set, "--deck", "no-such-deck", "--deck", at("b.deck")]),
      runCli(dir, ["duel", "--ruleset", "dcg", "--cards", set, "--deck", join(ROOT, "cards/dbe/decks/dragon-core.deck"), "--deck", at("b.deck")]),
      runCli(dir, ["duel", "--ruleset", "dcg", "--cards", join(ROOT, "cards/dbe/starter.dgs"), "--deck", at("a.deck"), "--deck", at("b.deck")]),
      runCli(dir, ["duel", "--ruleset", "dbe", "--deck", at("a.deck"), "--deck", "dragon-core"]),
    ]);
    expectUserError(unknown);
    expect(unknown.stderr).toContain('error: no bundled DCG deck named "no-such-deck"');
    expect(unknown.stderr).toMatch(/the bundled DCG decks are .*st1-gaia-red/);
    expectUserError(dbeDeck);
    expect(dbeDeck.stderr).toContain('a DCG deck list is "ruleset dcg", not "dbe"');
    expectUserError(dbeSet);
    expect(dbeSet.stderr).toContain('--ruleset dcg plays DCG sets (a "ruleset dcg" line); these are not:');
    expectUserError(dcgDeckInDbe);
    expect(dcgDeckInDbe.stderr).toContain('a.deck is a dcg deck ("ruleset dcg") and the game is dbe: play it with --ruleset dcg');
  }, 60_000);
});

describe.skipIf(!HAVE_DCG_DATA)("--ruleset dcg with the card pool (../shared/data/dcg/cards.json)", () => {
  it("every bundled DCG deck loads as duel and simulate load it: legal (002 §5-1-1), every card compiles and is performed by the runtime", async () => {
    const names = bundledDcgDeckNames();
    expect(names).toEqual(["bt1-green-insects", "bt1-red-dragons", "st1-gaia-red", "st2-cocytus-blue"]);
    const pool = await loadDcgPool();
    expect(pool.cardPool).toBe(true);
    for (const name of names) {
      const seat = loadDcgDeck(dcgDeckPath(name), pool); // throws naming every card refused
      expect([seat.main.length, seat.eggs.length <= 5], name).toEqual([50, true]);
      for (const n of new Set([...seat.main, ...seat.eggs])) {
        expect(pool.broken.get(n), `${name}: ${n}`).toBeUndefined();
        expect(dcgUnsupported(pool.db.get(n)!), `${name}: ${n}`).toEqual([]);
      }
    }
  }, 120_000);

  it("the decks with ST2 Tsunomon and Kaiser Nail and with BT1 green cards: a duel and simulated games with 0 violations", async () => {
    const [duel, sim] = await Promise.all([
      runCli(dir, ["duel", "--ruleset", "dcg", "--deck", "st2-cocytus-blue", "--deck", "bt1-green-insects", "--seed", "7"]),
      runCli(dir, ["simulate", "--ruleset", "dcg", "--deck", "bt1-green-insects", "--deck", "st2-cocytus-blue", "--games", "40", "--seed", "1", "--workers", "1", "--replay-every", "10", "--json"]),
    ]);
    expect(duel.code, duel.stderr).toBe(0);
    expect(duel.stdout).toMatch(/^P1 \(Cocytus Blue\) — P2 \(BT1 Green Insects\)\n/);
    expect(duel.stdout).toMatch(/\nResult: (P[12] \(.*\) wins|draw) — .*; seed 7; digest [0-9a-f]{16}\n$/);
    expect(sim.code, sim.stderr).toBe(0);
    expect(JSON.parse(sim.stdout)).toMatchObject({ games: 40, replays: 4, violationCount: 0, decks: ["BT1 Green Insects", "Cocytus Blue"] });
  }, 120_000);

  it("duel on the bundled decks, the card pool imported and checked by default", async () => {
    const r = await runCli(dir, ["duel", "--ruleset", "dcg", "--deck", "st1-gaia-red", "--deck", "bt1-red-dragons", "--seed", "3"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^P1 \(Gaia Red\) — P2 \(BT1 Red Dragons\)\n/);
    expect(r.stdout).toMatch(/\nResult: (P[12] \(.*\) wins|draw) — .*; seed 3; digest [0-9a-f]{16}\n$/);
  }, 60_000);

  it("simulate's default DCG decks: 0 violations, 1 in 10 replayed to the same digest; --cards with the dump gives the same games", async () => {
    const args = ["simulate", "--ruleset", "dcg", "--games", "40", "--seed", "1", "--workers", "1", "--replay-every", "10", "--json"];
    const [byDefault, given] = await Promise.all([runCli(dir, args), runCli(dir, [...args, "--cards", resolve(ROOT, "../shared/data/dcg/cards.json")])]);
    expect(byDefault.code, byDefault.stderr).toBe(0);
    const a = JSON.parse(byDefault.stdout) as Record<string, unknown>;
    const b = JSON.parse(given.stdout) as Record<string, unknown>;
    expect(a).toMatchObject({ games: 40, replays: 4, violationCount: 0, decks: ["Gaia Red", "BT1 Red Dragons"] });
    delete a.ms, delete b.ms;
    expect(b).toEqual(a);
  }, 120_000);
});
