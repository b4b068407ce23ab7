/**
 * The `digiscript` command line: commander wiring and exit codes.
 *
 * Exit codes: 0 success; 1 the sources have errors (or `fmt --check` found changes, or the
 * corpus rate is below `--strict-corpus`, or the DCG corpus rate below `corpus dcg --strict`);
 * 2 a user error (missing file, bad JSON, bad usage).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { UserError } from "./errors.ts";
import { PROJECT_ROOT } from "./files.ts";
import { buildCommand } from "./commands/build.ts";
import { compileCommand } from "./commands/compile.ts";
import { fmtCommand } from "./commands/fmt.ts";
import { canonCommand } from "./commands/canon.ts";
import { IMPORT_FORMATS, importCommand, type ImportFormat } from "./commands/import.ts";
import { duelCommand } from "./commands/duel.ts";
import { simulateCommand } from "./commands/simulate.ts";
import { replayCommand } from "./commands/replay.ts";
import { dcgCorpusCommand } from "./commands/corpus.ts";
import type { AgentKind } from "../../runtime/sim/simulate.ts";
import { seedProblem } from "../../runtime/core/rng.ts";

function version(): string {
  try {
    return (JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { version?: string }).version ?? "0.0.0";
  } catch {
    return "0.0.0";
  }
}

/** A whole number option value, or an error saying what was `expected`. */
function wholeNumber(value: string, expected: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isInteger(n)) throw new InvalidArgumentError(expected);
  return n;
}

/** A whole-number option value (commander passes the previous value second: not read). */
function intArg(value: string): number {
  return wholeNumber(value, "expected a whole number");
}

/** A `--workers` value: "auto" or a whole number (checked ≥ 1 by `checkSimulateOptions`). */
function workersArg(value: string): number | "auto" {
  return value.trim() === "auto" ? "auto" : wholeNumber(value, 'expected "auto" or a whole number of worker threads');
}

/** A `--seed` value: a whole number in the generator's range (`rng.ts` `seedProblem`). */
function seedArg(value: string): number {
  const n = value.trim() === "" ? Number.NaN : Number(value);
  const problem = seedProblem(n);
  if (problem !== null) throw new InvalidArgumentError(problem.replace(/got .*$/, `got ${JSON.stringify(value)}`));
  return n;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

const AGENTS: AgentKind[] = ["random", "greedy"];

function agentsArg(value: string): [AgentKind, AgentKind] {
  const parts = value.split(",").map((x) => x.trim());
  if (parts.length === 1) parts.push(parts[0]!);
  if (parts.length !== 2 || !parts.every((p) => (AGENTS as string[]).includes(p))) throw new InvalidArgumentError(`expected one or two of ${AGENTS.join(", ")} separated by a comma (e.g. random,greedy)`);
  return parts as [AgentKind, AgentKind];
}

function percentArg(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n) || n < 0 || n > 100) throw new InvalidArgumentError("expected a percentage between 0 and 100");
  return n;
}

/** Help of `--cards` for duel, simulate and replay. */
const DCG_CARDS_HELP =
  "a .dgs file or folder of your own sets the decks may use (repeatable); dcg: DCG .dgs files or folders, compiled DCG set folders or the card dump cards.json, used instead of the card pool ../shared/data/dcg/cards.json";

/** Help of `--ruleset` for duel and simulate (without it: `ruleset.ts` `inferRuleset`). */
const RULESET_HELP = "ruleset (dcg: the Digimon Card Game with card effects; default: the game the decks and --cards sets say, else dbe)";

/**
 * Build the commander program. Each action stores its exit code through `setCode`.
 */
export function createProgram(setCode: (code: number) => void): Command {
  const program = new Command("digiscript")
    .description("DigiScript: compile, check, format and import Digimon card sets (.dgs)")
    .version(version(), "-v, --version")
    .showHelpAfterError("(run digiscript --help for usage)")
    .exitOverride();

  program
    .command("compile")
    .description("check .dgs files (folders are searched recursively) and write TypeScript output for every set")
    .argument("<files...>", ".dgs files or folders")
    .option("-o, --out <dir>", "output folder", "dist")
    .option("--json", "print a JSON summary {sets, cards, compiled, diagnostics, errors, ms} instead of the report")
    .action(async (files: string[], o: { out: string; json?: boolean }) => {
      setCode(await compileCommand(files, { out: o.out, json: o.json ?? false }));
    });

  program
    .command("check")
    .description("check .dgs files, and .deck lists against them and the bundled sets (a DCG deck, \"ruleset dcg\": against the DCG sets given, or the DCG card pool), without writing output")
    .argument("<files...>", ".dgs files or folders, and .deck files (DBE, DMB or DCG deck lists)")
    .option("--json", "print a JSON summary {sets, cards, compiled, diagnostics, errors, ms} instead of the report")
    .action(async (files: string[], o: { json?: boolean }) => {
      setCode(await compileCommand(files, { out: null, json: o.json ?? false }));
    });

  program
    .command("fmt")
    .description("format .dgs files (prints to stdout unless --write or --check)")
    .argument("<files...>", ".dgs files or folders")
    .addOption(new Option("--check", "list files that would change; exit 1 if any").conflicts("write"))
    .option("--write", "rewrite the files in place")
    .action(async (files: string[], o: { check?: boolean; write?: boolean }) => {
      setCode(await fmtCommand(files, { check: o.check ?? false, write: o.write ?? false }));
    });

  program
    .command("canon")
    .description("canonicalise wording: rewrite card text, evo-box entries and attack abilities in the canonical spelling, listing each change (fmt never changes words)")
    .argument("<files...>", ".dgs files or folders")
    .option("--write", "make the changes in place")
    .action(async (files: string[], o: { write?: boolean }) => {
      setCode(await canonCommand(files, { write: o.write ?? false }));
    });

  program
    .command("import")
    .description("convert card data to a .dgs file (dcb, dbe-json), or the DCG card dump to one .dgs file per set (dcg)")
    .addArgument(program.createArgument("<format>", "input format").choices(IMPORT_FORMATS))
    .argument("<json>", "the JSON file to convert")
    .option("-o, --out <path>", "dcb, dbe-json: the .dgs file to write (default: print to stdout); dcg: the folder for the set files (required, outside the project or under dist/)")
    .action(async (format: ImportFormat, json: string, o: { out?: string }) => {
      setCode(await importCommand(format, json, o.out ?? null));
    });

  program
    .command("build")
    .description("compile the bundled sets under cards/ into dist/, and the dcb corpus (../shared/data/dcb/cards.json) when present")
    .option("--cards <dir>", "folder with the bundled .dgs files (default: <project>/cards)")
    .option("-o, --out <dir>", "output folder (default: <project>/dist)")
    .option("--corpus <json>", "dcb cards.json to import and compile (default: <project>/../shared/data/dcb/cards.json when present)")
    .option("--no-corpus", "skip both corpora (PlayStation and DCG)")
    .option("--strict-corpus <pct>", "exit 1 when the PlayStation corpus compile rate is below <pct> percent", percentArg)
    .option("--dcg-corpus <json>", "the DCG card dump to import and compile (default: <project>/../shared/data/dcg/cards.json when present)")
    .option("--no-dcg-corpus", "skip the DCG corpus")
    .action(async (o: { cards?: string; out?: string; corpus?: string | boolean; strictCorpus?: number; dcgCorpus?: string | boolean }) => {
      const corpus = o.corpus === false ? false : typeof o.corpus === "string" ? o.corpus : undefined;
      const dcgCorpus = o.dcgCorpus === false ? false : typeof o.dcgCorpus === "string" ? o.dcgCorpus : undefined;
      setCode(await buildCommand({ cards: o.cards, out: o.out, corpus, strictCorpus: o.strictCorpus, dcgCorpus }));
    });

  program
    .command("corpus")
    .description("import a card corpus, compile it and report its compile rate, each failing card with its first diagnostic in a report file (dcg: the official Digimon Card Game dump)")
    .addArgument(program.createArgument("<game>", "the corpus").choices(["dcg"]))
    .option("--data <json>", "the card dump (default: <project>/../shared/data/dcg/cards.json)")
    .option("-o, --out <dir>", "output folder: sets/, compiled/ and failures.txt (default: <project>/dist/corpus/dcg)")
    .option("--strict <pct>", "exit 1 when fewer than <pct> percent of the cards with text compile", percentArg)
    .option("--list", "also print every failing card (the report file lists them anyway)")
    .action(async (_game: "dcg", o: { data?: string; out?: string; strict?: number; list?: boolean }) => {
      setCode(await dcgCorpusCommand({ data: o.data, out: o.out, strict: o.strict, list: o.list ?? false }));
    });

  program
    .command("duel")
    .description("play one full game between two deck lists and print its log")
    .addOption(new Option("--ruleset <id>", RULESET_HELP).choices(["dbe", "dmb", "dcg"]))
    .option("--deck <deck>", "a bundled deck name (cards/dbe/decks/<name>.deck; dcg: cards/dcg/decks/<name>.deck) or a .deck file; give it twice", collect, [])
    .option("--seed <n>", "the game's seed (a whole number from -2147483648 to 2147483647)", seedArg, 1)
    .option("--agents <a,b>", "agents of P1 and P2: random or greedy", agentsArg, ["random", "greedy"])
    .option("--cards <path>", DCG_CARDS_HELP, collect, [])
    .option("--json", "print the saved game (seed, setup, choices, digest) instead of the log")
    .action(async (o: { ruleset?: "dbe" | "dmb" | "dcg"; deck: string[]; seed: number; agents: [AgentKind, AgentKind]; cards: string[]; json?: boolean }) => {
      setCode(await duelCommand({ ruleset: o.ruleset, decks: o.deck, seed: o.seed, agents: o.agents, cards: o.cards, json: o.json ?? false }));
    });

  program
    .command("simulate")
    .description("play many seeded games (on this thread, or on worker threads from 20,000 games) and report win rates, turns, KO sources and invariant violations")
    .addOption(new Option("--ruleset <id>", RULESET_HELP).choices(["dbe", "dmb", "dcg"]))
    .option("--games <n>", "number of games", intArg, 1000)
    .option("--seed <n>", "seed of the first game (game i uses seed + i; every seed from -2147483648 to 2147483647)", seedArg, 1)
    .option("--workers <k|auto>", "worker threads: 1 plays on this thread; auto uses a pool only for 20,000 games or more, where it is faster", workersArg, "auto")
    .option("--deck <deck>", "deck of P1, then of P2 (default dragon-core, nature-core; dmb-dragon, dmb-nature for dmb; st1-gaia-red, bt1-red-dragons for dcg)", collect, [])
    .option("--agents <a,b>", "agents of P1 and P2: random or greedy", agentsArg, ["random", "random"])
    .option("--replay-every <n>", "replay one game in n and check it reaches the same digest (0: none; a whole number ≥ 0)", intArg, 100)
    .option("--turn-limit <n>", "turns after which a game counts as a violation (no termination; a whole number ≥ 1)", intArg, 200)
    .option("--cards <path>", DCG_CARDS_HELP, collect, [])
    .option("--json", "print the report as JSON")
    .action(async (o: { ruleset?: "dbe" | "dmb" | "dcg"; games: number; seed: number; workers: number | "auto"; deck: string[]; agents: [AgentKind, AgentKind]; replayEvery: number; turnLimit: number; cards: string[]; json?: boolean }) => {
      // No --deck: the ruleset's default decks (simulate.ts defaultDecks), once the ruleset is known.
      setCode(await simulateCommand({ cards: o.cards, ruleset: o.ruleset, games: o.games, seed: o.seed, workers: o.workers, decks: o.deck, agents: o.agents, replayEvery: o.replayEvery, turnLimit: o.turnLimit, json: o.json ?? false }));
    });

  program
    .command("replay")
    .description("replay a saved game (the JSON of duel --json), print its log and check its digest (exit 0 match, 1 differs, 2 bad save)")
    .argument("<save.json>", "the saved game")
    .option("--cards <path>", DCG_CARDS_HELP, collect, [])
    .option("--json", "print {digestMatched, savedDigest, digest, over, winner, reason, turns, decisions, log} instead of the log")
    .action(async (file: string, o: { cards: string[]; json?: boolean }) => {
      setCode(await replayCommand({ file, cards: o.cards, json: o.json ?? false }));
    });

  return program;
}

/**
 * Run the CLI with `argv` (as process.argv: node, script, args…).
 * @returns the exit code (0, 1 or 2; see the module comment)
 */
export async function run(argv: readonly string[]): Promise<number> {
  let code = 0;
  const program = createProgram((c) => (code = c));
  try {
    await program.parseAsync([...argv]);
    return code;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    if (e instanceof UserError) {
      process.stderr.write(`error: ${e.message}\n`);
      for (const d of e.details) process.stderr.write(`  ${d}\n`);
      return 2;
    }
    throw e;
  }
}
