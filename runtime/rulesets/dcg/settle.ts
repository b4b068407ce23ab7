/**
 * Settling (002 §4-5, §4-6, §11-3): after every
 * action and every effect's activation, the rule check runs, the effects triggered since the
 * last settle become one new batch on top of the pending stack (§4-6-5: newer effects first,
 * even the non-turn player's), and the top batch's effects activate one at a time — the
 * turn player's first (§4-6-4), each player choosing which of theirs comes next (§4-6-2,
 * §4-6-3: asked again after every activation, never a full ordering up front) — each
 * activation followed by another settle, until the stack is empty.
 *
 * Card effects are activated by the game's effect host (`events.ts` {@link EffectHost});
 * the rules' built-in keyword triggers (<Retaliation>) are activated here.
 */
import type { Game, Task } from "../../core/engine.ts";
import type { PendingEffect } from "./model.ts";
import { V, ask, cardName, findPerm, inBattleArea, permName, who } from "./model.ts";
import { trashTopCard } from "./moves.ts";
import { hostOf, type DcgEventData } from "./events.ts";
import { ruleCheck, ruleDeletion } from "./rules.ts";

/** Activations per game in the current turn (for the loop ruling, `loops.ts`): kept beside the game, not in its state. */
const ACTIVATIONS = new WeakMap<Game, { turn: number; n: number; last: string }>();

/** How many effects activated in the current turn, and the last one's label (`loops.ts`). */
export function activationsThisTurn(g: Game): { n: number; last: string } {
  const a = ACTIVATIONS.get(g);
  return a && a.turn === g.state.turn ? a : { n: 0, last: "" };
}

function countActivation(g: Game, label: string): void {
  let a = ACTIVATIONS.get(g);
  if (a === undefined || a.turn !== g.state.turn) ACTIVATIONS.set(g, (a = { turn: g.state.turn, n: 0, last: "" }));
  a.n++;
  a.last = label;
}

/** Whether any effect is pending or triggered and not yet settled (002 §6-6-2: no main-phase action then). */
export function anyPending(g: Game): boolean {
  const v = V(g);
  return v.triggered.length > 0 || v.pending.some((b) => b.length > 0);
}

/** Settle task handlers. */
export const SETTLE_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /**
   * STL-1..5: rule check; new batch; the next pending effect of the top batch (the turn
   * player's first), asked of its owner when they have several; activate it, then settle again.
   */
  "dcg.settle"(g, t) {
    const v = V(g);
    if (t.answer === undefined) {
      const zero = ruleCheck(g);
      if (zero.length) {
        g.push(ruleDeletion(zero), { t: "dcg.settle" });
        return;
      }
      if (g.state.winner !== null) return;
      if (v.triggered.length > 0) {
        g.journal.insertAt(v.pending, v.pending.length, v.triggered);
        g.set(v, "triggered", []);
      }
      while (v.pending.length > 0 && v.pending[v.pending.length - 1]!.length === 0) g.journal.removeAt(v.pending, v.pending.length - 1);
      if (v.pending.length === 0) return;
    }
    const batch = v.pending[v.pending.length - 1]!;
    const tp = g.state.turnPlayer;
    const owner = batch.some((pe) => pe.owner === tp) ? tp : tp === 0 ? 1 : 0;
    const mine: number[] = [];
    for (let i = 0; i < batch.length; i++) if (batch[i]!.owner === owner) mine.push(i);
    if (t.answer === undefined && mine.length > 1) {
      ask(g, owner, "pickPending", "Choose the next of your pending effects to activate (002 §4-6-2, §4-6-3)", mine.map((i) => ({ label: batch[i]!.label, value: i })), 1, 1, t);
      return;
    }
    const index = mine[t.answer?.[0] ?? 0]!;
    const pe = batch[index]!;
    g.journal.removeAt(batch, index);
    g.push({ t: "dcg.settle" });
    countActivation(g, pe.label);
    if (pe.kind === "card") hostOf(g).activate(g, pe);
    else if (pe.kind === "rule") activateRule(g, pe);
    else activateKeyword(g, pe);
  },
};

/**
 * Carry out a pending rules action. Burst Digivolve (002 §8-3-2): the Digimon trashes the card
 * on top of it now (§8-3-13: even if it is no longer the Burst-Digivolved card; §8-3-15: even
 * a Tamer on top), once — the mark is removed; a Digimon without digivolution cards has no
 * stacked card and trashes nothing (§8-3-14). A Digimon left without DP is trashed by the next
 * rule check (§8-3-16, §4-12-2-2-1).
 */
function activateRule(g: Game, pe: PendingEffect): void {
  const v = V(g);
  const seq = pe.data?.burst;
  if (typeof seq !== "number") return;
  const i = v.lasting.findIndex((l) => l.seq === seq);
  if (i >= 0) g.journal.removeAt(v.lasting, i);
  const perm = pe.perm === null ? null : findPerm(g, pe.perm);
  if (!perm) return;
  if (perm.cards.length < 2) {
    g.logger?.emit("burst", perm.owner, `${permName(g, perm)} has no stacked card: nothing is trashed at the end of the turn (002 §8-3-14)`, { perm: perm.id });
    return;
  }
  const top = trashTopCard(g, perm, pe.owner, "burst");
  if (top !== null) g.logger?.emit("burst", perm.owner, `Burst Digivolve: ${cardName(g, top)} on top of ${who(perm.owner)}'s Digimon is trashed at the end of the turn (002 §8-3-2)`, { perm: perm.id, card: top });
}

/**
 * Activate a built-in keyword trigger. <Retaliation> (002 §12-13-1): delete the Digimon the
 * deleted one battled, if it is still in the battle area (§10-1-6-4 reading: an effect whose
 * target has gone does nothing); the deletion is by effect (§12-13-5).
 */
function activateKeyword(g: Game, pe: PendingEffect): void {
  if (pe.keyword !== "retaliation") return;
  const ev = pe.event as unknown as Extract<DcgEventData, { e: "deleted" }>;
  const target = ev.battledWith;
  if (target === null || !inBattleArea(g, target)) {
    g.logger?.emit("effect", pe.owner, `${pe.label} activates: the Digimon it battled is no longer in the battle area (002 §12-13)`, { card: pe.card });
    return;
  }
  g.logger?.emit("effect", pe.owner, `${pe.label} activates: delete the Digimon it battled (002 §12-13-1)`, { card: pe.card, target });
  g.push({ t: "dcg.delete", perms: [target], cause: "effect", by: pe.owner });
}
