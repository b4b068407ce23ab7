/**
 * `duel` and `simulate` without `--ruleset`: the game is the one the decks (their `ruleset`
 * line: cards/dbe/decks/README.md, cards/dcg/decks/README.md) and the `--cards` sets say
 * (`compiler/cli/ruleset.ts` `inferRuleset`, shared by both commands); decks or sets of different
 * games are one error naming both; nothing said is DBE, as before.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inferRuleset } from "../../compiler/cli/ruleset.ts";
import { UserError } from "../../compiler/cli/errors.ts";
import { ROOT, runCli } from "../helpers.ts";

const HAVE_DCG_DATA = existsSync(resolve(ROOT, "../shared/data/dcg/cards.json"));

let dir: string;
const at = (f: string) => join(dir, f);
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "digiscript-ruleset-"));
  writeFileSync(at("dcg.deck"), "deck Mine\nruleset dcg\nmain:\n4 ST1-02\n");
  writeFileSync(at("plain.deck"), "deck Plain\nmain:\n4 ST1-02\n");
  writeFileSync(at("eggs.deck"), "deck Eggs\neggs:\n4 ST1-01\nmain:\n4 ST1-02\n");
  mkdirSync(at("dcg-set"));
  writeFileSync(at("dcg-set/x.dgs"), readFileSync(join(ROOT, "cards/dcg/example.dgs"), "utf8").replace(/^set \S+/m, "set DSY"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The UserError of `inferRuleset`, with its message and details as one text. */
async function inferError(decks: string[], cards: string[] = []): Promise<string> {
  try {
    await inferRuleset(decks, cards);
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return [(e as UserError).message, ...(e as UserError).details].join("\n");
  }
  throw new Error("inferRuleset did not throw");
}

describe("inferRuleset", () => {
  it("reads the bundled decks by name and deck files by path", async () => {
    expect(await inferRuleset(["st1-gaia-red", "st2-cocytus-blue"])).toBe("dcg");
    expect(await inferRuleset(["dmb-dragon", "dmb-nature"])).toBe("dmb");
    expect(await inferRuleset(["dragon-core", "nature-core"])).toBe("dbe");
    expect(await inferRuleset([at("dcg.deck"), "st1-gaia-red"])).toBe("dcg");
  });

  it("a deck that says nothing joins the others; nothing said at all is dbe", async () => {
    expect(await inferRuleset([at("plain.deck"), at("dcg.deck")])).toBe("dcg");
    expect(await inferRuleset([at("plain.deck"), "dmb-nature"])).toBe("dmb");
    expect(await inferRuleset([at("plain.deck"), at("no-such.deck")])).toBe("dbe");
    expect(await inferRuleset([])).toBe("dbe");
    // a Digi-Egg deck ("eggs:") is DCG's
    expect(await inferRuleset([at("eggs.deck"), at("plain.deck")])).toBe("dcg");
  });

  it("the --cards sets say it too", async () => {
    expect(await inferRuleset([at("plain.deck"), at("plain.deck")], [at("dcg-set")])).toBe("dcg");
    expect(await inferRuleset([], [join(ROOT, "cards/dbe/starter.dgs")])).toBe("dbe");
    expect(await inferRuleset(["dmb-dragon"], [join(ROOT, "cards/dbe/starter.dgs")])).toBe("dmb");
  });

  it("decks or sets of different games: one error naming both", async () => {
    const decks = await inferError([at("dcg.deck"), "dragon-core"]);
    expect(decks).toMatch(/dcg\.deck is a dcg deck \("ruleset dcg"\) and dragon-core is a dbe deck \("ruleset dbe"\)/);
    expect(decks).toMatch(/--ruleset/);
    const withSet = await inferError([at("dcg.deck"), at("dcg.deck")], [join(ROOT, "cards/dbe/starter.dgs")]);
    expect(withSet).toMatch(/dcg\.deck is a dcg deck \("ruleset dcg"\) and .*starter\.dgs is a DBE\/DMB set/);
    expect(await inferError(["dmb-dragon", "dragon-core"])).toMatch(/dmb-dragon is a dmb deck \("ruleset dmb"\) and dragon-core is a dbe deck/);
  });
});

describe("duel and simulate without --ruleset", () => {
  it("duel plays DMB decks as DMB", async () => {
    const r = await runCli(dir, ["duel", "--deck", "dmb-dragon", "--deck", "dmb-nature", "--seed", "2"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^P1 \(DMB Dragon\) — P2 \(DMB Nature\)/);
    // DMB's own setup (003), not DBE's Pre-Game Setup (000)
    expect(r.stdout).toContain("(003, Prep Phase setup 1)");
  }, 120_000);

  it("duel and simulate refuse decks of different games, naming both (exit 2)", async () => {
    const [duel, sim] = await Promise.all([
      runCli(dir, ["duel", "--deck", "dcg.deck", "--deck", "dragon-core"]),
      runCli(dir, ["simulate", "--games", "2", "--deck", "dragon-core", "--deck", "dcg.deck"]),
    ]);
    for (const r of [duel, sim]) {
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/different games: .*is a (dcg|dbe) deck .* and .*is a (dcg|dbe) deck/);
    }
    expect(duel.stderr).toContain('dcg.deck is a dcg deck ("ruleset dcg") and dragon-core is a dbe deck ("ruleset dbe")');
    expect(sim.stderr).toContain('dragon-core is a dbe deck ("ruleset dbe") and dcg.deck is a dcg deck ("ruleset dcg")');
  }, 120_000);

  it.skipIf(!HAVE_DCG_DATA)("duel and simulate play the bundled DCG decks as DCG (the card pool)", async () => {
    const duel = await runCli(dir, ["duel", "--deck", "st1-gaia-red", "--deck", "st2-cocytus-blue", "--seed", "3"]);
    expect(duel.code, duel.stderr).toBe(0);
    expect(duel.stdout).toMatch(/── Setup \(002 §5-2\) ──/);
    const sim = await runCli(dir, ["simulate", "--deck", "st1-gaia-red", "--deck", "st2-cocytus-blue", "--games", "3", "--workers", "1"]);
    expect(sim.code, sim.stderr).toBe(0);
    expect(sim.stdout).toMatch(/^3 DCG games with card effects/);
  }, 300_000);
});
