/**
 * Where a card in play sits, and which of its sentences work there.
 *
 * The cards in play of a player are its active stack, its attachments and the Mastery card on
 * top of its Destiny Zone (Pre-Game Setup 2); a card in the Support Zone is "in play" for its
 * (parenthesised) permanent sentences (Glossary "(Parenthesis text)"). Which sentences apply
 * continuously where the card sits ({@link isContinuous}) is read by the card's facts
 * (facts.ts) and by the continuous layer (continuous.ts); whether a triggered sentence's card
 * is still where it triggered ({@link stillInPlace}) by the effect interpreter (effects.ts).
 * Source: `000_012504f4614e5b24.txt`, Glossary "(Parenthesis text)", FAQ "What are lowercase
 * timings…" (Passive, Active Zone, While attached), FAQ "Leaving a zone", Anatomy item 13
 * (PASSIVE).
 *
 * It sits below both: it reads the game state model only.
 */
import type { Game } from "../../core/engine.ts";
import type { PlayerIndex } from "../../core/state.ts";
import type { CompiledCard } from "../../card.ts";
import type { Effect, Timing } from "../../ir.ts";
import { activeOf, def } from "./model.ts";

/**
 * Where a card in play sits, for which of its sentences work there. "support": a card in the
 * Support Zone, where only its (parenthesised) permanent sentences apply continuously.
 */
export type Place = "active" | "stack" | "attachment" | "mastery" | "support";

/**
 * Where a triggered sentence's card was when it triggered: a place of a card in play, or the
 * Support Zone (phase abilities of supports: see `dbe.phaseAbilities`).
 */
export type Origin = Place;

/** A card in play and where. */
export interface InPlay {
  card: number;
  owner: PlayerIndex;
  place: Place;
}

/**
 * Visit the cards in play of player `p` — active stack (top first), attachments, the
 * Mastery card on top of the Destiny Zone — without building a list (this runs on every Power
 * read and every event). `visit` gets `arg` back: pass a module-level function and the
 * data it needs, so that no closure is made per walk.
 */
export function forEachInPlay<A>(g: Game, p: PlayerIndex, visit: (g: Game, card: number, owner: PlayerIndex, place: Place, arg: A) => void, arg: A): void {
  const stack = g.zone(p, "active");
  for (let i = stack.length - 1; i >= 0; i--) visit(g, stack[i]!, g.card(stack[i]!).owner, i === stack.length - 1 ? "active" : "stack", arg);
  for (const id of g.zone(p, "attachment")) visit(g, id, g.card(id).owner, "attachment", arg);
  // Pre-Game Setup 2: the Mastery card (at most one: Deck Construction) is put on top of the
  // Destiny Zone, and nothing is put onto that zone during play.
  const dz = g.zone(p, "destinyZone");
  if (dz.length === 0) return; // (no read out of bounds: V8 would leave its fast path)
  const top = dz[dz.length - 1]!;
  if (def(g, top).stats.markings.includes("Mastery")) visit(g, top, p, "mastery", arg);
}

/** The cards in play of player `p` as a list (see {@link forEachInPlay}). */
export function cardsInPlay(g: Game, p: PlayerIndex): InPlay[] {
  const out: InPlay[] = [];
  forEachInPlay(g, p, (_, card, owner, place, list) => list.push({ card, owner, place }), out);
  return out;
}

/** The timings of a sentence without a leading "Passive" (which only says it is continuous). */
export function afterPassive(e: Effect): Timing[] {
  return e.timings[0]?.kind === "passive" ? e.timings.slice(1) : e.timings;
}

/**
 * Whether a sentence of a card applies continuously where the card is (continuous.ts module
 * comment): (parenthesis) permanent sentences and PASSIVE / "Passive" sentences of the active
 * Digimon, "Active Zone" sentences anywhere in the active stack, "While attached" sentences of
 * attachments, a support's parenthesised sentences without a timing; never a sentence with a
 * cost.
 */
export function isContinuous(card: CompiledCard, e: Effect, place: Place): boolean {
  const t = e.timings;
  // A sentence with a cost is used, not continuous (window.ts: "While attached, [1/Turn] …: …").
  if (e.costs.length > 0) return false;
  // Glossary "(Parenthesis text)": a support's parenthesised sentence applies "at all times"
  // while the card is in the Support Zone (a timed one, "(At End, …)", keeps its timing).
  if (place === "support") return e.permanent && afterPassive(e).length === 0;
  if (place === "attachment") return t[0]?.kind === "whileAttached" && t.length === 1;
  if (t[0]?.kind === "activeZone" && t.length === 1) return place === "active" || place === "stack";
  if (place === "stack") return false;
  if (e.permanent) return true;
  if (t.length === 1 && t[0]!.kind === "passive") return true;
  return t.length === 0 && card.stats.timings.includes("PASSIVE");
}

/**
 * Whether a card that triggered from `place` is still there (FAQ "Leaving a zone", second
 * bullet: "Lingering effects' conditions are voided if the causing card is removed from its
 * zone" — Etemon KO'd, removed by Potty Boat, or no longer the top active, does nothing).
 */
export function stillInPlace(g: Game, card: number, place: Origin): boolean {
  const c = g.card(card);
  switch (place) {
    case "active":
      return c.zone === "active" && activeOf(g, c.holder) === card;
    case "stack":
      return c.zone === "active";
    case "attachment":
      return c.zone === "attachment";
    case "mastery":
      return c.zone === "destinyZone";
    case "support":
      return c.zone === "support";
  }
}
