/**
 * The board of a DCG game (Digimon Card Game) as plain data for the board view, read from the
 * game state through the DCG ruleset's own model and helpers — `model.ts` (`P`, `V`,
 * `memoryOf`, `topOf`, `sourcesOf`, `def`, `DCG_ZONES`: who may see a zone) and
 * `continuous.ts` (`dpOf`, `keywordsOf`: DP and keywords with lasting and continuous effects)
 * — so no rule is computed twice. Reading never changes the game (no journal writes).
 *
 * What it shows (002 chapter 3 "Areas", §4-1 memory, §4-3 digivolution cards, §4-9 suspended):
 * the one memory gauge from −10 to +10 and whose side it is on; for each player the security
 * stack (a count: its cards are face down, §3-8-2), the breeding area and the battle area (each
 * Digimon or Tamer with its stack — the top card and the cards under it — suspended or not,
 * its DP and keywords), the hand (a count, and the cards when the viewer may see them), the
 * deck and Digi-Egg deck counts, and the trash; the attack in progress and the pending effects.
 *
 * The runtime has no DCG "view for a player" (DBE's `view.ts`); hidden cards are decided here
 * from the zones' visibility (`DCG_ZONES`: hand seen by its owner, deck, Digi-Egg deck and
 * security by nobody), which is all the DCG rules hide.
 */
import { seatLabel, type Game } from "../../../runtime/core/engine.ts";
import type { PlayerIndex } from "../../../runtime/core/state.ts";
import { DCG_ZONES, P, V, def, memoryOf, sourcesOf, topOf, type DcgPermanent } from "../../../runtime/rulesets/dcg/model.ts";
import { dpOf, keywordsOf } from "../../../runtime/rulesets/dcg/continuous.ts";
import type { CardFace } from "./board.ts";

/** One Digimon or Tamer in the breeding or battle area, with its stack. */
export interface DcgPermView {
  /** Its object id (`DcgPermanent.id`). */
  id: number;
  /** The top card: the Digimon or Tamer itself (002 §3-5-2). */
  top: CardFace;
  /** The top card's kind ("Digimon", "Digi-Egg", "Tamer", "Option"). */
  kind: string;
  /** "Lv.4", "Lv.–" (no level), or null (a Tamer). */
  level: string | null;
  /** DP now (lasting and continuous effects included, floored at 0), or null without DP. */
  dp: number | null;
  /** The top card's printed DP, or null. */
  printedDp: number | null;
  /** The cards under the top card, bottom first: a Digimon's digivolution cards (002 §4-3-1). */
  sources: CardFace[];
  /** Suspended (turned sideways: 002 §4-9). */
  suspended: boolean;
  /** Played this turn: it cannot attack without <Rush> (002 §7-2-4). */
  playedThisTurn: boolean;
  /** A Token (002 §4-19). */
  token: boolean;
  /** Keywords it has now, readable ("Blocker", "Security Attack +1"). */
  keywords: string[];
}

/** One player's side of a DCG board. */
export interface DcgPlayerView {
  index: PlayerIndex;
  /** "P1 (Gaia Red)". */
  name: string;
  /** Whether this player went first (002 §5-2-1-4). */
  first: boolean;
  /** Memory on this player's side (−10…+10: 002 §4-1-2-1). */
  memory: number;
  /** Cards in the security stack (face down: 002 §3-8-2). */
  security: number;
  /** The breeding area's Digimon (at most one: 002 §3-4-4), or null. */
  breeding: DcgPermView | null;
  /** The battle area, in the order the objects entered (002 §3-5-4). */
  battle: DcgPermView[];
  /** The hand: its size, and its cards as the viewer may see them (002 §3-6-2). */
  hand: { count: number; cards: CardFace[] };
  /** Cards in the deck and in the Digi-Egg deck (face down). */
  deck: number;
  eggDeck: number;
  /** The trash, bottom first (open: 002 §3-7-2). */
  trash: CardFace[];
  /** Cards in no area for a moment: an Option being used, a card a security check flipped (002 §2-3-6-1, §4-11-2). */
  limbo: CardFace[];
}

/** The memory gauge (002 §4-1): one counter, on one player's side. */
export interface MemoryView {
  /** The counter as the state keeps it: positive on P1's side, negative on P2's (−10…+10). */
  value: number;
  /** The player whose side it is on, or null at 0. */
  side: PlayerIndex | null;
  /** How far from 0 (0…10). */
  amount: number;
}

/** The whole DCG board. */
export interface DcgBoardView {
  ruleset: "dcg";
  turn: number;
  turnPlayer: PlayerIndex;
  /** "Main phase, attack: security check" ({@link dcgPhaseName}). */
  where: string;
  over: boolean;
  winner: PlayerIndex | "draw" | null;
  endReason: string | null;
  memory: MemoryView;
  /** The attack in progress, in words ("P1 Greymon attacks P2; blocked"), or null. */
  attack: string | null;
  /** Pending effects waiting to activate (002 §4-5-3), newest batch first: their labels. */
  pending: string[];
  players: [DcgPlayerView, DcgPlayerView];
}

/**
 * The DCG phases as the rules name them (002 §6-1-1: unsuspend, draw, breeding, main; start
 * and end of turn), as `digiscript duel --ruleset dcg` prints them (`compiler/cli/dcg.ts`
 * `formatDcgLog`).
 */
const PHASES: Readonly<Record<string, string>> = {
  setup: "Setup (002 §5-2)",
  start: "Start of turn (002 §6-2)",
  unsuspend: "Unsuspend Phase (002 §6-3)",
  draw: "Draw Phase (002 §6-4)",
  breeding: "Breeding Phase (002 §6-5)",
  main: "Main Phase (002 §6-6)",
  end: "End of turn (002 §6-7)",
};

/** The steps of an attack in the main phase (002 §9-2-1), by the step name the DCG rules record. */
const ATTACK_STEPS: Readonly<Record<string, string>> = {
  attack: "attack declaration (§9-2-1-1)",
  counter: "counter timing (§9-2-1-4)",
  block: "block timing (§9-2-1-5)",
  confirm: "attack target confirmation (§9-2-1-6)",
  check: "security check (§9-2-1-7)",
  battle: "battle (§9-2-1-8)",
  endOfAttack: "end of attack (§9-2-1-9)",
};

/** The header of the steps before the game (002 §5-2), as `formatDcgLog` prints it. */
export const DCG_SETUP_NAME = PHASES.setup!;

/**
 * A DCG phase and step as the rules name them: "Draw Phase (002 §6-4)", "Main Phase (002 §6-6),
 * attack: security check (§9-2-1-7)"; an unknown one is written as it is.
 * @param phase the DCG state's phase ("start", "unsuspend", "draw", "breeding", "main", "end", "setup")
 * @param step its step ("" or an attack step: "attack", "block", "check", …)
 */
export function dcgPhaseName(phase: string, step: string): string {
  const ph = PHASES[phase] ?? phase;
  if (!step || phase !== "main") return ph;
  return `${ph}, attack: ${ATTACK_STEPS[step] ?? step}`;
}

/** DCG keyword names spelt as printed where camel case does not give them ("deDigivolve" → "De-Digivolve"). */
const KEYWORD_NAMES: Readonly<Record<string, string>> = {
  deDigivolve: "De-Digivolve",
  digiBurst: "Digi-Burst",
  blastDnaDigivolve: "Blast DNA Digivolve",
  dnaDigivolve: "DNA Digivolve",
};

/** A keyword as printed: "securityAttack" with 1 → "Security Attack +1", "blocker" → "Blocker". */
export function keywordText(name: string, value: number | null): string {
  const words = KEYWORD_NAMES[name] ?? name.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());
  return value === null ? words : `${words} ${value >= 0 ? "+" : "−"}${Math.abs(value)}`;
}

/** Keywords that carry a value (their tally is the summed value, not a count: 002 §12-4-2). */
const VALUED = new Set(["securityAttack", "digisorption", "recovery", "draw", "deDigivolve", "digiBurst", "save"]);

/** Whether a viewer may see a card in a zone (002 §3-1-4; `DCG_ZONES`). */
function visible(zone: string, owner: PlayerIndex, viewer: PlayerIndex | null): boolean {
  if (viewer === null) return zone !== "deck" && zone !== "eggDeck" && zone !== "security";
  const v = DCG_ZONES[zone] ?? "hidden";
  return v === "open" || (v === "owner" && owner === viewer);
}

/** A card as the viewer sees it. */
function face(g: Game, id: number, show: boolean): CardFace {
  if (!show) return { id, label: null, key: null };
  const st = def(g, id).stats;
  return { id, label: `${st.number} ${st.name}`, key: g.card(id).def };
}

/** A permanent as the board shows it. */
function permView(g: Game, perm: DcgPermanent): DcgPermView {
  const top = def(g, topOf(perm));
  const st = top.stats;
  const tally = keywordsOf(g, perm) as Record<string, number | undefined>;
  const keywords = Object.entries(tally)
    .filter(([, n]) => n !== undefined)
    .map(([k, n]) => keywordText(k, VALUED.has(k) ? n! : null));
  return {
    id: perm.id,
    top: face(g, topOf(perm), true),
    kind: st.kind,
    level: st.level === null ? null : st.level === "-" ? "Lv.–" : `Lv.${st.level}`,
    dp: dpOf(g, perm),
    printedDp: st.dp,
    sources: sourcesOf(perm).map((id) => face(g, id, true)),
    suspended: perm.suspended,
    playedThisTurn: perm.playedTurn === g.state.turn,
    token: perm.token,
    keywords,
  };
}

function player(g: Game, p: PlayerIndex, viewer: PlayerIndex | null): DcgPlayerView {
  const s = P(g, p);
  const faces = (zone: string) => g.zone(p, zone).map((id) => face(g, id, visible(zone, p, viewer)));
  return {
    index: p,
    name: seatLabel(g.state, p),
    first: V(g).firstPlayer === p,
    memory: memoryOf(g, p),
    security: g.zone(p, "security").length,
    breeding: s.breeding ? permView(g, s.breeding) : null,
    battle: s.battle.map((x) => permView(g, x)),
    hand: { count: g.zone(p, "hand").length, cards: faces("hand") },
    deck: g.zone(p, "deck").length,
    eggDeck: g.zone(p, "eggDeck").length,
    trash: faces("trash"),
    limbo: faces("limbo"),
  };
}

/** The attack in progress in words, or null. */
function attackText(g: Game): string | null {
  const a = V(g).attack;
  if (!a) return null;
  const name = (id: number) => {
    for (const p of [0, 1] as PlayerIndex[]) {
      const x = P(g, p).battle.find((y) => y.id === id) ?? (P(g, p).breeding?.id === id ? P(g, p).breeding : null);
      if (x) return `P${p + 1} ${def(g, topOf(x)).stats.name}`;
    }
    return "a Digimon that left play";
  };
  const target = (t: "player" | number) => (t === "player" ? `P${2 - a.player}` : name(t));
  const parts = [`${name(a.attacker)} attacks ${target(a.declared)}`];
  if (a.blocked) parts.push(`blocked by ${target(a.target)}`);
  if (a.checks) parts.push(`${a.checks} security check${a.checks === 1 ? "" : "s"} so far`);
  return parts.join("; ");
}

/**
 * The board of a DCG game as player `viewer` may see it.
 * @param viewer the player whose view it is (their opponent's hand is face down); null shows
 *   both hands (the deck, Digi-Egg deck and security stay face down)
 */
export function dcgBoardOf(g: Game, viewer: PlayerIndex | null): DcgBoardView {
  const s = g.state;
  const v = V(g);
  const m = v.memory;
  return {
    ruleset: "dcg",
    turn: s.turn,
    turnPlayer: s.turnPlayer,
    where: s.phase === "setup" || s.turn === 0 ? DCG_SETUP_NAME : dcgPhaseName(s.phase, s.step),
    over: s.winner !== null,
    winner: s.winner,
    endReason: s.endReason,
    memory: { value: m, side: m > 0 ? 0 : m < 0 ? 1 : null, amount: Math.abs(m) },
    attack: attackText(g),
    pending: [...v.pending].reverse().flatMap((batch) => batch.map((e) => e.label)),
    players: [player(g, 0, viewer), player(g, 1, viewer)],
  };
}
