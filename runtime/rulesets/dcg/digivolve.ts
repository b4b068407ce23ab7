/**
 * Digivolution (002 chapter 8; `.scratch/dcg-rules.md` section 2 DGV, DNA): digivolving a
 * Digimon into a card in the hand by its digivolution requirements (colour and level, and
 * cost: §2-13, §8-1), and DNA digivolution from two Digimon in the battle area (§8-2).
 * Burst Digivolve (§8-3) needs data `DcgCard` does not carry yet.
 */
import type { Game, Task } from "../../core/engine.ts";
import type { PlayerIndex } from "../../core/state.ts";
import type { DcgDna, DcgDnaPart } from "../../lang/dcg/card.ts";
import { P, ask, canPay, cardName, def, isDigimon, isDigimonCard, memoryOf, pay, permName, topOf, who, type DcgCard, type DcgPermanent, type DcgZone } from "./model.ts";
import { hostOf, raise } from "./events.ts";
import { colorsOf, costWith, keywordLines, levelOf } from "./continuous.ts";
import { areaOf, detachSource, drawCards, enterPlay, mergeForDna, stackOnTop, suspend } from "./moves.ts";

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
  if (!isDigimonCard(top)) return null;
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

/** The <Digisorption −N> of a card (002 §12-10-1): N, or 0 when it has none. */
export function digisorptionOf(c: DcgCard): number {
  let n = 0;
  for (const k of keywordLines(c).effect) if (k.name === "digisorption") n = Math.max(n, -(k.value ?? 0));
  return n;
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
  const sorb = g.card(card).zone === "hand" && digisorptionCandidates(g, p, perm).length ? digisorptionOf(def(g, card)) : 0;
  return canPay(g, p, Math.max(0, cost - sorb));
}

/** Whether a Digimon meets one part of a DNA requirement (002 §8-2-1): by name, or by colour and level. */
export function dnaPartMet(g: Game, part: DcgDnaPart, perm: DcgPermanent): boolean {
  const top = def(g, topOf(perm));
  if (!isDigimonCard(top) || perm.token) return false;
  if (part.kind === "name") return top.stats.name === part.name;
  return levelOf(g, perm) === part.level && colorsOf(g, perm).includes(part.color);
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
    // <Digisorption −N> (002 §12-10-1): before paying, 1 Digimon may be suspended to lower the cost.
    let reduced = 0;
    const sorb = g.card(card).zone === "hand" && !way.free ? digisorptionOf(def(g, card)) : 0;
    if (sorb > 0 && cost > 0) {
      const cands = digisorptionCandidates(g, p, perm);
      if (cands.length) {
        if (t.answer === undefined) {
          ask(g, p, "chooseCards", `<Digisorption -${sorb}>: suspend 1 of your Digimon to reduce the digivolution cost by ${sorb}? (002 §12-10-1)`, [{ label: "No", value: null }, ...cands.map((x) => ({ label: `Suspend ${permName(g, x)}`, value: x.id }))], 1, 1, t);
          return;
        }
        const pick = cands[t.answer[0]! - 1];
        if (pick) {
          suspend(g, pick, "effect");
          reduced = sorb;
          g.logger?.emit("digisorption", p, `<Digisorption -${sorb}>: ${permName(g, pick)} is suspended; the digivolution cost is reduced by ${sorb} (002 §12-10-1)`, { perm: pick.id });
        }
      }
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
};
