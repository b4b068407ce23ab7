/**
 * DBE Pre-Game Setup and the deck a game starts from.
 * Source: `000_012504f4614e5b24.txt`, "Pre-Game Setup" steps 1–7.
 */
import type { Game, Task } from "../../core/engine.ts";
import type { PlayerIndex } from "../../core/state.ts";
import type { CompiledCard } from "../../card.ts";
import { cardName, cardOptions, def, newPlayer, P, seat, who } from "./model.ts";
import { cardsText, count } from "./narrate.ts";
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
   * the game" (places.ts `forEachInPlay` reads the top card only).
   */
  "dbe.setup.inspect"(g) {
    g.set(g.state, "phase", "setup");
    for (const p of [0, 1] as const) {
      for (const id of [...g.zone(p, "destinyZone")]) if (def(g, id).stats.markings.includes("Mastery")) g.move(id, p, "destinyZone");
      const dz = g.zone(p, "destinyZone").map((id) => cardName(g, id));
      const partner = P(g, p).partner;
      if (g.logger) {
        const partnerName = partner === null ? null : ((g.db.get(partner) as { stats?: { name?: string } } | undefined)?.stats?.name ?? partner);
        const mastery = g.zone(p, "destinyZone").filter((id) => def(g, id).stats.markings.includes("Mastery"));
        g.logger.emit(
          "inspect",
          p,
          `${seat(g, p)} shows the Destiny Zone (${g.zone(p, "destinyZone").length ? cardsText(g, g.zone(p, "destinyZone")) : "empty"})${partnerName ? ` and declares ${partnerName} the Partner` : ""}${mastery.length ? `; the Mastery card ${cardsText(g, mastery)} goes on top` : ""} (Pre-Game Setup 2)`,
          { destiny: dz, partner },
        );
      }
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
    g.logger?.emit("sidePile", p, `${who(g, p)} puts ${count(ids.length)} into the Side Pile, face down: ${cardsText(g, ids)} (Pre-Game Setup 3)`, { count: ids.length });
  },
  /** Step 4, Opening hand: shuffle the 40-card deck and draw 5. */
  "dbe.setup.hand"(g, t) {
    const p = t.p as PlayerIndex;
    g.shuffle(p, "deck");
    const moved: number[] | undefined = g.logger ? [] : undefined;
    drawRaw(g, p, OPENING_HAND, "hand", moved);
    g.logger?.emit("openingHand", p, `${who(g, p)} shuffles the deck and draws an opening hand: ${cardsText(g, moved!)} (${(t.rule as string | undefined) ?? "Pre-Game Setup 4"})`);
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
    const moved: number[] | undefined = g.logger ? [] : undefined;
    drawRaw(g, p, OPENING_HAND - g.zone(p, "hand").length, "hand", moved);
    g.logger?.emit("mulligan", p, ids.length ? `${who(g, p)} mulligans ${cardsText(g, ids)} onto the Side Pile and draws ${cardsText(g, moved!)} (Pre-Game Setup 5)` : `${who(g, p)} keeps the opening hand (Pre-Game Setup 5)`, { count: ids.length });
  },
  /** Step 6, Create the deck: Side Pile, mulliganed cards and deck together, shuffled. */
  "dbe.setup.combine"(g, t) {
    const p = t.p as PlayerIndex;
    const side = [...g.zone(p, "sidePile")];
    for (const id of side) g.move(id, p, "deck");
    g.shuffle(p, "deck");
    g.logger?.emit("combine", p, `${who(g, p)} shuffles the Side Pile (${count(side.length)}) into the deck (Pre-Game Setup 6)`, { count: side.length });
  },
  /** Step 7, Start player: chosen at random; it becomes that player's first turn. */
  "dbe.setup.startPlayer"(g, t) {
    const first = g.rng.int(0, 1) as PlayerIndex;
    g.set(g.state, "turnPlayer", first);
    g.logger?.emit("startPlayer", first, `${who(g, first)} goes first, chosen at random (${(t.rule as string | undefined) ?? "Pre-Game Setup 7"})`);
    g.push({ t: "dbe.turn" });
  },
};

/** Whether a card can be the active Digimon from hand at Prep Phase 4: an R, C or U Digimon. */
export function canBeActiveDef(c: CompiledCard): boolean {
  const st = c.stats;
  return st.kind === "Digimon" && (st.level === "R" || st.level === "C" || st.level === "U");
}
