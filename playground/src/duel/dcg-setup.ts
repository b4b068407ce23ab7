/**
 * Setting up a DCG duel (Digimon Card Game, `ruleset dcg`) from the workspace, without the DOM:
 * the card database from the compiled DCG cards the language worker reports
 * (`{kind: "dcgPlayable"}`), the two `.deck` lists read and checked by the DCG runtime's own
 * reader and checker (`runtime/rulesets/dcg/deck.ts`), the cards the effect model cannot
 * perform refused with the card and the construct named (`checkDcgLoadable`), and the game
 * built as `simulateDcgGame` builds it (setup `{ seats }`, the effect model `DCG_EFFECTS`,
 * random agents seeded `seed·2 + 1` and `seed·2 + 2`), so the page and the runtime reach the
 * same digest from the same seed and decks.
 *
 * Practice decks: a set still too small for a legal deck (50 cards, 0–5 Digi-Eggs, at most 4
 * of a card number: 002 §5-1-1) can be played with `practice` on. Only those three limits are
 * waived — an unknown card, a card of the wrong kind in a pile (§5-1-1-1, §5-1-1-2) or a card
 * the runtime cannot perform still keeps a deck out — and each waived limit is reported as a
 * warning, so the page can say the duel is a practice duel and why. A practice game is played
 * by {@link DCG_PRACTICE}, the effect model with the deck-size check left out; nothing else
 * changes.
 *
 * Every problem is data ({@link DeckProblem}), never an exception.
 */
import { Game, type CardDb, type Ruleset } from "../../../runtime/core/engine.ts";
import type { PlayerIndex } from "../../../runtime/core/state.ts";
import { SaveError } from "../../../runtime/core/save.ts";
import type { Agent } from "../../../runtime/core/agents.ts";
import { dcgCardDb, type DcgCard } from "../../../runtime/rulesets/dcg/model.ts";
import type { DcgFeatures, DcgSeat, DcgSetup } from "../../../runtime/rulesets/dcg/index.ts";
import { checkDcgDeck, dcgSeatOf, readDcgDeckList, type DcgDeckList } from "../../../runtime/rulesets/dcg/deck.ts";
import { unknownNumberHint } from "../../../compiler/check/deck-hints.ts";
import { DCG_EFFECTS, checkDcgLoadable } from "../../../runtime/rulesets/dcg/effects/index.ts";
import { makeDcgAgent } from "../../../runtime/rulesets/dcg/sim.ts";
import { LOADABLE_RULE, RULESET_RULE, type DeckFile, type DeckProblem } from "./setup.ts";

/** The deck-construction limits a practice deck may break (002 §5-1-1: 50 cards, 0–5 Digi-Eggs, at most 4 of a number). */
export const PRACTICE_RULE = "002 §5-1-1";

/** Whether a deck file declares the DCG ruleset (`ruleset dcg`: `cards/dcg/decks/README.md`). */
export function isDcgDeckText(text: string): boolean {
  return /^[ \t]*ruleset[ \t]+dcg[ \t]*$/m.test(text);
}

/**
 * The DCG effect model for practice decks: {@link DCG_EFFECTS} with the deck-construction
 * check of the start (002 §5-2-1-1) left out — cards the effect model cannot perform are still
 * refused — and a saved game's setup checked for its shape only. Everything else, the
 * steps before the game included, is the effect model's own.
 */
export const DCG_PRACTICE: Ruleset<DcgSetup, DcgFeatures> = {
  ...DCG_EFFECTS,
  start(g: Game, setup: DcgSetup) {
    if (!setup.scenario) {
      const refused = checkDcgLoadable(g.db as CardDb<DcgCard>, setup.seats);
      if (refused.length) throw new Error(refused.map((e) => e.message).join("; "));
    }
    // The effect model's start without its deck check: a "scenario" start places the cards
    // and queues nothing, then the steps before the game are queued as `startDcg` queues them.
    DCG_EFFECTS.start(g, { ...setup, scenario: true });
    if (!setup.scenario) g.push({ t: "dcg.setup.shuffle" }, { t: "dcg.setup.first" });
  },
  checkSetup(setup: unknown): DcgSetup {
    return practiceSetupShape(setup);
  },
};

/** A practice game's saved setup, checked for its shape: two seats of card numbers and an optional turn limit. */
function practiceSetupShape(setup: unknown): DcgSetup {
  const o = setup as { seats?: unknown; turnLimit?: unknown } | null;
  const cards = (v: unknown) => Array.isArray(v) && v.length <= 1000 && v.every((x) => typeof x === "string" && /^\S{1,64}$/.test(x));
  const seat = (v: unknown): v is DcgSeat => typeof v === "object" && v !== null && typeof (v as DcgSeat).name === "string" && cards((v as DcgSeat).main) && cards((v as DcgSeat).eggs);
  if (!o || typeof o !== "object" || !Array.isArray(o.seats) || o.seats.length !== 2 || !o.seats.every(seat)) throw new SaveError("setup", "expected two seats {name, main, eggs} of card numbers");
  const out: DcgSetup = { seats: [{ ...o.seats[0] }, { ...o.seats[1] }] as [DcgSeat, DcgSeat] };
  if (o.turnLimit !== undefined) {
    if (typeof o.turnLimit !== "number" || !Number.isInteger(o.turnLimit) || o.turnLimit < 1) throw new SaveError("setup.turnLimit", "expected a whole number of turns ≥ 1");
    out.turnLimit = o.turnLimit;
  }
  return out;
}

/** A DCG duel ready to start: the card database, the setup, and the practice notes. */
export interface PreparedDcgDuel {
  ok: true;
  ruleset: "dcg";
  db: CardDb<DcgCard> & { all: DcgCard[] };
  /** `{ seats }`, as `simulateDcgGame` builds a game (no turn limit: the rules' default, 200). */
  setup: DcgSetup;
  /**
   * The limits of 002 §5-1-1 each deck breaks (P1's, P2's), waived because practice decks
   * were allowed (both empty: legal DCG decks).
   */
  practice: [DeckProblem[], DeckProblem[]];
}

/** DCG decks that cannot be played, with every problem found. */
export interface RefusedDcgDuel {
  ok: false;
  problems: DeckProblem[];
}

/** The first line a deck list names a card number on (null when not listed). */
function lineOf(deck: DcgDeckList, number: string): number | null {
  return [...deck.main, ...deck.eggs].find((e) => e.number === number)?.line ?? null;
}

/**
 * Read and check one DCG deck: its syntax (`readDcgDeckList`), that it is a DCG deck, the
 * construction rules (`checkDcgDeck`, 002 §5-1-1) and the cards the effect model cannot perform
 * (`checkDcgLoadable`, naming the card and the construct).
 * @param db the DCG card database (card number → compiled card; with `all`, every card, for the "did you mean" of an unknown one)
 * @param practice waive the limits of {@link PRACTICE_RULE} (reported as `practice`)
 * @returns the seat when the deck can be played, every problem, and the waived limits
 */
export function checkDcgDeckFile(d: DeckFile, db: CardDb<DcgCard> & { all?: readonly DcgCard[] }, practice: boolean): { seat: DcgSeat | null; problems: DeckProblem[]; practice: DeckProblem[] } {
  const problems: DeckProblem[] = [];
  const waived: DeckProblem[] = [];
  try {
    if (!isDcgDeckText(d.text)) {
      problems.push({ file: d.file, line: null, card: null, rule: RULESET_RULE, message: `this deck is not a DCG deck (it has no "ruleset dcg" line) and the game is DCG: choose a DCG deck, or the ruleset of this deck` });
      return { seat: null, problems, practice: waived };
    }
    const { deck, errors } = readDcgDeckList(d.file, d.text);
    for (const e of errors) problems.push({ file: d.file, line: e.line, card: e.card, rule: e.rule, message: e.message });
    if (!deck) return { seat: null, problems, practice: waived };
    const entries = [...deck.main, ...deck.eggs];
    if (entries.length > 0 && entries.every((e) => !db.get(e.number))) {
      // E.g. the project's decks of official cards (cards/dcg/decks/), whose card data is not in the page.
      problems.push({ file: d.file, line: null, card: null, rule: "cards/dcg/decks/README.md, Deck lists (card numbers of the loaded cards)", message: `none of its ${entries.length} card numbers (${entries.slice(0, 3).map((e) => e.number).join(", ")}${entries.length > 3 ? ", …" : ""}) is a DCG card of the workspace: open or write the set files of those cards to play this deck (the official cards' set files are made by \`npx digiscript import dcg ../shared/data/dcg/cards.json --out <folder>\`; open them with Open file…)` });
      return { seat: null, problems, practice: waived };
    }
    for (const e of checkDcgDeck(deck, (n) => db.get(n)?.stats)) {
      // An unknown card number gets the CLI's and the editor's "did you mean" (other letter case, or one edit away).
      const hint = e.card !== null && e.message.startsWith("unknown card number") ? unknownNumberHint(e.card, e.suggestion, (db.all ?? []).map((c) => c.stats.number)) : undefined;
      const p: DeckProblem = { file: d.file, line: e.line, card: e.card, rule: e.rule, message: hint ? `${e.message}: ${hint}` : e.message };
      (practice && e.rule === PRACTICE_RULE ? waived : problems).push(p);
    }
    const seat = dcgSeatOf(deck);
    // Unknown cards are reported above; the runtime is asked only about known ones.
    const known: DcgSeat = { ...seat, main: seat.main.filter((k) => db.get(k)), eggs: seat.eggs.filter((k) => db.get(k)) };
    for (const e of checkDcgLoadable(db, [known])) problems.push({ file: d.file, line: lineOf(deck, e.card), card: `${e.card} ${e.name}`, rule: LOADABLE_RULE, message: `the DCG runtime cannot perform ${e.constructs.join(", ")} yet, so this card is refused before the duel` });
    if (practice && seat.main.length === 0 && !problems.length) problems.push({ file: d.file, line: null, card: null, rule: PRACTICE_RULE, message: "the deck has no cards: even a practice deck needs cards to draw" });
    return { seat: problems.length ? null : seat, problems, practice: waived };
  } catch (e) {
    problems.push({ file: d.file, line: null, card: null, rule: "cards/dcg/decks/README.md", message: `the deck could not be checked: ${(e as Error).message}` });
    return { seat: null, problems, practice: waived };
  }
}

/**
 * Prepare a DCG duel: the card database from the workspace's compiled DCG cards and both
 * decks checked.
 * @param cards every compiled DCG card of the workspace (the worker's `dcgPlayable` answer)
 * @param decks the two deck files, P1's first
 * @param practice allow practice decks (see the module's comment)
 * @returns the database and setup, or every problem of both decks. Never throws.
 */
export function prepareDcgDuel(cards: readonly DcgCard[], decks: readonly [DeckFile, DeckFile], practice = false): PreparedDcgDuel | RefusedDcgDuel {
  const db = dcgCardDb(cards);
  const a = checkDcgDeckFile(decks[0], db, practice);
  const b = checkDcgDeckFile(decks[1], db, practice);
  if (!a.seat || !b.seat) return { ok: false, problems: [...a.problems, ...b.problems] };
  return { ok: true, ruleset: "dcg", db, setup: { seats: [a.seat, b.seat] }, practice: [a.practice, b.practice] };
}

/** Whether a prepared DCG duel plays a practice deck (a limit of 002 §5-1-1 waived). */
export function isPractice(p: PreparedDcgDuel): boolean {
  return p.practice[0].length + p.practice[1].length > 0;
}

/** The ruleset a prepared DCG duel is played by: the effect model, or its practice form when a deck is a practice deck. */
export function dcgRulesetOf(p: PreparedDcgDuel): Ruleset<DcgSetup, DcgFeatures> {
  return isPractice(p) ? DCG_PRACTICE : DCG_EFFECTS;
}

/**
 * A new game of a prepared DCG duel (nothing run yet), as `simulateDcgGame` creates it.
 * @throws RangeError for an invalid seed (check it with `seedError` first)
 */
export function newDcgDuelGame(p: PreparedDcgDuel, seed: number): Game<DcgSetup> {
  return new Game(dcgRulesetOf(p), p.db, p.setup, seed);
}

/**
 * The agent of a DCG seat: the runtime's DCG agents (`makeDcgAgent`: the greedy agent with the
 * DCG heuristic, or the random agent), as `simulateDcgGame` makes them.
 */
export function dcgAgent(kind: "random" | "greedy", seed: number): Agent {
  return makeDcgAgent(kind, seed);
}

/**
 * The practice notes as one sentence for the page, the copy-limit notes of a deck gathered:
 * "Practice duel — not legal DCG decks (002 §5-1-1): P1's deck (Ember) has more than 4 copies
 * of DSX-002 Emberpup (8), DSX-003 Cinderhound (6); …", or "" for legal decks.
 */
export function practiceSummary(p: PreparedDcgDuel): string {
  if (!isPractice(p)) return "";
  const parts = ([0, 1] as PlayerIndex[])
    .filter((i) => p.practice[i].length)
    .map((i) => {
      const copies: string[] = [];
      let cap = 0;
      const other: string[] = [];
      for (const n of p.practice[i]) {
        const m = /^(\d+) copies of (.+); at most (\d+) cards/.exec(n.message);
        if (m) {
          copies.push(`${m[2]} (${m[1]})`);
          cap = Number(m[3]);
        } else other.push(n.message);
      }
      const said = [...(copies.length ? [`more than ${cap} copies of ${copies.join(", ")}`] : []), ...other];
      return `P${i + 1}'s deck (${p.setup.seats[i].name}) has ${said.join("; ")}`;
    });
  return `Practice duel — not legal DCG decks (002 §5-1-1): ${parts.join(". ")}.`;
}
