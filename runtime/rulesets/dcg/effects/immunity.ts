/**
 * "Unaffected by effects" (002 §13-5): a Digimon or Tamer "unaffected by ○○ effects" is not
 * affected by the effects activated by cards whose card type is ○○ (§13-5-1). It can still be
 * chosen: the effect activates, but the card is treated as not affected (§13-5-2) — an action
 * (delete, suspend, return, trash, <De-Digivolve>) leaves it alone; a lasting change ("for the
 * turn") is kept and does not apply while it is unaffected, and applies from the moment it
 * loses the immunity (§13-5-2).
 *
 * The immunities are the continuous clauses "This Digimon isn't affected by (the effects of)
 * your opponent's (Digimon / Option cards / effects)" (IR verb `isAffected`, negated) of the
 * cards in play, and the lasting ones an effect made ("… until the end of your opponent's
 * turn"). The source of an effect is its player and the card it is printed on (002 §13-4-4: a
 * Tamer also treated as a Digimon is both).
 *
 * The immunity clauses in force are read from `in-force.ts`; while one is read, `memo.ts`
 * `guards.immunity` is 1 (a read made there sees no immunities, and is cached apart). The
 * values continuous effects give (`continuous.ts`) read immunities here: this module sits
 * between the two.
 */
import type { Game } from "../../../core/engine.ts";
import type { PlayerIndex } from "../../../core/state.ts";
import type { DcgArg, DcgClause } from "../../../lang/dcg/ir.ts";
import { V, def, findPerm, permOfCard, type DcgPermanent, type LastingEffect } from "../model.ts";
import type { Ctx, EffectSrc, Thing } from "./frame.ts";
import { K_IMMUNE, activeWith, applying, clauseAt, whoIncludes } from "./in-force.ts";
import { MEMO_UNAFFECTED, guards, memoMap } from "./memo.ts";

/** Who activated an effect (002 §13-5-1): its player, and the card it is printed on (null for the rules, which are not effects). */
export interface EffectSource {
  player: PlayerIndex;
  card: number | null;
}

/** The card kinds an effect's card counts as (002 §13-5-1 "cards whose card type is ○○"): a Digi-Egg's inherited effect is a Digimon's. */
function sourceKinds(g: Game, card: number): string[] {
  const k = def(g, card).stats.kind;
  return k === "Digi-Egg" ? ["Digimon"] : [k];
}

/** Whether an immunity clause's "by …" names the source (002 §13-5-1): "your opponent's effects", "the effects of your opponent's Digimon / Option cards". */
function sourceFits(g: Game, ctx: Ctx, c: DcgClause, src: EffectSource): boolean {
  if (src.card === null) return false;
  const kinds = sourceKinds(g, src.card);
  const whoseFits = (whose: string | null | undefined): boolean => whose === null || whose === undefined || whose === "any" || whose === "both" || (whose === "opponent" ? src.player !== ctx.owner : whose === "you" ? src.player === ctx.owner : true);
  let named = false;
  for (const a of c.args as DcgArg[]) {
    if (a.kind === "byEffect") {
      named = true;
      if (a.whose === "digimon" || a.whose === "tamer" || a.whose === "option") {
        if (!kinds.includes(a.whose === "digimon" ? "Digimon" : a.whose === "tamer" ? "Tamer" : "Option")) return false;
      } else if (!whoseFits(a.whose)) return false;
    }
    if (a.kind === "cause" && a.cause === "effect") {
      named = true;
      if (!whoseFits(a.whose)) return false;
      const by = a.by;
      if (by && by.kind === "select") {
        if (!whoseFits(by.owner)) return false;
        const noun = by.noun;
        const kind = noun === "digimon" || noun === "digimonCard" ? "Digimon" : noun === "tamer" || noun === "tamerCard" ? "Tamer" : noun === "option" || noun === "optionCard" ? "Option" : null;
        if (kind !== null && !kinds.includes(kind)) return false;
      }
    }
  }
  // "This Digimon isn't affected by effects" (nothing named): every effect.
  void named;
  return true;
}

/** Whether a clause is an immunity ("isn't affected by …"). */
function isImmunity(c: DcgClause): boolean {
  return c.verb === "isAffected" && c.negated;
}

/**
 * Whether `perm` is unaffected by an effect of `src` now (002 §13-5-1): a continuous immunity of
 * a card in play that includes it, or a lasting one on it, names the source.
 */
export function unaffectedBy(g: Game, perm: DcgPermanent, src: EffectSource): boolean {
  // Reading an immunity's condition may read DP, which reads immunities: inside such a read, none (a layering reading, as `continuous.ts`).
  if (src.card === null || guards.immunity > 0) return false;
  // No immunity in force (the common case): nothing to read.
  if (activeWith(g, K_IMMUNE).length === 0 && !anyLastingProhibition(g)) return false;
  // Cached per state version and read depth (`memo.ts` memoMap), by object id and source.
  const memo = memoMap<string, boolean>(g, MEMO_UNAFFECTED);
  const key = memo === null ? "" : `${perm.id}:${src.player}:${src.card}`;
  const hit = memo?.get(key);
  if (hit !== undefined) return hit;
  guards.immunity++;
  let yes: boolean;
  try {
    yes = immune(g, perm, src);
  } finally {
    guards.immunity--;
  }
  memo?.set(key, yes);
  return yes;
}

/** Whether a lasting prohibition (a lasting immunity among them) is in force. */
function anyLastingProhibition(g: Game): boolean {
  for (const l of V(g).lasting) if (l.fx?.kind === "forbid") return true;
  return false;
}

function immune(g: Game, perm: DcgPermanent, src: EffectSource): boolean {
  for (const a of activeWith(g, K_IMMUNE))
    for (const { s } of applying(g, a))
      for (const st of s.steps) if (st.kind === "clause" && isImmunity(st) && whoIncludes(g, a.ctx, st.who, perm) && sourceFits(g, a.ctx, st, src)) return true;
  for (const l of V(g).lasting) {
    if (l.fx?.kind !== "forbid" || (l.target !== perm.id && l.target !== -1)) continue;
    const c = clauseAt(g, l.fx.src as unknown as EffectSrc, l.fx.at as number[]);
    if (!c || !isImmunity(c)) continue;
    const ctx = l.fx.ctx as unknown as Ctx;
    if ((l.target === perm.id || whoIncludes(g, ctx, c.who, perm)) && sourceFits(g, ctx, c, src)) return true;
  }
  return false;
}

/** Whether a lasting change of an effect applies to `perm` now (002 §13-5-2: not while it is unaffected by its source). */
export function lastingAffects(g: Game, perm: DcgPermanent, l: LastingEffect): boolean {
  return l.source === null || !unaffectedBy(g, perm, { player: l.controller, card: l.source });
}

/**
 * The things an effect's action affects (002 §13-5-2: a chosen Digimon or Tamer unaffected by it
 * is left alone, and so are the cards of its stack; cards not in play are not concerned). `src`
 * is the effect's player and card.
 */
export function affected(g: Game, src: EffectSource, things: Thing[]): Thing[] {
  return things.filter((t) => {
    const perm = "perm" in t ? findPerm(g, t.perm) : "card" in t ? permOfCard(g, t.card) : null;
    return perm === null || !unaffectedBy(g, perm, src);
  });
}
