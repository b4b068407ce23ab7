/**
 * DBE Pre-Game Setup and the deck a game starts from.
 * Source: `000_012504f4614e5b24.txt`, "Pre-Game Setup" steps 1–7.
 */
import type { Game, Task } from "../../core/engine.ts";
import type { PlayerIndex } from "../../core/state.ts";
import type { CompiledCard } from "../../card.ts";
import { cardName, cardOptions, def, newPlayer, P, who } from "./model.ts";
import { drawRaw } from "./piles.ts";

/** One player's seat: a deck by set number (main and Destiny Zone) and its Partner. */
export interface Seat {
  /** Deck name, shown in logs. */
  name: string;
  /** Main Deck card keys, one entry per copy (e.g. 4 × "DS1-001"). */
  main: string[];
  /** Destiny Zone card keys, one per copy. */
  destiny: string[];
  /** Declared Partner set number (a Level R of the main deck), or null. */
  partner: string | null;
}

/** Setup of a DBE game: two seats. */
export interface DbeSetup {
  seats: [Seat, Seat];
  /** Turn limit: the game is a draw after this many turns (default 200). */
  turnLimit?: number;
  /** Scenario: skip Pre-Game Setup; the scenario builder places cards and queues tasks. */
  scenario?: boolean;
}

/** Deck size during play: the main deck is cut to 40 with the Side Pile (Pre-Game Setup 3). */
export const PLAY_DECK = 40;
/** Opening hand size (Pre-Game Setup 4). */
export const OPENING_HAND = 5;

/**
 * Seat both players: deck name, player state with the declared Partner, the main deck in
 * the deck zone and the Destiny Zone cards in theirs (shared by the DBE and DMB setups).
 * @throws Error naming the seat and the card when a card key is unknown
 */
export function seatPlayers(g: Game, setup: DbeSetup): void {
  setup.seats.forEach((seat, i) => {
    const p = i as PlayerIndex;
    g.state.players[p].name = seat.name;
    g.state.players[p].vars = newPlayer(seat.partner) as never;
    const place = (key: string, zone: string) => {
      try {
        g.createCard(p, key, zone);
      } catch (e) {
        throw new Error(`seat ${i + 1} (${seat.name}): ${(e as Error).message}`);
      }
    };
    for (const key of seat.main) place(key, "deck");
    for (const key of seat.destiny) place(key, "destinyZone");
  });
}

/**
 * Put both decks into their zones and queue Pre-Game Setup.
 * @throws Error naming the seat and card when a card key is unknown
 */
export function startDbe(g: Game, setup: DbeSetup): void {
  seatPlayers(g, setup);
  if (setup.scenario) return;
  g.push(
    { t: "dbe.setup.inspect" },
    { t: "dbe.setup.sidePile", p: 0 },
    { t: "dbe.setup.sidePile", p: 1 },
    { t: "dbe.setup.hand", p: 0 },
    { t: "dbe.setup.hand", p: 1 },
    { t: "dbe.setup.mulligan", p: 0 },
    { t: "dbe.setup.mulligan", p: 1 },
    { t: "dbe.setup.combine", p: 0 },
    { t: "dbe.setup.combine", p: 1 },
    { t: "dbe.setup.startPlayer" },
  );
}

/** Draw without triggers (piles.ts); re-exported for the phase modules. */
export { drawRaw };

/**
 * Task handlers of Pre-Game Setup. `dbe.setup.hand` and `dbe.setup.startPlayer` take an
 * optional `rule` to cite (a variant with the same step under another section: DMB).
 */
export const SETUP_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /**
   * Step 2, Inspect: the Destiny Zones are open; the Partners are declared; each player puts
   * their Mastery card (if any) on top of the Destiny Zone, "so its effects are visible during
   * the game" (continuous.ts reads the top card only).
   */
  "dbe.setup.inspect"(g) {
    g.set(g.state, "phase", "setup");
    for (const p of [0, 1] as const) {
      for (const id of [...g.zone(p, "destinyZone")]) if (def(g, id).stats.markings.includes("Mastery")) g.move(id, p, "destinyZone");
      const dz = g.zone(p, "destinyZone").map((id) => cardName(g, id));
      const partner = P(g, p).partner;
      g.logger?.emit("inspect", p, `${who(g, p)} shows the Destiny Zone [${dz.join(", ")}]${partner ? ` and declares Partner ${partner}` : ""} (Pre-Game Setup 2)`, { destiny: dz, partner });
    }
  },
  /** Step 3, Side Piles: remove cards from the deck face down until it holds exactly 40. */
  "dbe.setup.sidePile"(g, t) {
    const p = t.p as PlayerIndex;
    const deck = g.zone(p, "deck");
    const extra = deck.length - PLAY_DECK;
    if (t.answer === undefined) {
      if (extra <= 0) return;
      // Offer each distinct card once per copy; labels are the card names.
      g.ask(p, "chooseCards", `Choose ${extra} cards for the Side Pile (Pre-Game Setup 3)`, cardOptions(g, deck), extra, extra, t);
      return;
    }
    const ids = t.answer.map((i) => deck[i]!);
    for (const id of ids) g.move(id, p, "sidePile");
    g.logger?.emit("sidePile", p, `${who(g, p)} puts ${ids.length} cards into the Side Pile (Pre-Game Setup 3)`, { count: ids.length });
  },
  /** Step 4, Opening hand: shuffle the 40-card deck and draw 5. */
  "dbe.setup.hand"(g, t) {
    const p = t.p as PlayerIndex;
    g.shuffle(p, "deck");
    drawRaw(g, p, OPENING_HAND);
    g.logger?.emit("openingHand", p, `${who(g, p)} draws an opening hand of ${OPENING_HAND} (${(t.rule as string | undefined) ?? "Pre-Game Setup 4"})`);
  },
  /** Step 5, Opening mulligan: any number of cards onto the Side Pile, then draw back to 5. */
  "dbe.setup.mulligan"(g, t) {
    const p = t.p as PlayerIndex;
    const hand = g.zone(p, "hand");
    if (t.answer === undefined) {
      g.ask(p, "mulligan", "Opening mulligan: choose any cards to put on the Side Pile (Pre-Game Setup 5)", cardOptions(g, hand), 0, hand.length, t);
      return;
    }
    const ids = t.answer.map((i) => hand[i]!);
    for (const id of ids) g.move(id, p, "sidePile");
    drawRaw(g, p, OPENING_HAND - g.zone(p, "hand").length);
    g.logger?.emit("mulligan", p, `${who(g, p)} mulligans ${ids.length} (Pre-Game Setup 5)`, { count: ids.length });
  },
  /** Step 6, Create the deck: Side Pile, mulliganed cards and deck together, shuffled. */
  "dbe.setup.combine"(g, t) {
    const p = t.p as PlayerIndex;
    for (const id of [...g.zone(p, "sidePile")]) g.move(id, p, "deck");
    g.shuffle(p, "deck");
  },
  /** Step 7, Start player: chosen at random; it becomes that player's first turn. */
  "dbe.setup.startPlayer"(g, t) {
    const first = g.rng.int(0, 1) as PlayerIndex;
    g.set(g.state, "turnPlayer", first);
    g.logger?.emit("startPlayer", first, `${who(g, first)} goes first (${(t.rule as string | undefined) ?? "Pre-Game Setup 7"})`);
    g.push({ t: "dbe.turn" });
  },
};

/** Whether a card can be the active Digimon from hand at Prep Phase 4: an R, C or U Digimon. */
export function canBeActiveDef(c: CompiledCard): boolean {
  const st = c.stats;
  return st.kind === "Digimon" && (st.level === "R" || st.level === "C" || st.level === "U");
}
