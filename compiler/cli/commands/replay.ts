/**
 * `digiscript replay <save.json>`: replay a saved game (the JSON of `duel --json`) with the
 * bundled card database, print its log as `duel` does, and say whether it reached the saved
 * digest.
 *
 * Exit codes: 0 the digest matched; 1 the replay reached another digest (the rules or cards
 * changed since the save, or the save was edited); 2 a file that cannot be read, is not JSON,
 * or is not a valid save (one line naming the field, e.g.
 * `error: save: choices[3][0]: expected a whole number ≥ 0, got "x"`).
 */
import { readFile } from "node:fs/promises";
import { EngineError, replayGame, type Replay } from "../../../runtime/core/engine.ts";
import { DBE, type DbeSetup } from "../../../runtime/rulesets/dbe/index.ts";
import { DMB } from "../../../runtime/rulesets/dmb/index.ts";
import { fsReason, messageOf, UserError } from "../errors.ts";
import { bundledDb } from "../decks.ts";
import { formatDcgLog, loadDcgPool } from "../dcg.ts";
import { DCG_EFFECTS } from "../../../runtime/rulesets/dcg/effects/index.ts";
import type { DcgSetup } from "../../../runtime/rulesets/dcg/setup.ts";
import { formatLog, resultLine } from "./duel.ts";

/** Options of replay. */
export interface ReplayOptions {
  /** The save file (JSON). */
  file: string;
  /**
   * Extra `.dgs` files or folders whose cards the save's decks may use; for a DCG save, DCG
   * sets, compiled DCG sets or the card dump, instead of the card pool (`compiler/cli/dcg.ts`).
   */
  cards?: string[];
  /** Print a JSON result instead of the log. */
  json: boolean;
}

/**
 * Replay a save file and print the log and the digest check (or a JSON result:
 * `{ digestMatched, savedDigest, digest, over, winner, reason, turns, decisions, log }`).
 * The ruleset is the save's (`dbe`, `dmb`, or `dcg`: played with card effects, `DCG_EFFECTS`,
 * as `duel --ruleset dcg` plays; anything else is refused by the save check).
 * @returns 0 when the replayed digest matches the save's, 1 when it differs
 * @throws UserError (exit 2) for an unreadable file, bad JSON or a malformed save
 */
export async function replayCommand(o: ReplayOptions): Promise<number> {
  let text: string;
  try {
    text = await readFile(o.file, "utf8");
  } catch (e) {
    throw new UserError(`cannot read ${o.file}: ${fsReason(e)}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new UserError(`${o.file}: not valid JSON (${messageOf(e).split("\n")[0]})`);
  }
  const id = (raw as { ruleset?: unknown } | null)?.ruleset;
  if (id !== undefined && id !== "dbe" && id !== "dmb" && id !== "dcg")
    throw new UserError(`save: ruleset: ${typeof id === "string" && /^[\w.-]{1,40}$/.test(id) ? `"${id}"` : "this value"} is not a ruleset digiscript plays: expected "dbe", "dmb" or "dcg"`);
  let r: Replay<DbeSetup> | Replay<DcgSetup>;
  const dcg = id === "dcg";
  const cards = dcg ? (await loadDcgPool(o.cards ?? [])).db : await bundledDb(o.cards ?? []);
  try {
    r = dcg ? replayGame(DCG_EFFECTS, cards, raw) : replayGame(id === "dmb" ? DMB : DBE, cards, raw);
  } catch (e) {
    if (e instanceof EngineError) throw e;
    const message = messageOf(e).split("\n")[0]!;
    // A game played with `--cards` names cards only those files have.
    const hint = /unknown card number/.test(message) ? ["a game saved by `duel --cards <files>` replays with the same `--cards <files>`"] : [];
    throw new UserError(message, hint);
  }
  const g = r.game;
  if (o.json) {
    const s = g.state;
    const out = { digestMatched: r.digestMatched, savedDigest: r.savedDigest, digest: r.digest, over: g.over, winner: s.winner, reason: s.endReason, turns: s.turn, decisions: g.choices.length, log: g.log };
    process.stdout.write(JSON.stringify(out, null, 1) + "\n");
  } else {
    process.stdout.write(dcg ? formatDcgLog(g) : formatLog(g));
    process.stdout.write(`\n${resultLine(g)}\n`);
    process.stdout.write(
      r.digestMatched
        ? `Digest: matches the save (${r.digest.slice(0, 16)})\n`
        : `Digest: differs — replayed ${r.digest.slice(0, 16)}, saved ${r.savedDigest.slice(0, 16)} (the rules or cards changed since the save, or the save was edited)\n`,
    );
  }
  return r.digestMatched ? 0 : 1;
}
