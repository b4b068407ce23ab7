/**
 * Digivolution (002 chapter 8): digivolving a
 * Digimon into a card in the hand by its digivolution requirements (colour and level, and
 * cost: §2-13, §8-1), and DNA digivolution from two Digimon in the battle area (§8-2).
 * Burst Digivolve (§8-3): a digivolution rule read from the card's {@link DcgCardRules} (`model.ts`:
 * `DcgCard` does not carry it yet), offered in the main phase beside ordinary digivolution.
 */
import type { Game, Task } from "../../core/engine.ts";
import type { PlayerIndex } from "../../core/state.ts";
import type { DcgDna, DcgDnaPart } from "../../lang/dcg/card.ts";
import { P, addLasting, ask, canPay, cardName, cardRules, def, isDigimon, isDigimonCard, isTamer, memoryOf, pay, permName, topOf, who, type DcgCard, type DcgCardRules, type DcgPermanent, type DcgZone } from "./model.ts";
import { hostOf, raise } from "./events.ts";
import { colorsOf, costWith, keywordLines, levelOf } from "./continuous.ts";
import { areaOf, detachSource, drawCards, enterPlay, mergeForDna, sendPermanent, stackOnTop, suspend } from "./moves.ts";

/**
 * How an effect changes a digivolution (002 §8-1-2, effects that digivolve: "digivolve into …
 * without paying the cost", "for a digivolution cost of 3", "ignoring its digivolution
 * requirements", "ignoring color requirements"). Absent fields: as the rules say.
 */
export interface DigivolveWay {
  /** The cost is not paid. */
  free?: boolean;
  /** The digivolution cost is this instead of the requirement's (13-2-5-4: a cost set to a value). */
  cost?: number;
  /** Requirements not checked: "color" (only the level), "level" (only the colour), "all". */
  ignore?: "color" | "level" | "all";
}

/**
 * The digivolve cost of digivolving `perm` into `card` (002 §8-1-2-1..2): the cheapest of the
 * card's requirements that `perm` meets — a Digimon of the requirement's level with one of its
 * colours (§2-13-1; 001 "If a card has multiple digivolution requirements, a Digimon must only
 * satisfy one") — with the cost modifiers in force (DGV-2). Null when none is met, when `perm`
 * is not a Digimon, is a Token (§4-19-2-1), or has no level (§13-7-5). An effect's `way` may
 * fix the cost or set requirements aside.
 */
export function digivolveCost(g: Game, perm: DcgPermanent, card: number, way: DigivolveWay = {}): number | null {
  const c = def(g, card);
  if (c.stats.kind !== "Digimon" || perm.token) return null;
  const top = def(g, topOf(perm));
  // "… onto one of your red Tamers as if the Tamer is a level 3 red Digimon" (002 §1-3-1: card text over the rules) sets the requirements aside.
  if (!isDigimonCard(top) && !(way.ignore === "all" && top.stats.kind === "Tamer")) return null;
  const level = levelOf(g, perm);
  const colors = colorsOf(g, perm);
  let best: number | null = null;
  if (way.ignore === "all") best = 0;
  else
    for (const r of c.stats.digivolve) {
      const levelOk = way.ignore === "level" || (typeof level === "number" && r.level === level);
      const colorOk = way.ignore === "color" || r.colors.some((x) => colors.includes(x));
      if (levelOk && colorOk && (best === null || r.cost < best)) best = r.cost;
    }
  if (best === null) return null;
  if (way.free) return 0;
  return costWith(g, perm.owner, way.cost ?? best, { kind: "digivolve", card, perm });
}

/** The <Digisorption −N> of a card (002 §12-10-1): N, or 0 when it has none (the largest of several). */
export function digisorptionOf(c: DcgCard): number {
  return Math.max(0, ...digisorptionsOf(c));
}

/** Each <Digisorption −N> of a card, largest first (002 §12-10-2: several do not merge; each may be activated for the same digivolution). */
export function digisorptionsOf(c: DcgCard): number[] {
  const out: number[] = [];
  for (const k of keywordLines(c).effect) if (k.name === "digisorption") out.push(-(k.value ?? 0));
  return out.sort((a, b) => b - a);
}

/**
 * The Digimon player `p` may suspend for a <Digisorption> (002 §12-10-1, §12-10-5: the one
 * digivolving may be it; §12-10-3: only when it is in the battle area): their unsuspended
 * battle-area Digimon.
 */
function digisorptionCandidates(g: Game, p: PlayerIndex, perm: DcgPermanent): DcgPermanent[] {
  if (areaOf(g, perm) !== "battle") return [];
  return P(g, p).battle.filter((x) => !x.suspended && isDigimon(g, x));
}

/**
 * Whether player `p` may digivolve `perm` (theirs, in the battle or breeding area: §8-1-2-1,
 * §3-4-1) into `card` now: a requirement is met, the cost — less what a <Digisorption> of the
 * card could take off (§12-10-1) — can be paid, and no effect forbids it.
 */
export function canDigivolve(g: Game, p: PlayerIndex, perm: DcgPermanent, card: number, way: DigivolveWay = {}): boolean {
  if (perm.owner !== p) return false;
  const cost = digivolveCost(g, perm, card, way);
  if (cost === null || hostOf(g).forbids(g, { act: "digivolve", perm, card })) return false;
  // Each <Digisorption> suspends its own Digimon (002 §12-10-2): at most as many as there are to suspend.
  const k = g.card(card).zone === "hand" ? digisorptionCandidates(g, p, perm).length : 0;
  const sorb = digisorptionsOf(def(g, card)).slice(0, k).reduce((a, b) => a + b, 0);
  return canPay(g, p, Math.max(0, cost - sorb));
}

/** Whether a Digimon meets one part of a DNA requirement (002 §8-2-1): by name, or by colour and level. */
export function dnaPartMet(g: Game, part: DcgDnaPart, perm: DcgPermanent): boolean {
  const top = def(g, topOf(perm));
  if (!isDigimonCard(top) || perm.token) return false;
  if (part.kind === "name") return top.stats.name === part.name;
  return levelOf(g, perm) === part.level && colorsOf(g, perm).includes(part.color);
}

/** Whether a Digimon card in the hand meets one part of a DNA requirement (002 §8-2-1; <Blast DNA Digivolve> §12-31-1, §12-31-5): by name, or by colour and level. */
export function dnaPartMetByCard(g: Game, part: DcgDnaPart, card: number): boolean {
  const c = def(g, card);
  if (c.stats.kind !== "Digimon") return false;
  if (part.kind === "name") return c.stats.name === part.name;
  return c.stats.level === part.level && c.stats.colors.includes(part.color);
}

/** One way to <Blast DNA Digivolve> (002 §12-31-1): the requirement, the Digimon in play, the card in the hand and the requirement's part it fills. */
export interface BlastDnaChoice {
  req: number;
  perm: number;
  hand: number;
  handPart: number;
  cost: number;
}

/**
 * The ways player `p` can <Blast DNA Digivolve> into `card` in the hand (002 §12-31-1): a
 * Digimon of theirs in the battle area and a Digimon card in their hand, both among the names
 * the keyword specifies, filling the two parts of one of the card's DNA requirements (§12-31-5:
 * the requirements are not set aside), with the DNA cost, with the modifiers in force, payable.
 */
export function blastDnaChoices(g: Game, p: PlayerIndex, card: number, names: readonly string[]): BlastDnaChoice[] {
  const c = def(g, card);
  const out: BlastDnaChoice[] = [];
  c.stats.dna.forEach((r: DcgDna, req) => {
    if (r.from.length !== 2) return;
    for (let handPart = 0; handPart < 2; handPart++) {
      const permPart = r.from[1 - handPart]!;
      for (const perm of P(g, p).battle) {
        if (!names.includes(def(g, topOf(perm)).stats.name) || !dnaPartMet(g, permPart, perm)) continue;
        const cost = costWith(g, p, r.cost, { kind: "dna", card, perms: [perm] });
        if (!canPay(g, p, cost)) continue;
        for (const hand of g.zone(p, "hand")) if (hand !== card && names.includes(def(g, hand).stats.name) && dnaPartMetByCard(g, r.from[handPart]!, hand)) out.push({ req, perm: perm.id, hand, handPart, cost });
      }
    }
  });
  return out;
}

/** One way to DNA digivolve: the requirement's index and the bases, in the requirement's order (left first). */
export interface DnaChoice {
  req: number;
  perms: number[];
}

/**
 * The ways player `p` can DNA digivolve into `card` now (DNA-1; 002 §8-2-10-1, §4-21-1: from
 * Digimon in the battle area): for each requirement, each assignment of distinct battle-area
 * Digimon to its parts, in order, whose cost can be paid.
 */
export function dnaChoices(g: Game, p: PlayerIndex, card: number): DnaChoice[] {
  const c = def(g, card);
  if (c.stats.kind !== "Digimon" || c.stats.dna.length === 0) return [];
  const battle = P(g, p).battle;
  const out: DnaChoice[] = [];
  c.stats.dna.forEach((r: DcgDna, req) => {
    const cost = costWith(g, p, r.cost, { kind: "dna", card, perms: [] });
    if (!canPay(g, p, cost)) return;
    const pick = (i: number, used: number[]): void => {
      if (i === r.from.length) {
        out.push({ req, perms: [...used] });
        return;
      }
      for (const perm of battle) if (!used.includes(perm.id) && dnaPartMet(g, r.from[i]!, perm)) pick(i + 1, [...used, perm.id]);
    };
    pick(0, []);
  });
  return out;
}

// ─── Burst Digivolve (002 §8-3) ────────────────────────────────────────────

/** One way to Burst Digivolve: the requirement's index, the Digimon, the cost with the modifiers in force. */
export interface BurstChoice {
  req: number;
  perm: DcgPermanent;
  cost: number;
}

/**
 * The Tamers player `p` may return for a Burst Digivolve requirement (002 §8-3-11: only a
 * Tamer it specifies in the battle area; §8-3-18-1).
 */
export function burstTamers(g: Game, p: PlayerIndex, tamer: string): DcgPermanent[] {
  return P(g, p).battle.filter((x) => isTamer(g, x) && def(g, topOf(x)).stats.name === tamer);
}

/**
 * The Burst Digivolves player `p` can declare into `card` in the hand now (002 §8-3-18-1):
 * for each Burst Digivolve requirement of the card, each of `p`'s Digimon it specifies in the
 * battle or breeding area (§8-3-5) — not a Token (§4-19-2-1) — while a Tamer it specifies is
 * in `p`'s battle area (§8-3-11), no effect forbids the digivolution (§8-3-10), and the cost,
 * with the cost modifiers in force (§8-3-7, §8-3-18-4), can be paid.
 */
export function burstChoices(g: Game, p: PlayerIndex, card: number): BurstChoice[] {
  const c = def(g, card);
  const reqs = cardRules(c).burst;
  if (!reqs || c.stats.kind !== "Digimon" || g.card(card).zone !== "hand") return [];
  const s = P(g, p);
  const mine = s.breeding ? [...s.battle, s.breeding] : s.battle;
  const out: BurstChoice[] = [];
  reqs.forEach((r, req) => {
    if (burstTamers(g, p, r.tamer).length === 0) return;
    for (const perm of mine) {
      if (perm.token || !isDigimon(g, perm) || def(g, topOf(perm)).stats.name !== r.from) continue;
      if (hostOf(g).forbids(g, { act: "digivolve", perm, card })) continue;
      const cost = costWith(g, p, r.cost, { kind: "digivolve", card, perm });
      if (canPay(g, p, cost)) out.push({ req, perm, cost });
    }
  });
  return out;
}

/** The Burst Digivolve requirements of a card (002 §8-3-1), for callers that read {@link DcgCardRules}. */
export function burstOf(c: DcgCard): NonNullable<DcgCardRules["burst"]> {
  return cardRules(c).burst ?? [];
}

/** Digivolution task handlers. */
export const DIGIVOLVE_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /**
   * DGV-1..6 (002 §8-1-2): reveal `card`, stack it on `perm`, pay the digivolve cost, draw 1
   * (the digivolution bonus: §8-1-2-3; nothing from an empty deck, no loss: §12-8-5). The same
   * Digimon keeps its state — a suspended one stays suspended (§8-1-2-6) — and whether it was
   * played this turn (001 Q&A Main Q2). Raises `digivolved` ([When Digivolving] in the battle
   * area only: §3-4-5). A digivolution no longer possible fails; the card stays (§8-1-2-5).
   */
  "dcg.digivolve"(g, t) {
    const card = t.card as number;
    const p = t.p as PlayerIndex;
    const way = (t.way ?? {}) as DigivolveWay;
    const perm = P(g, p).battle.find((x) => x.id === t.perm) ?? (P(g, p).breeding?.id === t.perm ? P(g, p).breeding! : undefined);
    const cost = perm ? digivolveCost(g, perm, card, way) : null;
    const fails = () => g.logger?.emit("digivolveFails", p, `${who(p)} cannot digivolve into ${cardName(g, card)}: the digivolution fails and the card stays where it was (002 §8-1-2-5)`, { card });
    if (!perm || cost === null || hostOf(g).forbids(g, { act: "digivolve", perm, card })) {
      fails();
      return;
    }
    // <Digisorption −N> (002 §12-10-1): before paying, 1 Digimon may be suspended to lower the cost — for each <Digisorption> of the card in turn (§12-10-2).
    const sorbs = g.card(card).zone === "hand" && !way.free ? digisorptionsOf(def(g, card)) : [];
    let reduced = (t.reduced as number | undefined) ?? 0;
    let i = (t.sorb as number | undefined) ?? 0;
    if (t.answer !== undefined && i < sorbs.length) {
      const pick = digisorptionCandidates(g, p, perm)[t.answer[0]! - 1];
      if (pick) {
        suspend(g, pick, "effect");
        reduced += sorbs[i]!;
        g.logger?.emit("digisorption", p, `<Digisorption -${sorbs[i]}>: ${permName(g, pick)} is suspended; the digivolution cost is reduced by ${sorbs[i]} (002 §12-10-1)`, { perm: pick.id });
      }
      i++;
      delete t.answer;
    }
    for (; i < sorbs.length && cost - reduced > 0; i++) {
      const cands = digisorptionCandidates(g, p, perm);
      if (cands.length === 0) break;
      t.sorb = i;
      t.reduced = reduced;
      const sorb = sorbs[i]!;
      ask(g, p, "chooseCards", `<Digisorption -${sorb}>: suspend 1 of your Digimon to reduce the digivolution cost by ${sorb}? (002 §12-10-1)`, [{ label: "No", value: null }, ...cands.map((x) => ({ label: `Suspend ${permName(g, x)}`, value: x.id }))], 1, 1, t);
      return;
    }
    const final = Math.max(0, cost - reduced);
    if (!canPay(g, p, final)) {
      fails();
      return;
    }
    const from = permName(g, perm);
    const fromZone = g.card(card).zone;
    if (fromZone === "battle" || fromZone === "breeding") detachSource(g, card);
    stackOnTop(g, perm, card);
    if (!way.free) hostOf(g).paid(g, p, { kind: "digivolve", card, perm });
    pay(g, p, final);
    const [bonus] = drawCards(g, p, 1, "bonus");
    const area = areaOf(g, perm);
    g.logger?.emit(
      "digivolve",
      p,
      `${from} digivolves into ${cardName(g, card)} for ${final} memory${perm.suspended ? ", staying suspended (002 §8-1-2-6)" : ""}; memory ${memoryOf(g, p)}; digivolution bonus: ${bonus === undefined ? "the deck is empty, no card" : `draws ${cardName(g, bonus)}`} (002 §8-1-2-3)`,
      { card, perm: perm.id, cost: final, area },
    );
    raise(g, { e: "digivolved", perm: perm.id, card, player: p, method: "digivolve", area, from: fromZone as DcgZone, byEffect: t.byEffect === true });
  },

  /**
   * DNA-1..3 (002 §8-2-10): pay the DNA cost; the bases become one new Digimon — the left
   * requirement's base on top, each base keeping its cards in order (§8-2-6, §8-2-7) — under
   * `card`; draw 1. The new Digimon is unsuspended without "becoming unsuspended" (§8-2-5),
   * has lost the effects on its bases (§8-2-2) and may attack this turn (§8-2-4). Raises
   * `digivolved` (method "dna": §8-2-9, §10-4-3-5). Args: `card`, `p`, `req`, `perms` (left first).
   */
  "dcg.dna"(g, t) {
    const card = t.card as number;
    const p = t.p as PlayerIndex;
    const r = def(g, card).stats.dna[t.req as number];
    const bases = (t.perms as number[]).map((id) => P(g, p).battle.find((x) => x.id === id));
    const cost = t.free === true ? 0 : r ? costWith(g, p, typeof t.cost === "number" ? t.cost : r.cost, { kind: "dna", card, perms: bases.filter((x): x is DcgPermanent => !!x) }) : 0;
    if (!r || bases.some((x, i) => !x || !dnaPartMet(g, r.from[i]!, x)) || !canPay(g, p, cost)) {
      g.logger?.emit("digivolveFails", p, `${who(p)} cannot DNA digivolve into ${cardName(g, card)}: it fails and the card stays in the hand (002 §8-1-2-5)`, { card });
      return;
    }
    const names = bases.map((x) => permName(g, x!)).join(" and ");
    if (t.free !== true) hostOf(g).paid(g, p, { kind: "dna", card, perms: bases as DcgPermanent[] });
    pay(g, p, cost);
    const under = mergeForDna(g, bases as DcgPermanent[]);
    const perm = enterPlay(g, p, [...under, card], "battle", { played: false });
    const [bonus] = drawCards(g, p, 1, "bonus");
    g.logger?.emit("dna", p, `${names} DNA digivolve into ${cardName(g, card)} for ${cost} memory; memory ${memoryOf(g, p)}; digivolution bonus: ${bonus === undefined ? "no card" : `draws ${cardName(g, bonus)}`} (002 §8-2-10)`, { card, perm: perm.id, cost });
    raise(g, { e: "digivolved", perm: perm.id, card, player: p, method: "dna", area: "battle", from: "hand", byEffect: t.byEffect === true });
  },

  /**
   * Burst Digivolve (002 §8-3-18; a rule of digivolution, not an effect: §8-3-3): reveal `card`
   * and declare the Digimon `perm` (§8-3-18-2); return 1 Tamer the requirement specifies to the
   * hand — the cards under it are trashed (§11-5-1) — and at the same time stack the card on the
   * Digimon (§8-3-18-3); pay the Burst Digivolve cost with the cost modifiers in force
   * (§8-3-18-4, §8-3-7); draw 1 as the digivolution bonus (§8-3-12) and raise `digivolved`
   * ([When Digivolving] and "when a Digimon digivolves" trigger: §8-3-9, §8-3-18-5). The
   * Digimon's top card is trashed at the end of this turn (§8-3-2: a lasting mark read by
   * `events.ts`). The same Digimon keeps its state (§8-1-2-6). With several specified Tamers
   * the player chooses which returns. A Burst Digivolve no longer possible fails, the card
   * stays in the hand (§8-1-2-5). Args: `card`, `p`, `perm`, `req`.
   */
  "dcg.burst"(g, t) {
    const card = t.card as number;
    const p = t.p as PlayerIndex;
    const choice = burstChoices(g, p, card).find((x) => x.perm.id === t.perm && x.req === t.req);
    const r = burstOf(def(g, card))[t.req as number];
    if (!choice || !r) {
      g.logger?.emit("digivolveFails", p, `${who(p)} cannot Burst Digivolve into ${cardName(g, card)}: it fails and the card stays in the hand (002 §8-1-2-5)`, { card });
      return;
    }
    const tamers = burstTamers(g, p, r.tamer);
    if (tamers.length > 1 && t.answer === undefined) {
      ask(g, p, "chooseCards", `Burst Digivolve: return which ${r.tamer} to the hand? (002 §8-3-18-3)`, tamers.map((x) => ({ label: permName(g, x), value: x.id })), 1, 1, t);
      return;
    }
    const tamer = tamers[t.answer?.[0] ?? 0]!;
    const perm = choice.perm;
    const from = permName(g, perm);
    g.logger?.emit("reveal", p, `${who(p)} declares Burst Digivolve: reveals ${cardName(g, card)} and ${from} (002 §8-3-18-2)`, { card, perm: perm.id });
    sendPermanent(g, tamer, "hand");
    stackOnTop(g, perm, card);
    hostOf(g).paid(g, p, { kind: "digivolve", card, perm });
    pay(g, p, choice.cost);
    const [bonus] = drawCards(g, p, 1, "bonus");
    addLasting(g, { source: card, controller: p, target: perm.id, until: "turn", turn: g.state.turn, fx: { kind: "burst" } });
    const area = areaOf(g, perm);
    g.logger?.emit(
      "digivolve",
      p,
      `${from} Burst Digivolves into ${cardName(g, card)}, returning ${r.tamer} to the hand, for ${choice.cost} memory; memory ${memoryOf(g, p)}; digivolution bonus: ${bonus === undefined ? "the deck is empty, no card" : `draws ${cardName(g, bonus)}`} (002 §8-3-18); its top card is trashed at the end of the turn (002 §8-3-2)`,
      { card, perm: perm.id, cost: choice.cost, area },
    );
    raise(g, { e: "digivolved", perm: perm.id, card, player: p, method: "digivolve", area, from: "hand", byEffect: false });
  },

  /**
   * <Blast DNA Digivolve> (002 §12-31-1, §12-31-4: a DNA digivolution, 8-2): the Digimon `perm` and
   * the card `hand` from the hand DNA digivolve into `card` — paying the DNA cost with the
   * modifiers in force, the requirement's left part on top (§8-2-6), the Digimon keeping its cards'
   * order (§8-2-7); draw 1 (§8-2-10-3). The new Digimon is unsuspended (§8-2-5). Raises
   * `digivolved` (method "dna", by effect). Args: `card`, `p`, `req`, `perm`, `hand`, `handPart`.
   */
  "dcg.blastDna"(g, t) {
    const card = t.card as number;
    const p = t.p as PlayerIndex;
    const base = P(g, p).battle.find((x) => x.id === t.perm);
    // Checked again now (002 §8-1-2-5): the same Digimon and hand card still fill the requirement and the cost can be paid.
    const names = base ? [def(g, topOf(base)).stats.name, def(g, t.hand as number).stats.name] : [];
    const choice = base ? blastDnaChoices(g, p, card, names).find((x) => x.req === t.req && x.perm === t.perm && x.hand === t.hand && x.handPart === t.handPart) : undefined;
    if (!choice || !base || g.card(card).zone !== "hand") {
      g.logger?.emit("digivolveFails", p, `${who(p)} cannot DNA digivolve into ${cardName(g, card)}: it fails and the cards stay where they were (002 §8-1-2-5)`, { card });
      return;
    }
    hostOf(g).paid(g, p, { kind: "dna", card, perms: [base] });
    pay(g, p, choice.cost);
    const both = `${permName(g, base)} and ${cardName(g, choice.hand)} from the hand`;
    const baseCards = mergeForDna(g, [base]);
    const under = choice.handPart === 0 ? [...baseCards, choice.hand] : [choice.hand, ...baseCards];
    const perm = enterPlay(g, p, [...under, card], "battle", { played: false });
    const [bonus] = drawCards(g, p, 1, "bonus");
    g.logger?.emit("dna", p, `<Blast DNA Digivolve>: ${both} DNA digivolve into ${cardName(g, card)} for ${choice.cost} memory; memory ${memoryOf(g, p)}; digivolution bonus: ${bonus === undefined ? "no card" : `draws ${cardName(g, bonus)}`} (002 §12-31)`, { card, perm: perm.id, cost: choice.cost });
    raise(g, { e: "digivolved", perm: perm.id, card, player: p, method: "dna", area: "battle", from: "hand", byEffect: true });
  },
};
