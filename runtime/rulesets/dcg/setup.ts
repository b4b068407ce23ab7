/**
 * Before the game (002 §5-2): shuffle the decks
 * and Digi-Egg decks, choose the first player at random, draw 5, one optional redraw each
 * (first player first), 5 security cards, memory on 0, the first player's turn. 002 orders
 * the security after the hands and the redraw (§5-2-1-5..8, §5-2-2); 001 p.5 deals security
 * first and has no redraw — 002 is followed, as everywhere the two disagree (index.ts).
 */
import type { Game, Task } from "../../core/engine.ts";
import { other, type PlayerIndex } from "../../core/state.ts";
import { V, ask, cardName, newPlayer, newVars, seat, setMemory, trackWrites, who, type DcgCard } from "./model.ts";
import { moveTop } from "./moves.ts";
import { checkDcgDeck, dcgDeckListOf } from "./deck.ts";

/** One player's seat: a deck by card number, one entry per copy. */
export interface DcgSeat {
  /** Deck name, shown in logs. */
  name: string;
  /** The deck (002 §5-1-1: 50 Digimon, Tamer and Option cards), one card number per copy. */
  main: string[];
  /** The Digi-Egg deck (002 §5-1-1: 0–5 Digi-Egg cards), one card number per copy. */
  eggs: string[];
  /**
   * The Token cards the player prepared (002 §5-1-1: "a player who wants to use Tokens must also
   * prepare token cards", §5-2-1-1), one card number each, outside the deck: an effect that plays
   * "1 [Diaboromon] Token" plays one made from the prepared card of that name (`play.ts`).
   */
  tokens?: string[];
}

/** The setup of a DCG game. */
export interface DcgSetup {
  seats: [DcgSeat, DcgSeat];
  /** Turns after which the game is a draw (a simulation guard, default 200: `turn.ts`). */
  turnLimit?: number;
  /** Scenario: skip the steps before the game; the scenario builder places cards and queues tasks. */
  scenario?: boolean;
}

/** Opening hand size (002 §5-2-1-5). */
export const OPENING_HAND = 5;
/** Security stack size at the start (002 §5-2-2). */
export const SECURITY_CARDS = 5;

/**
 * Seat both players and queue the steps before the game (`Ruleset.start`). SET-1 (002
 * §5-2-1-1): each deck must meet the construction rules of §5-1 when it is taken out — except
 * in a scenario, whose cards the builder places by hand.
 * @throws Error naming the seat, the card and the rule when a deck breaks a construction rule
 *   or a card number is unknown
 */
export function startDcg(g: Game, setup: DcgSetup): void {
  if (!setup.scenario)
    setup.seats.forEach((seat, i) => {
      const problems = checkDcgDeck(dcgDeckListOf(seat), (n) => (g.db.get(n) as DcgCard | undefined)?.stats, { card: (n) => g.db.get(n) as DcgCard | undefined });
      if (problems.length) throw new Error(`seat ${i + 1} (${seat.name}): ${problems.map((e) => `${e.message} (${e.rule})`).join("; ")}`);
    });
  trackWrites(g);
  g.state.vars = newVars() as never;
  setup.seats.forEach((seat, i) => {
    const p = i as PlayerIndex;
    g.state.players[p].name = seat.name;
    g.state.players[p].vars = newPlayer() as never;
    const put = (key: string, zone: string) => {
      try {
        g.createCard(p, key, zone);
      } catch (e) {
        throw new Error(`seat ${i + 1} (${seat.name}): ${(e as Error).message}`);
      }
    };
    for (const key of seat.main) put(key, "deck");
    for (const key of seat.eggs) put(key, "eggDeck");
  });
  if (setup.scenario) return;
  g.push({ t: "dcg.setup.shuffle" }, { t: "dcg.setup.first" });
}

/** Task handlers of the steps before the game. */
export const SETUP_TASKS: Record<string, (g: Game, t: Task) => void> = {
  /** SET-2, SET-3 (002 §5-2-1-2, §5-2-1-3): both decks and Digi-Egg decks are shuffled. */
  "dcg.setup.shuffle"(g) {
    g.set(g.state, "phase", "setup");
    for (const p of [0, 1] as const) {
      g.shuffle(p, "deck");
      g.shuffle(p, "eggDeck");
    }
    g.logger?.emit("shuffle", null, "Both players shuffle their decks and Digi-Egg decks (002 §5-2-1-2, §5-2-1-3)");
  },

  /**
   * SET-4 (002 §5-2-1-4): the first player is chosen at random (the rock-paper-scissors winner
   * goes first: no decision); then the hands, redraws and security in the rules' order.
   */
  "dcg.setup.first"(g) {
    const first = g.rng.int(0, 1) as PlayerIndex;
    const second = other(first);
    g.set(V(g), "firstPlayer", first);
    g.set(g.state, "turnPlayer", first);
    g.logger?.emit("firstPlayer", first, `${seat(g, first)} goes first, chosen at random (002 §5-2-1-4)`);
    g.push(
      { t: "dcg.setup.hand", p: first },
      { t: "dcg.setup.hand", p: second },
      { t: "dcg.setup.redraw", p: first },
      { t: "dcg.setup.redraw", p: second },
      { t: "dcg.setup.security", p: first },
      { t: "dcg.setup.security", p: second },
      { t: "dcg.setup.begin" },
    );
  },

  /** SET-5 (002 §5-2-1-5): draw 5 cards as the opening hand. */
  "dcg.setup.hand"(g, t) {
    const p = t.p as PlayerIndex;
    const cards = moveTop(g, p, "deck", "hand", OPENING_HAND);
    g.logger?.emit("openingHand", p, `${who(p)} draws an opening hand: ${cards.map((id) => cardName(g, id)).join(", ")} (002 §5-2-1-5)`, { count: cards.length });
  },

  /**
   * SET-6 (002 §5-2-1-6..8): the player may redraw once — the whole hand back into the deck,
   * shuffle, draw 5 — or keep; the first player decides first.
   */
  "dcg.setup.redraw"(g, t) {
    const p = t.p as PlayerIndex;
    if (t.answer === undefined) {
      ask(g, p, "mulligan", "Keep your opening hand, or redraw once? (002 §5-2-1-6)", [{ label: "Keep", value: false }, { label: "Redraw", value: true }], 1, 1, t);
      return;
    }
    if (t.answer[0] !== 1) {
      g.logger?.emit("redraw", p, `${who(p)} keeps the opening hand (002 §5-2-1-6)`, { redraw: false });
      return;
    }
    for (const id of [...g.zone(p, "hand")]) g.move(id, p, "deck");
    g.shuffle(p, "deck");
    const cards = moveTop(g, p, "deck", "hand", OPENING_HAND);
    g.logger?.emit("redraw", p, `${who(p)} returns the hand to the deck, shuffles and draws ${cards.map((id) => cardName(g, id)).join(", ")} (002 §5-2-1-7)`, { redraw: true });
  },

  /** SET-7 (002 §5-2-2): the top 5 deck cards, one at a time, face down into security (the deck's top card ends at the bottom). */
  "dcg.setup.security"(g, t) {
    const p = t.p as PlayerIndex;
    moveTop(g, p, "deck", "security", SECURITY_CARDS);
    g.logger?.emit("security", p, `${who(p)} places the top ${SECURITY_CARDS} cards of the deck face down as security (002 §5-2-2)`, { count: g.zone(p, "security").length });
  },

  /** SET-8, SET-9 (002 §5-2-3, §5-2-4): memory on 0; the first player's turn 1 begins. */
  "dcg.setup.begin"(g) {
    setMemory(g, 0, 0);
    g.set(g.state, "turn", 1);
    g.push({ t: "dcg.turn" });
  },
};
