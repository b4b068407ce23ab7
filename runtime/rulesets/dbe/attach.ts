/**
 * Attachments: the Attach action, the attachment slot, the attack ability Attach D/T/H,
 * Shatter's discard, and cards put below another card (Immortalize).
 * Source: `000_012504f4614e5b24.txt`, Glossary "Attach", "Attachment Slot"; FAQ "How do I
 * know if I can attach a card with a different card's effect?" (steps 1–5); Attack
 * Abilities "Attach D/T/H", "Shatter"; Evolution Phase 5.3.3.7 (DP under Immortalize).
 *
 * An attached card sits in the `attachment` zone of the player whose active it is attached
 * to; its "While attached" sentences work from there (continuous.ts) for its owner.
 */
import type { Game, Task } from "../../core/engine.ts";
import { other, type PlayerIndex } from "../../core/state.ts";
import type { Action } from "../../ir.ts";
import { ATTACK_SLOTS } from "../../vocabulary.ts";
import { activeOf, cardOptions, cardsUnder, def, P, who } from "./model.ts";
import { matches } from "./matching.ts";
import { continuousOf } from "./continuous.ts";
import { activeText, cardsText, nameOf, ownedCard, powerDelta, zoneName } from "./narrate.ts";

/** Attachment slots per player (Glossary "Attachment Slot": one by default). */
export const ATTACHMENT_SLOTS = 1;

/** The card's own "Attach this to …" action: its scope and conditions (FAQ steps 1–3), or null. */
export function ownAttach(g: Game, id: number): Extract<Action, { kind: "attach" }> | null {
  for (const e of def(g, id).effects) {
    if (e.kind !== "effect" || e.body.kind !== "seq") continue;
    for (const a of e.body.actions) if (a.kind === "attach" && a.card === "this") return a;
  }
  return null;
}

/**
 * Whether card `id` (owned by `owner`) may be attached to the active of `target` under its
 * own conditions: it must say "Attach" (FAQ step 1), its scope must allow `target` (step 2)
 * and the active must meet its conditions (step 3). Ace, Firewall and DATA cards are never
 * attached by Attach D/T/H (Attack Abilities "Attach D/T/H").
 */
export function canAttach(g: Game, id: number, owner: PlayerIndex, target: PlayerIndex, byAbility = false): boolean {
  const a = ownAttach(g, id);
  if (!a) return false;
  if (byAbility && def(g, id).stats.markings.some((m) => m === "Ace" || m === "Firewall" || m === "DATA")) return false;
  const scope = a.to === "own" ? [owner] : a.to === "opponent" ? [other(owner)] : [owner, other(owner)];
  if (!scope.includes(target)) return false;
  const act = activeOf(g, target);
  if (act === null) return false;
  return a.toFilter === null || matches(g, act, a.toFilter);
}

/**
 * Attach a card to the active of `target`: a player with a full slot discards the current
 * attachment first (Glossary "Attach": "discard … the current one and replace it").
 */
export function attachCard(g: Game, id: number, target: PlayerIndex): void {
  const slot = g.zone(target, "attachment");
  while (slot.length >= ATTACHMENT_SLOTS) {
    const old = slot[0]!;
    detach(g, old);
    g.logger?.emit("discard", target, `${ownedCard(g, old)} is discarded from the attachment slot to make room (Glossary "Attach")`, { card: old });
  }
  g.move(id, target, "attachment");
  g.logger?.emit("attach", g.card(id).owner, `${ownedCard(g, id)} is attached to ${activeText(g, target)} (Glossary "Attach")`, { card: id, to: target });
}

/**
 * Discard every attachment of a player's active (each to its owner's trash): a KO (Battle
 * Phase 6.1; Glossary "Attachment Slot": "Discard ALL attachments for a Digimon that is
 * KO'd"), or an Active Zone left empty.
 * @param why the log's reason, naming the rule
 */
export function discardAttachments(g: Game, p: PlayerIndex, why = 'Battle Phase 6.1; Glossary "Attachment Slot"'): void {
  const ids = [...g.zone(p, "attachment")];
  for (const id of ids) detach(g, id);
  if (ids.length) g.logger?.emit("discard", p, `${cardsText(g, ids)} ${ids.length === 1 ? "is" : "are"} discarded from ${who(g, p)}'s attachment slot (${why})`, { cards: ids });
}

/**
 * An attachment leaves its slot (discarded to its owner's trash, with the cards below it).
 * FAQ "Leaving a zone", third bullet: "Attachment effects immediately stop applying their
 * conditions (as lingering), Passives (as with Passives above), and any other effects but does
 * not revert their values. If EX-018 Courage Crest already boosted own Circle Power +100, then
 * was discarded by Shatter, your Circle will not revert." Its "While attached" Power changes
 * are computed continuously while it is attached (continuous.ts); when it leaves, what they
 * add up to at that moment is kept as a lingering change of the stored Power, which End
 * Phase 3 removes like any other boost. Restrictions and reveals simply stop.
 */
export function detach(g: Game, id: number): void {
  const owner = g.card(id).owner;
  for (const p of [0, 1] as PlayerIndex[]) {
    if (activeOf(g, p) === null) continue;
    const add = continuousOf(g, { card: id, owner, place: "attachment" }, p).power;
    if (ATTACK_SLOTS.every((k) => add[k] === 0)) continue;
    const s = P(g, p);
    const power = { ...s.power };
    for (const k of ATTACK_SLOTS) if (add[k] !== 0) power[k] = Math.max(0, power[k] + add[k]);
    g.set(s, "power", power);
    // Logged with what it is now worth (the attachment still counts until it moves below).
    g.logger?.emit("keep", p, `${ownedCard(g, id)} leaves its slot; the Power it gave ${activeText(g, p)} (${powerDelta(add)}) is kept until the End Phase, not reverted (FAQ "Leaving a zone")`, { card: id, power: add });
  }
  const under = cardsUnder(g, id);
  for (const x of under) {
    g.move(x, g.card(x).owner, "trash");
    g.set(g.card(x), "vars", {});
  }
  if (under.length) g.logger?.emit("discard", owner, `${cardsText(g, under)}, below ${nameOf(g, id)}, ${under.length === 1 ? "goes" : "go"} into the trash with it`, { cards: under });
  g.move(id, owner, "trash");
  g.set(g.card(id), "vars", {});
}

/** Task handlers of attachments. */
export const ATTACH_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /**
   * Attack ability "Attach D/T/H": the attacking player attaches a card of their choice from
   * their deck, trash or hand that meets its own attachment requirements (no Ace, Firewall or
   * DATA). A deck picked from is shuffled (FAQ "Cherrypicking Rules").
   */
  "dbe.attachAbility"(g, t) {
    const by = t.by as PlayerIndex;
    const from = t.from as string;
    const cands = g.zone(by, from).filter((id) => canAttach(g, id, by, by, true) || canAttach(g, id, by, other(by), true));
    if (cands.length === 0) {
      if (from === "deck") g.shuffle(by, "deck");
      g.logger?.emit("misfire", by, `${who(g, by)} has no card to attach from the ${zoneName(from)}${from === "deck" ? "; the deck is shuffled" : ""} (attack ability Attach ${from[0]!.toUpperCase()})`);
      return;
    }
    if (t.answer === undefined) {
      g.ask(by, "chooseCards", `Attach a card from the ${from} (attack ability Attach)`, cardOptions(g, cands, { label: "None", value: null }), 1, 1, t);
      return;
    }
    const k = t.answer[0]!;
    if (k > 0) {
      const id = cands[k - 1]!;
      attachCard(g, id, canAttach(g, id, by, by, true) ? by : other(by));
    }
    if (from === "deck") g.shuffle(by, "deck");
  },
  /** Shatter: "May discard 1 attached card from anywhere at the Shatter-user's choice" when it hits. */
  "dbe.shatterDiscard"(g, t) {
    const by = t.by as PlayerIndex;
    const att = [...g.zone(other(by), "attachment"), ...g.zone(by, "attachment")];
    if (att.length === 0) return;
    if (t.answer === undefined) {
      g.ask(by, "chooseCards", "Shatter: discard an attached card? (Attack Abilities \"Shatter\")", cardOptions(g, att, { label: "None", value: null }), 1, 1, t);
      return;
    }
    const k = t.answer[0]!;
    if (k === 0) return;
    const id = att[k - 1]!;
    detach(g, id);
    g.logger?.emit("shatter", by, `${who(g, by)} discards ${ownedCard(g, id)} from its attachment slot by Shatter (Attack Abilities "Shatter")`, { card: id });
  },
};

