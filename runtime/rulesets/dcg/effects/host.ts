/**
 * The DCG effect model as the rules' effect host (`events.ts` {@link EffectHost}): card effects
 * compiled from card text (`runtime/lang/dcg/ir.ts`) triggered, activated and read by the rules
 * of 002 chapters 10, 11 and 13. {@link DCG_EFFECTS} is the DCG ruleset that plays them.
 *
 * - `collect`: triggered effects of the cards (`triggers.ts`), keyword triggers (`keywords.ts`),
 *   delayed effects (`durations.ts`), [Counter] effects of the hand (002 §10-4-12);
 * - `activate`: re-checks that a pending effect can still activate (002 §10-1-6-4: its card is
 *   still where it activates from; §10-4-4-5: an [On Deletion] card still in the trash; §4-15-2)
 *   and activates it (`run.ts`);
 * - `dp`, `securityDp`, `keywords`, `colors`, `cost`, `forbids`, `permits`: continuous and
 *   lasting effects (`continuous.ts`);
 * - `mainOptions` / `performMain`: [Main] effects of Digimon and Tamers (002 §10-4-6), [Hand]
 *   [Main] effects, and digivolutions a card's text allows ("can digivolve into this card for a
 *   memory cost of 4, ignoring its digivolution requirements");
 * - `security`: [Security] effects of a checked card (002 §10-4-8), `useOption`: an Option's
 *   [Main] effect (002 §6-6-2-4-3-4);
 * - `interruptDeletion`: "would be deleted" effects (002 §13-3-1-2).
 */
import type { Game } from "../../../core/engine.ts";
import type { DecisionOption } from "../../../core/decision.ts";
import type { Json, PlayerIndex } from "../../../core/state.ts";
import type { DcgClause, DcgSelector } from "../../../lang/dcg/ir.ts";
import { P, V, cardName, def, findPerm, isDigimon, permName, topOf, type DcgCard, type DcgPermanent, type PendingEffect } from "../model.ts";
import { spendOpt, type DcgEventData, type EffectHost, type KeywordTally } from "../events.ts";
import { canDigivolve, type DigivolveWay } from "../digivolve.ts";
import { dcgRuleset, DCG_TASKS } from "../index.ts";
import { SaveError, type CardDb, type Ruleset } from "../../../core/engine.ts";
import { checkDcgLoadable } from "./supported.ts";
import type { DcgSetup } from "../setup.ts";
import type { DcgFeatures } from "../events.ts";
import { logHappened, type Ctx, type EffectSrc, type Thing } from "./frame.ts";
import { unitsOf, type UnitInfo } from "./units.ts";
import { collectTriggers, effectLabel, fitsSelector, keyOf, usesLeft } from "./triggers.ts";
import { K_DIGIVOLVE, activeWith, applying, plainCtx, turnAllows } from "./in-force.ts";
import { alsoNames, alsoTraits, dpBonusForDeletion, dpNeverLowered, activationForbidden, collides, continuousColors, continuousCost, continuousDp, continuousForbids, continuousKeywords, continuousPermits, continuousSecurityDp, costPaid } from "./continuous.ts";
import { collectDelayed, grantedUnits } from "./durations.ts";
import { bulletsPayable, collectKeywordTriggers, KEYWORD_TASKS, pushDeletionInterrupts } from "./keywords.ts";
import { RUN_TASKS } from "./run.ts";
import { startEffect, type EffectStart } from "./activation.ts";
import { STEP_TASKS } from "./steps.ts";
import { valueOf } from "./select.ts";
import { lastingAffects } from "./immunity.ts";
import type { DelayedEffect } from "./frame.ts";

// ─── Triggering and activating ─────────────────────────────────────────────

/** Count what happened this turn for "if you've … this turn" conditions (002 §10-2). */
function logEvent(g: Game, ev: DcgEventData): void {
  switch (ev.e) {
    case "digivolved":
      logHappened(g, ev.player, "digivolved");
      break;
    case "played":
      logHappened(g, ev.player, "played");
      break;
    case "attackDeclared":
      logHappened(g, ev.player, "attacked");
      break;
    case "optionUsed":
      logHappened(g, ev.player, "used");
      break;
    case "deleted":
      logHappened(g, ev.snapshot.owner, "deleted");
      break;
    default:
      break;
  }
}

/**
 * [Counter] effects (002 §10-4-12): at counter timing, the defender's [Hand] [Counter] effects
 * (e.g. <Blast Digivolve>, §12-26) trigger; only one may activate per attack (§10-4-12-2).
 */
function collectCounter(g: Game, ev: DcgEventData, out: PendingEffect[]): void {
  if (ev.e !== "counterTiming") return;
  const d: PlayerIndex = ev.player === 0 ? 1 : 0;
  for (const card of g.zone(d, "hand"))
    for (const info of unitsOf(def(g, card)).all)
      if (info.kind === "counter") out.push({ owner: d, kind: "card", card, perm: null, box: info.box, index: info.index, keyword: null, event: ev as unknown as { [k: string]: Json }, label: effectLabel(g, d, card, info), data: { counter: true } });
}

/** The unit a pending effect names. */
function infoOf(g: Game, src: EffectSrc): UnitInfo | null {
  if (src.path?.length) {
    const parent = unitsOf(def(g, src.card)).all.find((u) => u.box === src.box && u.index === src.index);
    if (!parent) return null;
    return grantedInfo(g, src);
  }
  return unitsOf(def(g, src.card)).all.find((u) => u.box === src.box && u.index === src.index) ?? null;
}

function grantedInfo(g: Game, src: EffectSrc): UnitInfo | null {
  for (const perm of [...P(g, 0).battle, ...P(g, 1).battle]) for (const gr of grantedUnits(g, perm)) if (gr.src.card === src.card && gr.src.box === src.box && gr.src.index === src.index && JSON.stringify(gr.src.path) === JSON.stringify(src.path)) return gr.info;
  return null;
}

/**
 * Whether a pending effect's card is still where the effect activates from (002 §10-1-6-4): a
 * Digimon's or Tamer's effect, in the battle area with the card on top (its effect box) or
 * under it (an inherited effect, §4-4-1; §10-4-5-3); an [On Deletion] effect, while the former
 * top card is in the trash (§10-4-4-5, §10-4-4-6); a [Counter] effect, in the hand.
 */
function stillThere(g: Game, pe: PendingEffect, info: UnitInfo): boolean {
  const card = pe.card;
  const zone = g.card(card).zone;
  if (pe.data?.counter) return zone === "hand";
  if (info.from === "hand") return zone === "hand";
  if (pe.data?.snap) {
    const snap = pe.data.snap as unknown as { top: number };
    return g.card(snap.top).zone === "trash" || g.card(snap.top).zone === "removed";
  }
  if (pe.perm === null) return true;
  // "When this card is trashed …" (BT4-008: an inherited effect of a card that left its Digimon's digivolution cards): it activates from the trash, its Digimon still in play or not (002 §12-14-7).
  const ev = pe.event as unknown as DcgEventData;
  if (ev.e === "cardsMoved" && ev.to === "trash" && ev.cards.includes(card) && info.when !== null) return zone === "trash";
  const perm = findPerm(g, pe.perm);
  if (!perm) return zone === "trash" && info.when !== null;
  if (pe.data?.path) return true;
  if (pe.box === "effect") return topOf(perm) === card;
  if (pe.box === "inherited") return perm.cards.includes(card) && topOf(perm) !== card && isDigimon(g, perm);
  return true;
}

/** Activate a pending effect (002 §10-3). */
function activate(g: Game, pe: PendingEffect): void {
  const data = pe.data ?? {};
  if (typeof data.kw === "string") {
    g.push({ t: "dcgfx.keyword", kw: data.kw, perm: pe.perm, card: pe.card, owner: pe.owner, event: pe.event });
    return;
  }
  if (data.delayed) {
    const d = data.delayed as unknown as DelayedEffect;
    startEffect(g, { owner: d.ctx.owner, src: d.src, perm: d.ctx.perm, snap: d.ctx.snap, event: pe.event as unknown as DcgEventData, label: d.label, refs: d.ctx.refs, last: d.ctx.last, body: d.body, sentence: d.sentence, only: true, data: { delayed: true } });
    return;
  }
  if (pe.box === null || pe.index === null) return;
  const src: EffectSrc = { card: pe.card, box: pe.box, index: pe.index };
  if (Array.isArray(data.path)) src.path = data.path as number[];
  const info = infoOf(g, src);
  if (!info) return;
  if (!stillThere(g, pe, info)) {
    g.logger?.emit("effect", pe.owner, `${pe.label} does not activate: its card is no longer where it activates from (002 §10-1-6-4)`, { card: pe.card });
    return;
  }
  if (!usesLeft(g, pe.perm, info, src)) return;
  if (activationForbidden(g, pe.card, pe.perm !== null ? findPerm(g, pe.perm) : null, info.unit.timings)) {
    g.logger?.emit("effect", pe.owner, `${pe.label} does not activate: an effect forbids it (002 §10-2-2)`, { card: pe.card });
    return;
  }
  if (data.counter) {
    const a = V(g).attack;
    if (!a || a.countered) return;
    g.set(a, "countered", true);
  }
  const s: EffectStart = { owner: pe.owner, src, perm: pe.perm, event: pe.event as unknown as DcgEventData, label: pe.label, opt: info.unit.perTurn ? { key: keyOf(g, pe.perm, src), max: info.unit.perTurn } : null };
  const first = whenThings(g, info, pe.event as unknown as DcgEventData);
  if (first.length) s.last = first;
  if (data.snap) s.snap = data.snap as unknown as EffectStart["snap"];
  startEffect(g, s);
}

/**
 * What "that Digimon" first refers to in a triggered effect (002 §11-8-3 reading): what the
 * "When …" event did it to when it names one — the attacked Digimon of "When this Digimon
 * attacks an opponent's Digimon" (the IR's `target`; printed "When attacking an opponent's
 * Digimon …" when the IR lost it), the Digimon deleted in "When this Digimon deletes an
 * opponent's Digimon in battle" — else what the event is about (`select.ts` `eventThings`).
 */
function whenThings(g: Game, info: UnitInfo, ev: DcgEventData): Thing[] {
  const w = info.when;
  if (!w) return [];
  const names = w.args.some((a) => a.kind === "target" && a.what.kind === "select" && a.what.noun !== "player");
  if ((ev.e === "attackDeclared" || ev.e === "counterTiming") && (w.event === "attacked" || w.event === "attackedDigimon")) {
    const a = V(g).attack;
    if (a && a.declared !== "player" && names) return [{ perm: a.declared }];
  }
  if (ev.e === "deleted" && names && typeof w.subject === "object") return [{ snap: ev.snapshot }];
  return [];
}

// ─── [Main] effects and digivolutions a text allows ────────────────────────

/** The [Main] effects of player `p` that may be activated now (002 §10-4-6-1), and text-allowed digivolutions. */
function mainOptions(g: Game, p: PlayerIndex, out: DecisionOption[]): void {
  const offer = (perm: DcgPermanent | null, card: number, info: UnitInfo) => {
    const src: EffectSrc = { card, box: info.box, index: info.index };
    if (!usesLeft(g, perm?.id ?? null, info, src)) return;
    const first = info.unit.sentences[0]?.steps[0];
    if (first?.kind === "bullets" && !bulletsPayable(g, perm, first)) return;
    out.push({ label: `Activate ${effectLabel(g, p, card, info)}`, value: { a: "effect", kind: "main", card, box: info.box, index: info.index, perm: perm?.id ?? null } });
  };
  for (const perm of P(g, p).battle) {
    const top = topOf(perm);
    // 001 Q&A Delay Q3 (002 §12-17-1): of an Option placed in the battle area only the <Delay> effect can be activated.
    const option = def(g, top).stats.kind === "Option";
    for (const info of unitsOf(def(g, top)).all) if (info.kind === "main" && info.box === "effect" && info.from === null && (!option || isDelay(info))) offer(perm, top, info);
    if (isDigimon(g, perm)) for (let i = 0; i < perm.cards.length - 1; i++) for (const info of unitsOf(def(g, perm.cards[i]!)).all) if (info.kind === "main" && info.box === "inherited") offer(perm, perm.cards[i]!, info);
  }
  for (const card of g.zone(p, "hand")) for (const info of unitsOf(def(g, card)).all) if (info.kind === "main" && info.from === "hand") offer(null, card, info);
  for (const d of allowedDigivolutions(g, p)) out.push({ label: `Digivolve ${permName(g, d.perm)} into ${cardName(g, d.card)} by its text (${d.cost})`, value: { a: "effect", kind: "digivolve", card: d.card, perm: d.perm.id, way: d.way as unknown as Json } });
}

/** Whether a [Main] effect is a <Delay> effect (002 §12-17). */
function isDelay(info: UnitInfo): boolean {
  const st = info.unit.sentences[0]?.steps[0];
  return st?.kind === "bullets" && st.keyword?.name === "delay";
}

/** A digivolution a card's text allows in the main phase. */
interface Allowed {
  perm: DcgPermanent;
  card: number;
  way: DigivolveWay;
  cost: number;
}

/**
 * Digivolutions the text of a card allows (002 §1-3-1: card text over the rules): "Your
 * [Shoutmon] can digivolve into this card in your hand for a memory cost of 4, ignoring this
 * card's digivolution requirements" (the card in the hand), "[Your Turn] If …, this Digimon can
 * digivolve into a [Gallantmon] in your hand for a memory cost of 4, ignoring its digivolution
 * requirements" (a Digimon in play), "You may digivolve this card from your hand onto one of your
 * red Tamers as if the Tamer is a level 3 red Digimon" (the card in the hand).
 */
function allowedDigivolutions(g: Game, p: PlayerIndex): Allowed[] {
  const out: Allowed[] = [];
  const consider = (ctx: Ctx, c: DcgClause, sentenceOk: boolean) => {
    if (!sentenceOk || c.verb !== "digivolve" || c.negated || c.args.some((a) => a.kind === "only" || a.kind === "byCost")) return;
    const way: DigivolveWay = {};
    const fc = c.args.find((a) => a.kind === "forCost");
    if (fc?.kind === "forCost" && fc.value) way.cost = valueOf(g, ctx, fc.value);
    if (c.args.some((a) => a.kind === "ignoring" || a.kind === "asIf")) way.ignore = "all";
    if (c.args.some((a) => a.kind === "free")) way.free = true;
    const ign = c.args.find((a) => a.kind === "ignoring");
    if (ign?.kind === "ignoring" && (ign.what === "level" || ign.what === "color")) way.ignore = ign.what;
    const into = c.args.find((a) => a.kind === "into");
    const onto = c.args.find((a) => a.kind === "onto");
    const obj = c.object?.kind === "things" ? c.object.what : null;
    const permSel: DcgSelector | null = onto?.kind === "onto" ? onto.what : c.who !== null && typeof c.who !== "string" ? c.who : null;
    const cardSel: DcgSelector | null = into?.kind === "into" ? into.what : obj;
    if (!permSel || !cardSel) return;
    const perms = P(g, p).battle.filter((x) => fitsSelector(g, ctx, permSel, { perm: x.id }) || (permSel.kind === "ref" && x.id === ctx.perm));
    const cards = g.zone(p, "hand").filter((id) => fitsSelector(g, ctx, cardSel, { card: id }));
    for (const perm of perms)
      for (const card of cards) {
        const w = { ...way };
        if (w.cost === undefined && w.ignore === "all" && !w.free) w.cost = Math.min(...def(g, card).stats.digivolve.map((r) => r.cost), 99);
        if (w.cost === 99) continue;
        if (!canDigivolve(g, p, perm, card, w)) continue;
        out.push({ perm, card, way: w, cost: w.free ? 0 : (w.cost ?? 0) });
      }
  };
  for (const a of activeWith(g, K_DIGIVOLVE)) if (a.ctx.owner === p) for (const { s } of applying(g, a)) for (const c of s.steps) if (c.kind === "clause") consider(a.ctx, c, true);
  for (const card of g.zone(p, "hand"))
    for (const info of unitsOf(def(g, card)).continuous.effect) {
      if (!turnAllows(g, info, p)) continue;
      const ctx = plainCtx(p, card, null, "effect");
      for (const { s } of applying(g, { info, ctx })) for (const c of s.steps) if (c.kind === "clause") consider(ctx, c, true);
    }
  return out;
}

/** Perform a chosen [Main] effect or text-allowed digivolution. */
function performMain(g: Game, p: PlayerIndex, value: Json): void {
  const v = value as unknown as { kind: string; card: number; box: "effect" | "inherited"; index: number; perm: number | null; way?: DigivolveWay };
  if (v.kind === "digivolve") {
    g.push({ t: "dcg.digivolve", card: v.card, p, perm: v.perm, way: (v.way ?? {}) as unknown as Json, byEffect: true });
    return;
  }
  const src: EffectSrc = { card: v.card, box: v.box, index: v.index };
  const info = infoOf(g, src);
  if (!info) return;
  if (info.from === "hand") g.logger?.emit("reveal", p, `${cardName(g, v.card)} is revealed from the hand to activate its effect (002 §4-16-2)`, { card: v.card });
  startEffect(g, { owner: p, src, perm: v.perm, label: effectLabel(g, p, v.card, info), opt: info.unit.perTurn ? { key: keyOf(g, v.perm, src), max: info.unit.perTurn } : null, data: { declared: true } });
}

// ─── [Security] and Option effects ─────────────────────────────────────────

/** A checked card's [Security] effects (002 §10-4-8: at once, in written order; an Option's needs no colour, §10-4-8-3). */
function security(g: Game, card: number, owner: PlayerIndex): void {
  if (activationForbidden(g, card, null, ["security"])) {
    g.logger?.emit("effect", owner, `${cardName(g, card)}: its [Security] effect does not activate (an effect forbids it: 002 §10-2-2)`, { card });
    return;
  }
  const units = unitsOf(def(g, card)).all.filter((u) => u.kind === "security");
  for (let i = units.length - 1; i >= 0; i--) {
    const info = units[i]!;
    startEffect(g, { owner, src: { card, box: info.box, index: info.index }, perm: null, label: effectLabel(g, owner, card, info) });
  }
}

/** An Option card's [Main] effect, used from the hand (002 §6-6-2-4-3-4); not its <Delay> effect (§12-17-2). */
function useOption(g: Game, card: number, p: PlayerIndex): void {
  const units = unitsOf(def(g, card)).all.filter((u) => u.kind === "main" && u.box === "effect" && u.from === null && !isDelay(u));
  for (let i = units.length - 1; i >= 0; i--) {
    const info = units[i]!;
    startEffect(g, { owner: p, src: { card, box: info.box, index: info.index }, perm: null, label: effectLabel(g, p, card, info) });
  }
}

/** Whether a card fits a DigiXros requirement given as a card condition (002 §7-2-6-2). */
function digiXrosMatches(g: Game, slot: Json, card: number): boolean {
  const what = slot as unknown as DcgSelector;
  const ctx = plainCtx(g.card(card).owner, card, null, "effect");
  return fitsSelector(g, ctx, what, { card });
}

/** "Your Security Digimon get +N DP" made lasting by an effect (`steps.ts`). */
function lastingSecurityDp(g: Game, owner: PlayerIndex): number {
  let n = 0;
  for (const l of V(g).lasting) if (l.fx?.kind === "securityDp" && l.fx.owner === owner) n += l.fx.dp as number;
  return n;
}

/** The DCG effect model as an effect host (002 chapters 10, 11, 13; see the module comment). */
export const DCG_EFFECT_HOST: EffectHost = {
  name: "DCG card effects",
  collect(g, ev, out) {
    logEvent(g, ev);
    collectTriggers(g, ev, out);
    collectKeywordTriggers(g, ev, out);
    collectDelayed(g, ev, out);
    collectCounter(g, ev, out);
  },
  activate,
  dp: continuousDp,
  dpNeverLowered,
  securityDp: (g, card, owner) => continuousSecurityDp(g, card, owner) + lastingSecurityDp(g, owner),
  keywords: (g, perm, out: KeywordTally) => continuousKeywords(g, perm, out),
  cost: continuousCost,
  forbids: continuousForbids,
  permits: continuousPermits,
  paid: (g, p, action) => costPaid(g, p, action, (key) => spendOpt(g, key)),
  interruptDeletion: pushDeletionInterrupts,
  mustBlock: (g, attacker) => collides(g, attacker),
  colors: continuousColors,
  mainOptions,
  performMain,
  security,
  useOption,
  digiXrosMatches,
  lastingApplies: lastingAffects,
  alsoNames,
  alsoTraits,
  dpBonusForDeletion,
};

/** Every task handler of the effect model (002 §10-3 activation, steps, keyword effects of chapter 12). */
export const DCG_EFFECT_TASKS = { ...RUN_TASKS, ...STEP_TASKS, ...KEYWORD_TASKS };

const BASE = dcgRuleset(DCG_EFFECT_HOST);

/** The refusal of decks with cards this effect model cannot play (issue 14, as DBE's `checkLoadable`). */
function refuse(seats: readonly DcgSetup["seats"][number][], db: CardDb<DcgCard>, where: (i: number) => string): string | null {
  for (let i = 0; i < seats.length; i++) {
    const errors = checkDcgLoadable(db, [seats[i]!]);
    if (errors.length) return `${where(i)}: deck ${JSON.stringify(seats[i]!.name)} cannot be played: ${errors.slice(0, 3).map((e) => e.message).join("; ")}${errors.length > 3 ? `; and ${errors.length - 3} more` : ""} (not yet supported by the DCG effect model)`;
  }
  return null;
}

/**
 * The DCG ruleset with card effects: the rules of `runtime/rulesets/dcg/` playing the effects
 * compiled from card text (002 chapters 10–13). A deck with a card whose text uses a construct
 * this model cannot perform yet is refused at the start and in a saved game's setup, naming
 * the card and the construct (`supported.ts`), as DBE refuses its cards.
 */
export const DCG_EFFECTS: Ruleset<DcgSetup, DcgFeatures> = {
  ...BASE,
  tasks: { ...DCG_TASKS, ...DCG_EFFECT_TASKS } as Ruleset["tasks"],
  start(g, setup) {
    if (!setup.scenario) {
      const why = refuse(setup.seats, g.db as CardDb<DcgCard>, (i) => `seat ${i + 1}`);
      if (why) throw new Error(why);
    }
    BASE.start(g, setup);
  },
  checkSetup(setup, db) {
    const s = BASE.checkSetup!(setup, db);
    const why = refuse(s.seats, db as CardDb<DcgCard>, (i) => `setup.seats[${i}]`);
    if (why) throw new SaveError(why.slice(0, why.indexOf(":")), why.slice(why.indexOf(":") + 2));
    return s;
  },
};
