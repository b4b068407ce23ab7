/**
 * Which game `duel` and `simulate` play when `--ruleset` is not given: the one their decks and
 * `--cards` sets say. A deck list names its game on its `ruleset` line (`cards/dbe/decks/README.md`:
 * `dbe` or `dmb`; `cards/dcg/decks/README.md`: `dcg`), a set file on its own `ruleset` line
 * (`docs/set-format.md`), a compiled DCG set or the DCG card dump by being one. Both commands call
 * {@link inferRuleset}, so they read the same decks the same way.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join } from "node:path";
import { rulesetOfSource } from "../../grammar/setfile.ts";
import { UserError } from "./errors.ts";
import { dgsFilesUnder, displayPath, notTextReason } from "./files.ts";
import { isCompiledSetFolder } from "./compiled.ts";
import { DECKS_DIR, isDcgDeckText, isDeckFileArg } from "./decks.ts";
import { DCG_DECKS_DIR, isCompiledDcgFolder } from "./dcg.ts";

/** The games `duel` and `simulate` play (`--ruleset`). */
export type GameRuleset = "dbe" | "dmb" | "dcg";

/**
 * What one deck or set says about the game: the rulesets it can be played with, and how to
 * name it and its reason in a message.
 */
export interface RulesetClaim {
  /** The deck or set as the user gave it ("my.deck", "st1-gaia-red", "my-set/a.dgs"). */
  what: string;
  /** The rulesets it can be played with (one for a deck; `dbe` and `dmb` for a DBE/DMB set). */
  rulesets: readonly GameRuleset[];
  /** What it is and why, for messages: `a dcg deck ("ruleset dcg")`. */
  says: string;
}

/** A file's text, or null when it cannot be read or is not text (the loaders report those). */
function readText(file: string): string | null {
  try {
    const bytes = readFileSync(file);
    return notTextReason(bytes) === null ? bytes.toString("utf8") : null;
  } catch {
    return null;
  }
}

/** Whether `path` is an existing file. */
function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * What a `--deck` argument says about the game: a deck file (`decks.ts` `isDeckFileArg`) or a
 * bundled deck name (`cards/dbe/decks/<name>.deck`, else `cards/dcg/decks/<name>.deck`), read for
 * its `ruleset` line (`ruleset dcg`, `dbe` or `dmb`; a `#` comment after it is ignored here: the
 * deck check reports it); a list without one that has an `eggs:` section is a DCG one (the
 * Digi-Egg deck: `cards/dcg/decks/README.md`).
 * @returns the claim, or null when the deck says nothing (no `ruleset` line, an unknown ruleset,
 *   a missing or unreadable file: the deck loader reports those). Never throws.
 */
export function deckRulesetClaim(arg: string): RulesetClaim | null {
  let file: string | null = arg;
  if (!isDeckFileArg(arg)) {
    const dbe = join(DECKS_DIR, `${arg}.deck`);
    const dcg = join(DCG_DECKS_DIR, `${arg}.deck`);
    file = isFile(dbe) ? dbe : isFile(dcg) ? dcg : null;
  }
  const text = file === null ? null : readText(file);
  if (text === null) return null;
  if (isDcgDeckText(text)) return { what: arg, rulesets: ["dcg"], says: `a dcg deck ("ruleset dcg")` };
  const m = /^[ \t]*ruleset[ \t]+([^\s#]+)[ \t]*(?:#.*)?$/m.exec(text);
  if (m) return m[1] === "dbe" || m[1] === "dmb" ? { what: arg, rulesets: [m[1]], says: `a ${m[1]} deck ("ruleset ${m[1]}")` } : null;
  if (/^[ \t]*eggs:[ \t]*(?:#.*)?$/m.test(text)) return { what: arg, rulesets: ["dcg"], says: `a dcg deck (it has a Digi-Egg deck, "eggs:")` };
  return null;
}

/**
 * What a `--cards` path says about the game: a `.json` file (the DCG card dump or a compiled DCG
 * set's `cards.json`) or a compiled DCG set folder (or a folder of them) is DCG; a compiled
 * DBE/DMB set folder is DBE or DMB; otherwise each `.dgs` file found (the path, or the files under
 * the folder) says DCG when it has a `ruleset dcg` line and DBE or DMB when it has not.
 * @returns the claims (one per `.dgs` file; none when the path does not exist: the card loader
 *   reports it). Never throws.
 */
export async function cardsRulesetClaims(path: string): Promise<RulesetClaim[]> {
  const shown = displayPath(path);
  const dcg = (says: string): RulesetClaim[] => [{ what: shown, rulesets: ["dcg"], says }];
  if (isFile(path) && extname(path).toLowerCase() === ".json") return dcg("DCG cards (a .json card dump or compiled DCG set)");
  if (isCompiledDcgFolder(path)) return dcg("a compiled DCG set");
  if (isCompiledSetFolder(path)) return [{ what: shown, rulesets: ["dbe", "dmb"], says: "a compiled DBE/DMB set" }];
  const files = isFile(path) ? [path] : await dgsFilesUnder(path);
  if (files.length === 0) {
    // A folder of compiled DCG sets (`dist/corpus/dcg/compiled`).
    try {
      if (readdirSync(path).some((n) => isCompiledDcgFolder(join(path, n)))) return dcg("a folder of compiled DCG sets");
    } catch {
      return [];
    }
    return [];
  }
  const out: RulesetClaim[] = [];
  for (const f of files) {
    const text = readText(f);
    if (text === null) continue;
    out.push(rulesetOfSource(text) === "dcg" ? { what: displayPath(f), rulesets: ["dcg"], says: `a DCG set ("ruleset dcg")` } : { what: displayPath(f), rulesets: ["dbe", "dmb"], says: `a DBE/DMB set (no "ruleset dcg" line)` });
  }
  return out;
}

/**
 * The game `duel` and `simulate` play without `--ruleset`: the one every deck and `--cards` set
 * that says something agrees on ({@link deckRulesetClaim}, {@link cardsRulesetClaims}); `dbe`
 * when they allow it (a DBE/DMB set alone) or when nothing says anything (the default).
 * @param decks the `--deck` arguments (bundled deck names or deck files)
 * @param cards the `--cards` paths
 * @throws UserError when two of them are for different games, naming both and what each says,
 *   e.g. `a.deck is a dcg deck ("ruleset dcg") and dragon-core is a dbe deck ("ruleset dbe")`
 */
export async function inferRuleset(decks: readonly string[], cards: readonly string[] = []): Promise<GameRuleset> {
  const claims: RulesetClaim[] = [];
  for (const d of decks) {
    const c = deckRulesetClaim(d);
    if (c) claims.push(c);
  }
  for (const p of cards) claims.push(...(await cardsRulesetClaims(p)));
  let allowed: readonly GameRuleset[] = ["dbe", "dmb", "dcg"];
  for (let i = 0; i < claims.length; i++) {
    const c = claims[i]!;
    const next = allowed.filter((r) => c.rulesets.includes(r));
    if (next.length === 0) {
      const other = claims.slice(0, i).find((o) => !o.rulesets.some((r) => c.rulesets.includes(r))) ?? claims[0]!;
      throw new UserError(`the decks and card sets given are for different games: ${other.what} is ${other.says} and ${c.what} is ${c.says}`, [
        "give decks (and --cards sets) of one game, or choose the game with --ruleset dbe, dmb or dcg",
      ]);
    }
    allowed = next;
  }
  return allowed.includes("dbe") ? "dbe" : allowed[0]!;
}
