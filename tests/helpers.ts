/**
 * Test helpers: wrap card text, an evo-box entry or an attack ability into a minimal
 * valid `.dgs` set, check it with {@link checkSources}, and run the TypeScript compiler on
 * generated files.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { checkSources } from "../compiler/check/set.ts";
import type { CheckedCard, CheckedSet, FileDiagnostic } from "../compiler/api.ts";
import type { AttackAbility, CardEffect, EvoEntry } from "../runtime/ir.ts";

/** The project root (the folder holding package.json). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** File name the helpers give the wrapped source. */
export const TEST_FILE = "test.dgs";

/** Stats lines of the wrapped test card (each becomes `  key: value`). */
export interface TestStats {
  kind?: string;
  level?: string;
  type?: string;
  hp?: string | number;
  [key: string]: string | number | undefined;
}

/** The result of compiling one wrapped card. */
export interface CompiledTest {
  /** The `.dgs` source that was checked. */
  source: string;
  set: CheckedSet;
  card: CheckedCard;
  effects: CardEffect[];
  /** All diagnostics of the set (file-located). */
  diagnostics: FileDiagnostic[];
  /** Diagnostics with severity "error". */
  errors: FileDiagnostic[];
}

/** Indent continuation lines of a multi-line `text:` value so they stay part of it. */
function fieldValue(key: string, value: string): string {
  return `  ${key}: ${value.split("\n").join("\n    ")}`;
}

/**
 * The `.dgs` source of a one-card set. The card is `T-1 Tester`, a complete Level R Dragon
 * Digimon (kind, level, type, +P 10, 500 HP, three attacks of 100 Power, and timing
 * SUPPORT when it has text: Anatomy of Cards items 3–13) unless `stats` says otherwise; a
 * card whose `kind` is not Digimon gets only the stats given. `text` becomes its `text:`
 * field, the last line. A stat given as `undefined` is left out. With `ruleset`, the set has
 * that `ruleset` line (DBE's, with no line, otherwise).
 */
export function wrapCard(text: string | null, stats: TestStats = {}, ruleset?: "dbe" | "dmb"): string {
  const digimon = stats.kind === undefined || stats.kind === "Digimon";
  const defaults: TestStats = digimon
    ? { kind: "Digimon", level: "R", type: "Dragon", "+p": 10, hp: 500, circle: "Test Circle 100", triangle: "Test Triangle 100", cross: "Test Cross 100" }
    : {};
  if (text !== null) defaults.timing = "SUPPORT";
  const s: TestStats = { ...defaults, ...stats };
  const lines = ['set T "Test"', ...(ruleset ? [`ruleset ${ruleset}`] : []), "card T-1 Tester"];
  for (const [k, v] of Object.entries(s)) if (v !== undefined) lines.push(fieldValue(k, String(v)));
  if (text !== null) lines.push(fieldValue("text", text));
  return lines.join("\n") + "\n";
}

/** Check one `.dgs` source as the only file of its set. */
export function checkOne(source: string, file = TEST_FILE): CheckedSet {
  const sets = checkSources([{ file, text: source }]);
  if (sets.length !== 1) throw new Error(`expected one set, got ${sets.length}`);
  return sets[0]!;
}

function result(source: string, set: CheckedSet): CompiledTest {
  const card = set.cards[0];
  if (!card) throw new Error(`no card was read from:\n${source}\n${JSON.stringify(set.diagnostics, null, 1)}`);
  return {
    source,
    set,
    card,
    effects: card.effects,
    diagnostics: set.diagnostics,
    errors: set.diagnostics.filter((d) => d.severity === "error"),
  };
}

/** Compile card text on a minimal Digimon card (in a set of `ruleset`, DBE's by default). */
export function compileCard(text: string, stats: TestStats = {}, ruleset?: "dbe" | "dmb"): CompiledTest {
  const source = wrapCard(text, stats, ruleset);
  return result(source, checkOne(source));
}

/** Compile one evo-box entry (`evo: <entry>`) on a minimal Digimon card (in a set of `ruleset`, DBE's by default). */
export function compileEvo(entry: string, stats: TestStats = {}, ruleset?: "dbe" | "dmb"): CompiledTest & { evo: EvoEntry | null } {
  const source = wrapCard(null, { ...stats, evo: entry }, ruleset);
  const r = result(source, checkOne(source));
  return { ...r, evo: r.card.stats.evo[0] ?? null };
}

/** Compile one attack ability, printed on the card's Cross (`cross: Test Attack 100 | <ability>`), in a set of `ruleset` (DBE's by default). */
export function compileAbility(ability: string, stats: TestStats = {}, ruleset?: "dbe" | "dmb"): CompiledTest & { ability: AttackAbility | null } {
  const source = wrapCard(null, { ...stats, cross: `Test Attack 100 | ${ability}` }, ruleset);
  const r = result(source, checkOne(source));
  return { ...r, ability: r.card.stats.cross?.ability ?? null };
}

/** 1-based line and column of the `nth` (0-based) occurrence of `needle` in `source`. */
export function positionOf(source: string, needle: string, nth = 0): { line: number; col: number; offset: number } {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = source.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`"${needle}" (occurrence ${nth}) not in source`);
  }
  const before = source.slice(0, at);
  const line = before.split("\n").length;
  const col = at - (before.lastIndexOf("\n") + 1) + 1;
  return { line, col, offset: at };
}

/** Result of running a command. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Type-check files with the project's TypeScript in strict mode, as the generated code
 * must pass: `tsc --noEmit --strict --module nodenext … --noUnusedLocals <files>`.
 */
export function tscCheck(files: string[], timeoutMs = 60_000): Promise<RunResult> {
  const tsc = resolve(ROOT, "node_modules/typescript/bin/tsc");
  const args = [
    tsc,
    "--noEmit",
    "--strict",
    "--module",
    "nodenext",
    "--moduleResolution",
    "nodenext",
    "--target",
    "es2023",
    "--allowImportingTsExtensions",
    "--skipLibCheck",
    "--noUnusedLocals",
    ...files,
  ];
  return new Promise((done) => {
    execFile(process.execPath, args, { cwd: ROOT, timeout: timeoutMs }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === "number" ? err.code : 1) : 0;
      done({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/** The CLI entry point, run as a subprocess by {@link runCli}. */
export const BIN = resolve(ROOT, "bin", "digiscript.mjs");

/**
 * Run the `digiscript` CLI as a subprocess in `cwd` (no colours, no TTY), through
 * bin/digiscript.mjs as a user would.
 * @param cwd the working folder
 * @param args the command line after `digiscript`
 * @param timeoutMs killed after this long (the result then has code 1 and `timedOut`)
 */
export function runCli(cwd: string, args: readonly string[], timeoutMs = 120_000): Promise<RunResult & { timedOut: boolean }> {
  return new Promise((done) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
    delete env.FORCE_COLOR;
    execFile(process.execPath, [BIN, ...args], { cwd, env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === "number" ? err.code : 1) : 0;
      done({ code, stdout: String(stdout), stderr: String(stderr), timedOut: Boolean(err && (err as { killed?: boolean }).killed) });
    });
  });
}

/**
 * Run a TypeScript or JavaScript file with the project's Node (type stripping) in `cwd` and
 * collect its output.
 */
export function runNode(cwd: string, args: readonly string[], timeoutMs = 60_000): Promise<RunResult> {
  return new Promise((done) => {
    execFile(process.execPath, ["--disable-warning=ExperimentalWarning", ...args], { cwd, timeout: timeoutMs }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === "number" ? err.code : 1) : 0;
      done({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

/**
 * Make `digiscript` resolvable from a folder outside the project, as it is in a designer's
 * project that installed it: `dir/node_modules/digiscript` → the project root. Generated
 * set modules import the runtime as `digiscript/handlers` (package.json "exports").
 */
export function linkPackage(dir: string): void {
  mkdirSync(join(dir, "node_modules"), { recursive: true });
  const link = join(dir, "node_modules", "digiscript");
  if (!existsSync(link)) symlinkSync(ROOT, link, "dir");
}

/** The header of the small set the CLI tests write (set TST, DBE). */
export const CLI_SET_HEADER = `set TST "CLI Test Set"\nruleset dbe\n`;

/** A card block of that set that compiles: Palmon with set number `TST-<n>`. */
export const cliGoodCard = (n: string): string => `
card TST-${n} Palmon
  kind: Digimon
  level: R
  type: Nature
  dp: 0
  +p: 20
  hp: 600
  circle: Poison Ivy 290
  triangle: Leaf Cyclone 200
  cross: Stun Bubble 110 | Jamming
  timing: SUPPORT
  text: Boost own Power +400.
`;

/**
 * The lines of a DBE Digimon card block with every field a Digimon prints (Anatomy of Cards
 * items 3–13), a SUPPORT timing and the given text, followed by a blank line: for tests that
 * need a set of their own cards.
 */
export function digimonBlock(setNumber: string, name: string, text: string): string[] {
  return [
    `card ${setNumber} ${name}`,
    "  kind: Digimon",
    "  level: R",
    "  type: Dragon",
    "  dp: 0",
    "  +p: 20",
    "  hp: 600",
    "  circle: Spark 300",
    "  triangle: Jab 190",
    "  cross: Zap 100 | 1st Attack",
    "  timing: SUPPORT",
    `  text: ${text}`,
    "",
  ];
}
