/**
 * Rules-accuracy scenarios: the worked examples of the DBE rules FAQ and glossary
 * (`000_012504f4614e5b24.txt`), each citing its section. Expected values are computed by
 * hand from the rules text and the printed cards.
 */
import { describe, expect, it } from "vitest";
import { DbeScenario } from "../../runtime/rulesets/dbe/scenario.ts";
import { scenarioDb, sup } from "./helpers.ts";

/**
 * Test cards (set TST): the FAQ's "Cross attack which has 290 Power and Drain", a Cross with
 * Jamming, and a plain "Recycle 2." Option.
 */
const TEST_CARDS = `
card TST-001 Drainmon
  kind: Digimon
  level: C
  type: Nightmare
  dp: 30
  +p: 30
  hp: 1000
  circle: Shadow Fang 500
  triangle: Night Wing 300
  cross: Life Drain 290 | Drain
  timing: SUPPORT
  text: Boost own Power +100.

card TST-002 Jammermon
  kind: Digimon
  level: R
  type: Nature
  dp: 0
  +p: 20
  hp: 700
  circle: Static Pulse 300
  triangle: Static Snap 200
  cross: Static Net 290 | Jamming
  timing: SUPPORT
  text: Recover own HP +200.

card TST-009 Recycle Chip
  kind: Option
  timing: SUPPORT
  text: Recycle 2.

card TST-030 Jam Chip
  kind: Option
  timing: SUPPORT
  text: Own Triangle gets Jamming.

card TST-031 Switchmon
  kind: Digimon
  level: R
  type: Dragon
  dp: 0
  +p: 10
  hp: 600
  circle: Switch Fang 200
  triangle: Switch Tail 150
  cross: Switch Net 100
  timing: SUPPORT
  text: Opponent uses Cross.
`;

const db = scenarioDb(TEST_CARDS);

const sorted = (xs: string[]) => [...xs].sort();

describe("FAQ \"Conditionals\" — EX-035 Palmon: If both attacks are same, Boost own Power +400. If not, recycle 3 and shuffle", () => {
  it("same attacks: Power +400, no recycle", () => {
    const s = new DbeScenario(db, "Palmon, same attacks").turn(2, 0)
      .active(0, "EX-035", { attack: "circle" }).active(1, "DS1-016", { attack: "circle" })
      .put(0, "trash", "DS1-001", "DS1-002", "DS1-003").support(0, "EX-035");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.player(0).power.circle).toBe(290 + 400);
    expect(r.zone(0, "trash")).toHaveLength(3);
  });
  it("different attacks: the If misfires, so If not recycles 3 (and nothing is boosted)", () => {
    const s = new DbeScenario(db, "Palmon, different attacks").turn(2, 0)
      .active(0, "EX-035", { attack: "circle" }).active(1, "DS1-016", { attack: "cross" })
      .put(0, "trash", "DS1-001", "DS1-002", "DS1-003").support(0, "EX-035");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.player(0).power.circle).toBe(290);
    expect(r.zone(0, "trash")).toHaveLength(0);
    expect(r.zone(0, "deck")).toHaveLength(3);
    expect(r.events("misfire")).toHaveLength(1);
  });
});

describe("FAQ \"Interrupting effects/triggers\" — Ebemon", () => {
  it("Example 1 (effect interrupt): Ogremon's sentences are interrupted by Ebemon after the discard and after the doubling", () => {
    const s = new DbeScenario(db, "Ebemon effect interrupt").turn(2, 0)
      .active(0, "DBE-R06", { attack: "circle" }).active(1, "DBE-R13", { attack: "circle" })
      .put(0, "hand", "DS1-001", "DS1-002").put(0, "deck", "DS1-003", "DS1-004", "DS1-009")
      .put(1, "deck", "DS1-016", "DS1-017").support(0, "DBE-R06");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    const order = r.g.log.filter((e) => ["discard", "trigger", "setPower", "boost", "draw"].includes(e.kind)).map((e) => `${e.kind}:P${e.player! + 1}`);
    expect(order).toEqual(["discard:P1", "trigger:P2", "draw:P2", "setPower:P1", "trigger:P2", "boost:P2", "draw:P1"]);
    expect(r.zone(1, "hand")).toHaveLength(1);
    expect(r.player(1).power.circle).toBe(780 + 200);
  });
  it("Example 2 (cost interrupt): Missile Pod's cost discards, Ebemon waits until the doubling sentence is done, then both triggers resolve before the next sentence", () => {
    const s = new DbeScenario(db, "Ebemon cost interrupt").turn(2, 0)
      .active(0, "DS1-016", { attack: "circle" }).active(1, "DBE-R13", { attack: "circle" })
      .put(0, "hand", "DS1-001").put(1, "deck", "DS1-016", "DS1-017").support(0, "DBE-R19")
      .script(0, ["Yes"])
      .script(1, [0, 1]);
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    const order = r.g.log.filter((e) => ["discard", "trigger", "setPower", "boost", "draw", "gainAbility", "misfire"].includes(e.kind)).map((e) => `${e.kind}:P${e.player! + 1}`);
    // Both conditions were met while waiting: P2 orders its two simultaneous triggers
    // (scripted: draw first), then Missile Pod's condition sentence resolves.
    expect(order.slice(0, 6)).toEqual(["discard:P1", "setPower:P1", "trigger:P2", "draw:P2", "trigger:P2", "boost:P2"]);
    expect(order.length).toBe(7);
    expect(r.player(0).power.circle).toBe(260 * 2);
  });
});

describe("FAQ \"Costs vs Effects\"", () => {
  it("BR-171 Mega Disk \"Must Trash 6\" with a 4-card deck: trashes 4 (they stay: hidden cards were revealed) and misfires", () => {
    const s = new DbeScenario(db, "Mega Disk short deck").turn(2, 0)
      .active(0, "DS1-016", { attack: "circle", hp: 300 }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "deck", "DS1-001", "DS1-002", "DS1-003", "DS1-004").support(0, "BR-171");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(0, "deck")).toHaveLength(0);
    expect(r.zone(0, "trash")).toHaveLength(4);
    expect(r.player(0).hp).toBe(300);
    expect(r.events("misfire")).toHaveLength(1);
  });
  it("a cost that cannot be completed and reveals nothing rolls back and leaves no trace (DBE-R12 Devidramon, Discard 1 with an empty hand)", () => {
    const s = new DbeScenario(db, "Devidramon empty hand").turn(2, 0)
      .active(0, "DBE-R12", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .support(0, "DBE-R12").script(0, ["Yes"]);
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.player(0).power.circle).toBe(540);
    expect(r.g.log.map((e) => e.kind)).toEqual(["misfire"]);
  });
});

describe("FAQ \"Conditionals\" — DB-013 Biyomon: If own Level is R and type is Wind, evolve to a valid C from deck. If not, draw 2.", () => {
  const biyomon = (name: string, active: string, deck: string[]) => {
    const s = new DbeScenario(db, name).turn(2, 0).active(0, active, { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "deck", ...deck).support(0, "DB-013");
    return s.steps(sup(0, s.top(0, "support"))).run();
  };
  it("If not, case 1: a Wind active that is not Level R (Airdramon, C) draws 2", () => {
    const r = biyomon("Biyomon Wind C", "DBE-R09", ["DS1-040", "DS1-041", "DS1-042"]);
    expect(r.zone(0, "hand")).toEqual(["DS1-042", "DS1-041"]);
    expect(r.zone(0, "active")).toEqual(["DBE-R09"]);
    expect(r.events("misfire")).toHaveLength(1);
  });
  it("If not, case 2: a Level R active that is not Wind (Agumon, Dragon) draws 2", () => {
    const r = biyomon("Biyomon R Dragon", "DS1-001", ["DS1-040", "DS1-041", "DS1-042"]);
    expect(r.zone(0, "hand")).toEqual(["DS1-042", "DS1-041"]);
  });
  it("If not, case 3: neither Wind nor Level R (Growlmon, Dragon C) draws 2", () => {
    const r = biyomon("Biyomon neither", "DS1-009", ["DS1-040", "DS1-041", "DS1-042"]);
    expect(r.zone(0, "hand")).toEqual(["DS1-042", "DS1-041"]);
  });
  it("\"If your deck had 1 card, you would draw 1 and stop\"", () => {
    const r = biyomon("Biyomon 1-card deck", "DS1-001", ["DS1-040"]);
    expect(r.zone(0, "hand")).toEqual(["DS1-040"]);
    expect(r.zone(0, "deck")).toEqual([]);
  });
});

describe("FAQ \"Cherrypicking Rules\" and \"How do you check for top X cards/Digimon in deck?\"", () => {
  const deck = ["DS1-001", "DS1-002", "DS1-003", "DBE-R10", "DS1-005", "DS1-009", "DS1-010", "DS1-011"];
  const rest = deck.filter((k) => k !== "DBE-R10");

  it("DBE-R04 Kokuwamon \"Take 1 \"kok-\" card from deck.\": the taken card is revealed (logged) and the deck is shuffled", () => {
    for (const seed of [1, 2, 3]) {
      const s = new DbeScenario(db, `Kokuwamon take, seed ${seed}`, seed).turn(2, 0)
        .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
        .put(0, "deck", ...deck).support(0, "DBE-R04");
      const r = s.steps(sup(0, s.top(0, "support"))).run();
      expect(r.zone(0, "hand")).toEqual(["DBE-R10"]);
      const take = r.events("take");
      expect(take.map((e) => [e.player, (e.data.cards as number[]).map((id) => r.g.card(id).def)])).toEqual([[0, ["DBE-R10"]]]);
      expect(take[0]!.text).toMatch(/revealed/);
      expect(sorted(r.zone(0, "deck"))).toEqual(sorted(rest));
      // "You always shuffle the deck if it was the hidden zone picked from."
      expect(r.zone(0, "deck")).not.toEqual(rest);
    }
  });

  it("DBE-R04 Kokuwamon: with two \"kok-\" cards in the deck the player chooses which to take", () => {
    const s = new DbeScenario(db, "Kokuwamon choice").turn(2, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "deck", "DS1-001", "DBE-R04", "DS1-002", "DBE-R10", "DS1-003").support(0, "DBE-R04")
      .script(0, ["DBE-R04 Kokuwamon"]);
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(0, "hand")).toEqual(["DBE-R04"]);
    expect(sorted(r.zone(0, "deck"))).toEqual(["DBE-R10", "DS1-001", "DS1-002", "DS1-003"]);
  });

  it("Example 1: \"Put the top 1 Digimon of own deck into DP\" skips the non-Digimon on top, then the deck is shuffled", () => {
    const d = ["DS1-005", "DS1-009", "DS1-010", "DS1-011", "DS1-001", "DBE-R20", "DS1-032"];
    const s = new DbeScenario(db, "Hagurumon").turn(2, 0)
      .active(0, "DS1-004", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "deck", ...d).support(0, "DS1-004");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    // From the top: Dragon Claw (Option), Attack Chip (Option, +10 P but not a Digimon), Agumon.
    expect(r.zone(0, "dp")).toEqual(["DS1-001"]);
    const left = d.filter((k) => k !== "DS1-001");
    expect(sorted(r.zone(0, "deck"))).toEqual(sorted(left));
    expect(r.zone(0, "deck")).not.toEqual(left);
  });

  it("Example 2: \"Put 1 Digimon from the top 5 of own deck into DP\" allows any Digimon of the 5 and does not shuffle", () => {
    const s = new DbeScenario(db, "Floramon").turn(2, 0)
      .active(0, "DS1-017", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "deck", "DS1-010", "DS1-011", "DS1-001", "DBE-R20", "DS1-002", "DS1-032", "DS1-040").support(0, "DS1-017")
      // The top 5: Leaf Bandage, Dragon Claw, Guilmon, Attack Chip, Agumon — two Digimon.
      .script(0, ["DS1-001 Agumon"]);
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(0, "dp")).toEqual(["DS1-001"]);
    expect(r.zone(0, "deck")).toEqual(["DS1-010", "DS1-011", "DBE-R20", "DS1-002", "DS1-032", "DS1-040"]);
  });

  it("Example 2: \"fails if there is no Digimon\" among the top 5 (the 6th card is not looked at)", () => {
    const d = ["DS1-001", "DS1-032", "DS1-040", "DBE-R20", "DS1-033", "DS1-034"];
    const s = new DbeScenario(db, "Floramon fails").turn(2, 0)
      .active(0, "DS1-017", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "deck", ...d).support(0, "DS1-017");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(0, "dp")).toEqual([]);
    expect(r.zone(0, "deck")).toEqual(d);
  });

  it("\"Recycle (not shuffle)\" + Glossary \"Recycle X\": the top 2 of the trash go one at a time onto the deck, which is not shuffled", () => {
    const s = new DbeScenario(db, "Recycle 2").turn(2, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "trash", "DS1-001", "DS1-002", "DS1-003").put(0, "deck", "DS1-040", "DS1-041").support(0, "TST-009");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(0, "deck")).toEqual(["DS1-040", "DS1-041", "DS1-003", "DS1-002"]);
    expect(r.zone(0, "trash")).toEqual(["DS1-001"]);
  });

  it("\"Always shuffle with the Cross ability Recycle X\": Kokuwamon's Cross (Recycle 2) recycles 2 and shuffles", () => {
    const d = ["DS1-040", "DS1-041", "DS1-042", "DS1-044", "DS1-045", "DS1-046"];
    const r = new DbeScenario(db, "Cross Recycle").turn(2, 0)
      .active(0, "DBE-R04", { attack: "cross" }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "trash", "DS1-001", "DS1-002", "DS1-003").put(0, "deck", ...d)
      .steps({ t: "dbe.battle" }).run();
    expect(r.zone(0, "trash")).toEqual(["DS1-001"]);
    expect(sorted(r.zone(0, "deck"))).toEqual(sorted([...d, "DS1-002", "DS1-003"]));
    expect(r.zone(0, "deck")).not.toEqual([...d, "DS1-003", "DS1-002"]);
  });

  it("\"Corrupt and Recode\" / Glossary \"Recode X\": Recode does not shuffle; the top 3 go on the top or the bottom in the order chosen (DS1-019 Gomamon \"Recode 3. Draw 1.\")", () => {
    // Deck bottom → top: 040 041 042 044 045. The top 3 are 045, 044, 042; the player keeps
    // 042 then 045 on top (042 topmost) and sends 044 to the bottom; Draw 1 then takes 042.
    const s = new DbeScenario(db, "Recode").turn(2, 0)
      .active(0, "DS1-019", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .put(0, "deck", "DS1-040", "DS1-041", "DS1-042", "DS1-044", "DS1-045").support(0, "DS1-019")
      .script(0, ["DS1-042 Vine Bind", "DS1-045 Nature Mastery"]);
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(0, "hand")).toEqual(["DS1-042"]);
    expect(r.zone(0, "deck")).toEqual(["DS1-044", "DS1-040", "DS1-041", "DS1-045"]);
  });
});

describe("FAQ \"Counter specifics\"", () => {
  const counterVsDrain = (name: string, hp: number) =>
    new DbeScenario(db, name).turn(2, 1)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "TST-001", { attack: "cross", hp })
      .support(0, "DBE-R18").support(1, "DBE-R20")
      .steps({ t: "dbe.support.resolve" }, { t: "dbe.battle" }).run();

  it("Example 2: P1 counters (Gold Banana) P2's 290 Cross with Drain boosted by Attack Chip: 590 damage to P2, P1 recovers 590, P2 does not attack", () => {
    const r = counterVsDrain("Counter 590", 1000);
    // Attack Chip: 290 + 300 = 590. Only one attack is performed: P1's with P2's Cross.
    expect(r.events("battle.damage").map((e) => [e.data.from, e.data.to, e.data.amount, e.data.via])).toEqual([[0, 1, 590, "counter"]]);
    expect(r.player(1).hp).toBe(1000 - 590);
    expect(r.player(0).hp).toBe(700 + 590);
  });

  it("Example 2: \"less if the opponent went to 0 and was KO'd first\" (P2 at 400 HP: P1 recovers 400, scores the KO)", () => {
    const r = counterVsDrain("Counter 590 KO", 400);
    expect(r.player(0).hp).toBe(700 + 400);
    expect(r.zone(1, "active")).toEqual([]);
    expect(r.zone(1, "trash")).toEqual(["TST-001"]);
    expect(r.player(0).ko).toBe(1);
  });

  it("Example 3: Gold Banana resolves first and sets Counter — the countering player may now use Jamming to void the Jamming-user's Digimon support, and Jamming cannot void that Counter", () => {
    const s = new DbeScenario(db, "Gold Banana vs Jamming").turn(2, 0)
      .active(0, "DS1-001", { attack: "cross" }).active(1, "TST-002", { attack: "cross" })
      .support(0, "DBE-R18").support(1, "DS1-016")
      .script(0, ["Reveal Jamming"])
      .steps({ t: "dbe.support.resolve" }, { t: "dbe.battle" });
    const r = s.run();
    // P2's Lalamon support ("Recover own HP +200") is voided by P1's Jamming.
    expect(r.events("revealJamming").map((e) => e.player)).toEqual([0]);
    expect(r.events("void").map((e) => e.player)).toEqual([1]);
    // Battle: P2's Jamming is taken by the Counter (Battle Phase 3.1 does not void it); P1
    // counters P2's Cross 290: P2 700 → 410; P2 does not attack, P1 stays at 700.
    expect(r.events("battle.jammingSuppressed").map((e) => e.player)).toEqual([1]);
    expect([r.player(0).hp, r.player(1).hp]).toEqual([700, 410]);
  });
});

describe("FAQ \"Which attack abilities can Jamming void?\" — the attack-change paradox and revealing the attack that got Jamming", () => {
  it("bullet 6: an opponent's Digimon support changes P1's attack to its Cross with Jamming — too late to reveal it against that support (\"you can't undo your attack change\"): no reveal is offered and the support stands", () => {
    // P2 (turn player) resolves first: Switchmon ("Opponent uses Cross") is a Digimon support;
    // before it resolves P1's chosen Circle has no Jamming, and after it there is nothing left
    // to void. The scenario is strict: a Jamming decision would fail it.
    const r = new DbeScenario(db, "attack-change paradox").turn(2, 1)
      .active(0, "EX-035", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" })
      .support(1, "TST-031")
      .steps({ t: "dbe.support.resolve" }).run();
    expect(r.player(0).attack).toBe("cross");
    expect(r.events("revealJamming", "void")).toEqual([]);
  });

  it("bullet 7: Jamming given to Triangle cannot be revealed by a player who chose Circle; with Triangle chosen it can, and voids the Digimon support", () => {
    const game = (attack: "circle" | "triangle") =>
      new DbeScenario(db, `Jam Chip, ${attack}`).turn(2, 0)
        .active(0, "DS1-001", { attack }).active(1, "DS1-001", { attack: "circle" })
        .support(0, "TST-030").support(1, "TST-002");
    const circle = game("circle").steps({ t: "dbe.support.resolve" }).run();
    expect(circle.events("revealJamming", "void")).toEqual([]);
    const triangle = game("triangle").script(0, ["Reveal Jamming"]).steps({ t: "dbe.support.resolve" }).run();
    expect(triangle.events("revealJamming").map((e) => e.player)).toEqual([0]);
    expect(triangle.events("void").map((e) => e.player)).toEqual([1]);
  });
});
