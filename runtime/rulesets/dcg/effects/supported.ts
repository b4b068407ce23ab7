/**
 * Which cards this effect model can play (issue 14 "Cards the runtime cannot perform yet are
 * refused at load with the card and the construct named, as for DBE"): {@link dcgUnsupported}
 * walks a compiled card's effects and names every construct the interpreter does not perform
 * yet; {@link checkDcgLoadable} refuses a deck containing such a card, as DBE's
 * `checkLoadable` does (`runtime/rulesets/dbe/loadable.ts`), so that no card is played with part
 * of its text silently skipped.
 */
import type { CardDb } from "../../../core/engine.ts";
import type { DcgArg, DcgClause, DcgCondition, DcgEffect, DcgEvent, DcgFilter, DcgKeywordName, DcgLead, DcgSelector, DcgSentence, DcgStep, DcgValue, DcgVerb } from "../../../lang/dcg/ir.ts";
import type { DcgCard } from "../model.ts";
import type { DcgSeat } from "../setup.ts";
import { classify, WHEN_EVENTS, type UnitInfo } from "./units.ts";

/** Clause verbs the one-shot steps perform (`steps.ts`). */
const STEP_VERBS: ReadonlySet<DcgVerb> = new Set<DcgVerb>(["dnaDigivolve", "play", "delete", "gainMemory", "loseMemory", "setMemory", "trash", "add", "return", "place", "get", "give", "change", "gain", "suspend", "unsuspend", "reveal", "look", "search", "choose", "activate", "use", "digivolve", "treatAs", "pay", "prevent", "switchTarget", "hatch", "shuffle", "move", "makeUnblockable"]);

/** Verbs a one-shot "can …" may perform as an optional action ("this Digimon can digivolve into …", "you can play …"). */
const PERMITTED_VERBS: ReadonlySet<DcgVerb> = new Set<DcgVerb>(["digivolve", "play", "unsuspend", "suspend", "use", "attack", "place", "add", "return", "trash"]);

/** Verbs a prohibition ("can't …", a lasting or continuous restriction) may name (`continuous.ts` `clauseForbids`; "isn't affected by …": `immunity.ts`, 002 §13-5). */
const RESTRICTED_VERBS: ReadonlySet<DcgVerb> = new Set<DcgVerb>(["attack", "block", "unsuspend", "play", "use", "digivolve", "delete", "isAffected"]);

/** Verbs a continuous effect may use (`continuous.ts`, `host.ts` text-allowed digivolutions; "include", a deck-construction effect, is read by `deck.ts`: 002 §5-1-1-3). */
const CONTINUOUS_VERBS: ReadonlySet<DcgVerb> = new Set<DcgVerb>(["include", "get", "gain", "treatAs", "raiseMaximum", "reduce", "increase", "digivolve", "use", "attack", "makeUnblockable"]);

/** Keywords performed as an action (`keywords.ts` `keywordAction`). */
const ACTION_KEYWORDS: ReadonlySet<DcgKeywordName> = new Set<DcgKeywordName>(["draw", "recovery", "deDigivolve", "blitz", "save", "blastDigivolve", "mindLink", "blastDnaDigivolve"]);

/** Events a "When …" sentence can wait for (`triggers.ts` `eventMatches`), "would" ones included for deletion. */
const HAPPENED_EVENTS: ReadonlySet<string> = new Set(["attacked", "deleted", "trashed", "placed", "returnedToHand", "returnedToDeck", "cardsAddedToHand", "used", "played", "digivolved", "suspended"]);

/** Arguments the steps read. */
const STEP_ARGS: ReadonlySet<DcgArg["kind"]> = new Set<DcgArg["kind"]>(["from", "to", "under", "into", "onto", "free", "forCost", "ignoring", "asIf", "prevents", "duration", "by", "byEffect", "inBattle", "withKeyword", "target", "asAlso", "forEach", "during", "as", "suspended", "withoutBattling", "exceptByEffect", "only", "maximumOf", "cause", "reminder", "levels"]);

/** Filters the selection layer reads (`select.ts`). */
const FILTERS_NOT_READ: ReadonlySet<DcgFilter["kind"]> = new Set<DcgFilter["kind"]>(["totalDp", "totalCost", "source", "face"]);

/**
 * The constructs of a card this runtime cannot perform yet (issue 14; 002 §1-3-1: a card's text decides, so a text not performed is not played), readable ("verb dnaDigivolve",
 * "trigger 'When … gains memory'", "filter totalDp"). Empty when the whole card can be played.
 * A card's text that did not compile is not this function's: it is given the card as compiled.
 */
export function dcgUnsupported(card: DcgCard): string[] {
  const out = new Set<string>();
  for (const box of ["effect", "inherited", "security"] as const) card.effects[box].forEach((u, i) => unit(u, classify(u, box, i), out));
  return [...out].sort();
}

function unit(u: DcgEffect, info: UnitInfo, out: Set<string>): void {
  if (info.kind === "rule" && u.digixros === null) out.add("[Rule] line");
  if (info.from === "breeding" || info.from === "trash") out.add(`[${info.from === "breeding" ? "Breeding" : "Trash"}] effect`);
  if (u.timings.includes("hand") && info.kind !== "main" && info.kind !== "counter") out.add("[Hand] effect other than [Main] / [Counter]");
  if (info.kind === "keyword") return;
  if (info.when) event(info.when, info.kind === "interrupt", out);
  if (info.kind === "interrupt" && info.when && info.when.event !== "deleted") out.add(`interrupt "When … would …" on the event ${info.when.event}`);
  const continuous = info.kind === "continuous" || info.kind === "costMod";
  u.sentences.forEach((s, i) => sentence(s, i === 0, continuous, info, out));
  if (info.kind === "triggered" && u.sentences.some((s) => s.steps.some((st) => st.kind === "clause" && (st.verb === "reduce" || st.verb === "increase") && st.object?.kind === "cost")) && !u.sentences.some((s) => s.leads.some((l) => l.kind === "nextTime"))) out.add("cost reduction made by a triggered effect (with a cost)");
}

function event(e: DcgEvent, would: boolean, out: Set<string>): void {
  if (WHEN_EVENTS[e.event].length === 0) out.add(`trigger "When … ${e.event}"`);
  for (const a of e.args) if (a.kind === "withKeyword") out.add(`trigger "When … attacks with <keyword>"`);
  for (const o of e.orEvents ?? []) event(o, would, out);
  // "When an effect adds a card to your hand", "When an opponent's effect would delete this Digimon": the effect is read as who did it.
  if (typeof e.subject !== "string" && !(e.subject.kind === "select" && e.subject.noun === "effect")) selector(e.subject, out);
}

function sentence(s: DcgSentence, first: boolean, continuous: boolean, info: UnitInfo, out: Set<string>): void {
  for (const l of s.leads) lead(l, first, continuous, s, out);
  s.steps.forEach((st, k) => step(st, continuous, info, s, k, out));
}

function lead(l: DcgLead, first: boolean, continuous: boolean, s: DcgSentence, out: Set<string>): void {
  switch (l.kind) {
    case "when":
      if (!first) out.add(`"When …" inside an effect`);
      break;
    case "if":
    case "while":
      condition(l.condition, out);
      break;
    case "forEach":
      selector(l.what, out);
      break;
    case "by":
      clause(l.cost, false, s, out);
      break;
    case "nextTime":
      if (!["digivolved", "played", "used"].includes(l.event.event) || !s.steps.every((st) => st.kind === "clause" && (st.verb === "reduce" || st.verb === "increase"))) out.add(`"The next time …" other than a cost change`);
      break;
    case "during":
      out.add(`"During …" lead`);
      break;
    case "duration":
      if (l.duration.kind === "while") out.add(`"while …" duration`);
      break;
    case "atEndOfBattle":
    case "atEndOfTurn":
    case "then":
    case "ifYouDo":
    case "otherwise":
    case "instead":
      break;
  }
  void continuous;
}

function step(st: DcgStep, continuous: boolean, info: UnitInfo, s: DcgSentence, k: number, out: Set<string>): void {
  switch (st.kind) {
    case "clause":
      clause(st, continuous, s, out);
      break;
    case "keywordAction":
      if (!ACTION_KEYWORDS.has(st.keyword.name)) out.add(`keyword action <${st.keyword.name}>`);
      if (st.target) selector(st.target, out);
      break;
    case "bullets":
      if (st.keyword !== null && st.keyword.name !== "digiBurst" && st.keyword.name !== "delay") out.add(`bulleted effect after <${st.keyword.name}>`);
      if (k !== 0) out.add("bulleted effect after another step");
      for (const b of st.bullets) sentence(b, false, continuous, info, out);
      break;
  }
}

function clause(c: DcgClause, continuous: boolean, s: DcgSentence, out: Set<string>): void {
  if (continuous && c.verb === "activate" && c.negated && effectProhibition(c)) return;
  const restriction = c.negated || (c.permission && c.verb === "attack") || c.verb === "makeUnblockable";
  if (continuous) {
    if (restriction) {
      if (!RESTRICTED_VERBS.has(c.verb) && c.verb !== "reduce" && c.verb !== "gainMemory" && c.verb !== "makeUnblockable") out.add(`restriction "can't ${c.verb}"`);
    } else if (!CONTINUOUS_VERBS.has(c.verb)) out.add(`continuous "${c.verb}"`);
    else if (c.verb === "use" && !(c.permission || c.optional) && !c.args.some((a) => a.kind === "ignoring")) out.add(`continuous "use"`);
    if (c.verb === "gain" && c.object?.kind === "effect") effect(c.object.effect, out);
  } else if (restriction) {
    if (!RESTRICTED_VERBS.has(c.verb) && c.verb !== "makeUnblockable") out.add(`restriction "can't ${c.verb}"`);
  } else if (c.permission && !PERMITTED_VERBS.has(c.verb)) out.add(`"can ${c.verb}" as a one-shot permission`);
  else if (!STEP_VERBS.has(c.verb) && !((c.verb === "reduce" || c.verb === "increase") && s.leads.some((l) => l.kind === "nextTime"))) out.add(`verb ${c.verb}`);
  if (c.verb === "gain" && c.object?.kind === "effect" && !continuous) effect(c.object.effect, out);
  if (c.object?.kind === "things") selector(c.object.what, out);
  if (c.object?.kind === "effectOf") selector(c.object.of, out);
  if (c.object?.kind === "names") out.add(`object "names"`);
  if (c.object?.kind === "followingEffects" && c.object.choose === null) out.add(`"activate all of the following effects"`);
  if (c.object?.kind === "cost" && !continuous && !s.leads.some((l) => l.kind === "nextTime")) out.add("cost change made by a one-shot effect");
  if (c.who !== null && typeof c.who !== "string") selector(c.who, out);
  for (const a of c.args) {
    if (!STEP_ARGS.has(a.kind)) out.add(`argument "${a.kind}"`);
    if (a.kind === "byCost") out.add(`"by …" cost inside a clause`);
    if (a.kind === "duration" && a.duration.kind === "while") out.add(`"while …" duration`);
    if (a.kind === "target" || a.kind === "into" || a.kind === "onto" || a.kind === "between") selector(a.what, out);
    if (a.kind === "under") selector(a.of, out);
    if (a.kind === "forEach") selector(a.what, out);
    if (a.kind === "by" || a.kind === "limit") value(a.value, out);
    if (a.kind === "byEffect") for (const f of a.filters) filter(f, out);
  }
  if (c.object?.kind === "amount") value(c.object.value, out);
  if (c.verb === "digivolve" && !continuous && !c.args.some((a) => a.kind === "into" || a.kind === "onto")) out.add("digivolve without a card named");
  if (c.verb === "trash" && c.object?.kind === "things" && c.object.what.kind === "select" && c.object.what.noun === "effect") out.add("trash an effect");
}

/**
 * Whether a clause is a prohibition on activating effects that `continuous.ts`
 * `activationForbidden` reads: "This Digimon doesn't activate [Security] effects on Option cards
 * it checks", "The [When Digivolving] effects on level 7 Digimon don't activate".
 */
function effectProhibition(c: DcgClause): boolean {
  const sel = c.object?.kind === "things" ? c.object.what : c.who !== null && typeof c.who !== "string" ? c.who : null;
  if (!sel || sel.kind !== "select" || sel.noun !== "effect") return false;
  return sel.filters.every((f) => f.kind === "timing" || (f.kind === "source" && f.what.kind === "select" && f.what.filters.every((x) => x.kind !== "affected" && !FILTERS_NOT_READ.has(x.kind))));
}

function effect(e: DcgEffect, out: Set<string>): void {
  unit(e, classify(e, e.box, 0), out);
}

function selector(s: DcgSelector, out: Set<string>): void {
  if (s.kind === "both") {
    for (const x of s.items) selector(x, out);
    return;
  }
  if (s.kind === "ref") {
    for (const f of s.filters) filter(f, out);
    return;
  }
  for (const f of s.filters) filter(f, out);
  if (s.zone?.kind === "digivolutionCards") selector(s.zone.of, out);
  if (s.among) selector(s.among, out);
  if (s.noun === "effect" || s.orNoun === "effect") out.add(`"effects" as a thing`);
}

function filter(f: DcgFilter, out: Set<string>): void {
  if (FILTERS_NOT_READ.has(f.kind)) out.add(`filter ${f.kind}`);
  switch (f.kind) {
    case "level":
    case "dp":
    case "cost":
    case "totalDp":
    case "totalCost":
      value(f.value, out);
      break;
    case "either":
      for (const fs of f.any) for (const x of fs) filter(x, out);
      break;
    case "digivolutionCards":
      for (const x of f.of) filter(x, out);
      break;
    case "sameName":
    case "cardNumber":
      selector(f.kind === "sameName" ? f.as : f.of, out);
      break;
    default:
      break;
  }
}

function value(v: DcgValue, out: Set<string>): void {
  if (v.kind === "count" || v.kind === "sameStat") selector(v.of, out);
  if (v.kind === "stat" && typeof v.of !== "string") selector(v.of, out);
}

function condition(c: DcgCondition, out: Set<string>): void {
  switch (c.kind) {
    case "and":
      for (const x of c.all) condition(x, out);
      break;
    case "or":
      for (const x of c.any) condition(x, out);
      break;
    case "not":
      condition(c.condition, out);
      break;
    case "has":
    case "count":
      if (typeof c.who !== "string") selector(c.who, out);
      selector(c.what, out);
      if (c.kind === "count") value(c.value, out);
      break;
    case "is":
      selector(c.subject, out);
      for (const f of c.filters) filter(f, out);
      break;
    case "happened":
      if (!c.thisTurn && !HAPPENED_EVENTS.has(c.event.event)) out.add(`condition "if … ${c.event.event}"`);
      break;
    case "compare":
      value(c.left, out);
      value(c.right, out);
      break;
    case "turn":
    case "didPrevious":
      break;
  }
}

/** A card of a deck that this runtime refuses, with its constructs (as DBE's `LoadError`; 002 §5-1 decks are checked before the game). */
export interface DcgLoadError {
  card: string;
  name: string;
  constructs: string[];
  message: string;
}

/** {@link dcgUnsupported} of each card definition, for {@link checkDcgLoadable} (every game start checks its decks): the IR of a compiled card never changes, so it is never invalidated; read-only arrays. */
const UNSUPPORTED = new WeakMap<DcgCard, string[]>();

/**
 * Check that every card of the seats can be played by this effect model (issue 14; 002 §5-2-1-1: the decks are checked when taken out).
 * @returns one error per refused card, naming the card and its constructs; empty when all load
 */
export function checkDcgLoadable(db: CardDb<DcgCard>, seats: readonly DcgSeat[]): DcgLoadError[] {
  const out: DcgLoadError[] = [];
  const seen = new Set<string>();
  for (const seat of seats)
    for (const key of [...seat.main, ...seat.eggs]) {
      if (seen.has(key)) continue;
      seen.add(key);
      const c = db.get(key);
      if (!c) {
        out.push({ card: key, name: "?", constructs: [], message: `${seat.name}: unknown card ${key}` });
        continue;
      }
      let u = UNSUPPORTED.get(c);
      if (u === undefined) UNSUPPORTED.set(c, (u = dcgUnsupported(c)));
      if (u.length) out.push({ card: key, name: c.stats.name, constructs: u, message: `${key} ${c.stats.name}: the DCG runtime cannot yet perform ${u.join(", ")}` });
    }
  return out;
}
