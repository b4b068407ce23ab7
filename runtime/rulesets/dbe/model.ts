/**
 * The DBE game model on top of the generic core: zones, the per-player battle state, and
 * typed access to the card definitions.
 *
 * Source: `000_012504f4614e5b24.txt`, "Anatomy of Cards", "Pre-Game Setup", "Phases of
 * Play", Glossary "Active Digimon/Zone/Stack", "Abnormal", "Attachment Slot", FAQ "When is
 * something a hidden zone?".
 */
import type { CompiledCard } from "../../card.ts";
import type { Game, ZoneVisibility } from "../../core/engine.ts";
import type { DecisionOption } from "../../core/decision.ts";
import { activeOf } from "./active.ts";
import { permanentDp } from "./permanent.ts";
import type { Json, PlayerIndex } from "../../core/state.ts";
import type { AttackAbility } from "../../ir.ts";
import type { AttackSlot, Level } from "../../vocabulary.ts";

export { activeOf } from "./active.ts";

/**
 * DBE zones and who may see them. Open zones: Active, Trash, attachments, evolve zone,
 * Support, Destiny Zone; the hand and Dark Area are seen by their owner; decks and the Side
 * Pile by nobody. Source: FAQ "When is something a hidden zone?", Pre-Game Setup 3.
 */
export const DBE_ZONES: Readonly<Record<string, ZoneVisibility>> = {
  deck: "hidden",
  hand: "owner",
  trash: "open",
  dp: "open",
  darkArea: "owner",
  /** The Active Zone's stack of Digimon; the last id is the active Digimon. */
  active: "open",
  attachment: "open",
  destinyZone: "open",
  sidePile: "hidden",
  support: "open",
  evolveZone: "open",
  /** Deleted cards: removed from the game (Glossary "Delete"). */
  deleted: "open",
  /** A card being played to no zone (Any Phase, Turbo, Data Break), trashed after it resolves. */
  noZone: "open",
  /** Cards put below another card (BIT-052 Immortalize); `vars.under` names that card. */
  under: "open",
};

/** An attack ability granted by an effect this turn (lingering). */
export interface Gained {
  ability: AttackAbility;
  /** The attack it was given to; null = every attack. */
  attack: AttackSlot | null;
  /** Order of gain, for "most recent" ties (Battle Phase 3.3). */
  seq: number;
  /**
   * False when Jamming cannot void it: a Counter set by an Option such as Gold Banana (FAQ
   * "Counter specifics" 3). Absent = voidable.
   */
  voidable?: boolean;
}

/**
 * One player's DBE state (kept in `PlayerState.vars`). HP and Power belong to the active
 * Digimon and reset when it changes (Evolution Phase 5.1.8.2); Power changes are lingering
 * and reset at End Phase 3 (Glossary "Boost"; Anatomy item 10).
 */
export interface DbePlayer {
  ko: number;
  hp: number;
  power: Record<AttackSlot, number>;
  abnormal: boolean;
  flats: number;
  attack: AttackSlot | null;
  /** DP gained or lost by effects beyond the +P of the DP zone (Evolution Phase 5.1.2.5). */
  dpExtra: number;
  evolved: boolean;
  evolveCardPlayed: boolean;
  partnerEvolved: boolean;
  gained: Gained[];
  firstAttack: number[];
  secondAttack: number;
  cannotGainFirstAttack: boolean;
  revival: number | null;
  revived: boolean;
  /** The declared Partner's set number (Pre-Game Setup 2). */
  partner: string | null;
  /** Lingering prohibitions ("cannot …"), cleared at End Phase. */
  prohibited: string[];
  /** ACTIVATE uses per card id (once per game, FAQ "ACTIVATE timing"). */
  activated: number[];
  /** Whether this player's support this turn was voided / misfired. */
  supportVoided: boolean;
  /** Card ids of this player's supports voided this turn (Glossary "Void"). */
  voidedCards: number[];
  /** The hand is open to the opponent until the End Phase (Redotamamon: FAQ "hidden zone"). */
  handOpen?: boolean;
}

/** A fresh player state. */
export function newPlayer(partner: string | null): DbePlayer {
  return {
    ko: 0,
    hp: 0,
    power: { circle: 0, triangle: 0, cross: 0 },
    abnormal: false,
    flats: 0,
    attack: null,
    dpExtra: 0,
    evolved: false,
    evolveCardPlayed: false,
    partnerEvolved: false,
    gained: [],
    firstAttack: [],
    secondAttack: 0,
    cannotGainFirstAttack: false,
    revival: null,
    revived: false,
    partner,
    prohibited: [],
    activated: [],
    supportVoided: false,
    voidedCards: [],
  };
}

/** The DBE state of player `p` (lives in the core state's `vars`, so it is hashed and saved). */
export function P(g: Game, p: PlayerIndex): DbePlayer {
  return g.state.players[p].vars as unknown as DbePlayer;
}

/** The compiled card behind a card instance. */
export function def(g: Game, id: number): CompiledCard {
  return g.defOf(id) as CompiledCard;
}

/**
 * The cards of a player's zone whose definition passes `test`, bottom first. Pass a
 * module-level function (e.g. {@link isSupportCard}): these run on every phase step, and a
 * closure made per call would be an allocation each time.
 */
export function cardsWhere(g: Game, p: PlayerIndex, zone: string, test: (c: CompiledCard) => boolean): number[] {
  const out: number[] = [];
  for (const id of g.zone(p, zone)) if (test(def(g, id))) out.push(id);
  return out;
}

/**
 * Decision options naming cards — label "DS1-001 Agumon", value the card id — after the
 * options given first (e.g. `{ label: "None", value: null }`). Source of the labels:
 * {@link cardName}.
 */
export function cardOptions(g: Game, ids: readonly number[], ...first: DecisionOption[]): DecisionOption[] {
  for (const id of ids) first.push({ label: cardName(g, id), value: id });
  return first;
}

/** A card with SUPPORT timing: playable as a support (Support Phase 3–4). */
export const isSupportCard = (c: CompiledCard): boolean => c.stats.timings.includes("SUPPORT");

/** A card with +P: it can be racked up (Evolution Phase 2). */
export const hasPlusP = (c: CompiledCard): boolean => c.stats.plusP !== null;

/** Next global sequence number (ability gains, 1st Attack gains). */
export function nextSeq(g: Game): number {
  const v = g.state.vars as { seq?: Json };
  const n = ((v.seq as number | undefined) ?? 0) + 1;
  g.set(v, "seq", n);
  return n;
}

/**
 * The divisor of an Abnormal Digimon's stats: C halved, U quartered (Anatomy item 12).
 */
export function abnormalDivisor(level: Level | null): number {
  return level === "C" ? 2 : level === "U" ? 4 : 1;
}

/**
 * Reset the active's HP and Power to its printed values (abnormal stats when abnormal):
 * "as evolved" and evolving. Source: Evolution Phase 5.1.8.2, Glossary "Abnormal".
 */
export function resetActiveStats(g: Game, p: PlayerIndex): void {
  const a = activeOf(g, p);
  const s = P(g, p);
  if (a === null) {
    g.set(s, "hp", 0);
    g.set(s, "power", { circle: 0, triangle: 0, cross: 0 });
    return;
  }
  const st = def(g, a).stats;
  const k = s.abnormal ? abnormalDivisor(st.level) : 1;
  g.set(s, "hp", Math.floor((st.hp ?? 0) / k / 10) * 10);
  g.set(s, "power", printedPower(g, a, s.abnormal));
}

/** The printed Power of each attack (abnormal-scaled, rounded down to tens). */
export function printedPower(g: Game, id: number, abnormal: boolean): Record<AttackSlot, number> {
  const st = def(g, id).stats;
  const k = abnormal ? abnormalDivisor(st.level) : 1;
  return { circle: scaledPower(st.circle, k), triangle: scaledPower(st.triangle, k), cross: scaledPower(st.cross, k) };
}

/** An attack's printed Power divided by `k` (Abnormal), rounded down to tens; 0 without the attack. */
function scaledPower(x: { power: number } | null, k: number): number {
  return Math.floor((x?.power ?? 0) / k / 10) * 10;
}

/** A player's DP: the sum of +P in the DP zone plus DP gained by effects (Evolution Phase 4.5). */
export function dpTotal(g: Game, p: PlayerIndex): number {
  let sum = P(g, p).dpExtra;
  for (const id of g.zone(p, "dp")) sum += def(g, id).stats.plusP ?? 0;
  // Permanent evo-box DP changes count while the active that gave them is active (End Phase
  // 3.4: "Opponent's DP -10"; permanent.ts).
  sum += permanentDp(g, p);
  // Cards below an attachment (Immortalize) count as DP (Evolution Phase 5.3.3.7), less what
  // was paid from it (FAQ "Paying DP").
  for (const att of g.zone(p, "attachment")) sum += trackedDp(g, att);
  return sum;
}

/**
 * The DP a card tracks (BIT-052 Immortalize, FAQ "Paying DP"): the +P of the cards below it,
 * reduced by every "Pay X DP from this" (`vars.dpPaid`); never below 0.
 */
export function trackedDp(g: Game, card: number): number {
  let sum = 0;
  for (const id of cardsUnder(g, card)) sum += def(g, id).stats.plusP ?? 0;
  return Math.max(0, sum - ((g.card(card).vars.dpPaid as number | undefined) ?? 0));
}

/**
 * Cards put below `card` ("put all your DP below this card": BIT-052 Immortalize). They sit
 * in the `under` pile of the card's owner with `vars.under` naming the card.
 */
export function cardsUnder(g: Game, card: number): number[] {
  return g.zone(g.card(card).owner, "under").filter((id) => g.card(id).vars.under === card);
}

/** A short readable name of a card instance: "DS1-001 Agumon". */
export function cardName(g: Game, id: number): string {
  const d = def(g, id) as CompiledCard & { [NAME]?: string };
  let n = d[NAME];
  if (n === undefined) {
    n = `${d.stats.setNumber} ${d.stats.name}`;
    Object.defineProperty(d, NAME, { value: n, enumerable: false });
  }
  return n;
}

/**
 * "DS1-001 Agumon", built once per card definition (labels of every decision use it) and
 * kept under a symbol, which JSON and structured clones leave out (see `facts.ts`).
 */
const NAME = Symbol("dbe.cardName");

/**
 * A player as the duel log names them: "P1" or "P2" (the deck names are in the log's header
 * and in {@link seat}). `g` is unused; kept so that every call site reads the same.
 */
export function who(g: Game, p: PlayerIndex): string {
  void g;
  return p === 0 ? "P1" : "P2";
}

/**
 * A player with their deck's name, "P1 (Dragon Rush)": the turn headers of the log and the
 * reasons a game ends (`GameState.endReason`, which is part of the digest — keep its words).
 */
export function seat(g: Game, p: PlayerIndex): string {
  return `P${p + 1} (${g.state.players[p].name})`;
}
