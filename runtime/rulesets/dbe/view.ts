/**
 * What a player may see: the hidden and open zone rules that decide an agent's view.
 * Source: `000_012504f4614e5b24.txt`, FAQ "When is something a hidden zone?": Active Zones,
 * Trashes, attachments, evolutions, Support and the Destiny Zone are open; a player's own
 * hand (and Dark Area, FAQ "Dark Area") is open to them only; decks and chosen attacks are
 * hidden; revealed cards are open (Redotamamon's "Reveal opponent's hand" until the End
 * Phase; DB-017 Gaizmon's "While attached, Reveal the top 1 of opponent's deck"); a card
 * supported blind from the deck is face down until it resolves (Support Phase 2).
 */
import type { Game } from "../../core/engine.ts";
import type { PlayerIndex } from "../../core/state.ts";
import { DBE_ZONES, P, def } from "./model.ts";
import { continuousFor } from "./continuous.ts";

/** Whether player `viewer` may see the face of card `id` now. */
export function visibleTo(g: Game, viewer: PlayerIndex, id: number): boolean {
  const c = g.card(id);
  const vis = DBE_ZONES[c.zone] ?? "hidden";
  if (c.zone === "support" && c.vars.blind === true && g.state.phase === "support" && g.state.step !== "5") return viewer === c.owner;
  if (vis === "open") return true;
  if (vis === "owner") {
    if (viewer === c.holder) return true;
    return c.zone === "hand" && (P(g, c.holder).handOpen === true || continuousFor(g, c.holder).revealHand);
  }
  if (c.zone === "deck") {
    const deck = g.zone(c.holder, "deck");
    const fromTop = deck.length - 1 - deck.lastIndexOf(id);
    return fromTop < continuousFor(g, c.holder).revealTop;
  }
  return false;
}

/** A player's view of one zone: card names where visible, "?" where hidden (bottom first). */
export interface ZoneView {
  zone: string;
  owner: PlayerIndex;
  cards: string[];
}

/**
 * The game as player `viewer` may see it: every zone with visible cards by set number and
 * name, hidden cards as "?", and the opponent's chosen attack hidden until the Battle Phase
 * reveal (Strategy Phase 2).
 */
export function viewFor(g: Game, viewer: PlayerIndex): { zones: ZoneView[]; attacks: [string | null, string | null] } {
  const zones: ZoneView[] = [];
  for (const p of [0, 1] as PlayerIndex[])
    for (const zone of Object.keys(DBE_ZONES))
      zones.push({ zone, owner: p, cards: g.zone(p, zone).map((id) => (visibleTo(g, viewer, id) ? `${def(g, id).stats.setNumber} ${def(g, id).stats.name}` : "?")) });
  // Revealed at Battle Phase 2 (Strategy Phase 2): still hidden during Battle Phase 1.
  const revealed = (g.state.phase === "battle" && g.state.step !== "1") || g.state.phase === "end";
  const attack = (p: PlayerIndex) => (p === viewer || revealed ? P(g, p).attack : P(g, p).attack === null ? null : "?");
  return { zones, attacks: [attack(0), attack(1)] as [string | null, string | null] };
}

