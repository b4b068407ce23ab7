/**
 * The DBE Battle Phase on the game state: builds the fighters, lets the pure damage
 * resolution of `battle.ts` decide, then applies the outcome — HP, flats, KO scoring with
 * the Partner/Mega/Revival rules, follow-up attack abilities, and the 4-KO win.
 * Source: `000_012504f4614e5b24.txt`, "Battle Phase" steps 1–7; Glossary "Revive",
 * "Attachment Slot", "Delete".
 */
import type { Game, Task } from "../../core/engine.ts";
import { other, type Json, type PlayerIndex } from "../../core/state.ts";
import { P, activeOf, def, printedPower, who } from "./model.ts";
import { battleAbilities, continueBattle, priorityConflict, stageFromJson, stageToJson, type BattleEvent, type BattleOutcome, type BattleRequest, type Fighter } from "./battle.ts";
import type { DecisionOption } from "../../core/decision.ts";
import { drawRaw, moveBottom, moveTop } from "./piles.ts";
import { continuousFor, prohibits, withContinuous, type Continuous } from "./continuous.ts";
import { enter } from "./turn.ts";
import { namesOf, typesOf } from "./matching.ts";
import { koActive, winCheck } from "./ko.ts";
import { feature } from "./features.ts";
import { raise, raiseFromRules } from "./triggers.ts";
import { abilityName, activeText, attackName, cardsText, count, koWorth, points } from "./narrate.ts";
import type { AttackSlot } from "../../vocabulary.ts";

/**
 * The battle-relevant state of player `p` (Battle Phase 2–3).
 * @param cont p's continuous effects (continuous.ts), computed once per battle
 */
function fighter(g: Game, p: PlayerIndex, cont: Continuous): Fighter {
  const s = P(g, p);
  const a = activeOf(g, p)!;
  const st = def(g, a).stats;
  const printedAbilities: Fighter["printedAbilities"] = { circle: st.circle?.ability ?? null, triangle: st.triangle?.ability ?? null, cross: st.cross?.ability ?? null };
  if (s.prohibited.includes("crossAbilityVoided") || s.prohibited.includes("attackAbilitiesVoided")) printedAbilities.cross = null;
  if (s.prohibited.includes("attackAbilitiesVoided")) {
    printedAbilities.circle = null;
    printedAbilities.triangle = null;
  }
  return {
    player: p,
    attack: s.attack ?? "circle",
    power: withContinuous(s.power, cont.power),
    printedPower: printedPower(g, a, false),
    printedAbilities,
    gained: s.gained.map((x) => ({ ability: x.ability, attack: x.attack, seq: x.seq, voidable: x.voidable !== false })),
    firstAttack: [...s.firstAttack],
    secondAttack: s.secondAttack,
    cannotGainFirstAttack: s.cannotGainFirstAttack || prohibits(g, p, "gainFirstAttack", cont),
    cannotBeCountered: prohibits(g, p, "beCountered", cont),
    hp: s.hp,
    types: [...typesOf(g, a)],
    level: st.level ?? "R",
    name: namesOf(g, a)[0]!,
    flats: s.flats,
    revival: s.revival,
    revived: s.revived,
  };
}

/** The answers of Battle Phase 3.2's priority decision. */
const priorityOptions = (): DecisionOption[] => [
  { label: "Resolve first", value: false },
  { label: "Pass priority (resolve second)", value: true },
];

/** Battle Phase task handlers. */
export const BATTLE_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /** Steps 2–6: reveal, abilities, damage, KO; step 7: the win check. */
  "dbe.battle"(g, t) {
    enter(g, "battle", "2");
    if (g.state.vars.noBattle === true) return;
    const tp = g.state.turnPlayer;
    if (activeOf(g, 0) === null || activeOf(g, 1) === null) return;
    // The cards in play do not change during the battle's resolution: the continuous part of
    // each Power is computed once, for the fighters and for storing the result.
    const conts = [continuousFor(g, 0), continuousFor(g, 1)] as const;
    const extras = [conts[0].power, conts[1].power] as const;
    const f: [Fighter, Fighter] = [fighter(g, 0, conts[0]), fighter(g, 1, conts[1])];
    if (t.answer === undefined && g.logger) {
      const said = (p: PlayerIndex) => `${activeText(g, p)} uses ${attackName(f[p].attack)} (Power ${f[p].power[f[p].attack]})`;
      g.logger.emit("reveal", null, `Both attacks are revealed: ${said(0)}; ${said(1)} (Battle Phase 2)`, { attacks: [f[0].attack, f[1].attack] });
    }
    // Step 3.2: with a timing conflict the turn player may pass priority (resolve second).
    let priority = tp;
    const counterTakesJamming = feature(g, "counterTakesJamming");
    if (priorityConflict(f, counterTakesJamming)) {
      if (t.answer === undefined) {
        g.ask(tp, "passPriority", "Timing conflict at step 3: resolve your attack abilities first, or pass priority? (Battle Phase 3.2)", priorityOptions(), 1, 1, t);
        return;
      }
      if (t.answer[0] === 1) {
        priority = other(tp);
        g.logger?.emit("passPriority", tp, `${who(g, tp)} passes priority: ${who(g, priority)} applies attack abilities first (Battle Phase 3.2)`);
      }
    }
    // 003 has no Counter that takes the Jamming (features.ts `counterTakesJamming`).
    const stage = battleAbilities({ turnPlayer: tp, fighters: f, abilityPriority: priority, ...(counterTakesJamming ? {} : { counterTakesJamming: false }) });
    // Step 3's attack abilities change Power like effects do (Killer "Boost own Power +300",
    // Grudge "double own Power", x3 VS, "to 0", Counter): "When … Power is …" sentences wait
    // for them, and resolve before step 4 (FAQ "Interrupting effects/triggers"). Without such
    // a sentence in play the battle goes on at once, as one task.
    let triggered = false;
    for (const e of stage.events) if (e.kind === "power" && e.before !== e.after && raise(g, "powerChanged", e.player, POWER_CHANGES[e.cause] ?? "any")) triggered = true;
    if (triggered) {
      enter(g, "battle", "3");
      if (g.logger) for (const e of stage.events) g.logger.emit(`battle.${e.kind}`, "player" in e ? (e.player as PlayerIndex) : null, describe(g, e), e as never);
      for (const p of [0, 1] as PlayerIndex[]) storePower(g, p, stage.power[p], extras[p]);
      g.push({ t: "dbe.triggers" }, { t: "dbe.battle.damage", stage: stageToJson(stage) as Json, logged: stage.events.length });
      return;
    }
    applyOutcome(g, continueBattle(stage), extras, 0);
  },
  /**
   * Steps 4–6 after effects that step 3 triggered have resolved: the battle goes on with the
   * Power, HP and flats the fighters have now (those effects may have changed them). If either
   * active has left meanwhile, there is no battle to finish (Battle Phase 2 needs both).
   */
  "dbe.battle.damage"(g, t) {
    if (activeOf(g, 0) === null || activeOf(g, 1) === null) return;
    const conts = [continuousFor(g, 0), continuousFor(g, 1)] as const;
    const now = {
      power: [withContinuous(P(g, 0).power, conts[0].power), withContinuous(P(g, 1).power, conts[1].power)] as [Record<AttackSlot, number>, Record<AttackSlot, number>],
      hp: [P(g, 0).hp, P(g, 1).hp] as [number, number],
      flats: [P(g, 0).flats, P(g, 1).flats] as [number, number],
    };
    applyOutcome(g, continueBattle(stageFromJson(t.stage), now), [conts[0].power, conts[1].power], t.logged as number);
  },
  /**
   * Step 6: a KO (`ko.ts` koActive): the stack discarded or kept by a Revival, the Partner,
   * Destiny Zone and Level M rules, the opponent's KO points (6.1–6.6).
   */
  "dbe.battle.ko"(g, t) {
    enter(g, "battle", "6");
    const p = t.p as PlayerIndex;
    const pts = (t.points as number | undefined) ?? 1;
    if (g.logger) logKo(g, p, pts);
    // The Revival's HP as the battle set it at step 6 (a Set Revival's, or Grudge's own).
    koActive(g, p, pts, t.revived === true ? (t.revivalHp as number) : null);
  },
  /** Step 7: a player with 4 or more KO points wins (`ko.ts` winCheck). */
  "dbe.battle.win"(g) {
    enter(g, "battle", "7");
    winCheck(g);
  },
  /**
   * Follow-up attack abilities (Attack Abilities "Draw X", "Trash X", "Recycle X", "Static X",
   * "Recode X", "Corrupt X", "Attach D/T/H", Shatter's discard), performed by `by` from its
   * own perspective. Draw X is drawing: it raises "draws" like the Glossary action (FAQ
   * "Dark Area": drawing activates "when drawing" effects; docs/runtime.md "Events raised
   * by rules actions").
   */
  "dbe.battle.request"(g, t) {
    const r = t.r as unknown as BattleRequest;
    const by = r.by;
    const target = "target" in r ? r.target : other(by);
    const n = "count" in r ? r.count : 0;
    const moved: number[] | undefined = g.logger ? [] : undefined;
    switch (r.kind) {
      case "draw": {
        const k = drawRaw(g, by, n, "hand", moved);
        g.logger?.emit("draw", by, `${who(g, by)} draws ${k ? cardsText(g, moved!) : "nothing (the deck is empty)"} (attack ability Draw ${n})`, { count: k });
        if (k > 0) raiseFromRules(g, "draws", by);
        break;
      }
      case "trash": {
        const k = moveTop(g, target, "deck", "trash", n, moved);
        g.logger?.emit("trash", target, `${who(g, target)} trashes ${k ? cardsText(g, moved!) : "nothing (the deck is empty)"} from the top of the deck (attack ability Trash ${n})`, { count: k });
        break;
      }
      case "recycle": {
        const k = moveTop(g, by, "trash", "deck", n, moved);
        g.shuffle(by, "deck");
        g.logger?.emit("recycle", by, `${who(g, by)} recycles ${k ? cardsText(g, moved!) : "nothing"} from the trash into the deck and shuffles it (attack ability Recycle ${n})`, { count: k });
        break;
      }
      case "static": {
        const k = moveBottom(g, target, "trash", "deleted", n, moved);
        g.logger?.emit("static", target, `${k ? `${cardsText(g, moved!)}, the bottom of ${who(g, target)}'s trash, ${k === 1 ? "is" : "are"} deleted` : `${who(g, target)}'s trash is empty: nothing is deleted`} (attack ability Static ${n})`, { count: k });
        break;
      }
      case "recode":
      case "corrupt":
        // Attack Abilities "Recode X" / "Corrupt X": as the Glossary actions (effects.ts).
        g.push({ t: "dbe.reorder", by, owner: r.kind === "recode" ? by : target, n, what: r.kind === "recode" ? "Recode" : "Corrupt" });
        break;
      case "shatterDiscard":
        g.push({ t: "dbe.shatterDiscard", by });
        break;
      case "attach":
        if (activeOf(g, by) !== null) g.push({ t: "dbe.attachAbility", by, from: r.from });
        break;
    }
  },
};

/** The "powerChanged" change of each step-3 Power cause (IR GameEvent: "boosted", "doubled" or "any"). */
const POWER_CHANGES: Record<string, "boosted" | "doubled" | "any"> = { killer: "boosted", grudge: "doubled", x3vs: "any", toZero: "any", counter: "any", shatter: "any" };

/** Store a battle Power less its continuous part (continuous.ts: the continuous part is computed, never stored). */
function storePower(g: Game, p: PlayerIndex, power: Readonly<Record<AttackSlot, number>>, extra: Readonly<Record<AttackSlot, number>>): void {
  g.set(P(g, p), "power", { circle: power.circle - extra.circle, triangle: power.triangle - extra.triangle, cross: power.cross - extra.cross });
}

/**
 * Apply a battle's outcome to the game (Battle Phase 4–7): log its events from `from` on, set
 * HP, flats and Power, raise "powerChanged" for a Shatter hit (its triggered sentences resolve
 * once the battle is over), and queue the follow-up abilities, the KOs and the win check.
 * @param extras the continuous part of each player's Power (not stored)
 */
function applyOutcome(g: Game, out: BattleOutcome, extras: readonly [Record<AttackSlot, number>, Record<AttackSlot, number>], from: number): void {
  enter(g, "battle", "4");
  // A KO is one line of the log, written at step 6 where the rules check and score it (4.2:
  // "skip immediately to Step 6 and proceed with KO scoring"; `dbe.battle.ko`, after the
  // attack abilities' follow-ups): its "ko" event (why) and "koPoints" event (how many, why)
  // wait for it, with the Revival the KO sets off (`pendingKos`, kept beside the game).
  let held: PendingKo[] | undefined;
  for (let i = from; i < out.events.length; i++) {
    const e = out.events[i]!;
    if (e.kind === "ko") g.tally(`ko: ${e.cause}`);
    if (!g.logger) continue;
    if (e.kind === "ko" || e.kind === "koPoints" || e.kind === "revival") {
      held ??= [];
      const p = e.kind === "koPoints" ? e.ko : e.player;
      let k = held.find((x) => x.player === p);
      if (!k) held.push((k = { player: p, ko: null, points: null, revivals: [] }));
      if (e.kind === "ko") k.ko = e;
      else if (e.kind === "koPoints") k.points = e;
      else k.revivals.push(e);
      continue;
    }
    g.logger.emit(`battle.${e.kind}`, "player" in e ? (e.player as PlayerIndex) : null, describe(g, e), e as never);
  }
  if (held) pendingKos.set(g, held);
  const follow: Task[] = [];
  for (const p of [0, 1] as PlayerIndex[]) {
    const s = P(g, p);
    g.set(s, "hp", out.hp[p]);
    g.set(s, "flats", out.flats[p]);
    storePower(g, p, out.power[p], extras[p]);
  }
  for (const r of out.requests ?? []) follow.push({ t: "dbe.battle.request", r: r as never });
  // A revived Digimon's HP is the Revival's: `out.hp` at step 6 (battle.ts `kos`).
  for (const p of [0, 1] as PlayerIndex[]) if (out.koed[p]) follow.push({ t: "dbe.battle.ko", p, revived: out.revivedNow[p], revivalHp: out.revivedNow[p] ? out.hp[p] : null, points: out.koPoints[other(p)] });
  follow.push({ t: "dbe.battle.win" });
  // Attack Abilities "Shatter": the hit Digimon "reduces all its Power" — a change of Power;
  // its sentences resolve after the battle (queued below the battle's own tasks).
  let shattered = false;
  for (let i = from; i < out.events.length; i++) {
    const e = out.events[i]!;
    if (e.kind === "power" && e.cause === "shatter" && e.before !== e.after && raise(g, "powerChanged", e.player, "any")) shattered = true;
  }
  if (shattered) g.push({ t: "dbe.triggers" });
  g.push(...follow);
}

/**
 * Who attacks first and why, in the rules' words (Battle Phase 2.1, 3.3): "P1 attacks first as
 * the turn player (Battle Phase 2.1)"; instances of 1st Attack are cited only when some were
 * gained ("P2 attacks first: it has more instances of 1st Attack, 2 to 1 …").
 */
function orderText(g: Game, e: Extract<BattleEvent, { kind: "order" }>): string {
  const first = who(g, e.first);
  const second = who(g, e.second);
  switch (e.reason) {
    case "turnPlayer":
      return `${first} attacks first as the turn player (Battle Phase 2.1${e.stacks[e.first] === 0 ? "; neither player has a stack of 1st Attack left" : ""})`;
    case "stacks":
      return `${first} attacks first: it has more instances of 1st Attack, ${e.stacks[e.first]} to ${e.stacks[e.second]} (Battle Phase 3.3)`;
    case "mostRecent":
      return `${first} attacks first: 1st Attack is tied, ${e.stacks[e.first]} to ${e.stacks[e.second]}, and it gained 1st Attack most recently (Battle Phase 3.3.1)`;
    case "counter":
      return `${first} attacks first: ${second} has Counter and always attacks second (Battle Phase 3.3.4)`;
    case "bothCounter":
      return `both players have Counter: both attacks fail (Battle Phase 3.3.4)`;
    case "cannotGain":
      return `${first} attacks first: ${second} cannot gain 1st Attack (Battle Phase 3.3.3)`;
    case "fewerSecondAttack":
      return `${first} attacks first: ${second} got more 2nd Attack (Battle Phase 3.3.2)`;
  }
}

/** Why a 1st Attack stack changed at step 3 (Battle Phase 3.3; Attack Abilities). */
const FIRST_ATTACK_CAUSES: Record<string, string> = {
  firstAttack: "an effect's 1st Attack",
  secondAttack: "an effect's 2nd Attack",
  killer: "Killer",
  grudge: "Grudge",
  counter: "Counter",
  cannotGainFirstAttack: "cannot gain 1st Attack",
};

/** What changed a Power value at step 3 or on a Shatter hit (Attack Abilities). */
const POWER_CAUSES: Record<string, string> = {
  killer: 'Killer, Boost own Power +300; Attack Abilities "Killer"',
  x3vs: 'x3 VS, tripled; Attack Abilities "[Type] x3 VS"',
  grudge: 'Grudge, doubled; Attack Abilities "Grudge" 1',
  toZero: 'set to 0; Attack Abilities "<attack> to 0"',
  counter: 'Counter, own attack\'s Power is 0; Attack Abilities "Counter"',
  shatter: 'hit by Shatter, all Power lowered by the printed Power of the Shatter attack; Attack Abilities "Shatter"',
};

/** A battle's KO waiting for its line at step 6: its "ko", "koPoints" and "revival" events. */
interface PendingKo {
  player: PlayerIndex;
  ko: Extract<BattleEvent, { kind: "ko" }> | null;
  points: Extract<BattleEvent, { kind: "koPoints" }> | null;
  revivals: Extract<BattleEvent, { kind: "revival" }>[];
}

/**
 * The battle's KOs waiting for their log line, per game — only while the log is on, and
 * beside the game rather than in its state: the log is not part of the digest.
 */
const pendingKos = new WeakMap<Game, PendingKo[]>();

/**
 * A battle's KO as one line of the duel log, at step 6: why the Digimon is KO'd (its "ko"
 * event) and who scores how many KO points, with the total (its "koPoints" event: Battle Phase
 * 6.2, 6.5, 6.6), then the Revival it sets off. "P1 Woodmon is KO'd: its HP reached 0 (Battle
 * Phase 6); P2 scores 1 KO point, 2 in all (Battle Phase 6.6)". Written before `koActive`
 * empties the Active Zone, so the Digimon is still named.
 * @param pts the KO points the opponent scores
 */
function logKo(g: Game, p: PlayerIndex, pts: number): void {
  const list = pendingKos.get(g) ?? [];
  const k = list.find((x) => x.player === p);
  if (k) list.splice(list.indexOf(k), 1);
  const scorer = other(p);
  const total = P(g, scorer).ko + pts;
  const cause = k?.points?.cause ?? "default";
  const why = k?.ko ? describe(g, k.ko) : `${activeText(g, p)} is KO'd (Battle Phase 6)`;
  g.logger!.emit("battle.ko", p, `${why}; ${who(g, scorer)} scores ${points(pts)}, ${total} in all (${koWorth(cause)})`, { ...(k?.ko ?? { kind: "ko", player: p }), step: 6, at: k?.ko?.step ?? 6, scorer, points: pts, total, pointsCause: cause });
  for (const r of k?.revivals ?? []) g.logger!.emit("battle.revival", r.player, describe(g, r), r as never);
}

/**
 * One event of the battle's resolution (`battle.ts` BattleEvent) as a line of the duel log,
 * naming each Digimon by its player and card (the cards are still in play: the log is written
 * before the battle's outcome is applied).
 */
function describe(g: Game, e: BattleEvent): string {
  const at = (p: PlayerIndex) => activeText(g, p);
  switch (e.kind) {
    case "jammingSuppressed":
      return `${at(e.player)}'s Jamming does not apply: ${who(g, e.by)} set a Counter that Jamming cannot void (FAQ "Counter specifics" 3)`;
    case "abilityVoided":
      return `${who(g, e.by)}'s Jamming voids ${at(e.player)}'s ${e.source === "gained" ? "gained " : ""}Cross ability ${abilityName(e.ability)} (Battle Phase 3.1)`;
    case "ability":
      return `${at(e.player)}: ${abilityName(e.ability)} — ${e.detail.replace(/\b(circle|triangle|cross)\b/g, (w) => attackName(w as AttackSlot))} (Battle Phase 3; Attack Abilities)`;
    case "firstAttack": {
      const why = FIRST_ATTACK_CAUSES[e.cause] ?? e.cause;
      if (e.change === "gain") return `${who(g, e.player)} gains a stack of 1st Attack (${why}; Battle Phase 3.3)`;
      if (e.change === "lose") return `${who(g, e.player)} loses a stack of 1st Attack (${why}; Battle Phase 3.3.2)`;
      return `${who(g, e.player)} loses every stack of 1st Attack (${why}; Battle Phase 3.3.3)`;
    }
    case "power": {
      const change = e.before === e.after ? `${attackName(e.attack)} Power stays ${e.after}` : `${attackName(e.attack)} Power ${e.before} → ${e.after}`;
      return `${at(e.player)}: ${change}${e.after < 0 ? " (deals no damage below 0)" : ""} (${POWER_CAUSES[e.cause] ?? e.cause})`;
    }
    case "revivalSet":
      return `${at(e.player)} sets Revival with ${e.hp} HP (Attack Abilities "Grudge" 3)`;
    case "order":
      return orderText(g, e);
    case "counter":
      return e.result === "success"
        ? `${at(e.player)}'s Counter succeeds: it uses ${who(g, e.target)}'s ${attackName(e.attack)} against ${who(g, e.target)} (Attack Abilities "Counter"; FAQ "Counter specifics")`
        : `${at(e.player)}'s Counter misfires: ${who(g, e.target)} did not use the countered attack (Battle Phase 5.1)`;
    case "noAttack":
      return e.reason === "countered"
        ? `${at(e.player)} does not attack: its attack is countered and used against it (FAQ "Counter specifics")`
        : e.reason === "koed"
          ? `${who(g, e.player)} does not attack: its Digimon was KO'd first (Battle Phase 4.2)`
          : `${at(e.player)} does not attack: both players have Counter (Battle Phase 3.3.4)`;
    case "damage": {
      const how = e.via === "crash" ? "by Crash (its own HP)" : e.via === "counter" ? `with ${who(g, e.owner)}'s countered ${attackName(e.attack)}` : `with ${attackName(e.attack)}`;
      return `${at(e.from)} deals ${e.amount} damage ${how}: ${at(e.to)} HP ${e.hpBefore} → ${e.hpAfter} (Battle Phase ${e.step})`;
    }
    case "shatter":
      return `${at(e.player)}'s Shatter hits ${at(e.target)}: its Power is lowered by ${e.reduction} on every attack (Attack Abilities "Shatter")`;
    case "crash":
      return `${at(e.player)}: HP ${e.hpBefore} → ${e.hpAfter} after its Crash damage (Attack Abilities "Crash")`;
    case "drain":
      return `${at(e.player)}: HP ${e.hpBefore} → ${e.hpAfter}, Drain recovers the ${e.amount} damage dealt (Attack Abilities "Drain")`;
    case "flat":
      return `${at(e.player)} gets a flat token from ${who(g, e.by)}'s Flatten: ${count(e.flats, "flat token")} (Glossary "Flatten / Flat" 1)`;
    case "ko":
      return e.cause === "hp"
        ? `${at(e.player)} is KO'd: its HP reached 0 (${e.step === 4 ? "Battle Phase 4.2" : "Battle Phase 6"})`
        : e.cause === "threeFlats"
          ? `${at(e.player)} is KO'd: it had 3 flat tokens and the first attacker dealt damage (Glossary "Flatten / Flat" 3)`
          : `${at(e.player)} is KO'd: it has 4 flat tokens (Glossary "Flatten / Flat" 2)`;
    case "revival":
      return `${at(e.player)} will revive with ${e.hp} HP (${e.cause === "grudge" ? "Grudge" : "Set Revival"}; Glossary "Revive")`;
    case "koPoints":
      return `${who(g, e.scorer)} earns ${points(e.points)} for KOing ${at(e.ko)} (${koWorth(e.cause)})`;
  }
}
