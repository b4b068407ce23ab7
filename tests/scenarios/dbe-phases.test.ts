/**
 * Rules-accuracy scenarios for the numbered steps of the DBE turn ("Pre-Game Setup" and
 * "Phases of Play" of `000_012504f4614e5b24.txt`), each test citing its step. Expected values
 * are computed by hand from the rules text and the printed cards (the arithmetic is in the
 * comments); none is copied from a run of the engine.
 *
 * Conventions: `put(p, zone, a, b, c)` puts the cards bottom first, so `c` is the top of a
 * deck and the last card of a hand. Player 0 is "P1", player 1 is "P2".
 */
import { describe, expect, it } from "vitest";
import { Game, HALT, type Task } from "../../runtime/core/engine.ts";
import { DBE, type Seat } from "../../runtime/rulesets/dbe/index.ts";
import { P, activeOf } from "../../runtime/rulesets/dbe/model.ts";
import { DbeScenario } from "../../runtime/rulesets/dbe/scenario.ts";
import { namesOf, typesOf } from "../../runtime/rulesets/dbe/matching.ts";
import { scenarioDb, pending, labels, keys, sup } from "./helpers.ts";

/** Test cards (set TST) with round numbers, for steps no bundled card shows cleanly. */
const TEST_CARDS = `
card TST-003 Quartermon
  kind: Digimon
  level: U
  type: Enigma
  dp: 40
  +p: 40
  hp: 2000
  circle: Quarter Beam 800
  triangle: Quarter Slash 400
  cross: Quarter Drain 200 | Drain
  timing: SUPPORT
  text: Boost own Power +100.

card TST-004 Crossbreedmon
  kind: Digimon
  level: C
  type: Metal
  dp: 30
  +p: 30
  hp: 1000
  circle: Graft Cannon 500
  triangle: Graft Whip 300
  cross: Graft Seed 200 | Draw 1
  evo: Lalamon
  timing: SUPPORT
  text: Boost own Power +100.

card TST-005 Void Wall
  kind: Option
  timing: SUPPORT
  text: Void opponent's Support.

card TST-006 Mirror Void
  kind: Option
  timing: SUPPORT
  text: Void opponent's Support. Boost own Power +300.

card TST-007 Jam Chip
  kind: Option
  timing: SUPPORT
  text: Get Jamming.

card TST-008 Speed Chip
  kind: Option
  timing: SUPPORT
  text: Get 1st Attack.

card TST-013 Drawmon
  kind: Digimon
  level: R
  type: Dragon
  dp: 0
  +p: 10
  hp: 900
  circle: Draw Fang 100
  triangle: Draw Tail 100
  cross: Draw Net 100 | Draw 1
  timing: SUPPORT
  text: Draw 1.

card TST-014 Millmon
  kind: Digimon
  level: R
  type: Dragon
  dp: 0
  +p: 10
  hp: 900
  circle: Mill Fang 100
  triangle: Mill Tail 100
  cross: Mill Net 100 | Trash 2
  timing: SUPPORT
  text: Draw 1.

card TST-012 Rename Chip
  kind: Option
  timing: SUPPORT
  text: Change own name to [Greymon]. If own name is Greymon, Draw 1.

card TST-011 Nocostmon
  kind: Digimon
  level: C
  type: Dragon
  +p: 30
  hp: 1100
  circle: Free Claw 500
  triangle: Free Fang 300
  cross: Free Guard 200 | Drain
  evo: DP -10: Agumon
  timing: SUPPORT
  text: Boost own Power +100.

card TST-010 Ultradramon
  kind: Digimon
  level: U
  type: Dragon
  dp: 40
  +p: 40
  hp: 1800
  circle: Ultra Flame 800
  triangle: Ultra Claw 500
  cross: Ultra Guard 300 | Drain
  evo: Draw 2: -dramon (C)
  timing: SUPPORT
  text: Boost own Power +100.
`;

const db = scenarioDb(TEST_CARDS);





const sorted = (xs: string[]) => [...xs].sort();

// ─── Pre-Game Setup ─────────────────────────────────────────────────────────

describe("Pre-Game Setup", () => {
  // 48 Main Deck cards + 2 Destiny Zone cards = 50 (Deck Construction).
  const main = [
    ...Array(4).fill("DS1-001"), ...Array(4).fill("DS1-002"), ...Array(4).fill("DS1-003"), ...Array(4).fill("DS1-004"),
    ...Array(4).fill("DS1-009"), ...Array(4).fill("DS1-010"), ...Array(4).fill("DBE-R08"), ...Array(4).fill("DBE-R09"),
    ...Array(4).fill("DS1-012"), ...Array(4).fill("DS1-013"), ...Array(3).fill("DS1-032"), ...Array(3).fill("DBE-R20"),
    ...Array(2).fill("DBE-R19"),
  ] as string[];
  const seat = (name: string): Seat => ({ name, main, destiny: ["DS1-007", "DS1-008"], partner: "DS1-001" });

  it("Pre-Game Setup 2–7: inspect, Side Pile to 40, opening hand of 5 ignoring the Side Pile, mulligan onto the Side Pile and draw back to 5, combine, first turn", () => {
    expect(main).toHaveLength(48);
    const g = new Game(DBE, db, { seats: [seat("A"), seat("B")] }, 7);
    // Step 3: P1 removes 48 − 40 = 8 cards of its choice.
    let d = g.advance()!;
    // Step 2: both Destiny Zones shown and both Partners declared, before anything else.
    expect(g.log.filter((e) => e.kind === "inspect").map((e) => [e.player, e.data.partner, e.data.destiny])).toEqual([
      [0, "DS1-001", ["DS1-007 Greymon", "DS1-008 GeoGreymon"]],
      [1, "DS1-001", ["DS1-007 Greymon", "DS1-008 GeoGreymon"]],
    ]);
    expect([d.player, d.kind, d.min, d.max, d.options.length]).toEqual([0, "chooseCards", 8, 8, 48]);
    // The deck is still in list order: options 0–7 are the 4 Agumon and the 4 Guilmon.
    g.answer([0, 1, 2, 3, 4, 5, 6, 7]);
    d = g.advance()!;
    expect([d.player, d.kind]).toEqual([1, "chooseCards"]);
    expect(g.zone(0, "deck")).toHaveLength(40);
    expect(sorted(g.zone(0, "sidePile").map((id) => g.card(id).def))).toEqual([...Array(4).fill("DS1-001"), ...Array(4).fill("DS1-002")]);
    g.answer([0, 1, 2, 3, 4, 5, 6, 7]);
    // Step 4: each player shuffles the 40-card deck and draws 5 — never a Side Pile card
    // (all 4 Agumon and all 4 Guilmon are in the Side Pile).
    d = g.advance()!;
    expect([d.player, d.kind, d.min, d.max]).toEqual([0, "mulligan", 0, 5]);
    for (const p of [0, 1] as const) {
      expect(g.zone(p, "hand")).toHaveLength(5);
      expect(g.zone(p, "deck")).toHaveLength(35);
      expect(g.zone(p, "hand").map((id) => g.card(id).def)).not.toContain("DS1-001");
      expect(g.zone(p, "hand").map((id) => g.card(id).def)).not.toContain("DS1-002");
    }
    // Step 5: P1 puts 2 cards on its Side Pile and draws back to 5 (35 − 2 = 33 left).
    const mulliganed = g.zone(0, "hand").slice(0, 2);
    g.answer([0, 1]);
    d = g.advance()!;
    expect([d.player, d.kind]).toEqual([1, "mulligan"]);
    expect(g.zone(0, "hand")).toHaveLength(5);
    expect(g.zone(0, "deck")).toHaveLength(33);
    expect(g.zone(0, "sidePile")).toHaveLength(10);
    for (const id of mulliganed) expect(g.card(id).zone).toBe("sidePile");
    g.answer([]);
    // Step 6: Side Pile, mulliganed cards and deck are one deck again: 50 − 2 (DZ) − 5 = 43.
    // Step 7: the start player's first turn begins (its Prep Phase 2 draw makes 6 in hand,
    // 42 in deck; then Prep Phase 3 offers a full mulligan).
    d = g.advance()!;
    const tp = g.state.turnPlayer;
    expect([d.player, d.kind, g.state.turn]).toEqual([tp, "fullMulligan", 1]);
    expect(g.log.filter((e) => e.kind === "startPlayer").map((e) => e.player)).toEqual([tp]);
    for (const p of [0, 1] as const) {
      expect(g.zone(p, "sidePile")).toHaveLength(0);
      expect(g.zone(p, "destinyZone")).toHaveLength(2);
      expect(g.zone(p, "hand")).toHaveLength(p === tp ? 6 : 5);
      expect(g.zone(p, "deck")).toHaveLength(p === tp ? 42 : 43);
    }
    for (const id of mulliganed) expect(["deck", "hand"]).toContain(g.card(id).zone);
  });

  it("Pre-Game Setup 2: each player puts the Mastery card on top of the Destiny Zone, where its Passive works from (DS1-039 Dragon Mastery listed first)", () => {
    const withMastery: Seat = { name: "M", main, destiny: ["DS1-039", "DS1-007"], partner: "DS1-001" };
    const g = new Game(DBE, db, { seats: [withMastery, seat("B")] }, 7);
    g.advance(); // Inspect has run; Step 3 asks for the Side Pile
    expect(g.zone(0, "destinyZone").map((id) => g.card(id).def)).toEqual(["DS1-007", "DS1-039"]);
    expect(g.zone(1, "destinyZone").map((id) => g.card(id).def)).toEqual(["DS1-007", "DS1-008"]);
    // The Mastery on top is in play (continuous.ts): with an active Dragon, "Own Prep Phase:
    // If own type is Dragon, Boost own Power +100" triggers at Prep Phase 1.
    const s = new DbeScenario(db, "Mastery on top").turn(3, 0).active(0, "DS1-001").put(0, "destinyZone", "DS1-007", "DS1-039").active(1, "DS1-001");
    const before = P(s.g, 0).power.circle;
    pending(s, { t: "dbe.phaseAbilities", phase: "prep" }, { t: "dbe.triggers" });
    expect(P(s.g, 0).power.circle).toBe(before + 100);
  });
});

// ─── Phases of Play: the order of a turn ────────────────────────────────────

describe("Phases of Play — the order of a turn", () => {
  it("Strategy / Support / Battle Phase: \"Skip this entire phase during the first turn of the game\"", () => {
    const s = new DbeScenario(db, "first turn").turn(0, 0)
      .active(0, "DS1-001").active(1, "DS1-001")
      .put(0, "deck", "DS1-041", "DS1-042", "DS1-049").put(1, "deck", "DS1-041", "DS1-042", "DS1-049");
    // Turn 1 (P1): draw 2 (Prep 2; none has +P, so no Rack-Up), no evolution, then End.
    // Turn 2 (P2): the first decision of the game is P2's attack (Strategy 2).
    const d = pending(s, { t: "dbe.turn" });
    expect([d?.player, d?.kind, s.g.state.turn]).toEqual([1, "chooseAttack", 2]);
    expect(s.g.choices).toHaveLength(0);
    expect(s.g.log.filter((e) => e.turn === 1 && ["support", "reveal", "unopposed", "battle.order"].includes(e.kind))).toEqual([]);
    expect(keys(s, 0, "hand")).toEqual(["DS1-049", "DS1-042"]);
  });

  it("Strategy 2 → Support 3 → Support 4 → Support 5 → Battle 2–5 → End 3 → End 5: a whole turn in order", () => {
    const s = new DbeScenario(db, "whole turn").turn(1, 0)
      .active(0, "DS1-001", { hp: 1000 }).active(1, "DS1-001")
      .put(0, "hand", "DBE-R20").put(0, "deck", "DS1-040", "DS1-041", "DS1-042")
      .put(1, "hand", "DS1-032").put(1, "deck", "DS1-044", "DS1-045", "DS1-049");
    s.g.push({ t: "dbe.turn" }, { t: HALT });
    const asked: [number, string][] = [];
    const answer = (label: string | number) => {
      const d = s.g.advance()!;
      asked.push([d.player, d.kind]);
      s.g.answer([typeof label === "number" ? label : d.options.findIndex((o) => o.label === label)]);
    };
    answer("None"); // Evolution 2: P1 has Attack Chip (+10 P) in hand; racks nothing.
    answer(0); // Strategy 2: P1 (turn player) Circle.
    answer(0); // Strategy 2: P2 Circle.
    answer("None"); // Support 1 (an Any Phase step): P1 may use DS1-041 Thorn Barrier ("Either Support Phase") here too; it does not.
    answer("DS1-032 Dragon Claw"); // Support 3: the non-turn player first.
    answer("DBE-R20 Attack Chip"); // Support 4: then the turn player.
    answer("None"); // Support step: P1 may use DS1-041 Thorn Barrier ("Either Support Phase"); it does not.
    const next = s.g.advance()!;
    asked.push([next.player, next.kind]);
    expect(asked).toEqual([
      [0, "rackUp"],
      [0, "chooseAttack"],
      [1, "chooseAttack"],
      [0, "useEffect"],
      [1, "chooseSupport"],
      [0, "chooseSupport"],
      [0, "useEffect"],
      [1, "chooseAttack"], // turn 3: the turn passed to P2 (End 5)
    ]);
    expect([s.g.state.turn, s.g.state.turnPlayer]).toEqual([3, 1]);
    // Support 5: P1's Attack Chip resolves first (+300 → Circle 600), then P2's Dragon Claw
    // (Dragon: +400 → Circle 700). Battle 2.1: P1 (turn player) attacks first: P2 700 − 600 =
    // 100; step 5: P2 strikes back: P1 1000 − 700 = 300.
    const boosts = s.g.log.filter((e) => e.kind === "boost").map((e) => [e.player, e.data.amount]);
    expect(boosts).toEqual([[0, 300], [1, 400]]);
    expect(s.g.log.find((e) => e.kind === "battle.order")?.data.first).toBe(0);
    expect([P(s.g, 0).hp, P(s.g, 1).hp]).toEqual([300, 100]);
    // End 3–4: boosts are gone, HP stays, supports are in the trash, attacks reset.
    expect(P(s.g, 0).power).toEqual({ circle: 300, triangle: 190, cross: 100 });
    expect(P(s.g, 1).power).toEqual({ circle: 300, triangle: 190, cross: 100 });
    expect(keys(s, 0, "trash")).toEqual(["DBE-R20"]);
    expect(keys(s, 1, "trash")).toEqual(["DS1-032"]);
    // Turn 3's Prep 2: P2's hand was empty (≤ 2) → draws 2.
    expect(keys(s, 1, "hand")).toEqual(["DS1-049", "DS1-045"]);
  });
});

// ─── Prep Phase ─────────────────────────────────────────────────────────────

describe("Prep Phase 2 — Draw", () => {
  const draw: Task = { t: "dbe.prep.draw" };

  it("Prep Phase 2: a hand of 3 draws 1 (the top card)", () => {
    const r = new DbeScenario(db, "draw 1").turn(3, 0)
      .put(0, "hand", "DS1-032", "DS1-033", "DS1-034").put(0, "deck", "DS1-001", "DS1-002", "DS1-003")
      .steps(draw).run();
    expect(r.zone(0, "hand")).toEqual(["DS1-032", "DS1-033", "DS1-034", "DS1-003"]);
    expect(r.zone(0, "deck")).toEqual(["DS1-001", "DS1-002"]);
  });

  it("Prep Phase 2: a hand of 2 or lower draws 2 instead", () => {
    const r = new DbeScenario(db, "draw 2").turn(3, 0)
      .put(0, "hand", "DS1-032", "DS1-033").put(0, "deck", "DS1-001", "DS1-002", "DS1-003")
      .steps(draw).run();
    expect(r.zone(0, "hand")).toEqual(["DS1-032", "DS1-033", "DS1-003", "DS1-002"]);
    expect(r.zone(0, "deck")).toEqual(["DS1-001"]);
  });

  it("Prep Phase 2: only the turn player draws; an empty hand draws 2", () => {
    const r = new DbeScenario(db, "draw 2 from empty").turn(4, 1)
      .put(0, "deck", "DS1-001", "DS1-002").put(1, "deck", "DS1-009", "DS1-010", "DS1-011")
      .steps(draw).run();
    expect(r.zone(1, "hand")).toEqual(["DS1-011", "DS1-010"]);
    expect(r.zone(0, "hand")).toEqual([]);
    expect(r.zone(0, "deck")).toHaveLength(2);
  });

  it("Prep Phase 2.1: every Dark Area card is taken into the hand, not counted as drawing", () => {
    const r = new DbeScenario(db, "dark area").turn(3, 0)
      .put(0, "hand", "DS1-032", "DS1-033").put(0, "darkArea", "DS1-040", "DS1-041")
      .put(0, "deck", "DS1-001", "DS1-002", "DS1-003")
      .steps(draw).run();
    // Hand 2 → draws 2 (DS1-003, DS1-002), then takes both Dark Area cards: 6 in hand.
    expect(r.zone(0, "hand")).toEqual(["DS1-032", "DS1-033", "DS1-003", "DS1-002", "DS1-040", "DS1-041"]);
    expect(r.zone(0, "darkArea")).toEqual([]);
    expect(r.events("draw").map((e) => e.data.count)).toEqual([2]);
    expect(r.events("darkArea").map((e) => e.data.count)).toEqual([2]);
  });

  it("Glossary \"Dark [action]\" + Prep Phase 2.1: DS1-030 Impmon \"Dark Draw 2. Dark Discard 1.\" fills the Dark Area, which the next Draw takes", () => {
    const s = new DbeScenario(db, "dark draw").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "hand", "DS1-032").put(0, "deck", "DS1-040", "DS1-041", "DS1-042", "DS1-044", "DS1-045").support(0, "DS1-030");
    // Dark Draw 2: the top 2 go to the Dark Area, not the hand; Dark Discard 1: the only hand
    // card goes to the Dark Area, not the trash.
    expect(pending(s, sup(0, s.top(0, "support")))).toBeNull();
    expect(keys(s, 0, "darkArea")).toEqual(["DS1-045", "DS1-044", "DS1-032"]);
    expect([keys(s, 0, "hand"), keys(s, 0, "trash")]).toEqual([[], []]);
    // Next Prep Phase 2: hand 0 → draw 2 (DS1-042, DS1-041), then take the 3 Dark Area cards.
    expect(pending(s, { t: "dbe.prep.draw" })).toBeNull();
    expect(keys(s, 0, "hand")).toEqual(["DS1-042", "DS1-041", "DS1-045", "DS1-044", "DS1-032"]);
  });

  it("Prep Phase 2.2 / FAQ \"Dark Area\": cards in the Dark Area cannot be played (not offered as supports)", () => {
    const s = new DbeScenario(db, "dark area not playable").turn(3, 0).active(0, "DS1-001").active(1, "DS1-001")
      .put(0, "darkArea", "DBE-R20", "DS1-001").put(0, "hand", "DS1-032");
    expect(labels(pending(s, { t: "dbe.support.play", p: 0 }))).toEqual(["No support", "DS1-032 Dragon Claw"]);
  });

  it("Prep Phase 2 + FAQ \"Conditionals\" (\"you can only do so much\"): a 1-card deck draws 1", () => {
    const r = new DbeScenario(db, "short deck").turn(3, 0).put(0, "deck", "DS1-001").steps(draw).run();
    expect(r.zone(0, "hand")).toEqual(["DS1-001"]);
    expect(r.events("draw").map((e) => e.data.count)).toEqual([1]);
  });
});

describe("Prep Phase 3 — Full mulligans", () => {
  it("Prep Phase 3: with 3 or more in hand, full-mulligan as many times as wished (discard the entire hand, take as many from the top)", () => {
    const r = new DbeScenario(db, "full mulligan twice").turn(3, 0)
      .put(0, "hand", "DS1-032", "DS1-033", "DS1-034")
      .put(0, "deck", "DS1-001", "DS1-002", "DS1-003", "DS1-004", "DS1-005", "DS1-006", "DS1-009", "DS1-010", "DS1-011")
      .script(0, ["Full mulligan"], ["Full mulligan"], ["No"])
      .steps({ t: "dbe.prep.fullMulligan" }).run();
    // 1st: hand → trash, take DS1-011, -010, -009. 2nd: those → trash, take DS1-006, -005, -004.
    // 3rd offer (hand 3, deck 3): declined.
    expect(r.zone(0, "trash")).toEqual(["DS1-032", "DS1-033", "DS1-034", "DS1-011", "DS1-010", "DS1-009"]);
    expect(r.zone(0, "hand")).toEqual(["DS1-006", "DS1-005", "DS1-004"]);
    expect(r.zone(0, "deck")).toEqual(["DS1-001", "DS1-002", "DS1-003"]);
  });

  it("Prep Phase 3: with 2 cards in hand no full mulligan is offered", () => {
    const s = new DbeScenario(db, "no full mulligan").turn(3, 0)
      .put(0, "hand", "DS1-032", "DS1-033").put(0, "deck", "DS1-001", "DS1-002", "DS1-003");
    expect(pending(s, { t: "dbe.prep.fullMulligan" })).toBeNull();
    expect(s.g.halted).toBe(true);
    expect(keys(s, 0, "hand")).toEqual(["DS1-032", "DS1-033"]);
  });
});

describe("Prep Phase 4 — Play new Digimon", () => {
  const play: Task = { t: "dbe.prep.playActive" };

  it("Prep Phase 4: with an empty Active Zone the turn player plays an R, C or U from hand (not an M, not an Option)", () => {
    const s = new DbeScenario(db, "play options").turn(3, 0)
      .put(0, "hand", "DS1-032", "DS1-001", "DBE-R05", "TST-003", "DS1-015");
    expect(labels(pending(s, play))).toEqual(["DS1-001 Agumon", "DBE-R05 Tyrannomon", "TST-003 Quartermon"]);
  });

  it("Prep Phase 4: a Level R is played with its printed stats, not Abnormal", () => {
    const r = new DbeScenario(db, "play R").turn(3, 0).put(0, "hand", "DS1-001", "DBE-R05")
      .script(0, ["DS1-001 Agumon"]).steps({ t: "dbe.prep.playActive" }).run();
    expect(r.zone(0, "active")).toEqual(["DS1-001"]);
    expect(r.zone(0, "hand")).toEqual(["DBE-R05"]);
    expect([r.player(0).abnormal, r.player(0).hp]).toEqual([false, 700]);
    expect(r.player(0).power).toEqual({ circle: 300, triangle: 190, cross: 100 });
  });

  it("Prep Phase 4.2 + Anatomy item 12: an un-evolved Level C is Abnormal with halved stats", () => {
    const r = new DbeScenario(db, "abnormal C").turn(3, 0).put(0, "hand", "DS1-001", "DBE-R05")
      .script(0, ["DBE-R05 Tyrannomon"]).steps(play).run();
    // Tyrannomon 1200 HP, 520 / 340 / 220 → 600, 260 / 170 / 110.
    expect([r.player(0).abnormal, r.player(0).hp]).toEqual([true, 600]);
    expect(r.player(0).power).toEqual({ circle: 260, triangle: 170, cross: 110 });
  });

  it("Prep Phase 4.2 + Anatomy item 12: an un-evolved Level U is Abnormal with quartered stats", () => {
    const r = new DbeScenario(db, "abnormal U").turn(3, 0).put(0, "hand", "TST-003").steps(play).run();
    // 2000 HP, 800 / 400 / 200 → 500, 200 / 100 / 50.
    expect([r.player(0).abnormal, r.player(0).hp]).toEqual([true, 500]);
    expect(r.player(0).power).toEqual({ circle: 200, triangle: 100, cross: 50 });
  });

  it("Prep Phase 4: nothing is played when the Active Zone is occupied", () => {
    const s = new DbeScenario(db, "occupied").turn(3, 0).active(0, "DS1-002").put(0, "hand", "DS1-001", "DBE-R05");
    expect(pending(s, play)).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-002"]);
  });

  it("Prep Phase 4.1: a player who cannot place a Digimon (no Digimon in hand, empty deck) loses immediately", () => {
    const s = new DbeScenario(db, "loss").turn(3, 0).put(0, "hand", "DS1-032", "DBE-R20");
    expect(pending(s, play)).toBeNull();
    expect(s.g.state.winner).toBe(1);
    expect(s.g.state.endReason).toMatch(/Prep Phase 4\.1/);
  });

  it("FAQ \"Lack of Digimon & Can't mulligan\": with 3 or more cards and no Digimon the player must mulligan until one can be played", () => {
    const r = new DbeScenario(db, "forced mulligan").turn(3, 0)
      .put(0, "hand", "DS1-032", "DS1-033", "DS1-034")
      .put(0, "deck", "DS1-001", "DS1-040", "DS1-041", "DS1-042")
      .steps({ t: "dbe.prep.playActive" }).run();
    // 1st mulligan: take DS1-042, -041, -040 (no Digimon). 2nd: discard those 3, only DS1-001
    // is left to take → it is the only Digimon in hand and must be played.
    expect(r.events("forcedMulligan")).toHaveLength(2);
    expect(r.zone(0, "active")).toEqual(["DS1-001"]);
    expect(r.zone(0, "trash")).toEqual(["DS1-032", "DS1-033", "DS1-034", "DS1-042", "DS1-041", "DS1-040"]);
    expect([r.zone(0, "hand"), r.zone(0, "deck")]).toEqual([[], []]);
    expect(r.g.state.winner).toBeNull();
  });

  it("FAQ \"Lack of Digimon & Can't mulligan\": the special mulligan (hand too small) reveals and mulligans as if allowed until a Digimon appears", () => {
    const r = new DbeScenario(db, "special mulligan").turn(3, 0)
      .put(0, "hand", "DS1-032", "DS1-033").put(0, "deck", "DS1-001", "DS1-040", "DS1-041")
      .steps({ t: "dbe.prep.playActive" }).run();
    // 1st: discard 2, take DS1-041, DS1-040 (no Digimon). 2nd: discard 2, take DS1-001.
    expect(r.events("forcedMulligan").map((e) => e.data.hand)).toEqual([2, 2]);
    expect(r.zone(0, "active")).toEqual(["DS1-001"]);
    expect(r.zone(0, "trash")).toEqual(["DS1-032", "DS1-033", "DS1-041", "DS1-040"]);
  });

  it("FAQ \"When would there be a game loss due to lack of active Digimon?\": the special mulligan runs the deck out without a Digimon → loss", () => {
    const s = new DbeScenario(db, "special mulligan loss").turn(3, 1).put(1, "hand", "DS1-032", "DS1-033").put(1, "deck", "DS1-040");
    expect(pending(s, play)).toBeNull();
    expect(s.g.state.winner).toBe(0);
    expect(keys(s, 1, "active")).toEqual([]);
  });
});

describe("Prep Phase 5 — Partner Evolution", () => {
  it("Prep Phase 5: the Partner R partner-evolves into a Partner C from the Destiny Zone; its evo-bonus triggers (Draw 2: Agumon); it uses the turn's evolution", () => {
    const r = new DbeScenario(db, "partner evolution Greymon").turn(3, 0)
      .active(0, "DS1-001", { hp: 300 }).set(0, { partner: "DS1-001" })
      .put(0, "destinyZone", "DS1-007", "DS1-008")
      .put(0, "deck", "DS1-040", "DS1-041", "DS1-042")
      // A valid evolution by DP is in hand (Greymon → MetalGreymon, 40 DP): never offered.
      .put(0, "hand", "DS1-012").put(0, "dp", "DS1-013")
      .script(0, ["DS1-007 Greymon"], ["None"])
      .steps({ t: "dbe.prep.partnerEvolve" }, { t: "dbe.evolve.rackUp" }, { t: "dbe.evolve.method" })
      .run();
    expect(r.zone(0, "active")).toEqual(["DS1-001", "DS1-007"]);
    expect(r.zone(0, "destinyZone")).toEqual(["DS1-008"]);
    // Greymon's printed HP (reset), Draw 2 from its evo-box (Agumon qualifies).
    expect(r.player(0).hp).toBe(1200);
    expect(r.zone(0, "hand")).toEqual(["DS1-012", "DS1-042", "DS1-041"]);
    // POINT! Partner Evolution + Evolution Phase 3.2: no other evolution this turn; the DP stays.
    expect([r.player(0).evolved, r.player(0).partnerEvolved]).toEqual([true, true]);
    expect(r.zone(0, "dp")).toEqual(["DS1-013"]);
  });

  it("Prep Phase 5: Lalamon → Sunflowmon (evo-bonus HP +200: Lalamon) has 1100 + 200 HP", () => {
    const r = new DbeScenario(db, "partner evolution Sunflowmon").turn(3, 1)
      .active(1, "DS1-016").set(1, { partner: "DS1-016" }).put(1, "destinyZone", "DS1-020", "DS1-021")
      .script(1, ["DS1-020 Sunflowmon"]).steps({ t: "dbe.prep.partnerEvolve" }).run();
    expect(r.zone(1, "active")).toEqual(["DS1-016", "DS1-020"]);
    expect(r.player(1).hp).toBe(1300);
  });

  it("Prep Phase 5: \"you may\" — declining keeps the Partner R, which may then evolve by DP", () => {
    const r = new DbeScenario(db, "partner evolution declined").turn(3, 0)
      .active(0, "DS1-001").set(0, { partner: "DS1-001" }).put(0, "destinyZone", "DS1-007")
      .put(0, "hand", "DS1-009").put(0, "dp", "DS1-023")
      .script(0, ["No"], ["None"], ["DS1-009 Growlmon (30 DP)"])
      .steps({ t: "dbe.prep.partnerEvolve" }, { t: "dbe.evolve.rackUp" }, { t: "dbe.evolve.method" }).run();
    expect(r.zone(0, "active")).toEqual(["DS1-001", "DS1-009"]);
    expect(r.zone(0, "destinyZone")).toEqual(["DS1-007"]);
    expect(r.player(0).partnerEvolved).toBe(false);
  });

  it("Prep Phase 5: no Partner Evolution when the active is not the deck's Partner", () => {
    const s = new DbeScenario(db, "not the partner").turn(3, 0)
      .active(0, "DS1-002").set(0, { partner: "DS1-001" }).put(0, "destinyZone", "DS1-007");
    expect(pending(s, { t: "dbe.prep.partnerEvolve" })).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-002"]);
  });
});

// ─── Evolution Phase ────────────────────────────────────────────────────────

describe("Evolution Phase 2 — Rack up DP", () => {
  it("Evolution Phase 2: up to ONE card with +P from hand (an Option with +P too; a card without +P is not offered)", () => {
    const s = new DbeScenario(db, "rack up").turn(3, 0).active(0, "DS1-001")
      .put(0, "hand", "DS1-001", "DBE-R18", "DBE-R20");
    const d = pending(s, { t: "dbe.evolve.rackUp" });
    expect(labels(d)).toEqual(["None", "DS1-001 Agumon (+20 P)", "DBE-R20 Attack Chip (+10 P)"]);
    expect([d?.min, d?.max]).toEqual([1, 1]);
    s.g.answer([2]);
    expect(s.g.advance()).toBeNull();
    expect(keys(s, 0, "dp")).toEqual(["DBE-R20"]);
    expect(keys(s, 0, "hand")).toEqual(["DS1-001", "DBE-R18"]);
  });
});

describe("Evolution Phase 5.3 — Evolving by DP", () => {
  const byDp: Task = { t: "dbe.evolve.method" };

  it("Evolution Phase 5.3.3.1 / 5.3.3.3: one level up (R → C) and a shared type; R → U, R → M and a Jungle C are not offered", () => {
    const s = new DbeScenario(db, "valid futures").turn(3, 0).active(0, "DS1-001")
      .put(0, "dp", "DS1-012") // 40 DP
      .put(0, "hand", "DS1-009", "DS1-012", "DS1-023", "DBE-R10").put(0, "destinyZone", "DS1-015");
    expect(labels(pending(s, byDp))).toEqual(["No evolution", "DS1-009 Growlmon (30 DP)"]);
  });

  it("Evolution Phase 5.3.3.6: less DP than the future's cost → it is not offered", () => {
    const s = new DbeScenario(db, "not enough DP").turn(3, 0).active(0, "DS1-001")
      .put(0, "dp", "DS1-001") // 20 DP < 30
      .put(0, "hand", "DS1-009");
    expect(pending(s, byDp)).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DS1-001"]);
  });

  it("Evolution Phase 5.3.3.6: \"at least the DP listed\" — exactly 30 DP is enough for a 30 DP future", () => {
    const s = new DbeScenario(db, "exact DP").turn(3, 0).active(0, "DS1-001")
      .put(0, "dp", "DS1-001", "DBE-R20") // 20 + 10
      .put(0, "hand", "DS1-009");
    expect(labels(pending(s, byDp))).toEqual(["No evolution", "DS1-009 Growlmon (30 DP)"]);
  });

  it("Evolution Phase 5.3.3.4: a future naming the active in its evo-box ignores type (Metal C from a Nature R)", () => {
    const s = new DbeScenario(db, "evo-box ignores type").turn(3, 0).active(0, "DS1-016")
      .put(0, "dp", "DS1-023").put(0, "hand", "TST-004");
    expect(labels(pending(s, byDp))).toEqual(["No evolution", "TST-004 Crossbreedmon (30 DP)"]);
  });

  it("Evolution Phase 5.3.3.4: ... and level, but not DP (Strikedramon C → UlforceVdramon M from the Destiny Zone)", () => {
    const s = new DbeScenario(db, "evo-box ignores level").turn(3, 0).active(0, "DBE-R08")
      .put(0, "dp", "DS1-012", "DS1-032") // 40 + 10 = 50
      .put(0, "destinyZone", "EX-094")
      .script(0, ["EX-094 UlforceVdramon (50 DP)"]);
    const r = s.steps(byDp).run();
    expect(r.zone(0, "active")).toEqual(["DBE-R08", "EX-094"]);
    // 5.3.8.2 printed stats; "∞ Power +100: -dramon (U)" does not qualify (Strikedramon is C).
    expect(r.player(0).hp).toBe(2300);
    expect(r.player(0).power).toEqual({ circle: 1100, triangle: 760, cross: 400 });
    const t = new DbeScenario(db, "evo-box does not ignore DP").turn(3, 0).active(0, "DBE-R08")
      .put(0, "dp", "DS1-012").put(0, "destinyZone", "EX-094"); // 40 < 50
    expect(pending(t, byDp)).toBeNull();
  });

  it("FAQ \"Digimon without DP cost\" / Evolution Phase 4.12: a Digimon with no printed DP cost cannot be evolved to by DP (even with a DP -10 entry)", () => {
    const s = new DbeScenario(db, "no DP cost").turn(3, 0).active(0, "DS1-001")
      .put(0, "dp", "DS1-015").put(0, "hand", "TST-011");
    expect(pending(s, byDp)).toBeNull();
    expect(keys(s, 0, "hand")).toEqual(["TST-011"]);
  });

  it("Evolution Phase 4.8 / 5.3.5: the future's evo-box \"DP -10: Guilmon\" lowers Growlmon's cost to 20", () => {
    const s = new DbeScenario(db, "discount").turn(3, 0).active(0, "DS1-002").put(0, "dp", "DS1-001").put(0, "hand", "DS1-009");
    expect(labels(pending(s, byDp))).toEqual(["No evolution", "DS1-009 Growlmon (20 DP)"]);
  });

  it("Evolution Phase 5.3.8 / 5.3.10: evolving puts the future on the active with reset printed stats and discards all DP", () => {
    const r = new DbeScenario(db, "evolve by DP").turn(3, 0)
      .active(0, "DS1-002", { hp: 100, power: { circle: 900, triangle: 900, cross: 900 } })
      .put(0, "dp", "DS1-001", "DS1-032").put(0, "hand", "DS1-009")
      .script(0, ["DS1-009 Growlmon (20 DP)"]).steps(byDp).run();
    expect(r.zone(0, "active")).toEqual(["DS1-002", "DS1-009"]);
    expect(r.zone(0, "hand")).toEqual([]);
    expect(r.player(0).hp).toBe(1150);
    expect(r.player(0).power).toEqual({ circle: 520, triangle: 380, cross: 240 });
    // 5.3.10: all DP discarded (30 DP for a 20 DP cost: the rest is not kept).
    expect(r.zone(0, "dp")).toEqual([]);
    expect(r.zone(0, "trash")).toEqual(["DS1-001", "DS1-032"]);
    // 5.3.8.1: the turn's evolution is used.
    expect(r.player(0).evolved).toBe(true);
  });

  it("Evolution Phase 4.3 / 5.3.9: a partial-name evo-bonus with a level, \"Draw 2: kok- (R)\" — Kokuwamon → Kokabuterimon draws 2", () => {
    const r = new DbeScenario(db, "kok- bonus").turn(3, 0).active(0, "DBE-R04")
      .put(0, "dp", "DS1-023").put(0, "hand", "DBE-R10").put(0, "deck", "DS1-040", "DS1-041", "DS1-042")
      .script(0, ["DBE-R10 Kokabuterimon (30 DP)"]).steps(byDp).run();
    expect(r.zone(0, "active")).toEqual(["DBE-R04", "DBE-R10"]);
    expect(r.zone(0, "hand")).toEqual(["DS1-042", "DS1-041"]);
  });

  it("Evolution Phase 4.3: \"Draw 2: -dramon (C)\" — any Level C ending in dramon qualifies (Seadramon), Growlmon does not", () => {
    const a = new DbeScenario(db, "-dramon C").turn(3, 0).active(0, "DBE-R07")
      .put(0, "dp", "DS1-012").put(0, "hand", "TST-010").put(0, "deck", "DS1-040", "DS1-041", "DS1-042")
      .script(0, ["TST-010 Ultradramon (40 DP)"]).steps(byDp).run();
    expect(a.zone(0, "hand")).toEqual(["DS1-042", "DS1-041"]);
    const b = new DbeScenario(db, "not -dramon").turn(3, 0).active(0, "DS1-009")
      .put(0, "dp", "DS1-012").put(0, "hand", "TST-010").put(0, "deck", "DS1-040", "DS1-041", "DS1-042")
      .script(0, ["TST-010 Ultradramon (40 DP)"]).steps(byDp).run();
    expect(b.zone(0, "active")).toEqual(["DS1-009", "TST-010"]);
    expect(b.zone(0, "hand")).toEqual([]);
  });

  it("Evolution Phase 4.3: \"Take 1 -devi- card in deck: kok-\" — Kokabuterimon → Ladydevimon may take Devil Chip (the deck is then shuffled)", () => {
    const r = new DbeScenario(db, "-devi- bonus").turn(3, 0).active(0, "DBE-R10")
      .put(0, "dp", "DS1-012").put(0, "hand", "DBE-R15")
      .put(0, "deck", "DS1-001", "DBE-R25", "DS1-002", "DBE-R12", "DS1-003")
      .script(0, ["DBE-R15 Ladydevimon (40 DP)"], ["DBE-R25 Devil Chip"]).steps(byDp).run();
    expect(r.zone(0, "active")).toEqual(["DBE-R10", "DBE-R15"]);
    expect(r.zone(0, "hand")).toEqual(["DBE-R25"]);
    expect(sorted(r.zone(0, "deck"))).toEqual(["DBE-R12", "DS1-001", "DS1-002", "DS1-003"]);
  });

  it("Evolution Phase 5.3.9: an evo-bonus \"HP +200: Growlmon\" — Growlmon → WarGrowlmon has 1800 + 200 HP", () => {
    const r = new DbeScenario(db, "HP bonus").turn(3, 0).active(0, "DS1-009")
      .put(0, "dp", "DS1-012").put(0, "hand", "DS1-013")
      .script(0, ["DS1-013 WarGrowlmon (40 DP)"]).steps(byDp).run();
    expect(r.player(0).hp).toBe(2000);
  });

  it("Evolution Phase 5.3.9: a bonus whose names do not qualify is not activated (Growlmon → MetalGreymon: \"Draw 2: Greymon, GeoGreymon\")", () => {
    const r = new DbeScenario(db, "no bonus").turn(3, 0).active(0, "DS1-009")
      .put(0, "dp", "DS1-012").put(0, "hand", "DS1-012").put(0, "deck", "DS1-040", "DS1-041")
      .script(0, ["DS1-012 MetalGreymon (40 DP)"]).steps(byDp).run();
    expect(r.zone(0, "active")).toEqual(["DS1-009", "DS1-012"]);
    expect(r.zone(0, "hand")).toEqual([]);
    expect(r.player(0).hp).toBe(1700);
  });

  it("Evolution Phase 5.3.2: a Level M future comes from the Destiny Zone (WarGreymon, DP -10: MetalGreymon → 40 DP)", () => {
    const r = new DbeScenario(db, "mega by DP").turn(3, 0).active(0, "DS1-012")
      .put(0, "dp", "DS1-013").put(0, "destinyZone", "DS1-015")
      .script(0, ["DS1-015 WarGreymon (40 DP)"]).steps(byDp).run();
    expect(r.zone(0, "active")).toEqual(["DS1-012", "DS1-015"]);
    expect(r.zone(0, "destinyZone")).toEqual([]);
    expect(r.player(0).hp).toBe(2400);
  });

  it("Evolution Phase 3.1.3 / 5.3.3.5 + Glossary \"Abnormal\": an Abnormal active cannot evolve by DP", () => {
    const s = new DbeScenario(db, "abnormal").turn(3, 0).active(0, "DBE-R05", { abnormal: true })
      .put(0, "dp", "DS1-012").put(0, "hand", "DS1-012");
    expect(pending(s, byDp)).toBeNull();
    expect(keys(s, 0, "active")).toEqual(["DBE-R05"]);
  });

  it("Evolution Phase 5 (fact 1): a player who already evolved this turn cannot evolve again", () => {
    const s = new DbeScenario(db, "once per turn").turn(3, 0).active(0, "DS1-001", { evolved: true })
      .put(0, "dp", "DS1-012").put(0, "hand", "DS1-009");
    expect(pending(s, byDp)).toBeNull();
  });

  it("Glossary \"Flatten / Flat\" 4: flat tokens do not go away when the Digimon evolves", () => {
    const r = new DbeScenario(db, "flats stay").turn(3, 0).active(0, "DS1-002", { flats: 2 })
      .put(0, "dp", "DS1-023").put(0, "hand", "DS1-009")
      .script(0, ["DS1-009 Growlmon (20 DP)"], ["None"]).steps(byDp).run();
    expect(r.player(0).flats).toBe(2);
  });

  it("Evolution Phase 5.3.3.7 / Glossary \"Flatten / Flat\" 5: evolving by DP, a player may lower their DP by 10 to remove a flat token, but only while the cost stays met", () => {
    // Guilmon → Growlmon costs 20 DP (evo-box DP -10: Guilmon); 30 DP leave room for one -10.
    const s = new DbeScenario(db, "remove a flat").turn(3, 0).active(0, "DS1-002", { flats: 2 })
      .put(0, "dp", "DS1-023").put(0, "hand", "DS1-009")
      .script(0, ["DS1-009 Growlmon (20 DP)"], ["Remove 1 (DP -10)"]);
    const r = s.steps(byDp).run();
    expect(r.player(0).flats).toBe(1);
    expect(r.zone(0, "active")).toEqual(["DS1-002", "DS1-009"]);
    const d = r.events("flat");
    expect(d).toHaveLength(1);
  });
});

// ─── Strategy Phase ─────────────────────────────────────────────────────────

describe("Strategy Phase", () => {
  it("Strategy Phase 1 / 1.1: no opposing active → no attacks are chosen; the opponent Trashes 2 and the turn player Draws 1", () => {
    const r = new DbeScenario(db, "unopposed").turn(3, 0).active(0, "DS1-001")
      .put(0, "deck", "DS1-040", "DS1-041").put(1, "deck", "DS1-001", "DS1-002", "DS1-003")
      .steps({ t: "dbe.strategy" }).run();
    expect(r.zone(1, "trash")).toEqual(["DS1-003", "DS1-002"]);
    expect(r.zone(1, "deck")).toEqual(["DS1-001"]);
    expect(r.zone(0, "hand")).toEqual(["DS1-041"]);
    expect(r.zone(0, "deck")).toEqual(["DS1-040"]);
    expect(r.zone(0, "trash")).toEqual([]);
    expect([r.player(0).attack, r.player(1).attack]).toEqual([null, null]);
  });

  it("Strategy Phase 1: \"Skip to Support Phase\" — supports are still played when unopposed (there is no battle)", () => {
    const r = new DbeScenario(db, "unopposed support").turn(3, 0).active(0, "DS1-001", { hp: 300 })
      .put(0, "hand", "DS1-016").put(0, "deck", "DS1-042").put(1, "deck", "DS1-001", "DS1-002", "DS1-003")
      .script(1, ["No support"]).script(0, ["DS1-016 Lalamon"])
      .steps({ t: "dbe.strategy" }, { t: "dbe.support.play", p: 1 }, { t: "dbe.support.play", p: 0 }, { t: "dbe.support.resolve" }, { t: "dbe.battle" })
      .run();
    // Lalamon: "Recover own HP +200" → 300 + 200.
    expect(r.player(0).hp).toBe(500);
    expect(r.events("reveal", "battle.damage")).toEqual([]);
  });

  it("Strategy Phase 2: the turn player, then the opponent, chooses an attack; nothing is revealed before the Battle Phase", () => {
    const s = new DbeScenario(db, "choose attacks").turn(3, 1).active(0, "DS1-001").active(1, "DS1-016");
    let d = pending(s, { t: "dbe.strategy" });
    expect([d?.player, d?.kind, d?.options.map((o) => o.value)]).toEqual([1, "chooseAttack", ["circle", "triangle", "cross"]]);
    s.g.answer([2]);
    d = s.g.advance();
    expect([d?.player, d?.kind]).toEqual([0, "chooseAttack"]);
    s.g.answer([1]);
    expect(s.g.advance()).toBeNull();
    expect([P(s.g, 0).attack, P(s.g, 1).attack]).toEqual(["triangle", "cross"]);
    expect(s.g.log.filter((e) => e.kind === "reveal")).toEqual([]);
  });
});

// ─── Support Phase ──────────────────────────────────────────────────────────

describe("Support Phase", () => {
  const resolve: Task = { t: "dbe.support.resolve" };

  it("Support Phase 2–4: a support comes from hand (SUPPORT timing only) or blind from the top of the deck, or none", () => {
    const s = new DbeScenario(db, "support options").turn(3, 0).active(0, "DS1-001").active(1, "DS1-001")
      .put(0, "hand", "DBE-R20", "DS1-053", "DS1-041").put(0, "deck", "DS1-001")
      .put(1, "hand", "DS1-032");
    expect(labels(pending(s, { t: "dbe.support.play", p: 1 }))).toEqual(["No support", "DS1-032 Dragon Claw"]);
    s.g.answer([1]);
    expect(labels(s.g.advance())).toBeNull();
    expect(keys(s, 1, "support")).toEqual(["DS1-032"]);
    expect(labels(pending(s, { t: "dbe.support.play", p: 0 }))).toEqual(["No support", "DBE-R20 Attack Chip", "Blind from the top of the deck"]);
  });

  it("Support Phase 5: the turn player's support resolves first (Double Circle, then the opponent's -300: 300 × 2 − 300 = 300)", () => {
    const s = new DbeScenario(db, "resolution order").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .support(0, "DS1-012").support(1, "DS1-024");
    const r = s.steps(resolve).run();
    // The other order would give (300 − 300) × 2 = 0.
    expect(r.player(0).power.circle).toBe(300);
    expect(r.player(1).power.circle).toBe(300);
  });

  it("Support Phase 5.1: void checks come before all other effects — the non-turn player's void cancels the turn player's support that resolves first", () => {
    const r = new DbeScenario(db, "void first").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .support(0, "DBE-R20").support(1, "TST-005").steps(resolve).run();
    expect(r.player(0).power).toEqual({ circle: 300, triangle: 190, cross: 100 });
    expect(r.events("void").map((e) => e.player)).toEqual([0]);
    expect(r.events("boost")).toEqual([]);
  });

  it("Support Phase 5.1.1 / 5.1.2: both supports void; the turn player's void first; voids cannot void voids, so both cards lose their other effects", () => {
    const r = new DbeScenario(db, "void vs void").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .support(0, "TST-006").support(1, "TST-006").steps(resolve).run();
    // P1's void voids P2's card (P2's void still applies), then P2's void voids P1's card:
    // neither "Boost own Power +300" resolves.
    expect(r.events("void").map((e) => e.player)).toEqual([1, 0]);
    expect(r.player(0).power.circle).toBe(300);
    expect(r.player(1).power.circle).toBe(300);
  });

  it("Support Phase 5.2: a blind support that cannot be played as a support (an Evolution card) misfires", () => {
    const r = new DbeScenario(db, "blind misfire").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "deck", "DS1-040", "DS1-053")
      .script(0, ["Blind from the top of the deck"])
      .steps({ t: "dbe.support.play", p: 0 }, resolve).run();
    expect(r.zone(0, "support")).toEqual(["DS1-053"]);
    expect(r.events("misfire")).toHaveLength(1);
    expect(r.player(0).power.circle).toBe(300);
  });

  it("Support Phase 2 / 5: a blind support with SUPPORT timing resolves normally (Attack Chip from the top: +300)", () => {
    const r = new DbeScenario(db, "blind ok").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "deck", "DS1-040", "DBE-R20")
      .script(0, ["Blind from the top of the deck"])
      .steps({ t: "dbe.support.play", p: 0 }, resolve).run();
    expect(r.zone(0, "deck")).toEqual(["DS1-040"]);
    expect(r.player(0).power).toEqual({ circle: 600, triangle: 490, cross: 400 });
  });

  describe("Support Phase 5.3 — Jamming against a Digimon support", () => {
    // P2's support: DS1-001 Agumon "If own type is Dragon, Boost own Power +200".
    const base = (name: string, p1Attack: "circle" | "cross") =>
      new DbeScenario(db, name).turn(3, 0)
        .active(0, "DS1-016", { attack: p1Attack }).active(1, "DS1-001", { attack: "circle" });

    it("Support Phase 5.3: a player who chose Cross with Jamming may reveal it and void the opponent's Digimon support", () => {
      const r = base("jam", "cross").support(1, "DS1-001").script(0, ["Reveal Jamming"]).steps(resolve).run();
      expect(r.events("revealJamming").map((e) => e.player)).toEqual([0]);
      expect(r.events("void").map((e) => e.player)).toEqual([1]);
      expect(r.player(1).power.circle).toBe(300);
    });

    it("Support Phase 5.3: not revealing is a missed opportunity — the Digimon support resolves (+200)", () => {
      const r = base("jam declined", "cross").support(1, "DS1-001").script(0, ["No"]).steps(resolve).run();
      expect(r.player(1).power.circle).toBe(500);
    });

    it("Support Phase 5.3 / Attack Abilities \"Jamming\": an Option support cannot be voided this way (no reveal is offered)", () => {
      const r = base("jam option", "cross").support(1, "DS1-032").steps(resolve).run();
      expect(r.events("revealJamming")).toEqual([]);
      expect(r.player(1).power.circle).toBe(700);
    });

    it("Support Phase 5.3: Jamming on an attack not chosen gives no reveal (Lalamon chose Circle)", () => {
      const r = base("jam not chosen", "circle").support(1, "DS1-001").steps(resolve).run();
      expect(r.player(1).power.circle).toBe(500);
    });

    it("Support Phase POINT: a support that gives Jamming and resolves first (turn player) can then void the opponent's Digimon support", () => {
      const r = new DbeScenario(db, "support jamming first").turn(3, 0)
        .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
        .support(0, "TST-007").support(1, "DS1-001").script(0, ["Reveal Jamming"]).steps(resolve).run();
      expect(r.events("void").map((e) => e.player)).toEqual([1]);
      expect(r.player(1).power.circle).toBe(300);
    });

    it("Support Phase POINT: Jamming gained by a support that resolves second comes too late to void a Digimon support", () => {
      const r = new DbeScenario(db, "support jamming late").turn(3, 0)
        .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
        .support(0, "DS1-001").support(1, "TST-007").steps(resolve).run();
      expect(r.events("revealJamming")).toEqual([]);
      expect(r.player(0).power.circle).toBe(500);
    });
  });
});

// ─── Battle Phase ───────────────────────────────────────────────────────────

describe("Battle Phase (through the engine)", () => {
  const battle: Task = { t: "dbe.battle" };

  it("Battle Phase 2.1 / 4 / 5: the turn player attacks first, then the second attacker strikes back", () => {
    const r = new DbeScenario(db, "both strike").turn(3, 1)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-016", { attack: "triangle" })
      .steps(battle).run();
    // P2 (turn player) Triangle 190: P1 700 → 510; P1 Circle 300: P2 650 → 350.
    // Step 2: both chosen attacks are revealed together, before any damage.
    expect(r.g.log.filter((e) => e.kind === "reveal" || e.kind === "battle.damage")[0]?.data.attacks).toEqual(["circle", "triangle"]);
    expect(r.events("battle.damage").map((e) => [e.data.from, e.data.amount])).toEqual([[1, 190], [0, 300]]);
    expect([r.player(0).hp, r.player(1).hp]).toEqual([510, 350]);
  });

  it("Battle Phase 4.2 / 6.1 / 6.6: the second attacker KO'd first does not attack; its stack is discarded, its DP kept; 1 KO point", () => {
    const r = new DbeScenario(db, "KO").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" })
      .put(1, "active", "DS1-002").active(1, "DS1-009", { attack: "circle", hp: 300 }).put(1, "dp", "DS1-001")
      .steps(battle).run();
    expect(r.player(0).hp).toBe(700);
    expect(r.zone(1, "active")).toEqual([]);
    expect(r.zone(1, "trash")).toEqual(["DS1-002", "DS1-009"]);
    expect(r.zone(1, "dp")).toEqual(["DS1-001"]);
    expect([r.player(0).ko, r.player(1).ko]).toEqual([1, 0]);
    expect(r.g.state.winner).toBeNull();
  });

  it("Battle Phase 6.3: a KO'd Partner R goes to the deck, which is shuffled", () => {
    const deck = ["DS1-040", "DS1-041", "DS1-042", "DS1-044", "DS1-045", "DS1-046", "DS1-048", "DS1-049"];
    const r = new DbeScenario(db, "partner R to deck").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" })
      .active(1, "DS1-016", { attack: "circle", hp: 300 }).set(1, { partner: "DS1-016" })
      .put(1, "deck", ...deck).steps(battle).run();
    expect(r.zone(1, "active")).toEqual([]);
    expect(r.zone(1, "trash")).toEqual([]);
    expect(sorted(r.zone(1, "deck"))).toEqual(sorted([...deck, "DS1-016"]));
    expect(r.zone(1, "deck")).not.toEqual([...deck, "DS1-016"]);
    expect(r.player(0).ko).toBe(1);
  });

  it("Battle Phase 6.3 / 6.4: a KO'd Partner C (partner-evolved from the Destiny Zone) is deleted; the Partner R under it goes to the deck", () => {
    const r = new DbeScenario(db, "partner C deleted").turn(3, 1)
      .active(0, "DBE-R16", { attack: "circle" })
      .active(1, "DS1-001", { attack: "circle" }).set(1, { partner: "DS1-001" }).put(1, "destinyZone", "DS1-007")
      .put(1, "deck", "DS1-040", "DS1-041", "DS1-042", "DS1-044")
      .script(1, ["DS1-007 Greymon"])
      .steps({ t: "dbe.prep.partnerEvolve" }, battle).run();
    // Greymon 1200 HP; P1's Mugendramon Circle 1200 strikes back: 1200 − 1200 = 0 → KO.
    expect(r.events("battle.ko").map((e) => e.player)).toEqual([1]);
    expect(r.zone(1, "active")).toEqual([]);
    expect(r.zone(1, "deleted")).toEqual(["DS1-007"]);
    expect(r.zone(1, "trash")).toEqual([]);
    expect(r.zone(1, "deck")).toContain("DS1-001");
    expect(r.player(0).ko).toBe(1);
  });

  it("Battle Phase 6.5 / 6.6: a KO'd Level M is deleted (the U under it discarded) and gives 2 KO points", () => {
    const r = new DbeScenario(db, "mega KO").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" })
      .put(1, "active", "DS1-012").active(1, "DS1-015", { attack: "circle", hp: 300 })
      .steps(battle).run();
    expect(r.zone(1, "deleted")).toEqual(["DS1-015"]);
    expect(r.zone(1, "trash")).toEqual(["DS1-012"]);
    expect(r.player(0).ko).toBe(2);
  });

  it("Battle Phase 6.2: a previously revived Digimon is always worth 1 KO point, even a Level M", () => {
    const r = new DbeScenario(db, "revived mega").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" })
      .active(1, "DS1-015", { attack: "circle", hp: 300, revived: true })
      .steps(battle).run();
    expect(r.player(0).ko).toBe(1);
    expect(r.zone(1, "deleted")).toEqual(["DS1-015"]);
  });

  it("Glossary \"Revive\" + Battle Phase 6.1 / 6.2 / 6.5: Revival keeps the zone and resets the active; KO points still count (2 for the Mega); its next KO is worth exactly 1", () => {
    const s = new DbeScenario(db, "revival").turn(3, 0)
      .active(0, "DBE-R16", { attack: "circle" })
      .active(1, "DS1-015", { attack: "circle", hp: 300 })
      .support(1, "DS1-036");
    // Dragon Soul: "Revive 500 HP. Boost own Power +300." Mugendramon (turn player) Circle
    // 1200 ≥ 300 → KO before WarGreymon attacks (4.2) → revives with 500 HP; P1 scores 2.
    expect(pending(s, { t: "dbe.support.resolve" }, battle)).toBeNull();
    expect(keys(s, 1, "active")).toEqual(["DS1-015"]);
    expect([P(s.g, 1).hp, P(s.g, 1).revived, P(s.g, 0).ko, P(s.g, 0).hp]).toEqual([500, true, 2, 2400]);
    // Reset as evolved: WarGreymon's printed Power (the +300 boost is gone).
    expect(P(s.g, 1).power.circle).toBe(1150);
    // A second battle: 1200 ≥ 500 → KO, no Revival set any more → deleted, worth exactly 1.
    expect(pending(s, battle)).toBeNull();
    expect(keys(s, 1, "active")).toEqual([]);
    expect(keys(s, 1, "deleted")).toEqual(["DS1-015"]);
    expect(P(s.g, 0).ko).toBe(3);
  });

  it("Battle Phase 7: a player with 4 KO points wins", () => {
    const s = new DbeScenario(db, "win").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle", ko: 3 }).active(1, "DS1-002", { attack: "circle", hp: 300 });
    expect(pending(s, battle)).toBeNull();
    expect(s.g.state.winner).toBe(0);
    expect(s.g.state.endReason).toMatch(/Battle Phase 7/);
  });

  it("Battle Phase 6.6 / 7: a Mega KO from 2 KO points reaches 4 and wins", () => {
    const s = new DbeScenario(db, "win by mega").turn(3, 1)
      .active(0, "DS1-015", { attack: "circle", hp: 300 }).active(1, "DS1-001", { attack: "circle", ko: 2 });
    expect(pending(s, battle)).toBeNull();
    expect([P(s.g, 1).ko, s.g.state.winner]).toEqual([4, 1]);
  });

  it("Battle Phase 3.3.1: the opponent gains a point of 1st Attack → tie, the most recent gain attacks first; the turn player gaining another attacks first again", () => {
    const tie = new DbeScenario(db, "1st Attack tie").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle", hp: 300 }).active(1, "DS1-001", { attack: "circle", hp: 300 })
      .support(1, "TST-008").steps({ t: "dbe.support.resolve" }, battle).run();
    expect(tie.events("battle.order").map((e) => [e.data.first, e.data.reason])).toEqual([[1, "mostRecent"]]);
    expect([tie.player(0).hp, tie.player(1).hp, tie.player(1).ko]).toEqual([0, 300, 1]);
    const more = new DbeScenario(db, "1st Attack 2 vs 1").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle", hp: 300 }).active(1, "DS1-001", { attack: "circle", hp: 300 })
      .support(0, "TST-008").support(1, "TST-008").steps({ t: "dbe.support.resolve" }, battle)
      .script(0, ["Resolve first"]) // both gain 1st Attack at step 3: a timing conflict (3.2)
      .run();
    expect(more.events("battle.order").map((e) => [e.data.first, e.data.reason])).toEqual([[0, "stacks"]]);
    expect([more.player(0).hp, more.player(1).hp, more.player(0).ko]).toEqual([300, 0, 1]);
  });

  it("Battle Phase 3.2: with a timing conflict the turn player may pass priority — 2 stacks each, the player resolving second gained 1st Attack most recently and attacks first", () => {
    const tie = (answer: string) =>
      new DbeScenario(db, `priority: ${answer}`).turn(3, 0)
        .active(0, "DS1-001", { attack: "circle", hp: 300 }).active(1, "DS1-001", { attack: "circle", hp: 300 })
        // P1 (default 1st Attack) + 1 gained = 2; P2 gains 2 = 2: a tie broken by the most recent gain.
        .support(0, "TST-008").support(1, "TST-008").support(1, "TST-008")
        .steps({ t: "dbe.support.resolve" }, battle).script(0, [answer]).run();
    const kept = tie("Resolve first");
    expect(kept.events("battle.order").map((e) => [e.data.first, e.data.reason])).toEqual([[1, "mostRecent"]]);
    expect(kept.events("passPriority")).toEqual([]);
    const passed = tie("Pass priority (resolve second)");
    expect(passed.events("battle.order").map((e) => [e.data.first, e.data.reason])).toEqual([[0, "mostRecent"]]);
    expect(passed.events("passPriority").map((e) => e.player)).toEqual([0]);
    expect([passed.player(0).hp, passed.player(1).hp, passed.player(0).ko]).toEqual([300, 0, 1]);
  });

  it("Battle Phase 3.2: Draw 1 against the opponent's Trash 2 on the same deck is a timing conflict too — resolving first draws the top card, passing draws the third", () => {
    const play = (answer: string) =>
      new DbeScenario(db, `draw vs trash: ${answer}`).turn(3, 0)
        .active(0, "TST-013", { attack: "cross" }).active(1, "TST-014", { attack: "cross" })
        .put(0, "deck", "DS1-042", "DS1-041", "DS1-040")
        .steps(battle).script(0, [answer]).run();
    const first = play("Resolve first");
    expect([first.zone(0, "hand"), first.zone(0, "trash")]).toEqual([["DS1-040"], ["DS1-041", "DS1-042"]]);
    const passed = play("Pass priority (resolve second)");
    expect([passed.zone(0, "hand"), passed.zone(0, "trash")]).toEqual([["DS1-042"], ["DS1-040", "DS1-041"]]);
  });

  it("Battle Phase 3.2: no timing conflict, no question — only one player gains 1st Attack at step 3", () => {
    const s = new DbeScenario(db, "no conflict").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle", hp: 300 }).active(1, "DS1-001", { attack: "circle", hp: 300 })
      .support(1, "TST-008");
    expect(pending(s, { t: "dbe.support.resolve" }, battle)).toBeNull();
    expect(s.g.choices).toEqual([]);
  });

  it("Glossary \"Flatten / Flat\" 1, 3 + POINT: the hit that adds the 3rd flat does not KO; the next hit made first does", () => {
    const s = new DbeScenario(db, "flat sequence").turn(3, 0)
      .active(0, "DBE-R07", { attack: "cross" }).active(1, "DS1-001", { attack: "circle", flats: 2 });
    // Seadramon Cross 210 | Flatten [Level R] vs Agumon (R). Battle 1: 700 − 210 = 490, 3rd
    // flat, no KO; Agumon strikes back 300: 1200 − 300 = 900.
    expect(pending(s, battle)).toBeNull();
    expect([P(s.g, 1).hp, P(s.g, 1).flats, P(s.g, 0).hp]).toEqual([490, 3, 900]);
    // Battle 2: Seadramon attacks first and hits (490 − 210 = 280) → KO by 3 flats.
    expect(pending(s, battle)).toBeNull();
    expect(keys(s, 1, "active")).toEqual([]);
    expect([P(s.g, 1).flats, P(s.g, 0).ko, P(s.g, 0).hp]).toEqual([0, 1, 900]);
  });
});

// ─── End Phase ──────────────────────────────────────────────────────────────

describe("End Phase", () => {
  const end: Task = { t: "dbe.end" };

  it("End Phase 2: the turn player (only) discards down to 6, choosing which", () => {
    const hand = ["DS1-001", "DS1-002", "DS1-003", "DS1-004", "DS1-005", "DS1-006", "DS1-009", "DS1-010"];
    const r = new DbeScenario(db, "discard to 6").turn(3, 0)
      .active(0, "DS1-001").active(1, "DS1-001")
      .put(0, "hand", ...hand).put(1, "hand", ...hand)
      .script(0, ["DS1-003 Monodramon", "DS1-009 Growlmon"]).steps(end).run();
    expect(r.zone(0, "trash")).toEqual(["DS1-003", "DS1-009"]);
    expect(r.zone(0, "hand")).toEqual(["DS1-001", "DS1-002", "DS1-004", "DS1-005", "DS1-006", "DS1-010"]);
    expect(r.zone(1, "hand")).toEqual(hand);
  });

  it("End Phase 3 / 3.1 / 3.2 / 4 / 5: boosts and gained abilities end, a type change and the current HP stay, supports are discarded, attacks reset, the turn passes", () => {
    const s = new DbeScenario(db, "end cleanup").turn(3, 0)
      .active(0, "DS1-016", { attack: "cross", hp: 250 }).active(1, "DS1-001", { attack: "circle" })
      .support(0, "DS1-014").support(0, "TST-008");
    const [andromon, chip] = s.g.zone(0, "support");
    // Andromon: "Change own type to Dragon. Boost own Power +200." → 460 / 390 / 200.
    expect(pending(s, sup(0, andromon!), sup(0, chip!))).toBeNull();
    expect(P(s.g, 0).power).toEqual({ circle: 460, triangle: 390, cross: 200 });
    expect(P(s.g, 0).gained).toHaveLength(1);
    expect(pending(s, end)).toBeNull();
    expect(P(s.g, 0).power).toEqual({ circle: 260, triangle: 190, cross: 0 });
    expect(P(s.g, 0).gained).toEqual([]);
    expect(P(s.g, 0).hp).toBe(250);
    expect(typesOf(s.g, activeOf(s.g, 0)!)).toEqual(["Dragon"]);
    expect(keys(s, 0, "support")).toEqual([]);
    expect(sorted(keys(s, 0, "trash"))).toEqual(["DS1-014", "TST-008"]);
    expect([P(s.g, 0).attack, P(s.g, 1).attack]).toEqual([null, null]);
    expect(s.g.state.turnPlayer).toBe(1);
  });

  it("End Phase 3.1: a name change is part of the card and stays (\"Type-changes/gains as well as name changes are somewhat permanent\") — Agumon renamed Greymon passes \"If own name is Greymon\", keeps the name after End Phase 3 and can then evolve to MetalGreymon named in its evo-box", () => {
    const s = new DbeScenario(db, "name change").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "deck", "DS1-040").put(0, "hand", "DS1-012").put(0, "dp", "DS1-013").support(0, "TST-012");
    expect(pending(s, sup(0, s.top(0, "support")))).toBeNull();
    expect(keys(s, 0, "hand")).toEqual(["DS1-012", "DS1-040"]);
    expect(namesOf(s.g, activeOf(s.g, 0)!)).toEqual(["Greymon"]);
    expect(pending(s, end)).toBeNull();
    expect(namesOf(s.g, activeOf(s.g, 0)!)).toEqual(["Greymon"]);
    // MetalGreymon's evo-box names Greymon: "ignore type and level" (Evolution Phase 5.1.2.4), R → U.
    s.g.set(s.g.state, "turnPlayer", 0);
    const d = pending(s, { t: "dbe.evolve.method" });
    expect(labels(d)).toContain("DS1-012 MetalGreymon (40 DP)");
  });

  it("End Phase 3: an Abnormal active's Power goes back to its abnormal (halved) stats", () => {
    const r = new DbeScenario(db, "abnormal end").turn(3, 0)
      .active(0, "DBE-R05", { abnormal: true, power: { circle: 560, triangle: 470, cross: 410 } })
      .steps(end).run();
    expect(r.player(0).power).toEqual({ circle: 260, triangle: 170, cross: 110 });
  });

  it("End Phase 3.4 + FAQ \"Permanents in Evolution Boxes\": a permanent evo-box \"∞ Power +100\" stays after the End Phase (WarGreymon from MetalGreymon)", () => {
    const r = new DbeScenario(db, "permanent bonus").turn(3, 0).active(0, "DS1-012")
      .put(0, "dp", "DS1-013").put(0, "destinyZone", "DS1-015")
      .script(0, ["DS1-015 WarGreymon (40 DP)"])
      .steps({ t: "dbe.evolve.method" }, end).run();
    // 1150 / 780 / 0 printed, +100 on every attack.
    expect(r.player(0).power).toEqual({ circle: 1250, triangle: 880, cross: 100 });
  });
});
