/**
 * The duel log is for people (docs/runtime.md "The duel log"): seeded duels of the bundled
 * decks, both rulesets, run through the CLI (`digiscript duel`, and `--json` for the save),
 * and checked line by line — no raw JSON, no identifier of the rules code (IR kinds, task
 * kinds, log kinds, phase codes), every change of Power / HP / DP naming a card, players
 * written "P1" / "P2".
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { loadGame, type SavedGame } from "../../runtime/core/engine.ts";
import { DBE, type DbeSetup } from "../../runtime/rulesets/dbe/index.ts";
import { DMB } from "../../runtime/rulesets/dmb/index.ts";
import { bundledDb } from "../../compiler/cli/decks.ts";
import type { LogEvent } from "../../runtime/core/log.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BIN = join(ROOT, "bin", "digiscript.mjs");
const LOCAL_NODE = join(ROOT, "node_modules", ".bin", "node");
const NODE = existsSync(LOCAL_NODE) ? LOCAL_NODE : process.execPath;
const T = 120_000;

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
    delete env.FORCE_COLOR;
    execFile(NODE, [BIN, ...args], { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === "number" ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

/** The duels: [ruleset, deck 1, deck 2, seed, agents]. */
const DUELS: [string, string, string, number, string][] = [
  ["dbe", "dragon-rush", "nature-wall", 1, "random,random"],
  ["dbe", "dragon-rush", "nature-wall", 2, "random,random"],
  ["dbe", "dragon-rush", "nature-wall", 3, "greedy,random"],
  ["dbe", "dragon-core", "nature-core", 1, "random,random"],
  ["dbe", "dragon-core", "nature-core", 2, "greedy,random"],
  ["dbe", "nature-wall", "dragon-core", 4, "random,random"],
  ["dbe", "dragon-rush", "nature-core", 5, "random,greedy"],
  // The designer's game (docs: P1 random, P2 greedy, as `duel` plays by default).
  ["dbe", "nature-wall", "dragon-rush", 12, "random,greedy"],
  ["dbe", "nature-wall", "dragon-rush", 4, "random,greedy"],
  ["dmb", "dmb-dragon", "dmb-nature", 1, "random,random"],
  ["dmb", "dmb-dragon", "dmb-nature", 2, "greedy,random"],
  ["dmb", "dmb-nature", "dmb-dragon", 3, "random,random"],
];

interface Played {
  name: string;
  /** The printed log (stdout of `duel`). */
  text: string;
  /** The printed log's lines. */
  lines: string[];
  /** The game replayed from the `--json` save, for its structured log. */
  log: LogEvent[];
  /** The save printed by `--json`. */
  save: SavedGame<DbeSetup>;
}

const played: Played[] = [];
let cardNames: string[] = [];
/** camelCase identifiers of the rules code that must not reach the log. */
let identifiers: string[] = [];

/** camelCase words: a lower-case start and an upper-case letter inside ("gainFirstAttack"). */
const CAMEL = /^[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*$/;

beforeAll(async () => {
  const db = await bundledDb();
  cardNames = [...new Set(db.all.map((c) => c.stats.name))];
  // Every quoted camelCase literal of the IR (kinds of actions, events, abilities, timings,
  // prohibitions, …), read from runtime/ir.ts itself.
  const ir = readFileSync(join(ROOT, "runtime", "ir.ts"), "utf8");
  const fromIr = [...ir.matchAll(/"([^"\s]+)"/g)].map((m) => m[1]!).filter((w) => CAMEL.test(w));
  const runs = await Promise.all(
    DUELS.map(async ([ruleset, a, b, seed, agents]) => {
      const args = ["duel", "--ruleset", ruleset, "--deck", a, "--deck", b, "--seed", String(seed), "--agents", agents];
      const [text, json] = await Promise.all([cli(...args), cli(...args, "--json")]);
      return { name: `${ruleset} ${a} vs ${b}, seed ${seed}, ${agents}`, ruleset, text, json };
    }),
  );
  const fromLogs = new Set<string>();
  for (const r of runs) {
    expect(r.text.code, r.text.stderr).toBe(0);
    expect(r.json.code, r.json.stderr).toBe(0);
    const save = JSON.parse(r.json.stdout) as SavedGame<DbeSetup>;
    const g = loadGame(r.ruleset === "dmb" ? DMB : DBE, db, save);
    // The log's own vocabulary: event kinds and camelCase values of their data.
    for (const e of g.log) {
      if (CAMEL.test(e.kind)) fromLogs.add(e.kind);
      for (const v of Object.values(e.data)) if (typeof v === "string" && CAMEL.test(v)) fromLogs.add(v);
    }
    played.push({ name: r.name, text: r.text.stdout, lines: r.text.stdout.split("\n"), log: g.log, save });
  }
  // Task kinds of both rulesets ("dbe.battle.request", …) and their camelCase parts.
  const tasks = Object.keys({ ...DBE.tasks, ...DMB.tasks });
  identifiers = [...new Set([...fromIr, ...fromLogs, ...tasks, ...tasks.flatMap((k) => k.split(".")).filter((w) => CAMEL.test(w))])];
}, T);

/** Lines of every duel that match `bad`, prefixed with the duel's name (empty when none). */
function offending(bad: (line: string, p: Played) => boolean): string[] {
  return played.flatMap((p) => p.lines.filter((l) => bad(l, p)).map((l) => `${p.name}: ${l}`));
}

describe("the duel log is for people", () => {
  it("has no raw JSON line ({\" or \":)", () => {
    expect(played).toHaveLength(DUELS.length);
    expect(offending((l) => l.includes('{"') || l.includes('":'))).toEqual([]);
  });

  it("names no identifier of the rules code: IR kinds from runtime/ir.ts, log kinds and values, task kinds", () => {
    // The lists are not empty: the check could fail.
    expect(identifiers).toEqual(expect.arrayContaining(["gainFirstAttack", "firstAttack", "powerChanged", "gameEnd", "dbe.battle.request", "mostRecent"]));
    const found = offending((l) => identifiers.some((w) => new RegExp(`(^|[^A-Za-z0-9.])${w.replace(/\./g, "\\.")}([^A-Za-z0-9]|$)`).test(l)));
    expect(found).toEqual([]);
  });

  it("writes phases and steps as the rules name them, never as codes (\"[end 5]\", \"support 5\")", () => {
    expect(offending((l) => /\[(setup|prep|evolve|strategy|support|battle|end)( \d+)?\]/.test(l) || /\b(prep|evolve|strategy|support|battle|end) \d\b/.test(l))).toEqual([]);
    for (const p of played) expect(p.text, p.name).toMatch(/^ {2}Prep Phase, step 2 \(Draw\)$/m);
    expect(played.some((p) => /^ {2}Battle Phase, step 4 \(First attack\)$/m.test(p.text))).toBe(true);
  });

  it("names a card on every line that changes Power, HP or DP", () => {
    const change = /\b(Power|HP|DP)\b[^"()]*?(→|[+-]\d)/;
    const changes = played.flatMap((p) => p.lines).filter((l) => change.test(l));
    // Enough change lines to make the check meaningful (battles, boosts, racking up, …).
    expect(changes.length).toBeGreaterThan(100);
    expect(changes.some((l) => /HP \d+ → \d+/.test(l))).toBe(true);
    expect(changes.some((l) => /DP \d+ → \d+/.test(l))).toBe(true);
    expect(offending((l) => change.test(l) && !cardNames.some((n) => l.includes(n)))).toEqual([]);
  });

  it("says what caused an effect's change: the card and its sentence", () => {
    const caused = played.flatMap((p) => p.lines).filter((l) => /(Power|HP) \d+ → \d+ \([^"()]+: "[^"]+"\)$/.test(l));
    expect(caused.length).toBeGreaterThan(10);
    for (const l of caused) expect(cardNames.some((n) => l.includes(`(${n}: "`)), l).toBe(true);
  });

  it("writes players as P1 and P2: a deck's name only ever follows \"P1 (\" or \"P2 (\"", () => {
    const bad = offending((l, p) =>
      p.save.setup.seats.some((s) => {
        const re = new RegExp(s.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g");
        for (let m = re.exec(l); m; m = re.exec(l)) if (!/P[12] \($/.test(l.slice(0, m.index))) return true;
        return false;
      }) || /\b[Pp]layer [0-9]\b/.test(l),
    );
    expect(bad).toEqual([]);
    for (const p of played) {
      expect(p.lines[0], p.name).toMatch(/^P1 \(.+\) — P2 \(.+\)$/);
      expect(p.text, p.name).toMatch(/^Result: (P[12] \(.+\) wins|draw) — /m);
    }
  });

  it("changes no HP or Power of a player without an active Digimon: such an effect misfires, and says so (Support Phase 5.2)", () => {
    // A change names the Digimon ("P1 Woodmon: HP …"); a bare player ("P1: HP …") has none.
    expect(offending((l) => /^ {4}P[12]: (HP|Power|Circle|Triangle|Cross)\b/.test(l))).toEqual([]);
    expect(played.some((p) => p.lines.some((l) => /has no active Digimon, so .* misfires/.test(l)))).toBe(true);
  });

  it("reports each KO once, with who scores and the total (Battle Phase 6, 6.6)", () => {
    const kos = played.flatMap((p) => p.lines).filter((l) => / is KO'd/.test(l));
    expect(kos.length).toBeGreaterThan(10);
    for (const l of kos) expect(l).toMatch(/ is KO'd: .+; P[12] scores \d KO points?, \d in all \(/);
    expect(offending((l) => / earns \d KO point|is KO'd; P[12] scores/.test(l))).toEqual([]);
    for (const p of played) {
      // One printed line per KO event (the battle's or the state check's), and the totals add up.
      const ko = p.log.filter((e) => e.kind === "battle.ko" || e.kind === "stateKo");
      expect(p.lines.filter((l) => / is KO'd/.test(l)), p.name).toHaveLength(ko.length);
      for (const scorer of [0, 1]) {
        const mine = ko.filter((e) => e.data.scorer === scorer);
        const sum = mine.reduce((n, e) => n + (e.data.points as number), 0);
        expect(mine.length ? mine.at(-1)!.data.total : 0, p.name).toBe(sum);
      }
    }
  });

  it("cites instances of 1st Attack only when some were gained; otherwise the turn player attacks first by default (Battle Phase 2.1)", () => {
    const order = played.flatMap((p) => p.lines).filter((l) => / attacks first/.test(l));
    expect(order.some((l) => l.endsWith("attacks first as the turn player (Battle Phase 2.1)"))).toBe(true);
    expect(offending((l) => /instances of 1st Attack, 1 to 0/.test(l))).toEqual([]);
  });

  it("keeps the machine form in --json: the save, with its digest matching the printed Result line", () => {
    for (const p of played) {
      expect(Object.keys(p.save).sort(), p.name).toEqual(["choices", "digest", "format", "ruleset", "seed", "setup"]);
      expect(p.text, p.name).toContain(`digest ${p.save.digest.slice(0, 16)}`);
    }
  });
});
