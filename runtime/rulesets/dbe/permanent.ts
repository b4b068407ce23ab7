/**
 * Permanent ("∞") evo-box bonuses: FAQ "Permanents in Evolution Boxes" — they "stay on your
 * Digimon while it is active", are not lingering (End Phase 3.4: "Permanent evo-box bonuses
 * such as 'Power +40' or 'Opponent's DP -10' are considered as permanent changes"), and
 * "Void your permanent evo-bonuses if your active digimon card changes (but not if it flips)".
 *
 * Each is kept on the active card that gave it (`vars.permanent`), whoever it is aimed at,
 * and counts only while that card is a player's active Digimon: when the active changes the
 * effect is void, for both players. A flip keeps the card instance and so its effects.
 */
import type { Game } from "../../core/engine.ts";
import type { Json, PlayerIndex } from "../../core/state.ts";
import type { AttackSlot } from "../../vocabulary.ts";
import { activeOf } from "./active.ts";

/** One permanent effect: Power added, a restriction, or DP added, for player `to`. */
export interface PermanentEffect {
  to: PlayerIndex;
  power?: Record<AttackSlot, number>;
  restriction?: string;
  dp?: number;
}

/** Keep a permanent effect on player `source`'s active card (nothing when it has none). */
export function addPermanent(g: Game, source: PlayerIndex, e: PermanentEffect): void {
  const a = activeOf(g, source);
  if (a === null) return;
  const vars = g.card(a).vars;
  g.set(vars, "permanent", [...listOf(vars), e] as unknown as Json);
}

/** Void the permanent effects a card gave (it stopped being the active: evolved from, covered). */
export function voidPermanents(g: Game, card: number): void {
  const vars = g.card(card).vars;
  if (vars.permanent !== undefined) g.set(vars, "permanent", [] as Json);
}

/** Power the permanent effects in force add to player `p`'s attacks (End Phase 3.4), or null. */
export function permanentPower(g: Game, p: PlayerIndex): Record<AttackSlot, number> | null {
  let out: Record<AttackSlot, number> | null = null;
  for (const e of inForce(g, p)) {
    if (!e.power) continue;
    out ??= { circle: 0, triangle: 0, cross: 0 };
    out.circle += e.power.circle;
    out.triangle += e.power.triangle;
    out.cross += e.power.cross;
  }
  return out;
}

/** Whether a permanent restriction in force applies to player `p` ("lowerHp", "beCountered", …). */
export function permanentlyRestricted(g: Game, p: PlayerIndex, what: string): boolean {
  for (const e of inForce(g, p)) if (e.restriction === what) return true;
  return false;
}

/** DP the permanent effects in force add to player `p` ("Opponent's DP -10"). */
export function permanentDp(g: Game, p: PlayerIndex): number {
  let sum = 0;
  for (const e of inForce(g, p)) sum += e.dp ?? 0;
  return sum;
}

const NONE: readonly PermanentEffect[] = [];

/** The permanent effects for player `p` kept on both active cards. */
function inForce(g: Game, p: PlayerIndex): readonly PermanentEffect[] {
  const mine = onActive(g, 0, p);
  const theirs = onActive(g, 1, p);
  return mine.length === 0 ? theirs : theirs.length === 0 ? mine : [...mine, ...theirs];
}

function onActive(g: Game, q: PlayerIndex, p: PlayerIndex): readonly PermanentEffect[] {
  const a = activeOf(g, q);
  if (a === null) return NONE;
  const list = listOf(g.card(a).vars);
  if (list.length === 0) return NONE;
  return list.filter((e) => e.to === p);
}

function listOf(vars: Record<string, Json>): PermanentEffect[] {
  return (vars.permanent as unknown as PermanentEffect[] | undefined) ?? [];
}
