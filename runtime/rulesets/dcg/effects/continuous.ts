/**
 * Continuous effects (002 §10-1-5: in effect from the instant their card is where they work,
 * never pending; §10-4-7-2: [Your Turn] / [Opponent's Turn] / [All Turns] text without a
 * trigger; §10-1-5-3: "while …" only while the condition holds) and the lasting effects the
 * effect model registers (002 §13-2-2), read at query time through the host's hooks: DP
 * changes, keywords gained, colours and names also treated as (§13-2-4), prohibitions (§1-3-3,
 * §10-1-5-6: a "cannot" always wins), permissions (§1-3-1), cost changes (§7-2-6-10, §13-2-5-4).
 *
 * A continuous effect works from the battle area (002 §10-1-2): the effect box of a Digimon's or
 * Tamer's top card, and the inherited effects of a Digimon's digivolution cards (§4-3-4, §4-4-1;
 * not of cards under a Tamer, §4-3-2). A card's own cost changes ("When playing this card from
 * your hand, reduce its play cost by 1") and name rules ("The name of this card/Digimon is also
 * treated as [X]") work wherever the card is (§4-13-1).
 *
 * Reading one of these values may read others (a "while this Digimon has 6000 DP or more"
 * condition reads DP): inside such a read, continuous effects are not read again (the value
 * is the printed one with lasting effects) — a reading of the layering of 002 §10-1-5, which
 * does not say how a continuous effect's own condition is read.
 *
 * Which continuous effects are in force, and what each applies to, is `in-force.ts`; the caches
 * of these reads and their guards are `memo.ts`. The names and traits a permanent is also
 * treated as, and the raise of the DP limit of deletion effects, are read by noun phrases
 * (`select.ts`) through the effect host (`host.ts` `DCG_EFFECT_HOST`), as DP is.
 */
import type { Game } from "../../../core/engine.ts";
import { other, type PlayerIndex } from "../../../core/state.ts";
import type { DcgClause, DcgColor as IrColor, DcgKeywordName, DcgValue } from "../../../lang/dcg/ir.ts";
import type { DcgColor } from "../../../lang/dcg/vocabulary.ts";
import { PLAYERS, V, def, findPerm, isDigimon, topOf, type DcgCard, type DcgPermanent, type LastingEffect } from "../model.ts";
import { optKey, optUses, type CostAction, type KeywordTally, type Permission, type Restriction } from "../events.ts";
import type { Ctx, EffectSrc, Thing } from "./frame.ts";
import { unitsOf, type UnitInfo } from "./units.ts";
import { cardNameRules, meets, thingsOf, valueOf, viewOf } from "./select.ts";
import { unaffectedBy } from "./immunity.ts";
import { K_ATTACK, K_COSTMOD, K_DP, K_DP_MAY_LOWER, K_FORBID, K_GET, K_KEYWORD, K_NOACTIVATE, K_NOGAINMEMORY, K_NOREDUCE, K_RAISE, K_TREAT, activeWith, applying, clauseAt, clausesOf, includesPerm, plainCtx, turnAllows, whoHas, whoIncludes, type Active } from "./in-force.ts";
import { MEMO_ALSO, MEMO_COLORS, MEMO_COST, MEMO_DP_CLAUSES, MEMO_FORBIDS, MEMO_KEYWORDS, MEMO_PERMITS, guards, memoMap } from "./memo.ts";

// ─── Re-entrance guard ─────────────────────────────────────────────────────

/** Run a read of continuous effects, or return `none` when already inside one (see the module comment). */
function guarded<T>(none: T, f: () => T): T {
  if (guards.reading > 0) return none;
  guards.reading++;
  try {
    return f();
  } finally {
    guards.reading--;
  }
}

/**
 * Whether a global lasting effect ("All of your Digimon get +1000 DP for the turn": `steps.ts`
 * `globalStep`) applies to a Digimon now: its phrase includes it — Digimon that entered later
 * too (001 DR "Global Effects"), not one that no longer meets the phrase's conditions (002
 * §8-1-2-7) — and it is not unaffected by the effect (§13-5-2).
 */
function globalIncludes(g: Game, l: LastingEffect, perm: DcgPermanent): boolean {
  const c = clauseAt(g, l.fx!.src as unknown as EffectSrc, l.fx!.at as number[]);
  if (!c) return false;
  return whoIncludes(g, l.fx!.ctx as unknown as Ctx, c.who, perm) && !unaffectedBy(g, perm, { player: l.controller, card: l.source });
}

/** Whether a lasting effect (002 §13-2-2) carrying an effect-model payload of a kind is in force. */
function anyLastingFx(g: Game, kind: string): boolean {
  for (const l of V(g).lasting) if (l.fx && l.fx.kind === kind) return true;
  return false;
}

/** Whether a card has a cost change of its own ("When playing this card …, reduce its play cost": 002 §4-13-1), wherever it is. */
function ownCostMod(g: Game, card: number): boolean {
  for (const info of unitsOf(def(g, card)).continuous.effect) if (info.kind === "costMod") return true;
  return false;
}

/** Lasting effects (002 §13-2-2) carrying an effect-model payload of a kind, on a permanent (or on every one: target −1). */
function lastingFx(g: Game, kind: string): LastingEffect[] {
  const out: LastingEffect[] = [];
  for (const l of V(g).lasting) if (l.fx && l.fx.kind === kind) out.push(l);
  return out;
}

// ─── DP, keywords, colours, names ──────────────────────────────────────────

/**
 * The continuous DP change of a Digimon (002 §10-1-5-5: all continuous changes add up): "this
 * Digimon gets +1000 DP", "all of your Digimon get +1000 DP", and a lasting "change the
 * original DP to 3000" (002 §13-2-5: an overwrite of the printed value; the latest wins,
 * §10-1-5-7).
 */
export function continuousDp(g: Game, perm: DcgPermanent): number {
  if (guards.reading > 0) return 0;
  // Not cached per Digimon: the rule check reads each Digimon's DP once per state, so a cache
  // would cost more than it saves; what is the same for every Digimon is (`dpClauses`).
  let dp = 0;
  guards.reading++; // the guard of `guarded`, inline (no closure on this path)
  try {
    if (readsArePure(g)) {
      for (const x of dpClauses(g)) {
        if (!whoIncludes(g, x.a.ctx, x.c.who, perm) || unaffectedBy(g, perm, { player: x.a.ctx.owner, card: x.a.ctx.card })) continue;
        dp += valueOf(g, x.a.ctx, x.amount) * x.mult;
      }
    } else
      for (const a of activeWith(g, K_GET))
        for (const { s, mult } of applying(g, a))
          for (const c of clausesOf(s)) {
            if (c.verb !== "get" || c.negated || c.object?.kind !== "amount" || c.object.unit !== "dp") continue;
            if (!whoIncludes(g, a.ctx, c.who, perm) || unaffectedBy(g, perm, { player: a.ctx.owner, card: a.ctx.card })) continue;
            dp += valueOf(g, a.ctx, c.object.value) * mult;
          }
    const lasting = V(g).lasting;
    for (const l of lasting) if (l.fx && l.fx.kind === "global" && typeof l.fx.dp === "number" && globalIncludes(g, l, perm)) dp += l.fx.dp;
    // The latest "change the original DP" on it wins (§10-1-5-7).
    let set: LastingEffect | null = null;
    for (const l of lasting) if (l.fx && l.fx.kind === "setDp" && l.target === perm.id) set = l;
    if (set !== null) dp += (set.fx!.dp as number) - (def(g, topOf(perm)).stats.dp ?? 0);
  } finally {
    guards.reading--;
  }
  return dp;
}

/**
 * Whether {@link continuousDp} is ≥ 0 for every Digimon now (`EffectHost.dpNeverLowered`, read
 * by the rule check): reads are pure ({@link readsArePure}), no continuous effect in force has a
 * "gets ±N DP" clause that may lower DP (a negative or non-constant amount; multipliers are
 * ≥ 0), no lasting global DP change is negative and no lasting "change the original DP" is in
 * force. False inside another read (where it is 0, but nothing needs to know).
 */
export function dpNeverLowered(g: Game): boolean {
  if (guards.reading > 0 || !readsArePure(g)) return false;
  if (activeWith(g, K_DP_MAY_LOWER).length > 0) return false;
  for (const l of V(g).lasting) if (l.fx && ((l.fx.kind === "global" && typeof l.fx.dp === "number" && l.fx.dp < 0) || l.fx.kind === "setDp")) return false;
  return true;
}

/**
 * Whether reading continuous effects can no longer write the state: once the effect model's
 * state exists (`frame.ts` `FX` creates it on first use, and a read of a "… this turn"
 * condition may be that first use), reads are pure, and a read may skip or reorder the parts
 * that cannot change its value.
 */
function readsArePure(g: Game): boolean {
  return (V(g).fx as { frames?: unknown }).frames !== undefined;
}

/** A "gets ±N DP" clause that applies now ({@link dpClauses}). */
interface DpClause {
  a: Active;
  c: DcgClause;
  mult: number;
  amount: DcgValue;
}

/**
 * The "gets ±N DP" clauses of the continuous effects in force whose sentences apply now, in
 * the order {@link continuousDp} reads them: the same for every Digimon, so made once per state
 * version and read depth (see {@link memoMap}). Read-only.
 */
function dpClauses(g: Game): readonly DpClause[] {
  const memo = memoMap<number, DpClause[]>(g, MEMO_DP_CLAUSES);
  const hit = memo?.get(0);
  if (hit !== undefined) return hit;
  const out: DpClause[] = [];
  for (const a of activeWith(g, K_DP))
    for (const { s, mult } of applying(g, a))
      for (const c of clausesOf(s)) if (c.verb === "get" && !c.negated && c.object?.kind === "amount" && c.object.unit === "dp") out.push({ a, c, mult, amount: c.object.value });
  memo?.set(0, out);
  return out;
}

/** The DP change of a Security Digimon (002 §4-11: "your Security Digimon get +5000 DP"). */
export function continuousSecurityDp(g: Game, card: number, owner: PlayerIndex): number {
  return guarded(0, () => {
    let dp = 0;
    for (const a of activeWith(g, K_GET))
      for (const { s, mult } of applying(g, a))
        for (const c of clausesOf(s)) {
          if (c.verb !== "get" || c.object?.kind !== "amount" || c.object.unit !== "dp" || c.who === null || typeof c.who === "string") continue;
          if (c.who.kind !== "select" || c.who.noun !== "securityDigimon") continue;
          const owners = c.who.owner === "opponent" ? [other(a.ctx.owner)] : c.who.owner === "you" || c.who.owner === null ? [a.ctx.owner] : PLAYERS;
          if (!owners.includes(owner)) continue;
          const v = viewOf(g, { card });
          if (v && meets(g, a.ctx, v, c.who.filters)) dp += valueOf(g, a.ctx, c.object.value) * mult;
        }
    return dp;
  });
}

/** Keywords a Digimon has by continuous effects (002 §4-13-2: "while …, gains <Blocker>"; "for every 2 digivolution cards, <Security Attack +1>"). */
export function continuousKeywords(g: Game, perm: DcgPermanent, out: KeywordTally): void {
  if (guards.reading > 0) return;
  // Nothing that gives keywords is in force (the common case): what `keywordsInto` would find.
  if (activeWith(g, K_KEYWORD).length === 0 && !anyLastingFx(g, "global") && V(g).attack === null) return;
  // Cached as the tally these effects add (added to `out` in the order first met, as a fresh read would).
  const memo = memoMap<DcgPermanent, KeywordTally>(g, MEMO_KEYWORDS);
  let add = memo?.get(perm);
  if (add === undefined) {
    const fresh: KeywordTally = {};
    keywordsInto(g, perm, fresh);
    memo?.set(perm, fresh);
    add = fresh;
  }
  for (const k in add) {
    const name = k as DcgKeywordName;
    out[name] = (out[name] ?? 0) + add[name]!;
  }
}

/** The keywords continuous and global lasting effects give a Digimon, added to `out` ({@link continuousKeywords}). */
function keywordsInto(g: Game, perm: DcgPermanent, out: KeywordTally): void {
  guarded(undefined, () => {
    for (const a of activeWith(g, K_KEYWORD))
      for (const { s, mult } of applying(g, a))
        for (const c of clausesOf(s)) {
          const kws = c.verb === "gain" && c.object?.kind === "keyword" ? c.object.keywords : c.verb === "get" ? c.args.flatMap((x) => (x.kind === "withKeyword" ? [x.keyword] : [])) : [];
          if (kws.length === 0 || c.negated || mult === 0 || !whoIncludes(g, a.ctx, c.who, perm) || unaffectedBy(g, perm, { player: a.ctx.owner, card: a.ctx.card })) continue;
          for (const k of kws) out[k.name] = (out[k.name] ?? 0) + (k.value ?? 1) * (k.value === null ? 1 : mult);
        }
    for (const l of lastingFx(g, "global")) if (Array.isArray(l.fx!.keywords) && globalIncludes(g, l, perm)) for (const k of l.fx!.keywords as { name: DcgKeywordName; value: number | null }[]) out[k.name] = (out[k.name] ?? 0) + (k.value ?? 1);
    // <Collision> (002 §12-30-1): while its holder attacks, the opponent's Digimon gain <Blocker>.
    const a = V(g).attack;
    if (a && perm.owner !== a.player) {
      const attacker = findPerm(g, a.attacker);
      // 002 §12-30-4: "gain <Blocker>" affects the Digimon (one unaffected by the attacker's effects does not gain it).
      if (attacker && collides(g, attacker) && !unaffectedBy(g, perm, { player: attacker.owner, card: topOf(attacker) })) out.blocker = (out.blocker ?? 0) + 1;
    }
  });
}

/** Whether an attacker has <Collision> (002 §12-30) — read from its keyword lines without the host (no re-entrance). */
export function collides(g: Game, attacker: DcgPermanent): boolean {
  const has = (c: DcgCard, box: "effect" | "inherited") => c.effects[box].some((u) => u.keyword?.name === "collision" && u.timings.length === 0);
  if (has(def(g, topOf(attacker)), "effect")) return true;
  for (let i = 0; i < attacker.cards.length - 1; i++) if (has(def(g, attacker.cards[i]!), "inherited")) return true;
  return false;
}

/** Colours a Digimon is also treated as (002 §13-2-4: "This Digimon is also treated as yellow"; lasting ones too). */
export function continuousColors(g: Game, perm: DcgPermanent, out: DcgColor[]): void {
  if (guards.reading > 0 || nothingAlso(g)) return;
  const memo = memoMap<DcgPermanent, DcgColor[]>(g, MEMO_COLORS);
  let add = memo?.get(perm);
  if (add === undefined) {
    const fresh: DcgColor[] = [];
    guarded(undefined, () => {
      for (const v of alsoValues(g, perm, "color")) fresh.push(capital(v as IrColor));
    });
    memo?.set(perm, fresh);
    add = fresh;
  }
  for (const c of add) out.push(c);
}

function capital(c: IrColor): DcgColor {
  return (c.charAt(0).toUpperCase() + c.slice(1)) as DcgColor;
}

/** Values a permanent is also treated as having (names, colours, traits: 002 §13-2-4), from continuous and lasting effects. */
function alsoValues(g: Game, perm: DcgPermanent, what: "name" | "namePart" | "color" | "trait"): string[] {
  const out: string[] = [];
  for (const a of activeWith(g, K_TREAT))
    for (const { s } of applying(g, a))
      for (const c of clausesOf(s)) {
        if (c.verb !== "treatAs") continue;
        const who = c.who ?? (c.object?.kind === "things" ? c.object.what : null);
        if (!whoIncludes(g, a.ctx, who, perm)) continue;
        for (const x of c.args) if (x.kind === "asAlso" && x.what === what) out.push(...x.values);
      }
  for (const l of lastingFx(g, "also")) if (l.target === perm.id && l.fx!.what === what) out.push(...(l.fx!.values as string[]));
  return out;
}


/** Names a Digimon is also treated as (002 §13-2-4; its top card's own name rules first, `select.ts` `cardNameRules`): `EffectHost.alsoNames`, read by `select.ts` through the host. */
export function alsoNames(g: Game, perm: DcgPermanent): readonly string[] {
  const own = cardNameRules(def(g, topOf(perm)));
  if (guards.reading > 0 || nothingAlso(g)) return own;
  return alsoMemo(g, perm).names ??= guarded(own, () => [...own, ...alsoValues(g, perm, "name"), ...alsoValues(g, perm, "namePart")]);
}

/** Traits a Digimon is also treated as having (002 §13-2-4): `EffectHost.alsoTraits`, read by `select.ts` through the host. */
export function alsoTraits(g: Game, perm: DcgPermanent): readonly string[] {
  if (guards.reading > 0 || nothingAlso(g)) return NONE;
  return alsoMemo(g, perm).traits ??= guarded([] as string[], () => alsoValues(g, perm, "trait"));
}

const NONE: readonly string[] = [];

/** Whether no effect in force makes anything "also treated as" something (the common case): {@link alsoValues} would find nothing. */
function nothingAlso(g: Game): boolean {
  return activeWith(g, K_TREAT).length === 0 && !anyLastingFx(g, "also");
}

/** The cached names and traits a permanent is also treated as (read-only arrays; see {@link memoMap}). */
function alsoMemo(g: Game, perm: DcgPermanent): { names?: readonly string[]; traits?: readonly string[] } {
  const memo = memoMap<DcgPermanent, { names?: readonly string[]; traits?: readonly string[] }>(g, MEMO_ALSO);
  if (memo === null) return {};
  let m = memo.get(perm);
  if (m === undefined) memo.set(perm, (m = {}));
  return m;
}

/**
 * How much "the maximum DP you can choose with DP-based deletion effects" is raised for player
 * `p` (e.g. EX2-010 "[Your Turn] Add 1000 to the maximum DP …"): `EffectHost.dpBonusForDeletion`,
 * read by `select.ts` through the host.
 */
export function dpBonusForDeletion(g: Game, p: PlayerIndex): number {
  return guarded(0, () => {
    let n = 0;
    for (const a of activeWith(g, K_RAISE)) {
      if (a.ctx.owner !== p) continue;
      for (const { s, mult } of applying(g, a)) for (const c of clausesOf(s)) if (c.verb === "raiseMaximum" && c.object?.kind === "amount") n += valueOf(g, a.ctx, c.object.value) * mult;
    }
    return n;
  });
}

// ─── Prohibitions and permissions ──────────────────────────────────────────

/** Whether a prohibiting clause speaks of a passive ("can't be attacked", "can't be blocked": 002 §12-5-5). */
export function passive(_g: Game, _ctx: Ctx, c: DcgClause): boolean {
  return c.passive;
}

/** The verbs a clause says the same of ("can't attack or block"). */
function verbsOf(c: DcgClause): string[] {
  return [c.verb, ...c.orVerbs];
}

/**
 * Whether a prohibiting clause (a negated clause: "can't attack", "can't be blocked by …",
 * "doesn't unsuspend", "Players can't play Digimon by effects", "can't be deleted") forbids a
 * restriction asked by the rules (002 §1-3-3).
 */
export function clauseForbids(g: Game, ctx: Ctx, c: DcgClause, r: Restriction, fixed: Thing[] | null = null): boolean {
  const verbs = verbsOf(c);
  const who = c.who;
  // A lasting prohibition applies to the things chosen when it was made ("up to 2 of your opponent's Digimon"), not to the phrase read again.
  const whoIncludes = (g: Game, ctx: Ctx, w: DcgClause["who"], perm: DcgPermanent): boolean => (fixed && w !== null && typeof w !== "string" ? includesPerm(fixed, perm) : whoHas(g, ctx, w, perm));
  switch (r.act) {
    case "attack": {
      if (!verbs.includes("attack")) return false;
      if (passive(g, ctx, c)) return r.target !== "player" && whoIncludes(g, ctx, who, r.target);
      if (!whoIncludes(g, ctx, who, r.perm)) return false;
      const obj = c.object?.kind === "things" ? c.object.what : null;
      if (obj && obj.kind === "select" && obj.noun === "player") return r.target === "player";
      return true;
    }
    case "block": {
      if (!verbs.includes("block")) return false;
      const by = c.args.find((x) => x.kind === "byEffect");
      if (by || passive(g, ctx, c) || c.verb === "makeUnblockable") {
        if (!whoIncludes(g, ctx, who, r.attacker)) return false;
        if (by?.kind !== "byEffect") return true;
        const v = viewOf(g, { perm: r.blocker.id });
        const blockerOwnerOk = by.whose === "any" || (by.whose === "opponent") === (r.blocker.owner !== ctx.owner);
        return v !== null && blockerOwnerOk && meets(g, ctx, v, by.filters);
      }
      return whoIncludes(g, ctx, who, r.blocker);
    }
    case "unsuspend":
      return verbs.includes("unsuspend") && whoIncludes(g, ctx, who, r.perm) && (!c.args.some((x) => x.kind === "during") || r.phase);
    case "play": {
      if (!verbs.includes("play")) return false;
      const players = who === "both" || who === "any" ? PLAYERS : who === "opponent" ? [other(ctx.owner)] : who === "you" ? [ctx.owner] : PLAYERS;
      if (!players.includes(r.player)) return false;
      if (c.args.some((x) => x.kind === "byEffect") && !r.byEffect) return false;
      const obj = c.object?.kind === "things" ? c.object.what : null;
      if (obj && obj.kind === "select") {
        const v = viewOf(g, { card: r.card });
        return v !== null && (obj.noun === "digimon" ? v.def.stats.kind === "Digimon" : obj.noun === "tamer" ? v.def.stats.kind === "Tamer" : true) && meets(g, ctx, v, obj.filters);
      }
      return true;
    }
    case "use": {
      if (!verbs.includes("use")) return false;
      const players = who === "both" || who === "any" ? PLAYERS : who === "opponent" ? [other(ctx.owner)] : [ctx.owner];
      return players.includes(r.player);
    }
    case "digivolve": {
      if (!verbs.includes("digivolve") || !whoIncludes(g, ctx, who, r.perm)) return false;
      // "This Digimon can only digivolve into Digimon with [Lucemon] in their name" (BT4-115).
      if (c.args.some((x) => x.kind === "only")) {
        const into = c.args.find((x) => x.kind === "into");
        if (into?.kind !== "into" || into.what.kind !== "select") return false;
        const v = viewOf(g, { card: r.card });
        return v === null || !meets(g, ctx, v, into.what.filters);
      }
      return c.negated;
    }
    case "delete": {
      if (!verbs.includes("delete")) return false;
      if (!whoIncludes(g, ctx, who ?? (c.object?.kind === "things" ? c.object.what : null), r.perm)) return false;
      const inBattle = c.args.some((x) => x.kind === "inBattle");
      if (inBattle) return r.cause === "battle";
      const by = c.args.find((x) => x.kind === "byEffect");
      if (by?.kind === "byEffect") return r.cause === "effect" && (by.whose === "any" || (by.whose === "opponent" ? r.by !== null && r.by !== ctx.owner : by.whose === "you" ? r.by === ctx.owner : true));
      return true;
    }
  }
}

/**
 * Whether the Digimon a prohibition would restrict (the attacker, the blocker, the Digimon that
 * would digivolve, unsuspend or be deleted) is unaffected by the effect's source (002 §13-5-2).
 */
function subjectUnaffected(g: Game, r: Restriction, player: PlayerIndex, card: number | null): boolean {
  const subject = r.act === "block" ? r.blocker : r.act === "attack" || r.act === "digivolve" || r.act === "unsuspend" || r.act === "delete" ? r.perm : null;
  return subject !== null && unaffectedBy(g, subject, { player, card });
}

/** Whether an effect in force forbids an action (002 §1-3-3, §10-1-5-6): continuous clauses and lasting prohibitions — not on a Digimon unaffected by them (§13-5). */
export function continuousForbids(g: Game, r: Restriction): boolean {
  if (guards.reading > 0) return false;
  // Nothing that could forbid is in force (the common case): what `forbidsNow` would find.
  if (activeWith(g, K_FORBID).length === 0 && !anyLastingFx(g, "forbid")) return false;
  const memo = memoMap<string, boolean>(g, MEMO_FORBIDS);
  const key = memo === null ? "" : restrictionKey(r);
  const hit = memo?.get(key);
  if (hit !== undefined) return hit;
  const no = forbidsNow(g, r);
  memo?.set(key, no);
  return no;
}

/**
 * A restriction as a cache key: its act and the ids it names (a permanent by its object id,
 * unique in a game: `model.ts` {@link DcgPermanent}), with every field the prohibitions read.
 */
function restrictionKey(r: Restriction): string {
  switch (r.act) {
    case "attack":
      return `a${r.perm.id}:${r.target === "player" ? "p" : r.target.id}`;
    case "block":
      return `b${r.blocker.id}:${r.attacker.id}`;
    case "digivolve":
      return `d${r.perm.id}:${r.card}`;
    case "play":
      return `p${r.card}:${r.player}:${r.byEffect === true ? 1 : r.byEffect === false ? 0 : 2}`;
    case "use":
      return `u${r.card}:${r.player}`;
    case "unsuspend":
      return `s${r.perm.id}:${r.phase ? 1 : 0}`;
    case "delete":
      return `x${r.perm.id}:${r.cause}:${r.by}`;
  }
}

/** {@link continuousForbids} read now (no cache). */
function forbidsNow(g: Game, r: Restriction): boolean {
  return guarded(false, () => {
    for (const a of activeWith(g, K_FORBID))
      for (const { s } of applying(g, a))
        for (const c of clausesOf(s)) if ((c.negated || c.verb === "makeUnblockable" || (c.verb === "digivolve" && c.args.some((x) => x.kind === "only"))) && clauseForbids(g, a.ctx, c, r) && !subjectUnaffected(g, r, a.ctx.owner, a.ctx.card)) return true;
    for (const l of lastingFx(g, "forbid")) {
      if (subjectUnaffected(g, r, l.controller, l.source)) continue;
      const ctx = l.fx!.ctx as unknown as Ctx;
      const c = clauseAt(g, l.fx!.src as unknown as EffectSrc, l.fx!.at as number[]);
      if (c && clauseForbids(g, ctx, c, r, l.target >= 0 ? [{ perm: l.target }] : null)) return true;
    }
    return false;
  });
}


/**
 * Whether an effect in force permits what the rules alone do not (002 §1-3-1): "can also
 * attack your opponent's unsuspended Digimon" (continuous or for the turn), "you may use this
 * card without meeting its color requirements" (a card's own rule, read in the hand).
 */
export function continuousPermits(g: Game, r: Permission): boolean {
  if (guards.reading > 0) return false;
  // An attack no effect in force could permit (the common case): what `permitsNow` would find.
  if (r.act !== "ignoreColor" && activeWith(g, K_ATTACK).length === 0 && !anyLastingFx(g, "permit")) return false;
  const memo = memoMap<string, boolean>(g, MEMO_PERMITS);
  const key = memo === null ? "" : r.act === "ignoreColor" ? `c${r.card}:${r.player}` : `a${r.perm.id}:${r.target.id}`;
  const hit = memo?.get(key);
  if (hit !== undefined) return hit;
  const yes = permitsNow(g, r);
  memo?.set(key, yes);
  return yes;
}

/** {@link continuousPermits} read now (no cache). */
function permitsNow(g: Game, r: Permission): boolean {
  return guarded(false, () => {
    if (r.act === "ignoreColor") {
      const c = def(g, r.card);
      for (const info of unitsOf(c).continuous.effect) {
        const ctx = plainCtx(r.player, r.card, null, "effect");
        for (const { s } of applying(g, { info, ctx }))
          for (const cl of clausesOf(s)) if (cl.verb === "use" && cl.permission && cl.args.some((x) => x.kind === "ignoring" && (x.what === "color" || x.what === "requirements"))) return true;
      }
      return false;
    }
    const fits = (ctx: Ctx, c: DcgClause): boolean => {
      if (c.verb !== "attack" || !c.permission || c.negated) return false;
      if (!whoIncludes(g, ctx, c.who, r.perm)) return false;
      const obj = c.object?.kind === "things" ? c.object.what : null;
      if (!obj || obj.kind !== "select") return true;
      const v = viewOf(g, { perm: r.target.id });
      return v !== null && meets(g, ctx, v, obj.filters.filter((f) => f.kind !== "suspended"));
    };
    for (const a of activeWith(g, K_ATTACK)) for (const { s } of applying(g, a)) for (const c of clausesOf(s)) if (fits(a.ctx, c)) return true;
    for (const l of lastingFx(g, "permit")) {
      const c = clauseAt(g, l.fx!.src as unknown as EffectSrc, l.fx!.at as number[]);
      const ctx = l.fx!.ctx as unknown as Ctx;
      if (c && l.target === r.perm.id && fits({ ...ctx, last: [{ perm: r.perm.id }] }, c)) return true;
    }
    return false;
  });
}

// ─── Costs ─────────────────────────────────────────────────────────────────

/** One cost change that applies to an action, and what to count when it is used. */
interface CostChange {
  by: number;
  /** [Once Per Turn] key of the unit, or the seq of a one-shot lasting change. */
  opt: string | null;
  once: number | null;
}

/** Whether "Players can't reduce play costs" / "Your opponent can't reduce digivolution costs" forbids reducing a cost of player `p`. */
function reductionForbidden(g: Game, p: PlayerIndex, kind: CostAction["kind"]): boolean {
  for (const a of activeWith(g, K_NOREDUCE))
    for (const { s } of applying(g, a))
      for (const c of clausesOf(s)) {
        if (c.verb !== "reduce" || !c.negated || c.object?.kind !== "cost") continue;
        const players = c.who === "both" || c.who === "any" || c.who === null ? PLAYERS : c.who === "opponent" ? [other(a.ctx.owner)] : [a.ctx.owner];
        if (!players.includes(p)) continue;
        const which = c.object.which;
        if (which === "any" || (which === "play" && kind === "play") || (which === "digivolution" && (kind === "digivolve" || kind === "dna")) || (which === "memory" && kind !== "dna")) return true;
      }
  return false;
}

/** Whether a cost change's "When …" event fits the action (002 §7-2-6-10: "when … would be played / digivolve"). */
function costEventFits(g: Game, ctx: Ctx, info: UnitInfo, action: CostAction, player: PlayerIndex): boolean {
  const w = info.when;
  const kind = action.kind;
  if (!w) {
    // "Reduce the memory cost of this card in your hand by 1 for each …": this card's own play or use.
    return (kind === "play" || kind === "use") && action.card === ctx.card && g.card(ctx.card).zone === "hand";
  }
  const into = (sel: unknown, card: number): boolean => {
    if (!sel || typeof sel !== "object") return true;
    const s = sel as { kind: string };
    if (s.kind === "ref") return card === ctx.card;
    if (s.kind !== "select") return true;
    const v = viewOf(g, { card });
    return v !== null && meets(g, ctx, v, (sel as { filters: [] }).filters);
  };
  const subj = w.subject;
  switch (w.event) {
    case "played":
    case "used": {
      if (w.event === "played" ? kind !== "play" : kind !== "use") return false;
      if (typeof subj === "object" && subj.kind === "ref") return action.card === ctx.card;
      if (subj === "you" && player !== ctx.owner) return false;
      const target = w.args.find((x) => x.kind === "target");
      if (target?.kind === "target") return into(target.what, action.card) || (target.what.kind === "ref" && action.card === ctx.card);
      return action.card === ctx.card;
    }
    case "digivolved": {
      if (kind !== "digivolve") return false;
      if (player !== ctx.owner) return false;
      const intoArg = w.args.find((x) => x.kind === "into");
      if (intoArg?.kind === "into" && !into(intoArg.what, action.card)) return false;
      if (typeof subj === "object" && subj.kind === "ref") return ctx.perm !== null ? action.perm.id === ctx.perm : action.card === ctx.card;
      if (typeof subj === "object" && subj.kind === "select") {
        const v = viewOf(g, { perm: action.perm.id });
        if (!v || !meets(g, ctx, v, subj.filters)) return false;
      }
      // "When one of your Digimon … digivolves into this card in your hand": the unit is on the card digivolved into.
      if (ctx.perm === null) return action.card === ctx.card;
      return true;
    }
    default:
      return false;
  }
}

/** The cost changes that apply to an action of player `p` now. */
function costChanges(g: Game, p: PlayerIndex, action: CostAction): CostChange[] {
  const out: CostChange[] = [];
  const consider = (info: UnitInfo, ctx: Ctx) => {
    if (info.kind !== "costMod") return;
    if (info.unit.perTurn !== null) {
      const key = optKey(ctx.perm, ctx.card, (g.card(ctx.card).vars.inc as number | undefined) ?? 0, info.box, info.index);
      if (optUses(g, key) >= info.unit.perTurn) return;
    }
    if (!turnAllows(g, info, ctx.owner) || !costEventFits(g, ctx, info, action, p)) return;
    for (const { s, mult } of applying(g, { info, ctx }))
      for (const c of clausesOf(s)) {
        if ((c.verb !== "reduce" && c.verb !== "increase") || c.negated || c.object?.kind !== "cost") continue;
        const byArg = c.args.find((x) => x.kind === "by");
        let n = byArg?.kind === "by" ? valueOf(g, ctx, byArg.value) : 0;
        for (const x of c.args) if (x.kind === "forEach") n *= Math.floor(thingsOf(g, ctx, x.what).length / Math.max(1, x.per));
        n *= mult;
        const key = info.unit.perTurn !== null ? optKey(ctx.perm, ctx.card, (g.card(ctx.card).vars.inc as number | undefined) ?? 0, info.box, info.index) : null;
        out.push({ by: c.verb === "reduce" ? -n : n, opt: key, once: null });
      }
  };
  // The card being played, used or digivolved into: its own cost changes, wherever it is (002 §4-13-1).
  for (const info of unitsOf(def(g, action.card)).continuous.effect) consider(info, plainCtx(p, action.card, null, "effect"));
  // Cost changes of the cards in the battle area.
  for (const a of activeWith(g, K_COSTMOD)) if (a.ctx.owner === p) consider(a.info, a.ctx);
  // One-shot lasting changes ("The next time one of your Digimon would digivolve this turn, reduce …").
  for (const l of lastingFx(g, "cost")) {
    if (l.controller !== p || l.fx!.action !== action.kind) continue;
    const lctx = l.fx!.ctx as unknown as Ctx;
    const filters = (l.fx!.filters ?? []) as never[];
    if (filters.length) {
      const v = viewOf(g, { card: action.card });
      if (!v || !meets(g, lctx, v, filters)) continue;
    }
    if (action.kind === "digivolve") {
      const subject = (l.fx!.subject ?? []) as never[];
      const pv = viewOf(g, { perm: action.perm.id });
      if (subject.length && (!pv || !meets(g, lctx, pv, subject))) continue;
      const levels = l.fx!.levels as [number, number] | null | undefined;
      if (levels && (pv?.def.stats.level !== levels[0] || def(g, action.card).stats.level !== levels[1])) continue;
    }
    out.push({ by: l.fx!.by as number, opt: null, once: l.seq });
  }
  return out;
}

/**
 * The total change of a memory cost (PLY-3, DGV-2, OPT-2; 002 §7-2-6-10): reductions and
 * increases add up (§13-2-5-4: not overwrites); reductions are dropped when an effect forbids
 * reducing that cost ("Players can't reduce play costs").
 */
export function continuousCost(g: Game, p: PlayerIndex, action: CostAction): number {
  if (guards.reading > 0) return 0;
  // No cost change could apply (the common case): `costChanges` would find none, reading nothing.
  if (!ownCostMod(g, action.card) && !activeWith(g, K_COSTMOD).some((a) => a.ctx.owner === p) && !anyLastingFx(g, "cost")) return 0;
  const memo = memoMap<string, number>(g, MEMO_COST);
  const key = memo === null ? "" : `${p}:${action.kind}:${action.card}:${action.kind === "digivolve" ? action.perm.id : action.kind === "dna" ? action.perms.map((x) => x.id).join(",") : ""}`;
  const hit = memo?.get(key);
  if (hit !== undefined) return hit;
  const n = costNow(g, p, action);
  memo?.set(key, n);
  return n;
}

/** {@link continuousCost} read now (no cache). */
function costNow(g: Game, p: PlayerIndex, action: CostAction): number {
  return guarded(0, () => {
    const changes = costChanges(g, p, action);
    if (changes.length === 0) return 0;
    const noReduce = reductionForbidden(g, p, action.kind);
    let n = 0;
    for (const c of changes) if (!(noReduce && c.by < 0)) n += c.by;
    return n;
  });
}

/** A cost is being paid: count the [Once Per Turn] cost changes that applied and end the one-shot ones (002 §4-15-1). */
export function costPaid(g: Game, p: PlayerIndex, action: CostAction, spend: (key: string) => void): void {
  const changes = guarded([] as CostChange[], () => costChanges(g, p, action));
  for (const c of changes) if (c.opt) spend(c.opt);
  const once = changes.filter((c) => c.once !== null).map((c) => c.once);
  if (once.length) {
    const v = V(g);
    g.set(
      v,
      "lasting",
      v.lasting.filter((l) => !once.includes(l.seq)),
    );
  }
}


/**
 * Whether player `p` may not gain memory from an effect of a card of kind `source` now
 * ("Your opponent can't gain memory except with Tamer effects": a prohibition, 002 §1-3-3).
 */
export function memoryGainForbidden(g: Game, p: PlayerIndex, source: DcgCard["stats"]["kind"]): boolean {
  return guarded(false, () => {
    for (const a of activeWith(g, K_NOGAINMEMORY))
      for (const { s } of applying(g, a))
        for (const c of clausesOf(s)) {
          if (c.verb !== "gainMemory" || !c.negated) continue;
          const players = c.who === "both" || c.who === "any" ? PLAYERS : c.who === "opponent" ? [other(a.ctx.owner)] : [a.ctx.owner];
          if (!players.includes(p)) continue;
          const except = c.args.find((x) => x.kind === "exceptByEffect");
          if (except?.kind === "exceptByEffect" && except.whose.toLowerCase() === source.toLowerCase()) continue;
          return true;
        }
    return false;
  });
}

/**
 * Whether an effect in force forbids an effect from activating (002 §10-2-2: even with its
 * condition met, an effect restricted by a "cannot" does not activate): "This Digimon doesn't
 * activate [Security] effects on Option cards it checks" (the attacker's), "The [When
 * Digivolving] effects on level 7 Digimon don't activate".
 * @param card the card with the effect; `perm` its Digimon (null for a card not in play)
 * @param timings the effect's timing tags
 */
export function activationForbidden(g: Game, card: number, perm: DcgPermanent | null, timings: readonly string[]): boolean {
  return guarded(false, () => {
    for (const a of activeWith(g, K_NOACTIVATE))
      for (const { s } of applying(g, a))
        for (const c of clausesOf(s)) {
          if (c.verb !== "activate" || !c.negated) continue;
          const sel = c.object?.kind === "things" ? c.object.what : c.who !== null && typeof c.who !== "string" ? c.who : null;
          if (!sel || sel.kind !== "select" || sel.noun !== "effect") continue;
          let ok = true;
          for (const f of sel.filters) {
            if (f.kind === "timing" && !timings.includes(f.timing)) ok = false;
            if (f.kind === "source") {
              const v = viewOf(g, perm ? { perm: perm.id } : { card });
              if (!v || f.what.kind !== "select" || !meets(g, a.ctx, v, f.what.filters)) ok = false;
              else if (f.what.kind === "select" && f.what.noun === "optionCard" && v.def.stats.kind !== "Option") ok = false;
              else if (f.what.kind === "select" && f.what.noun === "digimon" && !(v.perm && isDigimon(g, v.perm))) ok = false;
            }
          }
          // "This Digimon doesn't activate … on cards it checks": only while it is the one checking.
          if (ok && c.who !== null && typeof c.who !== "string" && c.who.kind === "ref") ok = V(g).attack?.attacker === a.ctx.perm;
          if (ok) return true;
        }
    return false;
  });
}
