/**
 * Playing Digimon and Tamers (002 chapter 7) and
 * DigiXros (002 §7-2-6). The steps: reveal (§7-2-2-1), the "would be played" effects and
 * cost modifiers in force (§7-2-6-15-3: the host's `cost`), DigiXros materials (§7-2-6-15-4),
 * pay (§7-2-2-2), the play is complete and [On Play] triggers (§7-2-2-3). A played Digimon
 * cannot attack this turn (§7-2-4: `playedTurn`).
 */
import type { Game, Task } from "../../core/engine.ts";
import type { Json, PlayerIndex } from "../../core/state.ts";
import type { DcgSetup } from "./setup.ts";
import type { DcgDigiXros } from "../../lang/dcg/ir.ts";
import { P, ask, canPay, cardName, def, memoryOf, pay, permName, topOf, who, type DcgCard, type DcgPermanent, type DcgZone } from "./model.ts";
import { hostOf, raise } from "./events.ts";
import { costWith } from "./continuous.ts";
import { detachSource, enterPlay, takeAsMaterial } from "./moves.ts";

/** The DigiXros requirement of a card (002 §2-15-1, §4-22-1), or null. */
export function digiXrosOf(c: DcgCard): DcgDigiXros | null {
  for (const u of c.effects.effect) if (u.digixros) return u.digixros;
  return null;
}

/** The play cost of a card in `p`'s hand with the modifiers in force (PLY-3; 002 §2-7), or null when it has none. */
export function playCost(g: Game, p: PlayerIndex, card: number): number | null {
  const printed = def(g, card).stats.cost;
  return printed === null ? null : costWith(g, p, printed, { kind: "play", card });
}

/** One candidate material for a DigiXros slot: a card in hand (`perm` null) or a battle-area Digimon's top card. */
export interface XrosMaterial {
  card: number;
  perm: number | null;
}

/**
 * The cards that may fill DigiXros slot `slot` of `card` for player `p` (002 §7-2-6-2: from
 * the hand or from `p`'s Digimon in the battle area; §4-19-2-1: not a Token), leaving out
 * those already chosen (§7-2-6-12: each specified card at most once).
 */
export function xrosCandidates(g: Game, p: PlayerIndex, card: number, slot: number, chosen: readonly number[]): XrosMaterial[] {
  const req = digiXrosOf(def(g, card));
  const s = req?.cards[slot];
  if (!s) return [];
  const host = hostOf(g);
  const fits = (id: number): boolean => {
    const c = def(g, id);
    if (c.stats.kind !== "Digimon") return false;
    return s.kind === "name" ? c.stats.name === s.name : host.digiXrosMatches(g, s.what as unknown as Json, id);
  };
  const out: XrosMaterial[] = [];
  for (const id of g.zone(p, "hand")) if (id !== card && !chosen.includes(id) && fits(id)) out.push({ card: id, perm: null });
  for (const perm of P(g, p).battle) {
    const top = topOf(perm);
    if (!perm.token && !chosen.includes(top) && fits(top)) out.push({ card: top, perm: perm.id });
  }
  return out;
}

/**
 * The most a DigiXros could lower a card's play cost now (for offering the play: PLY-1): the
 * reduction times the number of slots that some distinct card could fill (greedy, in slot order).
 */
export function maxXrosReduction(g: Game, p: PlayerIndex, card: number): number {
  const req = digiXrosOf(def(g, card));
  if (!req) return 0;
  const chosen: number[] = [];
  for (let i = 0; i < req.cards.length; i++) {
    const c = xrosCandidates(g, p, card, i, chosen)[0];
    if (c) chosen.push(c.card);
  }
  return req.reduction * chosen.length;
}

/**
 * Whether player `p` may play `card` from the hand now (PLY-1, TMR; 002 §6-6-2-1-1, §7-2-3: a
 * card that cannot be played is not revealed): a Digimon or Tamer card whose cost — lowered by
 * the most DigiXros could give (§7-2-6-13: not below 0) — can be paid, and no effect forbids it.
 */
export function canPlayFromHand(g: Game, p: PlayerIndex, card: number): boolean {
  const c = def(g, card);
  if (c.stats.kind !== "Digimon" && c.stats.kind !== "Tamer") return false;
  const cost = playCost(g, p, card);
  if (cost === null) return false;
  if (hostOf(g).forbids(g, { act: "play", card, player: p })) return false;
  return canPay(g, p, Math.max(0, cost - maxXrosReduction(g, p, card)));
}

/** Play task handlers. */
export const PLAY_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /**
   * PLY-2 (002 §7-2-2-1, §7-3-2-1): reveal the card; a Digimon with DigiXros requirements may
   * place materials (§7-2-6-5: optional), asked slot by slot; then the play completes.
   * Args: `card`, `p`; `free` (play without paying: §7-2-6-14), `byEffect`.
   */
  "dcg.play"(g, t) {
    const card = t.card as number;
    const p = t.p as PlayerIndex;
    g.logger?.emit("reveal", p, `${who(p)} reveals ${cardName(g, card)} to play it (002 §7-2-2-1)`, { card });
    const req = def(g, card).stats.kind === "Digimon" ? digiXrosOf(def(g, card)) : null;
    if (req) g.push({ t: "dcg.digixros", card, p, slot: 0, materials: [], free: t.free ?? false, byEffect: t.byEffect ?? false, suspended: t.suspended ?? false });
    else g.push({ t: "dcg.play.finish", card, p, materials: [], free: t.free ?? false, byEffect: t.byEffect ?? false, suspended: t.suspended ?? false });
  },

  /**
   * PLY-4, DigiXros (002 §7-2-6-15-4): for slot `slot` of the requirement, choose a card from
   * the hand or a battle-area Digimon to place, or none (§7-2-6-11: some may be placed, not all).
   */
  "dcg.digixros"(g, t) {
    const card = t.card as number;
    const p = t.p as PlayerIndex;
    const slot = t.slot as number;
    const materials = t.materials as unknown as XrosMaterial[];
    const req = digiXrosOf(def(g, card))!;
    const next = (chosen: XrosMaterial[]): Task => (slot + 1 < req.cards.length ? { t: "dcg.digixros", card, p, slot: slot + 1, materials: chosen as unknown as Json, free: t.free!, byEffect: t.byEffect!, suspended: t.suspended ?? false } : { t: "dcg.play.finish", card, p, materials: chosen as unknown as Json, free: t.free!, byEffect: t.byEffect!, suspended: t.suspended ?? false });
    const cands = xrosCandidates(g, p, card, slot, materials.map((m) => m.card));
    if (cands.length === 0) {
      g.push(next(materials));
      return;
    }
    if (t.answer === undefined) {
      const spec = req.cards[slot]!;
      const what = spec.kind === "name" ? `[${spec.name}]` : "the specified card";
      const options = [{ label: "None", value: null as Json }, ...cands.map((m) => ({ label: m.perm === null ? `${cardName(g, m.card)} from the hand` : `${permName(g, findOwn(g, p, m.perm)!)} from the battle area`, value: m.card }))];
      ask(g, p, "digiXros", `DigiXros for ${cardName(g, card)}: place ${what} under it, or none (002 §7-2-6-15-4)`, options, 1, 1, t);
      return;
    }
    const i = t.answer[0]!;
    g.push(next(i === 0 ? materials : [...materials, cands[i - 1]!]));
  },

  /**
   * PLY-5..7, TMR-1..2 (002 §7-2-2-2..3, §7-2-6-15-5..7, §7-3-2): the final cost — the cost
   * with modifiers, less the DigiXros reduction per card placed, not below 0 (§7-2-6-13) — is
   * paid; the card enters the battle area unsuspended as a new object, the materials under it
   * (the leftmost requirement on top: §7-2-6-15-5; a battle-area material's digivolution cards
   * are trashed: §7-2-6-15-4); the play is complete: `played` ([On Play]). A play that cannot
   * be paid or is forbidden now fails and the card stays in the hand (§7-2-3).
   */
  "dcg.play.finish"(g, t) {
    const card = t.card as number;
    const p = t.p as PlayerIndex;
    const materials = t.materials as unknown as XrosMaterial[];
    const req = digiXrosOf(def(g, card));
    const base = playCost(g, p, card) ?? 0;
    const cost = t.free === true ? 0 : Math.max(0, base - (req ? req.reduction * materials.length : 0));
    if (hostOf(g).forbids(g, { act: "play", card, player: p, byEffect: t.byEffect === true }) || !canPay(g, p, cost)) {
      g.logger?.emit("playFails", p, `${who(p)} cannot play ${cardName(g, card)}: the play fails and the card stays where it was (002 §7-2-3)`, { card });
      return;
    }
    if (t.free !== true) hostOf(g).paid(g, p, { kind: "play", card });
    pay(g, p, cost);
    const under: number[] = [];
    for (let i = materials.length - 1; i >= 0; i--) {
      const m = materials[i]!;
      if (m.perm === null) under.push(m.card);
      else {
        const perm = findOwn(g, p, m.perm);
        if (perm) under.push(takeAsMaterial(g, perm));
      }
    }
    const from = g.card(card).zone as DcgZone;
    if (from === "battle" || from === "breeding") detachSource(g, card);
    const perm = enterPlay(g, p, [...under, card], "battle", { played: true, suspended: t.suspended === true });
    g.logger?.emit(
      "play",
      p,
      `${who(p)} plays ${cardName(g, card)}${under.length ? ` by DigiXros with ${under.length} card${under.length === 1 ? "" : "s"} under it` : ""} for ${cost} memory; memory ${memoryOf(g, p)} (002 §${def(g, card).stats.kind === "Tamer" ? "7-3-2" : under.length ? "7-2-6-15" : "7-2-2"})`,
      { card, perm: perm.id, cost },
    );
    raise(g, { e: "played", perm: perm.id, card, player: p, from: from === "battle" || from === "breeding" ? "battle" : from, byEffect: t.byEffect === true, digiXros: under.length > 0 });
  },

  /**
   * Play a Token by an effect (002 §4-19-1; 001 "Tokens": only by effects that say "play a
   * Token"): a new Digimon in `p`'s battle area made from their prepared Token card `key`
   * (`preparedToken`), with that card's information — a level "-" makes a Digimon without a level
   * (§13-7-3). Paying its cost unless `free`; a prohibition on playing (by effects) forbids it.
   * Raises `played` (from outside the game: "removed"). Args: `key`, `p`, `free`.
   */
  "dcg.playToken"(g, t) {
    const key = t.key as string;
    const p = t.p as PlayerIndex;
    const c = g.db.get(key) as DcgCard | undefined;
    if (!c) return;
    // The Token card, outside the game until it is played (a prohibition on playing and the cost read its information).
    const card = g.createCard(p, key, "removed").id;
    g.set(g.card(card).vars, "token", true);
    const cost = t.free === true ? 0 : costWith(g, p, c.stats.cost ?? 0, { kind: "play", card });
    if (hostOf(g).forbids(g, { act: "play", card, player: p, byEffect: true }) || !canPay(g, p, cost)) return;
    pay(g, p, cost);
    const perm = enterPlay(g, p, [card], "battle", { played: true, token: true });
    g.logger?.emit("play", p, `${who(p)} plays a ${c.stats.name} Token (${c.stats.number}) for ${cost} memory; memory ${memoryOf(g, p)} (002 §4-19-1)`, { card: topOf(perm), perm: perm.id, cost });
    raise(g, { e: "played", perm: perm.id, card: topOf(perm), player: p, from: "removed", byEffect: true, digiXros: false });
  },
};

/**
 * The prepared Token card of player `p` named `name` (002 §5-1-1, §5-2-1-1: Tokens are prepared
 * before the game; `DcgSetup` seats' `tokens`), or null when they prepared none of that name.
 */
export function preparedToken(g: Game, p: PlayerIndex, name: string): string | null {
  const seat = (g.setup as DcgSetup).seats[p];
  for (const key of seat?.tokens ?? []) if ((g.db.get(key) as DcgCard | undefined)?.stats.name === name) return key;
  return null;
}

/** Player `p`'s battle-area permanent with object id `id`, or undefined. */
function findOwn(g: Game, p: PlayerIndex, id: number): DcgPermanent | undefined {
  return P(g, p).battle.find((x) => x.id === id);
}
