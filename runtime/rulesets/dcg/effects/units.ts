/**
 * The four kinds of effect (002 §10-1-4) as the effect model reads a card's effect units:
 * continuous (§10-1-5: [Your Turn] / [All Turns] / no timing, no "When"), triggered (§10-1-6:
 * a timing such as [On Play], or a "When …" condition), activated (§10-1-7: [Main], [Hand]
 * [Main], [Counter]) and interrupt (§10-1-8: "When … would …"); plus the [Security] effects
 * (§10-4-8), keyword lines (§12-1), cost changes written as a condition ("When playing this
 * card from your hand, reduce its play cost by 1": a continuous change of the cost, read when
 * the cost is paid, §7-2-6-10) and rule lines. Classified once per card definition.
 */
import type { DcgBox, DcgEffect, DcgEvent, DcgTiming } from "../../../lang/dcg/ir.ts";
import type { DcgCard } from "../model.ts";
import type { DcgEventData } from "../events.ts";

/** What kind of effect a unit is (002 §10-1-4). */
export type UnitKind = "keyword" | "rule" | "security" | "main" | "counter" | "triggered" | "interrupt" | "costMod" | "continuous";

/** One effect unit of a card with how it works (002 §10-1-4, §10-4). */
export interface UnitInfo {
  unit: DcgEffect;
  box: DcgBox;
  index: number;
  kind: UnitKind;
  /** [Your Turn] / [Opponent's Turn] (002 §10-4-7), relative to the effect's player; null: all turns. */
  turn: "you" | "opponent" | null;
  /** Triggered: the event kinds that can trigger it (`events.ts` {@link DcgEventData}). */
  on: DcgEventData["e"][];
  /** The "When …" condition of its first sentence, or null. */
  when: DcgEvent | null;
  /** [Hand] / [Trash] / [Breeding]: where it activates from (002 §4-16..4-18), or null (the battle area). */
  from: "hand" | "trash" | "breeding" | null;
}

/** The event kinds a timing tag triggers on (002 §10-4). */
export const TIMING_EVENTS: Partial<Record<DcgTiming, DcgEventData["e"]>> = {
  onPlay: "played",
  whenDigivolving: "digivolved",
  whenAttacking: "attackDeclared",
  endOfAttack: "attackEnded",
  onDeletion: "deleted",
  startOfYourTurn: "turnStart",
  startOfOpponentsTurn: "turnStart",
  startOfYourMainPhase: "mainStart",
  startOfOpponentsMainPhase: "mainStart",
  endOfYourTurn: "turnEnd",
  endOfOpponentsTurn: "turnEnd",
  endOfAllTurns: "turnEnd",
  counter: "counterTiming",
};

/** The event kinds a "When …" event of the text triggers on (002 §10-1-6-1, §13-3-1-1). */
export const WHEN_EVENTS: Readonly<Record<DcgEvent["event"], DcgEventData["e"][]>> = {
  played: ["played"],
  digivolved: ["digivolved"],
  attacked: ["attackDeclared", "counterTiming"],
  attackedPlayer: ["attackDeclared", "counterTiming"],
  attackedDigimon: ["attackDeclared", "counterTiming"],
  blocked: ["blocked"],
  blocks: ["blocked"],
  deleted: ["deleted"],
  deletedInBattle: ["deleted"],
  battleLost: ["deleted"],
  battleWon: ["deleted"],
  suspended: ["suspended"],
  unsuspended: ["unsuspended"],
  returnedToHand: ["leftPlay"],
  returnedToDeck: ["leftPlay"],
  leftPlay: ["leftPlay", "deleted", "trashedFromPlay"],
  trashed: ["cardsMoved"],
  movedFromBreeding: ["moved"],
  enteredPlay: ["played", "moved"],
  securityRemoved: ["cardsMoved", "securityChecked"],
  securityAdded: ["cardsMoved"],
  cardsAddedToHand: ["cardsMoved"],
  used: ["optionUsed"],
  drew: ["drew"],
  memoryGained: [],
  effectActivated: [],
  checked: ["securityChecked"],
  hatched: ["hatched"],
  digivolutionCardsTrashed: ["cardsMoved"],
  placed: ["cardsMoved"],
  dpReduced: [],
  endOfBattle: ["battleEnded"],
};

const TURN_TIMINGS: Partial<Record<DcgTiming, "you" | "opponent" | null>> = { yourTurn: "you", opponentsTurn: "opponent", allTurns: null };

/** Whether every step of a unit's sentences only changes a cost ("reduce the play cost by 1"). */
function onlyCostChanges(u: DcgEffect): boolean {
  return u.sentences.length > 0 && u.sentences.every((s) => s.steps.length > 0 && s.steps.every((st) => st.kind === "clause" && (st.verb === "reduce" || st.verb === "increase") && st.object?.kind === "cost" && !st.negated));
}

/** Classify one unit (002 §10-1-4). */
export function classify(u: DcgEffect, box: DcgBox, index: number): UnitInfo {
  const info: UnitInfo = { unit: u, box, index, kind: "continuous", turn: null, on: [], when: null, from: null };
  if (u.timings.includes("hand")) info.from = "hand";
  else if (u.timings.includes("trash")) info.from = "trash";
  else if (u.timings.includes("breeding")) info.from = "breeding";
  const first = u.sentences[0];
  const whenLead = first?.leads.find((l) => l.kind === "when");
  info.when = whenLead?.kind === "when" ? whenLead.event : null;
  for (const t of u.timings) if (t in TURN_TIMINGS) info.turn = TURN_TIMINGS[t]!;
  if (u.digixros || u.timings.includes("rule")) info.kind = "rule";
  else if (u.keyword && u.timings.length === 0 && u.sentences.length === 0) info.kind = "keyword";
  else if (u.timings.includes("security")) info.kind = "security";
  else if (u.timings.includes("main")) info.kind = "main";
  else if (u.timings.includes("counter")) {
    info.kind = info.from === "hand" ? "counter" : "triggered";
    info.on = ["counterTiming"];
  } else {
    const tags = u.timings.map((t) => TIMING_EVENTS[t]).filter((x): x is DcgEventData["e"] => x !== undefined);
    if (tags.length) {
      info.kind = "triggered";
      info.on = [...new Set(tags)];
    } else if (info.when) {
      // "When … would digivolve / be played, reduce the cost" and the looser "When … digivolves into this card, reduce the memory cost": a change of the cost being paid.
      if (onlyCostChanges(u) && ["played", "digivolved", "used"].includes(info.when.event)) info.kind = "costMod";
      else {
        info.kind = info.when.would ? "interrupt" : "triggered";
        info.on = [...new Set([...WHEN_EVENTS[info.when.event], ...(info.when.orEvents ?? []).flatMap((e) => WHEN_EVENTS[e.event])])];
      }
    } else if (onlyCostChanges(u)) info.kind = "costMod";
    else info.kind = "continuous";
  }
  return info;
}

/** A card's units by box (002 §2-10: effect, inherited effect; security effect), classified, with the triggered ones indexed by event kind. */
export interface CardUnits {
  all: UnitInfo[];
  /** Per box: event kind → triggered units. */
  on: Record<DcgBox, Map<string, UnitInfo[]>>;
  /** Per box: the event kinds of {@link on} (its keys, in order). */
  events: Record<DcgBox, string[]>;
  /** Per box: the continuous units and cost changes (read at query time). */
  continuous: Record<DcgBox, UnitInfo[]>;
  /** Per box: the interrupt units ("would"). */
  interrupts: Record<DcgBox, UnitInfo[]>;
  /** Whether any unit grants an effect ("gains '[When Attacking] …'": 002 §13-2-4), so granted units must be looked for. */
  grants: boolean;
}

const CACHE = new WeakMap<DcgCard, CardUnits>();

/** The classified units of a card definition (002 §10-1-4; cached). O(units) the first time. */
export function unitsOf(c: DcgCard): CardUnits {
  let u = CACHE.get(c);
  if (u) return u;
  u = { all: [], on: { effect: new Map(), inherited: new Map(), security: new Map() }, events: { effect: [], inherited: [], security: [] }, continuous: { effect: [], inherited: [], security: [] }, interrupts: { effect: [], inherited: [], security: [] }, grants: false };
  for (const box of ["effect", "inherited", "security"] as const)
    c.effects[box].forEach((unit, index) => {
      const info = classify(unit, box, index);
      u!.all.push(info);
      if (info.kind === "triggered") for (const e of info.on) (u!.on[box].get(e) ?? u!.on[box].set(e, []).get(e)!).push(info);
      if (info.kind === "continuous" || info.kind === "costMod") u!.continuous[box].push(info);
      if (info.kind === "interrupt") u!.interrupts[box].push(info);
      if (JSON.stringify(unit.sentences).includes('"kind":"effect","effect"')) u!.grants = true;
    });
  for (const box of ["effect", "inherited", "security"] as const) u.events[box] = [...u.on[box].keys()];
  CACHE.set(c, u);
  return u;
}
