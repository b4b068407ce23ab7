/**
 * DCG duels in the page, without the DOM: DCG decks checked by the DCG runtime (syntax,
 * ruleset, 002 §5-1-1, cards it cannot perform named with their construct), practice decks
 * (only the size and copy limits waived, and said), the game built as the runtime's
 * simulation builds it (the same seed and decks → the same digest as `simulateDcgGame`), the
 * session's DCG agents (a greedy DCG seat plays by the DCG heuristic: the same digest as the
 * simulation's greedy agent).
 */
import { describe, expect, it } from "vitest";
import { replayGame } from "../../../runtime/core/engine.ts";
import { simulateDcgGame } from "../../../runtime/rulesets/dcg/sim.ts";
import { DCG_EFFECTS } from "../../../runtime/rulesets/dcg/effects/index.ts";
import { checkDcgDeckFile, DCG_PRACTICE, dcgRulesetOf, isDcgDeckText, isPractice, newDcgDuelGame, prepareDcgDuel, practiceSummary, PRACTICE_RULE, type PreparedDcgDuel } from "./dcg-setup.ts";
import { dcgCardDb } from "../../../runtime/rulesets/dcg/model.ts";
import { agentSeeds, deckLabel, deckRuleset, prepareDuel } from "./setup.ts";
import { Session, agentFor } from "./session.ts";
import { bundledDeck, workspaceCards, workspaceDcgCards } from "./test-cards.ts";
import { TSX_DECK, TSX_FILE, TSX_PRACTICE_DECK } from "./dcg-fixtures.ts";

const example = workspaceDcgCards();
const withTsx = workspaceDcgCards([TSX_FILE]);

/** A finished game of a session with two agents. */
function played(p: PreparedDcgDuel, seed: number, agents: ["random" | "greedy", "random" | "greedy"] = ["random", "random"]) {
  const s = new Session(() => newDcgDuelGame(p, seed), agents, agentSeeds(seed));
  while (s.step());
  return s;
}

describe("DCG deck files", () => {
  it("are told apart by their ruleset line and labelled by name", () => {
    expect(isDcgDeckText(bundledDeck("dsx-ember-practice").text)).toBe(true);
    expect(deckRuleset(bundledDeck("dsx-ember-practice"))).toBe("dcg");
    expect(deckRuleset(bundledDeck("st1-gaia-red"))).toBe("dcg");
    expect(deckRuleset(bundledDeck("dragon-rush"))).toBe("dbe");
    expect(deckLabel("playground/decks/dsx-ember-practice.deck")).toBe("dsx-ember-practice");
    expect(deckLabel("cards/dcg/decks/st1-gaia-red.deck")).toBe("st1-gaia-red");
  });

  it("accepts a legal deck, with nothing waived", () => {
    const r = checkDcgDeckFile(TSX_DECK, dcgCardDb(withTsx), false);
    expect(r.problems).toEqual([]);
    expect(r.practice).toEqual([]);
    expect(r.seat).toMatchObject({ name: "TSX Legal" });
    expect(r.seat!.main).toHaveLength(50);
    expect(r.seat!.eggs).toEqual(["TSX-001", "TSX-001", "TSX-001", "TSX-001"]);
  });

  it("refuses the example's practice deck without practice, naming the card, the line and the rule", () => {
    const r = checkDcgDeckFile(bundledDeck("dsx-ember-practice"), dcgCardDb(example), false);
    expect(r.seat).toBeNull();
    expect(r.problems.length).toBeGreaterThan(0);
    expect(r.problems.every((p) => p.rule === PRACTICE_RULE)).toBe(true);
    expect(r.problems).toContainEqual({ file: "playground/decks/dsx-ember-practice.deck", line: 10, card: "DSX-002 Emberpup", rule: "002 §5-1-1", message: "8 copies of DSX-002 Emberpup; at most 4 cards with the same card number" });
  });

  it("plays it as a practice deck when allowed, the waived limits reported", () => {
    const r = checkDcgDeckFile(bundledDeck("dsx-ember-practice"), dcgCardDb(example), true);
    expect(r.problems).toEqual([]);
    expect(r.seat!.main).toHaveLength(50);
    expect(r.practice.map((p) => p.message)).toContain("8 copies of DSX-002 Emberpup; at most 4 cards with the same card number");
    // A deck of a larger set that breaks one limit: only that limit is waived.
    const one = checkDcgDeckFile(TSX_PRACTICE_DECK, dcgCardDb(withTsx), true);
    expect(one.problems).toEqual([]);
    expect(one.practice).toEqual([{ file: "tsx-practice.deck", line: 6, card: "TSX-002 Alphapup", rule: "002 §5-1-1", message: "8 copies of TSX-002 Alphapup; at most 4 cards with the same card number" }]);
  });

  it("never waives an unknown card, a card in the wrong pile, or a DBE deck", () => {
    const db = dcgCardDb(example);
    const unknown = checkDcgDeckFile({ file: "u.deck", text: "deck U\nruleset dcg\nmain:\n46 DSX-002\n4 DSX-999\n" }, db, true);
    expect(unknown.seat).toBeNull();
    expect(unknown.problems).toEqual([expect.objectContaining({ line: 5, card: "DSX-999", message: "unknown card number DSX-999" })]);
    // An unknown number one edit or a letter case away from a card gets the "did you mean".
    const near = checkDcgDeckFile({ file: "u.deck", text: "deck U\nruleset dcg\nmain:\n46 DSX-002\n2 dsx-003\n2 DSX-0003\n" }, db, true);
    expect(near.problems.map((p) => [p.line, p.message])).toEqual([
      [5, 'unknown card number dsx-003: did you mean "DSX-003"?'],
      [6, 'unknown card number DSX-0003: did you mean "DSX-003"?'],
    ]);
    const pile = checkDcgDeckFile({ file: "p.deck", text: "deck P\nruleset dcg\neggs:\n1 DSX-002\nmain:\n50 DSX-003\n" }, db, true);
    expect(pile.problems).toContainEqual(expect.objectContaining({ rule: "002 §5-1-1-2", card: "DSX-002 Emberpup" }));
    // A deck of official cards, whose data the page does not have: one problem says so.
    const official = checkDcgDeckFile(bundledDeck("st1-gaia-red"), db, true);
    expect(official.problems).toHaveLength(1);
    expect(official.problems[0]!.message).toBe("none of its 16 card numbers (ST1-02, ST1-03, ST1-04, …) is a DCG card of the workspace: open or write the set files of those cards to play this deck (the official cards' set files are made by `npx digiscript import dcg ../shared/data/dcg/cards.json --out <folder>`; open them with Open file…)");
    const dbe = checkDcgDeckFile(bundledDeck("dragon-rush"), db, true);
    expect(dbe.problems[0]!.message).toMatch(/not a DCG deck/);
    // …and a DCG deck in a DBE duel says so.
    const r = prepareDuel(workspaceCards(), [bundledDeck("dsx-ember-practice"), bundledDeck("dragon-rush")], "dbe");
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems[0]!.message).toMatch(/this is a DCG deck \("ruleset dcg"\) and the game is DBE/);
  });

  it("refuses a card the runtime cannot perform before the duel, naming the card and the construct", () => {
    const uns = { file: "uns.dgs", text: "set UNS Unsupported\nruleset dcg\n\ncard UNS-001 Trashmon\n  kind: Digimon\n  color: Red\n  level: 3\n  playcost: 3\n  digivolve: 0 from Lv.2\n  dp: 2000\n  effect: [Trash] [Main] Gain 1 memory.\n" };
    const cards = workspaceDcgCards([TSX_FILE, uns]);
    const deck = { file: "d.deck", text: TSX_DECK.text.replace("2 TSX-014", "2 UNS-001") };
    const r = prepareDcgDuel(cards, [deck, TSX_DECK]);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems).toEqual([{ file: "d.deck", line: 18, card: "UNS-001 Trashmon", rule: "docs/runtime.md, Not implemented yet (refused at load time)", message: "the DCG runtime cannot perform [Trash] effect yet, so this card is refused before the duel" }]);
  });
});

describe("a DCG duel", () => {
  it("with legal decks is played by the effect model, and reaches the runtime simulation's digest from the same seed", () => {
    const p = prepareDcgDuel(withTsx, [TSX_DECK, TSX_DECK]) as PreparedDcgDuel;
    expect(p.ok).toBe(true);
    expect(isPractice(p)).toBe(false);
    expect(practiceSummary(p)).toBe("");
    expect(dcgRulesetOf(p)).toBe(DCG_EFFECTS);
    for (const seed of [1, 2]) {
      const s = played(p, seed);
      expect(s.status).toBe("over");
      const sim = simulateDcgGame(p.db, p.setup, seed, { ruleset: DCG_EFFECTS, agents: ["random", "random"], digest: true });
      expect(s.game.digest()).toBe(sim.digest);
      expect(s.game.choices.length).toBe(sim.decisions);
    }
  });

  it("with a practice deck is played by DCG_PRACTICE: the same rules, the deck check left out; its save replays", () => {
    const p = prepareDcgDuel(example, [bundledDeck("dsx-ember-practice"), bundledDeck("dsx-tide-practice")], true) as PreparedDcgDuel;
    expect(p.ok).toBe(true);
    expect(isPractice(p)).toBe(true);
    expect(dcgRulesetOf(p)).toBe(DCG_PRACTICE);
    expect(practiceSummary(p)).toBe("Practice duel — not legal DCG decks (002 §5-1-1): P1's deck (DSX Ember Practice) has more than 4 copies of DSX-002 Emberpup (8), DSX-003 Cinderhound (8), DSX-004 Tidewing (6), DSX-005 Stormcrest (6), DSX-006 Rin Hoshino (6), DSX-007 Flare Burst (8), DSX-008 Tide Shield (8). P2's deck (DSX Tide Practice) has more than 4 copies of DSX-002 Emberpup (8), DSX-003 Cinderhound (6), DSX-004 Tidewing (8), DSX-005 Stormcrest (8), DSX-007 Flare Burst (6), DSX-008 Tide Shield (10).");
    // The legal ruleset refuses these decks at the start; the practice one plays them.
    expect(() => new Session(() => newDcgDuelGame({ ...p, practice: [[], []] }, 1), ["random", "random"], agentSeeds(1))).toThrow(/at most 4 cards with the same card number \(002 §5-1-1\)/);
    const s = played(p, 3, ["random", "greedy"]);
    expect(s.status).toBe("over");
    expect(s.game.state.turn).toBeGreaterThan(1);
    const sim = simulateDcgGame(p.db, p.setup, 3, { ruleset: DCG_PRACTICE, agents: ["random", "greedy"], digest: true });
    expect(sim.violations).toEqual([]);
    expect(s.game.digest()).toBe(sim.digest);
    const r = replayGame(DCG_PRACTICE, p.db, JSON.parse(JSON.stringify(s.game.save())));
    expect(r.digestMatched).toBe(true);
  });

  it("asks its decisions of 'me' with DCG prompts and labels, and undoes to my previous decision", () => {
    const p = prepareDcgDuel(example, [bundledDeck("dsx-ember-practice"), bundledDeck("dsx-tide-practice")], true) as PreparedDcgDuel;
    const s = new Session(() => newDcgDuelGame(p, 7), ["me", "greedy"], agentSeeds(7));
    const kinds = new Set<string>();
    for (let i = 0; i < 60 && s.status !== "over"; i++) {
      if (s.status === "me") {
        const d = s.pending!;
        kinds.add(d.kind);
        expect(d.prompt).toMatch(/002 §|: choose|DSX-/);
        s.answer([0]);
      } else s.step();
    }
    expect(kinds).toContain("mulligan");
    expect([...kinds].some((k) => k === "breedingAction" || k === "mainAction")).toBe(true);
    expect(agentFor("me", 1, "dcg")).toBeNull();
    // Undo goes back to my previous decision, replaying the agents from their seeds.
    const before = s.history.filter((h) => h.by === "me").length;
    expect(s.undo()).toBe(true);
    expect(s.history.filter((h) => h.by === "me").length).toBe(before - 1);
    expect(s.status).toBe("me");
  });
});
