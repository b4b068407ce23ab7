/**
 * The DBE End Phase. Source: `000_012504f4614e5b24.txt`, "End Phase" steps 1–5.
 */
import type { Game, Task } from "../../core/engine.ts";
import { other, type PlayerIndex } from "../../core/state.ts";
import { activeOf, cardOptions, def, P, printedPower, who } from "./model.ts";
import { feature } from "./features.ts";
import { permanentPower } from "./permanent.ts";
import { MAX_HAND, enter } from "./turn.ts";
import { raise } from "./triggers.ts";
import { powerOf } from "./continuous.ts";
import { activeText, cardsText, ownedCard, powerChange } from "./narrate.ts";
import type { AttackSlot } from "../../vocabulary.ts";

/** End Phase task handlers. */
export const END_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /**
   * Step 2: the turn player (only) discards down to 6 cards, choosing which. Then steps 3–5.
   */
  "dbe.end"(g, t) {
    enter(g, "end", "2");
    const p = g.state.turnPlayer;
    const hand = g.zone(p, "hand");
    const over = hand.length - MAX_HAND;
    if (over > 0) {
      if (t.answer === undefined) {
        g.ask(p, "discardDown", `Discard down to ${MAX_HAND} (End Phase 2)`, cardOptions(g, hand), over, over, t);
        return;
      }
      const ids = t.answer.map((i) => hand[i]!);
      for (const id of ids) g.move(id, p, "trash");
      g.logger?.emit("discard", p, `${who(g, p)} discards ${cardsText(g, ids)} down to ${MAX_HAND} cards in hand (End Phase 2)`, { cards: ids });
      // Glossary "Discard": hand to trash — "When … discards" sentences wait for it too.
      raise(g, "discards", p);
      g.push({ t: "dbe.triggers" }, { t: "dbe.end.cleanup" });
      return;
    }
    g.push({ t: "dbe.end.cleanup" });
  },
  /**
   * Step 3: remove all lingering effects — Power back to printed (plus permanent evo-box
   * bonuses, 3.4), gained abilities, 1st Attack gains, prohibitions and Revival end; HP,
   * type and name changes stay (3.1–3.4). By 003's 3.1 ("Type-changes/gains are
   * semi-permanent", names not listed) a name change is lingering and ends here
   * (features.ts `nameChangesStay`).
   * Step 4: discard all supports, reset attack selections. Step 5: the turn passes.
   */
  "dbe.end.cleanup"(g) {
    enter(g, "end", "3");
    const before = g.logger ? [powerOf(g, 0), powerOf(g, 1)] : [];
    for (const p of [0, 1] as PlayerIndex[]) {
      const s = P(g, p);
      const a = activeOf(g, p);
      // 3.4: permanent evo-box bonuses ("∞ Power +40") are permanent changes, kept.
      g.set(s, "power", a === null ? { circle: 0, triangle: 0, cross: 0 } : withPermanent(printedPower(g, a, s.abnormal), permanentPower(g, p)));
      g.set(s, "gained", []);
      g.set(s, "firstAttack", []);
      g.set(s, "secondAttack", 0);
      g.set(s, "cannotGainFirstAttack", false);
      g.set(s, "prohibited", []);
      if (s.handOpen) g.set(s, "handOpen", false);
      g.set(s, "revival", null);
      g.set(s, "attack", null);
      g.set(s, "supportVoided", false);
      g.set(s, "voidedCards", []);
      g.set(s, "evolved", false);
      g.set(s, "evolveCardPlayed", false);
      g.set(s, "partnerEvolved", false);
      if (!feature(g, "nameChangesStay")) endNameChanges(g, p);
      if (g.logger && a !== null && !samePower(before[p], powerOf(g, p))) g.logger.emit("powerReset", p, `${activeText(g, p)}: lingering effects end, ${powerChange(before[p]!, powerOf(g, p))} (End Phase 3)`);
    }
    // Step 4: "Discard all Support cards, reset attack selections" (the selection is reset above).
    enter(g, "end", "4");
    for (const p of [0, 1] as PlayerIndex[]) {
      const supports = [...g.zone(p, "support")];
      for (const id of supports) {
        const c = g.card(id);
        // Glossary "Proxy", "Delete": a card played from the Destiny Zone is deleted after use
        // (003, Glossary "Partner Option": "Remember to delete it after resolution").
        const deleted = c.vars.fromDestiny === true;
        g.set(c, "vars", {});
        g.move(id, c.owner, deleted ? "deleted" : "trash");
        g.logger?.emit("supportDone", c.owner, `${ownedCard(g, id)} ${deleted ? `is deleted (a ${feature(g, "partnerOptionTerm")} from the Destiny Zone: ${feature(g, "partnerOptionTerm") === "Proxy" ? 'Glossary "Proxy"' : '003, Glossary "Partner Option"'})` : "goes from the Support Zone into the trash"} (End Phase 4)`, { card: id });
      }
    }
    // Step 5: the turn passes to the next player (its turn is already queued by dbe.turn).
    enter(g, "end", "5");
    g.set(g.state, "turnPlayer", other(g.state.turnPlayer));
  },
};

/**
 * 003, End Phase 3 / 3.1: a name change is a lingering effect ("Remove ALL 'lingering'
 * effects"; only "Type-changes/gains are semi-permanent"): the cards of player `p`'s Active
 * Zone go back to their printed names (matching.ts `namesOf` reads null as no change).
 */
function endNameChanges(g: Game, p: PlayerIndex): void {
  for (const id of g.zone(p, "active")) {
    const vars = g.card(id).vars;
    if (vars.name == null) continue;
    g.set(vars, "name", null);
    g.logger?.emit("changeName", p, `${ownedCard(g, id)}'s name change ends: it is ${def(g, id).stats.name} again (003, End Phase 3: a lingering effect)`, { card: id, name: def(g, id).stats.name });
  }
}

/** Whether two Power records are equal on every attack. */
function samePower(a: Record<AttackSlot, number> | undefined, b: Record<AttackSlot, number>): boolean {
  return a !== undefined && a.circle === b.circle && a.triangle === b.triangle && a.cross === b.cross;
}

/** Printed Power plus the permanent Power changes in force (End Phase 3.4; permanent.ts). */
function withPermanent(printed: Record<AttackSlot, number>, perm: Record<AttackSlot, number> | null): Record<AttackSlot, number> {
  if (!perm) return printed;
  return { circle: Math.max(0, printed.circle + perm.circle), triangle: Math.max(0, printed.triangle + perm.triangle), cross: Math.max(0, printed.cross + perm.cross) };
}
