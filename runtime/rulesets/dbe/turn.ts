/**
 * The DBE turn: Prep, Evolution, Strategy, Support, Battle and End Phase as tasks.
 * Source: `000_012504f4614e5b24.txt`, "Phases of Play" (each handler names its step).
 */
import { nameMatches } from "../../names.ts";
import type { Game, Task } from "../../core/engine.ts";
import type { DecisionOption } from "../../core/decision.ts";
import { other, type Json, type PlayerIndex } from "../../core/state.ts";
import { ATTACK_SLOTS, LEVEL_ORDER } from "../../vocabulary.ts";
import type { Action, EvoEntry } from "../../ir.ts";
import { activeOf, cardName, cardOptions, cardsWhere, def, dpTotal, hasPlusP, P, resetActiveStats, seat, who } from "./model.ts";
import { canBeActiveDef } from "./setup.ts";
import { drawRaw, moveTop } from "./piles.ts";
import { powerOf } from "./continuous.ts";
import { voidPermanents } from "./permanent.ts";
import { raise, raiseFromRules } from "./triggers.ts";
import { namesOf, typesOf } from "./matching.ts";
import { dbeStateCheck } from "./ko.ts";
import { cardsText, nameOf, ownedCard, patternText, powerList, signed } from "./narrate.ts";
import { feature } from "./features.ts";

/** Hand size kept at End Phase 2. */
export const MAX_HAND = 6;
/** KO points that win (Battle Phase 7): `ko.ts`. */
export { WINNING_KO } from "./ko.ts";

/** Enter a phase and step (for the log and for timings); nothing is written when already there. */
export function enter(g: Game, phase: string, step: string): void {
  if (g.state.phase !== phase) g.set(g.state, "phase", phase);
  if (g.state.step !== step) g.set(g.state, "step", step);
}

/**
 * Whether `future` names `current` in its evo-box (Evolution Phase 5.1.2.4: "if the
 * future contains the previous Digimon's name in its evo-box, ignore type and level").
 */
export function namedInEvoBox(g: Game, future: number, current: number): boolean {
  const names = namesOf(g, current);
  const level = def(g, current).stats.level;
  for (const e of def(g, future).stats.evo) {
    if (e.kind === "from" || e.kind === "bonus" || e.kind === "discount") {
      for (const q of e.kind === "from" ? e.names : e.from) if (names.some((n) => nameMatches(n, q.name)) && (q.level === null || q.level === level)) return true;
    }
  }
  return false;
}

/**
 * Whether `top` is "a fully valid evolution (Correct type/evo-box & correct level/box,
 * ignoring DP)" of `below` (003, FAQ "Cards Placed Under Digimon"): `below` named in `top`'s
 * evo-box, or one level up with a shared type (003, evolution requirements 2–4). Both must be
 * Digimon with a level.
 */
export function validLine(g: Game, top: number, below: number): boolean {
  const t = def(g, top).stats;
  const b = def(g, below).stats;
  if (t.level === null || b.level === null) return false;
  if (namedInEvoBox(g, top, below)) return true;
  if (LEVEL_ORDER[t.level] !== LEVEL_ORDER[b.level] + 1) return false;
  const bt = typesOf(g, below);
  return typesOf(g, top).some((x) => bt.includes(x));
}

/**
 * Player `p`'s active is Abnormal by its line (003, FAQ "Cards Placed Under Digimon": "check
 * to see if the Digimon would not be abnormal had it just evolved in that line"): it is
 * Normal when it is a fully valid evolution of the card directly below it ({@link
 * validLine}); alone in the zone, an un-evolved Level C or U is Abnormal (003, Prep Phase
 * 4.2) and an R (or M) is not. Reading: "that line" is the top card and the card under it —
 * the evolution it would "just" have made. False with no active.
 */
export function abnormalByLine(g: Game, p: PlayerIndex): boolean {
  const z = g.zone(p, "active");
  const top = z.at(-1);
  if (top === undefined) return false;
  const below = z.at(-2);
  if (below === undefined) {
    const level = def(g, top).stats.level;
    return level === "C" || level === "U";
  }
  return !validLine(g, top, below);
}

/**
 * The DP cost of evolving `current` into `future` by DP: the printed cost lowered by the
 * evo-box "DP -X0" entries the active qualifies for (Evolution Phase 4.8, 5.3.5; the IR keeps
 * the signed amount, -10 for "DP -10"). Null when the future has no printed cost (it cannot
 * be evolved to by DP: FAQ "My Digimon doesn't have DP cost").
 */
export function evolveCost(g: Game, future: number, current: number): number | null {
  const st = def(g, future).stats;
  if (st.dp === null) return null;
  let cost = st.dp;
  const cur = def(g, current).stats;
  for (const e of st.evo) {
    if (e.kind === "discount" && e.from.some((q) => namesOf(g, current).some((n) => nameMatches(n, q.name)) && (q.level === null || q.level === cur.level))) cost += e.amount;
  }
  return Math.max(0, cost);
}

/**
 * Whether `future` is a valid evolution by DP of `current` for player `p` (Evolution Phase
 * 5.3.3.1–5.3.3.6): one level up and a shared type, or named in the evo-box; DP ≥ cost.
 */
export function validByDp(g: Game, p: PlayerIndex, future: number, current: number): boolean {
  const f = def(g, future).stats;
  const c = def(g, current).stats;
  if (f.kind !== "Digimon" || f.level === null || c.level === null) return false;
  const cost = evolveCost(g, future, current);
  if (cost === null || dpTotal(g, p) < cost) return false;
  if (namedInEvoBox(g, future, current)) return true;
  if (LEVEL_ORDER[f.level] !== LEVEL_ORDER[c.level] + 1) return false;
  const ct = typesOf(g, current);
  return typesOf(g, future).some((t) => ct.includes(t));
}

/** Turn and phase task handlers. */
export const TURN_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /**
   * A new turn: the phases in order ("Phases of Play"), then the next turn (End Phase 5
   * passes the turn; the next turn is queued here so that the End Phase is one step that a
   * scenario can run and inspect).
   */
  "dbe.turn"(g) {
    // A game still going after `turnLimit` turns is a draw (no rules text: a simulation's
    // guard); the turn count stays at the turns played.
    const limit = ((g.setup as { turnLimit?: number }).turnLimit ?? 200);
    if (g.state.turn >= limit) {
      g.end("draw", `turn limit ${limit} reached`);
      return;
    }
    g.set(g.state, "turn", g.state.turn + 1);
    const tp = g.state.turnPlayer;
    g.logger?.emit("turn", tp, `Turn ${g.state.turn}: ${seat(g, tp)} is the turn player`);
    // Strategy, Support and Battle Phase: "Skip this entire phase during the first turn of the
    // game" (DBE). DMB has no such rule (003: "each turn (including the first turn)").
    const first = g.state.turn === 1 && feature(g, "firstTurnSkipsBattle");
    // Step 1 of each phase is "dbe.phaseStart": phase abilities, then the Any Phase window.
    // The agenda is a stack: the End Phase is pushed first, the Prep Phase last.
    g.push({ t: "dbe.phaseStart", phase: "end" }, { t: "dbe.end" }, { t: "dbe.turn" });
    if (!first)
      g.push(
        { t: "dbe.strategy" },
        { t: "dbe.phaseStart", phase: "support" },
        { t: "dbe.support.play", p: other(tp) },
        { t: "dbe.support.play", p: tp },
        { t: "dbe.window", phase: "support" },
        { t: "dbe.support.resolve" },
        { t: "dbe.phaseStart", phase: "battle" },
        { t: "dbe.battle" },
      );
    g.push(
      { t: "dbe.phaseStart", phase: "prep" },
      { t: "dbe.prep.draw" },
      { t: "dbe.prep.fullMulligan" },
      { t: "dbe.prep.playActive" },
      { t: "dbe.prep.partnerEvolve" },
      { t: "dbe.phaseStart", phase: "evolve" },
      { t: "dbe.evolve.rackUp" },
      { t: "dbe.evolve.method" },
    );
  },

  // ─── Prep Phase ──────────────────────────────────────────────────────────

  /**
   * Prep Phase 2: draw 1, or 2 when the hand is 2 or lower; then take every Dark Area
   * card (2.1). A player who cannot draw simply draws fewer (FAQ "Conditionals": "you can
   * only do so much").
   */
  "dbe.prep.draw"(g) {
    enter(g, "prep", "2");
    const p = g.state.turnPlayer;
    const n = g.zone(p, "hand").length <= 2 ? 2 : 1;
    const moved: number[] | undefined = g.logger ? [] : undefined;
    const drawn = drawRaw(g, p, n, "hand", moved);
    g.logger?.emit("draw", p, `${who(g, p)} draws ${drawn ? cardsText(g, moved!) : "nothing (the deck is empty)"}${n === 2 ? " (a hand of 2 or fewer draws 2: Prep Phase 2)" : " (Prep Phase 2)"}`, { count: drawn });
    // The Draw step's draw is drawing: "When … draws" sentences wait for it as for an
    // effect's Draw (docs/runtime.md "Events raised by rules actions").
    if (drawn > 0) raiseFromRules(g, "draws", p);
    const dark = [...g.zone(p, "darkArea")];
    for (const id of dark) g.move(id, p, "hand");
    // 2.1: taking the Dark Area "not counted as drawing cards": no "draws" event.
    if (dark.length) g.logger?.emit("darkArea", p, `${who(g, p)} takes ${cardsText(g, dark)} from the Dark Area into the hand (not drawing: Prep Phase 2.1)`, { count: dark.length });
  },
  /**
   * Prep Phase 3: with 3 or more cards in hand the turn player may full-mulligan (discard
   * the whole hand and take as many from the top of the deck) as many times as they wish.
   * Only offered while the Active Zone is empty and the hand has no Digimon to play, or by
   * choice; the forced mulligan of FAQ "Do I lose if I can't play a Digimon" is in playActive.
   */
  "dbe.prep.fullMulligan"(g, t) {
    enter(g, "prep", "3");
    const p = g.state.turnPlayer;
    const hand = g.zone(p, "hand");
    if (hand.length < 3 || g.zone(p, "deck").length < hand.length) return;
    if (t.answer === undefined) {
      g.ask(p, "fullMulligan", "Full mulligan? (Prep Phase 3)", [{ label: "No", value: false }, { label: "Full mulligan", value: true }], 1, 1, t);
      return;
    }
    if (t.answer[0] !== 1) return;
    // The next offer is queued first: a mulligan's triggered sentences (003) resolve before it.
    g.push({ t: "dbe.prep.fullMulligan" });
    fullMulligan(g, p);
  },
  /**
   * Prep Phase 4: with an empty Active Zone, play an R, C or U from hand; an un-evolved C or
   * U is Abnormal (4.2). With no Digimon in hand: forced mulligans while the hand has 3 or
   * more cards, then the special mulligan revealing each hand; a player who still cannot
   * place a Digimon loses (4.1; FAQ "Do I lose if I can't play a Digimon AND can't mulligan?").
   */
  "dbe.prep.playActive"(g, t) {
    enter(g, "prep", "4");
    const p = g.state.turnPlayer;
    if (activeOf(g, p) !== null) return;
    const hand = g.zone(p, "hand");
    const playable = cardsWhere(g, p, "hand", canBeActiveDef);
    if (playable.length === 0) {
      if (g.zone(p, "deck").length === 0 || hand.length === 0 && g.zone(p, "deck").length === 0) {
        g.end(other(p), `${seat(g, p)} cannot place a Digimon in the Active Zone (Prep Phase 4.1)`);
        return;
      }
      g.logger?.emit("forcedMulligan", p, `${who(g, p)} has no Digimon to play and must mulligan (FAQ "Lack of Digimon & Can't mulligan")`, { hand: hand.length });
      // Queued first: a mulligan's triggered sentences (003) resolve before the next try.
      g.push({ t: "dbe.prep.playActive" });
      if (hand.length >= 3) fullMulligan(g, p);
      else {
        // Special mulligan: reveal the hand, then mulligan as if allowed, one new card per
        // card discarded; with an empty hand, take one card. A mulligan is not drawing and
        // its discard is not discarding (Prep Phase 3: "does not trigger effects") — by 003 it
        // is both (features.ts `mulliganTriggers`).
        const n = Math.max(1, hand.length);
        const shown = [...hand];
        for (const id of shown) g.move(id, p, "trash");
        const moved: number[] | undefined = g.logger ? [] : undefined;
        const drawn = drawRaw(g, p, n, "hand", moved);
        g.logger?.emit("specialMulligan", p, `${who(g, p)} reveals the hand (${cardsText(g, shown)}), puts it into the trash and takes ${cardsText(g, moved!)} from the deck (special mulligan: FAQ "Lack of Digimon & Can't mulligan")`, { revealed: shown });
        mulliganEvents(g, p, shown.length, drawn);
      }
      return;
    }
    if (t.answer === undefined) {
      g.ask(p, "playActive", "Play a Digimon to the Active Zone (Prep Phase 4)", cardOptions(g, playable), 1, 1, t);
      return;
    }
    const id = playable[t.answer[0]!]!;
    g.move(id, p, "active");
    const level = def(g, id).stats.level;
    const s = P(g, p);
    g.set(s, "abnormal", level === "C" || level === "U");
    g.set(s, "flats", 0);
    resetActiveStats(g, p);
    g.logger?.emit("playActive", p, `${who(g, p)} plays ${nameOf(g, id)} as the active Digimon${s.abnormal ? `, Abnormal (an un-evolved Level ${level}: Prep Phase 4.2)` : ""}: HP ${s.hp}, Power ${powerList(powerOf(g, p))} (Prep Phase 4)`, { card: id, abnormal: s.abnormal });
    dbeStateCheck(g); // Abnormal stats rounded down to tens may be 0 HP (ko.ts)
  },
  /**
   * Prep Phase 5: if the active is the Partner Level R, the player may partner-evolve into a
   * Partner C from the Destiny Zone; this uses the turn's evolution (POINT! Partner Evolution)
   * and triggers the evo-bonuses — not by 003's Prep Phase 4.3 (features.ts
   * `partnerEvolutionBonuses`). `t.rule` names the rule in the log (default "Prep Phase 5";
   * DMB's task passes its own).
   */
  "dbe.prep.partnerEvolve"(g, t) {
    enter(g, "prep", "5");
    const p = g.state.turnPlayer;
    const s = P(g, p);
    const a = activeOf(g, p);
    if (a === null || s.evolved || !s.partner || def(g, a).stats.setNumber !== s.partner || def(g, a).stats.level !== "R") return;
    const cs = g.zone(p, "destinyZone").filter((id) => def(g, id).stats.level === "C" && namedInEvoBox(g, id, a));
    if (cs.length === 0) return;
    const rule = (t.rule as string | undefined) ?? "Prep Phase 5";
    if (t.answer === undefined) {
      g.ask(p, "partnerEvolve", `Partner Evolution? (${rule})`, cardOptions(g, cs, { label: "No", value: null }), 1, 1, t);
      return;
    }
    if (t.answer[0] === 0) return;
    const future = cs[t.answer[0]! - 1]!;
    evolveInto(g, p, future, `Partner Evolution (${rule})`);
    g.set(s, "partnerEvolved", true);
    // Prep Phase 5: "then immediately trigger any evo-bonuses as normal during evolution";
    // 003's 4.3 names none (features.ts `partnerEvolutionBonuses`).
    if (feature(g, "partnerEvolutionBonuses")) g.push(...evoBonusTasks(g, p, future, a));
    else if (def(g, future).stats.evo.some((e) => e.kind === "bonus")) g.logger?.emit("evoBonus", p, `${ownedCard(g, future)}'s evo-bonuses do not apply: a Partner Evolution resolves none (003, Prep Phase 4.3; Evolution Phase 3.1 skips step 6)`);
  },

  // ─── Evolution Phase ─────────────────────────────────────────────────────

  /** Evolution Phase 2, Rack-Up: up to one card with +P from hand into the DP zone. */
  "dbe.evolve.rackUp"(g, t) {
    enter(g, "evolve", "2");
    const p = g.state.turnPlayer;
    const cards = cardsWhere(g, p, "hand", hasPlusP);
    if (cards.length === 0) return;
    if (t.answer === undefined) {
      const options: DecisionOption[] = [{ label: "None", value: null }];
      for (const id of cards) options.push({ label: `${cardName(g, id)} (+${def(g, id).stats.plusP} P)`, value: id });
      g.ask(p, "rackUp", "Rack up DP: put up to one card into the DP zone (Evolution Phase 2)", options, 1, 1, t);
      return;
    }
    if (t.answer[0] === 0) return;
    const id = cards[t.answer[0]! - 1]!;
    const before = g.logger ? dpTotal(g, p) : 0;
    g.move(id, p, "dp");
    g.logger?.emit("rackUp", p, `${who(g, p)} racks up ${nameOf(g, id)} (${signed(def(g, id).stats.plusP ?? 0)} P): DP ${before} → ${dpTotal(g, p)} (Evolution Phase 2)`, { card: id, dp: dpTotal(g, p) });
  },
  // ─── Strategy Phase ──────────────────────────────────────────────────────

  /**
   * Strategy Phase 1: with no opposing active, skip to the Support Phase after the unopposed
   * victory bonus (1.1: the opponent Trashes 2 from its own deck, the turn player Draws 1);
   * there is no battle. Step 2: both players choose an attack secretly (the choices are
   * revealed at Battle Phase 2).
   */
  "dbe.strategy"(g, t) {
    enter(g, "strategy", "1");
    const tp = g.state.turnPlayer;
    const op = other(tp);
    if (t.step === undefined) {
      if (activeOf(g, op) === null || activeOf(g, tp) === null) {
        // The turn player always has an active here (Prep Phase 4.1); the guard keeps the
        // rule symmetric for scenarios.
        const unopposed = activeOf(g, op) === null ? tp : op;
        const loser = other(unopposed);
        const gone: number[] | undefined = g.logger ? [] : undefined;
        const got: number[] | undefined = g.logger ? [] : undefined;
        const trashed = moveTop(g, loser, "deck", "trash", 2, gone);
        const drawn = drawRaw(g, unopposed, 1, "hand", got);
        g.logger?.emit("unopposed", unopposed, `${who(g, loser)} has no active Digimon: unopposed victory bonus — ${who(g, loser)} trashes ${cardsText(g, gone!)}, ${who(g, unopposed)} draws ${cardsText(g, got!)} (Strategy Phase 1.1)`, { trashed, drawn });
        // 1.1 "turn player Draws 1 card": drawing, as an effect's Draw.
        if (drawn > 0) raiseFromRules(g, "draws", unopposed);
        g.set(g.state.vars, "noBattle", true);
        return;
      }
      g.set(g.state.vars, "noBattle", false);
      g.push({ t: "dbe.strategy", step: 2, p: tp }, { t: "dbe.strategy", step: 2, p: op });
      return;
    }
    enter(g, "strategy", "2");
    const p = t.p as PlayerIndex;
    if (t.answer === undefined) {
      const st = def(g, activeOf(g, p)!).stats;
      const power = powerOf(g, p);
      const options: DecisionOption[] = [];
      for (const slot of ATTACK_SLOTS) options.push({ label: `${slot} — ${st[slot]?.name ?? "?"} (${power[slot]})${st[slot]?.ability ? ` | ${st[slot]!.ability!.kind}` : ""}`, value: slot });
      g.ask(p, "chooseAttack", "Choose an attack, secretly (Strategy Phase 2)", options, 1, 1, t);
      return;
    }
    g.set(P(g, p), "attack", ATTACK_SLOTS[t.answer[0]!]!);
  },
};

/**
 * Full mulligan: discard the entire hand, take as many from the top of the deck (Prep Phase
 * 3: "same as drawing but does not trigger effects" — no "discards" or "draws" event). By
 * 003's Prep Phase 3 it is "discarding the ENTIRE hand and drawing that many": a discard and
 * a draw (features.ts `mulliganTriggers`; {@link mulliganEvents}).
 */
export function fullMulligan(g: Game, p: PlayerIndex): void {
  const hand = [...g.zone(p, "hand")];
  for (const id of hand) g.move(id, p, "trash");
  const moved: number[] | undefined = g.logger ? [] : undefined;
  const drawn = drawRaw(g, p, hand.length, "hand", moved);
  const triggers = feature(g, "mulliganTriggers");
  g.logger?.emit("fullMulligan", p, `${who(g, p)} full-mulligans: ${cardsText(g, hand)} into the trash, ${cardsText(g, moved!)} from the deck (${triggers ? "003, Prep Phase 3: discarding the entire hand and drawing that many" : "Prep Phase 3; not drawing, triggers nothing"})`, { count: hand.length });
  mulliganEvents(g, p, hand.length, drawn);
}

/**
 * 003, Prep Phase 3 (and its FAQ "Lack of Digimon & Can't mulligan"): a mulligan discards the
 * hand and draws, so it raises "discards" and "draws" like those actions, and the sentences
 * waiting for them resolve right after it (triggers.ts `raise`). Nothing by 000's rules
 * ("does not trigger effects": features.ts `mulliganTriggers`).
 * @param discarded cards discarded from the hand
 * @param drawn cards drawn
 */
function mulliganEvents(g: Game, p: PlayerIndex, discarded: number, drawn: number): void {
  if (!feature(g, "mulliganTriggers")) return;
  const a = discarded > 0 && raise(g, "discards", p);
  const b = drawn > 0 && raise(g, "draws", p);
  if (a || b) g.push({ t: "dbe.triggers" });
}

/**
 * The evo-box bonuses of `future` that qualify on the previous active's names (and level), as
 * tasks to run after it is placed (Evolution Phase 5.3.7, 5.3.9; Prep Phase 5 "trigger any
 * evo-bonuses as normal during evolution"). The names are the printed one and every "Also
 * counts as" (Glossary "Also counts as [Name]": "permanently considered this name in
 * addition"). Permanent ("∞") bonuses are marked so that a Power bonus outlasts End Phase 3
 * (End Phase 3.4; FAQ "Permanents in Evolution Boxes").
 * @param previous the card id of the previous active
 */
export function evoBonusTasks(g: Game, p: PlayerIndex, future: number, previous: number): Task[] {
  const names = namesOf(g, previous);
  const level = def(g, previous).stats.level;
  const qualifies = (e: Extract<EvoEntry, { kind: "bonus" }>) => e.from.some((q) => names.some((n) => nameMatches(n, q.name)) && (q.level === null || q.level === level));
  return bonusTasks(g, p, future, qualifies, `Evolution Phase 5.1.9 / 5.3.9`);
}

/**
 * The bonuses of `card`'s evo-box that `qualifies` accepts, as tasks. A permanent ("∞") bonus
 * applies only once ever to a card (Evolution Phase POINT "activate an evo-bonus": "Permanent
 * effects can be activated but only once ever, they do not stack"): the card keeps the
 * entries applied (`vars.permanentBonuses`, gone when it leaves the zone with its other
 * vars). Non-permanent bonuses apply each time ("Non-permanent effects stack!").
 * @param why the log's reason: the rule that applies the bonuses
 */
export function bonusTasks(g: Game, p: PlayerIndex, card: number, qualifies: (e: Extract<EvoEntry, { kind: "bonus" }>) => boolean, why: string): Task[] {
  const tasks: Task[] = [];
  const evo = def(g, card).stats.evo;
  const vars = g.card(card).vars;
  const applied = (vars.permanentBonuses as number[] | undefined) ?? [];
  const passives = feature(g, "evoBonusesContinuous");
  for (let i = 0; i < evo.length; i++) {
    const e = evo[i]!;
    if (e.kind !== "bonus" || !qualifies(e)) continue;
    // 003, End Phase 3.4: a Power, DP or restriction bonus is a Passive, "∞" or not
    // (features.ts `evoBonusesContinuous`); it is kept like a permanent one (permanent.ts).
    const passive = !e.permanent && passives && e.actions.every(isContinuousBonus);
    const permanent = e.permanent || passive;
    if (permanent) {
      if (applied.includes(i)) continue;
      g.set(vars, "permanentBonuses", [...((vars.permanentBonuses as number[] | undefined) ?? []), i]);
    }
    g.logger?.emit("evoBonus", p, `${ownedCard(g, card)}'s evo-bonus${e.from.length ? ` for ${e.from.map((q) => patternText(q.name) + (q.level ? ` (${q.level})` : "")).join(", ")}` : ""}${e.permanent ? " (permanent)" : passive ? " (a Passive while it is active: 003, End Phase 3.4)" : ""} applies (${why})`);
    for (const x of e.actions) tasks.push({ t: "dbe.act", card, p, a: x as unknown as Json, ...(permanent ? { permanent: true } : {}) });
  }
  return tasks;
}

/**
 * An evo-box bonus action that 003 counts among the "Continuous evolution-box bonuses such
 * as 'Power +40' or 'Opponent's DP -10' or 'DP +10'" and FAQ "Passives in Evolution Boxes"
 * ("Attacks cannot be countered", "Supports cannot be void"): a Power change (Boost), a DP
 * change or a restriction. One-shot bonuses (Draw, HP +X, Take …) are not.
 */
function isContinuousBonus(a: Action): boolean {
  return a.kind === "boost" || a.kind === "changeDp" || a.kind === "prohibit";
}

/**
 * Place a Future onto the active and reset the active's HP, Power and the rest to the new
 * card's printed values (Evolution Phase 5.1.8.2 / 5.3.8.2; the new card's abnormal stats
 * while Abnormal: Anatomy of Cards item 12). Evolving uses the turn's evolution (5.1.8.1 /
 * 5.3.8.1) and checks Abnormal again: an evolved-to Digimon is not Abnormal (Glossary
 * "Abnormal": "Abnormal states are checked when the active is played as abnormal and again
 * when evolving"). "As evolved" does not check it — "(but not effects that are 'as
 * evolved')" — so the active keeps the status it had (Evolution Phase 4.6: "change the
 * active and reset its stats to the printed amounts without being considered the act of
 * evolving itself"); the caller restores `evolved` for it (evolution.ts `effectEvolve`).
 * @param why the log's reason, naming the method and its rule
 * @param asEvolved the change is "as evolved", not the act of evolving
 */
export function evolveInto(g: Game, p: PlayerIndex, future: number, why: string, asEvolved = false): void {
  const before = activeOf(g, p);
  // Glossary "Delete": a card from the Destiny Zone is deleted when it leaves its new zone
  // (Battle Phase 6.4: a KO'd Partner C is deleted, not discarded).
  if (g.card(future).zone === "destinyZone") g.set(g.card(future).vars, "fromDestiny", true);
  // FAQ "Permanents in Evolution Boxes": "Void your permanent evo-bonuses if your active
  // digimon card changes" — the covered card's stay void if it is ever the active again.
  if (before !== null) voidPermanents(g, before);
  g.move(future, p, "active");
  const s = P(g, p);
  g.set(s, "evolved", true);
  if (!asEvolved) g.set(s, "abnormal", false);
  resetActiveStats(g, p);
  if (g.logger) {
    const verb = asEvolved ? `'s active changes as evolved` : " evolves";
    const from = before === null ? "" : ` ${nameOf(g, before)} →`;
    const status = s.abnormal ? ", Abnormal (kept: Glossary \"Abnormal\")" : "";
    g.logger.emit("evolve", p, `${who(g, p)}${verb}${from} ${nameOf(g, future)}${status}: HP ${s.hp}, Power ${powerList(powerOf(g, p))} (${why})`, { from: before, to: future });
  }
  dbeStateCheck(g); // the new printed (or abnormal) HP, and the flats that stay (ko.ts)
}
