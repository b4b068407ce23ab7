/**
 * Attacks and battles (002 chapter 9: §9-1 declaration, §9-2 counter timing, §9-3 block
 * timing, §9-4 confirmation, §9-5 security checks, §9-6 battle, §9-7 end of attack): declaration and [When Attacking] → counter timing → block timing → the attack
 * confirmed → security checks or a battle → end of attack. Each step is one task; a settle
 * runs between the steps that trigger effects (§9-2-1-3, §9-2-1-4-3, §9-2-1-8-6), and the turn
 * ends only after the whole attack (§6-7-1-1: the memory check follows `dcg.attack.close`).
 *
 * Keyword flags read here (`continuous.ts`): <Blocker> (§12-5), <Rush> (§12-15), <Piercing>
 * (§12-7), <Jamming> (§12-9), <Security Attack ±N> (§12-4); <Retaliation> (§12-13) triggers
 * from the battle deletion (`events.ts`).
 */
import type { Game, Task } from "../../core/engine.ts";
import { other } from "../../core/state.ts";
import { P, V, ask, cardName, def, findPerm, isDigimon, permName, seat, who, type DcgAttack, type DcgPermanent } from "./model.ts";
import { hostOf, raise } from "./events.ts";
import { checkCount, dpOf, hasKeyword, securityDpOf } from "./continuous.ts";
import { flipSecurity, suspend, trashCard } from "./moves.ts";
import { enter } from "./turn.ts";

/** The attack in progress (throws when there is none: a rules bug). */
function attackOf(g: Game): DcgAttack {
  const a = V(g).attack;
  if (!a) throw new Error("no attack in progress");
  return a;
}

/** The attacker's permanent while it is in its player's battle area, else null (002 §9-3-3). */
function attackerOf(g: Game, a: DcgAttack): DcgPermanent | null {
  return P(g, a.player).battle.find((x) => x.id === a.attacker) ?? null;
}

/**
 * Whether `perm` may attack now (ATK-1; 002 §9-2, §7-2-4): a Digimon of the turn player's in
 * the battle area, unsuspended, not played this turn unless it has <Rush> (§12-15-1; a
 * Digimon moved from the breeding area or made by DNA was not played: §6-5-1-2-2, §8-2-4).
 */
export function canAttackWith(g: Game, perm: DcgPermanent): boolean {
  if (perm.suspended || !isDigimon(g, perm)) return false;
  if (perm.playedTurn === g.state.turn && !hasKeyword(g, perm, "rush")) return false;
  return true;
}

/**
 * The targets `attacker` may attack (002 §9-1): the opponent player, and the opponent's
 * suspended Digimon in the battle area (never an unsuspended one or a Tamer) — less those an
 * effect forbids.
 */
export function attackTargets(g: Game, attacker: DcgPermanent): ("player" | DcgPermanent)[] {
  const host = hostOf(g);
  const out: ("player" | DcgPermanent)[] = [];
  if (!host.forbids(g, { act: "attack", perm: attacker, target: "player" })) out.push("player");
  for (const perm of P(g, other(attacker.owner)).battle)
    if ((perm.suspended || host.permits(g, { act: "attackUnsuspended", perm: attacker, target: perm })) && isDigimon(g, perm) && !host.forbids(g, { act: "attack", perm: attacker, target: perm })) out.push(perm);
  return out;
}

/**
 * The Digimon that may block the attack (BLK-1; 002 §9-2-1-5-1..4): the defender's unsuspended
 * Digimon with <Blocker>, other than the current target, when no block has happened yet and
 * no effect forbids it (§12-5-5: an attacker that "can't be blocked").
 */
export function blockers(g: Game, a: DcgAttack, attacker: DcgPermanent): DcgPermanent[] {
  if (a.blocked) return [];
  const host = hostOf(g);
  return P(g, other(a.player)).battle.filter((x) => !x.suspended && x.id !== a.target && isDigimon(g, x) && hasKeyword(g, x, "blocker") && !host.forbids(g, { act: "block", blocker: x, attacker }));
}

/** "P2" or "P2 Gabumon": an attack target for logs. */
function targetName(g: Game, a: DcgAttack, target: "player" | number): string {
  if (target === "player") return who(other(a.player));
  const perm = P(g, other(a.player)).battle.find((x) => x.id === target);
  return perm ? permName(g, perm) : "a Digimon that has left the battle area";
}

/** Attack task handlers. */
export const ATTACK_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /**
   * ATK-2, ATK-3 (002 §9-2, §9-2-1-1): declare the attack, suspend the attacker, declare the
   * target (kept for text conditions: §9-2-1-3-1); [When Attacking] and "when one of your
   * Digimon attacks" trigger together; settle. Args: `perm`, `target` ("player" or a permanent id).
   */
  "dcg.attack"(g, t) {
    const p = g.state.turnPlayer;
    const perm = P(g, p).battle.find((x) => x.id === t.perm)!;
    const target = t.target as "player" | number;
    enter(g, "main", "attack");
    g.set(V(g), "attack", { attacker: perm.id, player: p, declared: target, target, blocked: false, countered: false, checks: 0 });
    suspend(g, perm, "attack");
    const a = attackOf(g);
    g.logger?.emit("attack", p, `${permName(g, perm)} attacks ${targetName(g, a, target)} (002 §9-2)`, { perm: perm.id, target });
    raise(g, { e: "attackDeclared", attacker: perm.id, player: p, target });
    g.push({ t: "dcg.settle" }, { t: "dcg.attack.counter" });
  },

  /**
   * CTR-1, CTR-2 (002 §9-2-1-4): the non-turn player's "when an opponent's Digimon attacks"
   * effects trigger; settle. (The one [Counter] effect allowed, §9-2-1-4-2, is the effect
   * model's: the host offers it as a triggered effect of `counterTiming`.)
   */
  "dcg.attack.counter"(g) {
    const a = attackOf(g);
    enter(g, "main", "counter");
    raise(g, { e: "counterTiming", attacker: a.attacker, player: a.player });
    g.push({ t: "dcg.settle" }, { t: "dcg.attack.block" });
  },

  /**
   * BLK-1, BLK-2 (002 §9-2-1-5): the defender may block with one unsuspended Digimon with
   * <Blocker>; the blocker is suspended and becomes the target. An attacker that has left the
   * battle area ends the attack (§9-3-3).
   */
  "dcg.attack.block"(g, t) {
    const a = attackOf(g);
    enter(g, "main", "block");
    const attacker = attackerOf(g, a);
    if (!attacker) {
      g.push({ t: "dcg.attack.confirm" });
      return;
    }
    const can = blockers(g, a, attacker);
    if (can.length === 0) {
      g.push({ t: "dcg.attack.confirm" });
      return;
    }
    const d = other(a.player);
    // <Collision> (002 §12-30-1): the defender blocks if possible.
    const must = hostOf(g).mustBlock(g, attacker);
    const options = [...(must ? [] : [{ label: "No block", value: null }]), ...can.map((x) => ({ label: `Block with ${permName(g, x)}`, value: x.id }))];
    if (t.answer === undefined) {
      ask(g, d, "block", `${permName(g, attacker)} attacks ${targetName(g, a, a.target)}: block with a <Blocker>? (002 §9-2-1-5${must ? ", §12-30-1: <Collision>, you must block" : ""})`, options, 1, 1, t);
      return;
    }
    const i = t.answer[0]! + (must ? 1 : 0);
    if (i > 0) {
      const blocker = can[i - 1]!;
      suspend(g, blocker, "block");
      g.set(a, "target", blocker.id);
      g.set(a, "blocked", true);
      g.logger?.emit("block", d, `${permName(g, blocker)} blocks; it is suspended and becomes the attack target (002 §9-2-1-5-2)`, { blocker: blocker.id });
      raise(g, { e: "blocked", blocker: blocker.id, attacker: attacker.id });
      g.push({ t: "dcg.settle" }, { t: "dcg.attack.confirm" });
    } else g.push({ t: "dcg.attack.confirm" });
  },

  /**
   * CNF-1, CNF-2 (002 §9-2-1-6, §9-3-6, §10-4-5-4): the attack is confirmed on the player —
   * and if the attacker can check 1 or more cards and the defender has no security card, the
   * attacking player wins — or on a Digimon still in the battle area (a battle); a target that
   * left the battle area means no battle.
   */
  "dcg.attack.confirm"(g) {
    const a = attackOf(g);
    enter(g, "main", "confirm");
    const attacker = attackerOf(g, a);
    if (!attacker) {
      g.push({ t: "dcg.attack.end" });
      return;
    }
    const d = other(a.player);
    if (a.target === "player") {
      if (checkCount(g, attacker) >= 1 && g.zone(d, "security").length === 0) {
        g.end(a.player, `${permName(g, attacker)} attacked ${seat(g, d)}, who has no security cards (002 §9-3-6, §1-2-1-1-1)`);
        return;
      }
      g.push({ t: "dcg.attack.check", piercing: false });
      return;
    }
    const target = P(g, d).battle.find((x) => x.id === a.target);
    if (target) g.push({ t: "dcg.attack.battle", vs: target.id });
    else {
      g.logger?.emit("noBattle", a.player, `The attack target has left the battle area: no battle (002 §10-4-5-4)`);
      g.push({ t: "dcg.attack.end" });
    }
  },

  /**
   * SEC-1..3, SEC-6 (002 §9-2-1-7, §9-3): while the attacker is in the battle area, has checks
   * left (1 + <Security Attack ±N>, recomputed every time: §9-3-3, §12-4-4) and the defender
   * has security cards, flip the top one; its [Security] effect activates at once (the host:
   * §9-3-4, §10-4-8-2); settle; then `dcg.attack.checked`. A check by <Piercing> never wins on
   * 0 security (§9-3-6-1): with none left the attack just ends (§9-2-1-7-4).
   */
  "dcg.attack.check"(g, t) {
    const a = attackOf(g);
    enter(g, "main", "check");
    const attacker = attackerOf(g, a);
    const d = other(a.player);
    if (!attacker || a.checks >= checkCount(g, attacker) || g.zone(d, "security").length === 0) {
      g.push({ t: "dcg.attack.end" });
      return;
    }
    g.set(a, "checks", a.checks + 1);
    const card = flipSecurity(g, d, a.player)!;
    g.push({ t: "dcg.settle" }, { t: "dcg.attack.checked", card, piercing: t.piercing ?? false });
    hostOf(g).security(g, card, d);
  },

  /**
   * SEC-4, SEC-5 (002 §9-2-1-7-3): the checked card, if still in limbo: a Digimon card becomes
   * a Security Digimon and battles the attacker; any other card (a Tamer or Option card) is
   * trashed. Then the next check.
   */
  "dcg.attack.checked"(g, t) {
    const card = t.card as number;
    if (g.card(card).zone === "limbo") {
      if (def(g, card).stats.kind === "Digimon") {
        g.push({ t: "dcg.attack.battle", security: card, piercing: t.piercing ?? false });
        return;
      }
      g.logger?.emit("trash", g.card(card).owner, `${cardName(g, card)} is trashed after the check (002 §9-2-1-7-3-3)`, { card });
      trashCard(g, card);
    }
    g.push({ t: "dcg.attack.check", piercing: t.piercing ?? false });
  },

  /**
   * BTL-1..4 (002 §9-2-1-8): compare DP; the lower loses, equal DP both lose (§9-2-1-8-3).
   * Losers are deleted — except an attacker with <Jamming> against a Security Digimon
   * (§12-9-1); the Security Digimon is trashed whatever the result (§9-2-1-8-4). Settle; then,
   * against a Security Digimon, the next check (§9-2-1-8-5); against a Digimon, <Piercing>
   * checks when only the defender was deleted (§12-7-1, §12-7-3: after what the battle
   * triggered; §12-7-9: never against a Security Digimon). Args: `vs` (a permanent id) or
   * `security` (a card id).
   */
  "dcg.attack.battle"(g, t) {
    const a = attackOf(g);
    enter(g, "main", "battle");
    const attacker = attackerOf(g, a);
    const sec = typeof t.security === "number" ? (t.security as number) : null;
    const d = other(a.player);
    const target = sec === null ? (P(g, d).battle.find((x) => x.id === t.vs) ?? null) : null;
    if (!attacker || (sec === null && !target)) {
      if (sec !== null) trashCard(g, sec);
      g.push({ t: "dcg.attack.end" });
      return;
    }
    const adp = dpOf(g, attacker) ?? 0;
    const odp = sec !== null ? securityDpOf(g, sec, d) : (dpOf(g, target!) ?? 0);
    const attackerLoses = adp <= odp;
    const otherLoses = odp <= adp;
    const jammed = sec !== null && attackerLoses && hasKeyword(g, attacker, "jamming");
    const pierce = sec === null && otherLoses && !attackerLoses && hasKeyword(g, attacker, "piercing");
    const otherName = sec !== null ? `Security Digimon ${cardName(g, sec)}` : permName(g, target!);
    g.logger?.emit(
      "battle",
      a.player,
      `${permName(g, attacker)} (${adp} DP) battles ${otherName} (${odp} DP): ${attackerLoses && otherLoses ? "equal DP, both lose" : attackerLoses ? `${permName(g, attacker)} loses` : `${otherName} loses`}${jammed ? `; <Jamming>: ${permName(g, attacker)} is not deleted (002 §12-9-1)` : ""} (002 §9-2-1-8-3)`,
      { attacker: attacker.id, adp, odp },
    );
    const losers: DcgPermanent[] = [];
    const battled: [number, number][] = [];
    if (attackerLoses && !jammed) {
      losers.push(attacker);
      if (target) battled.push([attacker.id, target.id]);
    }
    if (target && otherLoses) {
      losers.push(target);
      battled.push([target.id, attacker.id]);
    }
    // The turn player's Digimon first (their [On Deletion] order is settled by STL-3 anyway).
    const after: Task = { t: "dcg.attack.battled", attacker: attacker.id, security: sec, vs: target?.id ?? null, attackerLoses: attackerLoses && !jammed, otherLoses, pierce, piercing: t.piercing ?? false };
    if (losers.length) g.push({ t: "dcg.delete", perms: losers.map((x) => x.id), cause: "battle", by: null, battled }, after);
    else g.push(after);
  },

  /**
   * BTL-4, BTL-5 (002 §9-2-1-8-4..6): after the losers' deletion (which "would be deleted"
   * effects may have prevented: §12-19-5, §12-25-1), the Security Digimon is trashed whatever
   * the result, the battle ends (effects "for the battle" end), and `battleEnded` is raised;
   * settle; then the next check, or <Piercing> when the defender alone was deleted (§12-7-1).
   */
  "dcg.attack.battled"(g, t) {
    const a = attackOf(g);
    const sec = t.security as number | null;
    if (sec !== null && g.card(sec).zone === "limbo") trashCard(g, sec);
    const v = V(g);
    const kept = v.lasting.filter((l) => l.until !== "battle");
    if (kept.length !== v.lasting.length) g.set(v, "lasting", kept);
    const defenderGone = t.vs !== null && findPerm(g, t.vs as number) === null;
    const attackerGone = attackerOf(g, a) === null;
    raise(g, { e: "battleEnded", attacker: t.attacker as number, against: sec !== null ? { security: sec } : { perm: t.vs as number }, losers: [...(t.attackerLoses && attackerGone ? ["attacker" as const] : []), ...(t.otherLoses && (sec !== null || defenderGone) ? ["other" as const] : [])] });
    if (sec !== null) g.push({ t: "dcg.settle" }, { t: "dcg.attack.check", piercing: t.piercing ?? false });
    else g.push({ t: "dcg.settle" }, { t: "dcg.attack.pierce", pierce: t.pierce === true && defenderGone && !attackerGone });
  },

  /**
   * <Piercing> (002 §12-7-1, §12-7-3, §12-7-8): after the battle and what it triggered, an
   * attacker that had <Piercing> when it deleted the defender — and is still in the battle area
   * — checks security as it normally would (§12-7-6); otherwise the attack ends.
   */
  "dcg.attack.pierce"(g, t) {
    const a = attackOf(g);
    const attacker = attackerOf(g, a);
    if (t.pierce === true && attacker) {
      g.logger?.emit("piercing", a.player, `<Piercing>: ${permName(g, attacker)} checks security after deleting the Digimon it battled (002 §12-7-1)`);
      g.push({ t: "dcg.attack.check", piercing: true });
    } else g.push({ t: "dcg.attack.end" });
  },

  /**
   * EOA-1 (002 §9-2-1-9, §10-4-13): [End of Attack] of an attacker still in the battle area;
   * settle (the attack is still in progress: §10-4-13-4); then the attack closes.
   */
  "dcg.attack.end"(g) {
    const a = attackOf(g);
    enter(g, "main", "endOfAttack");
    if (attackerOf(g, a)) raise(g, { e: "attackEnded", attacker: a.attacker, player: a.player });
    g.push({ t: "dcg.settle" }, { t: "dcg.attack.close" });
  },

  /** EOA-2: the attack is over (the memory check comes after it: `dcg.afterAction`). */
  "dcg.attack.close"(g) {
    const v = V(g);
    g.set(v, "attack", null);
    const kept = v.lasting.filter((l) => l.until !== "attack" && l.until !== "battle");
    if (kept.length !== v.lasting.length) g.set(v, "lasting", kept);
    enter(g, "main");
  },
};

