/**
 * Setting up a duel from the workspace: deck problems as data (card and rule named, never an
 * exception), and the game built exactly as `digiscript duel` builds it — the same seed,
 * decks and agents reach the CLI's digest.
 */
import { describe, expect, it } from "vitest";
import { runGame } from "../../../runtime/core/agents.ts";
import { Game } from "../../../runtime/core/engine.ts";
import { DBE } from "../../../runtime/rulesets/dbe/index.ts";
import { DMB } from "../../../runtime/rulesets/dmb/index.ts";
import { makeAgent } from "../../../runtime/sim/simulate.ts";
import { bundledDb, deckPath, loadDeck } from "../../../compiler/cli/decks.ts";
import { agentSeeds, checkDeck, deckLabel, deckRuleset, newDuelGame, prepareDuel, seedError, RULESET_RULE } from "./setup.ts";
import { Session } from "./session.ts";
import { bundledDeck, workspaceCards } from "./test-cards.ts";
import { cardDb } from "../../../runtime/rulesets/dbe/index.ts";

const cards = workspaceCards();

/** The CLI's duel: `digiscript duel --deck a --deck b --seed N --agents x,y --json` → its digest. */
async function cliDigest(ruleset: "dbe" | "dmb", a: string, b: string, seed: number, agents: ["random" | "greedy", "random" | "greedy"]): Promise<string> {
  const db = await bundledDb();
  const seats = [loadDeck(deckPath(a), db, ruleset), loadDeck(deckPath(b), db, ruleset)] as [ReturnType<typeof loadDeck>, ReturnType<typeof loadDeck>];
  const g = new Game(ruleset === "dmb" ? DMB : DBE, db, { seats }, seed);
  runGame(g, [makeAgent(agents[0], seed * 2 + 1), makeAgent(agents[1], seed * 2 + 2)]);
  return g.digest();
}

describe("prepareDuel", () => {
  it("builds the CLI's setup from two bundled decks", () => {
    const p = prepareDuel(cards, [bundledDeck("dragon-rush"), bundledDeck("nature-wall")], "dbe");
    if (!p.ok) throw new Error(JSON.stringify(p.problems));
    expect(p.setup.seats.map((s) => s.name)).toEqual(["Dragon Rush", "Nature Wall"]);
    expect(p.setup.seats[0].main.length + p.setup.seats[0].destiny.length).toBe(50);
    expect(p.setup).not.toHaveProperty("turnLimit");
  });

  it("lists every problem of an illegal deck, naming card, line and rule", () => {
    const text = "deck Broken\nruleset dbe\npartner DS1-001\nmain:\n5 DS1-001\n1 XX-999\ndestiny:\n1 DS1-015\n";
    const r = checkDeck({ file: "broken.deck", text }, cardDb(cards), "dbe");
    expect(r.seat).toBeNull();
    const unknown = r.problems.find((x) => x.card === "XX-999");
    expect(unknown).toMatchObject({ file: "broken.deck", line: 6 });
    const copies = r.problems.find((x) => x.card === "DS1-001 Agumon" && /copies/.test(x.message));
    expect(copies?.rule).toMatch(/Deck Construction/);
    expect(copies?.line).toBe(5);
    expect(r.problems.some((x) => x.line === null && /exactly 50 cards/.test(x.message))).toBe(true);
  });

  it("a listed card the workspace has but with errors is named as such, not as unknown (as digiscript check says)", () => {
    const text = "deck Broken\nruleset dbe\npartner DS1-001\nmain:\n1 NU1-002\n1 XX-999\n";
    const broken = new Map([["NU1-002", { name: "Flamon", where: "nu1.dgs:12" }]]);
    const r = checkDeck({ file: "broken.deck", text }, cardDb(cards), "dbe", broken);
    expect(r.seat).toBeNull();
    const flamon = r.problems.find((x) => x.line === 5)!;
    expect(flamon.card).toBe("NU1-002 Flamon");
    expect(flamon.message).toBe("NU1-002 Flamon has errors (nu1.dgs:12) and is left out of the compiled cards, so this deck cannot be played: fix the card");
    expect(flamon.message).not.toMatch(/unknown/);
    expect(r.problems.find((x) => x.line === 6)!.message).toMatch(/^unknown set number XX-999/);
  });

  it("an unknown card gets the CLI's \"did you mean\": another letter case, one edit away, and none when two are as near", () => {
    const text = "deck Near\nruleset dbe\npartner DS1-001\nmain:\n1 ds1-002\n1 DS1-O02\n1 DS1-00\n1 XX-999\n";
    const r = checkDeck({ file: "near.deck", text }, cardDb(cards), "dbe");
    const on = (line: number) => r.problems.find((x) => x.line === line)!.message;
    expect(on(5)).toMatch(/: did you mean "DS1-002"\?$/);
    expect(on(6)).toMatch(/: did you mean "DS1-002"\?$/);
    // "DS1-00" is one edit from DS1-001 … DS1-009: no single guess.
    expect(on(7)).not.toMatch(/did you mean/);
    expect(on(8)).not.toMatch(/did you mean/);
    // A number one edit from a card with errors points at it (it is the workspace's card).
    const broken = new Map([["NU1-002", { name: "Flamon", where: "nu1.dgs:12" }]]);
    const b = checkDeck({ file: "near.deck", text: "deck Near\nruleset dbe\npartner DS1-001\nmain:\n1 NU1-02\n" }, cardDb(cards), "dbe", broken);
    expect(b.problems.find((x) => x.line === 5)!.message).toMatch(/did you mean "NU1-002"\?$/);
  });

  it("reports syntax errors and a deck of the other ruleset as problems, never throwing", () => {
    const db = cardDb(cards);
    expect(checkDeck({ file: "x.deck", text: "main:\n4 DS1-001 # no\n" }, db, "dbe").problems.length).toBeGreaterThan(0);
    const r = checkDeck(bundledDeck("dmb-dragon"), db, "dbe");
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]!.rule).toBe(RULESET_RULE);
    expect(checkDeck({ file: "y.deck", text: null as unknown as string }, db, "dbe").problems.length).toBeGreaterThan(0);
  });

  it("names decks and their rulesets", () => {
    expect(deckLabel("cards/dbe/decks/dragon-rush.deck")).toBe("dragon-rush");
    expect(deckLabel("my.deck")).toBe("my.deck");
    expect(deckRuleset(bundledDeck("dmb-nature"))).toBe("dmb");
    expect(deckRuleset({ file: "z.deck", text: "nonsense" })).toBeNull();
    expect(seedError(5)).toBeNull();
    expect(seedError(2 ** 40)).toMatch(/seed|2/);
  });

  it("plays a designer's own card as soon as it compiles", () => {
    const own = `set ZZ "Mine"\nruleset dbe\n\ncard ZZ-001 Sparkmon\n  kind: Option\n  timing: SUPPORT\n  text: Boost own Power +300.\n`;
    const withOwn = workspaceCards([{ file: "mine.dgs", text: own }]);
    const deck = bundledDeck("dragon-rush");
    const text = deck.text.replace("1 DS1-037", "1 ZZ-001");
    expect(prepareDuel(cards, [{ file: "mine.deck", text }, deck], "dbe").ok).toBe(false);
    expect(prepareDuel(withOwn, [{ file: "mine.deck", text }, deck], "dbe").ok).toBe(true);
  });
});

describe("the same digest as digiscript duel", () => {
  for (const [ruleset, a, b, seed, agents] of [
    ["dbe", "dragon-rush", "nature-wall", 5, ["random", "greedy"]],
    ["dbe", "dragon-core", "nature-core", 7, ["greedy", "greedy"]],
    ["dmb", "dmb-dragon", "dmb-nature", 3, ["random", "random"]],
  ] as const) {
    it(`${ruleset} ${a} vs ${b}, seed ${seed}, ${agents.join(",")}`, async () => {
      const p = prepareDuel(cards, [bundledDeck(a), bundledDeck(b)], ruleset);
      if (!p.ok) throw new Error(JSON.stringify(p.problems));
      const s = new Session(() => newDuelGame(p, seed), agents, agentSeeds(seed));
      while (s.step());
      expect(s.status).toBe("over");
      expect(s.game.digest()).toBe(await cliDigest(ruleset, a, b, seed, [...agents]));
    });
  }
});
