/**
 * Conditions and amounts of sentences: whom a player reference names, the value of an IR
 * `Amount`, whether an IR `Condition` holds ("If own HP is 300 or less, …", "If the opponent's
 * type is Dragon, …") and, for the log, whose missing active Digimon made one fail. Source:
 * `000_012504f4614e5b24.txt`, FAQ "Conditionals"; Anatomy of Cards items 3, 7, 9, 10.
 *
 * Read by the effect interpreter (effects.ts: an "If"), the windows (window.ts: a Turbo's
 * condition) and the continuous layer (continuous.ts: a continuous sentence's "If"). Power
 * includes the continuous effects, whose "If"s are read here: the caller passes the reader of
 * Power ({@link PowerReader}) rather than this module importing the continuous layer.
 */
import type { Game } from "../../core/engine.ts";
import { other, type PlayerIndex } from "../../core/state.ts";
import type { Amount, Condition } from "../../ir.ts";
import { LEVEL_ORDER, type AttackSlot, type PlayerRef } from "../../vocabulary.ts";
import { nameMatches } from "../../names.ts";
import { activeOf, def, dpTotal, P } from "./model.ts";
import { namesOf, typesOf } from "./matching.ts";

/** Player `p`'s current Power of each attack, as a condition reads it ({@link holds}). Read-only. */
export type PowerReader = (g: Game, p: PlayerIndex) => Readonly<Record<AttackSlot, number>>;

/** Resolve player references against the effect's controller `me` (IR `PlayerRef`: own, opponent, both — in that order). */
export function players(ref: PlayerRef, me: PlayerIndex): PlayerIndex[] {
  return ref === "own" ? [me] : ref === "opponent" ? [other(me)] : [me, other(me)];
}

/**
 * Value of an Amount for the controller `me` (IR `Amount`): a constant, the number the last
 * action moved ("the same number"), a count of a zone or of flats / KO points, or a stat
 * (HP, Power of an attack, DP total, +P, level), summed over the players it names, times its
 * "per". A stat of a player without an active Digimon reads 0.
 * @param power reads a player's current Power (see {@link holds})
 */
export function amount(g: Game, a: Amount, me: PlayerIndex, power: PowerReader): number {
  switch (a.kind) {
    case "const":
      return a.value;
    case "previous":
      return ((g.state.vars.previous as number | undefined) ?? 0) * a.per;
    case "count":
      return players(a.player, me).reduce((s: number, p) => s + count(g, p, a.what), 0) * a.per;
    case "stat":
      return players(a.player, me).reduce((s: number, p) => s + stat(g, p, a.stat, a.attack, power), 0) * a.per;
  }
}

/** How many of `what` player `p` has: flats, KO points, attachments, or the cards of a zone. */
function count(g: Game, p: PlayerIndex, what: string): number {
  const s = P(g, p);
  if (what === "flats") return s.flats;
  if (what === "koPoints") return s.ko;
  if (what === "attachments") return g.zone(p, "attachment").length;
  return g.zone(p, what).length;
}

/** A stat of player `p` (the active Digimon's, or the player's DP total); Power of `attack`, else of the attack in use, else ○. */
function stat(g: Game, p: PlayerIndex, st: string, attack: AttackSlot | null, power: PowerReader): number {
  const s = P(g, p);
  const a = activeOf(g, p);
  switch (st) {
    case "hp":
      return s.hp;
    case "power":
      return power(g, p)[attack ?? s.attack ?? "circle"];
    case "dpTotal":
      return dpTotal(g, p);
    case "plusP":
      return a === null ? 0 : def(g, a).stats.plusP ?? 0;
    case "level":
      return a === null ? 0 : LEVEL_ORDER[def(g, a).stats.level ?? "R"];
    default:
      return 0;
  }
}

/**
 * Whether a condition holds for controller `me` (IR `Condition`; FAQ "Conditionals"): a
 * comparison of Amounts, the active Digimon's type, level, name or attack, two actives alike,
 * "and" / "or". HP, Power, level and +P are the active Digimon's (Anatomy of Cards items 3, 7,
 * 9, 10): a comparison of those of a player without one is not met.
 * @param power reads a player's current Power: continuous.ts `powerOf` — or, for a condition
 *   of a continuous sentence read while the continuous effects are computed, the stored Power
 *   (continuous.ts `storedPower`), so a condition never asks for the effects being computed
 */
export function holds(g: Game, c: Condition, me: PlayerIndex, power: PowerReader): boolean {
  switch (c.kind) {
    case "compare": {
      // HP, Power, level and +P are the active Digimon's (Anatomy of Cards items 3, 7, 9, 10):
      // with no active Digimon there is none to compare, and the "If" is not met.
      if (activeStatMissing(g, c.left, me) || activeStatMissing(g, c.right, me)) return false;
      const l = amount(g, c.left, me, power);
      const r = amount(g, c.right, me, power);
      return c.op === "<" ? l < r : c.op === "<=" ? l <= r : c.op === "=" ? l === r : c.op === "!=" ? l !== r : c.op === ">=" ? l >= r : l > r;
    }
    case "typeIs":
      return players(c.player, me).every((p) => {
        const a = activeOf(g, p);
        const ts = a === null ? [] : c.primary ? [def(g, a).stats.type ?? ""] : typesOf(g, a);
        return c.types.some((t) => ts.includes(t)) !== c.negate;
      });
    case "levelIs":
      return players(c.player, me).every((p) => {
        const a = activeOf(g, p);
        return (a !== null && c.levels.includes(def(g, a).stats.level!)) !== c.negate;
      });
    case "attackIs":
      return players(c.player, me).every((p) => {
        const at = P(g, p).attack;
        return (at !== null && c.attacks.includes(at)) !== c.negate;
      });
    case "nameIs":
      return players(c.player, me).every((p) => {
        const a = activeOf(g, p);
        return (a !== null && namesOf(g, a).some((n) => nameMatches(n, c.name))) !== c.negate;
      });
    case "same": {
      const [x, y] = [activeOf(g, 0), activeOf(g, 1)];
      if (x === null || y === null) return c.negate;
      const same =
        c.what === "attack" ? P(g, 0).attack === P(g, 1).attack : c.what === "level" ? def(g, x).stats.level === def(g, y).stats.level : typesOf(g, x).some((t) => typesOf(g, y).includes(t));
      return same !== c.negate;
    }
    case "able":
      return true;
    case "and":
      return c.all.every((x) => holds(g, x, me, power));
    case "or":
      return c.any.some((x) => holds(g, x, me, power));
  }
}

/** Stats that belong to the active Digimon (IR `Stat`; Anatomy of Cards items 3, 7, 9, 10): all but the player's DP total. */
const ACTIVE_STATS: ReadonlySet<string> = new Set(["hp", "power", "level", "plusP"]);

/** Whether an amount reads a stat of the active Digimon of a player who has none. */
function activeStatMissing(g: Game, a: Amount, me: PlayerIndex): boolean {
  if (a.kind !== "stat" || !ACTIVE_STATS.has(a.stat)) return false;
  for (const p of players(a.player, me)) if (activeOf(g, p) === null) return true;
  return false;
}

/**
 * The players a condition reads the active Digimon of (its HP, Power, level, +P, type or
 * name) who have none: why such an "If" is not met, for the log.
 */
export function withoutActive(g: Game, c: Condition, me: PlayerIndex, out: Set<PlayerIndex> = new Set()): Set<PlayerIndex> {
  const add = (ref: PlayerRef) => {
    for (const p of players(ref, me)) if (activeOf(g, p) === null) out.add(p);
  };
  switch (c.kind) {
    case "compare":
      for (const a of [c.left, c.right]) if (a.kind === "stat" && ACTIVE_STATS.has(a.stat)) add(a.player);
      break;
    case "typeIs":
    case "levelIs":
    case "nameIs":
      add(c.player);
      break;
    case "same":
      if (c.what !== "attack") add("both");
      break;
    case "and":
      for (const x of c.all) withoutActive(g, x, me, out);
      break;
    case "or":
      for (const x of c.any) withoutActive(g, x, me, out);
      break;
  }
  return out;
}
