/**
 * Triggering (002 §4-5-1: an effect's timing and conditions are met, so it can be activated;
 * §4-5-3: until then it is pending): which effects an event triggers, as pending effects of
 * their player. A printed timing is a condition over an event (events.ts):
 * [On Play] a `played` event of this Digimon (002 §10-4-2), [When Digivolving] a `digivolved`
 * one in the battle area (§10-4-3, §3-4-5), [When Attacking] its attack's declaration
 * (§10-4-5), [On Deletion] its deletion, from the trash (§10-4-4), the start and end of turn
 * (§10-4-9, §10-4-10), [End of Attack] (§10-4-13), [Counter] (§10-4-12); a "When …" sentence
 * is a condition over the event it names (§10-1-6-1, §13-3-1-1).
 *
 * The effects looked at are those a card has now (002 §4-13, §10-4-5-2: an effect gained after
 * its timing does not trigger for it): the effect box of a Digimon's or Tamer's top card and
 * the inherited boxes of a Digimon's digivolution cards in the battle area (§10-1-2, §4-4-1),
 * effects granted to it by other effects, and for a deletion the deleted Digimon's cards as
 * they were (§10-4-4-3). An [x times per turn] effect used up does not trigger (§4-15-2).
 */
import type { Game } from "../../../core/engine.ts";
import { other, type Json, type PlayerIndex } from "../../../core/state.ts";
import type { DcgArg, DcgEvent, DcgSelection, DcgSelector, DcgZone as IrZone } from "../../../lang/dcg/ir.ts";
import { P, PLAYERS, V, cardName, def, findPerm, isDigimon, topOf, type DcgPermanent, type PendingEffect } from "../model.ts";
import { optKey, optUses, type DcgEventData, type Snapshot } from "../events.ts";
import type { Ctx, EffectSrc, Thing } from "./frame.ts";
import { unitsOf, type UnitInfo } from "./units.ts";
import { perBattleArea, turnAllows } from "./in-force.ts";
import { meets, nounFits, thingsOf, viewOf, type View } from "./select.ts";
import { grantedUnits, mayGrant } from "./durations.ts";

/** One place an effect may trigger from, with the context it would activate with. */
interface Place {
  ctx: Ctx;
  info: UnitInfo;
  src: EffectSrc;
}

/** The [Once Per Turn] key of an effect of `card` belonging to `perm` (002 §4-15-3..6; events.ts `optKey`). */
export function keyOf(g: Game, perm: number | null, src: EffectSrc): string {
  return optKey(perm, src.card, (g.card(src.card).vars.inc as number | undefined) ?? 0, src.box + (src.path ? `.${src.path.join(".")}` : ""), src.index);
}

/** Whether an [x times per turn] effect may still trigger (002 §4-15-2). */
export function usesLeft(g: Game, perm: number | null, info: UnitInfo, src: EffectSrc): boolean {
  return info.unit.perTurn === null || optUses(g, keyOf(g, perm, src)) < info.unit.perTurn;
}

/** A context for an effect of a permanent in play. */
function permCtx(perm: DcgPermanent, card: number, box: UnitInfo["box"], ev: DcgEventData): Ctx {
  return { owner: perm.owner, card, perm: perm.id, snap: null, event: ev, refs: {}, last: [], box };
}

/**
 * Every triggered unit of a permanent in the battle area that listens to `e` (002 §10-1-2,
 * §4-4-1): its cards' own (`own`: false when no card in the battle area has one for `e`, see
 * {@link eventsListened}) and those granted to it (`granted`: false when nothing grants any,
 * `durations.ts` {@link mayGrant}).
 */
function placesOfPerm(g: Game, perm: DcgPermanent, e: string, ev: DcgEventData, out: Place[], own = true, granted = true): void {
  if (own) placesOfCards(g, perm, e, ev, out);
  if (granted) for (const gr of grantedUnits(g, perm)) if (gr.info.kind === "triggered" && gr.info.on.includes(e as DcgEventData["e"])) out.push({ ctx: { ...permCtx(perm, gr.src.card, gr.src.box, ev), owner: perm.owner }, info: gr.info, src: gr.src });
}

/** The triggered units printed on a permanent's cards that listen to `e` (its top card's effects, a Digimon's inherited effects). */
function placesOfCards(g: Game, perm: DcgPermanent, e: string, ev: DcgEventData, out: Place[]): void {
  const top = topOf(perm);
  for (const info of unitsOf(def(g, top)).on.effect.get(e) ?? []) out.push({ ctx: permCtx(perm, top, "effect", ev), info, src: { card: top, box: "effect", index: info.index } });
  if (isDigimon(g, perm))
    for (let i = 0; i < perm.cards.length - 1; i++) {
      const id = perm.cards[i]!;
      for (const info of unitsOf(def(g, id)).on.inherited.get(e) ?? []) out.push({ ctx: permCtx(perm, id, "inherited", ev), info, src: { card: id, box: "inherited", index: info.index } });
    }
}

/**
 * The event kinds some card in the battle area has a triggered unit for (on its top card, or
 * inherited under a Digimon: what {@link placesOfCards} looks at), cached per battle area
 * (`continuous.ts` {@link perBattleArea}: remade whenever an object, a card of one, a card's
 * definition or the turn player changes). Not game state.
 */
function eventsListened(g: Game): ReadonlySet<string> {
  return perBattleArea(g, LISTENED, listenedNow);
}

function listenedNow(g: Game): Set<string> {
  const events = new Set<string>();
  for (const p of PLAYERS)
    for (const perm of P(g, p).battle) {
      for (const e of unitsOf(def(g, topOf(perm))).events.effect) events.add(e);
      if (isDigimon(g, perm)) for (let i = 0; i < perm.cards.length - 1; i++) for (const e of unitsOf(def(g, perm.cards[i]!)).events.inherited) events.add(e);
    }
  return events;
}

/** The key of {@link eventsListened}'s value ({@link perBattleArea}). */
const LISTENED = {};

/** The triggered units of a deleted Digimon's cards as they were (002 §10-4-4-3: gained [On Deletion] effects too). */
function placesOfSnapshot(g: Game, s: Snapshot, e: string, ev: DcgEventData, out: Place[]): void {
  const ctx = (card: number, box: UnitInfo["box"]): Ctx => ({ owner: s.owner, card, perm: s.perm, snap: s, event: ev, refs: {}, last: [], box });
  for (const info of unitsOf(def(g, s.top)).on.effect.get(e) ?? []) out.push({ ctx: ctx(s.top, "effect"), info, src: { card: s.top, box: "effect", index: info.index } });
  if (def(g, s.top).stats.kind !== "Tamer")
    for (let i = 0; i < s.cards.length - 1; i++) {
      const id = s.cards[i]!;
      for (const info of unitsOf(def(g, id)).on.inherited.get(e) ?? []) out.push({ ctx: ctx(id, "inherited"), info, src: { card: id, box: "inherited", index: info.index } });
    }
}

/**
 * Turn an event into pending effects (002 §4-5-1, §4-5-4: an effect triggered twice is pending
 * twice): every effect a card has now whose timing and "When …" condition the event meets.
 */
export function collectTriggers(g: Game, ev: DcgEventData, out: PendingEffect[]): void {
  const places: Place[] = [];
  // Most events concern no card in play: then nothing is looked up per permanent.
  const own = eventsListened(g).has(ev.e);
  const granted = mayGrant(g);
  if (own || granted) for (const p of PLAYERS) for (const perm of P(g, p).battle) placesOfPerm(g, perm, ev.e, ev, places, own, granted);
  if (ev.e === "deleted" || ev.e === "leftPlay" || ev.e === "trashedFromPlay") placesOfSnapshot(g, ev.snapshot, ev.e, ev, places);
  if (ev.e === "cardsMoved") {
    // "When this card is trashed …" (BT4-008): a card that left a Digimon's digivolution cards triggers from where it went.
    for (const id of ev.cards) {
      const c = def(g, id);
      for (const box of ["inherited", "effect"] as const)
        for (const info of unitsOf(c).on[box].get("cardsMoved") ?? [])
          if (info.when && refersToThisCard(info.when)) places.push({ ctx: { owner: g.card(id).owner, card: id, perm: ev.perm, snap: null, event: ev, refs: {}, last: [], box }, info, src: { card: id, box, index: info.index } });
    }
  }
  for (const pl of places) {
    if (!triggers(g, pl, ev)) continue;
    out.push(pendingOf(g, pl, ev));
  }
}

/** Whether a "When …" event's subject is "this card" (a card's own move). */
function refersToThisCard(w: DcgEvent): boolean {
  return typeof w.subject === "object" && w.subject.kind === "ref" && w.subject.ref === "this" && w.subject.noun === "card";
}

/** The pending effect of a triggered place (002 §4-5-3). */
function pendingOf(g: Game, pl: Place, ev: DcgEventData): PendingEffect {
  const data: { [k: string]: Json } = {};
  if (pl.src.path) data.path = pl.src.path;
  if (pl.ctx.snap) data.snap = pl.ctx.snap as unknown as Json;
  return {
    owner: pl.ctx.owner,
    kind: "card",
    card: pl.src.card,
    perm: pl.ctx.perm,
    box: pl.src.box,
    index: pl.src.index,
    keyword: null,
    event: ev as unknown as { [k: string]: Json },
    label: effectLabel(g, pl.ctx.owner, pl.src.card, pl.info),
    data,
  };
}

/** "P1 BT1-010 Agumon: [On Play] Reveal the top 3 …" — a pending effect's label. */
export function effectLabel(g: Game, owner: PlayerIndex, card: number, info: UnitInfo): string {
  const text = info.unit.text.length > 70 ? `${info.unit.text.slice(0, 68)}…` : info.unit.text;
  return `P${owner + 1} ${cardName(g, card)}: ${text}`;
}

/** Whether a place's effect triggers on the event (timing, turn, "When …", [Once Per Turn]). */
function triggers(g: Game, pl: Place, ev: DcgEventData): boolean {
  const { ctx, info } = pl;
  if (!turnAllows(g, info, ctx.owner)) return false;
  if (!usesLeft(g, ctx.perm, info, pl.src)) return false;
  if (info.unit.timings.length && !timingMatches(ctx, info, ev)) return false;
  if (info.when && !eventMatches(g, ctx, info.when, ev) && !(info.when.orEvents ?? []).some((e) => eventMatches(g, ctx, e, ev))) return false;
  return true;
}

/** Whether one of a unit's timing tags is met by the event (002 §10-4). */
function timingMatches(ctx: Ctx, info: UnitInfo, ev: DcgEventData): boolean {
  const me = ctx.owner;
  for (const t of info.unit.timings) {
    switch (t) {
      case "onPlay":
        if (ev.e === "played" && ev.perm === ctx.perm) return true;
        break;
      case "whenDigivolving":
        if (ev.e === "digivolved" && ev.perm === ctx.perm && ev.area === "battle" && ev.card === ctx.card) return true;
        break;
      case "whenAttacking":
        if (ev.e === "attackDeclared" && ev.attacker === ctx.perm) return true;
        break;
      case "endOfAttack":
        if (ev.e === "attackEnded" && ev.attacker === ctx.perm) return true;
        break;
      case "onDeletion":
        if (ev.e === "deleted" && ev.snapshot.perm === ctx.perm && ctx.snap !== null) return true;
        break;
      case "startOfYourTurn":
        if (ev.e === "turnStart" && ev.player === me) return true;
        break;
      case "startOfOpponentsTurn":
        if (ev.e === "turnStart" && ev.player !== me) return true;
        break;
      case "startOfYourMainPhase":
        if (ev.e === "mainStart" && ev.player === me) return true;
        break;
      case "startOfOpponentsMainPhase":
        if (ev.e === "mainStart" && ev.player !== me) return true;
        break;
      case "endOfYourTurn":
        if (ev.e === "turnEnd" && ev.player === me) return true;
        break;
      case "endOfOpponentsTurn":
        if (ev.e === "turnEnd" && ev.player !== me) return true;
        break;
      case "endOfAllTurns":
        if (ev.e === "turnEnd") return true;
        break;
      case "counter":
        if (ev.e === "counterTiming" && ev.player !== me) return true;
        break;
      case "yourTurn":
      case "opponentsTurn":
      case "allTurns":
        if (info.when !== null && info.on.includes(ev.e)) return true;
        break;
      default:
        break;
    }
  }
  return false;
}

// ─── "When …" events ───────────────────────────────────────────────────────

/** Whether a thing fits a selector used as an event's subject or target ("one of your Tamers", "an opponent's Digimon", "this Digimon": 002 §10-1-6-1). */
export function fitsSelector(g: Game, ctx: Ctx, s: DcgSelector, t: Thing, view: View | null = viewOf(g, t)): boolean {
  if (s.kind === "both") return s.items.some((x) => fitsSelector(g, ctx, x, t, view));
  if (s.kind === "ref") {
    if (s.ref === "this") {
      if ("perm" in t) return t.perm === ctx.perm;
      if ("snap" in t) return t.snap.perm === ctx.perm;
      if ("card" in t) return t.card === ctx.card || (view?.perm?.id !== undefined && view.perm.id === ctx.perm);
      return false;
    }
    return thingsOf(g, ctx, s).some((x) => JSON.stringify(x) === JSON.stringify(t));
  }
  if (!view) return false;
  return selectionFits(g, ctx, s, view);
}

/** Whether a view fits a selection's owner, noun and filters (not its zone or count; 002 §2-2..2-12 card information). */
export function selectionFits(g: Game, ctx: Ctx, s: DcgSelection, v: View): boolean {
  if (s.owner === "you" && v.owner !== ctx.owner) return false;
  if (s.owner === "opponent" && v.owner === ctx.owner) return false;
  const noun = s.noun === "effect" ? "card" : s.noun;
  if (!nounFits(g, v, noun) && !(s.orNoun && nounFits(g, v, s.orNoun))) {
    // a deleted Digimon is no longer in play: read its card
    if (!(v.snap && (noun === "digimon" || noun === "tamer") && v.def.stats.kind === (noun === "digimon" ? "Digimon" : "Tamer"))) return false;
  }
  return meets(g, ctx, v, s.filters);
}

/** The players a "When you …" / "When your opponent …" subject names. */
function subjectPlayers(ctx: Ctx, s: DcgEvent["subject"]): readonly PlayerIndex[] | null {
  if (typeof s !== "string") return null;
  switch (s) {
    case "you":
      return [ctx.owner];
    case "opponent":
      return [other(ctx.owner)];
    default:
      return PLAYERS;
  }
}

/** An event's argument of a kind. */
function arg<K extends DcgArg["kind"]>(e: DcgEvent, kind: K): Extract<DcgArg, { kind: K }> | undefined {
  return e.args.find((a) => a.kind === kind) as Extract<DcgArg, { kind: K }> | undefined;
}

/** Whether the subject (a thing or a player) fits the event's subject. */
function subjectFits(g: Game, ctx: Ctx, e: DcgEvent, t: Thing, player: PlayerIndex): boolean {
  const ps = subjectPlayers(ctx, e.subject);
  if (ps) return ps.includes(player);
  return fitsSelector(g, ctx, e.subject as DcgSelector, t);
}

/** Whether a "target" argument (what was played, attacked, trashed …) fits a thing. */
function targetFits(g: Game, ctx: Ctx, e: DcgEvent, t: Thing): boolean {
  const ts = e.args.filter((a) => a.kind === "target") as Extract<DcgArg, { kind: "target" }>[];
  const sel = ts.find((x) => !(x.what.kind === "ref" && x.what.noun === "effect"));
  if (!sel) return true;
  return fitsSelector(g, ctx, sel.what, t);
}

/** Whether a zone of the IR names where a card came from. */
function zoneIs(z: IrZone, from: string, owner: PlayerIndex, ctx: Ctx): boolean {
  const whose = (p: string) => p === "any" || p === "both" || p === "owner" || (p === "you") === (owner === ctx.owner);
  switch (z.kind) {
    case "hand":
      return from === "hand" && whose(z.player);
    case "trash":
      return from === "trash" && whose(z.player);
    case "deck":
      return from === "deck" && whose(z.player);
    case "security":
      return from === "security" && whose(z.player);
    case "digivolutionCards":
      return from === "sources" || from === "battle";
    case "battleArea":
      return from === "battle";
    case "breedingArea":
      return from === "breeding";
    case "eggDeck":
      return from === "eggDeck";
    case "either":
      return z.zones.some((x) => zoneIs(x, from, owner, ctx));
    default:
      return true;
  }
}

/** Whether "by an opponent's effect" / "by your effects" fits who deleted it (002 §12-18-5). */
function byFits(ctx: Ctx, e: DcgEvent, by: PlayerIndex | null, cause: string): boolean {
  const b = arg(e, "byEffect");
  if (!b) return true;
  if (cause !== "effect") return false;
  if (b.whose === "opponent") return by !== null && by !== ctx.owner;
  if (b.whose === "you") return by === ctx.owner;
  return true;
}

/** Whether a "during your main phase" argument holds now. */
function duringFits(g: Game, ctx: Ctx, e: DcgEvent): boolean {
  const d = arg(e, "during");
  if (!d) return true;
  const whoseOk = d.whose === "any" || d.whose === "both" || (d.whose === "you") === (g.state.turnPlayer === ctx.owner);
  const phaseOk = d.phase === "turn" || g.state.phase === d.phase;
  return whoseOk && phaseOk;
}

/**
 * Whether a "When …" event of the text is met by a game event (002 §13-3-1-1: after it
 * happened). The subject is who or what it happens to ("this Digimon", "one of your Tamers",
 * "you"); a `target` argument is what the subject did it to ("When you play a red Tamer";
 * "When this Digimon deletes an opponent's Digimon in battle and survives").
 */
export function eventMatches(g: Game, ctx: Ctx, e: DcgEvent, ev: DcgEventData): boolean {
  if (!duringFits(g, ctx, e)) return false;
  switch (e.event) {
    case "played": {
      if (ev.e !== "played") return false;
      const t: Thing = { perm: ev.perm };
      if (!subjectFits(g, ctx, e, t, ev.player) || !targetFits(g, ctx, e, t)) return false;
      const from = arg(e, "from");
      if (from && !zoneIs(from.zone, ev.from, ev.player, ctx)) return false;
      if (arg(e, "byEffect") && !ev.byEffect) return false;
      return true;
    }
    case "digivolved": {
      if (ev.e !== "digivolved") return false;
      // "When DNA digivolving" (BT9-082, 002 8-4): only a DNA digivolution
      if (e.args.some((a) => a.kind === "method" && a.method === "dna") && ev.method !== "dna") return false;
      const t: Thing = { perm: ev.perm };
      if (!subjectFits(g, ctx, e, t, ev.player)) return false;
      const into = arg(e, "into");
      if (into && !fitsSelector(g, ctx, into.what, { card: ev.card })) return false;
      const from = arg(e, "from");
      if (from && !zoneIs(from.zone, ev.from, ev.player, ctx)) return false;
      return targetFits(g, ctx, e, t);
    }
    case "attacked":
    case "attackedPlayer":
    case "attackedDigimon": {
      // 002 §9-2-1-1, §9-2-1-4-1: "when one of your Digimon attacks" triggers at the declaration; "when an opponent's Digimon attacks" at counter timing (001 DR "Reaction Timing").
      if (ev.e === "counterTiming") {
        if (ev.player === ctx.owner) return false;
        const a = V(g).attack;
        if (!a) return false;
        ev = { e: "attackDeclared", attacker: ev.attacker, player: ev.player, target: a.declared };
      } else if (ev.e !== "attackDeclared" || ev.player !== ctx.owner) return false;
      if (!subjectFits(g, ctx, e, { perm: ev.attacker }, ev.player)) return false;
      const tg = e.args.find((a) => a.kind === "target");
      if (tg?.kind === "target" && tg.what.kind === "select") {
        if (tg.what.noun === "player") {
          if (ev.target !== "player") return false;
        } else if (ev.target === "player" || !fitsSelector(g, ctx, tg.what, { perm: ev.target })) return false;
      }
      if (e.event === "attackedPlayer" && ev.target !== "player") return false;
      if (e.event === "attackedDigimon" && ev.target === "player") return false;
      const kw = arg(e, "withKeyword");
      if (kw) return false; // "attacks with <Blitz>": the attack's origin is not recorded yet (supported.ts)
      if (subjectPlayers(ctx, e.subject) && e.args.some((a) => a.kind === "target" && a.what.kind === "select" && a.what.noun !== "player")) {
        const sel = (e.args.find((a) => a.kind === "target" && a.what.kind === "select" && a.what.noun !== "player") as { what: DcgSelection }).what;
        return fitsSelector(g, ctx, sel, { perm: ev.attacker }) || (ev.target !== "player" && fitsSelector(g, ctx, sel, { perm: ev.target }));
      }
      return true;
    }
    case "blocks":
    case "blocked": {
      // "When this Digimon blocks": the blocker; "When this Digimon is blocked": the attacker (002 9-3)
      if (ev.e !== "blocked") return false;
      return subjectFits(g, ctx, e, { perm: e.event === "blocks" ? ev.blocker : ev.attacker }, g.state.turnPlayer);
    }
    case "deleted":
    case "deletedInBattle":
    case "battleLost":
    case "battleWon": {
      if (ev.e !== "deleted") return false;
      const inBattle = arg(e, "inBattle") || e.event === "deletedInBattle" || e.event === "battleLost";
      if (inBattle && ev.cause !== "battle") return false;
      const dead: Thing = { snap: ev.snapshot };
      if (e.args.some((a) => a.kind === "target") && typeof e.subject === "object") {
        // "When this Digimon deletes an opponent's Digimon in battle (and survives)": the subject is the victor.
        if (ev.cause !== "battle" || ev.battledWith === null) return false;
        const victor = { perm: ev.battledWith };
        if (!fitsSelector(g, ctx, e.subject as DcgSelector, victor)) return false;
        if ((e.andSurvives || e.event === "battleWon") && findPerm(g, victor.perm) === null) return false;
        return targetFits(g, ctx, e, dead);
      }
      if (!byFits(ctx, e, ev.by, ev.cause)) return false;
      const cause = arg(e, "cause");
      if (cause && cause.cause === "effect" && ev.cause !== "effect") return false;
      // "deleted by dropping to 0 DP": by the rules' check (002 11-2-2), not by an effect
      if (cause && cause.cause === "zeroDp" && ev.cause !== "rules") return false;
      if (subjectPlayers(ctx, e.subject)) return targetFits(g, ctx, e, dead) && subjectPlayers(ctx, e.subject)!.includes(ev.by ?? ev.snapshot.owner);
      return fitsSelector(g, ctx, e.subject as DcgSelector, dead);
    }
    case "suspended": {
      if (ev.e !== "suspended") return false;
      if (arg(e, "byEffect") && ev.why !== "effect") return false;
      const t: Thing = { perm: ev.perm };
      return subjectFits(g, ctx, e, t, ownerOfPerm(g, ev.perm) ?? g.state.turnPlayer);
    }
    case "unsuspended": {
      if (ev.e !== "unsuspended") return false;
      return ev.perms.some((id) => subjectFits(g, ctx, e, { perm: id }, ownerOfPerm(g, id) ?? g.state.turnPlayer));
    }
    case "returnedToHand":
    case "returnedToDeck":
    case "leftPlay": {
      if (e.event === "leftPlay" && (ev.e === "deleted" || ev.e === "trashedFromPlay")) return subjectFits(g, ctx, e, { snap: ev.snapshot }, ev.snapshot.owner);
      if (ev.e !== "leftPlay") return false;
      if (e.event === "returnedToHand" && ev.to !== "hand") return false;
      if (e.event === "returnedToDeck" && ev.to !== "deck") return false;
      return subjectFits(g, ctx, e, { snap: ev.snapshot }, ev.snapshot.owner) || targetFits(g, ctx, e, { snap: ev.snapshot });
    }
    case "trashed":
    case "digivolutionCardsTrashed":
    case "securityRemoved":
    case "securityAdded":
    case "cardsAddedToHand":
    case "placed": {
      if (ev.e === "securityChecked") return e.event === "securityRemoved" && subjectCardsFit(g, ctx, e, [ev.card], g.card(ev.card).owner, "security");
      if (ev.e !== "cardsMoved") return false;
      if ((e.event === "trashed" || e.event === "digivolutionCardsTrashed") && ev.to !== "trash") return false;
      if (e.event === "securityRemoved" && ev.from !== "security") return false;
      if (e.event === "securityAdded" && ev.to !== "security") return false;
      if (e.event === "cardsAddedToHand" && ev.to !== "hand") return false;
      if (e.event === "placed" && ev.to !== "sources") return false;
      const cause = arg(e, "cause");
      if (cause?.keyword && ev.cause !== cause.keyword) return false;
      // 002 §11-9-3: trashing revealed cards is not trashing cards of the deck or the security stack.
      if (ev.cause === "revealed" && (ev.from === "deck" || ev.from === "security")) return false;
      const from = arg(e, "from");
      if (from && !zoneIs(from.zone, ev.from, ev.player, ctx)) return false;
      if (e.event === "placed") {
        const under = arg(e, "under");
        if (under && (ev.perm === null || !fitsSelector(g, ctx, under.of, { perm: ev.perm }))) return false;
      }
      const ps = subjectPlayers(ctx, e.subject);
      if (ps) return ps.includes(ev.by ?? ev.player) && ev.cards.some((c) => targetFits(g, ctx, e, { card: c }));
      return subjectCardsFit(g, ctx, e, ev.cards, ev.player, ev.from, ev.by);
    }
    case "movedFromBreeding":
      return ev.e === "moved" && subjectFits(g, ctx, e, { perm: ev.perm }, ev.player);
    case "enteredPlay":
      return (ev.e === "played" || ev.e === "moved") && subjectFits(g, ctx, e, { perm: ev.perm }, ev.player);
    case "used":
      return ev.e === "optionUsed" && subjectFits(g, ctx, e, { card: ev.card }, ev.player) && targetFits(g, ctx, e, { card: ev.card });
    case "drew":
      return ev.e === "drew" && subjectFits(g, ctx, e, { card: ev.cards[0]! }, ev.player);
    case "checked":
      return ev.e === "securityChecked";
    case "hatched":
      return ev.e === "hatched" && subjectFits(g, ctx, e, { perm: ev.perm }, ev.player);
    case "endOfBattle":
      return ev.e === "battleEnded";
    default:
      return false;
  }
}

/** Whether moved cards fit an event's subject ("one of your opponent's digivolution cards", "this card", "a card in your security stack"). */
function subjectCardsFit(g: Game, ctx: Ctx, e: DcgEvent, cards: number[], owner: PlayerIndex, from: string, by: PlayerIndex | null = null): boolean {
  const s = e.subject;
  if (typeof s === "string") return true;
  if (s.kind === "select" && s.noun === "effect") {
    // "When an effect adds a card to your hand", "When one of your effects places a digivolution card under this Digimon": who moved them.
    if (by === null) return false;
    if (s.owner === "you" && by !== ctx.owner) return false;
    if (s.owner === "opponent" && by === ctx.owner) return false;
    const to = e.args.find((a) => a.kind === "to");
    if (to?.kind === "to" && "player" in to.zone && to.zone.player !== "any" && (to.zone.player === "you") !== (owner === ctx.owner)) return false;
    return cards.some((c) => targetFits(g, ctx, e, { card: c }));
  }
  if (s.kind === "select") {
    if (s.owner === "you" && owner !== ctx.owner) return false;
    if (s.owner === "opponent" && owner === ctx.owner) return false;
    if (s.noun === "digivolutionCard" && from !== "sources") return false;
    if (s.noun === "securityCard" && from !== "security") return false;
    if (s.zone && !zoneIs(s.zone, from, owner, ctx)) return false;
  }
  return cards.some((c) => fitsSelector(g, ctx, s, { card: c }, { card: c, def: def(g, c), perm: null, snap: null, sources: [], owner }));
}

function ownerOfPerm(g: Game, id: number): PlayerIndex | null {
  for (const p of PLAYERS) if (P(g, p).battle.some((x) => x.id === id) || P(g, p).breeding?.id === id) return p;
  return null;
}

