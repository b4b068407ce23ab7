/**
 * The DCG board for the page, without the DOM: the memory gauge and whose side it is on, the
 * security stacks (counted, face down), the breeding and battle areas with each Digimon's
 * stack, DP (with effects), keywords and suspended state, what a viewer may see of the hands,
 * the attack in progress; reading it changes nothing. And the DCG log: phase headers, DCG
 * terms, lines linked to the card unit that caused them. And "Deck from a set".
 */
import { describe, expect, it } from "vitest";
import { DcgScenario } from "../../../runtime/rulesets/dcg/scenario.ts";
import { DCG_EFFECTS } from "../../../runtime/rulesets/dcg/effects/index.ts";
import { dcgCardDb } from "../../../runtime/rulesets/dcg/model.ts";
import { dcgBoardOf, dcgPhaseName, keywordText } from "./dcg-board.ts";
import { buildDcgDeck } from "./dcg-deck-builder.ts";
import { checkDcgDeckFile, newDcgDuelGame, prepareDcgDuel, type PreparedDcgDuel } from "./dcg-setup.ts";
import { cardSentences, linkOf, LogFormatter } from "./log.ts";
import { Session } from "./session.ts";
import { agentSeeds } from "./setup.ts";
import { bundledDeck, workspaceDcgCards } from "./test-cards.ts";

const cards = workspaceDcgCards();
const db = dcgCardDb(cards);

/** P1's main phase of turn 3: Cinderhound over Emberpup (suspended) and Tidewing; P2 a Sparkling in breeding, Emberpup in battle. */
function position() {
  return new DcgScenario(db, "board", 1, DCG_EFFECTS)
    .turn(3, 0)
    .memory(0, 4)
    .battle(0, ["DSX-002", "DSX-003"], { suspended: true })
    .battle(0, ["DSX-004"], { played: true })
    .breeding(1, ["DSX-001"])
    .battle(1, ["DSX-002"])
    .hand(0, "DSX-007", "DSX-008")
    .hand(1, "DSX-005")
    .security(0, "DSX-002", "DSX-003", "DSX-004")
    .security(1, "DSX-006")
    .deck(0, "DSX-002")
    .trash(1, "DSX-007");
}

describe("dcgBoardOf", () => {
  it("shows the memory gauge, security counts, both areas with stacks, suspended state, DP and keywords", () => {
    const g = position().g;
    const digest = g.digest();
    const b = dcgBoardOf(g, 0);
    expect(g.digest()).toBe(digest);
    expect(b).toMatchObject({ ruleset: "dcg", turn: 3, turnPlayer: 0, over: false, memory: { value: 4, side: 0, amount: 4 }, attack: null, pending: [] });
    const [p1, p2] = b.players;
    expect([p1.security, p2.security]).toEqual([3, 1]);
    expect(p1.memory).toBe(4);
    expect(p2.memory).toBe(-4);
    expect(p1.battle).toHaveLength(2);
    // Cinderhound over Emberpup: Emberpup is its digivolution card (Cinderhound's own inherited box applies only under another card).
    expect(p1.battle[0]).toMatchObject({ top: { label: "DSX-003 Cinderhound", key: "DSX-003" }, kind: "Digimon", level: "Lv.4", printedDp: 5000, suspended: true, playedThisTurn: false, sources: [{ label: "DSX-002 Emberpup", key: "DSX-002" }] });
    expect(p1.battle[1]).toMatchObject({ top: { label: "DSX-004 Tidewing" }, dp: 4000, suspended: false, playedThisTurn: true, keywords: ["Blocker"], sources: [] });
    expect(p2.breeding).toMatchObject({ top: { label: "DSX-001 Sparkling" }, kind: "Digi-Egg", level: "Lv.2", dp: null });
    expect(p2.battle.map((x) => x.top.label)).toEqual(["DSX-002 Emberpup"]);
    // P1's view: own hand face up, the opponent's face down; trash open; decks counted.
    expect(p1.hand).toEqual({ count: 2, cards: [expect.objectContaining({ label: "DSX-007 Flare Burst" }), expect.objectContaining({ label: "DSX-008 Tide Shield" })] });
    expect(p2.hand.count).toBe(1);
    expect(p2.hand.cards.map((c) => c.label)).toEqual([null]);
    expect(p2.trash.map((c) => c.label)).toEqual(["DSX-007 Flare Burst"]);
    expect([p1.deck, p1.eggDeck]).toEqual([1, 0]);
    // No viewer: both hands face up.
    expect(dcgBoardOf(g, null).players[1].hand.cards.map((c) => c.label)).toEqual(["DSX-005 Stormcrest"]);
  });

  it("follows the game: an attack suspends the attacker and takes a security card; memory on P2's side reads as P2's", () => {
    const g = new DcgScenario(db, "attack", 1, DCG_EFFECTS).turn(3, 0).memory(1, 2).battle(0, ["DSX-004"]).security(1, "DSX-002").script(0, ["Attack with P1 Tidewing → P2"]).steps({ t: "dcg.main", only: true }).run().g;
    const b = dcgBoardOf(g, null);
    expect(b.memory).toEqual({ value: -2, side: 1, amount: 2 });
    expect(b.players[0].battle[0]!.suspended).toBe(true);
    expect(b.players[1].security).toBe(0);
  });

  it("names the DCG phases and keywords as printed", () => {
    expect(dcgPhaseName("breeding", "")).toBe("Breeding Phase (002 §6-5)");
    expect(dcgPhaseName("main", "check")).toBe("Main Phase (002 §6-6), attack: security check (§9-2-1-7)");
    expect(dcgPhaseName("main", "")).toBe("Main Phase (002 §6-6)");
    expect(keywordText("securityAttack", 1)).toBe("Security Attack +1");
    expect(keywordText("securityAttack", -1)).toBe("Security Attack −1");
    expect(keywordText("deDigivolve", 1)).toBe("De-Digivolve +1");
    expect(keywordText("blocker", null)).toBe("Blocker");
  });
});

describe("the DCG log", () => {
  const p = prepareDcgDuel(cards, [bundledDeck("dsx-ember-practice"), bundledDeck("dsx-tide-practice")], true) as PreparedDcgDuel;
  const s = new Session(() => newDcgDuelGame(p, 2), ["random", "random"], agentSeeds(2));
  while (s.step());
  const g = s.game;
  const rows = new LogFormatter().rows(g);

  it("has a header per turn and per DCG phase, in DCG terms", () => {
    expect(rows[0]).toEqual({ kind: "turn", text: "Setup (002 §5-2)" });
    const headers = rows.filter((r) => r.kind !== "event").map((r) => ("text" in r ? r.text : ""));
    expect(headers.some((h) => /^Turn 1: P[12] \(DSX (Ember|Tide) Practice\), memory 0 on their side$/.test(h))).toBe(true);
    for (const h of ["Draw Phase (002 §6-4)", "Breeding Phase (002 §6-5)", "Main Phase (002 §6-6)"]) expect(headers).toContain(h);
    const text = g.log.map((e) => e.text).join("\n");
    for (const w of [/hatches DSX-001 Sparkling into the breeding area/, /memory/, /passes: memory goes to 3/]) expect(text).toMatch(w);
  });

  it("links a line that names a card and quotes the start of one of its units to that unit", () => {
    const ev = g.log.find((e) => e.kind === "effect" && typeof e.data?.card === "number")!;
    expect(ev).toBeDefined();
    const link = linkOf(g, ev)!;
    const card = cardSentences(g.db.get(g.state.cards[ev.data!.card as number]!.def))!;
    expect(link.sentence).not.toBeNull();
    expect(link.text).toBe(card.sentences[link.sentence!]);
    expect(ev.text).toContain(link.text!.slice(0, 24));
  });

  it("reads a DCG card's units box by box: effect, inherited, security", () => {
    const stormcrest = cardSentences(db.get("DSX-005"))!;
    expect(stormcrest.setNumber).toBe("DSX-005");
    expect(stormcrest.sentences).toEqual(["<Security Attack +1> (This Digimon checks 1 additional security card).", "[When Digivolving] 1 of your opponent's Digimon gets -4000 DP for the turn.", "[When Attacking] Trigger <Draw 1> (Draw 1 card from your deck)."]);
  });
});

describe("buildDcgDeck", () => {
  const ex = cards.map((c) => ({ number: c.stats.number, name: c.stats.name, kind: c.stats.kind }));

  it("makes a practice deck of a set too small for a legal deck, said in its first lines, that the duel bench plays with practice on", () => {
    const d = buildDcgDeck("DSX deck", "DSX DigiScript DCG Example", ex)!;
    expect(d.legal).toBe(false);
    expect(d.eggs).toEqual([["DSX-001", 4]]);
    expect(d.main.reduce((n, [, c]) => n + c, 0)).toBe(50);
    expect(d.main.map(([, c]) => c)).toEqual([8, 7, 7, 7, 7, 7, 7]);
    expect(d.text).toMatch(/^# DSX deck: every card of DSX DigiScript DCG Example/);
    expect(d.text).toContain("# A PRACTICE deck, NOT a legal DCG deck: the set has 7 card numbers for the deck");
    const file = { file: "dsx-deck.deck", text: d.text };
    expect(checkDcgDeckFile(file, db, false).seat).toBeNull();
    expect(checkDcgDeckFile(file, db, true).problems).toEqual([]);
  });

  it("makes a legal deck of a set with 13 or more card numbers, at most 4 of each", () => {
    const many = Array.from({ length: 15 }, (_, i) => ({ number: `X-${i}`, name: `N${i}`, kind: (i === 0 ? "Digi-Egg" : i === 1 ? "Tamer" : "Digimon") as "Digimon" }));
    const d = buildDcgDeck("X deck", "X", many)!;
    expect(d.legal).toBe(true);
    expect(d.main.reduce((n, [, c]) => n + c, 0)).toBe(50);
    expect(Math.max(...d.main.map(([, c]) => c))).toBe(4);
    expect(d.eggs).toEqual([["X-0", 4]]);
    expect(d.text).toContain("# A legal DCG deck");
    expect(buildDcgDeck("E", "E", [{ number: "E-1", name: "Egg", kind: "Digi-Egg" }])).toBeNull();
  });

  it("keeps a name with a line break on one line", () => {
    expect(buildDcgDeck("A\nB", "S\r\nT", ex)!.text.split("\n").filter((l) => l.startsWith("deck "))).toEqual(["deck A B"]);
  });
});
