/**
 * Continuous effects of cards in play.
 *
 * Continuous effects are not events: they apply while their card is where they work and
 * stop at once when it leaves (FAQ "Leaving a zone", "Lingering effect VS Permanent
 * effect"). They are therefore computed from the cards in play whenever a value is read,
 * never stored: (parenthesis) permanent sentences and PASSIVE / "Passive" sentences of the
 * active Digimon, "Active Zone" sentences anywhere in the active stack, "While attached"
 * sentences of attachments, and the Passive sentences of a Mastery card on top of the
 * Destiny Zone (Pre-Game Setup 2). Source: `000_012504f4614e5b24.txt`, Glossary
 * "(Parenthesis text)", FAQ "What are lowercase timings…" (Passive, Active Zone, While
 * attached), Anatomy item 13 (PASSIVE). Which sentences those are, where their card sits, is
 * places.ts `isContinuous`.
 *
 * (Parenthesis text) is "passively applied at all times and unvoidable in any way … when the
 * card is a permanent on the field in some way (Attachment, Active Zone, or Support)": the
 * parenthesised sentences of a card in the Support Zone apply from there, continuously, from
 * the moment it is played until End Phase 4 discards it, whether or not the card is voided
 * or misfires (a voided card's other sentences do nothing: Glossary "Void"). They are never
 * resolved as sentences (support.ts).
 *
 * A continuous sentence's "If" is checked whenever the effects are computed (conditions.ts
 * `holds`); it then reads the stored Power ({@link storedPower}), never the effects being
 * computed. The phase abilities of the same cards are phase-abilities.ts.
 */
import type { Game } from "../../core/engine.ts";
import type { PlayerIndex } from "../../core/state.ts";
import type { Action, Body, Effect, Prohibition } from "../../ir.ts";
import { ATTACK_SLOTS, type AttackSlot } from "../../vocabulary.ts";
import { P, activeOf, def } from "./model.ts";
import { holds, players } from "./conditions.ts";
import { factsOf } from "./facts.ts";
import { forEachInPlay, type InPlay, type Place } from "./places.ts";
import { permanentlyRestricted } from "./permanent.ts";

/** Actions a continuous sentence may hold (others are refused at load time). */
export const CONTINUOUS_ACTIONS: ReadonlySet<Action["kind"]> = new Set(["boost", "prohibit", "ignore", "alsoCountsAs", "alsoType", "reveal"]);

/** What the continuous effects of the cards in play add up to for one player. */
export interface Continuous {
  /** Power added to each attack (Glossary "Boost"; "Lower … Power" is negative). */
  power: Record<AttackSlot, number>;
  /** Restrictions in force ("cannot …"), with their qualifiers. */
  prohibited: { what: Prohibition; exceptByAttack: boolean; bySupports: boolean }[];
  /** "(costs are 0)" (FAQ "Effects that exempt you from costs"). */
  costsAre0: boolean;
  /** Cards of this player's deck top that are open ("While attached, Reveal the top 1 …": DB-017 Gaizmon). */
  revealTop: number;
  /** This player's hand is open. */
  revealHand: boolean;
}

/** Whether continuous effects are being computed (a read made inside sees none: {@link continuousFor}). */
let computing = false;

/**
 * Player `p`'s stored Power of each attack (printed and lingering changes, no continuous
 * part): the Power a condition of a continuous sentence reads (conditions.ts `holds`), as the
 * continuous effects are being computed. Read-only.
 */
function storedPower(g: Game, p: PlayerIndex): Readonly<Record<AttackSlot, number>> {
  return P(g, p).power;
}

/**
 * The continuous effects that apply to player `p`, from the cards in play of both players
 * (an attachment or a Passive may name "opponent"). Conditions ("If own type is Dragon, …")
 * are checked now.
 */
export function continuousFor(g: Game, p: PlayerIndex): Continuous {
  const out: Continuous = { power: { circle: 0, triangle: 0, cross: 0 }, prohibited: [], costsAre0: false, revealTop: 0, revealHand: false };
  if (computing) return out;
  computing = true;
  try {
    const arg = { p, out };
    forEachInPlay(g, 0, applyCard, arg);
    forEachInPlay(g, 1, applyCard, arg);
    applySupports(g, 0, arg);
    applySupports(g, 1, arg);
  } finally {
    computing = false;
  }
  return out;
}

/** Add one card's continuous sentences for player `arg.p` (a {@link forEachInPlay} visitor). */
function applyCard(g: Game, id: number, owner: PlayerIndex, place: Place, arg: { p: PlayerIndex; out: Continuous }): void {
  const c = def(g, id);
  const list = factsOf(c).continuous[place];
  for (let k = 0; k < list.length; k++) apply(g, (c.effects[list[k]!] as Effect).body, owner, arg.p, arg.out);
}

/**
 * Add the parenthesised sentences of player `q`'s supports for player `arg.p` (Glossary
 * "(Parenthesis text)": "Support" is one of the places they apply from; "unvoidable in any
 * way": a voided or misfired support's parenthesis still applies).
 */
function applySupports(g: Game, q: PlayerIndex, arg: { p: PlayerIndex; out: Continuous }): void {
  const zone = g.zone(q, "support");
  for (let i = 0; i < zone.length; i++) {
    const c = def(g, zone[i]!);
    const list = factsOf(c).continuous.support;
    for (let k = 0; k < list.length; k++) apply(g, (c.effects[list[k]!] as Effect).body, g.card(zone[i]!).owner, arg.p, arg.out);
  }
}

/**
 * What the continuous effects of one card in play add up to for player `p` (an attachment
 * about to leave: FAQ "Leaving a zone", third bullet — attach.ts `detach`).
 */
export function continuousOf(g: Game, src: InPlay, p: PlayerIndex): Continuous {
  return collect(g, p, [src]);
}

function collect(g: Game, p: PlayerIndex, sources: readonly InPlay[]): Continuous {
  const out: Continuous = { power: { circle: 0, triangle: 0, cross: 0 }, prohibited: [], costsAre0: false, revealTop: 0, revealHand: false };
  if (computing) return out;
  computing = true;
  try {
    for (const src of sources) {
      const c = def(g, src.card);
      for (const i of factsOf(c).continuous[src.place]) apply(g, (c.effects[i] as Effect).body, src.owner, p, out);
    }
  } finally {
    computing = false;
  }
  return out;
}

function apply(g: Game, b: Body, me: PlayerIndex, p: PlayerIndex, out: Continuous): void {
  if (b.kind === "if") {
    if (holds(g, b.cond, me, storedPower)) apply(g, b.then, me, p, out);
    else if (b.otherwise) apply(g, b.otherwise, me, p, out);
    return;
  }
  for (const a of b.actions) {
    if (a.kind === "boost" && players(a.player, me).includes(p) && a.amount.kind === "const") {
      const slots = a.attack === null || a.attack === "all" ? ATTACK_SLOTS : [a.attack];
      for (const s of slots) out.power[s] += a.amount.value;
    } else if (a.kind === "prohibit" && players(a.player, me).includes(p)) out.prohibited.push({ what: a.what, exceptByAttack: a.exceptByAttack, bySupports: a.bySupports });
    else if (a.kind === "ignore" && a.what.includes("costs") && me === p) out.costsAre0 = true;
    else if (a.kind === "reveal" && players(a.player, me).includes(p)) {
      if (a.what === "hand") out.revealHand = true;
      else out.revealTop = Math.max(out.revealTop, a.count ?? 1);
    }
  }
}

/**
 * The current Power of each attack of player `p`: the stored Power (printed, lingering
 * changes) plus continuous effects, never below 0.
 */
export function powerOf(g: Game, p: PlayerIndex): Record<AttackSlot, number> {
  const base = P(g, p).power;
  if (activeOf(g, p) === null) return { ...base };
  return withContinuous(base, continuousFor(g, p).power);
}

/** Stored Power plus a continuous part, each attack never below 0 (for callers that already hold the part). */
export function withContinuous(base: Record<AttackSlot, number>, extra: Record<AttackSlot, number>): Record<AttackSlot, number> {
  return { circle: Math.max(0, base.circle + extra.circle), triangle: Math.max(0, base.triangle + extra.triangle), cross: Math.max(0, base.cross + extra.cross) };
}

/**
 * Whether player `p`'s HP may be lowered by an effect now: not when a restriction forbids
 * it ("Your HP cannot be lowered except by an attack", "Supports cannot lower own HP"),
 * lingering or continuous. Costs are never stopped by effects (FAQ "Costs vs Effects").
 * @param fromSupport the effect comes from a support card
 */
export function mayLowerHp(g: Game, p: PlayerIndex, fromSupport: boolean): boolean {
  return !prohibits(g, p, "lowerHp", undefined, fromSupport);
}

/**
 * Whether player `p` is under a restriction now ("cannot …"): lingering (until End Phase 3),
 * permanent (an "∞" evo-box bonus, in force while the active that gave it is active:
 * permanent.ts), or continuous (a Passive of a card in play). A restriction "by supports"
 * ("Supports cannot lower own HP", kept as "<what>:bySupports") applies only to an effect
 * that comes from a support.
 * @param cont p's continuous effects when the caller already has them (else computed)
 * @param fromSupport the restricted effect comes from a support card
 */
export function prohibits(g: Game, p: PlayerIndex, what: Prohibition, cont?: Continuous, fromSupport = false): boolean {
  const lingering = P(g, p).prohibited;
  if (lingering.includes(what) || permanentlyRestricted(g, p, what)) return true;
  if (fromSupport) {
    const bySupports = `${what}:bySupports`;
    if (lingering.includes(bySupports) || permanentlyRestricted(g, p, bySupports)) return true;
  }
  for (const x of (cont ?? continuousFor(g, p)).prohibited) if (x.what === what && (!x.bySupports || fromSupport)) return true;
  return false;
}
