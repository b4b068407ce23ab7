/**
 * Values read at query time (002 §10-1-5 continuous effects: never queued, computed from what
 * is in play whenever they are read): DP, level, colours, keywords, the number of security
 * checks, costs. The layering (002 §10-1-5, §13-2): printed value → lasting
 * effects (`DcgVars.lasting`) → the host's continuous effects → floor at 0 (002 §1-3-6).
 *
 * Keywords (002 §12-1): a card has the keyword of each keyword line of its effect box
 * (`DcgEffect.keyword` on a unit without timings); a Digimon also has those of its
 * digivolution cards' inherited boxes (§4-3-4, §4-4-1; not under a Tamer: §4-3-2); plus
 * keywords given by lasting effects and the host. The rules read them as flags: <Blocker>
 * (§12-5), <Rush> (§12-15), <Piercing> (§12-7), <Jamming> (§12-9), <Reboot> (§12-11),
 * <Retaliation> (§12-13) and the summed <Security Attack ±N> (§12-4-2).
 */
import type { Game } from "../../core/engine.ts";
import type { PlayerIndex } from "../../core/state.ts";
import type { DcgKeywordName } from "../../lang/dcg/ir.ts";
import type { DcgColor } from "../../lang/dcg/vocabulary.ts";
import { V, def, isDigimonCard, topOf, type DcgCard, type DcgPermanent } from "./model.ts";
import { hostOf, type CostAction, type KeywordTally } from "./events.ts";

// ─── Keywords ──────────────────────────────────────────────────────────────

/** A card's keyword lines: those of its effect box, and of its inherited box (002 §12-1, §4-4-1). */
interface KeywordLines {
  effect: { name: DcgKeywordName; value: number | null }[];
  inherited: { name: DcgKeywordName; value: number | null }[];
}

const LINES = new WeakMap<DcgCard, KeywordLines>();

/**
 * The keyword lines of a card (units with a keyword and no timing: "<Blocker> (…)"), cached
 * per card definition. A keyword inside a timed or conditional effect ("[When Digivolving]
 * <Blitz>", "While …, gains <Blocker>") is the effect model's (§4-13-2, §4-13-4).
 */
export function keywordLines(c: DcgCard): KeywordLines {
  let k = LINES.get(c);
  if (k === undefined) {
    const pick = (units: DcgCard["effects"]["effect"]) => units.filter((u) => u.keyword !== null && u.timings.length === 0).map((u) => ({ name: u.keyword!.name, value: u.keyword!.value }));
    k = { effect: pick(c.effects.effect), inherited: pick(c.effects.inherited) };
    LINES.set(c, k);
  }
  return k;
}

/**
 * Every keyword a permanent has now, with the summed value of valued keywords (<Security
 * Attack +1> twice → 2: §12-4-2) and the count of the others (several <Blocker> do not stack:
 * §12-5-2 — read them as flags). O(cards in its stack + lasting effects).
 */
export function keywordsOf(g: Game, perm: DcgPermanent): KeywordTally {
  const out: KeywordTally = {};
  const add = (name: DcgKeywordName, value: number | null) => {
    out[name] = (out[name] ?? 0) + (value ?? 1);
  };
  const top = def(g, topOf(perm));
  for (const k of keywordLines(top).effect) add(k.name, k.value);
  if (isDigimonCard(top)) for (let i = 0; i < perm.cards.length - 1; i++) for (const k of keywordLines(def(g, perm.cards[i]!)).inherited) add(k.name, k.value);
  const host = hostOf(g);
  for (const l of V(g).lasting) if (l.target === perm.id && l.keyword && (host.lastingApplies === undefined || host.lastingApplies(g, perm, l))) add(l.keyword.name, l.keyword.value);
  host.keywords(g, perm, out);
  return out;
}

/** Whether a permanent has a keyword now (a flag: §12-5-2, §12-7-2, §12-15-2 "do not stack"). */
export function hasKeyword(g: Game, perm: DcgPermanent, name: DcgKeywordName): boolean {
  return keywordsOf(g, perm)[name] !== undefined;
}

/**
 * How many security cards an attacker checks (002 §9-3-1: 1, changed by <Security Attack ±N>,
 * all instances summed: §12-4-2; never below 0: §12-4-3). Recomputed before every check (SEC-1).
 */
export function checkCount(g: Game, perm: DcgPermanent): number {
  return Math.max(0, 1 + (keywordsOf(g, perm).securityAttack ?? 0));
}

// ─── DP, level, colours ────────────────────────────────────────────────────

/**
 * A Digimon's DP now: the top card's printed DP plus lasting and continuous changes, floored
 * at 0 (002 §1-3-6); a lasting change the host says does not apply now is left out (002 §13-5-2). Null when the top card has no DP (a Tamer, a Digi-Egg without DP): a
 * DP change gives no DP to a card without it (§13-2-4-3).
 */
export function dpOf(g: Game, perm: DcgPermanent): number | null {
  const printed = def(g, topOf(perm)).stats.dp;
  if (printed === null) return null;
  const host = hostOf(g);
  let dp = printed + lastingDpOf(g, perm);
  dp += host.dp(g, perm);
  return Math.max(0, dp);
}

/**
 * The sum of the lasting DP changes on a permanent that apply now (002 §13-2-2; §13-5-2: not
 * those of an effect it is unaffected by, as the host says), in DP (may be negative).
 */
export function lastingDpOf(g: Game, perm: DcgPermanent): number {
  const host = hostOf(g);
  let dp = 0;
  for (const l of V(g).lasting) if (l.target === perm.id && l.dp && (host.lastingApplies === undefined || host.lastingApplies(g, perm, l))) dp += l.dp;
  return dp;
}

/** A Security Digimon's DP (002 §9-2-1-8-2): the card's printed DP with the host's changes, floored at 0. */
export function securityDpOf(g: Game, card: number, owner: PlayerIndex): number {
  return Math.max(0, (def(g, card).stats.dp ?? 0) + hostOf(g).securityDp(g, card, owner));
}

/** A permanent's level: its top card's (002 §3-5-2); "-" for no level (§13-7); null for a Tamer. */
export function levelOf(g: Game, perm: DcgPermanent): number | "-" | null {
  return def(g, topOf(perm)).stats.level;
}

/**
 * A permanent's colours: its top card's (002 §2-4, §4-3-3: a digivolution card's other
 * information is void), and those an effect makes it "also treated as" (§13-2-4, the host).
 */
export function colorsOf(g: Game, perm: DcgPermanent): readonly DcgColor[] {
  const printed = def(g, topOf(perm)).stats.colors;
  const extra: DcgColor[] = [];
  hostOf(g).colors(g, perm, extra);
  return extra.length === 0 ? printed : [...new Set([...printed, ...extra])];
}

/**
 * A memory cost with the modifiers in force (PLY-3, DGV-2, OPT-2; 002 §7-2-6-7, §8-3-7):
 * `printed` + the host's change, floored at 0.
 */
export function costWith(g: Game, player: PlayerIndex, printed: number, action: CostAction): number {
  return Math.max(0, printed + hostOf(g).cost(g, player, action));
}
