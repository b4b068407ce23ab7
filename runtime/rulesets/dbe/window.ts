/**
 * Timing windows where players may use effects on their own initiative: the "Any Phase"
 * step 1 of each phase (Prep, Evolution, Support, Battle, End) and the Support step.
 * Source: `000_012504f4614e5b24.txt`, Glossary "Any Phase", "Turbo" (forms 1–3), "DATA",
 * "Data Break", "[1/Turn]", "Access"; FAQ "ACTIVATE timing" (turn player, active, once per
 * game per card), "Card timing and effect timing", "What are lowercase timings…" (Support,
 * Any Support Phase, Either Support Phase), "No-Zone cards", "DZ Proxy".
 *
 * What may be used in a window:
 * - ACTIVATE: the turn player's active Digimon, once per game per card, at an Any Phase step
 *   or at the Support step (FAQ "Card timing and effect timing": "During the player's own
 *   phases during the 'Any Phase' step or during their Support Phase at the Support step");
 * - "Any Phase:" sentences of cards in hand (played to no zone, trashed after), at an Any
 *   Phase step — Support Phase 1 included, not the Support step;
 * - Data Break (DATA cards in hand): ACTIVATE timing (so the Support step too), cost: delete
 *   own Level M from the Destiny Zone;
 * - Turbo: a card's Support sentences at Any Phase / Any Evolve Phase / Any Support Phase,
 *   after its cost, condition or risk;
 * - activated abilities of own attachments ("While attached, [1/Turn] Discard 1: …";
 *   "[Attached] Support: …" in the Support step);
 * - in the Support step: "Either/Any Support Phase:" cards from hand;
 * - where the rules allow it (003, Glossary "Partner Option"; features.ts
 *   `partnerOptionWindows`): the Any Phase and Data Break sentences of a "P" card in the
 *   Destiny Zone, paid for by discarding the Partner from hand.
 * The turn player is offered first, then the other player; each may use several in turn.
 */
import type { Game, Task } from "../../core/engine.ts";
import { other, type Json, type PlayerIndex } from "../../core/state.ts";
import type { Cost, Effect, TurboEffect } from "../../ir.ts";
import { P, activeOf, cardName, cardsWhere, def, who } from "./model.ts";
import type { CompiledCard } from "../../card.ts";
import { tryCost } from "./effects.ts";
import { holds } from "./conditions.ts";
import { queueEffects, raise } from "./triggers.ts";
import { nameOf, ownedCard } from "./narrate.ts";
import { isSupportEffect, partnerInHand } from "./support.ts";
import { feature, partnerOptionRule } from "./features.ts";
import { factsOf } from "./facts.ts";
import { powerOf, prohibits } from "./continuous.ts";
import { queuePhaseAbilities } from "./phase-abilities.ts";

/** One thing a player may use in a window. */
interface Usable {
  kind: "activate" | "anyPhase" | "dataBreak" | "turbo" | "attached" | "supportPhase" | "partnerOption";
  card: number;
  /** Sentence index, for attached abilities. */
  i?: number;
  /** A Partner Option: the Partner in hand it is paid with, and the timing used. */
  partner?: number;
  timing?: "anyPhase" | "dataBreak";
  label: string;
}

/**
 * Whether an attached card's sentence is an ability its owner uses in this window: "While
 * attached, [1/Turn] …: …" at an Any Phase step; "[Attached] Support: …" in either window of
 * the Support Phase (FAQ "Paying DP": Immortalize's abilities are used "during the 'Any Phase'
 * step of the Support Phase or during the normal Support step").
 * @param anyStep the window is an Any Phase step (step 1 of a phase)
 */
function attachedAbility(e: Effect, phase: string, anyStep: boolean): boolean {
  if (e.timings[0]?.kind !== "whileAttached") return false;
  if (e.timings.length === 1) return e.costs.length > 0 && anyStep;
  const t = e.timings[1]!;
  return e.timings.length === 2 && t.kind === "phase" && t.phase === "support" && phase === "support";
}

/**
 * Everything player `p` may use now (module comment).
 * @param phase the phase of the window
 * @param step1 for the Support Phase: its step 1 (an Any Phase step) rather than the Support step
 */
export function usables(g: Game, p: PlayerIndex, phase: string, step1 = false): Usable[] {
  const out: Usable[] = [];
  const s = P(g, p);
  const tp = g.state.turnPlayer;
  const a = activeOf(g, p);
  const anyStep = phase !== "support" || step1;
  if (p === tp && a !== null && def(g, a).stats.timings.includes("ACTIVATE") && !s.activated.includes(a))
    out.push({ kind: "activate", card: a, label: `ACTIVATE ${cardName(g, a)}` });
  for (const id of g.zone(p, "hand")) {
    const f = factsOf(def(g, id));
    if (!f.window) continue;
    const { anyPhase, dataBreak, supportPhase, turbo } = f.fromHand;
    if (anyStep && anyPhase && !prohibits(g, p, "useAnyPhase")) out.push({ kind: "anyPhase", card: id, label: `Any Phase: ${cardName(g, id)}` });
    if (p === tp && dataBreak && cardsWhere(g, p, "destinyZone", isLevelM).length > 0)
      out.push({ kind: "dataBreak", card: id, label: `Data Break: ${cardName(g, id)}` });
    if (turbo && (turbo.phase === "any" ? anyStep && !prohibits(g, p, "useAnyPhase") : turbo.phase === phase) && (turbo.condition === null || holds(g, turbo.condition, p, powerOf)))
      out.push({ kind: "turbo", card: id, label: `Turbo: ${cardName(g, id)}` });
    if (phase === "support" && supportPhase) out.push({ kind: "supportPhase", card: id, label: `Support Phase: ${cardName(g, id)}` });
  }
  if (feature(g, "partnerOptionWindows")) partnerOptionUsables(g, p, anyStep, out);
  attachedUsables(g, p, p, phase, anyStep, out);
  attachedUsables(g, other(p), p, phase, anyStep, out);
  return out;
}

/**
 * 003, Glossary "Partner Option": "Players may choose to discard a Partner in the appropriate
 * circumstance (usually Support for Option cards) and add this card to the appropriate zone
 * from the Destiny Zone" — and 003's Deck Construction allows an "Option/DATA card" there. The
 * appropriate circumstance of an "Any Phase:" sentence is an Any Phase step, of a "Data
 * Break:" sentence the turn player's windows with a Level M in the Destiny Zone (as from the
 * hand: 000, FAQ "DZ Proxy"). Offered with the Partner in hand (features.ts
 * `partnerOptionWindows`).
 */
function partnerOptionUsables(g: Game, p: PlayerIndex, anyStep: boolean, out: Usable[]): void {
  const partner = partnerInHand(g, p);
  if (partner === undefined) return;
  const term = feature(g, "partnerOptionTerm");
  for (const id of g.zone(p, "destinyZone")) {
    const c = def(g, id);
    if (!c.stats.markings.includes("Proxy") || !factsOf(c).window) continue;
    const { anyPhase, dataBreak } = factsOf(c).fromHand;
    const pays = `discard ${cardName(g, partner)}`;
    if (anyStep && anyPhase && !prohibits(g, p, "useAnyPhase")) out.push({ kind: "partnerOption", timing: "anyPhase", card: id, partner, label: `${term}: Any Phase: ${cardName(g, id)} (${pays})` });
    if (p === g.state.turnPlayer && dataBreak && cardsWhere(g, p, "destinyZone", isLevelM).length > 0)
      out.push({ kind: "partnerOption", timing: "dataBreak", card: id, partner, label: `${term}: Data Break: ${cardName(g, id)} (${pays})` });
  }
}

/** The abilities player `p` may use of its own cards attached to player `holder`'s Digimon. */
function attachedUsables(g: Game, holder: PlayerIndex, p: PlayerIndex, phase: string, anyStep: boolean, out: Usable[]): void {
  for (const id of g.zone(holder, "attachment")) {
    if (g.card(id).owner !== p || !factsOf(def(g, id)).window) continue;
    const effects = def(g, id).effects;
    for (let i = 0; i < effects.length; i++) {
      const e = effects[i]!;
      if (e.kind !== "effect" || !attachedAbility(e, phase, anyStep)) continue;
      // An Any Phase step ability: not while its owner "cannot use Any Phase effects".
      if (e.timings.length === 1 && prohibits(g, p, "useAnyPhase")) continue;
      if (e.costs.some(isOncePerTurn) && g.card(id).vars.usedTurn === g.state.turn) continue;
      out.push({ kind: "attached", card: id, i, label: `${cardName(g, id)}: ${e.text}` });
    }
  }
}

/** Window task handlers. */
export const WINDOW_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /**
   * Step 1 of a phase, as a turn runs it: the phase abilities activate (`dbe.phaseAbilities`),
   * then the step's Any Phase window opens (`dbe.window`; on the Support Phase, its step-1
   * window). When no phase ability triggered, the window opens at once, without tasks of
   * its own. Source: step 1 of Prep, Evolution, Support, Battle and End Phase; Glossary
   * "Any Phase".
   */
  "dbe.phaseStart"(g, t) {
    const phase = t.phase as string;
    const window: Task = phase === "support" ? { t: "dbe.window", phase, step: 1 } : { t: "dbe.window", phase };
    if (queuePhaseAbilities(g, phase)) g.push({ t: "dbe.triggers" }, window);
    else (g.ruleset.tasks["dbe.window"] as (g: Game, t: Task) => void)(g, window); // the ruleset's window (a variant may replace it)
  },
  /**
   * A window for player `p` (then the other player when `both`). `step: 1` on the Support
   * Phase: its step 1, an Any Phase step (Glossary "Any Phase": "any of the Phase's Step 1");
   * without it, the Support step.
   */
  "dbe.window"(g, t) {
    const phase = t.phase as string;
    const p = (t.p as PlayerIndex | undefined) ?? g.state.turnPlayer;
    const step1 = t.step === 1;
    // A Turbo or an attached ability whose cost was not met (or was declined) is not offered
    // again in this window: otherwise a player could be asked the same thing forever.
    let tried = (t.tried as string[] | undefined) ?? [];
    if (t.used !== undefined && t.answer === undefined) {
      if (g.state.vars.useFailed === true) tried = [...tried, t.used as string];
      g.set(g.state.vars, "useFailed", false);
    }
    const us = untried(usables(g, p, phase, step1), tried);
    if (us.length === 0) {
      otherWindow(g, t, p);
      return;
    }
    if (t.answer === undefined) {
      g.ask(p, "useEffect", `Use an effect? (${phase === "support" && !step1 ? "Support step" : `${phase} Phase step 1: Any Phase`})`, [{ label: "None", value: null }, ...us.map((u) => ({ label: u.label, value: u as unknown as Json }))], 1, 1, t);
      return;
    }
    const k = t.answer[0]!;
    if (k === 0) {
      otherWindow(g, t, p);
      return;
    }
    const u = us[k - 1]!;
    // After using one (and after it has resolved), the same player may use another; then the
    // other player. The continuation is pushed first so that it runs last.
    g.set(g.state.vars, "useFailed", false);
    g.push({ t: "dbe.window", phase, p, ...(step1 ? { step: 1 } : {}), ...(t.first !== undefined ? { first: t.first } : {}), tried, used: usableKey(u) });
    use(g, p, u);
  },
  /**
   * A card played to no zone is trashed once it has resolved (FAQ "No-Zone cards"); one
   * played from the Destiny Zone is deleted (Glossary "Delete"; 003, Glossary "Partner
   * Option": "Remember to delete it after resolution if it leaves the Destiny Zone").
   */
  "dbe.noZoneDone"(g, t) {
    const id = t.card as number;
    const c = g.card(id);
    if (c.zone === "noZone" && c.vars.fromDestiny === true) {
      g.move(id, c.owner, "deleted");
      g.logger?.emit("noZoneDone", c.owner, `${ownedCard(g, id)} has resolved and is deleted (a ${feature(g, "partnerOptionTerm")} from the Destiny Zone: ${partnerOptionRule(g)}; Glossary "Delete")`, { card: id });
      return;
    }
    if (c.zone === "noZone") {
      g.move(id, c.owner, "trash");
      g.logger?.emit("noZoneDone", c.owner, `${ownedCard(g, id)} has resolved and goes into the trash (FAQ "No-Zone cards")`, { card: id });
    }
  },
  /** The Turbo's risk and the card's Support sentences (Glossary "Turbo" 1–3). */
  "dbe.turboPlay"(g, t) {
    const id = t.card as number;
    const p = t.p as PlayerIndex;
    if (t.paid === true && g.state.vars.costFailed === true) {
      g.set(g.state.vars, "costFailed", false);
      return;
    }
    const c = def(g, id);
    const turbo = c.effects.find((e): e is TurboEffect => e.kind === "turbo")!;
    if (g.card(id).zone !== "noZone") g.move(id, p, "noZone");
    g.logger?.emit("turbo", p, `${who(g, p)} plays ${nameOf(g, id)} from the hand by Turbo, to no zone (Glossary "Turbo")`, { card: id });
    // Runs as: the risk ("and …", form 3), the card's Support sentences, then the card is trashed.
    g.push({ t: "dbe.noZoneDone", card: id });
    queueEffects(g, id, p, (e) => isSupportEffect(c, e), "turbo");
    g.push(...turbo.risk.map((a) => ({ t: "dbe.act", card: id, p, a: a as unknown as Json })));
  },
};

const isOncePerTurn = (c: Cost): boolean => c.kind === "oncePerTurn";
const isLevelM = (c: CompiledCard): boolean => c.stats.level === "M";

/** The usables not tried yet in this window. */
function untried(us: Usable[], tried: readonly string[]): Usable[] {
  if (tried.length === 0) return us;
  const out: Usable[] = [];
  for (const u of us) if (!tried.includes(usableKey(u))) out.push(u);
  return out;
}

/**
 * After player `p`'s window (task `t`): the other player's, unless this was it. Nothing runs
 * in between, so when that player has nothing to use now its window is skipped without a task.
 */
function otherWindow(g: Game, t: Task, p: PlayerIndex): void {
  if (t.first !== undefined) return;
  const phase = t.phase as string;
  const step1 = t.step === 1;
  if (usables(g, other(p), phase, step1).length > 0) g.push({ t: "dbe.window", phase, p: other(p), first: p, ...(step1 ? { step: 1 } : {}) });
}

/** A key naming one usable thing in a window (for "offered once per window"). */
function usableKey(u: Usable): string {
  return `${u.kind}:${u.card}:${u.i ?? u.timing ?? ""}`;
}

/**
 * Use one usable thing: push its tasks so that they run before whatever is on the agenda
 * (the window's continuation): its sentences resolve, then a no-zone card is trashed.
 */
function use(g: Game, p: PlayerIndex, u: Usable): void {
  const id = u.card;
  switch (u.kind) {
    case "activate": {
      g.set(P(g, p), "activated", [...P(g, p).activated, id]);
      // FAQ "ACTIVATE timing": "it will always be deleted when it next leaves its current zone".
      g.set(g.card(id).vars, "activated", true);
      g.logger?.emit("activate", p, `${ownedCard(g, id)} uses its ACTIVATE effect, once this game (FAQ "ACTIVATE timing")`, { card: id });
      queueEffects(g, id, p, (e) => e.timings.length === 0 || (e.timings[0]!.kind === "card" && e.timings[0]!.timing === "ACTIVATE"), "activate");
      return;
    }
    case "anyPhase":
    case "supportPhase": {
      g.move(id, p, "noZone");
      g.logger?.emit("play", p, `${who(g, p)} plays ${nameOf(g, id)} from the hand, to no zone (${u.kind === "anyPhase" ? 'Glossary "Any Phase"' : 'Either / Any Support Phase, FAQ "lowercase timings"'})`, { card: id });
      const kinds = u.kind === "anyPhase" ? ["anyPhase"] : ["eitherSupportPhase", "anySupportPhase"];
      g.push({ t: "dbe.noZoneDone", card: id });
      queueEffects(g, id, p, (e) => kinds.includes(e.timings[0]?.kind ?? ""), u.kind);
      return;
    }
    case "dataBreak": {
      // Glossary "Data Break": the included cost is deleting own Level M from the Destiny Zone.
      const m = cardsWhere(g, p, "destinyZone", isLevelM)[0]!;
      g.move(m, p, "deleted");
      g.move(id, p, "noZone");
      g.logger?.emit("dataBreak", p, `${who(g, p)} deletes ${nameOf(g, m)} from the Destiny Zone to play ${nameOf(g, id)} by Data Break (Glossary "Data Break")`, { card: id, deleted: m });
      g.push({ t: "dbe.noZoneDone", card: id });
      queueEffects(g, id, p, (e) => e.timings[0]?.kind === "dataBreak", "dataBreak");
      return;
    }
    case "turbo": {
      const turbo = def(g, id).effects.find((e): e is TurboEffect => e.kind === "turbo")!;
      if (!turbo.cost) {
        g.push({ t: "dbe.turboPlay", card: id, p });
        return;
      }
      // Glossary "Turbo" 1: the cost first; the card leaves the hand inside the cost's
      // transaction (it cannot pay for itself) and a cost not met puts it back.
      g.push({ t: "dbe.turboPlay", card: id, p, paid: true });
      tryCost(g, id, p, [turbo.cost], turbo.text, { inside: () => g.move(id, p, "noZone"), lostToTrash: true });
      return;
    }
    case "attached":
      // [1/Turn] is recorded when its cost is met (effects.ts `dbe.costEnd`), not on use.
      g.push({ t: "dbe.effect", card: id, p, i: u.i!, source: "attached" }, { t: "dbe.triggers" });
      return;
    case "partnerOption": {
      // 003, Glossary "Partner Option": discard the Partner, the card comes from the Destiny
      // Zone to no zone (as a card played by its timing), and is deleted after it resolves.
      const partner = u.partner!;
      g.move(partner, p, "trash");
      let paid = `discards the Partner ${nameOf(g, partner)} from the hand`;
      if (u.timing === "dataBreak") {
        // Glossary "Data Break": its included cost, deleting own Level M from the Destiny Zone.
        const m = cardsWhere(g, p, "destinyZone", isLevelM)[0]!;
        g.move(m, p, "deleted");
        paid += ` and deletes ${nameOf(g, m)} from the Destiny Zone`;
      }
      g.move(id, p, "noZone");
      g.set(g.card(id).vars, "fromDestiny", true);
      g.logger?.emit("partnerOption", p, `${who(g, p)} ${paid} to play the ${feature(g, "partnerOptionTerm")} ${nameOf(g, id)} from the Destiny Zone by ${u.timing === "dataBreak" ? "Data Break" : "Any Phase"} (${partnerOptionRule(g)})`, { card: id, partner });
      g.push({ t: "dbe.noZoneDone", card: id });
      queueEffects(g, id, p, (e) => e.timings[0]?.kind === u.timing, u.timing!);
      // Discarding the Partner is a discard from the hand (Glossary "Discard"): its triggered
      // sentences resolve first (FAQ "Interrupting effects/triggers").
      if (raise(g, "discards", p)) g.push({ t: "dbe.triggers" });
      return;
    }
  }
}
