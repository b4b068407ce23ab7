/**
 * Using an Option card (002 §6-6-2-4): the colour
 * requirement (§4-20), reveal, pay, the card goes to no area while its [Main] effect
 * activates at once (§2-3-6-1, §6-6-2-4-4: no rule check in between), then to the trash
 * unless the effect put it somewhere (§2-3-6-2).
 */
import type { Game, Task } from "../../core/engine.ts";
import type { PlayerIndex } from "../../core/state.ts";
import { P, canPay, cardName, def, memoryOf, pay, topOf, who } from "./model.ts";
import { hostOf, raise } from "./events.ts";
import { colorsOf, costWith } from "./continuous.ts";
import { place, trashCard } from "./moves.ts";

/**
 * Whether player `p` meets an Option card's colour requirement (002 §4-20-2..4): for every
 * colour of the card, a Digimon or Tamer of theirs in the battle or breeding area has it (one
 * multicolour card may meet several; colours it is "also treated as" count, §13-2-4-2). Option cards placed in the battle area do not count
 * (002 §12-17-8).
 */
export function colorRequirementMet(g: Game, p: PlayerIndex, card: number): boolean {
  const s = P(g, p);
  const perms = s.breeding ? [...s.battle, s.breeding] : s.battle;
  return def(g, card).stats.colors.every((color) =>
    perms.some((perm) => {
      const top = def(g, topOf(perm));
      return top.stats.kind !== "Option" && colorsOf(g, perm).includes(color);
    }),
  );
}

/** The use cost of an Option card with the modifiers in force (002 §2-8, §6-6-2-4-3-3). */
export function useCost(g: Game, p: PlayerIndex, card: number): number {
  return costWith(g, p, def(g, card).stats.cost ?? 0, { kind: "use", card });
}

/**
 * Whether player `p` may use Option card `card` from the hand now (OPT-1; 002 §6-6-2-4-3-1):
 * colour requirement met, cost payable, not forbidden.
 */
export function canUse(g: Game, p: PlayerIndex, card: number): boolean {
  const host = hostOf(g);
  return def(g, card).stats.kind === "Option" && (colorRequirementMet(g, p, card) || host.permits(g, { act: "ignoreColor", card, player: p })) && canPay(g, p, useCost(g, p, card)) && !host.forbids(g, { act: "use", card, player: p });
}

/** Option task handlers. */
export const OPTION_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /**
   * OPT-2, OPT-3 (002 §6-6-2-4-3-2..4): reveal and pay; the card is in no area (limbo) while
   * its [Main] effect activates at once (the host pushes it); then `dcg.use.done`. Args: `card`, `p`.
   */
  "dcg.use"(g, t) {
    const card = t.card as number;
    const p = t.p as PlayerIndex;
    const cost = useCost(g, p, card);
    hostOf(g).paid(g, p, { kind: "use", card });
    pay(g, p, cost);
    place(g, card, p, "limbo");
    g.logger?.emit("use", p, `${who(p)} uses ${cardName(g, card)} for ${cost} memory; memory ${memoryOf(g, p)} (002 §6-6-2-4)`, { card, cost });
    g.push({ t: "dcg.use.done", card, p });
    hostOf(g).useOption(g, card, p);
  },

  /** OPT-4 (002 §2-3-6-2): after its effect, the Option card goes to the trash unless it was put elsewhere; `optionUsed`. */
  "dcg.use.done"(g, t) {
    const card = t.card as number;
    if (g.card(card).zone === "limbo") trashCard(g, card);
    raise(g, { e: "optionUsed", card, player: t.p as PlayerIndex });
  },
};
