/**
 * The DBE Battle Phase on the game state: builds the fighters, lets the pure damage
 * resolution of `battle.ts` decide, then applies the outcome — HP, flats, KO scoring with
 * the Partner/Mega/Revival rules, follow-up attack abilities, and the 4-KO win.
 * Source: `000_012504f4614e5b24.txt`, "Battle Phase" steps 1–7; Glossary "Revive",
 * "Attachment Slot", "Delete".
 */
import type { Game, Task } from "../../core/engine.ts";
import { other, type PlayerIndex } from "../../core/state.ts";
import { P, activeOf, cardName, def, printedPower, resetActiveStats, who } from "./model.ts";
import { priorityConflict, resolveBattle, type BattleEvent, type BattleRequest, type Fighter } from "./battle.ts";
import type { DecisionOption } from "../../core/decision.ts";
import { drawRaw, moveBottom, moveTop } from "./piles.ts";
import { continuousFor, prohibits, withContinuous, type Continuous } from "./continuous.ts";
import { discardAttachments } from "./attach.ts";
import { WINNING_KO, enter, namesOf, typesOf } from "./turn.ts";

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
    if (t.answer === undefined)
      g.logger?.emit("reveal", null, `Reveal: ${who(g, 0)} ${f[0].attack} (${f[0].power[f[0].attack]}), ${who(g, 1)} ${f[1].attack} (${f[1].power[f[1].attack]}) (Battle Phase 2)`, { attacks: [f[0].attack, f[1].attack] });
    // Step 3.2: with a timing conflict the turn player may pass priority (resolve second).
    let priority = tp;
    if (priorityConflict(f)) {
      if (t.answer === undefined) {
        g.ask(tp, "passPriority", "Timing conflict at step 3: resolve your attack abilities first, or pass priority? (Battle Phase 3.2)", priorityOptions(), 1, 1, t);
        return;
      }
      if (t.answer[0] === 1) {
        priority = other(tp);
        g.logger?.emit("passPriority", tp, `${who(g, tp)} passes priority: ${who(g, priority)} resolves attack abilities first (Battle Phase 3.2)`);
      }
    }
    const out = resolveBattle({ turnPlayer: tp, fighters: f, abilityPriority: priority });
    enter(g, "battle", "4");
    if (g.logger) for (const e of out.events) g.logger.emit(`battle.${e.kind}`, "player" in e ? (e.player as PlayerIndex) : null, describe(g, e), e as never);
    const follow: Task[] = [];
    for (const p of [0, 1] as PlayerIndex[]) {
      const s = P(g, p);
      g.set(s, "hp", out.hp[p]);
      g.set(s, "flats", out.flats[p]);
      // Store the battle's Power less the continuous part (continuous.ts).
      const extra = extras[p];
      g.set(s, "power", { circle: out.power[p].circle - extra.circle, triangle: out.power[p].triangle - extra.triangle, cross: out.power[p].cross - extra.cross });
    }
    for (const r of out.requests ?? []) follow.push({ t: "dbe.battle.request", r: r as never });
    for (const p of [0, 1] as PlayerIndex[]) if (out.koed[p]) follow.push({ t: "dbe.battle.ko", p, revived: out.revivedNow[p], points: out.koPoints[other(p)] });
    follow.push({ t: "dbe.battle.win" });
    g.push(...follow);
  },
  /**
   * Step 6: a KO. Without Revival: discard the active stack and its attachments (6.1), a
   * Partner R anywhere in the stack goes to the deck and the deck is shuffled (6.3), a
   * Partner C from the Destiny Zone and a Level M are deleted (6.4, 6.5; Glossary
   * "Delete"). With Revival the zone stays and the active is reset as evolved (Glossary
   * "Revive"). The opponent scores the KO points (6.2, 6.6).
   */
  "dbe.battle.ko"(g, t) {
    enter(g, "battle", "6");
    const p = t.p as PlayerIndex;
    const s = P(g, p);
    const top = activeOf(g, p)!;
    const points = (t.points as number | undefined) ?? 1;
    const scorer = other(p);
    g.set(P(g, scorer), "ko", P(g, scorer).ko + points);
    g.logger?.emit("ko", p, `${cardName(g, top)} is KO'd; ${who(g, scorer)} scores ${points} KO point${points === 1 ? "" : "s"} (${P(g, scorer).ko}) (Battle Phase 6)`, { card: top, points, total: P(g, scorer).ko });
    if (t.revived) {
      g.set(s, "revived", true);
      const hp = s.revival ?? 10;
      g.set(s, "revival", null);
      g.set(s, "abnormal", false);
      resetActiveStats(g, p);
      g.set(s, "hp", hp);
      g.set(s, "flats", 0);
      g.logger?.emit("revive", p, `${cardName(g, top)} revives with ${hp} HP (Glossary "Revive")`, { hp });
      return;
    }
    let partnerToDeck = false;
    for (const id of [...g.zone(p, "active")]) {
      const st = def(g, id).stats;
      // Glossary "Delete"; FAQ "ACTIVATE timing": a used ACTIVATE card is deleted when it leaves.
      const fromDz = g.card(id).vars.fromDestiny === true || st.level === "M" || g.card(id).vars.activated === true;
      // What was kept on the card (type change, permanent evo-bonus, Destiny Zone origin)
      // ends when it leaves the zone (FAQ "Leaving a zone").
      g.set(g.card(id), "vars", {});
      if (s.partner !== null && st.setNumber === s.partner && st.level === "R") {
        g.move(id, p, "deck");
        partnerToDeck = true;
      } else if (fromDz) g.move(id, p, "deleted");
      else g.move(id, p, "trash");
    }
    discardAttachments(g, p); // cards below an attachment go to the trash with it (attach.ts)
    if (partnerToDeck) g.shuffle(p, "deck");
    g.set(s, "flats", 0);
    g.set(s, "abnormal", false);
    g.set(s, "revived", false);
    resetActiveStats(g, p);
  },
  /** Step 7: a player with 4 or more KO points wins. */
  "dbe.battle.win"(g) {
    enter(g, "battle", "7");
    const [a, b] = [P(g, 0).ko >= WINNING_KO, P(g, 1).ko >= WINNING_KO];
    if (a && b) g.end("draw", "both players reached 4 KO points (Battle Phase 7)");
    else if (a || b) g.end(a ? 0 : 1, `${WINNING_KO} KO points (Battle Phase 7)`);
  },
  /** Follow-up attack abilities (Attack Abilities: Draw X, Trash X, Recycle X, Static X…). */
  "dbe.battle.request"(g, t) {
    const r = t.r as unknown as BattleRequest;
    const by = r.by;
    const target = "target" in r ? r.target : other(by);
    const n = "count" in r ? r.count : 0;
    switch (r.kind) {
      case "draw": {
        const k = drawRaw(g, by, n);
        g.logger?.emit("draw", by, `${who(g, by)} draws ${k} (attack ability Draw ${n})`);
        break;
      }
      case "trash": {
        const k = moveTop(g, target, "deck", "trash", n);
        g.logger?.emit("trash", target, `${who(g, target)} trashes ${k} (attack ability Trash ${n})`);
        break;
      }
      case "recycle": {
        const k = moveTop(g, by, "trash", "deck", n);
        g.shuffle(by, "deck");
        g.logger?.emit("recycle", by, `${who(g, by)} recycles ${k} and shuffles (attack ability Recycle ${n})`);
        break;
      }
      case "static": {
        const k = moveBottom(g, target, "trash", "deleted", n);
        g.logger?.emit("static", target, `${who(g, target)}'s bottom ${k} trash cards are deleted (attack ability Static ${n})`);
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

function describe(g: Game, e: BattleEvent): string {
  const P_ = (p: PlayerIndex) => `P${p + 1}`;
  switch (e.kind) {
    case "damage":
      return `${P_(e.from)} deals ${e.amount} to ${P_(e.to)} by ${e.via} (HP ${e.hpBefore} → ${e.hpAfter}) [Battle Phase ${e.step}]`;
    case "order":
      return `${P_(e.first)} attacks first (${e.reason}) [Battle Phase 3.3]`;
    case "ko":
      return `${P_(e.player)}'s Digimon is KO'd (${e.cause}) [Battle Phase ${e.step}]`;
    case "koPoints":
      return `${P_(e.scorer)} scores ${e.points} (${e.cause}) [Battle Phase 6]`;
    default: {
      const { kind, step, ...rest } = e as { kind: string; step: number } & Record<string, unknown>;
      void g;
      return `${kind} ${JSON.stringify(rest)} [Battle Phase ${step}]`;
    }
  }
}

