/**
 * The continuous effects in force (002 §10-1-5-1: in effect from the instant their card is where
 * they work; §10-1-2: the effect box of a Digimon's or Tamer's top card and the inherited
 * effects of a Digimon's digivolution cards; §10-4-7: [Your Turn] / [Opponent's Turn]), the
 * sentences of each that apply now (§10-1-5-3: "while …" / "if …" read now), and what a
 * clause's subject includes (§10-1-5-8). The values they give — DP, keywords, colours, names,
 * prohibitions, permissions, costs — are `continuous.ts`; immunities are `immunity.ts`, which
 * reads the immunity clauses in force from here.
 *
 * A "while" condition and a subject are noun phrases and conditions (`conditions.ts`,
 * `select.ts`), read here; they read values such as DP, which the rules read through the
 * effect host (`events.ts` `hostOf`) and names and traits "also treated as", which `select.ts`
 * reads through the host too: so this module sits above `select.ts` and below `continuous.ts`.
 */
import type { Game } from "../../../core/engine.ts";
import type { PlayerIndex } from "../../../core/state.ts";
import type { DcgClause, DcgEffect, DcgSelection, DcgSentence, DcgStep } from "../../../lang/dcg/ir.ts";
import { P, PLAYERS, V, def, gameCache, isDigimon, topOf, type DcgPermanent } from "../model.ts";
import type { Ctx, EffectSrc, Thing } from "./frame.ts";
import { unitsOf, type UnitInfo } from "./units.ts";
import { holds } from "./conditions.ts";
import { candidates, thingsOf, viewOf } from "./select.ts";
import { MEMO_APPLYING, MEMO_WHO, memoMap } from "./memo.ts";

/** A continuous effect in force (002 §10-1-5-1): its unit and the context it reads. */
export interface Active {
  info: UnitInfo;
  ctx: Ctx;
}

/** A plain context of an effect of `card` belonging to `perm` (no event, nothing picked yet; 002 §10-3-6: "this card", "this Digimon"). */
export function plainCtx(owner: PlayerIndex, card: number, perm: number | null, box: UnitInfo["box"]): Ctx {
  return { owner, card, perm, snap: null, event: null, refs: {}, last: [], box };
}

/** Whether a unit's [Your Turn] / [Opponent's Turn] allows it now (002 §10-4-7-1). */
export function turnAllows(g: Game, info: UnitInfo, owner: PlayerIndex): boolean {
  return info.turn === null || (info.turn === "you") === (g.state.turnPlayer === owner);
}

/**
 * Every continuous unit (and cost change) of the cards in the battle area whose turn tag
 * allows it now (002 §10-1-5-1, §10-4-7-1). Their "while" conditions are read per sentence.
 */
export function activeContinuous(g: Game): Active[] {
  // The list depends only on what is in the battle area and whose turn it is: cached on that.
  const cache = gameCache(g);
  const sig = cache.board * 2 + g.state.turnPlayer;
  const hit = cache.active as ActiveList | null;
  if (hit && hit.sig === sig) return hit.list;
  // A card moved, but maybe not in the battle area (a draw, a card to the trash): the same
  // objects with the same cards in the same order give the same list, kept (with its sublists).
  if (hit && shapeIs(g, hit.shape)) {
    hit.sig = sig;
    return hit.list;
  }
  const shape = battleShape(g);
  const out: Active[] = [];
  for (const p of PLAYERS)
    for (const perm of P(g, p).battle) {
      const top = topOf(perm);
      for (const info of unitsOf(def(g, top)).continuous.effect) if (turnAllows(g, info, p)) out.push({ info, ctx: plainCtx(p, top, perm.id, "effect") });
      if (isDigimon(g, perm))
        for (let i = 0; i < perm.cards.length - 1; i++) {
          const id = perm.cards[i]!;
          for (const info of unitsOf(def(g, id)).continuous.inherited) if (turnAllows(g, info, p)) out.push({ info, ctx: plainCtx(p, id, perm.id, "inherited") });
        }
    }
  cache.active = { sig, shape, list: out, by: new Map(), extras: new Map() } satisfies ActiveList;
  return out;
}

/**
 * A value derived from the battle area only (the objects, their cards and the cards'
 * definitions, and the turn player: what {@link activeContinuous} reads), made by `make` and
 * kept with the list of continuous effects in force until that list is remade. `key` names the
 * value (one constant object per kind of value). Not game state.
 */
export function perBattleArea<T>(g: Game, key: object, make: (g: Game) => T): T {
  activeContinuous(g);
  const extras = (gameCache(g).active as ActiveList).extras;
  let v = extras.get(key) as T | undefined;
  if (v === undefined) extras.set(key, (v = make(g)));
  return v;
}

/**
 * What {@link activeContinuous} reads: the turn player, then for each battle-area object of
 * each player in order its id and its cards (bottom first), each as its id and its card
 * definition (a card's definition may change: `Game.defOf`).
 */
function battleShape(g: Game): unknown[] {
  const out: unknown[] = [g.state.turnPlayer];
  for (const p of PLAYERS)
    for (const perm of P(g, p).battle) {
      out.push(perm.id, perm.cards.length);
      for (const id of perm.cards) out.push(id, def(g, id));
    }
  return out;
}

/** Whether the battle area is still as {@link battleShape} gave `shape` (compared in place: no array made). */
function shapeIs(g: Game, shape: readonly unknown[]): boolean {
  if (shape[0] !== g.state.turnPlayer) return false;
  let i = 1;
  for (const p of PLAYERS)
    for (const perm of P(g, p).battle) {
      if (shape[i++] !== perm.id || shape[i++] !== perm.cards.length) return false;
      for (const id of perm.cards) if (shape[i++] !== id || shape[i++] !== def(g, id)) return false;
    }
  return i === shape.length;
}

/**
 * The last list of continuous effects of each game, with the board it was made for, and its
 * sublists by clause kinds ({@link activeWith}) (not game state: a cache, remade when the board
 * or the turn player changes).
 */
interface ActiveList {
  sig: number;
  /** The battle area the list was made for ({@link battleShape}). */
  shape: unknown[];
  /** Values derived from the same battle area ({@link perBattleArea}). */
  extras: Map<object, unknown>;
  list: Active[];
  by: Map<number, Active[]>;
}

// Kinds of clause a read of continuous effects looks at (bits; {@link unitKinds}).
/** "get …" (DP, "with <keyword>"). */
export const K_GET = 1;
/** "gain …" (keywords, effects). */
export const K_GAIN = 2;
/** "is also treated as …". */
export const K_TREAT = 4;
/** A prohibition: a negated clause, "can't be blocked", "can only digivolve …". */
export const K_FORBID = 8;
/** "can (also) attack …". */
export const K_ATTACK = 16;
/** "isn't affected by …". */
export const K_IMMUNE = 32;
/** "add … to the maximum DP …". */
export const K_RAISE = 64;
/** "can't reduce … costs". */
export const K_NOREDUCE = 128;
/** "can't gain memory …". */
export const K_NOGAINMEMORY = 256;
/** "… don't activate". */
export const K_NOACTIVATE = 512;
/** "… can digivolve …" (a digivolution a text allows). */
export const K_DIGIVOLVE = 1024;
/** A cost change unit (`UnitInfo.kind` "costMod"; not a clause kind). */
export const K_COSTMOD = 2048;
/** "gets −N DP", or a DP change not given as a constant ("for each …" multipliers are ≥ 0). */
export const K_DP_MAY_LOWER = 4096;
/** "gets ±N DP" (not negated: what `continuous.ts` `continuousDp` reads). */
export const K_DP = 8192;
/** "gains <keyword>", "gets … with <keyword>" (what `continuous.ts` `continuousKeywords` reads). */
export const K_KEYWORD = 16384;

/** The clause kinds (K_… bits) of a unit's sentences (bullets excluded, as {@link clausesOf}), cached per unit of the IR (never invalidated: the IR does not change). */
function unitKinds(u: DcgEffect): number {
  let k = KINDS.get(u);
  if (k === undefined) {
    k = 0;
    for (const s of u.sentences)
      for (const c of clausesOf(s)) {
        if (c.verb === "get") k |= K_GET;
        if (c.verb === "gain") k |= K_GAIN;
        if (c.verb === "treatAs") k |= K_TREAT;
        if (c.negated || c.verb === "makeUnblockable" || c.verb === "digivolve") k |= K_FORBID;
        if (c.verb === "attack") k |= K_ATTACK;
        if (c.verb === "isAffected" && c.negated) k |= K_IMMUNE;
        if (c.verb === "raiseMaximum") k |= K_RAISE;
        if (c.verb === "reduce" && c.negated) k |= K_NOREDUCE;
        if (c.verb === "gainMemory" && c.negated) k |= K_NOGAINMEMORY;
        if (c.verb === "activate" && c.negated) k |= K_NOACTIVATE;
        if (c.verb === "digivolve") k |= K_DIGIVOLVE;
        if (c.verb === "get" && !c.negated && c.object?.kind === "amount" && c.object.unit === "dp") k |= c.object.value.kind === "const" && c.object.value.n >= 0 ? K_DP : K_DP | K_DP_MAY_LOWER;
        if ((c.verb === "gain" && c.object?.kind === "keyword") || (c.verb === "get" && c.args.some((x) => x.kind === "withKeyword"))) k |= K_KEYWORD;
      }
    KINDS.set(u, k);
  }
  return k;
}

const KINDS = new WeakMap<DcgEffect, number>();

/**
 * The continuous effects in force ({@link activeContinuous}) that a read of clauses of the
 * given kinds (K_… bits, or-ed) needs to look at: those whose unit has such a clause, in the
 * same order (`K_COSTMOD`: the cost change units). A unit without such a clause adds nothing to
 * that read, but reading it still reads its "while" conditions ({@link applying}); that is only
 * skipped once reads cannot change the state — the effect model's state exists (`frame.ts`
 * `FX` creates it on first use, from a read too) — so the state is exactly as with the whole
 * list. Before that, the whole list.
 */
export function activeWith(g: Game, kinds: number): readonly Active[] {
  const all = activeContinuous(g);
  if (kinds !== K_COSTMOD && (V(g).fx as { frames?: unknown }).frames === undefined) return all;
  const e = gameCache(g).active as ActiveList;
  let l = e.by.get(kinds);
  if (l === undefined) e.by.set(kinds, (l = all.filter((a) => ((unitKinds(a.info.unit) | (a.info.kind === "costMod" ? K_COSTMOD : 0)) & kinds) !== 0)));
  return l;
}

/**
 * The sentences of a continuous unit that apply now, each with its "for each" multiplier
 * (002 §10-1-5-3: "while …" / "if …" conditions read now).
 */
export function applying(g: Game, a: Active): Applying[] {
  const memo = memoMap<Active, Applying[]>(g, MEMO_APPLYING);
  const hit = memo?.get(a);
  if (hit !== undefined) return hit;
  const out: Applying[] = [];
  // A cost change's "When … would digivolve" was read by the caller (costEventFits).
  const whenRead = a.info.kind === "costMod";
  for (const s of a.info.unit.sentences) {
    let ok = true;
    let mult = 1;
    for (const l of s.leads) {
      if (l.kind === "while" || l.kind === "if") ok &&= holds(g, a.ctx, l.condition);
      else if (l.kind === "forEach") mult *= Math.floor(thingsOf(g, a.ctx, l.what).length / Math.max(1, l.per));
      else if ((l.kind === "when" && !whenRead) || l.kind === "nextTime") ok = false;
    }
    if (ok) out.push({ s, mult });
  }
  memo?.set(a, out);
  return out;
}

/** A sentence of a continuous unit that applies now, with its "for each" multiplier ({@link applying}; read-only: it may be cached). */
export interface Applying {
  s: DcgSentence;
  mult: number;
}

/**
 * The clauses of a sentence (bullets excluded), in order; read-only. Cached per sentence of the
 * IR: a card's IR never changes once compiled, so the cache is never invalidated (a WeakMap: it
 * goes with the IR).
 */
export function clausesOf(s: DcgSentence): readonly DcgClause[] {
  let c = CLAUSES.get(s);
  if (c === undefined) CLAUSES.set(s, (c = s.steps.filter((x: DcgStep): x is DcgClause => x.kind === "clause")));
  return c;
}

const CLAUSES = new WeakMap<DcgSentence, DcgClause[]>();

// ─── What a clause applies to ──────────────────────────────────────────────

/** Whether a thing list includes a permanent. */
export function includesPerm(things: Thing[], perm: DcgPermanent): boolean {
  return things.some((t) => ("perm" in t && t.perm === perm.id) || ("card" in t && perm.cards[perm.cards.length - 1] === t.card));
}

/** Whether a clause's subject ("this Digimon", "all of your Digimon") includes a permanent (002 §10-1-5-8: read now). */
export function whoHas(g: Game, ctx: Ctx, who: DcgClause["who"], perm: DcgPermanent): boolean {
  return whoIncludes(g, ctx, who, perm);
}

/** Whether a clause's subject ("this Digimon", "all of your Digimon") includes a permanent (002 §10-1-5-8: a continuous effect applies to what meets its condition now). */
export function whoIncludes(g: Game, ctx: Ctx, who: DcgClause["who"], perm: DcgPermanent): boolean {
  if (who === null || typeof who === "string") return false;
  if (who.kind === "select" && (who.zone === null || who.zone.kind === "battleArea")) {
    const v = viewOf(g, { perm: perm.id });
    if (!v) return false;
    return selectedPerms(g, ctx, who).has(perm.id);
  }
  return includesPerm(thingsOf(g, ctx, who), perm);
}

/**
 * The object ids among the candidates of a selection read in a context (`select.ts`
 * {@link candidates}), cached per selection and context object (see {@link memoMap}).
 */
function selectedPerms(g: Game, ctx: Ctx, who: DcgSelection): Set<number> {
  const memo = memoMap<DcgSelection, { ctx: Ctx; ids: Set<number> }[]>(g, MEMO_WHO);
  const seen = memo?.get(who);
  if (seen !== undefined) for (const x of seen) if (x.ctx === ctx) return x.ids;
  const ids = new Set<number>();
  for (const t of candidates(g, ctx, who).things) if ("perm" in t) ids.add(t.perm);
  if (memo !== null) {
    if (seen === undefined) memo.set(who, [{ ctx, ids }]);
    else seen.push({ ctx, ids });
  }
  return ids;
}

/** The clause at a path [sentence, step] (and deeper for bullets) of an effect's text (the clause a lasting effect keeps: 002 §13-2-2). */
export function clauseAt(g: Game, src: EffectSrc, at: readonly number[]): DcgClause | null {
  const u = unitOfSrc(g, src);
  let sentences = u.sentences;
  let step: DcgStep | undefined;
  for (let i = 0; i + 1 < at.length; i += 2) {
    step = sentences[at[i]!]?.steps[at[i + 1]!];
    if (step?.kind === "bullets") sentences = step.bullets;
  }
  return step?.kind === "clause" ? step : null;
}

function unitOfSrc(g: Game, src: EffectSrc): DcgEffect {
  let u = def(g, src.card).effects[src.box][src.index]!;
  const path = src.path ?? [];
  for (let i = 0; i + 1 < path.length; i += 2) {
    const st = u.sentences[path[i]!]!.steps[path[i + 1]!]!;
    if (st.kind === "clause" && st.object?.kind === "effect") u = st.object.effect;
  }
  return u;
}
