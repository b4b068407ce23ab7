/**
 * The board of a DBE or DMB game as plain data for the board view, read from the game state
 * through the ruleset's own model and helpers — `model.ts` (`P`, `activeOf`, `dpTotal`,
 * `def`), `continuous.ts` (`powerOf`: Power with continuous effects), `view.ts` (`visibleTo`,
 * `viewFor`: what a player may see), `narrate.ts` (names of phases and abilities) — so no
 * rule is computed twice. Reading never changes the game (no journal writes).
 * Source: `000_012504f4614e5b24.txt`, "Anatomy of Cards", "Phases of Play", FAQ "When is
 * something a hidden zone?".
 */
import { seatLabel, type Game } from "../../../runtime/core/engine.ts";
import type { PlayerIndex } from "../../../runtime/core/state.ts";
import { ATTACK_SLOTS, type AttackSlot } from "../../../runtime/vocabulary.ts";
import { activeOf, def, dpTotal, P } from "../../../runtime/rulesets/dbe/model.ts";
import { powerOf } from "../../../runtime/rulesets/dbe/continuous.ts";
import { viewFor, visibleTo } from "../../../runtime/rulesets/dbe/view.ts";
import { abilityName, phaseStepName, prohibitionName } from "../../../runtime/rulesets/dbe/narrate.ts";
import { WINNING_KO } from "../../../runtime/rulesets/dbe/ko.ts";

/** A card on the board: its instance id and, when the viewer may see it, its face. */
export interface CardFace {
  /** The card instance id (`GameState.cards` index). */
  id: number;
  /** "DS1-001 Agumon", or null when the card is face down to the viewer. */
  label: string | null;
  /** Definition key (set number, or `number/Side`), or null when face down. */
  key: string | null;
}

/** One attack of the active Digimon. */
export interface AttackView {
  slot: AttackSlot;
  /** Printed attack name ("Pepper Breath"), "" when the card has no such attack. */
  name: string;
  /** Current Power: printed, lingering changes and continuous effects (`powerOf`), in HP points. */
  power: number;
  /** The attack ability's name ("1st Attack", "Nature x3 VS"), or null. */
  ability: string | null;
}

/** A player's active Digimon. */
export interface ActiveView {
  card: CardFace;
  level: string | null;
  /** Primary type as printed (type changes show in the log). */
  type: string | null;
  abnormal: boolean;
  /** Current HP, and the printed HP (HP points). */
  hp: number;
  printedHp: number;
  attacks: AttackView[];
  /** Flat tokens (4 KO the Digimon: `ko.ts` KO_FLATS). */
  flats: number;
  /** The Digimon below the active in its stack (evolved from), bottom first. */
  stack: CardFace[];
}

/** A card in the Support Zone and where it stands in the Support Phase. */
export interface SupportView {
  card: CardFace;
  /** `waiting`: not yet resolved (Support Phase 5); `resolved`; `voided` (Glossary "Void"). */
  state: "waiting" | "resolved" | "voided";
  /** Supported blind from the deck (Support Phase 2). */
  blind: boolean;
}

/** One player's side of the board. */
export interface PlayerView {
  index: PlayerIndex;
  /** "P1 (Dragon Rush)". */
  name: string;
  /** KO points, and the number that wins (Battle Phase 7). */
  ko: number;
  koToWin: number;
  active: ActiveView | null;
  /** The chosen attack: a slot, "hidden" (chosen but secret to the viewer), or null (none yet). */
  attack: AttackSlot | "hidden" | null;
  attachments: CardFace[];
  /** Total DP (`dpTotal`: +P of the DP zone, DP from effects and permanent changes) and the DP zone's cards. */
  dp: { total: number; cards: CardFace[] };
  hand: { count: number; cards: CardFace[] };
  deck: number;
  trash: CardFace[];
  destinyZone: CardFace[];
  darkArea: number;
  supports: SupportView[];
  /** Attack abilities gained this turn ("1st Attack"), and 1st Attack stacks. */
  gained: string[];
  /** Restrictions in force this turn ("cannot gain 1st Attack"). */
  prohibited: string[];
}

/** The whole board. */
export interface BoardView {
  turn: number;
  turnPlayer: PlayerIndex;
  /** "Support Phase, step 4 (Turn player supports)" (`narrate.ts` `phaseStepName`). */
  where: string;
  over: boolean;
  winner: PlayerIndex | "draw" | null;
  endReason: string | null;
  players: [PlayerView, PlayerView];
}

/** A card as the viewer sees it (null viewer: everything face up). */
function face(g: Game, id: number, viewer: PlayerIndex | null): CardFace {
  if (viewer !== null && !visibleTo(g, viewer, id)) return { id, label: null, key: null };
  const st = def(g, id).stats;
  return { id, label: `${st.setNumber} ${st.name}`, key: g.card(id).def };
}

function player(g: Game, p: PlayerIndex, viewer: PlayerIndex | null): PlayerView {
  const s = P(g, p);
  const faces = (zone: string) => g.zone(p, zone).map((id) => face(g, id, viewer));
  const a = activeOf(g, p);
  let active: ActiveView | null = null;
  if (a !== null) {
    const st = def(g, a).stats;
    const power = powerOf(g, p);
    const stack = g.zone(p, "active");
    active = {
      card: face(g, a, null),
      level: st.level,
      type: st.type,
      abnormal: s.abnormal,
      hp: s.hp,
      printedHp: st.hp ?? 0,
      attacks: ATTACK_SLOTS.map((slot) => ({ slot, name: st[slot]?.name ?? "", power: power[slot], ability: st[slot]?.ability ? abilityName(st[slot]!.ability!) : null })),
      flats: s.flats,
      stack: stack.slice(0, -1).map((id) => face(g, id, null)),
    };
  }
  const attack = viewer === null ? s.attack : (viewFor(g, viewer).attacks[p] as AttackSlot | "?" | null);
  const voided = new Set(s.voidedCards);
  return {
    index: p,
    name: seatLabel(g.state, p),
    ko: s.ko,
    koToWin: WINNING_KO,
    active,
    attack: attack === "?" ? "hidden" : attack,
    attachments: faces("attachment"),
    dp: { total: dpTotal(g, p), cards: faces("dp") },
    hand: { count: g.zone(p, "hand").length, cards: faces("hand") },
    deck: g.zone(p, "deck").length,
    trash: faces("trash"),
    destinyZone: faces("destinyZone"),
    darkArea: g.zone(p, "darkArea").length,
    supports: g.zone(p, "support").map((id) => ({
      card: face(g, id, viewer),
      state: voided.has(id) ? "voided" : g.card(id).vars.used === true ? "resolved" : "waiting",
      blind: g.card(id).vars.blind === true,
    })),
    gained: [...s.gained.map((x) => `${abilityName(x.ability)}${x.attack ? ` (${x.attack})` : ""}`), ...(s.firstAttack.length ? [`1st Attack ×${s.firstAttack.length}`] : [])],
    prohibited: s.prohibited.map((w) => `cannot ${prohibitionName(w)}`),
  };
}

/**
 * The board of a DBE/DMB game as player `viewer` may see it.
 * @param viewer the player whose view it is (hidden cards have no label); null shows every card
 */
export function boardOf(g: Game, viewer: PlayerIndex | null): BoardView {
  const s = g.state;
  return {
    turn: s.turn,
    turnPlayer: s.turnPlayer,
    where: s.phase === "setup" ? "Pre-Game Setup" : phaseStepName(s.phase, s.step),
    over: s.winner !== null,
    winner: s.winner,
    endReason: s.endReason,
    players: [player(g, 0, viewer), player(g, 1, viewer)],
  };
}
