/**
 * Rulings on what a new designer found playing duels (`digiscript duel --deck nature-wall
 * --deck dragon-rush --seed 12`): effects on the HP or Power of a player with no active
 * Digimon, a KO written three times in the log, "more instances of 1st Attack" when nobody
 * gained any, and Recover above the printed HP. Each test reads as a ruling of
 * `000_012504f4614e5b24.txt` (DBE) and cites it; the DMB rulings (`003_7a740b8ec9103d40.txt`)
 * are played under both rulesets.
 */
import { describe, expect, it } from "vitest";
import { DbeScenario } from "../../runtime/rulesets/dbe/scenario.ts";
import type { Task } from "../../runtime/core/engine.ts";
import { formatLog } from "../../compiler/cli/commands/duel.ts";
import { LogFormatter } from "../../playground/src/duel/log.ts";
import { keys, scenarioDb, sup } from "./helpers.ts";
import { dmbDb, scenario, type Rules } from "./dmb-helpers.ts";

/**
 * Test cards (set TST). Stats are invented; only their text matters.
 * - TST-401 Second Wind: an "If … If not" pair on own HP.
 * - TST-402 Speed Chip: "Get 1st Attack."
 * - TST-403 HP Cutter: lowers the opponent's HP by 500.
 */
const TEST_CARDS = `
card TST-401 Second Wind
  kind: Option
  timing: SUPPORT
  text: If own HP is less than 500, Recover own HP +200. If not, Draw 1.

card TST-402 Speed Chip
  kind: Option
  timing: SUPPORT
  text: Get 1st Attack.

card TST-403 HP Cutter
  kind: Option
  timing: SUPPORT
  text: Lower opponent's HP -500.
`;

const db = scenarioDb(TEST_CARDS);
const battle: Task = { t: "dbe.battle" };

// ─── 1. Effects on "own" HP / Power with no active Digimon ─────────────────

describe("Support Phase 5.2 (\"If an effect fails to apply … it's considered a 'misfire'\"): HP and Power are the active Digimon's (Anatomy of Cards items 9, 10); with none — after a KO, before Prep Phase 4 places a new one — an effect on them misfires", () => {
  it("Glossary \"Recover\": DS1-040 Leaf Bandage, supported blind by P1 whose Active Zone is empty, recovers nothing — \"Recover own HP +300.\" misfires and \"If own HP is less than 500, …\" is not met (there is no own HP); P1's HP stays 0", () => {
    // The designer's game (seed 12, turn 11): P1's Woodmon was KO'd on turn 10.
    const s = new DbeScenario(db, "Leaf Bandage with no active").turn(11, 1)
      .active(1, "DS1-002", { attack: "circle" }).support(0, "DS1-040");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.player(0).hp).toBe(0);
    expect(r.events("recover")).toEqual([]);
    expect(r.events("misfire").map((e) => e.text)).toEqual([
      'P1 Leaf Bandage: P1 has no active Digimon, so there is no HP to recover and "Recover own HP +300." misfires (Support Phase 5.2; Glossary "Recover")',
      'P1 Leaf Bandage: P1 has no active Digimon, so the condition is not met and "If own HP is less than 500, Recover own HP +200." misfires (FAQ "Conditionals")',
    ]);
    expect(r.events("misfire")[0]!.data.reason).toBe("noActive");
  });

  it("FAQ \"Conditionals\" (\"If not…\" only checks a prior if condition): with no active Digimon \"If own HP is less than 500\" is not met, so its \"If not, Draw 1.\" resolves", () => {
    const s = new DbeScenario(db, "If not with no active").turn(4, 1)
      .active(1, "DS1-002").put(0, "deck", "DS1-001").support(0, "TST-401");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.player(0).hp).toBe(0);
    expect(keys(s, 0, "hand")).toEqual(["DS1-001"]);
  });

  it("FAQ \"Costs vs Effects\" (costs are conditions for the effect after the colon, never \"paid\"; one met in vain may be taken back \"and the cost will misfire\"): DS1-002 Guilmon's \"Discard 1: Boost own Power +300.\" for P2 with no active Digimon misfires before its cost — P2 is not asked to discard, keeps its hand, and P1's Nature Mastery (\"When opponent discards\") does not trigger", () => {
    // The designer's "P2: Power … 0 → 300 (Guilmon: "Discard 1: …")" (seed 4, turn 4).
    const s = new DbeScenario(db, "Guilmon with no active").turn(4, 0)
      .active(0, "DS1-016", { attack: "circle" }).put(0, "destinyZone", "DS1-045")
      .put(1, "hand", "DS1-032").support(1, "DS1-002");
    const r = s.steps(sup(1, s.top(1, "support"))).run(); // no answer scripted: none is asked
    expect(keys(s, 1, "hand")).toEqual(["DS1-032"]);
    expect(r.player(1).power).toEqual({ circle: 0, triangle: 0, cross: 0 });
    expect(r.player(0).hp).toBe(650); // Lalamon's printed HP: no "When opponent discards"
    expect(r.events("discard", "boost", "trigger")).toEqual([]);
    expect(r.events("misfire").map((e) => e.text)).toEqual([
      'P2 Guilmon: P2 has no active Digimon, so "Discard 1: Boost own Power +300." cannot resolve: it misfires before its cost is met (Support Phase 5.2; FAQ "Costs vs Effects")',
    ]);
  });

  it("FAQ \"Costs vs Effects\" — the same Guilmon with an active Digimon: the cost is offered, met (Discard 1), and the Power boosted; Nature Mastery recovers P1's HP", () => {
    const s = new DbeScenario(db, "Guilmon with an active").turn(4, 0)
      .active(0, "DS1-016", { attack: "circle" }).put(0, "destinyZone", "DS1-045")
      .active(1, "DS1-001", { attack: "circle" }).put(1, "hand", "DS1-032").support(1, "DS1-002")
      .script(1, ["Yes"]);
    const r = s.steps(sup(1, s.top(1, "support"))).run();
    expect(keys(s, 1, "trash")).toEqual(["DS1-032"]);
    expect(r.player(1).power.circle).toBe(300 + 300);
    expect(r.player(0).hp).toBe(650 + 100);
  });

  it("FAQ \"'Must' in a cost\" (\"treat this as a regular effect where it is forced to attempt to fully activate\"): BR-171 Mega Disk's \"Must Trash 6: Recover own HP +1000.\" with no active Digimon still trashes 6; the Recover misfires and the HP stays 0", () => {
    const s = new DbeScenario(db, "Mega Disk with no active").turn(4, 1)
      .active(1, "DS1-002").put(0, "deck", "DS1-001", "DS1-002", "DS1-003", "DS1-004", "DS1-005", "DS1-006", "DS1-007").support(0, "BR-171");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.zone(0, "trash")).toHaveLength(6);
    expect(r.zone(0, "deck")).toEqual(["DS1-001"]);
    expect(r.player(0).hp).toBe(0);
    expect(r.events("misfire").map((e) => e.data.reason)).toEqual(["noActive"]);
  });

  it("Glossary \"Flatten / Flat\" (\"add a token … in front of their active\"): DS1-010 Coredramon's \"If opponent has 3 or more cards in DP, Flatten opponent.\" against an empty Active Zone adds no flat token, so none waits for P2's next Digimon", () => {
    const s = new DbeScenario(db, "Flatten with no active").turn(4, 0)
      .active(0, "DS1-002").put(1, "dp", "DS1-017", "DS1-018", "DS1-019").support(0, "DS1-010");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.player(1).flats).toBe(0);
    expect(r.events("flat")).toEqual([]);
    expect(r.events("misfire").map((e) => e.data.reason)).toEqual(["noActive"]);
  });

  it("Glossary \"Boost\" and the Nature Mastery trigger: P1's Vine Bind (\"Lower opponent's Power -100.\") and P2's triggered \"Recover own HP +100.\" both misfire for an empty Active Zone; nothing is stored for the next Digimon", () => {
    const s = new DbeScenario(db, "Power and a trigger with no active").turn(4, 0)
      .active(0, "DS1-002").support(0, "DS1-042");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.player(1).power).toEqual({ circle: 0, triangle: 0, cross: 0 });
    expect(r.events("boost")).toEqual([]);
    expect(r.events("misfire").some((e) => /P2 has no active Digimon, so there is no Power to boost and "Lower opponent's Power -100\." misfires/.test(e.text))).toBe(true);
  });

  it("003 says the same (Support Phase 5.2, FAQ \"Conditionals\" and Glossary \"Recover\" have 000's words): Leaf Bandage and Guilmon with no active Digimon misfire under DMB too — no flag", () => {
    const dmb = dmbDb();
    const play = (rules: Rules) => {
      const s = scenario(rules, dmb, "no active").turn(4, 1)
        .active(1, "DS1-001", { attack: "circle" }).put(0, "hand", "DS1-032").support(0, "DS1-040").support(0, "DS1-002");
      const [bandage, guilmon] = s.g.zone(0, "support");
      return s.steps(sup(0, bandage!), sup(0, guilmon!)).run();
    };
    for (const rules of ["dbe", "dmb"] as const) {
      const r = play(rules);
      expect(r.player(0).hp, rules).toBe(0);
      expect(r.zone(0, "hand"), rules).toEqual(["DS1-032"]);
      expect(r.events("misfire").map((e) => e.data.reason), rules).toEqual(["noActive", undefined, "noActive"]);
    }
  });
});

// ─── 2. One KO, one line ───────────────────────────────────────────────────

/** Log lines that report a KO ("… is KO'd …"), not "its Digimon was KO'd first". */
const koLines = (text: string): string[] => text.split("\n").filter((l) => / is KO'd/.test(l));

describe("Battle Phase 6 (\"Check for a Digimon KO\"; 6.6 \"Player that achieved the KO gains 1 KO point\"): the duel log reports a KO once, with its KO points", () => {
  it("Battle Phase 4.2 / 6 / 6.6: a Digimon KO'd at step 4 is one line under step 6 — why, who scores, the total; the structured event keeps its cause and gains the points", () => {
    const s = new DbeScenario(db, "one KO line").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle", ko: 1 }).active(1, "DS1-001", { attack: "circle", hp: 200 });
    const r = s.steps(battle).run();
    expect(r.player(0).ko).toBe(2);
    const ko = r.events("battle.ko");
    expect(ko).toHaveLength(1);
    expect(ko[0]!.text).toBe("P2 Agumon is KO'd: its HP reached 0 (Battle Phase 4.2); P1 scores 1 KO point, 2 in all (Battle Phase 6.6)");
    expect(ko[0]!.data).toMatchObject({ cause: "hp", player: 1, step: 6, at: 4, scorer: 0, points: 1, total: 2, pointsCause: "default" });
    expect(r.events("ko", "battle.koPoints")).toEqual([]);
    // The printed log (`digiscript duel`) and the playground's log view read it once, at step 6.
    const text = formatLog(r.g);
    expect(koLines(text)).toEqual(["    P2 Agumon is KO'd: its HP reached 0 (Battle Phase 4.2); P1 scores 1 KO point, 2 in all (Battle Phase 6.6)"]);
    expect(text).toMatch(/ {2}Battle Phase, step 6 \(KO\)\n {4}P2 Agumon is KO'd/);
    const rows = new LogFormatter().rows(r.g).filter((x) => x.kind === "event" && / is KO'd/.test(x.event.text));
    expect(rows).toHaveLength(1);
  });

  it("Battle Phase 6.5: a Level M KO'd in battle is one line worth 2 KO points", () => {
    const s = new DbeScenario(db, "Mega KO line").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle", ko: 1 }).active(1, "DS1-015", { attack: "circle", hp: 300 });
    const r = s.steps(battle).run();
    expect(koLines(formatLog(r.g)).map((l) => l.trim())).toEqual(["P2 WarGreymon is KO'd: its HP reached 0 (Battle Phase 4.2); P1 scores 2 KO points, 3 in all (a Level M is worth 2: Battle Phase 6.5)"]);
  });

  it("Anatomy of Cards item 9 (a KO outside the battle): the state check's KO is one line too — why and who scores", () => {
    const s = new DbeScenario(db, "one state KO line").turn(4, 0)
      .active(0, "DS1-016").active(1, "DS1-001", { hp: 300 }).support(0, "TST-403");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.player(0).ko).toBe(1);
    expect(koLines(formatLog(r.g)).map((l) => l.trim())).toEqual(["P2 Agumon is KO'd: its HP is 0 (Anatomy of Cards item 9); P1 scores 1 KO point, 1 in all (Battle Phase 6.6)"]);
    expect(r.events("stateKo")[0]!.data).toMatchObject({ cause: "hp", scorer: 0, points: 1, total: 1 });
  });
});

// ─── 3. Who attacks first, and why ─────────────────────────────────────────

describe("Battle Phase 2.1 (\"The turn-player gains '1st Attack' meaning they will attack first by default\") and 3.3 (most instances of 1st Attack)", () => {
  it("Battle Phase 2.1: with no 1st Attack gained by anyone, the turn player attacks first by default — the log says so and cites no instances", () => {
    const s = new DbeScenario(db, "default order").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" });
    const r = s.steps(battle).run();
    const order = r.events("battle.order");
    expect(order.map((e) => [e.data.first, e.data.reason])).toEqual([[0, "turnPlayer"]]);
    expect(order[0]!.text).toBe("P1 attacks first as the turn player (Battle Phase 2.1)");
  });

  it("Battle Phase 3.3: a turn player who gained 1st Attack (Speed Chip) has more instances, 2 to 0 — cited with the count", () => {
    const s = new DbeScenario(db, "gained order").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" }).support(0, "TST-402");
    const r = s.steps(sup(0, s.top(0, "support")), battle).run();
    const order = r.events("battle.order");
    expect(order.map((e) => [e.data.first, e.data.reason])).toEqual([[0, "stacks"]]);
    expect(order[0]!.text).toBe("P1 attacks first: it has more instances of 1st Attack, 2 to 0 (Battle Phase 3.3)");
  });

  it("Battle Phase 3.3.1: the opponent's gain ties the turn player's default and is the most recent — cited as a tie, 1 to 1", () => {
    const s = new DbeScenario(db, "tied order").turn(3, 0)
      .active(0, "DS1-001", { attack: "circle" }).active(1, "DS1-001", { attack: "circle" }).support(1, "TST-402");
    const r = s.steps(sup(1, s.top(1, "support")), battle).run();
    expect(r.events("battle.order").map((e) => e.text)).toEqual(["P2 attacks first: 1st Attack is tied, 1 to 1, and it gained 1st Attack most recently (Battle Phase 3.3.1)"]);
  });
});

// ─── 4. Recover has no maximum ─────────────────────────────────────────────

describe("Glossary \"Recover\" (\"increase your *current* HP semi-permanently by the indicated amount\"; 003 the same)", () => {
  it("Recover raises HP above the printed HP: DS1-018 Tentomon (printed 650) at 650 HP recovers to 950 with Leaf Bandage — no maximum (Anatomy of Cards item 9: HP is \"a permanently raising/lowering stat\")", () => {
    const s = new DbeScenario(db, "Recover above printed HP").turn(4, 1)
      .active(0, "DS1-018").active(1, "DS1-002").support(0, "DS1-040");
    const r = s.steps(sup(0, s.top(0, "support"))).run();
    expect(r.player(0).hp).toBe(950);
  });
});
