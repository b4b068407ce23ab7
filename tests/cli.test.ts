/**
 * The `digiscript` CLI, run as a subprocess (through bin/digiscript.mjs) on small `.dgs`
 * files written to a temporary folder: exit codes, `file:line:col` diagnostics, the `--json`
 * shape, and which commands write files.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_SET_HEADER, cliGoodCard } from "./helpers.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BIN = join(ROOT, "bin", "digiscript.mjs");
const HAS_EMIT = existsSync(join(ROOT, "compiler", "emit", "index.ts"));
const HAS_FORMAT = existsSync(join(ROOT, "compiler", "service", "index.ts"));
const HAS_DCB = existsSync(join(ROOT, "compiler", "import", "dcb.ts"));
const T = 60_000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the CLI in `cwd` (no colours, no TTY). */
function cli(cwd: string, ...args: string[]): Promise<Run> {
  return new Promise((done) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
    delete env.FORCE_COLOR;
    execFile(process.execPath, [BIN, ...args], { cwd, env }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === "number" ? err.code : 1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

const HEADER = CLI_SET_HEADER;
const GOOD_CARD = cliGoodCard;

const GOOD = HEADER + GOOD_CARD("001");

/** A set whose second card's text does not parse (its only error): the error is at BAD_LINE, column 9. */
const BAD = `${HEADER}${GOOD_CARD("010")}
card TST-002 Broken
  kind: Digimon
  level: R
  type: Nature
  +p: 10
  hp: 600
  circle: Poison Ivy 290
  triangle: Leaf Cyclone 200
  cross: Stun Bubble 110
  timing: SUPPORT
  text: Frobnicate the widget.
`;
const BAD_LINE = BAD.split("\n").findIndex((l) => l.includes("Frobnicate")) + 1;
const BAD_COL = BAD.split("\n")[BAD_LINE - 1]!.indexOf("Frobnicate") + 1;

let dir: string;

function write(rel: string, text: string): string {
  const p = join(dir, rel);
  mkdirSync(join(p, ".."), { recursive: true });
  writeFileSync(p, text);
  return p;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "digiscript-cli-"));
  write("good.dgs", GOOD);
  write("bad/bad.dgs", BAD);
  write("nested/a/one.dgs", `set NST "Nested"\n${GOOD_CARD("001").replaceAll("TST", "NST")}`);
  write("nested/b/two.dgs", `set NST "Nested"\n${GOOD_CARD("002").replaceAll("TST", "NST")}`);
  write("nested/b/other.dgs", `set OTH "Other"\n${GOOD_CARD("001").replaceAll("TST", "OTH")}`);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("digiscript check", () => {
  it(
    "exits 0 on a valid file, prints the summary table and writes nothing",
    async () => {
      const before = readdirSync(dir).sort();
      const r = await cli(dir, "check", "good.dgs");
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^set\s+cards\s+compiled\s+effects\s+errors\s+warnings\s+ms$/m);
      expect(r.stdout).toMatch(/^TST\s+1\s+1\s+1\s+0\s+0\s+\d+$/m);
      expect(r.stdout).toContain("1/1 cards compiled, 0 errors, 0 warnings in 1 file");
      expect(readdirSync(dir).sort()).toEqual(before);
      expect(existsSync(join(dir, "dist"))).toBe(false);
    },
    T,
  );

  it(
    "exits 1 with a tsc-style file:line:col diagnostic and its hint on the next line",
    async () => {
      const r = await cli(dir, "check", "bad/bad.dgs");
      expect(r.code).toBe(1);
      const lines = r.stdout.split("\n");
      const i = lines.findIndex((l) => l.startsWith(`bad/bad.dgs:${BAD_LINE}:${BAD_COL} - error parse: `));
      expect(i, r.stdout).toBeGreaterThanOrEqual(0);
      expect(lines[i]).toContain("Frobnicate the widget.");
      expect(lines[i + 1]).toMatch(/^\s+hint: /);
    },
    T,
  );

  it(
    "--json prints exactly {sets, cards, compiled, diagnostics, errors, ms}, every diagnostic in full",
    async () => {
      const r = await cli(dir, "check", "--json", "good.dgs", "bad/bad.dgs");
      expect(r.code).toBe(1);
      const j = JSON.parse(r.stdout) as Record<string, unknown>;
      expect(Object.keys(j).sort()).toEqual(["cards", "compiled", "diagnostics", "errors", "ms", "sets"]);
      expect(j.sets).toBe(1);
      expect(j.cards).toBe(3);
      expect(j.compiled).toBe(2);
      expect(typeof j.ms).toBe("number");
      const errors = j.errors as Record<string, unknown>[];
      expect(errors).toHaveLength(1);
      expect(Object.keys(errors[0]!).sort()).toEqual(["code", "col", "endCol", "endLine", "file", "hint", "line", "message", "severity"]);
      expect(errors[0]).toMatchObject({ severity: "error", code: "parse", file: "bad/bad.dgs", line: BAD_LINE, col: BAD_COL, endLine: BAD_LINE });
      expect(typeof errors[0]!.hint).toBe("string");
      expect(j.diagnostics).toEqual(errors);
    },
    T,
  );

  it(
    "searches folders recursively and groups files into sets by code, sorted",
    async () => {
      const r = await cli(dir, "check", "--json", "nested");
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ sets: 2, cards: 3, compiled: 3, errors: [] });
      const table = await cli(dir, "check", "nested");
      const rows = table.stdout.split("\n").filter((l) => /^(NST|OTH|total)\s/.test(l));
      expect(rows.map((l) => l.split(/\s+/)[0])).toEqual(["NST", "OTH", "total"]);
      expect(rows[0]).toMatch(/^NST\s+2\s+2\s/);
    },
    T,
  );

  it(
    "exits 2 with one clear line for a missing file",
    async () => {
      const r = await cli(dir, "check", "nope.dgs");
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toBe("error: cannot read nope.dgs: no such file or directory");
      expect(r.stdout).toBe("");
    },
    T,
  );
});

describe.runIf(HAS_EMIT)("digiscript compile", () => {
  it(
    "writes <out>/<code>/… and leaves cards with errors out of the output",
    async () => {
      const r = await cli(dir, "compile", "bad/bad.dgs", "--out", "out");
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(`bad/bad.dgs:${BAD_LINE}:${BAD_COL} - error parse:`);
      expect(r.stdout).toContain("TST: 1 card with errors left out of the output: TST-002 Broken");
      const out = join(dir, "out", "TST");
      expect(existsSync(join(out, "cards.json"))).toBe(true);
      expect(existsSync(join(out, "index.ts"))).toBe(true);
      const json = JSON.parse(readFileSync(join(out, "cards.json"), "utf8")) as { cards: { stats: { setNumber: string } }[] };
      expect(json.cards.map((c) => c.stats.setNumber)).toEqual(["TST-010"]);
      rmSync(join(dir, "out"), { recursive: true, force: true });
    },
    T,
  );

  it(
    "exits 0 and reports --json when every card compiles",
    async () => {
      const r = await cli(dir, "compile", "--json", "--out", "out2", "good.dgs");
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ sets: 1, cards: 1, compiled: 1, errors: [] });
      expect(existsSync(join(dir, "out2", "TST", "cards.json"))).toBe(true);
      rmSync(join(dir, "out2"), { recursive: true, force: true });
    },
    T,
  );
});

describe.runIf(HAS_FORMAT)("digiscript fmt", () => {
  it(
    "--check lists files that would change; --write fixes them; then --check passes",
    async () => {
      const messy = write("fmt/messy.dgs", GOOD.replace("  kind: Digimon", "      kind:    Digimon") + "\n\n\n");
      const original = readFileSync(messy, "utf8");
      const printed = await cli(dir, "fmt", "fmt/messy.dgs");
      expect(printed.code).toBe(0);
      expect(readFileSync(messy, "utf8")).toBe(original);
      const check = await cli(dir, "fmt", "--check", "fmt");
      expect(printed.stdout).not.toBe(original);
      expect(check.code).toBe(1);
      expect(check.stdout.trim()).toBe("fmt/messy.dgs");
      const w = await cli(dir, "fmt", "--write", "fmt");
      expect(w.code).toBe(0);
      expect(readFileSync(messy, "utf8")).toBe(printed.stdout);
      const again = await cli(dir, "fmt", "--check", "fmt");
      expect(again.code).toBe(0);
      expect(again.stdout).toBe("");
    },
    T,
  );
});

describe("digiscript import", () => {
  it(
    "exits 2 naming the problem for JSON that does not parse, without a stack trace",
    async () => {
      write("broken.json", "{not json");
      const r = await cli(dir, "import", "dcb", "broken.json", "--out", "x.dgs");
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^error: broken\.json is not valid JSON: /);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(join(dir, "x.dgs"))).toBe(false);
    },
    T,
  );

  it(
    "exits 2 for an unknown format and for a missing file",
    async () => {
      expect((await cli(dir, "import", "xml", "broken.json")).code).toBe(2);
      const r = await cli(dir, "import", "dbe-json", "missing.json", "--out", "x.dgs");
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toBe("error: cannot read missing.json: no such file or directory");
    },
    T,
  );

  it.runIf(HAS_DCB)(
    "converts dcb data, reports counts, and the result checks clean",
    async () => {
      write("dcb.json", JSON.stringify(DCB_SAMPLE));
      const r = await cli(dir, "import", "dcb", "dcb.json", "--out", "imported/dcb.dgs");
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain("2 cards written to imported/dcb.dgs, 0 skipped");
      const c = await cli(dir, "check", "--json", "imported/dcb.dgs");
      expect(JSON.parse(c.stdout)).toMatchObject({ sets: 1, cards: 2 });
    },
    T,
  );

  it.runIf(HAS_DCB)(
    "exits 2 naming the card and field for data of the wrong shape",
    async () => {
      write("wrong.json", JSON.stringify([{ number: "001", name: "X", kind: "Tamer" }]));
      const r = await cli(dir, "import", "dcb", "wrong.json", "--out", "x.dgs");
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^error: wrong\.json: /);
      expect(r.stderr).toContain("kind");
      expect(r.stderr).not.toMatch(/\n\s+at /);
    },
    T,
  );
});

/** Two dcb cards: one whose support text compiles, one whose text does not. */
const DCB_SAMPLE = [
  {
    number: "001",
    name: "Palmon",
    kind: "Digimon",
    level: "R",
    specialty: "Nature",
    hp: 600,
    dp_cost: 0,
    plus_p: 20,
    circle: { name: "Poison Ivy", power: 290 },
    triangle: { name: "Leaf Cyclone", power: 200 },
    cross: { name: "Stun Bubble", power: 110, effect: null },
    support: "Boost own Power +400.",
    option_effect: null,
  },
  {
    number: "002",
    name: "Gibberish",
    kind: "Option",
    option_effect: "Frobnicate the widget.",
  },
];

describe.runIf(HAS_EMIT && HAS_DCB)("digiscript build", () => {
  it(
    "compiles the bundled sets and the corpus; corpus failures are reported, fatal only under --strict-corpus",
    async () => {
      write("b/cards/x/good.dgs", GOOD);
      write("b/corpus.json", JSON.stringify(DCB_SAMPLE));
      const r = await cli(join(dir, "b"), "build", "--cards", "cards", "--out", "dist", "--corpus", "corpus.json");
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^TST\s+1\s/m);
      expect(r.stdout).toMatch(/^DCB \(corpus\)\s+2\s/m);
      expect(r.stdout).toContain("corpus compile rate: 1/2 cards with text = 50.0%");
      expect(r.stdout).toMatch(/^ {2}DCB-002 Gibberish: dist\/corpus\/dcb\.dgs:\d+:\d+ - error /m);
      expect(existsSync(join(dir, "b", "dist", "corpus", "dcb.dgs"))).toBe(true);
      expect(existsSync(join(dir, "b", "dist", "TST", "cards.json"))).toBe(true);
      expect(existsSync(join(dir, "b", "cards", "x", "dcb.dgs"))).toBe(false);

      const strict = await cli(join(dir, "b"), "build", "--cards", "cards", "--out", "dist", "--corpus", "corpus.json", "--strict-corpus", "95");
      expect(strict.code).toBe(1);
      expect(strict.stdout).toContain("build failed: corpus compile rate below 95%");
    },
    T,
  );

  it(
    "exits 1 when a bundled set has errors, 2 for a bad --strict-corpus value",
    async () => {
      write("c/cards/bad.dgs", BAD);
      const r = await cli(join(dir, "c"), "build", "--cards", "cards", "--out", "dist", "--no-corpus");
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(`cards/bad.dgs:${BAD_LINE}:${BAD_COL} - error parse:`);
      expect((await cli(join(dir, "c"), "build", "--strict-corpus", "lots")).code).toBe(2);
    },
    T,
  );
});
