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
 * is the printed one with lasting effects) — a layering reading, `.scratch/dcg-rules.md` 3.10.
 */
import type { Game } from "../../../core/engine.ts";
import { other, type PlayerIndex } from "../../../core/state.ts";
import type { DcgClause, DcgColor as IrColor, DcgEffect, DcgKeywordName, DcgSentence, DcgStep } from "../../../lang/dcg/ir.ts";
import type { DcgColor } from "../../../lang/dcg/vocabulary.ts";
import { P, PLAYERS, V, boardVersion, def, findPerm, isDigimon, topOf, type DcgCard, type DcgPermanent, type LastingEffect } from "../model.ts";
import { optKey, optUses, type CostAction, type KeywordTally, type Permission, type Restriction } from "../events.ts";
import type { Ctx, EffectSrc, Thing } from "./frame.ts";
import { unitsOf, type UnitInfo } from "./units.ts";
import { holds } from "./conditions.ts";
import { candidates, meets, thingsOf, valueOf, viewOf } from "./select.ts";
import { unaffectedBy } from "./immunity.ts";

// ─── The continuous effects in force ───────────────────────────────────────

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
  const sig = boardVersion(g) * 2 + g.state.turnPlayer;
  const hit = ACTIVE.get(g);
  if (hit && hit.sig === sig) return hit.list;
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
  ACTIVE.set(g, { sig, list: out });
  return out;
}

/** The last list of continuous effects of each game, with the board it was made for (not game state: a cache). */
const ACTIVE = new WeakMap<Game, { sig: number; list: Active[] }>();

/**
 * The sentences of a continuous unit that apply now, each with its "for each" multiplier
 * (002 §10-1-5-3: "while …" / "if …" conditions read now).
 */
export function applying(g: Game, a: Active): { s: DcgSentence; mult: number }[] {
  const out: { s: DcgSentence; mult: number }[] = [];
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
  return out;
}

/** The clauses of a sentence (bullets excluded). */
function clausesOf(s: DcgSentence): DcgClause[] {
  return s.steps.filter((x: DcgStep): x is DcgClause => x.kind === "clause");
}

/** Whether a thing list includes a permanent. */
function includesPerm(things: Thing[], perm: DcgPermanent): boolean {
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
    return candidates(g, ctx, { ...who, filters: who.filters }).things.some((t) => "perm" in t && t.perm === perm.id);
  }
  return includesPerm(thingsOf(g, ctx, who), perm);
}

// ─── Re-entrance guard ─────────────────────────────────────────────────────

let reading = 0;

/** Run a read of continuous effects, or return `none` when already inside one (see the module comment). */
function guarded<T>(none: T, f: () => T): T {
  if (reading > 0) return none;
  reading++;
  try {
    return f();
  } finally {
    reading--;
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
  return guarded(0, () => {
    let dp = 0;
    for (const a of activeContinuous(g))
      for (const { s, mult } of applying(g, a))
        for (const c of clausesOf(s)) {
          if (c.verb !== "get" || c.negated || c.object?.kind !== "amount" || c.object.unit !== "dp") continue;
          if (!whoIncludes(g, a.ctx, c.who, perm) || unaffectedBy(g, perm, { player: a.ctx.owner, card: a.ctx.card })) continue;
          dp += valueOf(g, a.ctx, c.object.value) * mult;
        }
    for (const l of lastingFx(g, "global")) if (typeof l.fx!.dp === "number" && globalIncludes(g, l, perm)) dp += l.fx!.dp;
    const set = lastingFx(g, "setDp").filter((l) => l.target === perm.id);
    if (set.length) dp += (set[set.length - 1]!.fx!.dp as number) - (def(g, topOf(perm)).stats.dp ?? 0);
    return dp;
  });
}

/** The DP change of a Security Digimon (002 §4-11: "your Security Digimon get +5000 DP"). */
export function continuousSecurityDp(g: Game, card: number, owner: PlayerIndex): number {
  return guarded(0, () => {
    let dp = 0;
    for (const a of activeContinuous(g))
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
  guarded(undefined, () => {
    for (const a of activeContinuous(g))
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
  guarded(undefined, () => {
    for (const v of alsoValues(g, perm, "color")) out.push(capital(v as IrColor));
  });
}

function capital(c: IrColor): DcgColor {
  return (c.charAt(0).toUpperCase() + c.slice(1)) as DcgColor;
}

/** Values a permanent is also treated as having (names, colours, traits: 002 §13-2-4), from continuous and lasting effects. */
function alsoValues(g: Game, perm: DcgPermanent, what: "name" | "namePart" | "color" | "trait"): string[] {
  const out: string[] = [];
  for (const a of activeContinuous(g))
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

/** A card's own name rules, wherever it is (002 §2-11: "The name of this card/Digimon is also treated as [X]"). */
function cardNameRules(c: DcgCard): string[] {
  const out: string[] = [];
  for (const u of c.effects.effect)
    if (u.timings.length === 0)
      for (const s of u.sentences)
        for (const st of s.steps)
          if (st.kind === "clause" && st.verb === "treatAs" && s.leads.length === 0) for (const x of st.args) if (x.kind === "asAlso" && (x.what === "name" || x.what === "namePart")) out.push(...x.values);
  return out;
}

/** Names a card or a Digimon is also treated as (002 §13-2-4). */
export function alsoNames(g: Game, perm: DcgPermanent): string[] {
  const own = cardNameRules(def(g, topOf(perm)));
  return guarded(own, () => [...own, ...alsoValues(g, perm, "name"), ...alsoValues(g, perm, "namePart")]);
}

/** Traits a Digimon is also treated as having (002 §13-2-4). */
export function alsoTraits(g: Game, perm: DcgPermanent): string[] {
  return guarded([] as string[], () => alsoValues(g, perm, "trait"));
}

/** Names a card (not in play) is also treated as: its own name rules (002 §2-11-2: a card's rule works wherever it is). */
export function cardAlsoNames(c: DcgCard): string[] {
  return cardNameRules(c);
}

/**
 * How much "the maximum DP you can choose with DP-based deletion effects" is raised for player
 * `p` (e.g. EX2-010 "[Your Turn] Add 1000 to the maximum DP …").
 */
export function dpBonusForDeletion(g: Game, p: PlayerIndex): number {
  return guarded(0, () => {
    let n = 0;
    for (const a of activeContinuous(g)) {
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
  return guarded(false, () => {
    for (const a of activeContinuous(g))
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

/**
 * Whether an effect in force permits what the rules alone do not (002 §1-3-1): "can also
 * attack your opponent's unsuspended Digimon" (continuous or for the turn), "you may use this
 * card without meeting its color requirements" (a card's own rule, read in the hand).
 */
export function continuousPermits(g: Game, r: Permission): boolean {
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
    for (const a of activeContinuous(g)) for (const { s } of applying(g, a)) for (const c of clausesOf(s)) if (fits(a.ctx, c)) return true;
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
  for (const a of activeContinuous(g))
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
  for (const a of activeContinuous(g)) if (a.ctx.owner === p) consider(a.info, a.ctx);
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
    for (const a of activeContinuous(g))
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
    for (const a of activeContinuous(g))
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
