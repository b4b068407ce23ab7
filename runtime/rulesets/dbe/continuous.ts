/**
 * Continuous effects and phase abilities of cards in play.
 *
 * Continuous effects are not events: they apply while their card is where they work and
 * stop at once when it leaves (FAQ "Leaving a zone", "Lingering effect VS Permanent
 * effect"). They are therefore computed from the cards in play whenever a value is read,
 * never stored: (parenthesis) permanent sentences and PASSIVE / "Passive" sentences of the
 * active Digimon, "Active Zone" sentences anywhere in the active stack, "While attached"
 * sentences of attachments, and the Passive sentences of a Mastery card on top of the
 * Destiny Zone (Pre-Game Setup 2). Source: `000_012504f4614e5b24.txt`, Glossary
 * "(Parenthesis text)", FAQ "What are lowercase timings…" (Passive, Active Zone, While
 * attached), Anatomy item 13 (PASSIVE).
 *
 * (Parenthesis text) is "passively applied at all times and unvoidable in any way … when the
 * card is a permanent on the field in some way (Attachment, Active Zone, or Support)": the
 * parenthesised sentences of a card in the Support Zone apply from there, continuously, from
 * the moment it is played until End Phase 4 discards it, whether or not the card is voided
 * or misfires (a voided card's other sentences do nothing: Glossary "Void"). They are never
 * resolved as sentences (support.ts).
 *
 * Phase abilities ("Prep Phase:", "Own Prep Phase:", "Evolve Phase:", "At End", …) of the
 * same cards trigger at step 1 of their phase ("… abilities on cards in play activate now").
 */
import type { Game, Task } from "../../core/engine.ts";
import { other, type Json, type PlayerIndex } from "../../core/state.ts";
import type { CompiledCard } from "../../card.ts";
import type { Action, Body, Effect, Prohibition, Timing } from "../../ir.ts";
import { ATTACK_SLOTS, type AttackSlot } from "../../vocabulary.ts";
import { P, activeOf, def } from "./model.ts";
import { holds, players } from "./effects.ts";
import { enter } from "./turn.ts";
import { factsOf } from "./facts.ts";
import { permanentlyRestricted } from "./permanent.ts";

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
 * Whether a sentence of a card applies continuously where the card is (module comment).
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

let computing = false;

/** Whether continuous effects are being computed (stat reads then use stored values only). */
export function computingContinuous(): boolean {
  return computing;
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
    if (holds(g, b.cond, me)) apply(g, b.then, me, p, out);
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


/** Whether a sentence is a phase ability of `phase` for its controller `me` this turn. */
function phaseAbility(g: Game, e: Effect, phase: string, me: PlayerIndex): boolean {
  const t = afterPassive(e);
  if (t.length !== 1 || t[0]!.kind !== "phase") return false;
  const x = t[0]!;
  if (x.phase !== phase) return false;
  return x.whose === "any" || (x.whose === "own") === (me === g.state.turnPlayer);
}

/** The phase abilities found at step 1 of `phase`. */
interface PhaseAbilities {
  phase: string;
  add: { card: number; p: PlayerIndex; i: number; from: Origin }[];
}

/** Collect a card's phase abilities of `found.phase` (a {@link forEachInPlay} visitor). */
function addPhaseAbilities(g: Game, card: number, owner: PlayerIndex, place: Origin, found: PhaseAbilities): void {
  if (place === "stack") return;
  const c = def(g, card);
  const list = factsOf(c).phase[found.phase];
  if (list) for (const i of list) if (phaseAbility(g, c.effects[i] as Effect, found.phase, owner)) found.add.push({ card, p: owner, i, from: place });
}

/** Task handlers of phase abilities. */
export const CONTINUOUS_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /**
   * Step 1 of a phase: "… Phase abilities on cards in play activate now" (Prep Phase 1,
   * Evolution Phase 1, Support Phase 1, Battle Phase 1, End Phase 1). They are simultaneous:
   * ordered by their owner, or by the turn player between players (FAQ "Simultaneous
   * Effects"). Reading: Battle Phase 1 also names "Prep Phase" abilities; they already
   * triggered at Prep Phase 1 and do not trigger twice.
   */
  "dbe.phaseAbilities"(g, t) {
    if (queuePhaseAbilities(g, t.phase as string)) g.push({ t: "dbe.triggers" });
  },
};

/**
 * Step 1 of `phase`: its phase abilities on cards in play become pending (see
 * `dbe.phaseAbilities`; the caller queues `dbe.triggers` to resolve them).
 * @returns whether any did
 */
export function queuePhaseAbilities(g: Game, phase: string): boolean {
  enter(g, phase, "1");
  const tp = g.state.turnPlayer;
  const found: PhaseAbilities = { phase, add: [] };
  for (const q of [tp, other(tp)]) {
    forEachInPlay(g, q, addPhaseAbilities, found);
    // Supports are "in play" (Glossary "(Parenthesis text)": "Attachment, Active Zone, or
    // Support") until End Phase 4 discards them — DS1-052 Overclock's "At End". A blind card
    // without SUPPORT timing misfired as a whole (Support Phase 5.2); a voided one is
    // skipped when its sentence would resolve (effects.ts `dbe.effect`).
    for (const id of g.zone(q, "support")) if (def(g, id).stats.timings.includes("SUPPORT")) addPhaseAbilities(g, id, g.card(id).owner, "support", found);
  }
  const add = found.add;
  if (add.length === 0) return false;
  const cur = (g.state.vars.triggers as unknown as typeof add | undefined) ?? [];
  g.set(g.state.vars, "triggers", [...cur, ...add] as unknown as Json);
  return true;
}
