/**
 * The DBE effect interpreter: one implementation per IR construct, shared by every card.
 *
 * A card's sentences resolve one at a time, left to right (Anatomy of Cards item 14). Each
 * sentence is a task; its costs are tried in a transaction that rolls back when not met
 * (FAQ "Costs vs Effects"); a failed "If" misfires the sentence and enables its "If not"
 * (FAQ "Conditionals"); each action is its own task, so choices inside an action are
 * ordinary decisions.
 *
 * Constructs this runtime cannot yet perform are listed by {@link unsupportedConstructs} and
 * refused when a deck is loaded (issue 3 §4): a card is never played with part of its text
 * silently skipped.
 */
import type { Game, Task } from "../../core/engine.ts";
import { other, type Json, type PlayerIndex } from "../../core/state.ts";
import type { CompiledCard } from "../../card.ts";
import type { Action, Body, CardEffect, CardFilter, Effect } from "../../ir.ts";
import { ATTACK_SLOTS, LEVEL_ORDER, type AttackSlot, type PlayerRef } from "../../vocabulary.ts";
import { activeOf, cardName, cardOptions, def, dpTotal, nextSeq, P, resetActiveStats, trackedDp, who } from "./model.ts";
import { drawRaw } from "./piles.ts";
import { abnormalByLine, bonusTasks } from "./turn.ts";
import { matches, typesOf } from "./matching.ts";
import { amount, holds, players, withoutActive } from "./conditions.ts";
import { raise, type Pending } from "./triggers.ts";
import { addPermanent } from "./permanent.ts";
import { effectEvolve, evoContext, evolutionCounts, evolveCandidates, updateContext } from "./evolution.ts";
import { bodyActions } from "./facts.ts";
import { moveBottom, moveTop } from "./piles.ts";
import { attachCard, canAttach, discardAttachments as discardAttachmentsOf } from "./attach.ts";
import { countResolution } from "./loops.ts";
import { dbeStateCheck } from "./ko.ts";
import { abilityName, activeText, attackName, because, cardsText, causeOf, sentenceOf, count as countOf, nameOf, ownedCard, playerName, powerChange, powerList, prohibitionName, zoneName } from "./narrate.ts";
import { feature } from "./features.ts";
import { CONTINUOUS_ACTIONS, continuousFor, mayLowerHp, powerOf, prohibits, withContinuous } from "./continuous.ts";
import { isContinuous, stillInPlace, type Origin } from "./places.ts";

/** Action kinds this runtime performs. */
export const SUPPORTED_ACTIONS: ReadonlySet<Action["kind"]> = new Set<Action["kind"]>([
  "boost",
  "recover",
  "setStat",
  "scaleStat",
  "draw",
  "drawUntil",
  "discard",
  "discardThis",
  "trash",
  "recycle",
  "recode",
  "corrupt",
  "static",
  "take",
  "void",
  "revive",
  "flatten",
  "changeType",
  "changeName",
  "useAttack",
  "gainAbility",
  "putIntoDp",
  "returnHandToDeck",
  "shuffle",
  "reveal",
  "changeDp",
  "prohibit",
  // Evolution Phase (runtime/rulesets/dbe/evolution.ts)
  "ignore",
  "enables",
  "requireDp",
  "restrictUse",
  "dpCost",
  "countsAsDnaMaterial",
  "activateEvoBonus",
  "evolve",
  "delete",
  // Attachments (runtime/rulesets/dbe/attach.ts)
  "attach",
  "putUnder",
  "payDp",
  // Names, types and sides
  "alsoCountsAs",
  "alsoType",
  "flip",
  "downgrade",
  "swapStat",
]);

/**
 * The constructs of a card the runtime cannot perform yet, as readable names
 * ("action attach", "timing whenEvolving"), sorted, each once. Empty when the whole card can
 * be played.
 *
 * The set checker asks this of every card it compiles (compiler/check/set.ts
 * `runtimeRefusals`), and most cards have nothing to refuse: the walk makes no closure,
 * list or set until it finds something (docs/grammar-style.md, "Checking").
 */
export function unsupportedConstructs(card: CompiledCard): string[] {
  found = null;
  // A card that "counts as a DNA material" is played as one (Evolution Phase 5.2.3.1).
  const dnaMaterial = countsAsDnaMaterial(card.effects);
  const cardTimings = card.stats.timings;
  const effects = card.effects;
  for (let i = 0; i < effects.length; i++) {
    const e = effects[i]!;
    if (e.kind === "turbo") {
      if (e.cost) refusedAction(e.cost);
      for (const a of e.risk) refusedAction(a);
      continue;
    }
    if (e.kind !== "effect") continue;
    const t = e.timings;
    const t0 = t.length > 0 ? t[0]!.kind : null;
    if (t0 !== "whileAttached") {
      for (const c of e.costs) {
        if (c.kind === "oncePerTurn") {
          refuse(`[1/Turn] outside an attachment`);
          break;
        }
      }
    }
    if (t0 === "whileAttached" && t.length > 1 && !(t.length === 2 && t[1]!.kind === "phase" && t[1]!.phase === "support")) refuse(`"While attached" with another timing`);
    for (let k = 0; k < t.length; k++) {
      const x = t[k]!;
      if (!SUPPORTED_TIMINGS.has(x.kind)) refuse(`timing "${x.kind}"`);
      else if (x.kind === "card" && x.timing !== "SUPPORT" && x.timing !== "EVOLVE" && x.timing !== "ACTIVATE") refuse(`card timing ${x.timing}`);
      else if (x.kind === "whenEvolving" && card.stats.kind !== "Evolution" && !cardTimings.includes("EVOLVE")) refuse(`"When evolving" on a card that is not played to the evolve zone`);
      else if (x.kind === "afterEvolving" && card.stats.kind === "Option" && !dnaMaterial) refuse(`"After evolving" on an Option`);
      else if (x.kind === "when" && !SUPPORTED_EVENTS.has(x.event.kind)) refuse(`trigger "When … ${x.event.kind}"`);
    }
    // A sentence under the card's own timing: SUPPORT, EVOLVE, PASSIVE (continuous) so far.
    if (t.length === 0) for (const ct of cardTimings) if (ct !== "SUPPORT" && ct !== "EVOLVE" && ct !== "PASSIVE" && ct !== "ACTIVATE" && !(ct === "EFFECT" && dnaMaterial)) refuse(`card timing ${ct}`);
    // Continuous sentences (Passive, Active Zone, While attached, parenthesis) change values
    // only through the continuous layer (continuous.ts), wherever the card is.
    const continuousHere =
      isContinuous(card, e, "active") || isContinuous(card, e, "stack") || isContinuous(card, e, "attachment") || isContinuous(card, e, "mastery") || isContinuous(card, e, "support");
    if (continuousHere) refusedContinuous(e.body);
    if (t0 === "passive" && t.length > 1 && t[1]!.kind !== "phase" && t[1]!.kind !== "when") refuse(`timing "Passive, ${t[1]!.kind}"`);
    for (let k = 0; k < e.costs.length; k++) {
      const c = e.costs[k]!;
      if (c.kind === "action") refusedAction(c.action);
    }
    refusedBody(e.body);
  }
  for (const e of card.stats.evo) if (e.kind === "bonus") for (const a of e.actions) refusedAction(a);
  const names = found;
  found = null;
  return names === null ? [] : [...names].sort();
}

/**
 * The names {@link unsupportedConstructs} has found so far: no set is made until the first
 * one. One walk at a time uses it (the walk calls nothing that walks again).
 */
let found: Set<string> | null = null;

/** Add a name to {@link found}. */
function refuse(name: string): void {
  (found ??= new Set()).add(name);
}

/** Whether a sentence of `effects` says its card counts as a DNA material (Evolution Phase 5.2.3.1). */
function countsAsDnaMaterial(effects: readonly CardEffect[]): boolean {
  for (const e of effects) {
    if (e.kind !== "effect" || e.body.kind !== "seq") continue;
    for (const a of e.body.actions) if (a.kind === "countsAsDnaMaterial") return true;
  }
  return false;
}

/** The refused actions of a body, every branch ({@link bodyActions}'s actions). */
function refusedBody(b: Body): void {
  if (b.kind === "seq") {
    for (let i = 0; i < b.actions.length; i++) refusedAction(b.actions[i]!);
    return;
  }
  refusedBody(b.then);
  if (b.otherwise) refusedBody(b.otherwise);
}

/** The actions of a continuous sentence's body the continuous layer cannot apply. */
function refusedContinuous(b: Body): void {
  if (b.kind === "seq") {
    for (const a of b.actions) if (!CONTINUOUS_ACTIONS.has(a.kind) || (a.kind === "boost" && a.amount.kind !== "const")) refuse(`continuous "${a.kind}"`);
    return;
  }
  refusedContinuous(b.then);
  if (b.otherwise) refusedContinuous(b.otherwise);
}

/** What of one action the runtime cannot perform. */
function refusedAction(a: Action): void {
  if (!SUPPORTED_ACTIONS.has(a.kind)) refuse(`action "${a.kind}"`);
  if (a.kind === "discard" && a.zone !== "hand" && a.zone !== "dp") refuse(`discard from ${a.zone}`);
  if (a.kind === "evolve" && a.from === "trash") refuse(`evolve from the trash`);
  if (a.kind === "discard" && a.fromTop) refuse(`discard from the top of a zone`);
  if (a.kind === "putIntoDp" && a.player !== "own") refuse(`put into the opponent's DP`);
  if (a.kind === "downgrade" && (a.from !== null || a.to !== null)) refuse(`Downgrade from/to a named level`);
  if (a.kind === "prohibit" && (a.what === "mulligan" || a.what === "support")) refuse(`restriction "cannot ${a.what}"`);
}

/** Effect timings this runtime plays: the card timing and support-phase timings. */
const SUPPORTED_TIMINGS: ReadonlySet<string> = new Set([
  "card",
  "phase",
  "when",
  "whenEvolving",
  "afterEvolving",
  "passive",
  "activeZone",
  "whileAttached",
  // window.ts
  "anyPhase",
  "dataBreak",
  "eitherSupportPhase",
  "anySupportPhase",
  "access",
]);

/** "When …" events this runtime raises (IR `GameEvent` kinds). */
const SUPPORTED_EVENTS: ReadonlySet<string> = new Set(["discards", "draws", "powerChanged"]);

/**
 * The player whose active Digimon an action acts on, for the actions that act on nothing
 * else: HP (Recover; setting or scaling HP), Power (Boost; setting or scaling Power), flat
 * tokens, Revival, the attack in use and its abilities. Null for any other action.
 * Source: Anatomy of Cards items 9 ("HP – … KOs the Digimon") and 10 (Power of its attacks);
 * Glossary "Recover", "Boost", "Flatten / Flat" ("in front of their active"), "Revive".
 */
function activeTarget(a: Action): PlayerRef | null {
  switch (a.kind) {
    case "boost":
    case "recover":
    case "flatten":
    case "revive":
    case "useAttack":
    case "gainAbility":
      return a.player;
    case "setStat":
    case "scaleStat":
      return a.target.player;
    default:
      return null;
  }
}

/**
 * Whether a sentence's body cannot resolve at all: every action of it (in either branch of an
 * "If") acts on the active Digimon of players who have none. Such a sentence misfires
 * (Support Phase 5.2: "If an effect fails to apply … it's considered a 'misfire'"), before
 * its cost is tried (`dbe.effect`).
 */
function cannotResolve(g: Game, b: Body, me: PlayerIndex): boolean {
  const acts = bodyActions(b);
  if (acts.length === 0) return false;
  for (const a of acts) {
    const ref = activeTarget(a);
    if (ref === null) return false;
    for (const p of players(ref, me)) if (activeOf(g, p) !== null) return false;
  }
  return true;
}

/**
 * Player `p` has no active Digimon for an action that acts on it (`activeTarget`): the action
 * misfires (Support Phase 5.2), is logged as such, and a cost built on it is not met.
 * @param what what is missing, for the log ("there is no HP to recover")
 * @param rule the rule naming what the action acts on ('Glossary "Recover"')
 * @returns whether `p` has no active Digimon (the caller skips `p`)
 */
function noActive(g: Game, p: PlayerIndex, t: Task, what: string, rule: string): boolean {
  if (activeOf(g, p) !== null) return false;
  short(g, t);
  if (g.logger) {
    // "P1 Leaf Bandage: P1 has no active Digimon, so there is no HP to recover and "Recover
    // own HP +300." misfires (…)"; an evo-box bonus is named by its cause.
    const card = t.card as number;
    const sentence = sentenceOf(g, t);
    const which = sentence === null ? causeOf(g, t) : sentence.whole ? `"${sentence.text}"` : `that part of "${sentence.text}"`;
    g.logger.emit("misfire", p, `${sentence === null ? "" : `${ownedCard(g, card)}: `}${who(g, p)} has no active Digimon, so ${what} and ${which} misfires (Support Phase 5.2; ${rule})`, { card, reason: "noActive" });
  }
  return true;
}

/** Task handlers of effect resolution. */
export const EFFECT_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /**
   * One sentence. Order: voided card → skip; "If not" only when its "If" failed; costs
   * (each tried in a transaction); then the body (FAQ "Costs vs Effects", "Conditionals").
   */
  "dbe.effect"(g, t) {
    const card = t.card as number;
    const me = t.p as PlayerIndex;
    const e = def(g, card).effects[t.i as number] as Effect;
    // A voided card's sentences do not resolve — except its voids by 000's Support Phase 5.1.2
    // ("Voids cannot nullify other void effects"); by 003's 5.1 "Voiding means to nullify
    // the card", those too (features.ts `voidsNullifyVoids`).
    if (P(g, me).voidedCards.includes(card) && (t.source !== "support void" || feature(g, "voidsNullifyVoids"))) return;
    // Loops (loops.ts; 002 13-1-1-1 read for DBE): the same triggered sentence resolving
    // more than TRIGGER_LOOP_LIMIT times in one phase step ends the game as a draw.
    if (t.answer === undefined && countResolution(g, card, t.i as number, t.source === "trigger")) return;
    if (t.source === "trigger" && t.answer === undefined) g.logger?.emit("trigger", me, `${ownedCard(g, card)} triggers: "${e.text}" (FAQ "Interrupting effects/triggers")`, { card });
    // FAQ "Leaving a zone", second bullet: a triggered effect whose card has left the zone it
    // triggered from (KO'd, deleted, covered by evolution) does nothing.
    if (t.source === "trigger" && t.from !== undefined && t.answer === undefined && !stillInPlace(g, card, t.from as Origin)) {
      g.logger?.emit("misfire", me, `${ownedCard(g, card)} left its zone: "${e.text}" does nothing (FAQ "Leaving a zone")`, { card });
      return;
    }
    const failed = (g.card(card).vars.failedIf as number[] | undefined) ?? [];
    if (e.otherwiseOf !== null && !failed.includes(e.otherwiseOf)) return;
    // A sentence that starts resolving forgets its earlier "If" result (FAQ "Conditionals":
    // "If not" answers the "If" of this resolution, not of an earlier turn).
    if (t.answer === undefined && failed.includes(t.i as number)) g.set(g.card(card).vars, "failedIf", failed.filter((x) => x !== t.i));
    // [1/Turn] (Glossary): once per turn, paid as a cost — recorded when the cost is met.
    const once = e.costs.some((c) => c.kind === "oncePerTurn");
    if (once && !e.costs.some((c) => c.kind === "action") && t.answer === undefined) g.set(g.card(card).vars, "usedTurn", g.state.turn);
    // Glossary "Access": "Access [type]:" means "Reveal in own hand: [type]".
    const access = e.timings.find((x) => x.kind === "access");
    const costs = e.costs.filter((c) => c.kind === "action");
    // A sentence that cannot resolve — every action of it acts on the active Digimon of a
    // player who has none (after a KO, before Prep Phase 4 places a new one) — misfires
    // (Support Phase 5.2) before its cost is tried: a cost is a condition met for the effect
    // after the colon, never "paid", and one met in vain may be taken back "and the cost will
    // misfire" (FAQ "Costs vs Effects" POINT). A "Must" cost is attempted anyway, "as a
    // regular effect … without player choice" (FAQ "'Must' in a cost"); its effect misfires.
    if (t.answer === undefined && (access !== undefined || (costs.length > 0 && !costs.every((c) => c.kind === "action" && c.must))) && cannotResolve(g, e.body, me)) {
      g.set(g.state.vars, "useFailed", true);
      if (g.logger) {
        const absent = [...new Set(bodyActions(e.body).flatMap((a) => players(activeTarget(a)!, me)))].sort().map((p) => who(g, p));
        g.logger.emit("misfire", me, `${ownedCard(g, card)}: ${absent.join(" and ")} ${absent.length > 1 ? "have" : "has"} no active Digimon, so "${e.text}" cannot resolve: it misfires before its cost is met (Support Phase 5.2; FAQ "Costs vs Effects")`, { card, reason: "noActive" });
      }
      return;
    }
    if (access && t.answer === undefined) {
      const what = access.what.toLowerCase();
      const shown = g.zone(me, "hand").find((id) => id !== card && (typesOf(g, id).some((ty) => ty.toLowerCase() === what) || def(g, id).stats.name.toLowerCase() === what || def(g, id).stats.kind.toLowerCase() === what));
      if (shown === undefined) {
        g.logger?.emit("misfire", me, `${ownedCard(g, card)}: no ${access.what} card in hand to reveal, so "${e.text}" misfires (Glossary "Access")`, { card });
        return;
      }
      g.logger?.emit("reveal", me, `${who(g, me)} reveals ${nameOf(g, shown)} from the hand for Access [${access.what}] (Glossary "Access")`, { cards: [shown] });
    }
    if (costs.length && t.answer === undefined) {
      const must = costs.every((c) => c.kind === "action" && c.must);
      if (!must) {
        g.ask(me, "payCost", `${cardName(g, card)}: meet the cost of "${e.text}"?`, [{ label: "No", value: false }, { label: "Yes", value: true }], 1, 1, t);
        return;
      }
    }
    if (costs.length && t.answer !== undefined && t.answer[0] === 0) {
      g.set(g.state.vars, "useFailed", true);
      g.logger?.emit("misfire", me, `${ownedCard(g, card)}: the cost is not met, so "${e.text}" misfires (FAQ "Costs vs Effects")`, { card });
      return;
    }
    // The body is pushed first: it runs after the cost (and is skipped when the cost failed).
    g.push({ t: "dbe.body", card, p: me, i: t.i as number, body: e.body as unknown as Json, top: true, text: e.text });
    if (costs.length) tryCost(g, card, me, costs.map((c) => (c as { action: Action }).action), e.text, { once });
  },
  /**
   * Pending triggered effects resolve between sentences, never inside a cost (FAQ
   * "Interrupting effects/triggers"). Simultaneous ones are ordered by their owner, or by
   * the turn player when they belong to both players (FAQ "Simultaneous Effects" 1–2).
   */
  "dbe.triggers"(g, t) {
    const pending = (g.state.vars.triggers as unknown as Pending[] | undefined) ?? [];
    if (pending.length === 0) return;
    // An "If not" sentence that triggered with its "If" resolves right after it, as one
    // effect (FAQ "Conditionals"; Anatomy of Cards item 14): they are ordered together.
    const groups: Pending[][] = [];
    for (const x of pending) {
      const e = def(g, x.card).effects[x.i] as Effect;
      const grp = e.otherwiseOf === null ? undefined : groups.find((gr) => gr[0]!.card === x.card && gr[0]!.p === x.p && gr.some((y) => y.i === e.otherwiseOf));
      if (grp) grp.push(x);
      else groups.push([x]);
    }
    for (const gr of groups) gr.sort((a, b) => a.i - b.i);
    if (groups.length > 1 && t.answer === undefined) {
      const owners = new Set(groups.map((gr) => gr[0]!.p));
      const chooser = owners.size > 1 ? g.state.turnPlayer : groups[0]![0]!.p;
      const label = (gr: Pending[]) => `${cardName(g, gr[0]!.card)}: ${gr.map((x) => (def(g, x.card).effects[x.i] as Effect).text).join(" ")}`;
      g.ask(chooser, "orderEffects", "Order the simultaneous effects (FAQ \"Simultaneous Effects\")", groups.map((gr) => ({ label: label(gr), value: gr[0]!.card })), groups.length, groups.length, t, true);
      return;
    }
    const order = t.answer ? t.answer.map((k) => groups[k]!) : groups;
    g.set(g.state.vars, "triggers", []);
    const tasks: Task[] = [];
    for (const gr of order)
      for (const x of gr) tasks.push({ t: "dbe.effect", card: x.card, p: x.p, i: x.i, source: "trigger", ...(x.from ? { from: x.from } : {}) }, { t: "dbe.triggers" });
    g.push(...tasks);
  },
  /**
   * End of a cost (FAQ "Costs vs Effects"): fully met → kept (and a [1/Turn] recorded);
   * partly met after revealing hidden cards → kept but lost ("any costs partially met are
   * lost if they reveal new hidden information"; a Turbo card is then trashed); otherwise
   * rolled back. A failed cost misfires what follows it (`costFailed`, read once by the
   * next `dbe.body` or `dbe.turboPlay`) and is not offered again in the window.
   */
  "dbe.costEnd"(g, t) {
    const id = t.card as number;
    const me = t.p as PlayerIndex;
    if (g.state.vars.costShort !== true) {
      g.commit(t.mark as number);
      if (t.once === true) g.set(g.card(id).vars, "usedTurn", g.state.turn);
      dbeStateCheck(g); // a kept cost may have lowered HP to 0 (ko.ts)
      return;
    }
    if (g.state.vars.costRevealed === true) {
      g.commit(t.mark as number);
      if (t.lostToTrash === true) g.move(id, me, "trash");
      g.logger?.emit("misfire", me, `${ownedCard(g, id)}: the cost is only partly met and revealed hidden cards, which stay where they went; "${t.text as string}" misfires (FAQ "Costs vs Effects")`, { card: id });
    } else {
      g.rollback(t.mark as number);
      g.logger?.emit("misfire", me, `${ownedCard(g, id)}: the cost cannot be completed and is taken back; "${t.text as string}" misfires (FAQ "Costs vs Effects")`, { card: id });
    }
    g.set(g.state.vars, "costFailed", true);
    g.set(g.state.vars, "useFailed", true);
    dbeStateCheck(g); // what a partly met cost revealed stays, and so does its effect on HP
  },
  /** A body: a sequence of actions, or an "If" with its optional "If not". */
  "dbe.body"(g, t) {
    if (t.top && g.state.vars.costFailed === true) {
      g.set(g.state.vars, "costFailed", false);
      return;
    }
    const b = t.body as unknown as Body;
    const card = t.card as number;
    const me = t.p as PlayerIndex;
    if (b.kind === "seq") {
      g.push(...b.actions.map((a) => ({ t: "dbe.act", card, p: me, a: a as unknown as Json })));
      return;
    }
    if (holds(g, b.cond, me, powerOf)) {
      g.push({ t: "dbe.body", card, p: me, body: b.then as unknown as Json });
    } else if (b.otherwise) {
      g.push({ t: "dbe.body", card, p: me, body: b.otherwise as unknown as Json });
    } else {
      if (t.top) {
        const failed = (g.card(card).vars.failedIf as number[] | undefined) ?? [];
        g.set(g.card(card).vars, "failedIf", [...failed, t.i as number]);
      }
      if (g.logger) {
        // An "If" reading the active Digimon of a player who has none is not met (`holds`).
        const absent = [...withoutActive(g, b.cond, me)].sort().map((p) => who(g, p));
        const why = absent.length ? `${absent.join(" and ")} ${absent.length > 1 ? "have" : "has"} no active Digimon, so the condition is not met and` : "the condition is not met, so";
        g.logger.emit("misfire", me, `${ownedCard(g, card)}: ${why} "${(t.text as string) ?? ""}" misfires (FAQ "Conditionals")`, { card });
      }
    }
  },
  /**
   * Recode X / Corrupt X (Glossary; FAQ "Cherrypicking Rules": no shuffle): `by` looks at the
   * top X of `owner`'s deck and chooses which stay on top and in which order (the first
   * chosen on top); the others go to the bottom in the order they had.
   */
  "dbe.reorder"(g, t) {
    const by = t.by as PlayerIndex;
    const owner = t.owner as PlayerIndex;
    const deck = g.zone(owner, "deck");
    const top = deck.slice(-(t.n as number)).reverse(); // top first
    if (top.length === 0) return;
    if (t.answer === undefined) {
      g.ask(by, "chooseCards", `${t.what as string} ${top.length}: choose the cards to keep on top, the first on top (the others go to the bottom)`, cardOptions(g, top), 0, top.length, t, true);
      return;
    }
    const keep = t.answer.map((i) => top[i]!);
    const bottom = top.filter((id) => !keep.includes(id));
    for (const id of bottom) g.move(id, owner, "deck", "bottom");
    for (const id of [...keep].reverse()) g.move(id, owner, "deck", "top");
    g.logger?.emit(String(t.what).toLowerCase(), by, `${who(g, by)} ${t.what === "Recode" ? "recodes the top" : `corrupts the top`} ${countOf(top.length)} of ${by === owner ? "its own" : `${who(g, owner)}'s`} deck: ${keep.length ? `${cardsText(g, keep)} on top` : "none on top"}, ${bottom.length ? `${cardsText(g, bottom)} to the bottom` : "none to the bottom"} (Glossary "${t.what as string} X")`, { top: keep.length, bottom: bottom.length });
  },
  /** One action (IR `Action`), performed by its implementation in {@link ACTIONS}. */
  "dbe.act"(g, t) {
    const a = t.a as unknown as Action;
    const impl = ACTIONS[a.kind];
    if (!impl) throw new Error(`${cardName(g, t.card as number)}: action "${a.kind}" has no runtime implementation (refused at load time)`);
    impl(g, a as never, t.p as PlayerIndex, t);
    // KO is a state (ko.ts): an action that lowered HP to 0 or added the 4th flat KOs now —
    // a cost's action once the whole cost is kept or undone (dbe.costEnd).
    if (t.cost !== true) dbeStateCheck(g);
  },
};

/**
 * Try a cost (FAQ "Costs vs Effects": costs are conditions met by actions, never "paid"):
 * open a transaction, run `inside` in it (a Turbo card leaves the hand there, so it cannot
 * pay for itself), perform the cost actions, then `dbe.costEnd` keeps or rolls back.
 * @param o.once the sentence is [1/Turn]: recorded when the cost is met
 * @param o.lostToTrash a cost partly met that revealed hidden cards trashes this card (Turbo)
 */
export function tryCost(g: Game, card: number, p: PlayerIndex, actions: readonly Action[], text: string, o: { once?: boolean; inside?: () => void; lostToTrash?: boolean } = {}): void {
  const mark = g.begin();
  o.inside?.();
  g.set(g.state.vars, "costShort", false);
  g.set(g.state.vars, "costRevealed", false);
  g.push(...actions.map((a) => ({ t: "dbe.act", card, p, a: a as unknown as Json, cost: true })), { t: "dbe.costEnd", card, p, mark, text, once: o.once ?? false, lostToTrash: o.lostToTrash ?? false });
}

/** Mark the current cost as not completed (the cost transaction will roll back). */
function short(g: Game, t: Task): void {
  if (t.cost) g.set(g.state.vars, "costShort", true);
}

/** A cost moved cards out of a hidden zone (the deck): it cannot be taken back (FAQ "Costs vs Effects"). */
function revealed(g: Game, t: Task, n: number): void {
  if (t.cost && n > 0) g.set(g.state.vars, "costRevealed", true);
}

/** Record how many cards the last action moved ("same number": Amount previous). */
function moved(g: Game, n: number): void {
  g.set(g.state.vars, "previous", n);
}

/**
 * "Put any Digimon from own deck into DP" (003_7a740b8ec9103d40.txt, FAQ "Putting unknown
 * cards from a hidden zone into a visible zone": "if putting any Digimon from own deck into
 * DP, then no Digimon are present, follow the Cherrypicking rule and then shuffle the
 * deck"): player `me` chooses one card of the deck matching `filter` that has a +P (000's
 * POINT of the same FAQ: a card without +P cannot go into DP), reveals it (FAQ
 * "Cherrypicking Rules"), puts it into the DP zone and shuffles the deck. Reading: "any
 * Digimon" is one card, as "the top Digimon" is. None: the effect misfires (a cost is not
 * met) and the deck is still shuffled. Asks `chooseCards` (exactly 1 of the candidates).
 */
function putAnyFromDeck(g: Game, filter: CardFilter, me: PlayerIndex, t: Task): void {
  const cands = g.zone(me, "deck").filter((id) => matches(g, id, filter) && def(g, id).stats.plusP !== null);
  const rule = `003, FAQ "Putting unknown cards from a hidden zone into a visible zone"; FAQ "Cherrypicking Rules"`;
  if (cands.length === 0) {
    short(g, t);
    g.shuffle(me, "deck");
    g.logger?.emit("misfire", me, `${who(g, me)} has no matching card with +P in the deck to put into DP; the deck is shuffled (${rule})${because(g, t)}`);
    return;
  }
  if (t.answer === undefined) {
    g.ask(me, "chooseCards", "Put 1 card from the deck into DP", cardOptions(g, cands), 1, 1, t);
    return;
  }
  const id = cands[t.answer[0]!]!;
  const before = g.logger ? dpTotal(g, me) : 0;
  g.move(id, me, "dp");
  g.shuffle(me, "deck");
  revealed(g, t, 1);
  moved(g, 1);
  g.logger?.emit("putIntoDp", me, `${who(g, me)} reveals ${nameOf(g, id)} from the deck and puts it into the DP zone: DP ${before} → ${dpTotal(g, me)}; the deck is shuffled (${rule})${because(g, t)}`, { cards: [id] });
}

type Impl<K extends Action["kind"]> = (g: Game, a: Extract<Action, { kind: K }>, me: PlayerIndex, t: Task) => void;

/** The implementation of each supported action kind. Sources: `000_…` Glossary entries. */
export const ACTIONS: { [K in Action["kind"]]?: Impl<K> } = {
  /**
   * Glossary "Boost": raise current Power (lingering). A permanent evo-box bonus ("∞ Power
   * +100") is also kept on the active card that gave it, and End Phase 3 re-applies it while
   * that card is active (End Phase 3.4; permanent.ts).
   */
  boost(g, a, me, t) {
    const n = amount(g, a.amount, me, powerOf);
    for (const p of players(a.player, me)) {
      if (noActive(g, p, t, "there is no Power to boost", 'Glossary "Boost"')) continue;
      const s = P(g, p);
      const before = g.logger ? powerOf(g, p) : null;
      const slots = a.attack === null || a.attack === "all" ? ATTACK_SLOTS : [a.attack];
      const power = { ...s.power };
      for (const slot of slots) power[slot] = Math.max(0, power[slot] + n);
      g.set(s, "power", power);
      if (t.permanent === true) {
        const perm = { circle: 0, triangle: 0, cross: 0 };
        for (const slot of slots) perm[slot] += n;
        addPermanent(g, me, { to: p, power: perm });
      }
      raise(g, "powerChanged", p, "boosted");
      g.logger?.emit("boost", p, `${activeText(g, p)}: ${powerChange(before!, powerOf(g, p))}${because(g, t)}`, { amount: n });
    }
  },
  /**
   * Glossary "Recover": raise current HP ("semi-permanently"; no maximum: the printed HP is
   * where it starts, Anatomy of Cards item 9); a negative amount ("Lower own HP -100") lowers
   * it, never below 0 — an HP of 0 KOs the Digimon (ko.ts). Without an active Digimon there
   * is no HP: it misfires.
   */
  recover(g, a, me, t) {
    const n = amount(g, a.amount, me, powerOf);
    for (const p of players(a.player, me)) {
      if (noActive(g, p, t, n < 0 ? "there is no HP to lower" : "there is no HP to recover", 'Glossary "Recover"')) continue;
      if (n < 0 && !hpMayDrop(g, p, t)) continue;
      const before = P(g, p).hp;
      g.set(P(g, p), "hp", Math.max(0, before + n));
      g.logger?.emit("recover", p, `${activeText(g, p)}: HP ${before} → ${P(g, p).hp}${because(g, t)}`, { amount: n });
    }
  },
  /** "Own HP is 10", "Opponent's Power is 0": set a stat (HP or Power; a Power change raises "powerChanged"). */
  setStat(g, a, me, t) {
    const v = amount(g, a.value, me, powerOf);
    for (const p of players(a.target.player, me)) {
      if (noActive(g, p, t, `there is no ${a.target.stat === "hp" ? "HP" : "Power"} to set`, `Anatomy of Cards item ${a.target.stat === "hp" ? 9 : 10}`)) continue;
      if (a.target.stat === "hp" && v < P(g, p).hp && !hpMayDrop(g, p, t)) continue;
      setStatOf(g, p, a.target.stat, a.target.attack, () => v, t);
      // "When … Power is … changed in any way" (IR GameEvent powerChanged): setting it is a change.
      if (a.target.stat === "power") raise(g, "powerChanged", p, "any");
    }
  },
  /** "Double own Power", "Halve own HP": scale a stat, rounded down to tens. */
  scaleStat(g, a, me, t) {
    const f = amount(g, a.factor, me, powerOf);
    for (const p of players(a.target.player, me)) {
      if (noActive(g, p, t, `there is no ${a.target.stat === "hp" ? "HP" : "Power"} to change`, `Anatomy of Cards item ${a.target.stat === "hp" ? 9 : 10}`)) continue;
      if (a.target.stat === "hp" && f < 1 && !hpMayDrop(g, p, t)) continue;
      setStatOf(g, p, a.target.stat, a.target.attack, (x) => Math.floor((x * f) / 10) * 10, t);
      if (a.target.stat === "power") raise(g, "powerChanged", p, f === 2 ? "doubled" : "any");
    }
  },
  /**
   * Draw X (Glossary; Dark Draw into the Dark Area: FAQ "Dark Area", "This will activate
   * 'when drawing' effects"). A short deck draws what it can.
   */
  draw(g, a, me, t) {
    const n = amount(g, a.count, me, powerOf);
    let total = 0;
    for (const p of players(a.player, me)) {
      const ids: number[] | undefined = g.logger ? [] : undefined;
      const k = drawRaw(g, p, n, a.dark ? "darkArea" : "hand", ids);
      total += k;
      revealed(g, t, k);
      if (k < n) short(g, t);
      g.logger?.emit("draw", p, `${who(g, p)} ${a.dark ? "Dark draws" : "draws"} ${k ? cardsText(g, ids!) : "nothing (the deck is empty)"}${a.dark ? " into the Dark Area" : ""}${because(g, t)}`, { count: k });
      if (k > 0) raise(g, "draws", p);
    }
    moved(g, total);
  },
  /** "Draw until own hand is X": drawing, so it raises "draws" like Draw X. */
  drawUntil(g, a, me, t) {
    for (const p of players(a.player, me)) {
      const ids: number[] | undefined = g.logger ? [] : undefined;
      const k = drawRaw(g, p, Math.max(0, a.handSize - g.zone(p, "hand").length), "hand", ids);
      if (k > 0) {
        g.logger?.emit("draw", p, `${who(g, p)} draws ${cardsText(g, ids!)} (up to a hand of ${a.handSize})${because(g, t)}`, { count: k });
        raise(g, "draws", p);
      }
    }
  },
  /**
   * Discard (Glossary; FAQ "Player discards"): from the hand by default, the discarding
   * player chooses unless "Discard any" (the effect's owner chooses) or "randomly".
   * `count: null` discards the whole zone.
   */
  discard(g, a, me, t) {
    const targets = players(a.player, me);
    if (t.answer === undefined && t.target === undefined) {
      g.push(...targets.map((p) => ({ ...t, target: p })));
      return;
    }
    const p = t.target as PlayerIndex;
    const zone = a.zone === "dp" ? "dp" : "hand";
    const cards = g.zone(p, zone);
    const want = a.count === null ? cards.length : amount(g, a.count, me, powerOf);
    const n = Math.min(want, cards.length);
    if (n < want) short(g, t);
    let ids: number[];
    if (a.count === null || n === cards.length) ids = [...cards];
    else if (a.random) {
      const pool = [...cards];
      g.rng.shuffle(pool);
      ids = pool.slice(0, n);
    } else if (t.answer === undefined) {
      const chooser = a.ownerChooses ? me : p;
      g.ask(chooser, "chooseCards", `Discard ${n} from ${zone === "hand" ? "hand" : "DP"}`, cardOptions(g, cards), n, n, t);
      return;
    } else ids = t.answer.map((i) => cards[i]!);
    for (const id of ids) g.move(id, p, a.dark ? "darkArea" : "trash");
    moved(g, ids.length);
    // Glossary "Discard": "from the indicated player's hand to their trash zone"; a
    // discard from DP is not the "discards" a "When … discards" sentence waits for (FAQ
    // "Player discards": "'discards', this means from the hand"; docs/runtime.md "Events
    // raised by rules actions"). A Dark Discard is a discard (Glossary "Dark [action]").
    if (ids.length && zone === "hand") raise(g, "discards", p);
    g.logger?.emit("discard", p, `${who(g, p)} ${a.dark ? "Dark discards" : "discards"} ${ids.length ? cardsText(g, ids) : "nothing"} from the ${zone === "hand" ? "hand" : "DP zone"}${a.dark ? " into the Dark Area" : ""}${because(g, t)}`, { cards: ids });
  },
  /**
   * "Discard this" (a support or a card in hand), or "discard this active" (BR-130 Etemon's
   * "At End, if able, discard this active, then own HP is 10"): the card leaves the Active
   * Zone like any top card (the Digimon below becomes the active). Not where it could be
   * discarded from (no longer the top active), it misfires.
   */
  discardThis(g, _a, me, t) {
    const id = t.card as number;
    const c = g.card(id);
    if (c.zone === "support" || c.zone === "hand") {
      const from = c.zone;
      g.move(id, c.holder, "trash");
      g.logger?.emit("discard", c.holder, `${who(g, c.holder)} discards ${nameOf(g, id)} from the ${from === "hand" ? "hand" : "Support Zone"} into the trash${because(g, t)}`, { cards: [id] });
      // Glossary "Discard": from the hand it is a discard like any other.
      if (from === "hand") raise(g, "discards", c.holder);
    } else if (c.zone === "active" && activeOf(g, c.holder) === id) {
      leaveActive(g, c.holder, id);
      g.logger?.emit("discard", c.holder, `${who(g, c.holder)} discards ${nameOf(g, id)} from the Active Zone; ${activeOf(g, c.holder) === null ? "the Active Zone is empty" : `${activeText(g, c.holder)} is the active Digimon: HP ${P(g, c.holder).hp}, Power ${powerList(powerOf(g, c.holder))}`}${because(g, t)}`, { cards: [id] });
    } else {
      short(g, t);
      g.logger?.emit("misfire", me, `${ownedCard(g, id)} is not where it could be discarded from: it misfires${because(g, t)}`, { card: id });
    }
  },
  /** Trash X (Glossary): top X of the deck to the trash, one at a time. */
  trash(g, a, me, t) {
    const n = amount(g, a.count, me, powerOf);
    for (const p of players(a.player, me)) {
      const ids: number[] | undefined = g.logger ? [] : undefined;
      const k = moveTop(g, p, "deck", a.dark ? "darkArea" : "trash", n, ids);
      if (k < n) short(g, t);
      revealed(g, t, k);
      moved(g, k);
      g.logger?.emit("trash", p, `${who(g, p)} ${a.dark ? "Dark trashes" : "trashes"} ${k ? cardsText(g, ids!) : "nothing (the deck is empty)"} from the top of the deck${a.dark ? " into the Dark Area" : ""}${because(g, t)}`, { count: k });
    }
  },
  /** Recycle X (Glossary): top X of the trash to the top of the deck, no shuffle unless told. */
  recycle(g, a, me, t) {
    if (a.count === "any") {
      // Glossary "Recycle any": any card of the player's choice from the trash to the top of the deck.
      const p = players(a.player, me)[0]!;
      const tr = g.zone(p, "trash");
      if (tr.length === 0) {
        short(g, t);
        if (a.shuffle) g.shuffle(p, "deck");
        return;
      }
      if (t.answer === undefined) {
        g.ask(me, "chooseCards", "Recycle any: choose a card from the trash (Glossary \"Recycle any\")", cardOptions(g, tr), 1, 1, t);
        return;
      }
      const id = tr[t.answer[0]!]!;
      g.move(id, p, "deck");
      if (a.shuffle) g.shuffle(p, "deck");
      g.logger?.emit("recycle", p, `${who(g, p)} recycles ${nameOf(g, id)} from the trash to the top of the deck${a.shuffle ? " and shuffles it" : ""}${because(g, t)}`, { card: id });
      return;
    }
    for (const p of players(a.player, me)) {
      const n = a.count;
      const ids: number[] | undefined = g.logger ? [] : undefined;
      const k = moveTop(g, p, "trash", "deck", n, ids);
      if (k < n) short(g, t);
      if (a.shuffle) g.shuffle(p, "deck");
      g.logger?.emit("recycle", p, `${who(g, p)} recycles ${k ? cardsText(g, ids!) : "nothing"} from the trash to the top of the deck${a.shuffle ? " and shuffles it" : ""}${because(g, t)}`, { count: k });
    }
  },
  /** Recode X (Glossary): look at the top X of own deck, put any on the top or bottom in any order. */
  recode(g, a, me) {
    g.push(...players(a.player, me).map((p) => ({ t: "dbe.reorder", by: p, owner: p, n: a.count, what: "Recode" })));
  },
  /** Corrupt X (Glossary): the same with the top X of the opponent's deck, seen secretly. */
  corrupt(g, a, me) {
    g.push(...players(a.player, me).map((p) => ({ t: "dbe.reorder", by: me, owner: p, n: a.count, what: "Corrupt" })));
  },
  /** Static X (Glossary): delete the bottom X cards of the trash. */
  static(g, a, me, t) {
    for (const p of players(a.player, me)) {
      const ids: number[] | undefined = g.logger ? [] : undefined;
      const k = moveBottom(g, p, "trash", "deleted", a.count, ids);
      g.logger?.emit("static", p, `${k ? `${cardsText(g, ids!)}, the bottom of ${who(g, p)}'s trash, ${k === 1 ? "is" : "are"} deleted` : `${who(g, p)}'s trash is empty: nothing is deleted`}${because(g, t)}`, { count: k });
    }
  },
  /** Take (Glossary; FAQ "Cherrypicking Rules"): pick matching cards into the hand; shuffle a deck picked from. */
  take(g, a, me, t) {
    const p = players(a.player, me)[0]!;
    const zone = a.from;
    const cands = g.zone(p, zone).filter((id) => matches(g, id, a.filter));
    const n = Math.min(a.count, cands.length);
    if (n < a.count) short(g, t);
    if (n === 0) {
      if (zone === "deck") g.shuffle(p, "deck");
      g.logger?.emit("misfire", p, `${who(g, p)} has no matching card to take from the ${zoneName(zone)}${zone === "deck" ? "; the deck is shuffled" : ""}${because(g, t)}`);
      return;
    }
    if (t.answer === undefined && !a.random) {
      g.ask(me, "chooseCards", `Take ${n} from ${zone}`, cardOptions(g, cands), n, n, t);
      return;
    }
    const ids = a.random ? g.rng.shuffle([...cands]).slice(0, n) : t.answer!.map((i) => cands[i]!);
    for (const id of ids) g.move(id, p, a.dark ? "darkArea" : "hand");
    if (zone === "deck") g.shuffle(p, "deck");
    moved(g, ids.length);
    g.logger?.emit("take", p, `${who(g, p)} takes ${cardsText(g, ids)} from the ${zoneName(zone)} into the ${a.dark ? "Dark Area" : "hand"}, revealed${zone === "deck" ? ", and shuffles the deck" : ""} (FAQ "Cherrypicking Rules")${because(g, t)}`, { cards: ids });
  },
  /** Void (Glossary "Void"; Support Phase 5.1): nullify the opponent's support card or abilities. */
  void(g, a, me, t) {
    for (const p of players(a.player, me)) {
      const sup = g.zone(p, "support");
      if (a.target === "crossAbility" || a.target === "attackAbilities") {
        g.set(P(g, p), "prohibited", [...P(g, p).prohibited, a.target === "crossAbility" ? "crossAbilityVoided" : "attackAbilitiesVoided"]);
        g.logger?.emit("void", p, `${activeText(g, p)}'s ${a.target === "crossAbility" ? "Cross ability is" : "attack abilities are"} voided${because(g, t)}`);
        continue;
      }
      for (const id of sup) {
        const k = def(g, id).stats.kind;
        if (a.target === "digimonSupport" && k !== "Digimon") continue;
        if (a.target === "option" && k !== "Option") continue;
        voidCard(g, p, id, g.logger ? causeOf(g, t) : "");
      }
    }
  },
  /** Revive (Glossary): Set Revival with an amount of HP (10 by default). */
  revive(g, a, me, t) {
    for (const p of players(a.player, me)) {
      if (noActive(g, p, t, "there is no Digimon to set Revival on", 'Glossary "Revive"')) continue;
      g.set(P(g, p), "revival", amount(g, a.hp, me, powerOf) || 10);
      g.logger?.emit("revive", p, `${activeText(g, p)} sets Revival: if KO'd this turn it revives with ${P(g, p).revival} HP (Glossary "Revive")${because(g, t)}`);
    }
  },
  /**
   * Flatten (Glossary "Flatten / Flat"): add flat tokens in front of the active; a 4th KOs
   * it at once (item 2: the state check of ko.ts).
   */
  flatten(g, a, me, t) {
    for (const p of players(a.player, me)) {
      if (noActive(g, p, t, "there is no active to put a flat token in front of", 'Glossary "Flatten / Flat"')) continue;
      g.set(P(g, p), "flats", P(g, p).flats + a.count);
      g.logger?.emit("flat", p, `${activeText(g, p)} gets ${countOf(a.count, "flat token")}: ${countOf(P(g, p).flats, "flat token")} in all${because(g, t)}`);
    }
  },
  /** "Change own type to X" / "… to opponent's type": semi-permanent, kept on the card (End Phase 3.1). */
  changeType(g, a, me, t) {
    for (const p of players(a.player, me)) {
      const act = activeOf(g, p);
      if (act === null) continue;
      const ty = typeof a.type === "string" ? a.type : (() => {
        const src = activeOf(g, players(a.type.copyOf, me)[0]!);
        return src === null ? null : typesOf(g, src)[0] ?? null;
      })();
      if (ty) {
        g.set(g.card(act).vars, "type", ty);
        g.logger?.emit("changeType", p, `${ownedCard(g, act)}'s type is now ${ty} (End Phase 3.1: type changes stay)${because(g, t)}`, { card: act, type: ty });
      }
    }
  },
  /**
   * A name change: "Type-changes/gains as well as name changes are somewhat permanent. They
   * are treated as part of the Digimon card (not printed), not an effect once they resolve"
   * (End Phase 3.1). Kept on the active card (`vars.name`) until it leaves its zone — or, by
   * 003's End Phase 3.1 (type changes only), until End Phase 3 ends it with the other
   * lingering effects (features.ts `nameChangesStay`; end.ts). "Also counts as" names still
   * count (matching.ts `namesOf`).
   */
  changeName(g, a, me, t) {
    for (const p of players(a.player, me)) {
      const act = activeOf(g, p);
      if (act === null) {
        short(g, t); // nothing to rename: a cost built on it is not met
        continue;
      }
      g.set(g.card(act).vars, "name", a.name);
      g.logger?.emit("changeName", p, `${ownedCard(g, act)} is now named ${a.name} (${feature(g, "nameChangesStay") ? "End Phase 3.1: name changes stay" : "lingering until End Phase 3: 003, End Phase 3.1 keeps only type changes"})${because(g, t)}`, { card: act, name: a.name });
    }
  },
  /** Change the attack in use (lingering until End Phase 4). */
  useAttack(g, a, me, t) {
    for (const p of players(a.player, me)) {
      if (noActive(g, p, t, "it has no attack to change", "Anatomy of Cards item 10")) continue;
      g.set(P(g, p), "attack", a.attack);
      g.logger?.emit("useAttack", p, `${activeText(g, p)} now uses ${attackName(a.attack)}${because(g, t)}`, { attack: a.attack });
    }
  },
  /**
   * Gain an attack ability (lingering; Battle Phase 3). A Counter set by an Option cannot be
   * voided by Jamming (FAQ "Counter specifics" 3, Gold Banana) — a case 003 does not have:
   * there Jamming jams Cross supports "including Cross Counter" (FAQ "Jamming oddballs";
   * features.ts `counterTakesJamming`).
   */
  gainAbility(g, a, me, t) {
    const fromOption = def(g, t.card as number).stats.kind !== "Digimon";
    const unjammable = a.ability.kind === "counter" && fromOption && feature(g, "counterTakesJamming");
    for (const p of players(a.player, me)) {
      if (noActive(g, p, t, `it has no attack to give ${abilityName(a.ability)}`, "Attack Abilities")) continue;
      const s = P(g, p);
      const voidable = !unjammable;
      g.set(s, "gained", [...s.gained, { ability: a.ability, attack: a.attack, seq: nextSeq(g), voidable }]);
      g.logger?.emit("gainAbility", p, `${activeText(g, p)} gets ${abilityName(a.ability)}${a.attack ? ` on its ${attackName(a.attack)}` : ""}${voidable ? "" : " (Jamming cannot void it: FAQ \"Counter specifics\" 3)"}${because(g, t)}`, { ability: a.ability.kind });
    }
  },
  /**
   * Put a card into the DP zone: this card, Digimon from the top of the deck (FAQ "Top X
   * cards"), or one the player picks from the whole deck (003 FAQ "Putting unknown cards…").
   */
  putIntoDp(g, a, me, t) {
    if (a.what === "this") {
      const id = t.card as number;
      const before = g.logger ? dpTotal(g, g.card(id).owner) : 0;
      g.move(id, g.card(id).owner, "dp");
      g.logger?.emit("putIntoDp", g.card(id).owner, `${who(g, g.card(id).owner)} puts ${nameOf(g, id)} into the DP zone: DP ${before} → ${dpTotal(g, g.card(id).owner)}${because(g, t)}`, { cards: [id] });
      return;
    }
    if ("anyFromDeck" in a.what) {
      putAnyFromDeck(g, a.what.anyFromDeck, me, t);
      return;
    }
    const spec = a.what;
    const p = me;
    const deck = g.zone(p, "deck");
    const window = spec.among === null ? [...deck].reverse() : deck.slice(-spec.among).reverse();
    const hits = window.filter((id) => matches(g, id, spec.filter) && def(g, id).stats.plusP !== null);
    let chosen = hits.slice(0, spec.fromTop);
    // FAQ "How do you check for top X cards" Example 2: "Put 1 Digimon from the top 5" allows
    // any of the Digimon among the 5 (Example 1, "the top 1 Digimon", takes the first one).
    if (spec.among !== null && hits.length > spec.fromTop) {
      if (t.answer === undefined) {
        g.ask(me, "chooseCards", `Put ${spec.fromTop} into DP from the top ${spec.among} of the deck`, cardOptions(g, hits), spec.fromTop, spec.fromTop, t);
        return;
      }
      chosen = t.answer.map((i) => hits[i]!);
    }
    const before = g.logger ? dpTotal(g, p) : 0;
    for (const id of chosen) g.move(id, p, "dp");
    if (spec.among === null) g.shuffle(p, "deck");
    g.logger?.emit("putIntoDp", p, `${who(g, p)} puts ${chosen.length ? cardsText(g, chosen) : "no card"} from the deck into the DP zone: DP ${before} → ${dpTotal(g, p)}${spec.among === null ? "; the deck is shuffled" : ""}${because(g, t)}`, { cards: chosen });
  },
  returnHandToDeck(g, a, me, t) {
    for (const p of players(a.player, me)) {
      const hand = [...g.zone(p, "hand")];
      for (const id of hand) g.move(id, p, "deck");
      if (a.shuffle) g.shuffle(p, "deck");
      g.logger?.emit("returnHand", p, `${who(g, p)} returns the hand (${cardsText(g, hand)}) to the deck${a.shuffle ? " and shuffles it" : ""}${because(g, t)}`, { cards: hand });
    }
  },
  shuffle(g, a, me, t) {
    for (const p of players(a.player, me)) {
      g.shuffle(p, "deck");
      g.logger?.emit("shuffle", p, `${who(g, p)} shuffles the deck${because(g, t)}`);
    }
  },
  /**
   * Reveal (Glossary "Reveal"; FAQ "Cherrypicking Rules"): the hand, or the top X of the
   * deck, which stay in place; "from the cards shown" then picks among them (Matrix Evolve).
   */
  reveal(g, a, me, t) {
    for (const p of players(a.player, me)) {
      if (a.what === "topOfDeck") {
        const n = a.count ?? 1;
        const top = g.zone(p, "deck").slice(-n).reverse();
        g.set(g.state.vars, "revealed", top);
        g.logger?.emit("reveal", p, `${who(g, p)} reveals the top ${countOf(top.length)} of the deck: ${cardsText(g, top)}${because(g, t)}`, { cards: top });
      } else {
        // FAQ "When is something a hidden zone?" (Redotamamon): the hand stays open until the End Phase.
        g.set(P(g, p), "handOpen", true);
        g.logger?.emit("reveal", p, `${who(g, p)} reveals the hand (${cardsText(g, g.zone(p, "hand"))}); it stays open until the End Phase${because(g, t)}`, { cards: [...g.zone(p, "hand")] });
      }
    }
  },
  /** "Ignore DP/type/level" (Evolution Phase 4.7): requirements of the evolution in progress. */
  ignore(g, a) {
    const ctx = evoContext(g);
    if (ctx) updateContext(g, { ignore: [...ctx.ignore, ...a.what] });
  },
  /** "Enables …" (Evolution Phase 4.14). */
  enables(g, a) {
    const ctx = evoContext(g);
    if (ctx) updateContext(g, { enables: [...ctx.enables, typeof a.what === "string" ? a.what : `${a.what.from}>${a.what.to}`] });
  },
  /** "Requires DP" (Evolution Phase 4.15): the Future's DP cost must be met. */
  requireDp(g) {
    if (evoContext(g)) updateContext(g, { requireDp: true });
  },
  /** "Do not use with <Level>": enforced when the card is offered and on the Future (evolution.ts `usable`, `meets`). */
  restrictUse() {},
  /** "DP -X0" on an evolution (Evolution Phase 4.8). */
  dpCost(g, a) {
    const ctx = evoContext(g);
    if (ctx) updateContext(g, { dpChange: ctx.dpChange + a.change });
  },
  /** "Counts as a DNA material": read when DNA materials are matched (Evolution Phase 5.2.3.1). */
  countsAsDnaMaterial() {},
  /**
   * Evolution Phase POINT "activate an evo-bonus": "This activates all evo-bonuses in the box
   * and counts as if the active's name was one in the future's box. Permanent effects can be
   * activated but only once ever, they do not stack. Non-permanent effects stack! Draw or
   * discount your DP costs as much as you can." During the turn player's evolution, before
   * the future is placed (an EVOLVE card, 5.3.1–5.3.4), it is the future's box: the
   * activation is counted in the evolution context, lowers the future's cost by its "DP -X0"
   * entries and applies its bonuses when it is placed (evolution.ts). Otherwise it is own
   * active Digimon's box, whose bonuses run before the rest of the sentence (turn.ts
   * `bonusTasks`); its "DP -X0" entries have nothing to lower then. DNA is never a bonus
   * (Anatomy item 2.4).
   */
  activateEvoBonus(g, _a, me, _t) {
    const ctx = evoContext(g);
    if (ctx !== null && !ctx.done && me === g.state.turnPlayer) {
      updateContext(g, { bonusesActivated: ctx.bonusesActivated + 1 });
      g.logger?.emit("evoBonus", me, `${who(g, me)} activates the evo-bonuses of the Future (Evolution Phase POINT "activate an evo-bonus")${because(g, _t)}`);
      return;
    }
    const a = activeOf(g, me);
    if (a === null) return;
    g.push(...bonusTasks(g, me, a, () => true, `activated: Evolution Phase POINT "activate an evo-bonus"`));
  },
  /**
   * Effect evolution ("Effect Evolution"; Glossary "as evolved"): evolve to a card matching
   * the filter from a zone, chosen by the controller; no candidate → the effect misfires
   * (FAQ "Conditionals": Biyomon's failed evolution does not enable its "If not"). Where the
   * rules make every evolution the turn's one evolution (003, Evolution Phase 5.2: "Evolve
   * only once per turn, regardless of effects from cards"; features.ts
   * `effectEvolutionIsTheEvolution`), a player who has evolved this turn cannot: it misfires.
   */
  evolve(g, a, me, t) {
    if (t.answer === undefined && P(g, me).evolved && evolutionCounts(g, a.asEvolved)) {
      short(g, t);
      g.logger?.emit("misfire", me, `${who(g, me)} has already evolved this turn: the evolution misfires (003, Evolution Phase 5.2: "Evolve only once per turn, regardless of effects from cards")${because(g, t)}`);
      return;
    }
    const cands = evolveCandidates(g, me, a.to, a.from);
    if (cands.length === 0) {
      short(g, t);
      g.logger?.emit("misfire", me, `${who(g, me)} has no card to evolve to: the evolution misfires (Effect Evolution)${because(g, t)}`);
      return;
    }
    if (t.answer === undefined) {
      g.ask(me, "chooseCards", `Evolve to (${a.asEvolved ? "as evolved" : "Effect Evolution"})`, cardOptions(g, cands), 1, 1, t);
      return;
    }
    effectEvolve(g, me, cands[t.answer[0]!]!, a.asEvolved);
  },
  /**
   * Delete (Glossary "Delete"): this card, or the top card of the trash; Super Tag's
   * "delete this card instead of discarding all own DP" is done at Evolution Phase 5.3.10.
   */
  delete(g, a, me, t) {
    const id = t.card as number;
    if (a.insteadOfDiscardingDp) {
      if (evoContext(g)) updateContext(g, { deleteInstead: id });
      return;
    }
    if (a.what === "this") {
      g.move(id, g.card(id).holder, "deleted");
      g.logger?.emit("delete", me, `${ownedCard(g, id)} is deleted (Glossary "Delete")${because(g, t)}`, { card: id });
    } else if (a.what === "active") {
      // Glossary "Delete": the active Digimon is removed from the game (not a KO: no KO points).
      for (const p of players(a.player, me)) {
        const top = activeOf(g, p);
        if (top === null) {
          short(g, t);
          continue;
        }
        leaveActive(g, p, top, "deleted");
        g.logger?.emit("delete", p, `${ownedCard(g, top)}, the active Digimon, is deleted (Glossary "Delete"; not a KO)${because(g, t)}`, { card: top });
      }
    } else if (a.what === "topOfTrash") {
      for (const p of players(a.player, me)) {
        const tr = g.zone(p, "trash");
        if (!tr.length) continue;
        const top = tr.at(-1)!;
        g.move(top, p, "deleted");
        g.logger?.emit("delete", p, `${ownedCard(g, top)}, the top card of the trash, is deleted (Glossary "Delete")${because(g, t)}`, { card: top });
      }
    }
  },
  /**
   * DP gained or lost beyond the +P of the DP zone (Evolution Phase 5.1.2.5). A permanent
   * ("∞ Opponent's DP -10") evo-box bonus is kept on the active card that gave it and counts
   * while that card is active (End Phase 3.4; permanent.ts): model.ts `dpTotal`.
   */
  changeDp(g, a, me, t) {
    for (const p of players(a.player, me)) {
      const before = g.logger ? dpTotal(g, p) : 0;
      if (t.permanent === true) addPermanent(g, me, { to: p, dp: a.amount });
      else g.set(P(g, p), "dpExtra", P(g, p).dpExtra + a.amount);
      g.logger?.emit("changeDp", p, `${who(g, p)}: DP ${before} → ${dpTotal(g, p)}${dpTotal(g, p) < 0 ? " (DP may be negative: Evolution Phase 4.8)" : ""}${because(g, t)}`, { amount: a.amount });
    }
  },
  /**
   * Attach (Glossary "Attach"; FAQ "Attachment conditions"): "this" card to the active of
   * the player in scope when it meets the conditions; or a card matching a filter from a
   * zone, which must itself be attachable there (its own scope and conditions: Tyrannomon
   * cannot attach Vademon, whose scope is "opponent", to its own Digimon).
   */
  attach(g, a, me, t) {
    const target = players(a.to, me)[0]!;
    const act = activeOf(g, target);
    if (a.card === "this") {
      const id = t.card as number;
      if (act === null || (a.toFilter !== null && !matches(g, act, a.toFilter))) {
        short(g, t);
        g.logger?.emit("misfire", me, `${ownedCard(g, id)} cannot be attached: ${act === null ? "there is no active Digimon" : "the active does not meet its conditions"} (Glossary "Attach")`);
        return;
      }
      attachCard(g, id, target);
      return;
    }
    const filter = a.card;
    const from = a.from ?? "hand";
    const cands = g.zone(me, from).filter((id) => matches(g, id, filter) && canAttach(g, id, me, target) && (a.toFilter === null || (act !== null && matches(g, act, a.toFilter))));
    if (cands.length === 0) {
      short(g, t);
      if (from === "deck") g.shuffle(me, "deck");
      g.logger?.emit("misfire", me, `${ownedCard(g, t.card as number)}: no card can be attached (FAQ "Attachment conditions")${because(g, t)}`);
      return;
    }
    if (t.answer === undefined) {
      g.ask(me, "chooseCards", `Attach a card from the ${from}`, cardOptions(g, cands), 1, 1, t);
      return;
    }
    attachCard(g, cands[t.answer[0]!]!, target);
    if (from === "deck") g.shuffle(me, "deck");
  },
  /**
   * "Put all your DP below this card" (BIT-052 Immortalize): the DP cards go under it and
   * still count as DP. "Put this below own active" (DBE-R01 Kamemon): the card enters the
   * Active Zone under the active, and Abnormal is checked again — by the number of cards under
   * it (000, Glossary "Abnormal") or by the evolution line (003, FAQ "Cards Placed Under
   * Digimon"; features.ts `abnormalByEvolutionLine`).
   */
  putUnder(g, a, me, t) {
    const id = t.card as number;
    if (a.what === "this") {
      // "Put this below own active" (DBE-R01 Kamemon): the card enters the Active Zone under
      // the active. Glossary "Abnormal": "If a card enters the active zone except on top
      // (example: Kamemon), check if the zone now has enough cards under the active to
      // remove abnormal status": R 0, C 1, U 2, M 3.
      const top = activeOf(g, me);
      if (top === null) {
        short(g, t);
        g.logger?.emit("misfire", me, `${ownedCard(g, id)}: there is no active Digimon to put it below${because(g, t)}`);
        return;
      }
      g.move(id, me, "active", g.zone(me, "active").length - 1);
      if (feature(g, "abnormalByEvolutionLine")) {
        // 003, FAQ "Cards Placed Under Digimon": the evolution line decides, either way
        // (features.ts `abnormalByEvolutionLine`).
        g.logger?.emit("putUnder", me, `${who(g, me)} puts ${nameOf(g, id)} below the active ${nameOf(g, top)}${because(g, t)}`, { card: id });
        recheckAbnormal(g, me);
        return;
      }
      const s = P(g, me);
      const under = g.zone(me, "active").length - 1;
      if (s.abnormal && under >= LEVEL_ORDER[def(g, top).stats.level ?? "R"]) {
        g.set(s, "abnormal", false);
        g.logger?.emit("abnormal", me, `${ownedCard(g, top)} has ${countOf(under)} under it and is no longer Abnormal (Glossary "Abnormal")`);
      }
      g.logger?.emit("putUnder", me, `${who(g, me)} puts ${nameOf(g, id)} below the active ${nameOf(g, top)}${because(g, t)}`, { card: id });
      return;
    }
    const ids = a.what === "allDp" ? [...g.zone(me, "dp")] : [];
    for (const x of ids) {
      g.move(x, g.card(id).owner, "under"); // the owner's `under` pile (model.ts cardsUnder)
      g.set(g.card(x).vars, "under", id);
    }
    g.logger?.emit("putUnder", me, ids.length ? `${who(g, me)} puts the DP cards ${cardsText(g, ids)} below ${nameOf(g, id)}, where they still count as DP (Evolution Phase 5.3.3.7)${because(g, t)}` : `${who(g, me)} has no DP card to put below ${nameOf(g, id)}${because(g, t)}`, { cards: ids });
  },
  /**
   * "Pay X DP" (FAQ "Paying DP"): "simply reduce the DP amount being tracked by that card as
   * if it were a normal cost" — no card is discarded ("You would not discard any of the cards
   * it kept underneath!"). "From this" (BIT-052 Immortalize): the DP this card tracks (the +P
   * of the cards below it, less what was paid: model.ts `trackedDp`); otherwise the player's
   * DP total. Short when there is less than X ("When it has 0 DP, the costs can't be used").
   */
  payDp(g, a, me, t) {
    const id = t.card as number;
    // 003, FAQ "Paying DP": "the full amount must be paid by trashing the card from the DP
    // zone. Any remainder is lost" (features.ts `payDpTrashesCards`).
    if (a.from !== "this" && feature(g, "payDpTrashesCards")) {
      payDpWithCards(g, a.amount, me, t);
      return;
    }
    const have = a.from === "this" ? trackedDp(g, id) : dpTotal(g, me);
    if (have < a.amount) {
      short(g, t);
      g.logger?.emit("misfire", me, `${who(g, me)} cannot pay ${a.amount} DP: only ${have} DP ${a.from === "this" ? `tracked by ${nameOf(g, id)}` : "in all"} (FAQ "Paying DP")${because(g, t)}`);
      return;
    }
    if (a.from === "this") g.set(g.card(id).vars, "dpPaid", ((g.card(id).vars.dpPaid as number | undefined) ?? 0) + a.amount);
    else g.set(P(g, me), "dpExtra", P(g, me).dpExtra - a.amount);
    g.logger?.emit("payDp", me, `${who(g, me)} pays ${a.amount} DP ${a.from === "this" ? `tracked by ${nameOf(g, id)}` : "of own DP"}: DP ${have} → ${have - a.amount} (FAQ "Paying DP")${because(g, t)}`);
  },
  /**
   * Downgrade (Evolution Phase 4.13: "Evolution in reverse Level order … ignores DP"): the
   * top Digimon of the stack leaves (to the trash; deleted if it came from the Destiny Zone)
   * and the Digimon below, lower by the given number of levels, becomes the active "as
   * evolved" (stats reset). Reading: the lower Digimon is the one already in the stack;
   * with none the effect misfires.
   */
  downgrade(g, a, me, t) {
    for (const p of players(a.player, me)) {
      const stack = g.zone(p, "active");
      const top = stack.at(-1);
      const below = stack.at(-2);
      const lt = top === undefined ? null : def(g, top).stats.level;
      const lb = below === undefined ? null : def(g, below).stats.level;
      if (top === undefined || below === undefined || lt === null || lb === null || LEVEL_ORDER[lt] - LEVEL_ORDER[lb] !== a.levels) {
        short(g, t);
        g.logger?.emit("misfire", p, `${activeText(g, p)} has no Digimon ${countOf(a.levels, "level")} lower below it: Downgrade misfires${because(g, t)}`);
        continue;
      }
      leaveActive(g, p, top);
      g.logger?.emit("downgrade", p, `${ownedCard(g, top)} is downgraded: it goes into the trash and ${nameOf(g, below)} is the active Digimon: HP ${P(g, p).hp}, Power ${powerList(powerOf(g, p))} (Evolution Phase 4.13)${because(g, t)}`, { from: top, to: below });
    }
  },
  /** Swap own type with opponent's type (Glossary "Type"; type changes are semi-permanent: End Phase 3.1). */
  swapStat(g, a, me, t) {
    const x = activeOf(g, me);
    const y = activeOf(g, other(me));
    if (x === null || y === null) return;
    if (a.stat === "type") {
      const tx = typesOf(g, x);
      const ty = typesOf(g, y);
      g.set(g.card(x).vars, "types", [...ty]);
      g.set(g.card(y).vars, "types", [...tx]);
      g.logger?.emit("changeType", me, `${ownedCard(g, x)} and ${ownedCard(g, y)} swap types: ${tx.join("/")} ↔ ${ty.join("/")}${because(g, t)}`);
    } else {
      const hx = P(g, me).hp;
      const hy = P(g, other(me)).hp;
      g.set(P(g, me), "hp", hy);
      g.set(P(g, other(me)), "hp", hx);
      g.logger?.emit("swapHp", me, `${ownedCard(g, x)} and ${ownedCard(g, y)} swap HP: ${ownedCard(g, x)} HP ${hx} → ${hy}, ${ownedCard(g, y)} HP ${hy} → ${hx}${because(g, t)}`);
    }
  },
  /** "(Also counts as [Name].)": read wherever names are matched (`namesOf`). */
  alsoCountsAs() {},
  /** "(Also [Type].)" (003 Glossary "Also [Type]"): a fact of the card, read by matching.ts `typesOf` (facts.ts); nothing to do. */
  alsoType() {},
  /** Flip (Glossary "Flip"): the card turns to its other side (its definition changes). */
  flip(g, a, me, t) {
    const id = a.what === "this" ? (t.card as number) : activeOf(g, me);
    if (id === null) return;
    const c = g.card(id);
    const st = def(g, id).stats;
    if (!st.flip) return;
    const otherSide = `${st.setNumber}/${st.flip.side === "Star" ? "Moon" : "Star"}`;
    if (g.db.get(otherSide) === undefined) return;
    g.set(c, "def", otherSide);
    g.logger?.emit("flip", me, `${playerName(c.owner)} ${st.name} flips to its ${otherSide.split("/")[1]} side: ${def(g, id).stats.name} (Glossary "Flip")`);
  },
  /** A lingering restriction ("cannot …"), lifted at End Phase 3. */
  prohibit(g, a, me, t) {
    const what = a.bySupports ? `${a.what}:bySupports` : a.what;
    for (const p of players(a.player, me)) {
      // A permanent ("∞") evo-box restriction is kept on the active card that gave it, in
      // force while that card is active (permanent.ts); any other is lingering (End Phase 3).
      if (t.permanent === true) addPermanent(g, me, { to: p, restriction: what });
      else g.set(P(g, p), "prohibited", [...P(g, p).prohibited, what]);
      g.logger?.emit("prohibit", p, `${who(g, p)} cannot ${prohibitionName(what)}${a.exceptByAttack ? " except by an attack" : ""} ${t.permanent === true ? "while this active stays (permanent)" : "this turn"}${because(g, t)}`, { what });
    }
  },
};

/**
 * "Pay X DP" by 003's FAQ "Paying DP": "the full amount must be paid by trashing the card
 * from the DP zone. Any remainder is lost." The payer trashes DP-zone cards one at a time,
 * choosing each, until their +P reaches X; the +P beyond X is lost. Only cards pay (reading
 * of "by trashing the card"): DP gained by effects does not. With less +P in the DP zone
 * than X nothing is trashed and the payment is short (a cost built on it is not met). The
 * action task carries what is paid so far (`t.paid`) from one choice to the next.
 */
function payDpWithCards(g: Game, amount: number, me: PlayerIndex, t: Task): void {
  const rule = `003, FAQ "Paying DP"`;
  let paid = (t.paid as number | undefined) ?? 0;
  if (t.answer !== undefined) {
    const id = dpCards(g, me)[t.answer[0]!]!;
    const before = g.logger ? dpTotal(g, me) : 0;
    g.move(id, me, "trash");
    paid += def(g, id).stats.plusP ?? 0;
    g.logger?.emit("payDp", me, `${who(g, me)} trashes ${nameOf(g, id)} from the DP zone to pay DP (${paid} of ${amount}${paid > amount ? `; the ${paid - amount} beyond is lost` : ""}): DP ${before} → ${dpTotal(g, me)} (${rule})${because(g, t)}`, { card: id, paid });
  } else if (paid === 0) {
    let have = 0;
    for (const id of dpCards(g, me)) have += def(g, id).stats.plusP ?? 0;
    if (have < amount) {
      short(g, t);
      g.logger?.emit("misfire", me, `${who(g, me)} cannot pay ${amount} DP: the DP zone's cards give only ${have} (${rule})${because(g, t)}`);
      return;
    }
  }
  if (paid >= amount) return;
  if (t.answer !== undefined) {
    // The next card is a new choice: the same action, with what is paid so far.
    const next: Task = { ...t, paid };
    delete next.answer;
    g.push(next);
    return;
  }
  g.ask(me, "chooseCards", `Pay ${amount - paid} more DP: trash a card from the DP zone (${rule})`, cardOptions(g, dpCards(g, me)), 1, 1, t);
}

/** The cards of player `p`'s DP zone that have +P (what can pay DP: 003, FAQ "Paying DP"). */
function dpCards(g: Game, p: PlayerIndex): number[] {
  return g.zone(p, "dp").filter((id) => (def(g, id).stats.plusP ?? 0) > 0);
}

/**
 * Set or scale player `p`'s HP or Power with `f` (never below 0): HP is stored as it is;
 * Power works on the current Power (continuous effects included) and stores the result less
 * the continuous part (continuous.ts). `t` is the action task, for the log's cause.
 */
function setStatOf(g: Game, p: PlayerIndex, st: "hp" | "power", attack: AttackSlot | "all" | null, f: (x: number) => number, t: Task): void {
  const s = P(g, p);
  if (st === "hp") {
    const before = s.hp;
    g.set(s, "hp", Math.max(0, f(s.hp)));
    g.logger?.emit("setHp", p, `${activeText(g, p)}: HP ${before} → ${s.hp}${because(g, t)}`);
    return;
  }
  // Doubling, halving or setting works on the current Power (continuous effects included);
  // what is stored is the result less the continuous part (continuous.ts).
  const slots = attack === null || attack === "all" ? ATTACK_SLOTS : [attack];
  const extra = continuousFor(g, p).power;
  const current = withContinuous(s.power, extra);
  const power = { ...s.power };
  for (const slot of slots) power[slot] = Math.max(0, f(current[slot])) - extra[slot];
  g.set(s, "power", power);
  g.logger?.emit("setPower", p, `${activeText(g, p)}: ${powerChange(current, withContinuous(power, extra))}${because(g, t)}`);
}

/**
 * Whether an effect may lower player `p`'s HP now. A cost always may — unless "(costs are
 * 0)" makes the HP cost nothing, in which case it is met without lowering (FAQ "Effects
 * that exempt you from costs"): the HP stays and the cost counts as completed.
 */
function hpMayDrop(g: Game, p: PlayerIndex, t: Task): boolean {
  if (t.cost) return !continuousFor(g, p).costsAre0;
  const fromSupport = g.card(t.card as number).zone === "support";
  const ok = mayLowerHp(g, p, fromSupport);
  if (!ok) g.logger?.emit("prevented", p, `${activeText(g, p)}'s HP cannot be lowered by ${fromSupport ? "this support" : "this effect"}: a restriction is in force${because(g, t)}`);
  return ok;
}

/**
 * The top card leaves the Active Zone: the card below (if any) becomes the active with its
 * printed stats ("as evolved"); with none the zone is empty until the next Prep Phase 4.
 * A card from the Destiny Zone or a used ACTIVATE card is deleted (Glossary "Delete"). The
 * new active keeps the Abnormal status (000) or has it checked by its evolution line (003,
 * FAQ "Cards Placed Under Digimon": "when cards in the active zone are trashed or deleted";
 * features.ts `abnormalByEvolutionLine`).
 */
export function leaveActive(g: Game, p: PlayerIndex, top: number, to: "trash" | "deleted" = "trash"): void {
  const c = g.card(top);
  const deleted = to === "deleted" || c.vars.fromDestiny === true || c.vars.activated === true || def(g, top).stats.level === "M";
  g.move(top, c.owner, deleted ? "deleted" : "trash");
  if (activeOf(g, p) === null) {
    discardAttachmentsOf(g, p, "the Active Zone is empty");
    g.set(P(g, p), "flats", 0);
  }
  // 003, FAQ "Cards Placed Under Digimon": "This also occurs when cards in the active zone are
  // trashed or deleted" (features.ts `abnormalByEvolutionLine`; 000 keeps the status).
  if (feature(g, "abnormalByEvolutionLine")) recheckAbnormal(g, p);
  resetActiveStats(g, p);
}

/**
 * 003, FAQ "Cards Placed Under Digimon": after a card is placed under the active, or a card
 * of the Active Zone is trashed or deleted, the active is Normal exactly when it is a fully
 * valid evolution of the card below it (turn.ts `abnormalByLine`) — so it "may become
 * abnormal even if it is a new Digimon". The stats are not reset here (as 000's Glossary
 * "Abnormal" check does not reset them): the status decides the next reset.
 */
function recheckAbnormal(g: Game, p: PlayerIndex): void {
  const top = activeOf(g, p);
  if (top === null) return;
  const now = abnormalByLine(g, p);
  if (now === P(g, p).abnormal) return;
  g.set(P(g, p), "abnormal", now);
  g.logger?.emit("abnormal", p, `${ownedCard(g, top)} is ${now ? "now Abnormal: it is not" : "no longer Abnormal: it is"} a fully valid evolution of the card below it (003, FAQ "Cards Placed Under Digimon")`, { abnormal: now });
}

/** Void a support card: none of its effects resolve (Glossary "Void"; Support Phase 5.1). */
export function voidCard(g: Game, p: PlayerIndex, id: number, why: string): void {
  const s = P(g, p);
  if (s.voidedCards.includes(id)) return;
  // "Supports cannot be voided" (FAQ "Permanents in Evolution Boxes": "Supports Unvoidable").
  if (prohibits(g, p, "beVoided")) {
    g.logger?.emit("voidRefused", p, `${ownedCard(g, id)} cannot be voided: ${who(g, p)}'s supports cannot be voided${why ? ` (${why})` : ""}`, { card: id });
    return;
  }
  g.set(s, "voidedCards", [...s.voidedCards, id]);
  g.logger?.emit("void", p, `${who(g, p)}'s support ${nameOf(g, id)} is voided${why ? ` (${why})` : ""}`, { card: id });
}
