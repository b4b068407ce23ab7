/**
 * The only module that changes a card's zone or an object in play (one place
 * for every move, so that no rule that watches moves can be bypassed: 002 §4-6, §11-3): drawing, entering and leaving the breeding and battle
 * areas, stacking digivolution cards, deletion, trashing, security checks, Tokens. Each
 * function performs what the rules say happens with the move — a new object for a new
 * Digimon (002 §3-1-5, §11-6-2), digivolution cards trashed with their Digimon (§4-12-2-2-2,
 * §11-5-1), a Digi-Egg to the bottom of the Digi-Egg deck (§11-5-2), a Token removed from
 * the game (§4-19-2-3, §11-5-3), <Overflow> applied where a card leaves the battle area or the
 * cards under a card (§11-4) — and raises the matching event (`events.ts`).
 *
 * Every card move increments the card's incarnation (`vars.inc`, 002 §4-15-6), the key that
 * keeps [Once Per Turn] counts apart for a card that left and came back.
 */
import type { Game, Task } from "../../core/engine.ts";
import type { PlayerIndex } from "../../core/state.ts";
import { P, V, boardChanged, cardName, cardRules, def, findPerm, memoryOf, setMemory, topOf, who, type DcgPermanent, type DcgZone } from "./model.ts";
import { hostOf, raise, type Snapshot } from "./events.ts";
import { dpOf, keywordsOf } from "./continuous.ts";

/**
 * Move one card to a zone of `holder` (top by default) and count a new incarnation of it
 * (002 §4-15-6). Journaled; the core checks the card is where it records.
 */
export function place(g: Game, card: number, holder: PlayerIndex, zone: DcgZone, where: "top" | "bottom" = "top"): void {
  g.move(card, holder, zone, where);
  boardChanged(g);
  const vars = g.card(card).vars;
  g.set(vars, "inc", ((vars.inc as number | undefined) ?? 0) + 1);
}

/**
 * Move up to `n` cards one at a time from the top of one of `p`'s zones to the top of another
 * (002 §3-2-3: one by one, simultaneously by the rules). Dealing security from the deck this
 * way puts the deck's top card at the bottom of the security stack (§5-2-2).
 * @returns the cards moved, in order
 */
export function moveTop(g: Game, p: PlayerIndex, from: DcgZone, to: DcgZone, n: number): number[] {
  const moved: number[] = [];
  for (let k = 0; k < n; k++) {
    const z = g.zone(p, from);
    if (z.length === 0) break;
    const id = z[z.length - 1]!;
    place(g, id, p, to);
    moved.push(id);
  }
  return moved;
}

/**
 * Player `p` draws up to `n` cards (002 §6-4-1, §8-1-2-3, §12-8-2: as many as the deck has)
 * and raises `drew` when any was drawn. Losing on an empty deck is the draw phase's rule
 * (§6-4-1-2, `turn.ts`), not drawing's (§12-8-5).
 * @returns the cards drawn
 */
export function drawCards(g: Game, p: PlayerIndex, n: number, why: "drawPhase" | "bonus" | "effect"): number[] {
  const cards = moveTop(g, p, "deck", "hand", n);
  if (cards.length > 0) raise(g, { e: "drew", player: p, cards, why });
  return cards;
}

/** Put a card into its owner's trash (002 §3-1-6, §4-12-2-1). A Token is removed from the game instead (§4-19-2-3). */
export function trashCard(g: Game, card: number): void {
  const c = g.card(card);
  place(g, card, c.owner, c.vars.token === true ? "removed" : "trash");
}

// ─── <Overflow> (002 §11-4) ─────────────────────────────────────────────────

/** One <Overflow> to apply: the memory its card's owner loses. */
interface OverflowLoss {
  owner: PlayerIndex;
  card: number;
  n: number;
}

/**
 * The <Overflow> of cards leaving the battle area or the cards under a card for another place
 * (002 §11-4-1): for each such card with <Overflow (−N)> (`model.ts` `DcgCardRules`), its owner's
 * loss of N memory. `leaving` are the cards that leave; `breedingTop` the breeding area's top
 * card among them, if any (it leaves neither the battle area nor the cards under a card).
 */
function overflowOf(g: Game, leaving: readonly number[], breedingTop: number | null = null): OverflowLoss[] {
  const out: OverflowLoss[] = [];
  for (const card of leaving) {
    if (card === breedingTop) continue;
    const n = cardRules(def(g, card)).overflow;
    if (n) out.push({ owner: g.card(card).owner, card, n: Math.abs(n) });
  }
  return out;
}

/**
 * Apply <Overflow> losses at once, where the move happens (002 §11-4-3: immediately, even in the
 * middle of an effect or an action; §11-4-2: a rule, not an effect — nothing triggers or waits),
 * the turn player's first, then the other player's (§11-4-4: the order matters at the gauge's
 * limits, 002 §4-1-4). Journaled.
 */
function applyOverflow(g: Game, losses: readonly OverflowLoss[]): void {
  if (losses.length === 0) return;
  const tp = g.state.turnPlayer;
  const ordered = [...losses.filter((x) => x.owner === tp), ...losses.filter((x) => x.owner !== tp)];
  for (const x of ordered) {
    setMemory(g, x.owner, memoryOf(g, x.owner) - x.n);
    g.logger?.emit("overflow", x.owner, `<Overflow (-${x.n})>: ${cardName(g, x.card)} left the battle area or the cards under a card; ${who(x.owner)} loses ${x.n} memory, memory ${memoryOf(g, x.owner)} (002 §11-4-1)`, { card: x.card, n: x.n });
  }
}

// ─── Objects in play ───────────────────────────────────────────────────────

/**
 * Put cards (bottom first) into `owner`'s breeding or battle area as one new object (002
 * §7-1 play, §6-5-1-1 hatch, §8-2 DNA: a new Digimon or Tamer) and return it. Unsuspended
 * unless said otherwise (§4-9-4). The caller raises the event (played, hatched, digivolved).
 * @throws Error (a rules bug) when a second Digimon would enter the breeding area (§3-4-4)
 */
export function enterPlay(g: Game, owner: PlayerIndex, cards: readonly number[], area: "battle" | "breeding", o: { played: boolean; suspended?: boolean; token?: boolean }): DcgPermanent {
  const s = P(g, owner);
  if (area === "breeding" && s.breeding !== null) throw new Error(`${who(owner)}'s breeding area already holds a Digimon (002 §3-4-4)`);
  for (const id of cards) place(g, id, owner, area);
  const v = V(g);
  const perm: DcgPermanent = { id: v.nextObj, owner, cards: [...cards], suspended: o.suspended ?? false, playedTurn: o.played ? g.state.turn : null, enteredTurn: g.state.turn, token: o.token ?? false };
  g.set(v, "nextObj", v.nextObj + 1);
  if (area === "breeding") g.set(s, "breeding", perm);
  else g.journal.insertAt(s.battle, s.battle.length, perm);
  return perm;
}

/**
 * Stack a card on top of a permanent (digivolving: 002 §8-1-2-1; the object keeps its id and
 * state, §8-1-2-6..7). The card goes to the permanent's area.
 */
export function stackOnTop(g: Game, perm: DcgPermanent, card: number): void {
  place(g, card, perm.owner, areaOf(g, perm));
  g.journal.insertAt(perm.cards, perm.cards.length, card);
}

/** Which area holds a permanent now. */
export function areaOf(g: Game, perm: DcgPermanent): "battle" | "breeding" {
  return P(g, perm.owner).breeding === perm ? "breeding" : "battle";
}

/** Take a permanent out of its player's lists (its cards are moved by the caller). */
function forget(g: Game, perm: DcgPermanent): void {
  boardChanged(g);
  const s = P(g, perm.owner);
  if (s.breeding === perm) {
    g.set(s, "breeding", null);
    return;
  }
  const i = s.battle.indexOf(perm);
  if (i >= 0) g.journal.removeAt(s.battle, i);
}

/**
 * Move player `p`'s breeding-area Digimon to the battle area (002 §4-12-3, §6-5-1-2): the same
 * object, keeping its state (§4-12-3-5); not a play (§6-5-1-2-2). Raises `moved`.
 * @returns the permanent, or null when the breeding area is empty
 */
export function moveOutOfBreeding(g: Game, p: PlayerIndex): DcgPermanent | null {
  const s = P(g, p);
  const perm = s.breeding;
  if (perm === null) return null;
  g.set(s, "breeding", null);
  for (const id of perm.cards) place(g, id, p, "battle");
  g.journal.insertAt(s.battle, s.battle.length, perm);
  raise(g, { e: "moved", perm: perm.id, player: p });
  return perm;
}

/**
 * Hatch: flip the top card of `p`'s Digi-Egg deck face up into the breeding area as a Digimon
 * (002 §6-5-1-1, §6-5-1-1-1), unsuspended; not a play (§6-5-1-1-2). Raises `hatched`.
 * @returns the new permanent, or null when the Digi-Egg deck is empty or the area is taken
 */
export function hatch(g: Game, p: PlayerIndex): DcgPermanent | null {
  const eggs = g.zone(p, "eggDeck");
  if (eggs.length === 0 || P(g, p).breeding !== null) return null;
  const perm = enterPlay(g, p, [eggs[eggs.length - 1]!], "breeding", { played: false });
  raise(g, { e: "hatched", perm: perm.id, player: p });
  return perm;
}

/** Suspend a permanent (002 §4-9-1-2) and raise `suspended`; nothing when it already is (§1-3-2-1). */
export function suspend(g: Game, perm: DcgPermanent, why: "attack" | "block" | "effect"): void {
  if (perm.suspended) return;
  g.set(perm, "suspended", true);
  raise(g, { e: "suspended", perm: perm.id, why });
}

/**
 * Unsuspend permanents simultaneously (002 §6-3-1-2) and raise one `unsuspended` for those
 * that were suspended (§1-3-2-1: an unsuspended card is not unsuspended again).
 */
export function unsuspendAll(g: Game, perms: readonly DcgPermanent[], byEffect: boolean): void {
  const changed: number[] = [];
  for (const perm of perms)
    if (perm.suspended) {
      g.set(perm, "suspended", false);
      changed.push(perm.id);
    }
  if (changed.length > 0) raise(g, { e: "unsuspended", perms: changed, byEffect });
}

/** The state of a permanent as it leaves play (002 §4-4-2, §10-4-4-4). */
export function snapshotOf(g: Game, perm: DcgPermanent): Snapshot {
  return { perm: perm.id, owner: perm.owner, cards: [...perm.cards], top: topOf(perm), dp: dpOf(g, perm), keywords: keywordsOf(g, perm) as { [k: string]: number }, token: perm.token };
}

/**
 * A permanent leaves play to the trash: its cards go to their owners' trash, sources first and
 * the top card last (on top) — 002 §4-12-1-2, §4-12-2-2-2; a Token is removed from the game
 * (§4-12-1-2, §4-19-2-3). Returns the <Overflow> losses for the caller to apply (002 §11-4).
 */
function toTrash(g: Game, perm: DcgPermanent): OverflowLoss[] {
  const losses = overflowOf(g, perm.cards, areaOf(g, perm) === "breeding" ? topOf(perm) : null);
  forget(g, perm);
  for (const id of perm.cards) trashCard(g, id);
  return losses;
}

/**
 * Delete permanents simultaneously (002 §4-12-1): snapshot them, put their cards in the trash
 * (or remove Tokens), then raise `deleted` for each — [On Deletion] triggers after the card is
 * in the trash (§4-12-1-3, §10-4-4-2). `battledWith` gives, for a battle deletion, the other
 * battler's permanent id (for <Retaliation>, §12-13-1). Permanents no longer in play are skipped.
 * "Would be deleted" interrupts (§13-3) are the effect model's hook point here.
 * @returns the snapshots of those deleted
 */
export function deletePermanents(g: Game, perms: readonly DcgPermanent[], cause: "battle" | "rules" | "effect", battledWith: ReadonlyMap<number, number> | null = null, by: PlayerIndex | null = null): Snapshot[] {
  const live = perms.filter((x) => stillInPlay(g, x));
  const snaps = live.map((x) => snapshotOf(g, x));
  const losses: OverflowLoss[] = [];
  for (const x of live) losses.push(...toTrash(g, x));
  applyOverflow(g, losses);
  for (const s of snaps) {
    g.tally(`delete: ${cause}`);
    g.logger?.emit("delete", s.owner, `${who(s.owner)} ${def(g, s.top).stats.name} is deleted (${cause === "battle" ? "lost the battle: 002 §9-2-1-8-4" : cause === "rules" ? "0 DP: 002 §4-12-1-1-2" : "by an effect: 002 §4-12-1-1-3"})`, { card: s.top, perm: s.perm, cause });
    raise(g, { e: "deleted", snapshot: s, cause, battledWith: battledWith?.get(s.perm) ?? null, by });
  }
  return snaps;
}

/**
 * Trash a permanent without deleting it (002 §4-12-2-2-1: a Digimon without DP in the battle
 * area at the rule check; §4-12-2-3: trashing is not deletion). Raises `trashedFromPlay`.
 */
export function trashPermanent(g: Game, perm: DcgPermanent, cause: "rules" | "effect"): void {
  if (!stillInPlay(g, perm)) return;
  const s = snapshotOf(g, perm);
  applyOverflow(g, toTrash(g, perm));
  g.logger?.emit("trash", s.owner, `${who(s.owner)} ${def(g, s.top).stats.name} is trashed${cause === "rules" ? ": a Digimon without DP in the battle area (002 §4-12-2-2-1)" : " by an effect (002 §4-12-2-2-3)"}`, { card: s.top, perm: s.perm });
  raise(g, { e: "trashedFromPlay", snapshot: s, cause });
}

/**
 * Send a Digimon or Tamer from play to its owner's hand, the top or bottom of their deck, or
 * the top of their security stack (an effect's move: 002 §11-5). Only the top card goes there;
 * the cards under it are trashed (§11-5-1). A Digi-Egg card goes face down to the bottom of
 * the Digi-Egg deck instead (§11-5-2), a Token is removed from the game (§11-5-3, §4-19-2-3).
 * Raises `leftPlay` with `arrived` false for those two (§11-5-4).
 * @returns the snapshot of the permanent, or null when it was no longer in play
 */
export function sendPermanent(g: Game, perm: DcgPermanent, to: "hand" | "deckTop" | "deckBottom" | "security"): Snapshot | null {
  if (!stillInPlay(g, perm)) return null;
  const s = snapshotOf(g, perm);
  const losses = overflowOf(g, perm.cards, areaOf(g, perm) === "breeding" ? topOf(perm) : null);
  forget(g, perm);
  for (let i = 0; i < perm.cards.length - 1; i++) trashCard(g, perm.cards[i]!);
  const top = topOf(perm);
  const owner = g.card(top).owner;
  let arrived = true;
  if (perm.token || g.card(top).vars.token === true) {
    place(g, top, owner, "removed");
    arrived = false;
  } else if (isDigiEggCard(g, top)) {
    place(g, top, owner, "eggDeck", "bottom");
    arrived = false;
  } else if (to === "hand") place(g, top, owner, "hand");
  else if (to === "security") place(g, top, owner, "security");
  else place(g, top, owner, "deck", to === "deckTop" ? "top" : "bottom");
  applyOverflow(g, losses);
  g.logger?.emit("leavePlay", perm.owner, `${who(perm.owner)} ${def(g, top).stats.name} leaves play to ${arrived ? (to === "hand" ? "the hand" : to === "security" ? "the security stack" : "the deck") : perm.token ? "nowhere: a Token is removed from the game (002 §11-5-3)" : "the bottom of the Digi-Egg deck (002 §11-5-2)"}; the cards under it are trashed (002 §11-5-1)`, { card: top, perm: perm.id });
  raise(g, { e: "leftPlay", snapshot: s, to: to === "hand" ? "hand" : to === "security" ? "security" : "deck", arrived });
  return s;
}

/** Whether a permanent object is still in its player's breeding or battle area. */
export function stillInPlay(g: Game, perm: DcgPermanent): boolean {
  const s = P(g, perm.owner);
  return s.breeding === perm || s.battle.includes(perm);
}

/**
 * Take a battle-area Digimon as a DigiXros material (002 §7-2-6-15-4): only its top card is
 * placed (the caller stacks it); its digivolution cards are trashed — not a deletion (§4-12-2-3).
 * @returns the top card
 */
export function takeAsMaterial(g: Game, perm: DcgPermanent): number {
  forget(g, perm);
  const top = topOf(perm);
  for (let i = 0; i < perm.cards.length - 1; i++) trashCard(g, perm.cards[i]!);
  applyOverflow(g, overflowOf(g, perm.cards.slice(0, -1)));
  return top;
}

/**
 * Remove the given permanents from play into a new object: used by DNA digivolution (002
 * §8-2-1, §8-2-7: the bases' stacks, left requirement on top, each keeping its order) — the
 * bases are not deleted and do not leave to another area.
 * @returns their cards, bottom first, as the new stack's sources
 */
export function mergeForDna(g: Game, bases: readonly DcgPermanent[]): number[] {
  const cards: number[] = [];
  for (let i = bases.length - 1; i >= 0; i--) {
    forget(g, bases[i]!);
    cards.push(...bases[i]!.cards);
  }
  return cards;
}

/**
 * Take a card from the top of player `p`'s security stack into limbo for a check (002 §4-10-1,
 * §3-1-2: a checked card is in no area) and raise `securityChecked` with the checker.
 * @returns the card, or null when the stack is empty
 */
export function flipSecurity(g: Game, p: PlayerIndex, checker: PlayerIndex): number | null {
  const z = g.zone(p, "security");
  if (z.length === 0) return null;
  const card = z[z.length - 1]!;
  place(g, card, p, "limbo");
  g.logger?.emit("check", checker, `${who(checker)} checks ${who(p)}'s top security card: ${cardName(g, card)} (002 §9-2-1-7)`, { card });
  raise(g, { e: "securityChecked", card, checker });
  return card;
}

/**
 * Play a Token (002 §4-19-1: a card played from outside the game) into `owner`'s battle area:
 * a card instance of `key` marked `vars.token`, a new object. The caller raises `played`.
 * @throws Error when the card database has no `key`
 */
export function createToken(g: Game, owner: PlayerIndex, key: string): DcgPermanent {
  const c = g.createCard(owner, key, "removed");
  g.set(c.vars, "token", true);
  return enterPlay(g, owner, [c.id], "battle", { played: true, token: true });
}

/** Whether a card is a Digi-Egg card (moves to a place other than the trash send it to the Digi-Egg deck's bottom instead: 002 §11-5-2). */
export function isDigiEggCard(g: Game, card: number): boolean {
  return def(g, card).stats.kind === "Digi-Egg";
}

// ─── Cards moved by effects (not a Digimon leaving play) ───────────────────

/**
 * Take a card out of the permanent it lies under (a digivolution card, or a card under a
 * Tamer: 002 §4-3), so that it can go elsewhere; nothing when it is under none. The top card
 * of a permanent is never taken this way (that is the permanent leaving play).
 * @returns the permanent it was under, or null
 */
export function detachSource(g: Game, card: number): DcgPermanent | null {
  const perm = permHolding(g, card);
  if (perm === null) return null;
  const i = perm.cards.indexOf(card);
  if (i === perm.cards.length - 1) throw new Error(`card ${card} is the top card of an object: it leaves play, not its stack`);
  g.journal.removeAt(perm.cards, i);
  boardChanged(g);
  return perm;
}

/** The permanent whose stack holds `card` (top or under), or null. */
function permHolding(g: Game, card: number): DcgPermanent | null {
  const c = g.card(card);
  if (c.zone !== "battle" && c.zone !== "breeding") return null;
  const s = P(g, c.holder);
  if (s.breeding?.cards.includes(card)) return s.breeding;
  return s.battle.find((x) => x.cards.includes(card)) ?? null;
}

/** Where {@link moveCards} puts cards: a zone of their owner (top or bottom), or under a permanent. */
export type CardDestination = { zone: "hand" | "trash" | "deck" | "security" | "eggDeck"; end: "top" | "bottom" } | { under: DcgPermanent; end: "top" | "bottom" };

/**
 * Move cards that are not a Digimon or Tamer in play — cards in the hand, deck, trash, security
 * stack, limbo, under a permanent, or the top card of a stack of 2 or more (the card under it
 * becomes the Digimon) — to a zone of their owner or under a permanent, one at a
 * time in the order given (002 §3-2-3), and raise one `cardsMoved` per source zone. A card put
 * under a permanent becomes one of its digivolution cards (002 §4-3-1; at the bottom unless
 * said otherwise). A Digi-Egg card sent anywhere but the Digi-Egg deck or the trash goes to the
 * bottom of the Digi-Egg deck (§11-5-2); a Token is removed from the game (§11-5-3). Cards that
 * cannot go under a Token are left where they are (§4-19-2-2).
 * @returns the cards moved
 */
export function moveCards(g: Game, cards: readonly number[], to: CardDestination, by: PlayerIndex | null, cause: string | null = null): number[] {
  if ("under" in to && (to.under.token || !stillInPlay(g, to.under))) return [];
  const groups = new Map<string, { player: PlayerIndex; from: DcgZone | "sources"; perm: number | null; cards: number[] }>();
  const moved: number[] = [];
  const leaving: number[] = [];
  for (const card of cards) {
    const c = g.card(card);
    const src = permHolding(g, card);
    // 002 §11-4-1: a card leaving the cards under a card, or the battle area, for a place outside play.
    if (src && !("under" in to) && (topOf(src) !== card || (areaOf(g, src) === "battle" && src.cards.length >= 2))) leaving.push(card);
    // The top card of a stack of 2 or more is taken off it (the card under it becomes the Digimon: as 002 §12-19-1); a lone card is a permanent leaving play (not here).
    if (src && topOf(src) === card) {
      if (src.cards.length < 2) continue;
      g.journal.removeAt(src.cards, src.cards.length - 1);
      boardChanged(g);
    } else if (src) detachSource(g, card);
    const from: DcgZone | "sources" = src ? "sources" : (c.zone as DcgZone);
    const owner = c.owner;
    if (c.vars.token === true) place(g, card, owner, "removed");
    else if ("under" in to) {
      const perm = to.under;
      place(g, card, perm.owner, areaOf(g, perm));
      g.journal.insertAt(perm.cards, to.end === "top" ? perm.cards.length - 1 : 0, card);
    } else if (isDigiEggCard(g, card) && to.zone !== "trash" && to.zone !== "eggDeck") place(g, card, owner, "eggDeck", "bottom");
    else place(g, card, owner, to.zone, to.end);
    moved.push(card);
    const key = `${owner}:${from}:${src?.id ?? ""}`;
    let grp = groups.get(key);
    if (!grp) groups.set(key, (grp = { player: owner, from, perm: src?.id ?? null, cards: [] }));
    grp.cards.push(card);
  }
  applyOverflow(g, overflowOf(g, leaving));
  const dest: DcgZone | "sources" = "under" in to ? "sources" : to.zone;
  for (const grp of groups.values()) raise(g, { e: "cardsMoved", player: grp.player, cards: grp.cards, from: grp.from, to: dest, perm: "under" in to ? to.under.id : grp.perm, by, cause });
  return moved;
}

/**
 * Place a permanent under another (002 §11-6-1-5: it leaves the battle area; §4-3-1: its
 * cards become digivolution cards of the other), keeping its stack's order, at the bottom or
 * on top of the other's digivolution cards. A Token is removed from the game instead (§4-19-2-3);
 * nothing goes under a Token (§4-19-2-2). Raises `leftPlay`-like `cardsMoved` to "sources".
 * @returns whether it was placed
 */
export function placePermanentUnder(g: Game, perm: DcgPermanent, under: DcgPermanent, end: "top" | "bottom", by: PlayerIndex | null): boolean {
  if (!stillInPlay(g, perm) || !stillInPlay(g, under) || under.token || perm === under) return false;
  forget(g, perm);
  if (perm.token) {
    place(g, topOf(perm), perm.owner, "removed");
    return true;
  }
  const area = areaOf(g, under);
  const at = end === "top" ? under.cards.length - 1 : 0;
  perm.cards.forEach((id, k) => {
    place(g, id, under.owner, area);
    g.journal.insertAt(under.cards, at + k, id);
  });
  raise(g, { e: "cardsMoved", player: perm.owner, cards: [...perm.cards], from: "battle", to: "sources", perm: under.id, by, cause: null });
  return true;
}

/**
 * Trash the top card of a permanent so that the card under it becomes the Digimon (002
 * §12-12 <De-Digivolve>, §12-19 <Armor Purge>): the object stays the same (its id, state and
 * lasting effects). Nothing for a permanent of one card.
 * @returns the card trashed, or null
 */
export function trashTopCard(g: Game, perm: DcgPermanent, by: PlayerIndex | null, cause: string | null): number | null {
  if (perm.cards.length < 2 || !stillInPlay(g, perm)) return null;
  const top = topOf(perm);
  const losses = overflowOf(g, [top], areaOf(g, perm) === "breeding" ? top : null);
  g.journal.removeAt(perm.cards, perm.cards.length - 1);
  trashCard(g, top);
  applyOverflow(g, losses);
  raise(g, { e: "cardsMoved", player: g.card(top).owner, cards: [top], from: "sources", to: "trash", perm: perm.id, by, cause });
  return top;
}

/** Task handlers of moves that may be interrupted. */
export const MOVE_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /**
   * Delete permanents (002 §4-12-1) with "would be deleted" interrupts first (§13-3-1-2: they
   * activate before the deletion and may prevent it, e.g. <Armor Purge> §12-19, <Decoy>
   * §12-18, <Evade> §12-22): the host pushes them; then the permanents still in play whose
   * deletion was not prevented, and that no effect protects (§1-3-3: "can't be deleted"), are
   * deleted together (`deletePermanents`). Args: `perms` (object ids), `cause`, `by` (the
   * player of the deleting effect, null for battle and rules), `battled` ([id, other id]
   * pairs for a battle), `phase`.
   */
  "dcg.delete"(g, t) {
    const v = V(g);
    const ids = t.perms as number[];
    const cause = t.cause as "battle" | "rules" | "effect";
    const by = (t.by ?? null) as PlayerIndex | null;
    const host = hostOf(g);
    const live = (): DcgPermanent[] => ids.map((id) => findPerm(g, id)).filter((x): x is DcgPermanent => x !== null && !host.forbids(g, { act: "delete", perm: x, cause, by }));
    if (t.phase === undefined) {
      if (v.prevented.length) g.set(v, "prevented", []);
      const perms = live();
      if (perms.length === 0) return;
      g.push({ ...t, phase: 1 });
      host.interruptDeletion(g, perms, cause, by);
      return;
    }
    const prevented = v.prevented;
    const perms = live().filter((x) => !prevented.includes(x.id));
    if (prevented.length) g.set(v, "prevented", []);
    if (perms.length === 0) return;
    const pairs = (t.battled ?? null) as [number, number][] | null;
    deletePermanents(g, perms, cause, pairs ? new Map(pairs) : null, by);
  },
};
