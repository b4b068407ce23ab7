/**
 * The DBE Support Phase: playing supports, void checks, Jamming, misfires and resolution.
 * Source: `000_012504f4614e5b24.txt`, "Support Phase" steps 1–5.4 and its POINTs; FAQ
 * "When should Jamming void a Digimon Support?".
 */
import type { Game, Task } from "../../core/engine.ts";
import { other, type PlayerIndex } from "../../core/state.ts";
import type { Effect } from "../../ir.ts";
import { bodyActions } from "./facts.ts";
import { activeOf, cardName, cardOptions, cardsWhere, def, isSupportCard, P, who } from "./model.ts";
import type { CompiledCard } from "../../card.ts";
import { voidCard } from "./effects.ts";
import { queueEffects, raiseFromRules } from "./triggers.ts";
import { isContinuous } from "./places.ts";
import { activeText, attackName, nameOf, ownedCard } from "./narrate.ts";
import { enter } from "./turn.ts";
import { feature, partnerOptionRule } from "./features.ts";

/**
 * Whether an effect of a card resolves when the card is played as a support. A parenthesised
 * sentence does not: it applies continuously from the Support Zone instead (Glossary
 * "(Parenthesis text)"; continuous.ts).
 */
export function isSupportEffect(card: CompiledCard, e: Effect): boolean {
  if (isContinuous(card, e, "support")) return false;
  // "Access [type]:" is a condition of revealing a card from hand, not a timing (Glossary "Access").
  if (e.timings.length === 0 || (e.timings.length === 1 && e.timings[0]!.kind === "access")) return card.stats.timings.includes("SUPPORT");
  const t = e.timings[0]!;
  return (t.kind === "card" && t.timing === "SUPPORT") || (t.kind === "phase" && t.phase === "support");
}

/** Whether a sentence voids something (void checks come first: Support Phase 5.1). */
export function isVoidEffect(e: Effect): boolean {
  return bodyActions(e.body).some((a) => a.kind === "void");
}

/** Whether a player's chosen attack itself has Jamming (printed or gained on it). Battle Phase 3.1. */
function ownJamming(g: Game, p: PlayerIndex): boolean {
  const s = P(g, p);
  const a = activeOf(g, p);
  if (a === null || s.attack === null) return false;
  if (def(g, a).stats[s.attack]?.ability?.kind === "jamming") return true;
  return s.gained.some((x) => x.ability.kind === "jamming" && (x.attack === null || x.attack === s.attack));
}

/**
 * Whether `p` holds a Counter that Jamming cannot void and whose requirement the opponent's
 * chosen attack meets: set by an Option (Gold Banana), or not on a Cross (FAQ "Counter
 * specifics" 3; the same test as `battle.ts` makes at Battle Phase 3.1).
 */
function unjammableCounter(g: Game, p: PlayerIndex): boolean {
  const s = P(g, p);
  const target = P(g, other(p)).attack;
  if (s.attack === null || target === null) return false;
  return s.gained.some(
    (x) =>
      x.ability.kind === "counter" &&
      (x.attack === null || x.attack === s.attack) &&
      (x.ability.attack === null || x.ability.attack === target) &&
      !(s.attack === "cross" && x.voidable !== false),
  );
}

/**
 * Whether a player can use Jamming now (Battle Phase 3.1; Support Phase 5.3). FAQ "Counter
 * specifics" 3: once a Counter the Jamming cannot void is set against the attack carrying
 * it, "the Jamming-user can't use their own Jamming effect anymore and it is usable by the
 * countering player". 003 has no such case: only a player's own Jamming counts (features.ts
 * `counterTakesJamming`).
 */
export function hasJamming(g: Game, p: PlayerIndex): boolean {
  if (!feature(g, "counterTakesJamming")) return ownJamming(g, p);
  const q = other(p);
  if (ownJamming(g, p)) return !unjammableCounter(g, q);
  return ownJamming(g, q) && unjammableCounter(g, p);
}

/** Support Phase task handlers. */
export const SUPPORT_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /**
   * Support Phase 2–4: a player plays one support from hand, blind from the top of the
   * deck (face down), or none. The non-turn player plays first. Also played when the
   * Strategy Phase was skipped for lack of an opposing active ("Skip to Support Phase").
   */
  "dbe.support.play"(g, t) {
    const p = t.p as PlayerIndex;
    enter(g, "support", p === g.state.turnPlayer ? "4" : "3");
    const hand = cardsWhere(g, p, "hand", isSupportCard);
    const deck = g.zone(p, "deck");
    const proxies = proxyOptions(g, p);
    if (t.answer === undefined) {
      const options = cardOptions(g, hand, { label: "No support", value: null });
      if (deck.length) options.push({ label: "Blind from the top of the deck", value: -1 });
      const term = feature(g, "partnerOptionTerm");
      for (const x of proxies) options.push({ label: `${term}: ${cardName(g, x.proxy)} (discard ${cardName(g, x.partner)})`, value: x.proxy });
      g.ask(p, "chooseSupport", `Play a support (Support Phase ${p === g.state.turnPlayer ? 4 : 3})`, options, 1, 1, t);
      return;
    }
    const k = t.answer[0]!;
    if (k === 0) {
      g.logger?.emit("support", p, `${who(g, p)} plays no support (Support Phase ${p === g.state.turnPlayer ? 4 : 3})`);
      return;
    }
    const proxyAt = k - hand.length - 1 - (deck.length ? 1 : 0);
    if (proxyAt >= 0) {
      // FAQ "DZ Proxy": discard the Partner from hand, then the Proxy card goes from the
      // Destiny Zone straight to the Support Zone (not played from hand); deleted after use.
      const x = proxies[proxyAt]!;
      g.move(x.partner, p, "trash");
      g.move(x.proxy, p, "support");
      g.set(g.card(x.proxy).vars, "fromDestiny", true);
      g.logger?.emit("support", p, `${who(g, p)} discards the Partner ${nameOf(g, x.partner)} from the hand and supports with the ${feature(g, "partnerOptionTerm")} ${nameOf(g, x.proxy)} from the Destiny Zone (${partnerOptionRule(g)})`, { card: x.proxy, proxy: true });
      // FAQ "DZ Proxy": "The cost is discarding your partner from hand" — a discard from the
      // hand (Glossary "Discard"), which "When … discards" sentences wait for.
      raiseFromRules(g, "discards", p);
      return;
    }
    const blind = k === hand.length + 1;
    const id = blind ? deck[deck.length - 1]! : hand[k - 1]!;
    g.move(id, p, "support");
    if (blind) g.set(g.card(id).vars, "blind", true);
    g.logger?.emit("support", p, `${who(g, p)} supports ${blind ? "blind with the top card of the deck, " : "with "}${nameOf(g, id)}${blind ? " (face down)" : ""} (Support Phase ${p === g.state.turnPlayer ? 4 : 3})`, { card: id, blind });
  },
  /**
   * Support Phase 5: void checks first, in turn-player order (5.1, 5.1.1); then supports
   * resolve last in, first out — the turn player's first (5). Right before a player's
   * support resolves, the opponent may reveal Jamming against it if it is a Digimon (5.3):
   * "Jamming can only void Digimon supports if they haven't resolved yet", and Jamming given
   * by a support that resolved first can be used (POINT under Support Phase). A blind
   * support that cannot be played misfires (5.2).
   */
  "dbe.support.resolve"(g) {
    enter(g, "support", "5");
    const tp = g.state.turnPlayer;
    const order: PlayerIndex[] = [tp, other(tp)];
    const tasks: Task[] = [];
    for (const p of order) for (const id of unusedSupports(g, p)) tasks.push({ t: "dbe.support.voids", p, card: id });
    for (const p of order) {
      tasks.push({ t: "dbe.support.jamming", p: other(p) });
      for (const id of unusedSupports(g, p)) tasks.push({ t: "dbe.support.one", p, card: id });
    }
    if (tasks.length > 2) tasks.push({ t: "dbe.support.restart" });
    g.push(...tasks);
  },
  /**
   * 5.4: "After both supports are used (fully resolved), if there are any remaining unused
   * supports (placed there by card effects), continue by restarting the resolution step
   * from the beginning."
   */
  "dbe.support.restart"(g) {
    for (const p of [0, 1] as PlayerIndex[]) for (const id of g.zone(p, "support")) if (g.card(id).vars.used !== true) {
      g.logger?.emit("supportRestart", null, `Unused supports remain: resolving restarts from the beginning (Support Phase 5.4)`);
      g.push({ t: "dbe.support.resolve" });
      return;
    }
  },
  /**
   * 5.1: the void sentences of a support run before everything else, the turn player's first
   * (5.1.1). Voids cannot nullify other void effects (000, 5.1.2): a card voided by the other
   * player's void still applies its own voids. By 003's 5.1 ("Voiding means to nullify the
   * card"; no 5.1.2) a card voided first applies none (features.ts `voidsNullifyVoids`).
   */
  "dbe.support.voids"(g, t) {
    const p = t.p as PlayerIndex;
    const id = t.card as number;
    const c = def(g, id);
    if (misfiresBlind(g, id)) return;
    if (feature(g, "voidsNullifyVoids") && P(g, p).voidedCards.includes(id)) {
      g.logger?.emit("voidedFirst", p, `${ownedCard(g, id)} was voided first: its voids do not happen either (003, Support Phase 5.1: "Voiding means to nullify the card")`, { card: id });
      return;
    }
    g.set(g.card(id).vars, "voidsDone", true);
    queueEffects(g, id, p, (e) => isSupportEffect(c, e) && isVoidEffect(e), "support void");
  },
  /**
   * 5.3: a player who chose an attack with Jamming may reveal it and void the opponent's
   * Digimon support; not doing so before Battle is a missed opportunity.
   */
  "dbe.support.jamming"(g, t) {
    const p = t.p as PlayerIndex;
    const op = other(p);
    const targets = g.zone(op, "support").filter((id) => def(g, id).stats.kind === "Digimon" && !P(g, op).voidedCards.includes(id));
    if (!targets.length || !hasJamming(g, p)) return;
    if (t.answer === undefined) {
      g.ask(p, "revealJamming", `Reveal Jamming to void ${cardName(g, targets[0]!)}? (Support Phase 5.3)`, [{ label: "No", value: false }, { label: "Reveal Jamming", value: true }], 1, 1, t);
      return;
    }
    if (t.answer[0] !== 1) return;
    g.logger?.emit("revealJamming", p, `${activeText(g, p)} reveals its chosen attack, ${attackName(P(g, p).attack ?? "cross")}, with Jamming (Support Phase 5.3)`);
    for (const id of targets) voidCard(g, op, id, "Jamming, Support Phase 5.3");
  },
  /** 5: resolve one support's other sentences. */
  "dbe.support.one"(g, t) {
    const p = t.p as PlayerIndex;
    const id = t.card as number;
    g.set(g.card(id).vars, "used", true);
    if (P(g, p).voidedCards.includes(id)) return;
    if (misfiresBlind(g, id)) {
      g.logger?.emit("misfire", p, `${ownedCard(g, id)}, supported blind, cannot be played as a support and misfires (Support Phase 5.2)`, { card: id });
      return;
    }
    const c = def(g, id);
    const voidsDone = g.card(id).vars.voidsDone === true;
    queueEffects(g, id, p, (e) => isSupportEffect(c, e) && !(voidsDone && isVoidEffect(e)), "support");
  },
};

/**
 * The first copy of player `p`'s declared Partner in the hand, which a "P" card of the
 * Destiny Zone is paid with (Glossary "Proxy"; 003, Glossary "Partner Option": "discard a
 * Partner"), or undefined.
 */
export function partnerInHand(g: Game, p: PlayerIndex): number | undefined {
  const partnerKey = P(g, p).partner;
  if (partnerKey === null) return undefined;
  for (const id of g.zone(p, "hand")) if (def(g, id).stats.setNumber === partnerKey) return id;
  return undefined;
}

/**
 * Proxy cards a player may support with: a SUPPORT card marked "P" in the Destiny Zone,
 * paid for by discarding the Partner from hand (Glossary "Proxy"; FAQ "DZ Proxy"; 003,
 * Glossary "Partner Option").
 */
function proxyOptions(g: Game, p: PlayerIndex): readonly { proxy: number; partner: number }[] {
  const partner = partnerInHand(g, p);
  if (partner === undefined) return NO_PROXIES;
  const out: { proxy: number; partner: number }[] = [];
  for (const proxy of cardsWhere(g, p, "destinyZone", isProxySupport)) out.push({ proxy, partner });
  return out;
}

const NO_PROXIES: readonly { proxy: number; partner: number }[] = [];
const isProxySupport = (c: CompiledCard): boolean => c.stats.markings.includes("Proxy") && isSupportCard(c);

/** A player's supports not yet used: 5.4, a restart resolves only those. */
function unusedSupports(g: Game, p: PlayerIndex): number[] {
  const out: number[] = [];
  for (const id of g.zone(p, "support")) if (g.card(id).vars.used !== true) out.push(id);
  return out;
}

/** A blind support misfires when the card has no SUPPORT timing (Support Phase 5.2). */
function misfiresBlind(g: Game, id: number): boolean {
  return !def(g, id).stats.timings.includes("SUPPORT");
}
