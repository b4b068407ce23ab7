/**
 * DBE Battle Phase damage resolution (runtime/rulesets/dbe/battle.ts).
 *
 * One test per rule or worked example of `000_012504f4614e5b24.txt` that concerns battle;
 * each name cites its section. Expected values are computed by hand from the rules text.
 * Player 0 is the turn player unless a test says otherwise.
 */
import { describe, expect, it } from "vitest";
import type { AttackAbility, CardFilter } from "../../runtime/ir.ts";
import type { AttackSlot } from "../../runtime/vocabulary.ts";
import {
  koValue,
  resolveBattle,
  type BattleEvent,
  type BattleInput,
  type BattleOutcome,
  type Fighter,
  type GainedAbility,
} from "../../runtime/rulesets/dbe/battle.ts";

type Slots<T> = Record<AttackSlot, T>;
type FighterSpec = Partial<Omit<Fighter, "power" | "printedPower" | "printedAbilities">> & {
  power?: Partial<Slots<number>>;
  printedPower?: Partial<Slots<number>>;
  printedAbilities?: Partial<Slots<AttackAbility | null>>;
};

/** A Level C Dragon with 1000 HP and Power 300 / 200 / 100, using Circle; printed = current. */
function fighter(player: 0 | 1, spec: FighterSpec = {}): Fighter {
  const power: Slots<number> = { circle: 300, triangle: 200, cross: 100, ...spec.power };
  const { power: _p, printedPower, printedAbilities, ...rest } = spec;
  return {
    player,
    attack: "circle",
    power,
    printedPower: { ...power, ...printedPower },
    printedAbilities: { circle: null, triangle: null, cross: null, ...printedAbilities },
    gained: [],
    firstAttack: [],
    secondAttack: [],
    cannotGainFirstAttack: false,
    hp: 1000,
    types: ["Dragon"],
    level: "C",
    name: "Greymon",
    flats: 0,
    revival: null,
    revived: false,
    ...rest,
  };
}

function battle(a: FighterSpec, b: FighterSpec, extra: Partial<Omit<BattleInput, "fighters">> = {}): BattleOutcome {
  return resolveBattle({ turnPlayer: 0, fighters: [fighter(0, a), fighter(1, b)], ...extra });
}

function gain(ability: AttackAbility, seq: number, attack: AttackSlot | null = null, voidable = true): GainedAbility {
  return { ability, attack, seq, voidable };
}

const order = (o: BattleOutcome) => o.events.find((e): e is Extract<BattleEvent, { kind: "order" }> => e.kind === "order")!;
const ofKind = <K extends BattleEvent["kind"]>(o: BattleOutcome, k: K) =>
  o.events.filter((e): e is Extract<BattleEvent, { kind: K }> => e.kind === k);

const levelC: CardFilter = { kinds: [], levels: ["C"], types: [], name: null, partner: null, valid: false };

describe("Battle Phase order of attacks (steps 2.1, 3.3)", () => {
  it("Battle Phase 2.1, 4, 5: the turn player attacks first by default, then the second attacker strikes back", () => {
    const o = battle({}, {});
    expect(o.firstAttacker).toBe(0);
    // Only the turn player's default stack: the default decides (2.1), not a gained 1st Attack.
    expect(order(o)).toMatchObject({ first: 0, second: 1, reason: "turnPlayer", stacks: [1, 0] });
    // 1000 − 300 each way.
    expect(o.hp).toEqual([700, 700]);
    const dmg = ofKind(o, "damage");
    expect(dmg.map((d) => [d.step, d.from, d.to, d.amount])).toEqual([
      [4, 0, 1, 300],
      [5, 1, 0, 300],
    ]);
  });

  it("Battle Phase 3.3.1: the opponent gains a point of 1st Attack → tie, the most recent gain attacks first", () => {
    const o = battle({}, { firstAttack: [1] });
    expect(order(o)).toMatchObject({ first: 1, reason: "mostRecent", stacks: [1, 1] });
  });

  it("Battle Phase 3.3.1: the turn player then gains another → more instances, attacks first again", () => {
    const o = battle({ firstAttack: [2] }, { firstAttack: [1] });
    expect(order(o)).toMatchObject({ first: 0, reason: "stacks", stacks: [2, 1] });
  });

  it("Battle Phase 3.3.1: the turn player's default point counts as a stack", () => {
    // Both gain one point from effects: 2 vs 1.
    const o = battle({ firstAttack: [1] }, { firstAttack: [2] });
    expect(order(o)).toMatchObject({ first: 0, reason: "stacks", stacks: [2, 1] });
  });

  it("Battle Phase 3.3 + 3.2: a 1st Attack ability gained at step 3 is more recent than support gains; priority orders step-3 gains", () => {
    // Each has 1st Attack on the used attack; player 1 also gained one from an effect: 2 vs 2.
    const a = { printedAbilities: { circle: { kind: "firstAttack" } as AttackAbility } };
    const b = { firstAttack: [5], printedAbilities: { circle: { kind: "firstAttack" } as AttackAbility } };
    // Turn player resolves first (3.2 default) → player 1's ability gain is the most recent.
    expect(order(battle(a, b))).toMatchObject({ first: 1, reason: "mostRecent", stacks: [2, 2] });
    // Turn player passes priority and resolves second → its gain is the most recent.
    expect(order(battle(a, b, { abilityPriority: 1 }))).toMatchObject({ first: 0, reason: "mostRecent" });
  });

  it("Battle Phase 3.3.2: 2nd Attack removes a stack of 1st Attack (turn player with 2nd Attack attacks second)", () => {
    const o = battle({ secondAttack: [1] }, {});
    expect(order(o)).toMatchObject({ first: 1, reason: "fewerSecondAttack", stacks: [0, 0] });
    // The engine's bare count form gives the same result.
    expect(order(battle({ secondAttack: 1 }, {}))).toMatchObject({ first: 1, stacks: [0, 0] });
  });

  it("Battle Phase 3.3.2: 2nd Attack cancels a gained stack; the tie then goes to the opponent's more recent gain", () => {
    // Opponent gains at seq 1, turn player gains at 2 and gets 2nd Attack at 3: 1 vs 1, and
    // the turn player's remaining stack is the default one, older than seq 1.
    const o = battle({ firstAttack: [2], secondAttack: [3] }, { firstAttack: [1] });
    expect(order(o)).toMatchObject({ first: 1, reason: "mostRecent", stacks: [1, 1] });
  });

  it("Battle Phase 3.3.3: a player who cannot gain 1st Attack has every instance stripped and attacks second", () => {
    const o = battle({ firstAttack: [1, 2], cannotGainFirstAttack: true }, {});
    expect(order(o)).toMatchObject({ first: 1, reason: "cannotGain", stacks: [0, 0] });
    expect(ofKind(o, "firstAttack")).toContainEqual({ kind: "firstAttack", step: 3, player: 0, change: "strip", cause: "cannotGainFirstAttack" });
  });
});

describe("Counter (Battle Phase 3.3.4, 5.1; Attack Abilities \"Counter\"; FAQ \"Counter specifics\")", () => {
  it("Battle Phase 3.3.4: Counter always attacks second, whatever its 1st Attack; the countered attack is used against its owner", () => {
    // Player 1 (not turn player, 3 extra stacks) has Counter Circle on Cross; player 0 used Circle 400.
    const o = battle(
      { power: { circle: 400 } },
      { attack: "cross", firstAttack: [1, 2, 3], power: { cross: 250 }, printedAbilities: { cross: { kind: "counter", attack: "circle" } } },
    );
    expect(order(o)).toMatchObject({ first: 0, second: 1, reason: "counter" });
    expect(o.power[1].cross).toBe(0);
    // Only one attack: player 1 deals player 0's 400 to player 0; player 1 takes nothing.
    expect(o.hp).toEqual([600, 1000]);
    expect(ofKind(o, "noAttack")).toEqual([{ kind: "noAttack", step: 4, player: 0, reason: "countered" }]);
    expect(ofKind(o, "damage")).toEqual([
      { kind: "damage", step: 5, from: 1, to: 0, owner: 0, attack: "circle", via: "counter", amount: 400, hpBefore: 1000, hpAfter: 600 },
    ]);
  });

  it("Battle Phase 5.1: Counter misfires when the opponent did not use the countered attack (Power 0, attacks second)", () => {
    const o = battle(
      { attack: "triangle" },
      { attack: "cross", printedAbilities: { cross: { kind: "counter", attack: "circle" } } },
    );
    // Player 0's Triangle 200 hits first; player 1 strikes back with Power 0.
    expect(o.hp).toEqual([1000, 800]);
    expect(ofKind(o, "counter")).toEqual([{ kind: "counter", step: 5, player: 1, target: 0, attack: "cross", result: "misfire" }]);
  });

  it("Battle Phase 3.3.4: both players have Counter (both Cross Counter) → both attacks fail, no damage", () => {
    const counter: AttackAbility = { kind: "counter", attack: "cross" };
    const o = battle(
      { attack: "cross", power: { cross: 400 }, printedAbilities: { cross: counter } },
      { attack: "cross", power: { cross: 400 }, printedAbilities: { cross: counter } },
    );
    expect(o.hp).toEqual([1000, 1000]);
    expect(ofKind(o, "damage")).toEqual([]);
    expect(order(o).reason).toBe("bothCounter");
    expect(o.power[0].cross).toBe(0);
    expect(o.power[1].cross).toBe(0);
  });

  it("FAQ \"Counter specifics\" example 2: Attack Chip (+300) Cross 290 with Drain countered → 590 damage to its owner, the counterer recovers 590", () => {
    // "Player 1" = index 0 (counters Cross), "Player 2" = index 1 (Cross 290 + 300 = 590, Drain).
    const o = battle(
      { hp: 500, printedAbilities: { circle: { kind: "counter", attack: "cross" } } },
      { attack: "cross", power: { cross: 590 }, printedPower: { cross: 290 }, printedAbilities: { cross: { kind: "drain" } } },
      { turnPlayer: 1 },
    );
    expect(o.hp).toEqual([500 + 590, 1000 - 590]);
    expect(ofKind(o, "drain")).toEqual([{ kind: "drain", step: 5, player: 0, amount: 590, hpBefore: 500, hpAfter: 1090 }]);
    expect(ofKind(o, "damage")).toHaveLength(1);
  });

  it("FAQ \"Counter specifics\" example 2: \"less if the opponent went to 0 and was KO'd first\"", () => {
    const o = battle(
      { hp: 500, printedAbilities: { circle: { kind: "counter", attack: "cross" } } },
      { hp: 400, attack: "cross", power: { cross: 590 }, printedAbilities: { cross: { kind: "drain" } } },
      { turnPlayer: 1 },
    );
    // 590 damage, but only 400 HP to take: recover 400.
    expect(o.hp).toEqual([900, 0]);
    expect(o.koed).toEqual([false, true]);
    expect(o.koPoints).toEqual([1, 0]);
  });

  it("FAQ \"Counter specifics\" example 1: a countered Static 2 is performed by the countering player, on the opponent's trash", () => {
    const o = battle(
      { printedAbilities: { circle: { kind: "counter", attack: "cross" } } },
      { attack: "cross", gained: [gain({ kind: "static", count: 2 }, 1, "cross")] },
    );
    expect(o.requests).toEqual([{ kind: "static", step: 3, by: 0, target: 1, count: 2 }]);
  });

  it("FAQ \"Counter specifics\": a countered x3 VS keeps its tripled Power as-is (no re-check of types)", () => {
    // Player 1 (Nature) triples its Cross 200 against Dragon player 0; player 0 counters Cross.
    const o = battle(
      { types: ["Dragon"], printedAbilities: { circle: { kind: "counter", attack: "cross" } } },
      { types: ["Nature"], attack: "cross", power: { cross: 200 }, printedAbilities: { cross: { kind: "x3vs", types: ["Dragon"] } } },
    );
    expect(o.hp).toEqual([1000, 400]);
  });

  it("FAQ \"Permanents in Evolution Boxes\": attacks that cannot be countered make the Counter misfire", () => {
    const o = battle(
      { cannotBeCountered: true },
      { attack: "cross", printedAbilities: { cross: { kind: "counter", attack: "circle" } } },
    );
    expect(o.hp).toEqual([1000, 700]);
    expect(ofKind(o, "counter")[0]!.result).toBe("misfire");
  });

  it("Attack Abilities \"Counter\" (reading): a countered Crash is used from the countering player's perspective", () => {
    const o = battle(
      { hp: 700, attack: "cross", printedAbilities: { cross: { kind: "crash" } } },
      { hp: 600, printedAbilities: { circle: { kind: "counter", attack: "cross" } } },
    );
    // Player 1 deals its own current HP (600) and its HP goes to 10.
    expect(o.hp).toEqual([100, 10]);
  });
});

describe("Jamming (Battle Phase 3.1; FAQ \"Which attack abilities can Jamming void?\")", () => {
  it("FAQ Jamming: Jamming voids Cross Counter before Counter is set (Jamming wins)", () => {
    const o = battle(
      { attack: "cross", power: { cross: 300 }, printedAbilities: { cross: { kind: "jamming" } } },
      { attack: "cross", power: { cross: 250 }, printedAbilities: { cross: { kind: "counter", attack: "cross" } } },
    );
    expect(ofKind(o, "abilityVoided")).toEqual([
      { kind: "abilityVoided", step: 3, player: 1, by: 0, ability: { kind: "counter", attack: "cross" }, source: "printed" },
    ]);
    // No Counter: Power stays 250, normal order (turn player first).
    expect(o.power[1].cross).toBe(250);
    expect(o.firstAttacker).toBe(0);
    expect(o.hp).toEqual([750, 700]);
  });

  it("Battle Phase 3.1: Jamming can never void Jamming (other Cross abilities are voided)", () => {
    const o = battle(
      { attack: "cross", power: { cross: 300 }, printedAbilities: { cross: { kind: "jamming" } } },
      { attack: "cross", power: { cross: 200 }, printedAbilities: { cross: { kind: "jamming" } }, gained: [gain({ kind: "drain" }, 1, "cross")] },
    );
    expect(ofKind(o, "abilityVoided").map((e) => [e.player, e.ability.kind])).toEqual([[1, "drain"]]);
    // Player 1's Drain is gone: 1000 − 300 = 700, no recovery.
    expect(o.hp).toEqual([800, 700]);
  });

  it("Attack Abilities \"Jamming\": a non-Cross ability (rare Triangle Drain) is not voided", () => {
    const o = battle(
      { attack: "cross", power: { cross: 300 }, printedAbilities: { cross: { kind: "jamming" } } },
      { attack: "triangle", power: { triangle: 200 }, printedAbilities: { triangle: { kind: "drain" } } },
    );
    expect(ofKind(o, "abilityVoided")).toEqual([]);
    // 1000 − 300 = 700, then Drain 200 → 900.
    expect(o.hp).toEqual([800, 900]);
  });

  it("FAQ Jamming: a gained ability is voided on Cross, not on another attack; permanent grants are never voided", () => {
    const jam = { attack: "cross" as const, power: { cross: 300 }, printedAbilities: { cross: { kind: "jamming" } as AttackAbility } };
    const drainAll = [gain({ kind: "drain" }, 1, null)];
    // Used Circle: the Drain is on a non-Cross attack → kept (1000 − 300 + 300).
    expect(battle(jam, { gained: drainAll }).hp[1]).toBe(1000);
    // Used Cross: the Drain is a Cross ability → voided.
    expect(battle(jam, { attack: "cross", gained: drainAll }).hp[1]).toBe(700);
    // Permanent (unvoidable) grant on Cross → kept: 700 + 100 drained.
    expect(battle(jam, { attack: "cross", gained: [gain({ kind: "drain" }, 1, "cross", false)] }).hp[1]).toBe(800);
  });

  it("FAQ \"Counter specifics\" example 3: Gold Banana's Counter cannot be jammed and takes the Jamming-user's Jamming", () => {
    // Player 0: Gold Banana (Option) set Counter Cross, unvoidable; its Cross has Draw 1.
    // Player 1 used Cross 400 with Jamming.
    const o = battle(
      { attack: "cross", printedAbilities: { cross: { kind: "draw", count: 1 } }, gained: [gain({ kind: "counter", attack: "cross" }, 1, null, false)] },
      { attack: "cross", power: { cross: 400 }, printedAbilities: { cross: { kind: "jamming" } } },
    );
    expect(ofKind(o, "jammingSuppressed")).toEqual([{ kind: "jammingSuppressed", step: 3, player: 1, by: 0 }]);
    expect(ofKind(o, "abilityVoided")).toEqual([]);
    expect(o.requests).toEqual([{ kind: "draw", step: 3, by: 0, target: 0, count: 1 }]);
    expect(o.hp).toEqual([1000, 600]);
  });
});

describe("Power abilities (Battle Phase 3; Attack Abilities)", () => {
  it("Attack Abilities \"Killer\": if the opponent used the attack, Boost own Power +300 and get 1st Attack", () => {
    // Player 1 (not turn player): Killer Circle on Triangle 200. 1 vs 1 stacks, Killer is newer.
    const o = battle({}, { attack: "triangle", printedAbilities: { triangle: { kind: "killer", attack: "circle" } } });
    expect(o.power[1].triangle).toBe(500);
    expect(order(o)).toMatchObject({ first: 1, reason: "mostRecent", stacks: [1, 1] });
    expect(o.hp).toEqual([500, 700]);
  });

  it("Attack Abilities \"Killer\": no effect if the opponent used another attack", () => {
    const o = battle({ attack: "cross" }, { attack: "triangle", printedAbilities: { triangle: { kind: "killer", attack: "circle" } } });
    expect(o.power[1].triangle).toBe(200);
    expect(o.firstAttacker).toBe(0);
  });

  it("Attack Abilities \"[Type] x3 VS\": Power tripled if the opponent has a matching type (subtypes count)", () => {
    const x3 = { power: { circle: 200 }, printedAbilities: { circle: { kind: "x3vs", types: ["Dragon"] } as AttackAbility } };
    expect(battle(x3, { types: ["Nature", "Dragon"] }).hp[1]).toBe(400);
    expect(battle(x3, { types: ["Marine"] }).hp[1]).toBe(800);
  });

  it("Battle Phase 3.4 / Attack Abilities \"<attack> to 0\": the opponent's attack becomes 0, after all its gains", () => {
    // Player 1's Cross 500 gets Killer Circle (+300, 1st Attack) but player 0's Cross to 0 wins.
    const o = battle(
      { printedAbilities: { circle: { kind: "toZero", attack: "cross" } } },
      { attack: "cross", power: { cross: 500 }, printedAbilities: { cross: { kind: "killer", attack: "circle" } } },
    );
    expect(o.power[1].cross).toBe(0);
    expect(o.firstAttacker).toBe(1);
    expect(o.hp).toEqual([1000, 700]);
  });

  it("Attack Abilities \"<attack> to 0\": applies even if the opponent did not use that attack", () => {
    const o = battle({ printedAbilities: { circle: { kind: "toZero", attack: "cross" } } }, { attack: "triangle", power: { cross: 500 } });
    expect(o.power[1]).toEqual({ circle: 300, triangle: 200, cross: 0 });
  });

  it("Attack Abilities \"Grudge\" 1–3: double Power, 2nd Attack, revive with the Grudge Power when KO'd; KO still scores", () => {
    // Player 1: Grudge Circle on Cross 300 → 600. Player 0's Circle 600 KOs its 500 HP first.
    const o = battle({ power: { circle: 600 } }, { hp: 500, attack: "cross", power: { cross: 300 }, printedAbilities: { cross: { kind: "grudge", attack: "circle" } } });
    expect(o.power[1].cross).toBe(600);
    expect(ofKind(o, "revivalSet")).toEqual([{ kind: "revivalSet", step: 3, player: 1, hp: 600 }]);
    expect(o.koed).toEqual([false, true]);
    // "you would not still get to attack after revival".
    expect(o.hp).toEqual([1000, 600]);
    expect(o.revivedNow).toEqual([false, true]);
    expect(o.koPoints).toEqual([1, 0]);
  });

  it("Attack Abilities \"Grudge\" 2: 2nd Attack is −1 point of 1st Attack (turn player with Grudge attacks second)", () => {
    const o = battle({ attack: "cross", printedAbilities: { cross: { kind: "grudge", attack: "circle" } } }, {});
    expect(order(o)).toMatchObject({ first: 1, stacks: [0, 0] });
  });

  it("Attack Abilities \"Grudge\" 3: do not revive if the Grudge attack's Power is 0", () => {
    const o = battle(
      { power: { circle: 600 }, printedAbilities: { circle: { kind: "toZero", attack: "cross" } } },
      { hp: 500, attack: "cross", power: { cross: 300 }, printedAbilities: { cross: { kind: "grudge", attack: "circle" } } },
    );
    expect(o.koed[1]).toBe(true);
    expect(o.revivedNow[1]).toBe(false);
    expect(o.hp[1]).toBe(0);
  });
});

describe("Damage and residual effects (Battle Phase 4, 5; Attack Abilities)", () => {
  it("Battle Phase 4 / Attack Abilities \"Crash\": damage equals current HP, then HP to 10", () => {
    const o = battle({ hp: 700, attack: "cross", printedAbilities: { cross: { kind: "crash" } } }, {});
    // 700 to player 1 (300 left), player 0 to 10, player 1's 300 KOs it.
    expect(ofKind(o, "crash")).toEqual([{ kind: "crash", step: 4, player: 0, hpBefore: 700, hpAfter: 10 }]);
    expect(o.hp).toEqual([0, 300]);
    expect(o.koPoints).toEqual([0, 1]);
  });

  it("Attack Abilities \"Crash\": less useful if hit first (Battle Phase 5.1: current HP of the 2nd attacker)", () => {
    const o = battle({}, { hp: 800, printedAbilities: { circle: { kind: "crash" } } });
    // 800 − 300 = 500, then Crash deals 500 and goes to 10.
    expect(o.hp).toEqual([500, 10]);
  });

  it("Battle Phase 4.1.1: Crash's HP to 10 applies before Drain's recovery", () => {
    const o = battle({ hp: 500, attack: "cross", printedAbilities: { cross: { kind: "crash" } }, gained: [gain({ kind: "drain" }, 1, "cross")] }, { hp: 800 });
    // 500 damage (800 → 300), HP → 10, Drain +500 → 510, then 300 back → 210.
    expect(ofKind(o, "drain")[0]).toMatchObject({ amount: 500, hpBefore: 10, hpAfter: 510 });
    expect(o.hp).toEqual([210, 300]);
  });

  it("Attack Abilities \"Drain\": recover only up to the damage that brought the opponent to 0", () => {
    const o = battle({ hp: 300, power: { circle: 500 }, printedAbilities: { circle: { kind: "drain" } } }, { hp: 200 });
    expect(o.hp).toEqual([500, 0]);
  });

  it("Battle Phase 4.2: a KO'd second attacker does not strike back", () => {
    const o = battle({ power: { circle: 500 } }, { hp: 400, power: { circle: 900 } });
    expect(o.hp).toEqual([1000, 0]);
    expect(ofKind(o, "damage")).toHaveLength(1);
    expect(ofKind(o, "noAttack")).toEqual([{ kind: "noAttack", step: 5, player: 1, reason: "koed" }]);
  });

  it("Attack Abilities \"Shatter\": on a hit, discard choice and the target's Power drops by the *printed* Shatter Power", () => {
    // Shatter Circle printed 100, boosted to 150: player 1's Power −100 before striking back.
    const o = battle({ power: { circle: 150 }, printedPower: { circle: 100 }, printedAbilities: { circle: { kind: "shatter" } } }, {});
    expect(o.power[1]).toEqual({ circle: 200, triangle: 100, cross: 0 });
    expect(o.hp).toEqual([800, 850]);
    expect(o.requests).toEqual([{ kind: "shatterDiscard", step: 4, by: 0, optional: true }]);
  });

  it("Attack Abilities \"Shatter\": no hit (0 damage) → no discard, no reduction", () => {
    const o = battle({ power: { circle: 0 }, printedPower: { circle: 100 }, printedAbilities: { circle: { kind: "shatter" } } }, {});
    expect(o.requests).toEqual([]);
    expect(o.power[1].circle).toBe(300);
  });

  it("Attack Abilities Draw X / Trash X: requests for the engine; Trash X is the opponent's deck", () => {
    const o = battle({ attack: "cross", printedAbilities: { cross: { kind: "draw", count: 2 } }, gained: [gain({ kind: "trash", count: 1 }, 1, "cross")] }, {});
    expect(o.requests).toEqual([
      { kind: "draw", step: 3, by: 0, target: 0, count: 2 },
      { kind: "trash", step: 3, by: 0, target: 1, count: 1 },
    ]);
  });
});

describe("Flatten (Glossary \"Flatten / Flat\" and its POINT)", () => {
  const flatten = { power: { circle: 100 }, printedAbilities: { circle: { kind: "flatten", condition: null } as AttackAbility } };

  it("Glossary Flatten 1 + POINT: the 3rd flat added by a hit does not KO on that same hit", () => {
    const o = battle(flatten, { flats: 2, power: { circle: 100 } });
    expect(o.flats).toEqual([0, 3]);
    expect(o.koed).toEqual([false, false]);
    expect(o.hp).toEqual([900, 900]);
  });

  it("Glossary Flatten 3: the next damaging attack made first KOs a Digimon with 3 flats", () => {
    const o = battle(flatten, { flats: 3, power: { circle: 100 } });
    expect(ofKind(o, "ko")).toEqual([{ kind: "ko", step: 4, player: 1, cause: "threeFlats" }]);
    expect(o.flats).toEqual([0, 0]);
    expect(o.koPoints).toEqual([1, 0]);
    // KO'd before striking back.
    expect(o.hp[0]).toBe(1000);
  });

  it("Glossary Flatten 3: attacking second does not KO a Digimon with 3 flats", () => {
    // Player 1 is the turn player; player 0 (no Flatten) hits second.
    const o = battle({ power: { circle: 100 } }, { flats: 3 }, { turnPlayer: 1 });
    expect(o.koed).toEqual([false, false]);
    expect(o.flats).toEqual([0, 3]);
  });

  it("Glossary Flatten 2: a 4th flat KOs immediately (even when attacking second)", () => {
    const o = battle(flatten, { flats: 3 }, { turnPlayer: 1 });
    expect(ofKind(o, "ko")).toEqual([{ kind: "ko", step: 5, player: 1, cause: "fourFlats" }]);
    expect(o.koPoints).toEqual([1, 0]);
  });

  it("Glossary Flatten 1: no flat without damage; no flat when the condition is not met", () => {
    expect(battle({ ...flatten, power: { circle: 0 } }, {}).flats[1]).toBe(0);
    const cond = { power: { circle: 100 }, printedAbilities: { circle: { kind: "flatten", condition: levelC } as AttackAbility } };
    expect(battle(cond, { level: "U" }).flats[1]).toBe(0);
    expect(battle(cond, { level: "C" }).flats[1]).toBe(1);
  });
});

describe("KO points and Revival (Battle Phase 6; Glossary \"Revive\")", () => {
  it("Battle Phase 6.5–6.6: a KO'd Level M gives 2 KO points", () => {
    const o = battle({ power: { circle: 500 } }, { hp: 400, level: "M" });
    expect(o.koPoints).toEqual([2, 0]);
  });

  it("Battle Phase 6.2 / Glossary Revive: a previously revived Digimon is worth exactly 1, even a Mega or with an override", () => {
    expect(battle({ power: { circle: 500 } }, { hp: 400, level: "M", revived: true }).koPoints).toEqual([1, 0]);
    expect(koValue({ revived: true, level: "M", koValueOverride: 3 })).toEqual({ points: 1, cause: "revived" });
    expect(koValue({ revived: false, level: "C", koValueOverride: 3 })).toEqual({ points: 3, cause: "override" });
  });

  it("Glossary Revive: Set Revival revives with its HP, removes flats, and KO points are still awarded as usual", () => {
    const o = battle({ power: { circle: 500 } }, { hp: 400, level: "M", flats: 2, revival: 200 });
    expect(o.koed).toEqual([false, true]);
    expect(o.revivedNow).toEqual([false, true]);
    expect(o.hp[1]).toBe(200);
    expect(o.flats[1]).toBe(0);
    // The "exactly 1" applies to future KOs: this Mega KO still scores 2.
    expect(o.koPoints).toEqual([2, 0]);
    expect(ofKind(o, "revival")).toEqual([{ kind: "revival", step: 6, player: 1, hp: 200, cause: "setRevival" }]);
  });

  it("resolveBattle is pure: the input is not modified and the outcome is JSON", () => {
    const input: BattleInput = { turnPlayer: 0, fighters: [fighter(0, { power: { circle: 500 } }), fighter(1, { hp: 400, flats: 3 })] };
    const copy = JSON.parse(JSON.stringify(input));
    const o = resolveBattle(input);
    expect(input).toEqual(copy);
    expect(JSON.parse(JSON.stringify(o))).toEqual(o);
  });
});
