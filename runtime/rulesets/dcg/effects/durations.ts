/**
 * Effects that last for a period (002 §13-2-2: "for the turn", "until the end of your
 * opponent's next turn" — they keep working after their source leaves, 001 Q&A Main Q17a),
 * effects granted by effects (002 §13-2-4: "this Digimon gains '[When Attacking] …' for the
 * turn"), and delayed effects ("At the end of the battle, play this card"; "At the end of the
 * turn, lose 3 memory"). Lasting effects are `DcgVars.lasting` entries: the rules read their
 * DP and keyword changes (`continuous.ts`) and end them (`turn.ts` `lastingEnds`, the attack's
 * end); their `fx` payload is read by this effect model (prohibitions, grants, names, costs).
 */
import type { Game } from "../../../core/engine.ts";
import type { Json } from "../../../core/state.ts";
import type { DcgDuration } from "../../../lang/dcg/ir.ts";
import { P, PLAYERS, V, addLasting, def, isDigimon, topOf, type DcgPermanent, type LastingEffect, type PendingEffect } from "../model.ts";
import type { DcgEventData } from "../events.ts";
import { FX, unitOf, type Ctx, type DelayedEffect, type EffectSrc } from "./frame.ts";
import { classify, unitsOf, type UnitInfo } from "./units.ts";
import { K_GAIN, activeWith, applying, perBattleArea, whoIncludes } from "./in-force.ts";

/**
 * When a lasting effect of a duration ends (002 §13-2-2): "for the turn" → the turn passing
 * (§6-7-2-2); "until the end of your opponent's (next) turn" → §6-7-5; "until the end of your
 * (next) turn"; "for the battle" / "for the attack". A "while …" duration is not a lasting
 * effect (null).
 */
export function untilOf(d: DcgDuration | null): LastingEffect["until"] | null {
  if (d === null) return "turn";
  switch (d.kind) {
    case "turn":
      return "turn";
    case "endOfOpponentsTurn":
      return "opponentsNextTurn";
    case "endOfYourTurn":
      return d.next ? "yourNextTurn" : "yourTurn";
    case "endOfBattle":
      return "battle";
    case "endOfAttack":
      return "attack";
    case "while":
      return null;
  }
}

/** Register a lasting effect on a permanent, or on no one (target −1) for a player's or a phrase's (002 §13-2-2). Journaled. */
export function lastOn(g: Game, ctx: Ctx, target: number, until: LastingEffect["until"], change: { dp?: number; keyword?: LastingEffect["keyword"]; fx?: { [k: string]: Json } }): void {
  const l: Omit<LastingEffect, "seq"> = { source: ctx.card, controller: ctx.owner, target, until, turn: g.state.turn };
  if (change.dp !== undefined) l.dp = change.dp;
  if (change.keyword !== undefined) l.keyword = change.keyword;
  if (change.fx !== undefined) l.fx = change.fx;
  addLasting(g, l);
}

/** An effect granted by another (002 §13-2-4-1: information added), with where its text is. */
export interface Granted {
  info: UnitInfo;
  src: EffectSrc;
}

/**
 * The effects granted to a permanent now (002 §13-2-4): by lasting effects ("gains
 * '[On Deletion] …' until the end of your opponent's turn") and by continuous effects of cards
 * in play ("[Your Turn] Your Digimon gain '[When Attacking] …'").
 */
export function grantedUnits(g: Game, perm: DcgPermanent): Granted[] {
  const out: Granted[] = [];
  for (const l of V(g).lasting)
    if (l.target === perm.id && l.fx?.kind === "grant") {
      const src = l.fx.src as unknown as EffectSrc;
      out.push({ info: classify(unitOf(g, src), src.box, src.index), src });
    }
  if (!anyGrants(g)) return out;
  for (const a of activeWith(g, K_GAIN))
    for (const { s } of applying(g, a))
      s.steps.forEach((st, k) => {
        if (st.kind !== "clause" || st.verb !== "gain" || st.object?.kind !== "effect") return;
        if (!whoIncludes(g, a.ctx, st.who, perm)) return;
        const si = a.info.unit.sentences.indexOf(s);
        const src: EffectSrc = { card: a.ctx.card, box: a.info.box, index: a.info.index, path: [si, k] };
        out.push({ info: classify(st.object.effect, src.box, src.index), src });
      });
  return out;
}

/**
 * Whether {@link grantedUnits} may find anything now: a lasting grant is in force, or a card in
 * the battle area grants effects continuously. When not, it finds nothing for any permanent.
 */
export function mayGrant(g: Game): boolean {
  for (const l of V(g).lasting) if (l.fx?.kind === "grant") return true;
  return anyGrants(g);
}

/**
 * Whether any card in the battle area grants effects continuously (a cheap test before looking
 * for grants), cached per battle area (`continuous.ts` {@link perBattleArea}: remade whenever an
 * object, a card of one or a card's definition changes). Not game state.
 */
function anyGrants(g: Game): boolean {
  return perBattleArea(g, GRANTS, scanGrants);
}

/** The key of {@link anyGrants}'s value ({@link perBattleArea}). */
const GRANTS = {};

function scanGrants(g: Game): boolean {
  for (const p of PLAYERS)
    for (const perm of P(g, p).battle) {
      if (unitsOf(def(g, topOf(perm))).grants) return true;
      if (isDigimon(g, perm)) for (let i = 0; i < perm.cards.length - 1; i++) if (unitsOf(def(g, perm.cards[i]!)).grants) return true;
    }
  return false;
}

// ─── Delayed effects ───────────────────────────────────────────────────────

/** Register a delayed effect: the sentence runs when the battle (002 §9-2-1-8), or the turn (§6-7-2), ends. Journaled. */
export function delay(g: Game, d: Omit<DelayedEffect, "id">): void {
  const fx = FX(g);
  const stored: DelayedEffect = { ...d, id: fx.next };
  g.set(fx, "next", fx.next + 1);
  g.journal.insertAt(fx.delayed, fx.delayed.length, stored);
}

/**
 * The delayed effects an event triggers (002 §10-1-6-1: a trigger made by an effect): those
 * waiting for the end of the battle on `battleEnded`, for the end of the turn on `turnEnd`;
 * they are removed once triggered, and those of past turns lapse.
 */
export function collectDelayed(g: Game, ev: DcgEventData, out: PendingEffect[]): void {
  const fx = V(g).fx as unknown as { delayed?: DelayedEffect[] };
  if (!fx.delayed || fx.delayed.length === 0) return;
  const at = ev.e === "battleEnded" ? "battle" : ev.e === "turnEnd" ? "turn" : null;
  if (at === null) return;
  const keep: DelayedEffect[] = [];
  for (const d of fx.delayed) {
    if (d.turn !== g.state.turn) continue;
    if (d.at !== at) {
      keep.push(d);
      continue;
    }
    out.push({ owner: d.ctx.owner, kind: "card", card: d.src.card, perm: d.ctx.perm, box: d.src.box, index: d.src.index, keyword: null, event: ev as unknown as { [k: string]: Json }, label: d.label, data: { delayed: d as unknown as Json } });
  }
  if (keep.length !== fx.delayed.length) g.set(FX(g), "delayed", keep);
}

