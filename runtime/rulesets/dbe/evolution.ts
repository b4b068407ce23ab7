/**
 * The DBE Evolution Phase methods: evolving by Evolution card, by DNA and by DP, EVOLVE
 * timing cards, "When evolving" / "After evolving", and effect evolution.
 * Source: `000_012504f4614e5b24.txt`, "Evolution Phase" steps 3–5 (with 4's terminology),
 * "Effect Evolution", the POINTs on "Do not use with <Level>" and on Evolution cards.
 *
 * While a method runs, its requirements live in the evolution context (`state.vars.evo`):
 * the Evolution or EVOLVE card's sentences change them ("Ignore type", "Enables evolution
 * to the same level", "Requires DP", "DP -10"), then the Future is checked against them.
 */
import type { Game, Task } from "../../core/engine.ts";
import type { Json, PlayerIndex } from "../../core/state.ts";
import type { Body, CardFilter, DnaMaterial, Effect, EvoEntry } from "../../ir.ts";
import type { Level } from "../../vocabulary.ts";
import { LEVEL_ORDER } from "../../vocabulary.ts";
import { activeOf, cardName, cardOptions, cardsWhere, def, dpTotal, P, who } from "./model.ts";
import { activeText, cardsText, count, nameOf, ownedCard } from "./narrate.ts";
import type { CompiledCard } from "../../card.ts";
import { matches, namesOf, typesOf } from "./matching.ts";
import { queueEffects } from "./triggers.ts";
import { feature } from "./features.ts";
import { prohibits } from "./continuous.ts";
import { bonusTasks, enter, evoBonusTasks, evolveCost, evolveInto, namedInEvoBox } from "./turn.ts";
import { nameMatches } from "../../names.ts";

/** The evolution method in progress (Evolution Phase 5). */
export type Method = "card" | "dna" | "dp" | "effect";

/** Requirements of the evolution in progress, as the method and its cards set them. */
export interface EvoContext {
  method: Method;
  /** The Evolution card or EVOLVE card played for it, if any. */
  card: number | null;
  /** "Ignore …" (Evolution Phase 4.7). */
  ignore: string[];
  /** "Enables …" (4.14): "sameLevel", "anyLevel" or "R>U". */
  enables: string[];
  /** "Requires DP" (4.15). */
  requireDp: boolean;
  /** "DP -X0" cost changes (4.8), signed. */
  dpChange: number;
  /** "Do not use with <Level>": futures of these levels are not allowed. */
  restrict: Level[];
  /** Super Tag: delete this card instead of discarding all own DP (5.3.10). */
  deleteInstead: number | null;
  /** The previous active, for evo-box bonuses. */
  previous: number | null;
  /** Set once the future is placed. */
  done: boolean;
  /**
   * "Activate an evo-bonus" effects resolved during this evolution (Evolution Phase POINT):
   * each one applies every bonus of the future's box (and lowers its cost by its "DP -X0"
   * entries) as if the active's name were in the box.
   */
  bonusesActivated: number;
}

/** The evolution context, or null outside an evolution. */
export function evoContext(g: Game): EvoContext | null {
  return (g.state.vars.evo as unknown as EvoContext | undefined) ?? null;
}

function setContext(g: Game, ctx: EvoContext | null): void {
  g.set(g.state.vars, "evo", ctx as unknown as Json);
}

/** Update the context through the journal. */
export function updateContext(g: Game, change: Partial<EvoContext>): void {
  const ctx = evoContext(g);
  if (ctx) setContext(g, { ...ctx, ...change });
}

const newContext = (method: Method, card: number | null, previous: number | null): EvoContext => ({
  method,
  card,
  ignore: [],
  enables: [],
  requireDp: false,
  dpChange: 0,
  restrict: [],
  deleteInstead: null,
  previous,
  done: false,
  bonusesActivated: 0,
});

/** Sentences of a card by timing: "" (no lowercase timing), "when", "whenByDp", "after". */
function timingOf(e: Effect): "" | "when" | "whenByDp" | "after" | "other" {
  if (e.timings.length === 0) return "";
  const t = e.timings[0]!;
  if (t.kind === "whenEvolving") return t.byDp ? "whenByDp" : "when";
  if (t.kind === "afterEvolving") return "after";
  if (t.kind === "card" && (t.timing === "EVOLVE" || t.timing === "SUPPORT")) return "";
  return "other";
}

/**
 * Queue a card's sentences of one evolution timing (Evolution Phase 4.9: "When evolving",
 * "After evolving"; "" = its card-timing sentences).
 */
export function queueTiming(g: Game, card: number, p: PlayerIndex, which: "" | "when" | "after", method: Method): void {
  queueEffects(g, card, p, (e) => {
    const k = timingOf(e);
    if (which === "when") return k === "when" || (k === "whenByDp" && method === "dp");
    return k === which;
  }, `evolution ${which || "card"}`);
}

/**
 * Queue one timing of several cards so that they resolve in the given order. The agenda is a
 * stack: what is queued last resolves first, so the cards are queued from the last one.
 */
function queueTimingAll(g: Game, cards: readonly number[], p: PlayerIndex, which: "" | "when" | "after", method: Method): void {
  for (const id of [...cards].reverse()) queueTiming(g, id, p, which, method);
}

/**
 * An Evolution card with a "When evolving by DP" sentence bolsters evolving by DP (Evolution
 * Phase 4.10: Super Tag "is not enabling abnormals to evolve … Simply playing this card will
 * not evolve by 'Evolution card'"; 5.1.4: such effects "DO NOT COUNT as evolving by an
 * Evolution card"): it is played as the EVOLVE card of evolving by DP (5.3.1).
 */
export function bolstersDp(g: Game, id: number): boolean {
  return def(g, id).stats.kind === "Evolution" && def(g, id).effects.some((e) => e.kind === "effect" && timingOf(e) === "whenByDp");
}

/**
 * Whether a card's own text names where its Future comes from ("evolve to a valid Digimon
 * from the cards shown", BIT-054 Matrix Evolve): then no Future is played from the hand or
 * the Destiny Zone (5.1.1 "by default"), and when its evolution misfires, evolution fails.
 */
function evolvesByItself(g: Game, id: number): boolean {
  const has = (b: Body): boolean => (b.kind === "seq" ? b.actions.some((a) => a.kind === "evolve") : has(b.then) || (b.otherwise !== null && has(b.otherwise)));
  return def(g, id).effects.some((e) => e.kind === "effect" && has(e.body));
}

/**
 * "Do not use with <Level>" / "Do not use with abnormal": whether an Evolution or EVOLVE
 * card may be played with this active (POINT after Evolution Phase 5).
 */
export function usable(g: Game, p: PlayerIndex, card: number): boolean {
  const a = activeOf(g, p);
  if (a === null) return false;
  const level = def(g, a).stats.level;
  for (const e of def(g, card).effects) {
    if (e.kind !== "effect" || e.body.kind !== "seq") continue;
    for (const x of e.body.actions) {
      if (x.kind !== "restrictUse") continue;
      if (level !== null && x.levels.includes(level)) return false;
      if (x.abnormal && P(g, p).abnormal) return false;
    }
  }
  return true;
}

/** Levels a card forbids for the future ("Do not use with Level M"). */
function restrictedLevels(g: Game, card: number): Level[] {
  const out: Level[] = [];
  for (const e of def(g, card).effects) if (e.kind === "effect" && e.body.kind === "seq") for (const x of e.body.actions) if (x.kind === "restrictUse") out.push(...x.levels);
  return out;
}

/**
 * The DP a future costs in this evolution: its cost after the evo-box discounts the active
 * qualifies for (`cost`, turn.ts `evolveCost`), the context's "DP -X0" changes (4.8), and
 * every "DP -X0" entry of its box once per "Activate an evo-bonus" resolved (Evolution Phase
 * POINT: "Draw or discount your DP costs as much as you can"); never below 0.
 */
export function contextCost(g: Game, future: number, cost: number, ctx: EvoContext): number {
  let change = ctx.dpChange;
  if (ctx.bonusesActivated > 0) for (const e of def(g, future).stats.evo) if (e.kind === "discount") change += e.amount * ctx.bonusesActivated;
  return Math.max(0, cost + change);
}

/**
 * Whether `future` meets the requirements of the context for `current` (Evolution Phase
 * 5.1.2, 5.3.3): level one step up (or as "Enables"/"Ignore level" allow), a shared type
 * unless ignored, or the current name in the future's evo-box (ignores type and level, not
 * DP); DP ≥ the cost after discounts unless DP is ignored (and "Requires DP" forces it).
 */
export function meets(g: Game, p: PlayerIndex, future: number, current: number, ctx: EvoContext, checkDp = true): boolean {
  const f = def(g, future).stats;
  const c = def(g, current).stats;
  if (f.kind !== "Digimon" || f.level === null || c.level === null) return false;
  if (ctx.restrict.includes(f.level) || ctx.restrict.includes(c.level)) return false;
  // FAQ "Digimon without DP cost": only a Digimon with a printed DP cost can be evolved to
  // (by DP, or by the "by DP" rules of validity); "Evolve cards that ignore DP can not
  // override this because Ignoring DP only works if a card has DP printed on it."
  const cost = evolveCost(g, future, current);
  if (cost === null) return false;
  const ignoreDp = ctx.ignore.includes("dp") && !ctx.requireDp;
  if (checkDp && !ignoreDp && dpTotal(g, p) < contextCost(g, future, cost, ctx)) return false;
  if (namedInEvoBox(g, future, current)) return true;
  const step = LEVEL_ORDER[f.level] - LEVEL_ORDER[c.level];
  const levelOk =
    ctx.ignore.includes("level") ||
    ctx.enables.includes("anyLevel") ||
    step === 1 ||
    (step === 0 && ctx.enables.includes("sameLevel")) ||
    ctx.enables.includes(`${c.level}>${f.level}`);
  if (!levelOk) return false;
  if (ctx.ignore.includes("type")) return true;
  const ct = typesOf(g, current);
  return typesOf(g, future).some((t) => ct.includes(t));
}

/** Futures a player may play: from hand, and a Level M from the Destiny Zone (5.1.1, 5.3.2). */
function futures(g: Game, p: PlayerIndex): number[] {
  const out = cardsWhere(g, p, "hand", isFutureInHand);
  for (const id of g.zone(p, "destinyZone")) if (def(g, id).stats.level === "M") out.push(id);
  return out;
}

const isFutureInHand = (c: CompiledCard): boolean => c.stats.kind === "Digimon" && c.stats.level !== "M";

/** The DNA entry of a card's evo-box, if any (Evolution Phase 5.2.1). */
function dnaOf(g: Game, id: number): Extract<EvoEntry, { kind: "dna" }> | null {
  return (def(g, id).stats.evo.find((e) => e.kind === "dna") as Extract<EvoEntry, { kind: "dna" }> | undefined) ?? null;
}

/** Whether a card matches a DNA material: name, type and level all as given (5.2.2.1–5.2.2.3). */
function isMaterial(g: Game, id: number, m: DnaMaterial): boolean {
  const st = def(g, id).stats;
  if (m.name) {
    // 5.2.2.3: a DATA card is a material matching its name ("Mugendramon DATA" → Mugendramon).
    const names = st.markings.includes("DATA") ? [st.name.replace(/\s+DATA$/i, "")] : namesOf(g, id);
    if (!names.some((n) => nameMatches(n, m.name!))) return false;
  }
  if (m.type && !typesOf(g, id).includes(m.type)) return false;
  if (m.level && st.level !== m.level) return false;
  return true;
}

/** Whether a card "counts as a DNA material" by its own text (5.2.3.1, BIT-058 Jogress). */
function countsAsMaterial(g: Game, id: number): boolean {
  return def(g, id).effects.some((e) => e.kind === "effect" && e.body.kind === "seq" && e.body.actions.some((a) => a.kind === "countsAsDnaMaterial"));
}

/**
 * Whether the active plus the given materials fulfil a DNA entry: the active must be one of
 * the required materials (5.2.2.5) and every other required material is matched by a
 * distinct card of the evolve zone (a "counts as a DNA material" card matches any one).
 * With `anyOf` (materials split by commas) one listed material beside the active suffices.
 */
export function dnaMet(g: Game, active: number, dna: Extract<EvoEntry, { kind: "dna" }>, materials: readonly number[]): boolean {
  const ms = dna.materials;
  for (let i = 0; i < ms.length; i++) {
    if (!isMaterial(g, active, ms[i]!)) continue;
    const rest = dna.anyOf ? [] : ms.filter((_, k) => k !== i);
    if (dna.anyOf && materials.length === 0) continue;
    const pool = [...materials];
    const ok = rest.every((m) => {
      const k = pool.findIndex((id) => isMaterial(g, id, m) || countsAsMaterial(g, id));
      if (k < 0) return false;
      pool.splice(k, 1);
      return true;
    });
    if (ok && (!dna.anyOf || materials.some((id) => ms.some((m, k) => k !== i && isMaterial(g, id, m)) || countsAsMaterial(g, id)))) return true;
  }
  return false;
}

/** Evolution Phase task handlers. */
export const EVOLUTION_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /**
   * Evolution Phase 3 and 5: choose a method. An Abnormal active may only evolve by an
   * Evolution card (3.1); after a Partner Evolution the phase is skipped (3.2); one
   * evolution per turn (5, fact 1).
   */
  "dbe.evolve.method"(g, t) {
    enter(g, "evolve", "5");
    const p = g.state.turnPlayer;
    const s = P(g, p);
    const a = activeOf(g, p);
    if (a === null || s.evolved || s.partnerEvolved) return;
    const options: { label: string; value: Json }[] = [{ label: "No evolution", value: null }];
    const dp = newContext("dp", null, a);
    // 5.1.3: evolving by Evolution card ignores "evolution-prohibiting effects" by default —
    // the other methods (by DP, EVOLVE cards, DNA) respect them ("cannot evolve").
    // "cannot evolve": lingering, or continuous (a PASSIVE restriction: continuous.ts).
    const cannotEvolve = prohibits(g, p, "evolve");
    if (!s.abnormal && !cannotEvolve) {
      // 5.3 without an EVOLVE card: choosing a valid Future is evolving by DP with it.
      for (const id of futures(g, p)) if (meets(g, p, id, a, dp)) options.push({ label: `${cardName(g, id)} (${evolveCost(g, id, a)} DP)`, value: { method: "dp", card: id } });
      if (!s.evolveCardPlayed && evolveCards(g, p).length) options.push({ label: "By DP with an EVOLVE card", value: { method: "dp", card: null } });
      if (!s.evolveCardPlayed)
        for (const id of futures(g, p)) {
          const dna = dnaOf(g, id);
          if (dna && dna.materials.some((m) => isMaterial(g, a, m))) options.push({ label: `By DNA: ${cardName(g, id)}`, value: { method: "dna", card: id } });
        }
    }
    // 4.10 / 5.1.4: an Evolution card that bolsters evolving by DP is played with that method;
    // an Abnormal active may still reveal and play it (3.1), without evolving (3.1.2).
    if (!s.evolveCardPlayed)
      for (const id of g.zone(p, "hand"))
        if (def(g, id).stats.kind === "Evolution" && usable(g, p, id) && (s.abnormal || !bolstersDp(g, id))) options.push({ label: `By Evolution card: ${cardName(g, id)}`, value: { method: "card", card: id } });
    if (options.length === 1) return;
    if (t.answer === undefined) {
      g.ask(p, "evolutionMethod", "Evolve? Choose a Future to evolve to by DP, or a method (Evolution Phase 5)", options, 1, 1, t);
      return;
    }
    const v = options[t.answer[0]!]!.value as { method: Method; card: number | null } | null;
    if (v === null) return;
    if (v.method === "card") {
      const card = v.card!;
      g.move(card, p, "evolveZone");
      g.set(s, "evolveCardPlayed", true);
      setContext(g, { ...newContext("card", card, a), restrict: restrictedLevels(g, card) });
      g.logger?.emit("evolveCard", p, `${who(g, p)} plays ${nameOf(g, card)} into the Evolution Zone: evolving by Evolution card (Evolution Phase 5.1)`, { card });
      if (s.abnormal && bolstersDp(g, card)) {
        // 3.1.2 / 4.10: it does not allow an Abnormal to evolve (abnormals cannot evolve by
        // DP); its other effects still resolve, then the rest of the phase is skipped.
        updateContext(g, { done: true });
        g.logger?.emit("evolveFail", p, `${nameOf(g, card)} does not let an Abnormal evolve: no evolution; its other effects still resolve (Evolution Phase 3.1.2, 4.10)`);
        g.push({ t: "dbe.evolve.finish" });
      } else g.push({ t: "dbe.evolve.future" }, { t: "dbe.evolve.finish" });
      // 5.1.4 before 5.1.1's Future is checked: the card's sentences change the requirements
      // ("Ignore …", "Enables …"), so they resolve first (queued last: the agenda is a stack).
      queueTiming(g, card, p, "", "card");
    } else if (v.method === "dna") g.push({ t: "dbe.evolve.dna", future: v.card! });
    else {
      setContext(g, dp);
      if (v.card === null) {
        g.logger?.emit("evolveByDp", p, `${who(g, p)} evolves by DP, with an EVOLVE card (Evolution Phase 5.3)`);
        g.push({ t: "dbe.evolve.evolveCard" }, { t: "dbe.evolve.future" }, { t: "dbe.evolve.finish" });
      } else g.push({ t: "dbe.evolve.flats", future: v.card }, { t: "dbe.evolve.finish" });
    }
  },
  /** 5.3.1: the turn player may play one EVOLVE timing card into the evolve zone. */
  "dbe.evolve.evolveCard"(g, t) {
    const p = g.state.turnPlayer;
    const s = P(g, p);
    if (s.evolveCardPlayed) return;
    const cards = evolveCards(g, p);
    if (!cards.length) return;
    if (t.answer === undefined) {
      g.ask(p, "chooseCards", "Play an EVOLVE card? (Evolution Phase 5.3.1)", cardOptions(g, cards, { label: "None", value: null }), 1, 1, t);
      return;
    }
    if (t.answer[0] === 0) return;
    const id = cards[t.answer[0]! - 1]!;
    g.move(id, p, "evolveZone");
    g.set(s, "evolveCardPlayed", true);
    updateContext(g, { card: id, restrict: restrictedLevels(g, id) });
    g.logger?.emit("evolveCard", p, `${who(g, p)} plays ${nameOf(g, id)} into the Evolution Zone (Evolution Phase 5.3.1)`, { card: id });
    queueTiming(g, id, p, "", "dp");
  },
  /**
   * 5.3.3.7: when evolving by DP with flat tokens, the player may lower their DP by 10 per
   * flat token removed (Glossary "Flatten" 5), as long as the Future's cost stays met; then
   * the "When evolving" sentences and the evolution (5.3.4–5.3.8).
   */
  "dbe.evolve.flats"(g, t) {
    const p = g.state.turnPlayer;
    const s = P(g, p);
    const ctx = evoContext(g)!;
    const future = t.future as number;
    const a = activeOf(g, p)!;
    const ignoreDp = ctx.ignore.includes("dp") && !ctx.requireDp;
    const cost = contextCost(g, future, evolveCost(g, future, a) ?? 0, ctx);
    const most = ignoreDp ? 0 : Math.min(s.flats, Math.floor((dpTotal(g, p) - cost) / 10));
    if (most > 0 && t.answer === undefined) {
      g.ask(p, "yesNo", "Remove flat tokens for -10 DP each? (Evolution Phase 5.3.3.7)", Array.from({ length: most + 1 }, (_, k) => ({ label: k === 0 ? "None" : `Remove ${k} (DP -${k * 10})`, value: k })), 1, 1, t);
      return;
    }
    const k = t.answer?.[0] ?? 0;
    if (k > 0) {
      const dpBefore = g.logger ? dpTotal(g, p) : 0;
      g.set(s, "flats", s.flats - k);
      g.set(s, "dpExtra", s.dpExtra - k * 10);
      g.logger?.emit("flat", p, `${activeText(g, p)} loses ${count(k, "flat token")} (${s.flats} left) for DP ${dpBefore} → ${dpTotal(g, p)} (Evolution Phase 5.3.3.7)`);
    }
    // 5.3.4: the sentences of the EVOLVE card ("When evolving [by DP]") resolve before the
    // Future is placed (5.3.8); queued after the placement so that they run first.
    g.push({ t: "dbe.evolve.place", future });
    queueTimingAll(g, g.zone(p, "evolveZone"), p, "when", ctx.method);
  },
  /**
   * 5.1.1–5.1.8 / 5.3.2–5.3.8: play the Future, check the requirements, and evolve; or fail
   * (5.1.6: the future goes back, the card finishes resolving, the rest of the phase is skipped).
   */
  "dbe.evolve.future"(g, t) {
    const p = g.state.turnPlayer;
    const ctx = evoContext(g);
    const a = activeOf(g, p);
    if (!ctx || ctx.done || a === null) return;
    // A card that evolves by its own text (Matrix Evolve) has resolved without evolving: its
    // evolution misfired, so evolution fails (5.1.6) — no Future is played from the hand.
    const valid = ctx.card !== null && evolvesByItself(g, ctx.card) ? [] : futures(g, p).filter((id) => meets(g, p, id, a, ctx));
    if (valid.length === 0) {
      g.logger?.emit("evolveFail", p, `${who(g, p)} has no Future that meets the requirements: evolution fails (Evolution Phase 5.1.6 / 5.3.6)`);
      updateContext(g, { done: true });
      return;
    }
    if (t.answer === undefined) {
      g.ask(p, "chooseCards", "Play the Future (Evolution Phase 5.1.1 / 5.3.2)", cardOptions(g, valid), 1, 1, t);
      return;
    }
    const future = valid[t.answer[0]!]!;
    if (ctx.method === "dp") {
      g.push({ t: "dbe.evolve.flats", future });
      return;
    }
    // 5.1.4 / 4.9: "When evolving" sentences of the cards in the evolve zone resolve while
    // the valid Future waits there, before it is placed (5.1.8): queued after the placement,
    // so that they run first (the agenda is a stack).
    g.push({ t: "dbe.evolve.place", future });
    queueTimingAll(g, g.zone(p, "evolveZone"), p, "when", ctx.method);
  },
  /** 5.1.8–5.1.9 / 5.3.8–5.3.9: place the Future, bonuses, then "After evolving" sentences. */
  "dbe.evolve.place"(g, t) {
    const p = g.state.turnPlayer;
    const ctx = evoContext(g)!;
    const future = t.future as number;
    const previous = ctx.previous;
    evolveInto(g, p, future, ctx.method === "card" ? "by Evolution card: Evolution Phase 5.1.8" : ctx.method === "dna" ? "by DNA: Evolution Phase 5.2.6" : "by DP: Evolution Phase 5.3.8");
    updateContext(g, { done: true });
    // Resolution order: evo-bonuses, then "After evolving" (5.1.9 / 5.3.9); by DNA, "When
    // evolving" then "After evolving" once the Future is placed (5.2.8). Queued in reverse:
    // the agenda is a stack.
    queueTiming(g, future, p, "after", ctx.method);
    queueTimingAll(g, g.zone(p, "evolveZone"), p, "after", ctx.method);
    if (ctx.method === "dna") queueTimingAll(g, g.zone(p, "evolveZone"), p, "when", ctx.method);
    // 5.2.7: evolving by DNA does not activate an evo-bonus (on its own: an effect that
    // activates them does, below).
    if (previous !== null && ctx.method !== "dna") g.push(...evoBonusTasks(g, p, future, previous));
    // Evolution Phase POINT "activate an evo-bonus": each activation during this evolution
    // applies every bonus of the future's box (permanent ones once ever: turn.ts bonusTasks).
    for (let k = 0; k < ctx.bonusesActivated; k++) g.push(...bonusTasks(g, p, future, () => true, `activated: Evolution Phase POINT "activate an evo-bonus"`));
  },
  /**
   * 5.1.10 / 5.3.10: discard all DP unless ignoring DP (Super Tag deletes itself instead);
   * then the evolve zone is cleared and the phase ends (5.1.11).
   */
  "dbe.evolve.finish"(g) {
    const p = g.state.turnPlayer;
    const ctx = evoContext(g);
    if (ctx?.done && P(g, p).evolved && (ctx.method === "card" || ctx.method === "dp")) {
      const ignoreDp = ctx.ignore.includes("dp") && !ctx.requireDp;
      if (ctx.deleteInstead !== null && ctx.method === "dp") {
        const deleted = ctx.deleteInstead;
        g.move(deleted, g.card(deleted).holder, "deleted");
        g.logger?.emit("delete", p, `${ownedCard(g, deleted)} is deleted instead of discarding all own DP (Evolution Phase 5.3.10)`);
      } else if (!ignoreDp) {
        const dp = [...g.zone(p, "dp")];
        const before = g.logger ? dpTotal(g, p) : 0;
        for (const id of dp) g.move(id, p, "trash");
        g.set(P(g, p), "dpExtra", 0);
        // Not a "discards" event: the Glossary's Discard is from the hand (docs/runtime.md
        // "Events raised by rules actions").
        g.logger?.emit("discardDp", p, `${activeText(g, p)} has evolved: ${who(g, p)} discards all DP${dp.length ? ` (${cardsText(g, dp)}) into the trash` : ""}: DP ${before} → ${dpTotal(g, p)} (Evolution Phase ${ctx.method === "card" ? "5.1.10" : "5.3.10"})`, { cards: dp });
      }
    }
    const rest = [...g.zone(p, "evolveZone")];
    for (const id of rest) g.move(id, p, "trash");
    if (rest.length) g.logger?.emit("evolveZone", p, `${cardsText(g, rest)} ${rest.length === 1 ? "goes" : "go"} from the Evolution Zone into the trash (Evolution Phase 5.1.11 / 5.2.9 / 5.3.11)`, { cards: rest });
    setContext(g, null);
  },
  /**
   * 5.2, Evolving by DNA: the DNA Future goes to the evolve zone (it is the turn's EVOLVE
   * card, 5.2.2.4), materials from hand join it; with the active as one material the
   * future evolves ignoring DP (5.2.4), without evo-bonus (5.2.7). Otherwise evolution
   * fails: the future goes back and the materials are trashed (5.2.3.2).
   */
  "dbe.evolve.dna"(g, t) {
    const p = g.state.turnPlayer;
    const s = P(g, p);
    const future = t.future as number;
    const a = activeOf(g, p)!;
    const dna = dnaOf(g, future)!;
    if (t.answer === undefined) {
      if (g.card(future).zone !== "evolveZone") {
        g.set(g.card(future).vars, "dnaFrom", g.card(future).zone);
        g.move(future, p, "evolveZone");
        g.set(s, "evolveCardPlayed", true);
        setContext(g, newContext("dna", future, a));
        g.logger?.emit("dna", p, `${who(g, p)} places ${nameOf(g, future)} into the Evolution Zone to evolve by DNA (Evolution Phase 5.2)`);
      }
      const cands = g.zone(p, "hand").filter((id) => dna.materials.some((m) => isMaterial(g, id, m)) || countsAsMaterial(g, id));
      g.ask(p, "chooseCards", "Place DNA materials from hand (Evolution Phase 5.2.3)", cardOptions(g, cands), 0, cands.length, t);
      return;
    }
    const cands = g.zone(p, "hand").filter((id) => dna.materials.some((m) => isMaterial(g, id, m)) || countsAsMaterial(g, id));
    const mats = t.answer.map((i) => cands[i]!);
    for (const id of mats) g.move(id, p, "evolveZone");
    g.logger?.emit("dnaMaterials", p, mats.length ? `${who(g, p)} places ${cardsText(g, mats)} from the hand into the Evolution Zone as DNA materials (Evolution Phase 5.2.3)` : `${who(g, p)} places no DNA material (Evolution Phase 5.2.3)`, { cards: mats });
    // 5.2.3.1 → 5.2.3.2: "Some cards may count 'as materials' which also have other effects.
    // Resolve them now", then check "after all effects resolve". A Digimon material is only a
    // material: its own (SUPPORT) text does not resolve. Queued after the check so that they
    // run first (the agenda is a stack).
    g.push({ t: "dbe.evolve.dnaCheck", future });
    queueTimingAll(g, mats.filter((id) => countsAsMaterial(g, id)), p, "", "dna");
  },
  /** 5.2.3.2 and 5.2.6: check the DNA requirements and evolve or fail. */
  "dbe.evolve.dnaCheck"(g, t) {
    const p = g.state.turnPlayer;
    const future = t.future as number;
    const a = activeOf(g, p)!;
    const mats = g.zone(p, "evolveZone").filter((id) => id !== future);
    if (dnaMet(g, a, dnaOf(g, future)!, mats)) {
      g.push({ t: "dbe.evolve.place", future }, { t: "dbe.evolve.finish" });
      return;
    }
    const back = (g.card(future).vars.dnaFrom as string | undefined) ?? "hand";
    // Back under the Destiny Zone's top card: the Mastery card stays on top (Pre-Game Setup 2).
    g.move(future, p, back, back === "destinyZone" ? "bottom" : "top");
    g.logger?.emit("evolveFail", p, `DNA requirements not met: ${nameOf(g, future)} goes back to the ${back === "destinyZone" ? "Destiny Zone" : "hand"}, the materials are trashed (Evolution Phase 5.2.3.2)`);
    g.push({ t: "dbe.evolve.finish" });
  },
};

/**
 * The cards a player may play into the evolve zone when evolving by DP (5.3.1): EVOLVE timing
 * cards, and Evolution cards ("Evolution cards (yellow border) are allowed here but not
 * recommended for this method unless it says 'when evolving by DP'"), unless their "Do not
 * use with" forbids them.
 */
function evolveCards(g: Game, p: PlayerIndex): number[] {
  return g.zone(p, "hand").filter((id) => (isEvolveTiming(g, id) || def(g, id).stats.kind === "Evolution") && usable(g, p, id));
}

/** Whether a card has the EVOLVE card timing (Anatomy item 13). */
export function isEvolveTiming(g: Game, id: number): boolean {
  return def(g, id).stats.timings.includes("EVOLVE");
}

/**
 * Effect evolution ("Effect Evolution"): evolve the controller's active to a card matching
 * `to` from a zone; "valid" uses the by-DP rules of level and type (DP ignored by default);
 * "as evolved" changes the active without the act of evolving. Inside an Evolution card's
 * resolution it is that method's evolution (BIT-054 Matrix Evolve). The caller checks there
 * is a candidate first (a failed effect evolution misfires: effects.ts `evolve`).
 */
export function effectEvolve(g: Game, p: PlayerIndex, id: number, asEvolved: boolean): void {
  const ctx = evoContext(g);
  const previous = activeOf(g, p);
  if (g.card(id).zone === "deck") {
    // The cards of the last reveal stay on top of the deck (effects.ts `reveal`): the picked
    // card is one of them only while it is still within that top.
    const shown = (g.state.vars.revealed as number[] | undefined) ?? [];
    const separated = shown.includes(id) && g.zone(p, "deck").slice(-shown.length).includes(id);
    g.move(id, p, "hand");
    // FAQ "Cherrypicking Rules": a deck picked from is shuffled — but not when the cards were
    // revealed from its top first (Matrix Evolve: "no shuffle is necessary since the cards
    // were already separated"; the others go back in the same order).
    if (!separated) g.shuffle(p, "deck");
  }
  const s = P(g, p);
  const used = s.evolved;
  // "As evolved" as 000 reads it (Evolution Phase 4.6: not the act of evolving); 003 reads it
  // as evolving (features.ts `asEvolvedIsEvolving`).
  const notEvolving = asEvolved && !feature(g, "asEvolvedIsEvolving");
  const inMethod = ctx !== null && !ctx.done;
  const counts = evolutionCounts(g, asEvolved);
  evolveInto(
    g,
    p,
    id,
    notEvolving
      ? "as evolved: Evolution Phase 4.6, not the act of evolving"
      : inMethod
        ? `by ${ctx.method === "card" ? "Evolution card" : ctx.method === "dna" ? "DNA" : "DP"}: Evolution Phase 5`
        : counts
          ? `${asEvolved ? "as evolved, an evolution" : "Effect Evolution"}: the turn's one evolution (003, Evolution Phase 5.2)`
          : "Effect Evolution",
    notEvolving,
  );
  // Outside a method an effect evolution is not the 1 evolution per turn (000, Effect
  // Evolution), unless the rules say it is (003, Evolution Phase 5.2: `evolutionCounts`).
  if (notEvolving || (!inMethod && !counts)) g.set(s, "evolved", used);
  if (inMethod && !notEvolving) {
    updateContext(g, { done: true });
    // Evo-bonuses, then "After evolving" (5.1.9); queued in reverse (the agenda is a stack).
    queueTimingAll(g, g.zone(p, "evolveZone"), p, "after", ctx.method);
    if (previous !== null) g.push(...evoBonusTasks(g, p, id, previous));
  }
}

/** Candidates of an effect evolution: cards of `from` matching `to` (and valid when asked). */
export function evolveCandidates(g: Game, p: PlayerIndex, to: CardFilter, from: string): number[] {
  const a = activeOf(g, p);
  const ctx = evoContext(g) ?? newContext("effect", null, a);
  const zone = from === "revealed" ? ((g.state.vars.revealed as number[] | undefined) ?? []).filter((id) => g.card(id).owner === p) : [...g.zone(p, from)];
  return zone.filter((id) => {
    if (def(g, id).stats.kind !== "Digimon" || !matches(g, id, to)) return false;
    if (!to.valid || a === null) return true;
    // "Requires DP" inside an Evolution card: the DP cost must be met (4.15).
    return meets(g, p, id, a, { ...ctx, ignore: ctx.requireDp ? ctx.ignore : [...ctx.ignore, "dp"] }, true);
  });
}

/**
 * Whether an effect evolution is (and uses) the turn's one evolution: never by the DBE rules
 * (000, Effect Evolution: "not restricted to the '1 evolution act per turn' rule"); always by
 * DMB's (003, Evolution Phase 5.2), "as evolved" included where the rules read it as
 * evolving (features.ts `effectEvolutionIsTheEvolution`, `asEvolvedIsEvolving`). Read by
 * {@link effectEvolve} and effects.ts `evolve`.
 * @param asEvolved the effect evolves "as evolved"
 */
export function evolutionCounts(g: Game, asEvolved: boolean): boolean {
  return feature(g, "effectEvolutionIsTheEvolution") && (!asEvolved || feature(g, "asEvolvedIsEvolving"));
}
