/**
 * What an effect's noun phrases denote (002 §10-1-2, §10-3-3..7, §14-1..3): the candidates of a
 * selection ("1 of your opponent's Digimon with 4000 DP or less", "1 red Digimon card from your
 * hand", "the top 3 cards of your deck"), the things a deictic phrase refers to ("this
 * Digimon", "that Digimon", "them", "the revealed cards", "the remaining cards"), the filters
 * read over a card's or a Digimon's information (002 chapter 2, §4-13, §4-25), and the numbers
 * the text reads ("for each …", "the chosen card's play cost").
 *
 * A filter reads values that continuous effects change — DP, level, colours (the rules'
 * `continuous.ts`), and the names and traits a permanent is also treated as and the raise of the
 * DP limit of deletion effects (`effects/continuous.ts`) — through the effect host (`events.ts`
 * `hostOf`), never by importing the continuous effects, whose "while" conditions and subjects
 * are read here: this module sits below them. Its views are cached in `memo.ts`.
 */
import type { Game } from "../../../core/engine.ts";
import { other, type PlayerIndex } from "../../../core/state.ts";
import type { DcgCmp, DcgCount, DcgEnd, DcgFilter, DcgNoun, DcgPlayer, DcgRef, DcgSelection, DcgSelector, DcgValue, DcgZone as IrZone } from "../../../lang/dcg/ir.ts";
import { P, PLAYERS, V, def, findPerm, isDigimon, isTamer, memoryOf, topOf, type DcgCard, type DcgPermanent } from "../model.ts";
import { hostOf, type DcgEventData, type Snapshot } from "../events.ts";
import { colorsOf, dpOf, hasKeyword, levelOf } from "../continuous.ts";
import type { Ctx, Thing } from "./frame.ts";
import { MEMO_VIEW, memoMap } from "./memo.ts";

// ─── Views: the information of a thing ─────────────────────────────────────

/**
 * The information a filter reads of a thing (002 §3-5-2: of a Digimon in play, its top
 * card's; 002 §4-3-3: a digivolution card's information is void except its inherited
 * effect): the card read, the permanent (for DP, suspension, digivolution cards) or the
 * deleted Digimon's snapshot.
 */
export interface View {
  card: number;
  def: DcgCard;
  perm: DcgPermanent | null;
  snap: Snapshot | null;
  /** The cards under it, bottom first (digivolution cards: 002 §4-3-1). */
  sources: readonly number[];
  owner: PlayerIndex;
}

/** The view of a thing (002 §3-5-2: a Digimon in play reads as its top card), or null for a player or a thing no longer there. */
export function viewOf(g: Game, t: Thing): View | null {
  if ("perm" in t) {
    // Cached per state version by object id (`memo.ts` memoMap; views are read-only).
    const memo = memoMap<number, View | null>(g, MEMO_VIEW, true);
    const hit = memo?.get(t.perm);
    if (hit !== undefined) return hit;
    const perm = findPerm(g, t.perm);
    const top = perm ? topOf(perm) : 0;
    const v = perm ? { card: top, def: def(g, top), perm, snap: null, sources: perm.cards.slice(0, -1), owner: perm.owner } : null;
    memo?.set(t.perm, v);
    return v;
  }
  if ("card" in t) {
    const c = g.card(t.card);
    // A card that is the top card of a permanent in play reads as that permanent (002 §3-5-2).
    if ((c.zone === "battle" || c.zone === "breeding") && !("top" in t && t.top)) {
      const s = P(g, c.holder);
      const perm = c.zone === "breeding" ? s.breeding : (s.battle.find((x) => x.cards[x.cards.length - 1] === t.card) ?? null);
      if (perm && topOf(perm) === t.card) return { card: t.card, def: def(g, t.card), perm, snap: null, sources: perm.cards.slice(0, -1), owner: perm.owner };
    }
    return { card: t.card, def: def(g, t.card), perm: null, snap: null, sources: [], owner: c.owner };
  }
  if ("snap" in t) return { card: t.snap.top, def: def(g, t.snap.top), perm: null, snap: t.snap, sources: t.snap.cards.slice(0, -1), owner: t.snap.owner };
  return null;
}

/** Compare two numbers as the text says ("4000 DP or less": le). */
export function cmp(a: number, c: DcgCmp, b: number): boolean {
  switch (c) {
    case "le":
      return a <= b;
    case "ge":
      return a >= b;
    case "eq":
      return a === b;
    case "lt":
      return a < b;
    case "gt":
      return a > b;
  }
}

/**
 * A card's own name rules, wherever it is (002 §2-11: "The name of this card/Digimon is also
 * treated as [X]"): the values of its effect box's untimed, unconditional "is also treated as"
 * name clauses, in order. Read-only; cached per card definition (its IR never changes: never
 * invalidated). Read by {@link cardAlsoNames} and by `continuous.ts` `alsoNames`.
 */
export function cardNameRules(c: DcgCard): readonly string[] {
  let hit = NAME_RULES.get(c);
  if (hit === undefined) NAME_RULES.set(c, (hit = nameRulesOf(c)));
  return hit;
}

const NAME_RULES = new WeakMap<DcgCard, string[]>();

function nameRulesOf(c: DcgCard): string[] {
  const out: string[] = [];
  for (const u of c.effects.effect)
    if (u.timings.length === 0)
      for (const s of u.sentences)
        for (const st of s.steps)
          if (st.kind === "clause" && st.verb === "treatAs" && s.leads.length === 0) for (const x of st.args) if (x.kind === "asAlso" && (x.what === "name" || x.what === "namePart")) out.push(...x.values);
  return out;
}

/** Names a card (not in play) is also treated as: its own name rules (002 §2-11-2: a card's rule works wherever it is). */
export function cardAlsoNames(c: DcgCard): readonly string[] {
  return cardNameRules(c);
}

/**
 * A view's names: the printed one and those it is also treated as (002 §2-2, §13-2-4): of a
 * permanent, by its card's name rules and the effects in force, read through the effect host
 * (`continuous.ts` `alsoNames`, which sits above this module); of a card, its own name rules.
 */
export function namesOf(g: Game, v: View): string[] {
  const extra = v.perm ? hostOf(g).alsoNames(g, v.perm) : cardAlsoNames(v.def);
  return extra.length ? [v.def.stats.name, ...extra] : [v.def.stats.name];
}

/** A view's colours, lower case as the IR writes them (002 §2-4-1-3: a multicolour card has each). */
export function colorsOfView(g: Game, v: View): string[] {
  const cs = v.perm ? colorsOf(g, v.perm) : v.def.stats.colors;
  return cs.map((c) => c.toLowerCase());
}

/** A view's level (002 §2-12; null: none, 002 §13-7-4 a Digimon without a level is never chosen by level). */
export function levelOfView(g: Game, v: View): number | null {
  const l = v.perm ? levelOf(g, v.perm) : v.def.stats.level;
  return typeof l === "number" ? l : null;
}

/** A view's DP now (002 §2-6): a Digimon in play its DP with effects, a deleted one as it was, a card its printed DP. */
export function dpOfView(g: Game, v: View): number | null {
  if (v.perm) return dpOf(g, v.perm);
  if (v.snap) return v.snap.dp;
  return v.def.stats.dp;
}

/** A view's traits by field (002 §2-5: form, attribute, type; "traits" is all of them). */
function traitsOf(g: Game, v: View, field: "traits" | "type" | "form" | "attribute"): string[] {
  const s = v.def.stats;
  const type = v.perm ? [...s.traits, ...hostOf(g).alsoTraits(g, v.perm)] : s.traits;
  switch (field) {
    case "type":
      return type;
    case "form":
      return s.form ? [s.form] : [];
    case "attribute":
      return s.attribute ? [s.attribute] : [];
    case "traits":
      return [...type, ...(s.form ? [s.form] : []), ...(s.attribute ? [s.attribute] : [])];
  }
}

/** Whether a card's text has a keyword anywhere (002 §4-25-1, §4-25-4: behind a timing too; §4-25-6: not in reminder text). */
export function textHasKeyword(c: DcgCard, kw: string): boolean {
  const seen = (x: unknown): boolean => {
    if (Array.isArray(x)) return x.some(seen);
    if (!x || typeof x !== "object") return false;
    const o = x as { name?: unknown; kind?: unknown };
    if (typeof o.name === "string" && o.name === kw && "colors" in o) return true;
    for (const [k, v] of Object.entries(o)) if (k !== "span" && seen(v)) return true;
    return false;
  };
  return seen(c.effects.effect) || seen(c.effects.inherited) || seen(c.effects.security);
}

/** Whether the noun fits the view (002 §2-3: card types; §3-5-2: a Digimon, a Tamer in play). */
export function nounFits(g: Game, v: View, noun: DcgNoun): boolean {
  const kind = v.def.stats.kind;
  switch (noun) {
    case "digimon":
      return v.perm ? isDigimon(g, v.perm) && !isTamer(g, v.perm) : kind === "Digimon" || (v.snap !== null && kind === "Digi-Egg");
    case "tamer":
      return v.perm ? isTamer(g, v.perm) : kind === "Tamer";
    case "option":
      return kind === "Option";
    case "digiEgg":
      return kind === "Digi-Egg";
    case "digimonCard":
      return kind === "Digimon";
    case "tamerCard":
      return kind === "Tamer";
    case "optionCard":
      return kind === "Option";
    case "digiEggCard":
      return kind === "Digi-Egg";
    case "token":
      return v.perm?.token === true;
    case "securityDigimon":
      return kind === "Digimon" && g.card(v.card).zone === "limbo";
    case "card":
    case "digivolutionCard":
    case "securityCard":
      return true;
    default:
      return false;
  }
}

// ─── Filters ───────────────────────────────────────────────────────────────

/** Whether a view meets every filter (002 §2-2..2-12, §14-2 "other than"). `pool` is for "the highest DP" (a relation among candidates). */
export function meets(g: Game, ctx: Ctx, v: View, filters: readonly DcgFilter[], verb: string | null = null): boolean {
  for (const f of filters) if (!meetsOne(g, ctx, v, f, verb)) return false;
  return true;
}

function meetsOne(g: Game, ctx: Ctx, v: View, f: DcgFilter, verb: string | null): boolean {
  switch (f.kind) {
    case "color": {
      const cs = colorsOfView(g, v);
      const has = f.all && f.colors.length > 1 ? f.colors.every((c) => cs.includes(c)) : f.colors.some((c) => cs.includes(c));
      return has !== f.negate;
    }
    case "colorCount":
      return cmp(colorsOfView(g, v).length, f.cmp, f.n);
    case "level": {
      const l = levelOfView(g, v);
      return l !== null && cmp(l, f.cmp, valueOf(g, ctx, f.value, "level"));
    }
    case "dp": {
      const dp = dpOfView(g, v);
      if (dp === null) return false;
      let limit = valueOf(g, ctx, f.value);
      // "Add 1000 to the maximum DP you can choose with DP-based deletion effects" (e.g. EX2-010).
      if (verb === "delete" && (f.cmp === "le" || f.cmp === "lt")) limit += hostOf(g).dpBonusForDeletion(g, ctx.owner);
      return cmp(dp, f.cmp, limit);
    }
    case "cost": {
      const c = v.def.stats.cost;
      return c !== null && cmp(c, f.cmp, valueOf(g, ctx, f.value, "playCost"));
    }
    case "named": {
      const ns = namesOf(g, v);
      return f.names.some((n) => ns.includes(n));
    }
    case "nameContains": {
      const ns = namesOf(g, v);
      return f.parts.some((p) => ns.some((n) => n.includes(p))) !== f.negate;
    }
    case "trait": {
      const ts = traitsOf(g, v, f.field);
      return f.traits.some((t) => ts.some((x) => x.includes(t))) !== f.negate;
    }
    case "suspended":
      return v.perm !== null && v.perm.suspended === f.suspended;
    case "other":
      return !isThis(ctx, v);
    case "otherThan": {
      const ns = namesOf(g, v);
      return !f.names.some((n) => ns.includes(n));
    }
    case "including":
      return f.names.some((n) => v.sources.some((id) => def(g, id).stats.name === n) || v.def.stats.name === n);
    case "digivolutionCards": {
      const n = v.sources.filter((id) => f.of.length === 0 || meets(g, ctx, cardView(g, id), f.of)).length;
      return cmp(n, f.cmp, f.n);
    }
    case "keyword": {
      const has = v.perm ? hasKeyword(g, v.perm, f.keyword) : v.snap ? (v.snap.keywords[f.keyword] ?? 0) !== 0 : textHasKeyword(v.def, f.keyword);
      return has !== f.negate;
    }
    case "timing": {
      const has = [...v.def.effects.effect, ...v.def.effects.security].some((u) => u.timings.includes(f.timing));
      return has !== f.negate;
    }
    case "extreme":
      return true; // a relation among the candidates: `applyExtremes`
    case "nonDigiEgg":
      return v.def.stats.kind !== "Digi-Egg";
    case "nonColor":
      return !colorsOfView(g, v).includes(f.color);
    case "sameName": {
      const ns = namesOf(g, v);
      return thingsOf(g, ctx, f.as).some((t) => {
        const o = viewOf(g, t);
        return o !== null && !sameThing(o, v) && namesOf(g, o).some((n) => ns.includes(n));
      });
    }
    case "sameLevel": {
      const l = levelOfView(g, v);
      return f.as ? thingsOf(g, ctx, f.as).some((t) => { const o = viewOf(g, t); return o !== null && l !== null && levelOfView(g, o) === l; }) : true;
    }
    case "sameColor": {
      const cs = colorsOfView(g, v);
      return f.as ? thingsOf(g, ctx, f.as).some((t) => { const o = viewOf(g, t); return o !== null && colorsOfView(g, o).some((c) => cs.includes(c)); }) : true;
    }
    case "hasInherited":
      return v.def.effects.inherited.length > 0;
    case "cardNumber":
      return thingsOf(g, ctx, f.of).some((t) => { const o = viewOf(g, t); return o !== null && o.def.stats.number === v.def.stats.number; });
    case "face":
      return true;
    case "either":
      return f.any.some((fs) => meets(g, ctx, v, fs, verb));
    case "affected": {
      const name = AFFECTED_REF[f.how];
      return (ctx.refs[name] ?? []).some((t) => thingIs(t, v));
    }
    case "checked":
      return g.card(v.card).zone === "limbo";
    case "chosen":
      return (ctx.refs.chosen ?? []).some((t) => thingIs(t, v));
    case "otherThanThese":
      return !f.what.some((w) => thingsOf(g, ctx, w).some((t) => thingIs(t, v)));
    case "source":
    case "totalDp":
    case "totalCost":
      return true; // read by the clause that names them (supported.ts lists where they are not)
  }
}

/** The ref a frame keeps the things an earlier part of the effect affected in ("deleted by this effect": 002 §11-8-3). */
export const AFFECTED_REF: Readonly<Record<Extract<DcgFilter, { kind: "affected" }>["how"], string>> = {
  digivolved: "digivolved",
  paid: "paid",
  added: "added",
  deleted: "deleted",
  returned: "returned",
  trashed: "trashed",
  placed: "placed",
  played: "played",
  removed: "removed",
  suspended: "suspended",
  listed: "listed",
};

/** The view of a card (not as a permanent: a digivolution card reads as a card, 002 §4-3-3). */
export function cardView(g: Game, id: number): View {
  const c = g.card(id);
  return { card: id, def: def(g, id), perm: null, snap: null, sources: [], owner: c.owner };
}

function isThis(ctx: Ctx, v: View): boolean {
  if (v.perm) return v.perm.id === ctx.perm;
  if (v.snap) return v.snap.perm === ctx.perm || v.snap.perm === ctx.snap?.perm;
  return v.card === ctx.card;
}

function sameThing(a: View, b: View): boolean {
  return a.perm && b.perm ? a.perm.id === b.perm.id : a.card === b.card;
}

/** Whether a thing is the view (same permanent — 002 §3-1-5, an object in play — card or snapshot). */
export function thingIs(t: Thing, v: View): boolean {
  if ("perm" in t) return v.perm?.id === t.perm || v.snap?.perm === t.perm;
  if ("card" in t) return v.card === t.card;
  if ("snap" in t) return v.snap?.perm === t.snap.perm || v.perm?.id === t.snap.perm || v.card === t.snap.top;
  return false;
}

/** Keep the candidates with the highest or lowest stat ("with the highest DP": 002 §12-23-6 ties are all kept, the chooser picks). */
function applyExtremes(g: Game, ctx: Ctx, things: Thing[], filters: readonly DcgFilter[]): Thing[] {
  let out = things;
  for (const f of filters) {
    if (f.kind !== "extreme" || out.length === 0) continue;
    const stat = (t: Thing): number | null => {
      const v = viewOf(g, t);
      if (!v) return null;
      return f.stat === "dp" ? dpOfView(g, v) : f.stat === "level" ? levelOfView(g, v) : v.def.stats.cost;
    };
    const vals = out.map(stat);
    const present = vals.filter((x): x is number => x !== null);
    if (present.length === 0) return [];
    const best = f.which === "highest" ? Math.max(...present) : Math.min(...present);
    out = out.filter((_, i) => vals[i] === best);
  }
  void ctx;
  return out;
}

// ─── Players and zones ─────────────────────────────────────────────────────

/** The players a text's player word names, relative to the effect's player (002 §4-7; "both players"). */
export function playersOf(ctx: Ctx, p: DcgPlayer | null, fallback: readonly PlayerIndex[]): readonly PlayerIndex[] {
  switch (p) {
    case "you":
      return [ctx.owner];
    case "opponent":
      return [other(ctx.owner)];
    case "both":
    case "any":
      return PLAYERS;
    case "owner":
    case null:
      return fallback;
  }
}

/** Options of {@link candidates} (002 §10-3-3: the place and the Digimon a phrase picks from). */
export interface PoolOptions {
  /** "For each …": how many times a "top N" phrase's N counts. */
  mult?: number;
  /** The Digimon whose digivolution cards a "digivolution card" phrase picks from (already chosen). */
  of?: Thing[];
  /** The zone to use when the phrase names none (a clause's "from your hand"). */
  from?: IrZone | null;
  /** The clause's verb (a DP filter of a deletion reads raised maximums). */
  verb?: string | null;
}

/** The candidates of a selection and whether they are hidden cards (002 §10-3-5: a search may fail to find). */
export interface Pool {
  things: Thing[];
  hidden: boolean;
}

const PERM_NOUNS: ReadonlySet<DcgNoun> = new Set(["digimon", "tamer", "option", "token", "digiEgg"]);

/**
 * The candidates of a selection (002 §10-3-3): the things in its zone — by default the battle
 * area for Digimon and Tamers (002 §10-1-2: effects act only on the battle area unless the
 * text says otherwise; not the breeding area, §3-4-6) — of its owners, of its noun, meeting
 * its filters ("other than" excludes any match: §14-2-1), then its "highest / lowest".
 * A "top N cards" phrase takes the N top cards of the zone.
 */
export function candidates(g: Game, ctx: Ctx, sel: DcgSelection, o: PoolOptions = {}): Pool {
  let things: Thing[];
  let hidden = false;
  const affected = sel.filters.find((f) => f.kind === "affected");
  if (sel.among) things = thingsOfRef(g, ctx, sel.among);
  else if (affected?.kind === "affected" && !sel.zone) things = ctx.refs[AFFECTED_REF[affected.how]] ?? [];
  else {
    const zone = sel.zone ?? o.from ?? null;
    const r = zoneThings(g, ctx, sel, zone, o);
    things = r.things;
    hidden = r.hidden;
  }
  const out: Thing[] = [];
  for (const t of things) {
    const v = viewOf(g, t);
    if (!v) continue;
    if (!nounFits(g, v, sel.noun) && !(sel.orNoun && nounFits(g, v, sel.orNoun))) continue;
    if (!meets(g, ctx, v, sel.filters, o.verb ?? null)) continue;
    out.push(t);
  }
  return { things: applyExtremes(g, ctx, out, sel.filters), hidden };
}

function zoneThings(g: Game, ctx: Ctx, sel: DcgSelection, zone: IrZone | null, o: PoolOptions): Pool {
  const count: DcgCount = sel.count.kind === "n" && (o.mult ?? 1) !== 1 ? { ...sel.count, n: sel.count.n * (o.mult ?? 1) } : sel.count;
  sel = count === sel.count ? sel : { ...sel, count };
  const owners = (p: DcgPlayer | null, fallback: readonly PlayerIndex[]) => playersOf(ctx, sel.owner ?? (p === "any" ? null : p), fallback);
  if (zone === null) {
    if (sel.noun === "digivolutionCard") return { things: sourcesOf(g, ctx, o.of ?? null, sel.end, sel.count), hidden: false };
    if (sel.noun === "securityCard") return cardsIn(g, owners(null, [ctx.owner]), "security", sel.end, sel.count, true);
    if (sel.noun === "securityDigimon") return { things: limboCards(g), hidden: false };
    if (sel.noun === "player") return { things: owners(null, PLAYERS).map((p) => ({ player: p })), hidden: false };
    if (PERM_NOUNS.has(sel.noun) || sel.noun === "card") return { things: permsIn(g, owners(null, PLAYERS), "battle"), hidden: false };
    return cardsIn(g, owners(null, [ctx.owner]), "hand", null, sel.count, false);
  }
  switch (zone.kind) {
    case "battleArea":
    case "play":
      return { things: permsIn(g, owners(zone.kind === "battleArea" ? zone.player : null, PLAYERS), "battle"), hidden: false };
    case "breedingArea":
      return { things: permsIn(g, owners(zone.player, [ctx.owner]), "breeding"), hidden: false };
    case "hand":
      return cardsIn(g, owners(zone.player, [ctx.owner]), "hand", null, sel.count, false);
    case "trash":
      return cardsIn(g, owners(zone.player, [ctx.owner]), "trash", null, sel.count, false);
    case "eggDeck":
      return cardsIn(g, owners(zone.player, [ctx.owner]), "eggDeck", null, sel.count, true);
    case "deck":
      return cardsIn(g, owners(zone.player, [ctx.owner]), "deck", sel.end ?? zone.end, sel.count, true);
    case "security":
      return cardsIn(g, owners(zone.player, [ctx.owner]), "security", sel.end ?? zone.end, sel.count, true);
    case "digivolutionCards":
      // "the top card of this Digimon" (a card, not a digivolution card): its stack's top card, taken off the stack.
      if (sel.noun === "card" && (sel.end ?? zone.end) === "top") return { things: topCardsOf(g, o.of ?? thingsOf(g, ctx, zone.of)), hidden: false };
      return { things: sourcesOf(g, ctx, o.of ?? thingsOf(g, ctx, zone.of), sel.end ?? zone.end, sel.count), hidden: false };
    case "revealed":
      return { things: thingsOfRef(g, ctx, { kind: "ref", ref: "remaining", noun: "card", filters: [], span: sel.span }), hidden: false };
    case "either": {
      const all: Thing[] = [];
      let hidden = false;
      for (const z of zone.zones) {
        const r = zoneThings(g, ctx, sel, z, o);
        all.push(...r.things);
        hidden ||= r.hidden;
      }
      return { things: all, hidden };
    }
  }
}

/** The permanents of players in an area, the turn player's first. */
function permsIn(g: Game, players: readonly PlayerIndex[], area: "battle" | "breeding"): Thing[] {
  const out: Thing[] = [];
  for (const p of players) {
    const s = P(g, p);
    if (area === "breeding") {
      if (s.breeding) out.push({ perm: s.breeding.id });
    } else for (const x of s.battle) out.push({ perm: x.id });
  }
  return out;
}

/** How many cards a "top N" phrase takes. */
function topCount(count: DcgCount): number | null {
  return count.kind === "n" ? count.n : count.kind === "one" || count.kind === "the" ? 1 : null;
}

/** Which end of a pile a phrase takes: "the top or bottom" is read as the top here (a destination asks). */
function endOf(e: DcgEnd | null): "top" | "bottom" | null {
  return e === "either" ? "top" : e;
}

/** The cards of a zone (top first), or its top / bottom N (002 §3-2-3). */
function cardsIn(g: Game, players: readonly PlayerIndex[], zone: string, endIr: DcgEnd | null, count: DcgCount, hidden: boolean): Pool {
  const end = endOf(endIr);
  const out: Thing[] = [];
  for (const p of players) {
    const z = g.zone(p, zone);
    const n = end ? topCount(count) : null;
    if (end === "bottom") for (let i = 0; i < z.length && (n === null || i < n); i++) out.push({ card: z[i]! });
    else for (let i = z.length - 1, k = 0; i >= 0 && (n === null || k < n); i--, k++) out.push({ card: z[i]! });
  }
  return { things: out, hidden: hidden && end === null };
}

/** The digivolution cards of the given permanents (002 §4-3-1), or their top / bottom N ("the bottom digivolution card"). */
function sourcesOf(g: Game, ctx: Ctx, of: Thing[] | null, endIr: DcgEnd | null, count: DcgCount): Thing[] {
  const end = endOf(endIr);
  // A deleted Digimon's digivolution cards as they were (002 §10-4-4-4: "If this Digimon had …").
  const stacks = (of ?? permsIn(g, PLAYERS, "battle")).map((t) => ("snap" in t ? t.snap.cards : ("perm" in t ? findPerm(g, t.perm) : "card" in t ? permHoldingTop(g, t.card) : null)?.cards ?? null));
  const out: Thing[] = [];
  void ctx;
  for (const cards of stacks) {
    if (!cards) continue;
    const under = cards.slice(0, -1);
    const n = end ? (topCount(count) ?? under.length) : under.length;
    const picked = end === "bottom" ? under.slice(0, n) : end === "top" ? under.slice(-n).reverse() : [...under].reverse();
    for (const id of picked) out.push({ card: id });
  }
  return out;
}

/** The top cards of stacks of 2 or more cards (that can be taken off, leaving a Digimon: 002 §12-19-1). */
function topCardsOf(g: Game, of: Thing[]): Thing[] {
  const out: Thing[] = [];
  for (const t of of) {
    const perm = "perm" in t ? findPerm(g, t.perm) : "card" in t ? permHoldingTop(g, t.card) : null;
    if (perm && perm.cards.length > 1) out.push({ card: topOf(perm), top: true });
  }
  return out;
}

function permHoldingTop(g: Game, card: number): DcgPermanent | null {
  const v = viewOf(g, { card });
  return v?.perm ?? null;
}

/** Cards in limbo (a Security Digimon being checked: 002 §4-11-2). */
function limboCards(g: Game): Thing[] {
  const out: Thing[] = [];
  for (const p of PLAYERS) for (const id of g.zone(p, "limbo")) out.push({ card: id });
  return out;
}

// ─── Deictic phrases ───────────────────────────────────────────────────────

/** The things an event is about ("that Digimon" after "When an opponent's Digimon is played": 002 §10-1-6-1). */
export function eventThings(ev: DcgEventData | null): Thing[] {
  if (!ev) return [];
  switch (ev.e) {
    case "played":
    case "digivolved":
    case "hatched":
    case "moved":
      return [{ perm: ev.perm }];
    case "suspended":
      return [{ perm: ev.perm }];
    case "unsuspended":
      return ev.perms.map((perm) => ({ perm }));
    case "attackDeclared":
    case "counterTiming":
    case "attackEnded":
      return [{ perm: ev.attacker }];
    case "blocked":
      return [{ perm: ev.attacker }];
    case "deleted":
    case "leftPlay":
    case "trashedFromPlay":
      return [{ snap: ev.snapshot }];
    case "cardsMoved":
      return ev.cards.map((card) => ({ card }));
    case "drew":
      return ev.cards.map((card) => ({ card }));
    case "securityChecked":
    case "optionUsed":
      return [{ card: ev.card }];
    case "battleEnded":
      return "perm" in ev.against ? [{ perm: ev.against.perm }] : [{ card: ev.against.security }];
    default:
      return [];
  }
}

/** "This Digimon" / "this card" (002 §10-3-6): the effect's permanent, its card, or the deleted Digimon. */
function thisThings(g: Game, ctx: Ctx, noun: DcgNoun): Thing[] {
  if (noun === "card" || noun === "option" || noun === "optionCard" || noun === "tamerCard" || noun === "digimonCard") return [{ card: ctx.card }];
  if (noun === "effect") return [];
  if (ctx.perm !== null && findPerm(g, ctx.perm)) return [{ perm: ctx.perm }];
  if (ctx.snap) return [{ snap: ctx.snap }];
  return [{ card: ctx.card }];
}

/**
 * The things a deictic phrase refers to (002 §10-3-6, §11-8-3): "this …" the effect's own;
 * "that / it / them" what the last clause picked, else what the triggering event is about,
 * else this; "the revealed cards" those revealed (002 §11-9), "the remaining cards" those still
 * where they were revealed; "the chosen / played / deleted … cards" what this effect did; "the
 * attacking Digimon" the attacker of the attack in progress.
 */
export function thingsOfRef(g: Game, ctx: Ctx, r: DcgRef): Thing[] {
  let out: Thing[];
  switch (r.ref) {
    case "this":
      out = thisThings(g, ctx, r.noun);
      break;
    case "that":
    case "it":
    case "them":
      out = ctx.last.length ? ctx.last : eventThings(ctx.event).length ? eventThings(ctx.event) : thisThings(g, ctx, r.noun);
      break;
    case "revealed":
    case "remaining": {
      // 002 §11-9-2: revealed cards stay where they were; one moved since ("add 1 of them to your hand") is no longer among them.
      const inc = (ctx as Partial<{ revInc: { [k: string]: number } }>).revInc ?? {};
      out = (ctx.refs.revealed ?? []).filter((t) => "card" in t && ((g.card(t.card).vars.inc as number | undefined) ?? 0) === inc[String(t.card)]);
      break;
    }
    case "attacker": {
      const a = V(g).attack;
      out = a ? [{ perm: a.attacker }] : [];
      break;
    }
    case "digivolving":
      out = ctx.event?.e === "digivolved" ? [{ perm: ctx.event.perm }] : thisThings(g, ctx, r.noun);
      break;
    case "attackTarget": {
      const a = V(g).attack;
      out = a && a.target !== "player" ? [{ perm: a.target }] : [];
      break;
    }
    case "battling": {
      const ev = ctx.event;
      out = ev?.e === "battleEnded" ? ("perm" in ev.against ? [{ perm: ev.against.perm }] : [{ card: ev.against.security }]) : [];
      break;
    }
    default:
      out = ctx.refs[r.ref] ?? [];
  }
  if (r.filters.length === 0) return out;
  return out.filter((t) => {
    const v = viewOf(g, t);
    return v !== null && meets(g, ctx, v, r.filters);
  });
}

/**
 * Every thing a selector denotes without asking anyone (002 §10-3-6): a deictic phrase's things, all the
 * candidates of a selection (for "all of your Digimon", "for each …", conditions), or both of
 * a "X and Y" phrase.
 */
export function thingsOf(g: Game, ctx: Ctx, s: DcgSelector): Thing[] {
  if (s.kind === "ref") return thingsOfRef(g, ctx, s);
  if (s.kind === "both") return s.items.flatMap((x) => thingsOf(g, ctx, x));
  return candidates(g, ctx, s).things;
}

// ─── Values ────────────────────────────────────────────────────────────────

/**
 * A number the text gives (002 §1-3-5): a constant, a count, or a stat read now; `sameStat`
 * ("DP less than or equal to the Digimon played with this effect") reads `stat` of a thing.
 */
export function valueOf(g: Game, ctx: Ctx, v: DcgValue, stat: "dp" | "level" | "playCost" = "dp"): number {
  switch (v.kind) {
    case "const":
      return v.n;
    case "sameStat":
      return valueOf(g, ctx, { kind: "stat", stat, of: v.of });
    case "count":
      return thingsOf(g, ctx, v.of).length;
    case "thisDp": {
      const perm = ctx.perm !== null ? findPerm(g, ctx.perm) : null;
      return perm ? (dpOf(g, perm) ?? 0) : (ctx.snap?.dp ?? 0);
    }
    case "stat": {
      if (typeof v.of === "string") {
        const ps = playersOf(ctx, v.of, [ctx.owner]);
        const p = ps[0]!;
        switch (v.stat) {
          case "memory":
            return Math.max(0, memoryOf(g, p));
          case "securityCount":
            return g.zone(p, "security").length;
          case "handCount":
            return g.zone(p, "hand").length;
          default:
            return 0;
        }
      }
      const t = thingsOf(g, ctx, v.of)[0];
      const view = t ? viewOf(g, t) : null;
      if (!view) return 0;
      switch (v.stat) {
        case "dp":
          return dpOfView(g, view) ?? 0;
        case "level":
          return levelOfView(g, view) ?? 0;
        case "playCost":
          return view.def.stats.cost ?? 0;
        case "memory":
          return Math.max(0, memoryOf(g, view.owner));
        case "securityCount":
          return g.zone(view.owner, "security").length;
        case "handCount":
          return g.zone(view.owner, "hand").length;
      }
      return 0;
    }
  }
}

/** A readable name of a thing for logs and decision labels: "P2 Greymon", "BT1-010 Agumon". */
export function thingName(g: Game, t: Thing): string {
  if ("player" in t) return `P${t.player + 1}`;
  const v = viewOf(g, t);
  if (!v) return "a card no longer there";
  if (v.perm) return `P${v.perm.owner + 1} ${v.def.stats.name}`;
  return `${v.def.stats.number} ${v.def.stats.name}`;
}
