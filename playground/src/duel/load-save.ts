/**
 * Loading a saved game into the duel bench, without the DOM: a save file (`runtime/core/save.ts`,
 * the file "Save game (JSON)" downloads and `digiscript duel --json` prints) is untrusted
 * input, so it is read in steps that each refuse it with one line `save: <field>: <problem>`
 * ({@link SaveError}) and change nothing:
 *
 * 1. {@link readSaveFile}: the size (at most {@link MAX_SAVE_BYTES}, checked before parsing),
 *    JSON, the envelope checked by the runtime's own `parseSave` (format, ruleset, seed,
 *    choices, digest) and a ruleset the bench plays (DBE, DMB or DCG);
 * 2. {@link replaySave}: the setup checked by the ruleset (`Ruleset.checkSetup`: every card in
 *    the workspace's card database — the bundled sets and the designer's own — and legal
 *    decks; a DCG save of practice decks is replayed as a practice game), the choices
 *    replayed from the seed (`engine.ts` `replayGame`) and the digest compared (a mismatch:
 *    the cards or rules changed since the save was made), then a {@link Session} with both
 *    seats played by "me" and every saved answer recorded as "me"'s, so Undo steps back
 *    through the game one decision at a time and nothing plays on by itself.
 *
 * The decks are named by the workspace's deck files that hold exactly the save's seats
 * ({@link matchDeckFiles}), or are "decks from the save".
 */
import type { CompiledCard } from "../../../runtime/card.ts";
import { EngineError, Game, replayGame, type CardDb, type Ruleset } from "../../../runtime/core/engine.ts";
import { parseSave, SaveError, type SavedGame } from "../../../runtime/core/save.ts";
import { cardDb, DBE } from "../../../runtime/rulesets/dbe/index.ts";
import { readDeckList } from "../../../runtime/rulesets/dbe/deck.ts";
import { seatOf } from "../../../runtime/rulesets/dbe/seats.ts";
import { DMB } from "../../../runtime/rulesets/dmb/index.ts";
import { dcgCardDb, type DcgCard } from "../../../runtime/rulesets/dcg/model.ts";
import { dcgSeatOf, readDcgDeckList } from "../../../runtime/rulesets/dcg/deck.ts";
import { DCG_EFFECTS } from "../../../runtime/rulesets/dcg/effects/index.ts";
import { DCG_PRACTICE, isDcgDeckText } from "./dcg-setup.ts";
import { agentSeeds, deckRuleset, type DeckFile, type RulesetId } from "./setup.ts";
import { Session } from "./session.ts";

/** The largest save file the bench reads (bytes): far above any real game's save (a few KB). */
export const MAX_SAVE_BYTES = 4 * 1024 * 1024;

/** The rulesets the duel bench plays, by id. */
const RULESETS: Readonly<Record<RulesetId, Ruleset<unknown>>> = { dbe: DBE as Ruleset<unknown>, dmb: DMB as Ruleset<unknown>, dcg: DCG_EFFECTS as Ruleset<unknown> };

/** A save file read and its envelope checked ({@link readSaveFile}); its setup and choices are not replayed yet. */
export interface ReadSave {
  /** The save's JSON as parsed (what `replayGame` checks again, field by field). */
  raw: unknown;
  /** The envelope, typed by `parseSave`. */
  save: SavedGame;
  /** The save's ruleset: one the bench plays. */
  ruleset: RulesetId;
}

/**
 * Refuse a file too large to be a saved game, before it is read or parsed.
 * @param bytes the file's size in bytes
 * @throws SaveError `save: the file is 9.5 MB: a saved game is at most 4 MB` above {@link MAX_SAVE_BYTES}
 */
export function checkSaveSize(bytes: number): void {
  if (bytes > MAX_SAVE_BYTES) throw new SaveError("", `the file is ${(bytes / 1024 / 1024).toFixed(1)} MB: a saved game is at most ${MAX_SAVE_BYTES / 1024 / 1024} MB`);
}

/**
 * Read a save file's text: its size ({@link checkSaveSize}, before parsing), JSON, and the
 * envelope by the runtime's `parseSave` for the ruleset the save names, which must be DBE,
 * DMB or DCG.
 * @param text the file's text
 * @param bytes the file's size in bytes (default: the text's UTF-8 length)
 * @returns the parsed save and its ruleset
 * @throws SaveError one line: `save: the file is … MB: …`, `save: not JSON: …`,
 *   `save: format: not a DigiScript saved game …`, `save: ruleset: the duel bench plays DBE, DMB
 *   and DCG games, not "toy"`, `save: choices[3][0]: …`, `save: digest: …`
 */
export function readSaveFile(text: string, bytes: number = new TextEncoder().encode(text).length): ReadSave {
  checkSaveSize(Math.max(bytes, text.length));
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new SaveError("", `not JSON (${oneLine((e as Error).message)}): a saved game is the JSON file "Save game (JSON)" or digiscript duel --json writes`);
  }
  const named = typeof raw === "object" && raw !== null && !Array.isArray(raw) ? (raw as { ruleset?: unknown }).ruleset : undefined;
  // parseSave checks the format first, then that the ruleset is a string, then the body.
  const save = parseSave(raw, typeof named === "string" ? named : "dbe");
  if (!(save.ruleset in RULESETS)) throw new SaveError("ruleset", `the duel bench plays DBE, DMB and DCG games, not ${JSON.stringify(save.ruleset.slice(0, 40))}`);
  return { raw, save, ruleset: save.ruleset as RulesetId };
}

/** A message on one line, at most 160 characters. */
function oneLine(s: string): string {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > 160 ? `${t.slice(0, 159)}…` : t;
}

/** The workspace as a loaded save needs it: the compiled cards of both kinds and the deck files. */
export interface SaveWorkspace {
  /** Every compiled DBE/DMB card (the language worker's `playable` answer). */
  cards: readonly CompiledCard[];
  /** Every compiled DCG card (the worker's `dcgPlayable` answer). */
  dcgCards: readonly DcgCard[];
  /** The workspace's deck files (bundled and the designer's own), to name the save's decks. */
  decks: readonly DeckFile[];
}

/** A saved game replayed and ready for the bench. */
export interface LoadedSave {
  /** The session: both seats "me", every saved answer recorded as "me"'s, at the end of the save. */
  session: Session;
  ruleset: RulesetId;
  seed: number;
  /** The game's full digest (equal to the save's). */
  digest: string;
  /** The decks' names as the save has them (P1's, P2's). */
  deckNames: [string, string];
  /** The workspace's deck files holding exactly P1's and P2's saved decks, or null (a deck "from the save"). */
  deckFiles: [string | null, string | null];
  /** Whether the game is a DCG practice game (decks breaking the limits of 002 §5-1-1). */
  practice: boolean;
  /** The number of saved decisions. */
  decisions: number;
}

/**
 * Replay a read save with the workspace's cards and build the bench's session of it.
 * @param read the save as {@link readSaveFile} returned it
 * @returns the session and what the panel shows of the save
 * @throws SaveError one line: a setup the ruleset refuses (`save: setup.seats[0]: deck "X"
 *   uses cards no loaded set has: …`), a choice that is not legal (`save: choices[12]: …`),
 *   a digest the replay does not reach (`save: digest: the replay reaches … not the saved …:
 *   the cards or rules changed since the save was made, or the save was edited`), or the
 *   engine failing during the replay (`save: choices: the engine failed while replaying …`)
 */
export function replaySave(read: ReadSave, ws: SaveWorkspace): LoadedSave {
  const dcg = read.ruleset === "dcg";
  const db: CardDb = dcg ? dcgCardDb(ws.dcgCards) : cardDb(ws.cards);
  let ruleset = RULESETS[read.ruleset];
  let practice = false;
  let replay: ReturnType<typeof replayGame>;
  try {
    replay = attempt(ruleset, db, read.raw);
  } catch (e) {
    // A DCG save of practice decks (only 002 §5-1-1's size and copy limits broken, every card known):
    // replayed by the practice form of the effect model, and said to be a practice game.
    if (!(dcg && e instanceof SaveError && /^setup\.seats\[\d\]$/.test(e.field) && /002 §5-1-1/.test(e.problem) && cardsKnown(read.save.setup, db))) throw e;
    ruleset = DCG_PRACTICE as Ruleset<unknown>;
    practice = true;
    try {
      replay = attempt(ruleset, db, read.raw);
    } catch {
      throw e;
    }
  }
  if (!replay.digestMatched)
    throw new SaveError("digest", `the replay reaches ${replay.digest.slice(0, 16)}…, not the saved ${replay.savedDigest.slice(0, 16)}…: the cards or rules changed since the save was made, or the save was edited`);
  const setup = replay.game.setup;
  const save = read.save;
  const session = Session.replayed(() => new Game(ruleset, db, setup, save.seed), ["me", "me"], agentSeeds(save.seed), save.choices);
  const digest = session.game.digest();
  if (session.error !== null || digest !== save.digest) throw new SaveError("choices", `the bench's replay did not reach the saved game: ${session.error ?? `digest ${digest.slice(0, 16)}…`}`);
  const seats = (setup as { seats: [{ name: string }, { name: string }] }).seats;
  return {
    session,
    ruleset: read.ruleset,
    seed: save.seed,
    digest,
    deckNames: [seats[0].name, seats[1].name],
    deckFiles: matchDeckFiles(read.ruleset, setup, ws.decks),
    practice,
    decisions: save.choices.length,
  };
}

/** `replayGame`, its errors as SaveErrors, a designer's card missing said in the page's terms. */
function attempt(ruleset: Ruleset<unknown>, db: CardDb, raw: unknown): ReturnType<typeof replayGame> {
  try {
    return replayGame(ruleset, db, raw);
  } catch (e) {
    if (e instanceof SaveError) {
      // The runtime's advice names the CLI's --cards; in the page the cards are the workspace's.
      const cut = e.problem.indexOf(". If the game was played with --cards");
      if (cut >= 0) throw new SaveError(e.field, `${e.problem.slice(0, cut)}: open or write the set files of those cards, then load the save again`);
      throw e;
    }
    if (e instanceof EngineError) throw new SaveError("choices", `the engine failed while replaying the save: ${oneLine(e.message)}`);
    throw new SaveError("", oneLine((e as Error).message));
  }
}

/** Whether every card of a DCG setup's seats is in the database (a practice replay still refuses unknown cards). */
function cardsKnown(setup: unknown, db: CardDb): boolean {
  const seats = (setup as { seats?: unknown } | null)?.seats;
  if (!Array.isArray(seats)) return false;
  return seats.every((s: { main?: unknown; eggs?: unknown }) => [s?.main, s?.eggs].every((l) => Array.isArray(l) && l.every((n) => typeof n === "string" && db.get(n) !== undefined)));
}

/**
 * The workspace's deck files that hold exactly the seats of a setup: a deck file of the
 * ruleset whose deck (name and cards, in order, as the deck reader expands it — `seatOf`,
 * `dcgSeatOf`) equals the seat. The designer's own files come after the bundled ones, as
 * `deckFiles` lists them; the first match wins.
 * @param setup a checked setup (`{ seats }`)
 * @returns P1's and P2's deck file, or null for a deck no file holds. Never throws.
 */
export function matchDeckFiles(ruleset: RulesetId, setup: unknown, decks: readonly DeckFile[]): [string | null, string | null] {
  const seats = (setup as { seats?: unknown[] } | null)?.seats ?? [];
  const key = (s: unknown) => {
    const o = (s ?? {}) as Record<string, unknown>;
    return JSON.stringify(ruleset === "dcg" ? [o.name, o.main, o.eggs] : [o.name, o.main, o.destiny, o.partner]);
  };
  const known = new Map<string, string>();
  for (const d of decks) {
    try {
      if (ruleset === "dcg") {
        if (!isDcgDeckText(d.text)) continue;
        const deck = readDcgDeckList(d.file, d.text).deck;
        if (deck) {
          const k = key(dcgSeatOf(deck));
          if (!known.has(k)) known.set(k, d.file);
        }
      } else if (deckRuleset(d) === ruleset) {
        const deck = readDeckList(d.file, d.text).deck;
        if (deck) {
          const k = key(seatOf(deck));
          if (!known.has(k)) known.set(k, d.file);
        }
      }
    } catch {
      // A deck file that cannot be read names no saved deck.
    }
  }
  return [known.get(key(seats[0])) ?? null, known.get(key(seats[1])) ?? null];
}
